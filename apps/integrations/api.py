"""`/api/integrations/*`: the organizers' webhook endpoints and their deliveries."""

from __future__ import annotations

from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiParameter, extend_schema, extend_schema_view
from rest_framework import serializers, status
from rest_framework.response import Response

from apps.core.api import AdminApiView, ApiView
from apps.core.schema import error_responses
from apps.mailings.outbox import State

from . import calendar, notices, services
from .models import ChatChannel, Event


class EndpointInputSerializer(serializers.Serializer):
    url = serializers.CharField(max_length=2000, help_text="Where to POST; https in production, public addresses only.")
    events = serializers.ListField(
        child=serializers.ChoiceField(choices=Event.choices), max_length=len(Event.values), allow_empty=False
    )
    secret = serializers.CharField(
        max_length=200,
        required=False,
        allow_blank=True,
        default="",
        help_text="The signing secret; empty: one is made and shown once.",
    )
    description = serializers.CharField(max_length=200, required=False, allow_blank=True, default="")
    include_email = serializers.BooleanField(required=False, default=False)


class EndpointOutputSerializer(serializers.Serializer):
    id = serializers.IntegerField()
    url = serializers.CharField()
    description = serializers.CharField()
    events = serializers.ListField(child=serializers.ChoiceField(choices=Event.choices))
    include_email = serializers.BooleanField()
    created_at = serializers.DateTimeField()
    secret_hint = serializers.CharField(help_text="The secret's last four characters.")
    pending = serializers.IntegerField()
    sent = serializers.IntegerField()
    failed = serializers.IntegerField()


class EndpointCreatedSerializer(EndpointOutputSerializer):
    secret = serializers.CharField(help_text="The signing secret, shown this once.")


class DeliveryOutputSerializer(serializers.Serializer):
    id = serializers.IntegerField()
    webhook_id = serializers.CharField(help_text="The webhook-id header: the same on every attempt.")
    event = serializers.ChoiceField(choices=Event.choices)
    application_id = serializers.IntegerField(allow_null=True)
    state = serializers.ChoiceField(choices=State.choices)
    attempts = serializers.IntegerField()
    last_error = serializers.CharField()
    response_status = serializers.IntegerField(allow_null=True)
    created_at = serializers.DateTimeField()
    sent_at = serializers.DateTimeField(allow_null=True)
    next_attempt_at = serializers.DateTimeField(allow_null=True)


class DeliveryQuerySerializer(serializers.Serializer):
    state = serializers.ChoiceField(choices=State.choices, required=False)


@extend_schema_view(
    get=extend_schema(
        summary="The webhook endpoints, each with its deliveries' counts",
        responses={200: EndpointOutputSerializer(many=True)},
    ),
    post=extend_schema(
        summary="Register a webhook endpoint (the URL is checked: public, reachable, https in production)",
        request=EndpointInputSerializer,
        responses={201: EndpointCreatedSerializer, **error_responses(400)},
    ),
)
class EndpointsApi(AdminApiView):
    """The endpoints an organizer registered; the URL passes the address guard first."""

    def get(self, request):
        return Response(services.endpoints_list())

    def post(self, request):
        data = self.validate(EndpointInputSerializer, request.data)
        endpoint = services.endpoint_create(**data)
        return Response(services.endpoint_payload(endpoint, secret=True), status=status.HTTP_201_CREATED)


@extend_schema(summary="Remove a webhook endpoint and its deliveries", responses={204: None, **error_responses(404)})
class EndpointApi(AdminApiView):
    """One endpoint: removing it removes its deliveries too."""

    def delete(self, request, endpoint_id: int):
        services.endpoint_delete(endpoint_id=endpoint_id)
        return Response(status=status.HTTP_204_NO_CONTENT)


@extend_schema(
    summary="An endpoint's latest deliveries (100), newest first",
    parameters=[OpenApiParameter("state", OpenApiTypes.STR, enum=State.values, description="Only this state")],
    responses={200: DeliveryOutputSerializer(many=True), **error_responses(400, 404)},
)
class DeliveriesApi(AdminApiView):
    """What went to one endpoint, the failed ones with their last error."""

    def get(self, request, endpoint_id: int):
        params = self.validate(DeliveryQuerySerializer, request.query_params.dict(), from_text=True)
        return Response(services.deliveries_list(endpoint_id=endpoint_id, state=params.get("state")))


@extend_schema(
    summary="Send a failed delivery again (same webhook-id, attempts afresh)",
    request=None,
    responses={200: DeliveryOutputSerializer, **error_responses(404, 409)},
)
class ResendApi(AdminApiView):
    """A failed delivery, pending again: the receiver sees the same webhook-id."""

    def post(self, request, delivery_id: int):
        return Response(services.delivery_payload(services.resend(delivery_id=delivery_id)))


class CalendarFeedSerializer(serializers.Serializer):
    url = serializers.CharField(help_text="Subscribe to it in a calendar app; keep it private.")


@extend_schema_view(
    get=extend_schema(
        summary="Your private calendar feed's address (a confirmed applicant with a ticket)",
        responses={200: CalendarFeedSerializer, **error_responses(404)},
    ),
    post=extend_schema(
        summary="A new calendar feed address (the old one stops working)",
        request=None,
        responses={200: CalendarFeedSerializer, **error_responses(404)},
    ),
)
class CalendarFeedApi(ApiView):
    """The applicant's own feed: the address is made on first ask."""

    def get(self, request):
        return Response({"url": calendar.feed_for(request.user)})

    def post(self, request):
        return Response({"url": calendar.feed_for(request.user, renew=True)})


class ChannelInputSerializer(serializers.Serializer):
    kind = serializers.ChoiceField(choices=ChatChannel.Kind.choices)
    url = serializers.CharField(max_length=2000, help_text="The channel's incoming-webhook URL.")
    events = serializers.ListField(
        child=serializers.ChoiceField(choices=Event.choices), max_length=len(Event.values), allow_empty=False
    )
    include_names = serializers.BooleanField(required=False, default=False)


class ChannelOutputSerializer(serializers.Serializer):
    id = serializers.IntegerField()
    kind = serializers.ChoiceField(choices=ChatChannel.Kind.choices)
    url = serializers.CharField()
    events = serializers.ListField(child=serializers.ChoiceField(choices=Event.choices))
    include_names = serializers.BooleanField()
    last_sent_at = serializers.DateTimeField(allow_null=True)
    last_error = serializers.CharField()


@extend_schema_view(
    get=extend_schema(summary="The Slack and Discord channels", responses={200: ChannelOutputSerializer(many=True)}),
    post=extend_schema(
        summary="Add a Slack or Discord channel (its incoming-webhook URL is checked like a webhook's)",
        request=ChannelInputSerializer,
        responses={201: ChannelOutputSerializer, **error_responses(400)},
    ),
)
class ChannelsApi(AdminApiView):
    """Channels that get a line of counts at most once a minute."""

    def get(self, request):
        return Response([notices.channel_payload(c) for c in ChatChannel.objects.order_by("pk")])

    def post(self, request):
        data = self.validate(ChannelInputSerializer, request.data)
        channel = notices.channel_create(**data)
        return Response(notices.channel_payload(channel), status=status.HTTP_201_CREATED)


@extend_schema(summary="Remove a Slack or Discord channel", responses={204: None, **error_responses(404)})
class ChannelApi(AdminApiView):
    """One channel: removing it stops its notices."""

    def delete(self, request, channel_id: int):
        notices.channel_delete(channel_id=channel_id)
        return Response(status=status.HTTP_204_NO_CONTENT)
