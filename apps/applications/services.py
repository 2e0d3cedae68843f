"""Writes for the applicant's side: drafts, submissions and teams (the question set they
answer is the cycle's: apps/cycles/services.py).

Every write runs in one transaction; every status change goes through the status machine.
Submit and save run under `apps.core.db.one_at_a_time`: on SQLite (no row locks) every
transaction begins IMMEDIATE, so a second writer waits for the first to commit and the team cap
holds there too.
"""

from __future__ import annotations

import secrets
from dataclasses import dataclass

from django.core.cache import cache
from django.db import IntegrityError, transaction
from django.db.models import Count, Exists, OuterRef, Subquery
from django.db.models.functions import Coalesce
from django.utils.translation import gettext_lazy

from apps.core.db import Prepared, one_at_a_time
from apps.core.exceptions import ApplicationError
from apps.cycles.models import Cycle, CycleStatus, QuestionType
from apps.cycles.selectors import current_cycle, current_cycle_and_question_set
from apps.resumes.models import Resume

from . import consents, received, validation
from .models import DRAFTS, Answer, Application, Team, TeamChoice
from .models import ApplicationStatus as S
from .status_machine import transition

NOT_OPEN = gettext_lazy("Applications are not currently open")
# Neutral on purpose: before release an applicant must not learn which decision was made.
ALREADY_DECIDED = gettext_lazy("Your application is being reviewed and can no longer be changed.")
ALREADY_SUBMITTED = gettext_lazy("Your application has already been submitted, so it can't be saved as a draft.")
INVALID_APPLICATION = gettext_lazy("Please fix the highlighted fields and submit again.")
INVALID_DRAFT = gettext_lazy("Some fields of the draft are malformed.")

# Team codes: six to eight digits, so a code is easy to type and to read out.
TEAMCODE_MIN = 100_000
TEAMCODE_MAX = 99_999_999
TEAMCODE_RESERVATION_MEMORY = 60 * 60 * 24 * 30  # seconds a user's last handed-out code is remembered

# --- Teams ------------------------------------------------------------------------------


def team_lock(cycle: Cycle, code: str) -> Team:
    """The team row for `code` in the cycle, created if new and locked until commit.

    Holding this lock while counting members is what keeps two simultaneous joins from
    taking a team past TEAM_MAX_SIZE. One upsert both creates and locks: INSERT ... ON
    CONFLICT DO UPDATE locks the existing row as an UPDATE does, so a second join waits here
    until the first commits, as it did behind SELECT ... FOR UPDATE (SQLite has one writer).
    """
    team = Team(cycle=cycle, code=code)
    Team.objects.bulk_create(
        [team], update_conflicts=True, unique_fields=["cycle", "code"], update_fields=["updated_at"]
    )
    return team


def team_find(cycle: Cycle, code: str) -> Team | None:
    """The existing team row for `code`, locked until commit, or None: joining never creates one."""
    return Team.objects.select_for_update().filter(cycle=cycle, code=code).first()


def team_code_generate(*, cycle: Cycle | None = None, user=None) -> str:
    """A fresh random team code (100000 – 99999999) that no one in the cycle uses, reserved
    by creating its team row.

    With `user`, the code that user was given last, if still unused by any application, is
    released: asking again and again leaves one reserved row per user, not one per call.
    """
    cycle = cycle or current_cycle()
    for _ in range(50):
        code = str(TEAMCODE_MIN + secrets.randbelow(TEAMCODE_MAX - TEAMCODE_MIN + 1))
        if Application.objects.filter(cycle=cycle, teamcode=code).exists():
            continue
        try:
            with transaction.atomic():
                Team.objects.create(cycle=cycle, code=code)
        except IntegrityError:
            continue
        if user is not None:
            _release_previous_team_code(cycle, user, code)
        return code
    raise ApplicationError(gettext_lazy("Could not find a free team code; please try again."), status=503)


def _release_previous_team_code(cycle: Cycle, user, code: str) -> None:
    key = f"teamcode-reserved:{cycle.pk}:{user.pk}"
    previous = cache.get(key)
    cache.set(key, code, TEAMCODE_RESERVATION_MEMORY)
    if previous and previous != code:
        Team.objects.filter(cycle=cycle, code=previous, applications__isnull=True).exclude(
            code__in=Application.objects.filter(cycle=cycle, teamcode=previous).values("teamcode")
        ).delete()


# --- Applications -----------------------------------------------------------------------


def _team_others(cycle: Cycle, code: str, user):
    """A subquery: how many applications other than the user's are on team `code`."""
    others = Application.objects.filter(cycle=cycle, teamcode=code).exclude(user=user).order_by()
    return Coalesce(Subquery(others.values("cycle").annotate(n=Count("pk")).values("n")), 0)


