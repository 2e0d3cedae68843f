"""`/api/checkin/*`: tickets (the applicant's own), the door (organizers and volunteers),
walk-ins (organizers). Shapes: docs/api/checkin.md."""

from __future__ import annotations

from django.http import HttpResponse
from django.utils.translation import gettext_lazy as _
from drf_spectacular.utils import OpenApiParameter, OpenApiResponse, extend_schema, extend_schema_field
from rest_framework import serializers
from rest_framework.response import Response

from apps.applications.models import Application
from apps.applications.models import ApplicationStatus as S
from apps.core.api import AdminApiView, ApiView, EmailField, represent
from apps.core.exceptions import ApplicationError
from apps.core.permissions import CanCheckIn
from apps.core.schema import ErrorSerializer, binary_response, error_responses, path_str
from apps.core.text import is_storable
from apps.cycles.questions import TSHIRT_SIZES
from apps.cycles.selectors import current_cycle

from . import checkins, checkpoints, tickets, tokens, walkins
from .checkins import INVALID
from .models import Checkpoint

# --- Shapes -------------------------------------------------------------------------------

# What the door needs of a status. Volunteers see only this (and the reason), never the decision.
DOOR_STATES = ["confirmed", "checked_in", "not_confirmed"]


class EventTimeField(serializers.DateTimeField):
    """A moment written in the event's time zone (EVENT_TIME_ZONE), offset included."""

    def default_timezone(self):
        return checkins.event_zone()


# Always sent; typed optional, as a key added after the door's first shape.
TIME_ZONE_HELP = "The event's time zone (IANA name) the times are written in (always sent)."


class EventSerializer(serializers.Serializer):
    name = serializers.CharField()
    start = serializers.DateField()
    end = serializers.DateField()
    location = serializers.CharField()
    time_zone = serializers.CharField(help_text="The event's time zone (IANA name): the ticket's times are told in it.")


class TicketSerializer(serializers.Serializer):
    token = serializers.CharField(help_text="What the QR code encodes.")
    qr_svg = serializers.CharField(help_text="The QR code as SVG markup.")
    version = serializers.IntegerField()
    issued_at = serializers.DateTimeField()
    ics_url = serializers.CharField()
    event = EventSerializer()
    checked_in_at = EventTimeField(allow_null=True)


class ReissuedSerializer(serializers.Serializer):
    email = serializers.CharField()
    version = serializers.IntegerField()
    issued_at = serializers.DateTimeField()


class PersonSerializer(serializers.Serializer):
    application_id = serializers.IntegerField()
    name = serializers.CharField(allow_blank=True)
    first_name = serializers.CharField(allow_blank=True)
    last_name = serializers.CharField(allow_blank=True)
    email = serializers.CharField()
    school = serializers.CharField(allow_blank=True)
    dietary_restrictions = serializers.CharField(allow_blank=True)
    tshirt_size = serializers.CharField(allow_blank=True)
    # Always sent; typed optional, as a key added after the door's first shape.
    accessibility_needs = serializers.CharField(
        allow_blank=True, required=False, help_text="From the RSVP form (always sent)."
    )
    status = serializers.ChoiceField(
        choices=S.choices, allow_null=True, help_text="The application's status: organizers only (null for volunteers)."
    )
    door = serializers.ChoiceField(choices=DOOR_STATES, help_text="Whether to let them in.")
    reason = serializers.CharField(
        allow_null=True,
        help_text="What to tell them when they can't be checked in (null when confirmed and not yet in).",
    )
    checked_in_at = EventTimeField(allow_null=True)
    checked_in_by = serializers.CharField(allow_null=True)
    time_zone = serializers.CharField(required=False, help_text=TIME_ZONE_HELP)


class CheckInResultSerializer(serializers.Serializer):
    result = serializers.ChoiceField(choices=["checked_in"])
    person = PersonSerializer()


class WalkInResultSerializer(CheckInResultSerializer):
    welcome_sent = serializers.BooleanField(
        help_text="Whether a welcome mail with a link to choose a password was sent (an account without one)."
    )


