"""`/api/applications/*`, the applicant's calls: schools, countries, own application (submit,
save, status) and team codes. Thin views over services and selectors. (The question set they
answer is served by apps/cycles/api.py.)"""

from __future__ import annotations

from allauth.core import ratelimit
from django.http import HttpResponse
from django.utils.cache import get_conditional_response, patch_cache_control, patch_vary_headers
from django.utils.translation import gettext_lazy as _
from drf_spectacular.utils import OpenApiResponse, extend_schema, extend_schema_field, extend_schema_view
from rest_framework import serializers
from rest_framework.response import Response

from apps.core.api import ApiView, PublicApiView
from apps.core.exceptions import ApplicationError
from apps.core.schema import STRING_LIST, error_responses
from apps.cycles.selectors import current_cycle, current_cycle_and_question_set

from . import selectors, services, validation
from .models import ApplicationStatus, TeamChoice

# --- Shapes (the schema's, and the rendering's once views move to output serializers) -----


class AnswerSerializer(serializers.Serializer):
    question_id = serializers.CharField()
    answer = serializers.CharField(allow_blank=True)
    detail = serializers.CharField(
        required=False, help_text='The applicant\'s words for an "Other" or "Prefer to self-describe" choice'
    )


class AnswerSectionSerializer(serializers.Serializer):
    section_name = serializers.CharField()
    answers = AnswerSerializer(many=True)


# The request side of the same shapes, as validation.parse_application reads them: answers are
# matched by question_id (one not in the set is ignored), an answer may be sent as text, a
# number, true/false or a list of texts (validation encodes it), and section_name is not read.
@extend_schema_field(
    {
        "nullable": True,
        "oneOf": [
            {"type": "string"},
            {"type": "number"},
            {"type": "boolean"},
            {"type": "array", "items": {"type": "string"}},
        ],
    }
)
class AnswerValueField(serializers.Field):
    pass


@extend_schema_field(
    {
        "nullable": True,
        "description": "6 to 8 digits (spaces around are trimmed; empty: no team), or the same as a number",
        "oneOf": [
            {"type": "string", "pattern": r"^\s*([0-9]{6,8})?\s*$"},
            {"type": "integer", "minimum": 100_000, "maximum": 99_999_999},
        ],
    }
)
class TeamCodeInputField(serializers.Field):
    pass


def team_choice_field() -> serializers.ChoiceField:
    """The team step's answer, alike in a draft and a submission."""
    return serializers.ChoiceField(
        choices=[*TeamChoice.choices, ("", "Not said")],
        allow_null=True,
        required=False,
        help_text='The answer to "Are you starting a new team?": `new` (teamcode is the code you were given), '
        "`join` (teamcode must be a team that exists: 400 on `teamcode` otherwise) or `alone` (no team: "
        "teamcode is ignored). Kept with the draft.",
    )


class AnswerInputSerializer(serializers.Serializer):
    question_id = serializers.CharField(allow_blank=True, trim_whitespace=False)
    answer = AnswerValueField(required=False)
    detail = serializers.CharField(
        required=False,
        allow_blank=True,
        allow_null=True,
        max_length=200,
        help_text='Your words for an "Other" or "Prefer to self-describe" choice (kept only with such a choice)',
    )


class AnswerSectionInputSerializer(serializers.Serializer):
    section_name = serializers.CharField(required=False, allow_blank=True, trim_whitespace=False)
    answers = AnswerInputSerializer(many=True, required=False, allow_null=True)


class DraftInputSerializer(serializers.Serializer):
    """The body of save: the shape only, every part optional (other keys are ignored)."""

    first = serializers.CharField(allow_blank=True, allow_null=True, required=False, max_length=validation.NAME_MAX)
    last = serializers.CharField(allow_blank=True, allow_null=True, required=False, max_length=validation.NAME_MAX)
    school = serializers.CharField(allow_blank=True, allow_null=True, required=False, max_length=validation.SCHOOL_MAX)
    school_other = serializers.CharField(
        allow_blank=True, allow_null=True, required=False, max_length=validation.SCHOOL_MAX
    )
    sections = AnswerSectionInputSerializer(many=True, required=False, allow_null=True)
    checkboxes = serializers.ListField(child=serializers.BooleanField(), max_length=3, required=False, allow_null=True)
    teamcode = TeamCodeInputField(required=False)
    team_choice = team_choice_field()