def _own_application_read(*, with_team: bool, with_consents: bool) -> Prepared:
    """The read that locks the user's application, with what validation needs (see below),
    compiled once per process: building and compiling the consents' subqueries cost a submit
    about 5 ms of CPU, thirty times what the database then took to answer it."""

    def build(cycle, user, teamcode=None):
        extra = {"has_resume": Exists(Resume.objects.filter(user=OuterRef("user")))}
        if with_team:
            extra["team_others"] = _team_others(cycle, teamcode, user)
        if with_consents:
            extra.update(consents.state_annotations())
        return Application.objects.select_for_update().filter(cycle_id=cycle, user_id=user).annotate(**extra)

    return Prepared(build, *(("teamcode",) if with_team else ()), ints=("cycle", "user"))


_OWN_APPLICATION = {
    (with_team, with_consents): _own_application_read(with_team=with_team, with_consents=with_consents)
    for with_team in (False, True)
    for with_consents in (False, True)
}


def _lock_own_application(
    cycle: Cycle, user, teamcode: str | None, *, join: bool = False, with_consents: bool = False
) -> tuple[Application, Team | None]:
    """The user's application to the cycle (created if new) and the team of `teamcode`, both
    locked until commit, the application first as every writer takes them. Joining (`join`)
    only finds the team, so a code nobody has comes back as None rather than as a new team.

    The application comes back with what validation needs from the database, read in the
    same query: `has_resume`, `team_others` (the team's other members), counted after
    the team's lock was taken so the count stays true until commit, and with `with_consents`
    the state of each consent (a submit records what changed). Three queries in all.
    """
    Application.objects.bulk_create(
        [Application(cycle=cycle, user=user, email=user.email)],
        update_conflicts=True,
        unique_fields=["cycle", "user"],
        update_fields=["updated_at"],
    )
    if not teamcode:
        team = None
    else:
        team = team_find(cycle, teamcode) if join else team_lock(cycle, teamcode)
    values = {"cycle": cycle.pk, "user": user.pk, **({"teamcode": teamcode} if teamcode else {})}
    application = _OWN_APPLICATION[(bool(teamcode), with_consents)].first(**values)
    return application, team


def application_store(
    application: Application,
    parsed: validation.ParsedApplication,
    *,
    user,
    team: Team | None,
    sections: list[dict],
    scope: list[dict],
) -> list[Answer]:
    """Write the fixed fields, the team and the answers of questions in `scope` (sections);
    return the application's answers as they now stand (what a response renders).

    The body is the form's whole state: answers to questions of the set that it leaves empty
    (or that sit in a section that no longer applies) are removed; answers to questions that
    are no longer in the set are kept. Whatever the size: one read of the stored answers, then
    at most one delete and one bulk upsert, each skipped when there is nothing to change.
    """
    application.first = parsed.first
    application.last = parsed.last
    application.school = parsed.school
    application.school_other = parsed.school_other
    application.checkboxes = parsed.checkboxes
    application.email = user.email
    application.team = team
    application.teamcode = team.code if team is not None else None
    application.team_choice = parsed.team_choice
    fields = [
        "first",
        "last",
        "school",
        "school_other",
        "checkboxes",
        "email",
        "team",
        "teamcode",
        "team_choice",
        "updated_at",
    ]
    application.save(update_fields=fields)

    in_set = {q["question_id"]: s["section_name"] for s in sections for q in s["questions"]}
    in_scope = {q["question_id"] for s in scope for q in s["questions"] if q["question_type"] != QuestionType.RESUME}
    wanted = {qid: value for qid, value in parsed.answers.items() if qid in in_scope and value != ""}
    # The stored answers are read (once) so the response can be rendered without reading
    # them again; the writes are one delete of the answers the body dropped and one upsert of
    # those it gives, each skipped when empty.
    existing = list(Answer.objects.filter(application=application))
    stale = [a.pk for a in existing if a.question_id in in_set and a.question_id not in wanted]
    current = {a.question_id: a for a in existing if a.pk not in stale}
    rows = [
        Answer(
            application=application,
            question_id=q,
            section_name=in_set[q],
            value=v,
            detail=parsed.details.get(q, ""),
        )
        for q, v in wanted.items()
    ]
    if stale:
        Answer.objects.filter(pk__in=stale).delete()
    if rows:
        Answer.objects.bulk_create(
            rows,
            update_conflicts=True,
            unique_fields=["application", "question_id"],
            update_fields=["section_name", "value", "detail"],
        )
    for row in rows:
        current[row.question_id] = row
    return list(current.values())


