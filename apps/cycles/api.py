"""`/api/applications/cycle/*`: the current cycle's status and identity; and
`/api/applications/questions`: its question set (read by every signed-in user, replaced by
the question builder). The configuration (`cycle/config`) and the release's previews are
served by apps.decisions (cycle_api.py): saving the configuration may release decisions or
withdraw them, which decisions owns. The shapes of the dates and of the configuration read
are declared here, where the cycle is."""

from __future__ import annotations

from drf_spectacular.utils import OpenApiResponse, extend_schema, extend_schema_view
from rest_framework import serializers
from rest_framework.response import Response

from apps.core.api import ApiView, PublicApiView
from apps.core.schema import error_responses, string_enum

from . import selectors, services, translations
from .models import CycleStatus, QuestionType, Season


class DatesSerializer(serializers.Serializer):
    start = serializers.DateField(input_formats=["%Y-%m-%d"])
    end = serializers.DateField(input_formats=["%Y-%m-%d"])
    housing = serializers.DateField(input_formats=["%Y-%m-%d"])
    confirmation_first_deadline = serializers.DateField(input_formats=["%Y-%m-%d"])
    confirmation_second_deadline = serializers.DateField(input_formats=["%Y-%m-%d"])
    due = serializers.DateField(input_formats=["%Y-%m-%d"])
    waitlist_deadline = serializers.DateField(input_formats=["%Y-%m-%d"])


class CurrentSerializer(serializers.Serializer):
    year = serializers.IntegerField(min_value=2000, max_value=2100)
    cycle = serializers.ChoiceField(choices=Season.choices)


class ConfigOutputSerializer(serializers.Serializer):
    dates = DatesSerializer()
    status = serializers.ChoiceField(choices=CycleStatus.choices)
    location = serializers.CharField()
    housing_link = serializers.CharField()
    retention_date = serializers.DateField(allow_null=True)


class ConfigSavedOutputSerializer(ConfigOutputSerializer):
    message = serializers.CharField()


class CurrentOutputSerializer(serializers.Serializer):
    year = serializers.IntegerField()
    cycle = serializers.ChoiceField(choices=Season.choices)


@extend_schema(
    summary="The current cycle's status, as a JSON string",
    responses={200: OpenApiResponse(string_enum(CycleStatus.values))},
)
class CycleStatusApi(PublicApiView):
    def get(self, request):
        return Response(selectors.current_status())


@extend_schema_view(
    get=extend_schema(summary="Which cycle is current", responses={200: CurrentOutputSerializer}),
    post=extend_schema(
        summary="Switch the current cycle (created, with a copy of the question set, if new)",
        request=CurrentSerializer,
        responses={200: CurrentOutputSerializer},
    ),
)
class CycleCurrentApi(ApiView):
    admin_methods = ("POST",)

    def get(self, request):
        cycle = selectors.current_cycle()
        return Response({"year": cycle.year, "cycle": cycle.season})

    def post(self, request):
        data = self.validate(CurrentSerializer, request.data)
        cycle = services.cycle_make_current(season=data["cycle"], year=data["year"])
        return Response({"year": cycle.year, "cycle": cycle.season})


# --- The question set ----------------------------------------------------------------------


class QuestionTextsSerializer(serializers.Serializer):
    """A question's texts in one language; each optional (a missing one shows as written)."""

    question_text = serializers.CharField(required=False, allow_blank=True)
    help_text = serializers.CharField(required=False, allow_blank=True)
    options = serializers.DictField(
        child=serializers.CharField(allow_blank=True),
        required=False,
        help_text="Labels keyed by option (its default-language text, which answers keep being stored as).",
    )


class SectionTextsSerializer(serializers.Serializer):
    """A section's name in one language."""

    section_name = serializers.CharField(required=False, allow_blank=True)


TRANSLATIONS_HELP = (
    "The texts in other languages, keyed by language code: an enabled language other than the default. "
    "Left out or null: the stored ones are kept."
)


class QuestionSerializer(serializers.Serializer):
    question_id = serializers.CharField()
    question_text = serializers.CharField()
    question_type = serializers.ChoiceField(choices=QuestionType.choices)
    options = serializers.ListField(child=serializers.CharField(), required=False)
    # Beyond the contract's keys, so optional: a question sent without it keeps its stored
    # choice, or (new) gets the default rule's.
    reviewer_visible = serializers.BooleanField(
        required=False,
        allow_null=True,
        help_text=(
            "Shown to reviewers when the cycle reviews blind. Left out or null: the stored choice for "
            "this question_id, else the default (links, age, location, demographics, contact details hidden)."
        ),
    )
    required = serializers.BooleanField(
        required=False, allow_null=True, help_text="Must be answered to submit. Left out or null: required."
    )
    help_text = serializers.CharField(
        required=False,
        allow_blank=True,
        allow_null=True,
        help_text="A line under the question (at most 500 characters).",
    )
    max_value = serializers.IntegerField(
        required=False,
        allow_null=True,
        help_text=(
            "A number question's largest answer (a whole number, at least the smallest answer, 16). "
            "Left out or null: no largest answer. Only number questions have one."
        ),
    )
    translations = serializers.DictField(
        child=QuestionTextsSerializer(), required=False, allow_null=True, help_text=TRANSLATIONS_HELP
    )