class SearchResultSerializer(serializers.Serializer):
    application_id = serializers.IntegerField()
    name = serializers.CharField(allow_blank=True)
    first_name = serializers.CharField(allow_blank=True)
    last_name = serializers.CharField(allow_blank=True)
    email = serializers.CharField()
    school = serializers.CharField(allow_blank=True)
    status = serializers.ChoiceField(
        choices=S.choices, allow_null=True, help_text="The application's status: organizers only (null for volunteers)."
    )
    door = serializers.ChoiceField(choices=DOOR_STATES, help_text="Whether to let them in.")
    reason = serializers.CharField(allow_null=True, help_text="Why not, in the words to use at the door.")
    checked_in_at = EventTimeField(allow_null=True)
    time_zone = serializers.CharField(required=False, help_text=TIME_ZONE_HELP)


class SearchOutputSerializer(serializers.Serializer):
    results = SearchResultSerializer(many=True)


class StatsOutputSerializer(serializers.Serializer):
    confirmed = serializers.IntegerField(help_text="Everyone expected: confirmed or checked in.")
    checked_in = serializers.IntegerField()
    time_zone = serializers.CharField(required=False, help_text=TIME_ZONE_HELP)


class ScanInputSerializer(serializers.Serializer):
    # Longer than any token, so an overlong one gets the same refusal as any other non-ticket.
    token = serializers.CharField(max_length=2000, trim_whitespace=True)
    scan_id = serializers.UUIDField(help_text="Made by the client once per scan, kept across its retries.")
    device = serializers.CharField(max_length=64, required=False, allow_blank=True, default="")


class CheckInInputSerializer(serializers.Serializer):
    application_id = serializers.IntegerField(min_value=1, max_value=2**63 - 1)
    scan_id = serializers.UUIDField()
    device = serializers.CharField(max_length=64, required=False, allow_blank=True, default="")


@extend_schema_field({"type": "boolean", "enum": [True]})
class AcceptedField(serializers.BooleanField):
    """A box that must be ticked: a walk-in is registered only once they accepted the code of
    conduct, so `false` (or no value) is refused here, with the field named, as the schema's
    `enum: [true]` says."""

    def __init__(self, **kwargs):
        kwargs.setdefault("error_messages", {"required": walkins.CONDUCT_REQUIRED})
        super().__init__(required=True, **kwargs)

    def to_internal_value(self, data):
        if super().to_internal_value(data) is not True:
            raise serializers.ValidationError(walkins.CONDUCT_REQUIRED)
        return True


class WalkInInputSerializer(serializers.Serializer):
    email = EmailField()
    first_name = serializers.CharField(max_length=100)
    last_name = serializers.CharField(max_length=100)
    school = serializers.CharField(max_length=255)
    dietary_restrictions = serializers.CharField(max_length=500, required=False, allow_blank=True, default="")
    tshirt_size = serializers.ChoiceField(choices=["", *TSHIRT_SIZES], required=False, default="")
    code_of_conduct = AcceptedField(help_text="They accepted the code of conduct at the desk: must be true.")


# The refusals are the one error shape plus two keys (docs/api/checkin.md): `result` (one of
# REFUSALS) and, when the person is known, `person` (a Person). The schema keeps its one error
# component; the keys are named in the descriptions.
REFUSALS = ("already_checked_in", "not_confirmed", "replaced", "other_event", "invalid")
CONFLICT = OpenApiResponse(
    ErrorSerializer,
    description="Refused. Also `result`: already_checked_in | not_confirmed | replaced | other_event, and "
    "`person` (a Person: who, when and by whom checked in).",
)
BAD_TICKET = OpenApiResponse(
    ErrorSerializer,
    description="Invalid input; a token that isn't a ticket also has `result`: invalid.",
)
STAFF = error_responses(403)
CHECK_IN_RESPONSES = {200: CheckInResultSerializer, 400: BAD_TICKET, 409: CONFLICT, **STAFF}