def _open_cycle_and_question_set() -> tuple[Cycle, list[dict]]:
    """The current cycle, refused (409) unless open, and its question set: one query."""
    cycle, sections = current_cycle_and_question_set()
    if cycle.status != CycleStatus.OPEN:
        raise ApplicationError(NOT_OPEN, status=409)
    return cycle, sections


def _refuse_without_university_email(user) -> None:
    """409 with why, for an account whose address is not a university one (one a provider made
    from a personal address): it adds and verifies one first (apps.accounts.services)."""
    from apps.accounts.services import apply_blocker

    reason = apply_blocker(user)
    if reason:
        raise ApplicationError(reason, status=409)


@dataclass
class Written:
    """A submit's or save's result with what its response is rendered from, so rendering
    reads nothing again: the cycle and question set read once, the answers as written."""

    application: Application
    cycle: Cycle
    sections: list[dict]
    answers: list[Answer]


@one_at_a_time
def application_submit_written(*, user, data) -> Written:
    """Submit (or, while the cycle is open, edit a submitted) application. 400 with every
    problem at once; 409 when the cycle is not open or a decision was made.

    Reads the cycle and its question set once (one query) and passes them down.
    """
    cycle, sections = _open_cycle_and_question_set()
    _refuse_without_university_email(user)
    parsed = validation.parse_application(data, sections)
    team_code = parsed.teamcode if "teamcode" not in parsed.errors else None
    join = parsed.team_choice == TeamChoice.JOIN
    application, team = _lock_own_application(cycle, user, team_code, join=join, with_consents=True)
    if application.status not in (*DRAFTS, S.SUBMITTED):
        raise ApplicationError(ALREADY_DECIDED, status=409)
    errors = validation.check_application(
        cycle,
        parsed,
        sections,
        user,
        has_resume=application.has_resume,
        team_others=getattr(application, "team_others", None),
        team_exists=team is not None if team_code else None,
    )
    if errors:
        raise ApplicationError(INVALID_APPLICATION, errors=errors)
    scope = validation.active_sections(sections, parsed.answers)
    answers = application_store(application, parsed, user=user, team=team, sections=sections, scope=scope)
    # The consents are recorded in the submit's transaction: no application without its records.
    consents.record(application, consents.given_in_body(data, parsed.checkboxes))
    if application.status != S.SUBMITTED:
        # In our transaction (a refusal fails the whole submit): no nested SAVEPOINT/RELEASE pair.
        # The row is ours until commit (locked above, in this transaction): no second read.
        application = transition(locked=application, to=S.SUBMITTED, actor=user, savepoint=False)
        # The first submit's acknowledgement, recorded with it (keyed: an edit adds nothing).
        received.record(application, cycle)
    return Written(application, cycle, sections, answers)


def application_submit(*, user, data) -> Application:
    """application_submit_written, for callers that want only the application."""
    return application_submit_written(user=user, data=data).application


@one_at_a_time
def application_save_written(*, user, data) -> Written:
    """Save a draft: only the shape is checked, values are kept as typed; status `started`.
    409 when the cycle is not open or the application was already submitted."""
    cycle, sections = _open_cycle_and_question_set()
    _refuse_without_university_email(user)
    parsed = validation.parse_application(data, sections)
    join = parsed.team_choice == TeamChoice.JOIN
    application, team = _lock_own_application(cycle, user, parsed.teamcode, join=join)
    if application.status not in DRAFTS:
        message = ALREADY_SUBMITTED if application.status == S.SUBMITTED else ALREADY_DECIDED
        raise ApplicationError(message, status=409)
    # Checked only now: the status refusal (409) comes before a malformed body's (400).
    if parsed.errors:
        raise ApplicationError(INVALID_DRAFT, errors=parsed.errors)
    # A draft keeps values as typed, but not a team that doesn't exist: storing the code would
    # start it (the same rule as submit, validation.team_error).
    problem = validation.team_error(
        cycle,
        parsed.teamcode,
        user,
        others=getattr(application, "team_others", None),
        choice=parsed.team_choice,
        exists=team is not None,
    )
    if problem:
        raise ApplicationError(problem, errors={"teamcode": [problem]})
    answers = application_store(application, parsed, user=user, team=team, sections=sections, scope=sections)
    if application.status != S.STARTED:
        # The row is ours until commit (locked above, in this transaction): no second read.
        application = transition(locked=application, to=S.STARTED, actor=user, savepoint=False)
    return Written(application, cycle, sections, answers)


def application_save(*, user, data) -> Application:
    """application_save_written, for callers that want only the application."""
    return application_save_written(user=user, data=data).application