class ApplicationInputSerializer(serializers.Serializer):
    """The body of submit and an organizer's edit (other keys are ignored)."""

    first = serializers.CharField(allow_blank=True, max_length=validation.NAME_MAX)
    last = serializers.CharField(allow_blank=True, max_length=validation.NAME_MAX)
    school = serializers.CharField(allow_blank=True, max_length=validation.SCHOOL_MAX)
    school_other = serializers.CharField(
        allow_blank=True,
        required=False,
        max_length=validation.SCHOOL_MAX,
        help_text='The school\'s name when `school` is "College Not Present" (required then; ignored otherwise).',
    )
    # The contract's shape (answers as encoded text); a submission is checked against the
    # question set, which refuses a body that is not in it.
    sections = AnswerSectionSerializer(many=True)
    checkboxes = serializers.ListField(child=serializers.BooleanField(), min_length=3, max_length=3)
    teamcode = TeamCodeInputField(required=False)
    team_choice = team_choice_field()
    share_resume_with_sponsors = serializers.BooleanField(
        required=False,
        help_text="Submit only: the optional consent to share the resume with sponsors (absent: unchanged).",
    )


class VisibleStatusSerializer(serializers.Serializer):
    status = serializers.ChoiceField(choices=ApplicationStatus.choices)
    travel_reimbursement = serializers.BooleanField()
    housing_accommodations = serializers.BooleanField()


class ApplicantStatusSerializer(VisibleStatusSerializer):
    teamcode = serializers.CharField(allow_null=True)


class ApplicationOutputSerializer(ApplicantStatusSerializer):
    """GET `application` and an organizer's GET / PUT `{email}`."""

    first = serializers.CharField(allow_blank=True)
    last = serializers.CharField(allow_blank=True)
    school = serializers.CharField(allow_blank=True)
    # Always sent; optional in the schema so that readers written before it still type-check.
    school_other = serializers.CharField(allow_blank=True, required=False)
    sections = AnswerSectionSerializer(many=True)
    checkboxes = serializers.ListField(child=serializers.BooleanField())
    team_choice = serializers.ChoiceField(choices=TeamChoice.choices, allow_null=True)
    email = serializers.CharField(allow_blank=True)


class ApplicationSavedOutputSerializer(ApplicationOutputSerializer):
    message = serializers.CharField()


class TeamCodeOutputSerializer(serializers.Serializer):
    teamcode = serializers.CharField()


class TeamCodeCheckInputSerializer(serializers.Serializer):
    teamcode = serializers.RegexField(
        validation.TEAMCODE_RE,
        error_messages={"invalid": validation.TEAMCODE_SHAPE},
        help_text="A teammate's team code, 6 to 8 digits",
    )

    def validate_teamcode(self, value: str) -> str:
        # Text only, as saving takes it: a number would lose a code's leading zeros.
        if not isinstance(self.initial_data.get("teamcode"), str):
            raise serializers.ValidationError(validation.TEAMCODE_SHAPE)
        return value


class TeamCodeCheckOutputSerializer(serializers.Serializer):
    teamcode = serializers.CharField()
    problem = serializers.CharField(
        allow_null=True, help_text="Why the team can't be joined (no such team, or full); null when it can"
    )


# The lists change only with a deploy; a day of caching, revalidated by ETag afterwards.
NAME_LIST_MAX_AGE = 60 * 60 * 24


class _NameListApi(PublicApiView):
    kind = ""

    def get(self, request):
        body, gzipped, etag = selectors.name_list_response_body(self.kind)
        response = get_conditional_response(request._request, etag=etag)
        if response is None:
            if "gzip" in request.META.get("HTTP_ACCEPT_ENCODING", ""):
                response = HttpResponse(gzipped, content_type="application/json")
                response["Content-Encoding"] = "gzip"
            else:
                response = HttpResponse(body, content_type="application/json")
        response["ETag"] = etag
        patch_cache_control(response, public=True, max_age=NAME_LIST_MAX_AGE)
        patch_vary_headers(response, ["Accept-Encoding"])
        return response


