"""`/api/applications/cycle/config` and the release's previews: the configuration save may
release the decisions or withdraw them, which this app owns (cycle_release.py). The cycle's
own shapes (its dates, its configuration as read) are cycles'."""

from __future__ import annotations

from drf_spectacular.utils import extend_schema, extend_schema_view
from rest_framework import serializers
from rest_framework.response import Response

from apps.core.api import AdminApiView, ApiView
from apps.core.schema import error_responses
from apps.cycles import selectors
from apps.cycles.api import ConfigOutputSerializer, DatesSerializer
from apps.cycles.models import CycleStatus
from apps.cycles.services import UNCHANGED, cycle_set_offer_settings

from . import cycle_release
from .release import release_progress


class ConfigSerializer(serializers.Serializer):
    dates = DatesSerializer(
        help_text=(
            "Must be in order: due ≤ start ≤ end; confirmation_first_deadline ≤ "
            "confirmation_second_deadline ≤ end; waitlist_deadline ≤ end. Out of order is a 400 "
            "whose `errors` name each field as `dates.<name>` (e.g. `dates.end`)."
        )
    )
    status = serializers.ChoiceField(choices=CycleStatus.choices)
    location = serializers.CharField(max_length=255)
    housing_link = serializers.URLField(max_length=500)
    # Beyond the contract's fields, so optional: a client that leaves it out keeps the date.
    retention_date = serializers.DateField(
        input_formats=["%Y-%m-%d"],
        allow_null=True,
        required=False,
        help_text="After this day the cycle's personal data is purged (null: kept until an organizer decides).",
    )
    # Optional (no default, so the generated TS type keeps them optional): needed only by a
    # save that releases decision emails, or one that withdraws released decisions.
    confirm_emails = serializers.IntegerField(
        required=False,
        min_value=0,
        help_text="When the save releases decision emails: how many the organizer confirmed (GET release-preview).",
    )
    confirm_unrelease = serializers.IntegerField(
        required=False,
        min_value=0,
        help_text=(
            "When the save moves a released cycle back before release: how many applicants' decisions "
            "the organizer confirmed would be hidden (GET unrelease-preview `total`)."
        ),
    )


class ConfigSavedOutputSerializer(ConfigOutputSerializer):
    message = serializers.CharField()


class ReleaseCountSerializer(serializers.Serializer):
    status = serializers.CharField()
    label = serializers.CharField()
    count = serializers.IntegerField()


class ReleasePreviewSerializer(serializers.Serializer):
    total = serializers.IntegerField()
    counts = ReleaseCountSerializer(many=True)


class ProgressSerializer(serializers.Serializer):
    total = serializers.IntegerField(help_text="Emails recorded")
    sent = serializers.IntegerField()
    failed = serializers.IntegerField(help_text="Given up on after every attempt")
    pending = serializers.IntegerField(help_text="Still to send: waiting, retrying or being sent")


class UnreleasePreviewSerializer(serializers.Serializer):
    total = serializers.IntegerField(help_text="Applicants whose decision disappears from their dashboard.")
    counts = ReleaseCountSerializer(many=True)
    answered = serializers.IntegerField(
        help_text="Applicants who already confirmed, joined the waitlist, declined or checked in: "
        "more than 0 and the release can't be undone."
    )


@extend_schema_view(
    get=extend_schema(summary="The current cycle's configuration", responses={200: ConfigOutputSerializer}),
    post=extend_schema(
        summary="Replace the current cycle's configuration (every field required)",
        description=(
            "The dates must be in order (400 naming each field as `dates.<name>`). A save with "
            "status `released` while decision emails are still to send must carry `confirm_emails`, "
            "the total of GET release-preview; otherwise (or if the count has changed) nothing is "
            "saved and the answer is 409, its message stating the counts. Moving a released cycle "
            "back to not_open, open or closed is a 409 once any applicant answered an offer or "
            "checked in (`errors.status`); before that it must carry `confirm_unrelease`, the total "
            "of GET unrelease-preview (409 with `errors.confirm_unrelease` otherwise)."
        ),
        request=ConfigSerializer,
        responses={200: ConfigSavedOutputSerializer, **error_responses(400, 409)},
    ),
)
class CycleConfigApi(ApiView):
    admin_methods = ("POST",)

    def get(self, request):
        return Response(selectors.cycle_config(selectors.current_cycle()))

    def post(self, request):
        data = self.validate(ConfigSerializer, request.data)
        cycle = cycle_release.save_config(
            cycle=selectors.current_cycle(),
            dates=data["dates"],
            status=data["status"],
            location=data["location"],
            housing_link=data["housing_link"],
            actor=request.user,
            confirm_emails=data.get("confirm_emails"),
            confirm_unrelease=data.get("confirm_unrelease"),
            retention_date=data.get("retention_date", UNCHANGED),
        )
        return Response({"message": "Configuration updated successfully", **selectors.cycle_config(cycle)})


@extend_schema(
    summary="What releasing the current cycle now would email, per decision",
    responses={200: ReleasePreviewSerializer},
)
class CycleReleasePreviewApi(AdminApiView):
    """GET `cycle/release-preview`: the counts the release confirmation shows (and the total
    that POST config's `confirm_emails` must repeat)."""

    def get(self, request):
        return Response(cycle_release.release_preview(selectors.current_cycle()))


@extend_schema(
    summary="What moving the current cycle back before release would hide, per decision",
    responses={200: UnreleasePreviewSerializer},
)
class CycleUnreleasePreviewApi(AdminApiView):
    """GET `cycle/unrelease-preview`: the counts the undoing's confirmation shows (and the
    total that POST config's `confirm_unrelease` must repeat)."""

    def get(self, request):
        return Response(cycle_release.unrelease_preview(selectors.current_cycle()))


@extend_schema(
    summary="How far the current cycle's decision emails have gone (N of M sent)",
    responses={200: ProgressSerializer},
)
class CycleReleaseProgressApi(AdminApiView):
    """GET `cycle/release-progress`: the release's emails by outbox state, for the page to poll
    while some are pending."""

    def get(self, request):
        return Response(release_progress(cycle_id=selectors.current_cycle().pk))


class OfferSettingsSerializer(serializers.Serializer):
    offer_days = serializers.IntegerField(
        min_value=1,
        max_value=365,
        allow_null=True,
        help_text=(
            "Days an offer stays open after it is made, unless the cycle's confirmation deadline "
            "comes first (null: the deadline alone)."
        ),
    )


@extend_schema_view(
    get=extend_schema(summary="How long an offer stays open", responses={200: OfferSettingsSerializer}),
    post=extend_schema(
        summary="Set how long an offer stays open",
        request=OfferSettingsSerializer,
        responses={200: OfferSettingsSerializer, **error_responses(400)},
    ),
)
class OfferSettingsApi(AdminApiView):
    """GET / POST `cycle/offer-settings`: the offers' own time to answer (apps.decisions.offers)."""

    def get(self, request):
        return Response({"offer_days": selectors.current_cycle().offer_days})

    def post(self, request):
        data = self.validate(OfferSettingsSerializer, request.data)
        cycle = cycle_set_offer_settings(cycle=selectors.current_cycle(), offer_days=data["offer_days"])
        return Response({"offer_days": cycle.offer_days})