def _check_in_payload(result: dict) -> dict:
    return represent(CheckInResultSerializer, result)


# --- The applicant's ticket -----------------------------------------------------------------


@extend_schema(
    summary="Your event ticket (QR code, calendar link)", responses={200: TicketSerializer, **error_responses(404)}
)
class TicketApi(ApiView):
    def get(self, request):
        ticket, application = tickets.live_ticket_of(request.user)
        body = tickets.payload(ticket, current_cycle(), tickets.checked_in_at(application))
        return Response(TicketSerializer(body).data)


@extend_schema(
    summary="Your event as a calendar file (.ics)",
    responses={**binary_response("text/calendar", "<event>.ics"), **error_responses(404)},
)
class TicketIcsApi(ApiView):
    def get(self, request):
        _ticket, application = tickets.live_ticket_of(request.user)
        response = HttpResponse(tickets.ics(application, current_cycle()), content_type="text/calendar; charset=utf-8")
        response["Content-Disposition"] = f'attachment; filename="{tickets.ics_filename()}"'
        response["Cache-Control"] = "no-store"
        return response


@extend_schema(
    summary="Re-issue your ticket: the old one stops working, the new one is mailed",
    request=None,
    responses={201: TicketSerializer, **error_responses(404, 409)},
)
class TicketReissueApi(ApiView):
    def post(self, request):
        application = tickets.own_application(request.user)
        if application is None:
            raise ApplicationError(tickets.NO_TICKET, status=404)
        ticket = tickets.reissue(application_id=application.pk, by_applicant=True)
        body = tickets.payload(ticket, current_cycle(), None)
        return Response(TicketSerializer(body).data, status=201)


class OrganizerTicketReissueApi(AdminApiView):
    @extend_schema(
        summary="Re-issue an applicant's ticket (organizers)",
        operation_id="checkin_ticket_reissue_for_applicant",
        request=None,
        parameters=[path_str("email", "The applicant's email")],
        responses={201: ReissuedSerializer, **error_responses(404, 409)},
    )
    def post(self, request, email: str):
        email = email.strip().lower()
        # An address no column can hold (a NUL) names nobody.
        application = (
            Application.objects.filter(cycle=current_cycle(), email=email).first() if is_storable(email) else None
        )
        if application is None:
            raise ApplicationError(tickets.NO_APPLICATION, status=404)
        ticket = tickets.reissue(application_id=application.pk, by_applicant=False)
        return Response(
            ReissuedSerializer(
                {"email": application.email, "version": ticket.version, "issued_at": ticket.issued_at}
            ).data,
            status=201,
        )


# --- The door -------------------------------------------------------------------------------


class CheckInStaffView(ApiView):
    permission_classes = [CanCheckIn]


@extend_schema(
    summary="Check in the holder of a scanned ticket", request=ScanInputSerializer, responses=CHECK_IN_RESPONSES
)
class ScanApi(CheckInStaffView):
    def post(self, request):
        if isinstance(request.data, dict) and "token" in request.data:
            value = request.data["token"]
            # Whatever is wrong with a token (not text, empty, far too long), the door hears
            # one thing: it isn't a ticket.
            if not isinstance(value, str) or not value.strip() or len(value) > tokens.MAX_TOKEN_LENGTH:
                raise checkins.refuse(INVALID, "invalid", status=400, errors={"token": [INVALID]})
        data = self.validate(ScanInputSerializer, request.data)
        result = checkins.scan(token=data["token"], scan_id=data["scan_id"], user=request.user, device=data["device"])
        return Response(_check_in_payload(result))


@extend_schema(
    summary="Check in a person found by the search",
    request=CheckInInputSerializer,
    responses={**CHECK_IN_RESPONSES, **error_responses(404)},
)
class CheckInApi(CheckInStaffView):
    def post(self, request):
        data = self.validate(CheckInInputSerializer, request.data)
        result = checkins.check_in_application(
            application_id=data["application_id"], scan_id=data["scan_id"], user=request.user, device=data["device"]
        )
        return Response(_check_in_payload(result))