@extend_schema(
    summary="The schools the form offers and the server accepts",
    responses={200: OpenApiResponse(STRING_LIST), 304: OpenApiResponse(description="Not modified (ETag)")},
)
class SchoolsApi(_NameListApi):
    kind = "schools"


@extend_schema(
    summary="The countries the form offers and the server accepts",
    responses={200: OpenApiResponse(STRING_LIST), 304: OpenApiResponse(description="Not modified (ETag)")},
)
class CountriesApi(_NameListApi):
    kind = "countries"


def _written_payload(written: services.Written, *, email: str, message: str) -> dict:
    """A submit's or save's response, rendered from what it read and wrote (no second read)."""
    payload = selectors.application_payload(
        written.application, cycle=written.cycle, email=email, sections=written.sections, answers=written.answers
    )
    return {"message": message, **payload}


@extend_schema_view(
    get=extend_schema(summary="Your own application", responses={200: ApplicationOutputSerializer}),
    post=extend_schema(
        summary="Submit (or, while open, edit) your application",
        request=ApplicationInputSerializer,
        responses={200: ApplicationSavedOutputSerializer, **error_responses(409)},
    ),
)
class ApplicationApi(ApiView):
    """GET own application; POST submits it."""

    def get(self, request):
        cycle, sections = current_cycle_and_question_set()
        application = selectors.own_application(user=request.user, cycle=cycle)
        payload = selectors.application_payload(application, cycle=cycle, email=request.user.email, sections=sections)
        return Response(payload)

    def post(self, request):
        written = services.application_submit_written(user=request.user, data=request.data)
        return Response(
            _written_payload(written, email=request.user.email, message=_("Application submitted successfully"))
        )


@extend_schema(
    summary="Save a draft of your application",
    request=DraftInputSerializer,
    responses={200: ApplicationSavedOutputSerializer, **error_responses(409)},
)
class ApplicationSaveApi(ApiView):
    def post(self, request):
        written = services.application_save_written(user=request.user, data=request.data)
        return Response(_written_payload(written, email=request.user.email, message=_("Draft saved")))


@extend_schema(summary="Your application's status as you may see it", responses={200: ApplicantStatusSerializer})
class ApplicationStatusApi(ApiView):
    def get(self, request):
        return Response(selectors.applicant_status(user=request.user, cycle=current_cycle()))


@extend_schema(
    summary="Check a teammate's team code before joining",
    description="What saving or submitting with this code to join a team would say about it, so the form can "
    "flag a mistyped code when the field is left. Limited per user (429 past the limit): codes are not "
    "to be guessed one by one.",
    request=TeamCodeCheckInputSerializer,
    responses={200: TeamCodeCheckOutputSerializer, **error_responses(400, 429)},
)
class TeamCodeCheckApi(ApiView):
    """POST: the problem with joining the team of this code, or none (the submit's own rule)."""

    def post(self, request):
        serializer = TeamCodeCheckInputSerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        code = serializer.validated_data["teamcode"]
        if not ratelimit.consume(request._request, action="teamcode_check", user=request.user):
            raise ApplicationError(_("Too many team codes checked. Please wait a while and try again."), status=429)
        problem = validation.team_error(current_cycle(), code, request.user, choice=TeamChoice.JOIN)
        return Response({"teamcode": code, "problem": problem})


@extend_schema(
    summary="A fresh, unused team code",
    description="Each call reserves a code, so calls are limited per user (429 past the limit).",
    request=None,
    responses={201: TeamCodeOutputSerializer, **error_responses(429, 503)},
)
class TeamCodeApi(ApiView):
    """POST: a fresh, unused team code for the "yes, start a team" choice."""

    def post(self, request):
        # Each call reserves a row: limited per user (ACCOUNT_RATE_LIMITS["teamcode"]).
        if not ratelimit.consume(request._request, action="teamcode", user=request.user):
            raise ApplicationError(_("Too many team codes requested. Please wait a while and try again."), status=429)
        return Response({"teamcode": services.team_code_generate(user=request.user)}, status=201)
