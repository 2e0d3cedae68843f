"""The demographics page (GET /api/applications/demographics): the survey answers of a group."""

from __future__ import annotations

from collections import defaultdict
from decimal import Decimal, InvalidOperation

from django.db.models import Count, Q, Sum, Value
from django.utils.translation import gettext_lazy as _

from apps.applications import selections
from apps.applications.models import AnonymisedAnswerCount, Answer
from apps.core.exceptions import ApplicationError
from apps.cycles import translations
from apps.cycles.models import Cycle, Question, QuestionType

SURVEY_TYPES = (
    QuestionType.MULTISELECT,
    QuestionType.BOOLEAN,
    QuestionType.MULTIPLE_CHOICE,
    QuestionType.NUMERIC,
    QuestionType.COUNTRY,
)
# Schools and countries have hundreds of answers: their charts show the most common ones and
# gather the rest into one bar, so a chart stays readable on a phone.
TOP_PLACES = 15
SCHOOL = "school"
OTHER_SCHOOLS = _("Other schools")
OTHER_COUNTRIES = _("Other countries")
# Who each group counts: a named selection (apps/applications/selections.py), so a group holds
# the people its count elsewhere names. "applied" is everyone submitted; "accepted" everyone
# admitted who has not declined (accepted, accepted from the waitlist, confirmed, checked in);
# "confirmed" everyone who said they will come, checked in or not.
GROUPS = {"applied": "submitted", "accepted": selections.ADMITTED, "confirmed": "confirmed"}
BOOLEAN_ORDER = ("yes", "no")
# A yes/no answer as the applicants read it (stored "yes" and "no", whatever the language).
BOOLEAN_LABELS = {"yes": _("Yes"), "no": _("No")}


def _numeric_key(label: str):
    try:
        return (0, Decimal(label), label)
    except InvalidOperation:
        return (1, Decimal(0), label)


def _multiselect_match(option: str) -> Q:
    """Answers holding `option` among their comma-joined values (with or without a space)."""
    q = Q(value=option) | Q(value__startswith=f"{option},") | Q(value__endswith=f",{option}")
    q |= Q(value__contains=f",{option},") | Q(value__endswith=f", {option}") | Q(value__contains=f", {option},")
    return q


def _survey_questions(cycle: Cycle):
    """The questions the demographics count, in the question set's order."""
    return Question.objects.filter(cycle=cycle, type__in=SURVEY_TYPES).order_by("section__order", "order", "pk")


def survey_questions(cycle: Cycle) -> list[dict]:
    """What `demographics` counts, in its order, without the counts (one query): the page's
    list of questions, drawn with it."""
    questions = _survey_questions(cycle)
    return [
        *({"question_id": q.question_id, "question_text": translations.question_shown(q)[0]} for q in questions),
        {"question_id": SCHOOL, "question_text": _("School")},
    ]


