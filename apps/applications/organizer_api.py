"""The organizers' application calls under `/api/applications/`: one applicant (read, edit,
history) and teammates. Thin views over `organizer.py` (the table is in table_api.py). The
addresses field and the result of a batch (EmailsInputField, BatchResultSerializer) serve
apps.decisions' batch decision and the review assignments."""

from __future__ import annotations

from django.utils.translation import gettext_lazy as _
from drf_spectacular.utils import (
    OpenApiResponse,
    extend_schema,
    extend_schema_field,
    extend_schema_view,
)
from rest_framework import serializers
from rest_framework.response import Response

from apps.core.api import AdminApiView
from apps.core.schema import STRING_LIST, error_responses, path_email, path_str

from . import organizer
from .api import ApplicationInputSerializer, ApplicationOutputSerializer


@extend_schema_field(
    {"oneOf": [{"type": "string", "maxLength": 2_000_000}, {"type": "array", "items": {"type": "string"}}]}
)
class EmailsInputField(serializers.Field):
    """Free text, or a list of addresses (each a string)."""

    default_error_messages = {
        "invalid": "Paste the addresses as text or send a list of strings.",
        "too_long": "At most {max} characters of text.",
    }
    MAX_TEXT = 2_000_000

    def to_internal_value(self, data):
        if isinstance(data, str):
            if len(data) > self.MAX_TEXT:
                self.fail("too_long", max=self.MAX_TEXT)
            return data
        if isinstance(data, list) and len(data) <= organizer.MAX_BATCH and all(isinstance(i, str) for i in data):
            return data
        self.fail("invalid")

    def to_representation(self, value):
        return value


@extend_schema_field(
    {
        "oneOf": [
            {"type": "object", "additionalProperties": True},
            {"type": "string", "maxLength": 4096},
        ]
    }
)
class TableFiltersField(serializers.JSONField):
    """The applications table's filters (an object, or its query string): "all N matching"."""

    default_error_messages = {"invalid": "Send the table's filters: an object, or its query string."}

    def to_internal_value(self, data):
        if isinstance(data, str) and len(data) > 4096:
            self.fail("invalid")
        if not isinstance(data, dict | str):
            self.fail("invalid")
        return data


class BatchTargetSerializer(serializers.Serializer):
    """Who a batch acts on: the addresses sent (the rows picked), or every application the
    table's filters match ("Select all N matching", beyond the page on screen). Exactly one."""

    emails = EmailsInputField(required=False)
    filters = TableFiltersField(
        required=False,
        help_text="Instead of `emails`: every application of the current cycle these table filters match.",
    )

    def validate(self, attrs):
        if ("emails" in attrs) == ("filters" in attrs):
            message = _("Send the addresses, or the table's filters: one of the two.")
            raise serializers.ValidationError({"emails": [message]})
        return attrs


def batch_emails(data: dict):
    """The addresses a batch acts on: the ones sent, or every row the filters match now (read
    at the time of the action, so a row that changed since the count is judged as it is)."""
    if "filters" in data:
        from .receivers import filter_audience

        return filter_audience(data["filters"])()
    return data["emails"]


class HistoryEventSerializer(serializers.Serializer):
    at = serializers.DateTimeField()
    actor = serializers.CharField(allow_null=True)
    by = serializers.CharField(
        allow_null=True,
        required=False,
        help_text="Who decided when no person did: 'By the waitlist', 'By the deadline'",
    )
    field = serializers.CharField()
    label = serializers.CharField(help_text="The field in words: an answer's question text")
    # "from" is a Python keyword: the field is renamed in the schema and, later, in rendering.
    from_ = serializers.CharField(allow_blank=True, allow_null=True)
    to = serializers.CharField(allow_blank=True, allow_null=True)

    def get_fields(self):
        fields = super().get_fields()
        fields["from"] = fields.pop("from_")
        return fields


class BatchFailureSerializer(serializers.Serializer):
    email = serializers.CharField()
    reason = serializers.CharField(help_text="Why, in the reader's language.")
    # Optional: only a batch decision's skipped applicants carry one.
    code = serializers.CharField(
        required=False,
        help_text='What a client compares, never `reason`: "already confirmed", "already declined"…',
    )


class BatchResultSerializer(serializers.Serializer):
    approved = serializers.ListField(child=serializers.CharField())
    failed = BatchFailureSerializer(many=True)


@extend_schema_view(
    get=extend_schema(
        summary="One applicant's application",
        parameters=[path_email()],
        responses={200: ApplicationOutputSerializer, **error_responses(404)},
    ),
    put=extend_schema(
        summary="Edit an applicant's application (recorded in its history)",
        parameters=[path_email()],
        request=ApplicationInputSerializer,
        responses={200: ApplicationOutputSerializer, **error_responses(404, 409)},
    ),
)
class ApplicationDetailApi(AdminApiView):
    """GET / PUT `{email}`: one applicant's full application, and an organizer's edit of it."""

    def get(self, request, email: str):
        application = organizer.get_application(email=email)
        return Response(organizer.application_detail(application))

    def put(self, request, email: str):
        data = request.data if isinstance(request.data, dict) else None
        if data is None:
            return Response({"message": _("Expected a JSON object.")}, status=400)
        application = organizer.application_edit(email=email, actor=request.user, data=data)
        return Response(organizer.application_detail(application))


@extend_schema(
    summary="Every decision and edit of an application, newest first",
    parameters=[path_email()],
    responses={200: HistoryEventSerializer(many=True), **error_responses(404)},
)
class ApplicationHistoryApi(AdminApiView):
    """GET `{email}/history`: every decision and edit, newest first."""

    def get(self, request, email: str):
        application = organizer.get_application(email=email)
        return Response(organizer.application_history(application))


@extend_schema(
    summary="The emails on a team this cycle",
    parameters=[path_str("teamcode")],
    responses={200: OpenApiResponse(STRING_LIST), **error_responses(404)},
)
class TeammatesApi(AdminApiView):
    """GET `teammates/{teamcode}`: the addresses on that team this cycle."""

    def get(self, request, teamcode: str):
        return Response(organizer.teammates(teamcode=teamcode))
