"""Applications leave personal data behind as counts only (an account deleted, a cycle purged).

What is kept, and why (see AnonymisedApplicationCount and AnonymisedAnswerCount in
apps/applications/models.py): the statistics count applications by cycle, status and host
school or not, and the demographics count the survey answers (multiselect, yes/no, multiple
choice, numeric) of the applied / accepted / confirmed groups. So exactly those are added to
counters, and nothing else survives: no name, email, school name, team, date, free-text answer,
country, history or consent. Counters rather than rows, so no record ties one person's status
to their answers, or their answers to each other.

Drafts (started) count in the statistics but not in the demographics, so their answers are not
kept; an application never started (unsubmitted) counts nowhere and leaves nothing.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from decimal import Decimal, InvalidOperation

from django.conf import settings
from django.db.models import Q, QuerySet

from apps.applications.models import (
    DRAFTS,
    AnonymisedAnswerCount,
    AnonymisedApplicationCount,
    Answer,
    ApplicationEvent,
    ConsentRecord,
)
from apps.applications.models import ApplicationStatus as S
from apps.cycles.models import Question, QuestionType

# The question types the demographics page counts (apps/reports/reports.py SURVEY_TYPES).
SURVEY_TYPES = (QuestionType.MULTISELECT, QuestionType.BOOLEAN, QuestionType.MULTIPLE_CHOICE, QuestionType.NUMERIC)
NOT_COUNTED = (S.UNSUBMITTED,)
NO_SURVEY = DRAFTS


@dataclass
class Removed:
    """What deleting a set of applications removes (or, in a dry run, would)."""

    applications: int = 0
    answers: int = 0
    events: int = 0
    consents: int = 0

    def add(self, other: Removed) -> None:
        for name in ("applications", "answers", "events", "consents"):
            setattr(self, name, getattr(self, name) + getattr(other, name))


def _holds(value: str, option: str) -> bool:
    """Whether a comma-joined multiselect answer holds `option`: the rule the demographics page
    counts by (an option may itself hold a comma, so the answer is not simply split)."""
    return (
        value == option
        or value.startswith(f"{option},")
        or value.endswith(f",{option}")
        or f",{option}," in value
        or value.endswith(f", {option}")
        or f", {option}," in value
    )


def survey_values(kind: str, options: list, value: str) -> list[str]:
    """The values of one answer that may be kept: options of the question, yes/no, a number.
    Anything else (text typed in a draft, an option since removed) is dropped."""
    value = (value or "").strip()
    if not value:
        return []
    if kind == QuestionType.MULTISELECT:
        return [str(o) for o in options if _holds(value, str(o))]
    if kind == QuestionType.MULTIPLE_CHOICE:
        return [value] if value in [str(o) for o in options] else []
    if kind == QuestionType.BOOLEAN:
        return [value] if value in ("yes", "no") else []
    if kind == QuestionType.NUMERIC:
        try:
            Decimal(value)
        except InvalidOperation:
            return []
        return [value] if len(value) <= 20 else []
    return []


def _add_counts(model, fields: tuple[str, ...], counts: Counter) -> None:
    """count += n for each key (values of `fields`) of `counts`, in three queries however many:
    the missing rows inserted at 0 (a concurrent insert of the same row is ignored), all of
    them locked, then one UPDATE. The lock makes a concurrent deletion wait and add to what
    this one wrote, so no count is lost."""
    if not counts:
        return
    model.objects.bulk_create(
        [model(**dict(zip(fields, key, strict=True)), count=0) for key in counts], ignore_conflicts=True
    )
    condition = Q()
    for key in counts:
        condition |= Q(**dict(zip(fields, key, strict=True)))
    rows = list(model.objects.select_for_update().filter(condition).order_by("pk"))
    for row in rows:
        row.count += counts[tuple(getattr(row, f) for f in fields)]
    model.objects.bulk_update(rows, ["count"])


def measure(applications: QuerySet) -> Removed:
    """What deleting `applications` removes, counted (a dry run's report)."""
    ids = applications.values("pk")
    return Removed(
        applications=applications.count(),
        answers=Answer.objects.filter(application__in=ids).count(),
        events=ApplicationEvent.objects.filter(application__in=ids).count(),
        consents=ConsentRecord.objects.filter(application__in=ids).count(),
    )


def anonymise_and_delete(applications: QuerySet) -> Removed:
    """Add `applications` to the anonymised counters, then delete them with their answers,
    history, consent records and review assignments. In the caller's transaction."""
    # Their rows locked first, in id order, as every status change locks them (the status
    # machine, the door's statement) before it touches a ticket. The delete below removes the
    # tickets before the applications: unlocked, it held a ticket's lock while a scan that held
    # the application waited for that ticket, and PostgreSQL broke the deadlock by failing one.
    # Held, the statuses counted below are also those deleted.
    list(
        applications.model.objects.select_for_update(of=("self",))
        .filter(pk__in=applications.values("pk"))
        .order_by("pk")
        .values_list("pk", flat=True)
    )
    removed = measure(applications)
    rows = list(applications.values_list("pk", "cycle_id", "status", "school"))
    if not rows:
        return removed
    groups: Counter = Counter()
    for _pk, cycle_id, status, school in rows:
        if status not in NOT_COUNTED:
            groups[(cycle_id, status, school == settings.HOST_SCHOOL)] += 1

    surveyed = {pk: (cycle_id, status) for pk, cycle_id, status, _ in rows if status not in NO_SURVEY}
    answers: Counter = Counter()
    if surveyed:
        cycles = {cycle_id for cycle_id, _ in surveyed.values()}
        questions = {
            (cycle_id, qid): (kind, options or [])
            for cycle_id, qid, kind, options in Question.objects.filter(
                cycle_id__in=cycles, type__in=SURVEY_TYPES
            ).values_list("cycle_id", "question_id", "type", "options")
        }
        survey_ids = {qid for _, qid in questions}
        stored = Answer.objects.filter(application_id__in=list(surveyed), question_id__in=survey_ids)
        for application_id, qid, value in stored.values_list("application_id", "question_id", "value").iterator():
            cycle_id, status = surveyed[application_id]
            question = questions.get((cycle_id, qid))
            if question is None:
                continue
            for kept in survey_values(question[0], question[1], value):
                answers[(cycle_id, status, qid, kept)] += 1

    _add_counts(AnonymisedApplicationCount, ("cycle_id", "status", "host_school"), groups)
    _add_counts(AnonymisedAnswerCount, ("cycle_id", "status", "question_id", "value"), answers)
    applications.model.objects.filter(pk__in=[row[0] for row in rows]).delete()
    return removed