def demographics(*, cycle: Cycle, group: str) -> list[dict]:
    """Counts of real answers per survey question for a group, and of the group's schools, in at
    most four queries: the questions, the GROUP BY, the multiselect aggregate, the schools.

    Single-valued questions are counted with one GROUP BY over (question, value); multiselect
    questions with one conditional COUNT per option, so an answer holding three options counts
    once for each. Labels with no answer are left out, so an empty `data` means no data.
    """
    if group not in GROUPS:
        raise ApplicationError(
            f"Unknown group '{group}'. Use one of: {', '.join(GROUPS)}.",
            errors={"group": ["Choose applied, accepted or confirmed."]},
        )
    questions = list(_survey_questions(cycle))
    selection = selections.get(GROUPS[group])
    answers = Answer.objects.filter(application__in=selections.queryset(cycle, selection.name).values("pk")).exclude(
        value=""
    )

    single_ids = [q.question_id for q in questions if q.type != QuestionType.MULTISELECT]
    grouped: dict[str, dict[str, int]] = defaultdict(dict)
    # The anonymised answers of deleted accounts and purged data (apps.privacy) come in the same
    # query (UNION ALL), already counted per value; a multiselect's are one row per option, so
    # every question type adds them by label.
    anonymised: dict[str, dict[str, int]] = defaultdict(dict)
    if questions:
        live = answers.filter(question_id__in=single_ids).values_list("question_id", "value").annotate(n=Count("pk"))
        kept = (
            AnonymisedAnswerCount.objects.filter(
                cycle=cycle, status__in=selection.statuses, question_id__in=[q.question_id for q in questions]
            )
            .values_list("question_id", "value")
            .annotate(n=Sum("count"))
            .annotate(anonymised=Value(True))
        )
        for question_id, value, n, is_anonymised in live.annotate(anonymised=Value(False)).union(kept, all=True):
            target = anonymised if is_anonymised else grouped
            target[question_id][value] = target[question_id].get(value, 0) + n

    multiselect = [q for q in questions if q.type == QuestionType.MULTISELECT]
    option_counts: dict[str, int] = {}
    if multiselect:
        aggregates = {
            f"m{i}_{j}": Count("pk", filter=Q(question_id=q.question_id) & _multiselect_match(str(option)))
            for i, q in enumerate(multiselect)
            for j, option in enumerate(q.options or [])
        }
        if aggregates:
            option_counts = answers.filter(question_id__in=[q.question_id for q in multiselect]).aggregate(**aggregates)

    out = []
    for q in questions:
        if q.type == QuestionType.MULTISELECT:
            i = multiselect.index(q)
            extra = anonymised.get(q.question_id, {})
            data = [
                {"label": str(option), "count": (option_counts.get(f"m{i}_{j}") or 0) + extra.get(str(option), 0)}
                for j, option in enumerate(q.options or [])
            ]
        else:
            counts = dict(grouped.get(q.question_id, {}))
            for label, n in anonymised.get(q.question_id, {}).items():
                counts[label] = counts.get(label, 0) + n
            if q.type == QuestionType.NUMERIC:
                labels = sorted(counts, key=_numeric_key)
            elif q.type == QuestionType.COUNTRY:
                labels = sorted(counts, key=lambda label: (-counts[label], label))
            else:
                order = list(BOOLEAN_ORDER) if q.type == QuestionType.BOOLEAN else [str(o) for o in q.options or []]
                labels = [label for label in order if label in counts]
                labels += sorted(label for label in counts if label not in order)
            data = [{"label": label, "count": counts[label]} for label in labels]
            if q.type == QuestionType.COUNTRY:
                data = _top(data, OTHER_COUNTRIES)
        # In the reader's language, as the applicants read the question: its text, its options'
        # labels, yes and no. The answers are stored as written, so counting is unchanged.
        text, option_labels = translations.question_shown(q)
        labels_shown = BOOLEAN_LABELS if q.type == QuestionType.BOOLEAN else option_labels
        out.append(
            {
                "question_id": q.question_id,
                "question_text": text,
                "question_type": q.type,
                "data": [
                    {**row, "label": str(labels_shown.get(row["label"], row["label"]))} for row in data if row["count"]
                ],
            }
        )
    out.append(_schools(cycle, selection.name))
    return out


def _top(rows: list[dict], other: str) -> list[dict]:
    """The first TOP_PLACES rows (already most common first) and the rest summed as `other`."""
    if len(rows) <= TOP_PLACES + 1:
        return rows
    rest = sum(row["count"] for row in rows[TOP_PLACES:])
    return [*rows[:TOP_PLACES], {"label": other, "count": rest}]


def _schools(cycle: Cycle, selection: str) -> dict:
    """The group's applications per school, most first (one GROUP BY)."""
    rows = (
        selections.queryset(cycle, selection)
        .exclude(school="")
        .order_by()
        .values_list("school")
        .annotate(n=Count("pk"))
    )
    data = [{"label": school, "count": n} for school, n in sorted(rows, key=lambda row: (-row[1], row[0]))]
    return {
        "question_id": SCHOOL,
        "question_text": _("School"),
        "question_type": SCHOOL,
        "data": _top(data, OTHER_SCHOOLS),
    }