class QuestionSectionSerializer(serializers.Serializer):
    """One section of the question set (GET and PUT `questions`)."""

    section_name = serializers.CharField()
    conditional_on = serializers.CharField(allow_null=True, required=False)
    questions = QuestionSerializer(many=True)
    translations = serializers.DictField(
        child=SectionTextsSerializer(), required=False, allow_null=True, help_text=TRANSLATIONS_HELP
    )


# What GET answers always carries `options` and `conditional_on` (the contract's shape), while a
# PUT may leave them out; the response side says so, so the generated TypeScript types need no
# `?? []` for a list that is never missing.
class QuestionOutputSerializer(QuestionSerializer):
    options = serializers.ListField(child=serializers.CharField())
    # Always sent, but typed optional like the request's: it is an extra key beyond the
    # contract's shape, which clients (and their test fixtures) may not know.
    reviewer_visible = serializers.BooleanField(
        required=False, help_text="Shown to reviewers when the cycle reviews blind (always sent)."
    )
    required = serializers.BooleanField(required=False, help_text="Must be answered to submit (always sent).")
    help_text = serializers.CharField(
        required=False, allow_blank=True, help_text="A line under the question (always sent)."
    )
    translations = serializers.DictField(
        child=QuestionTextsSerializer(),
        required=False,
        help_text="The texts in the enabled languages other than the default (always sent to organizers).",
    )
    option_labels = serializers.DictField(
        child=serializers.CharField(),
        required=False,
        help_text=(
            "On the applicant's form only: what to show for an option (key) in the page's language, "
            "when it differs. The answer is still the option."
        ),
    )


class QuestionSectionOutputSerializer(QuestionSectionSerializer):
    conditional_on = serializers.CharField(allow_null=True)
    questions = QuestionOutputSerializer(many=True)
    translations = serializers.DictField(
        child=SectionTextsSerializer(),
        required=False,
        help_text="The name in the enabled languages other than the default (always sent to organizers).",
    )


@extend_schema_view(
    get=extend_schema(
        summary="The current question set",
        description=(
            "Organizers and reviewers get it as written, with `translations`. Anyone else gets it in "
            "their language: each text translated where given, else as written, and `option_labels` "
            "for relabelled options (answers are still the options themselves)."
        ),
        responses={200: QuestionSectionOutputSerializer(many=True)},
    ),
    put=extend_schema(
        summary="Replace the current question set (the question builder)",
        request=QuestionSectionSerializer(many=True),
        responses={200: QuestionSectionOutputSerializer(many=True)},
    ),
)
class QuestionsApi(ApiView):
    """GET (signed in) the current cycle's question set; PUT (admin) replaces it."""

    admin_methods = ("PUT",)

    def get(self, request):
        sections = selectors.question_set(selectors.current_cycle())
        if request.user.can_review:
            # The builder and the review screen: the set as written, with its translations (the
            # built-in texts' own where the organizers gave none, as applicants read them).
            return Response(translations.with_built_in(sections))
        # An applicant's form: in their language where given (translations.localized).
        return Response(translations.localized(sections))

    def put(self, request):
        sections = services.questions_replace(selectors.current_cycle(), request.data)
        return Response(translations.with_built_in(sections))


@extend_schema_view(
    get=extend_schema(
        summary="The current RSVP question set (asked when an accepted applicant confirms)",
        responses={200: QuestionSectionOutputSerializer(many=True)},
    ),
    put=extend_schema(
        summary="Replace the current RSVP question set (the question builder's RSVP tab)",
        description=(
            "The application set's rules, except that a resume question is refused. Answers are "
            "kept by question_id. 400 with errors by position (`sections.0.questions.2.options`)."
        ),
        request=QuestionSectionSerializer(many=True),
        responses={200: QuestionSectionOutputSerializer(many=True), **error_responses(400)},
    ),
)
class RsvpQuestionsApi(ApiView):
    """GET (signed in) the current cycle's RSVP set; PUT (admin) replaces it."""

    admin_methods = ("PUT",)

    def get(self, request):
        return Response(translations.with_built_in(selectors.rsvp_question_set(selectors.current_cycle())))

    def put(self, request):
        sections = services.rsvp_questions_replace(selectors.current_cycle(), request.data)
        return Response(translations.with_built_in(sections))