TOO_SHORT = _("Type at least 2 characters.")
TOO_LONG = _("Type at most 100 characters.")


@extend_schema(
    summary="Find people by name or email (at most 20)",
    parameters=[
        OpenApiParameter(
            "q",
            # At least two characters that are not spaces (runs of spaces count as one), no NUL.
            {"type": "string", "maxLength": 100, "pattern": r"^[^\u0000]*[^\s\u0000]\s*[^\s\u0000][^\u0000]*$"},
            required=True,
            description="2 to 100 characters of a name or email",
        )
    ],
    responses={200: SearchOutputSerializer, **error_responses(400), **STAFF},
)
class SearchApi(CheckInStaffView):
    def get(self, request):
        q = " ".join(str(request.query_params.get("q", "")).split())
        if len(q) < 2:
            raise ApplicationError(TOO_SHORT, errors={"q": [TOO_SHORT]})
        if len(q) > 100 or "\x00" in q:
            raise ApplicationError(TOO_LONG, errors={"q": [TOO_LONG]})
        return Response(SearchOutputSerializer({"results": checkins.search(q, user=request.user)}).data)


@extend_schema(summary="How many are expected and how many are in", responses={200: StatsOutputSerializer, **STAFF})
class StatsApi(CheckInStaffView):
    def get(self, request):
        return Response(StatsOutputSerializer(checkins.stats()).data)


@extend_schema(
    summary="Register a walk-in: account, application and check-in in one step (organizers)",
    request=WalkInInputSerializer,
    responses={201: WalkInResultSerializer, **error_responses(409)},
)
class WalkInApi(AdminApiView):
    def post(self, request):
        data = self.validate(WalkInInputSerializer, request.data)
        result = walkins.register(actor=request.user, **data)
        return Response(represent(WalkInResultSerializer, result), status=201)


# --- Checkpoints ------------------------------------------------------------------------------

CHECKPOINT_ID = OpenApiParameter(
    "checkpoint_id", {"type": "integer", "minimum": 1, "maximum": 999_999_999_999_999_999}, OpenApiParameter.PATH
)


class CheckpointSerializer(serializers.Serializer):
    id = serializers.IntegerField()
    name = serializers.CharField()
    kind = serializers.ChoiceField(choices=Checkpoint.Kind.choices)
    passed = serializers.IntegerField(help_text="How many people have been scanned here.")


class CheckpointListSerializer(serializers.Serializer):
    checkpoints = CheckpointSerializer(many=True)


class CheckpointInputSerializer(serializers.Serializer):
    name = serializers.CharField(max_length=100)
    kind = serializers.ChoiceField(choices=Checkpoint.Kind.choices)


class CheckpointPatchSerializer(serializers.Serializer):
    name = serializers.CharField(max_length=100, required=False)
    kind = serializers.ChoiceField(choices=Checkpoint.Kind.choices, required=False)


class CheckpointSummarySerializer(serializers.Serializer):
    id = serializers.IntegerField()
    name = serializers.CharField()
    kind = serializers.ChoiceField(choices=Checkpoint.Kind.choices)


class CheckpointScanInputSerializer(serializers.Serializer):
    token = serializers.CharField(max_length=2000, trim_whitespace=True)
    scan_id = serializers.UUIDField(help_text="Made by the client once per scan, kept across its retries.")
    device = serializers.CharField(max_length=64, required=False, allow_blank=True, default="")


class CheckpointPassInputSerializer(serializers.Serializer):
    application_id = serializers.IntegerField(min_value=1, max_value=2**63 - 1)
    scan_id = serializers.UUIDField(help_text="Made by the client once per scan, kept across its retries.")
    device = serializers.CharField(max_length=64, required=False, allow_blank=True, default="")


class CheckpointPassSerializer(serializers.Serializer):
    result = serializers.ChoiceField(choices=["passed"])
    checkpoint = CheckpointSummarySerializer()
    person = PersonSerializer()
    at = EventTimeField()


CHECKPOINT_REFUSED = OpenApiResponse(
    ErrorSerializer,
    description="Refused. Also `result`: already_passed | not_checked_in | other_event, `person` (a Person) and "
    "`checkpoint` (its id, name and kind); the message says when for already_passed.",
)


class CheckpointListApi(CheckInStaffView):
    # Everyone at the door reads the checkpoints; only organizers define them.
    admin_methods = ("POST",)

    @extend_schema(
        summary="The event's checkpoints, with how many passed each", responses={200: CheckpointListSerializer, **STAFF}
    )
    def get(self, request):
        return Response(CheckpointListSerializer({"checkpoints": checkpoints.checkpoints()}).data)

    @extend_schema(
        summary="Add a checkpoint (organizers)",
        request=CheckpointInputSerializer,
        responses={201: CheckpointSerializer, **error_responses(403, 409)},
    )
    def post(self, request):
        data = self.validate(CheckpointInputSerializer, request.data)
        made = checkpoints.create(name=data["name"], kind=data["kind"])
        return Response(
            CheckpointSerializer({"id": made.pk, "name": made.name, "kind": made.kind, "passed": 0}).data, status=201
        )


class CheckpointApi(AdminApiView):
    @extend_schema(
        summary="Rename a checkpoint or change its kind (organizers)",
        parameters=[CHECKPOINT_ID],
        request=CheckpointPatchSerializer,
        responses={200: CheckpointSummarySerializer, **error_responses(404, 409)},
    )
    def patch(self, request, checkpoint_id: int):
        data = self.validate(CheckpointPatchSerializer, request.data)
        changed = checkpoints.update(checkpoint_id=checkpoint_id, **data)
        return Response(
            CheckpointSummarySerializer({"id": changed.pk, "name": changed.name, "kind": changed.kind}).data
        )

    @extend_schema(
        summary="Delete a checkpoint nobody has been scanned at (organizers)",
        parameters=[CHECKPOINT_ID],
        responses={204: None, **error_responses(404, 409)},
    )
    def delete(self, request, checkpoint_id: int):
        checkpoints.delete(checkpoint_id=checkpoint_id)
        return Response(status=204)


CHECKPOINT_RESPONSES = {
    200: CheckpointPassSerializer,
    400: BAD_TICKET,
    409: CHECKPOINT_REFUSED,
    **error_responses(404),
    **STAFF,
}


@extend_schema(
    summary="Scan a ticket at a checkpoint (a meal, the swag table): once per person",
    parameters=[CHECKPOINT_ID],
    request=CheckpointScanInputSerializer,
    responses=CHECKPOINT_RESPONSES,
)
class CheckpointScanApi(CheckInStaffView):
    def post(self, request, checkpoint_id: int):
        if isinstance(request.data, dict) and "token" in request.data:
            value = request.data["token"]
            if not isinstance(value, str) or not value.strip() or len(value) > tokens.MAX_TOKEN_LENGTH:
                raise checkins.refuse(INVALID, "invalid", status=400, errors={"token": [INVALID]})
        data = self.validate(CheckpointScanInputSerializer, request.data)
        result = checkpoints.scan(
            checkpoint_id=checkpoint_id,
            scan_id=data["scan_id"],
            user=request.user,
            token=data["token"],
            device=data["device"],
        )
        return Response(CheckpointPassSerializer(result).data)


@extend_schema(
    summary="Record at a checkpoint a person found by the search: once per person",
    parameters=[CHECKPOINT_ID],
    request=CheckpointPassInputSerializer,
    responses=CHECKPOINT_RESPONSES,
)
class CheckpointPassApi(CheckInStaffView):
    def post(self, request, checkpoint_id: int):
        data = self.validate(CheckpointPassInputSerializer, request.data)
        result = checkpoints.scan(
            checkpoint_id=checkpoint_id,
            scan_id=data["scan_id"],
            user=request.user,
            application_id=data["application_id"],
            device=data["device"],
        )
        return Response(CheckpointPassSerializer(result).data)
