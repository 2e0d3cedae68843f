"""The status machine: the one door through which every application status change passes.

Applicants, organizers, batch updates, the Django admin and operator commands all call
`transition` (directly or through `decide` and `applicant_act`), or its bulk form
`transition_many` (through `decide_many`, the batch decision). Each locks the application rows
inside a transaction (once), checks the move against one rule table (`Rule`), records the
history and saves, so two simultaneous changes are serialised and neither is lost.
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field

from django.db import connection, transaction
from django.db.models import Case, DateTimeField, F, Value, When
from django.db.models.expressions import RawSQL
from django.db.models.functions import Coalesce
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

from apps.core.db import one_at_a_time
from apps.core.exceptions import ApplicationError
from apps.cycles.models import Cycle, CycleStatus

from . import status_cache
from .models import DRAFTS, Application, ApplicationEvent
from .models import ApplicationStatus as S
from .signals import decision_changed_after_release, status_changed

# Statuses an organizer may record as a decision, moving freely between them (a decision can be revised).
DECISIONS = (S.SUBMITTED, S.ACCEPTED, S.WAITLISTED, S.REJECTED, S.WAITLIST_ACCEPTED)
# Batch updates offer the decisions without "No Decision".
BATCH_DECISIONS = (S.ACCEPTED, S.WAITLISTED, S.REJECTED, S.WAITLIST_ACCEPTED)
# An application that was never submitted can't be decided on.
# Offers of a place the applicant has to answer by a deadline (apps.decisions.offers): the
# move into one stamps `offered_at`, from which the deadline counts.
OFFERS = (S.ACCEPTED, S.WAITLIST_ACCEPTED)
# The deadline task's move: an unanswered offer expires (never a person's action).
# Who made a change when no person did (ApplicationEvent.source).
BY_WAITLIST = "waitlist"
BY_DEADLINE = "deadline"
SOURCES = (BY_WAITLIST, BY_DEADLINE)
# Decisions that a release announces by email.
RELEASE_DECISIONS = (S.ACCEPTED, S.WAITLISTED, S.REJECTED, S.WAITLIST_ACCEPTED)
# Before release, applicants see a decided application as submitted.
PRE_RELEASE = (CycleStatus.NOT_OPEN, CycleStatus.OPEN, CycleStatus.CLOSED)
# From release on, decisions are visible and announced.
POST_RELEASE = (
    CycleStatus.RELEASED,
    CycleStatus.CONFIRMATION_CLOSED,
    CycleStatus.WAITLIST_CLOSED,
    CycleStatus.SECOND_CONFIRMATION_CLOSED,
)

# The applicant's windows (contract: confirm, confirm-waitlist, decline), as
# {current status: cycle statuses that allow the call}.
CONFIRM_WINDOWS = {
    S.ACCEPTED: frozenset({CycleStatus.RELEASED}),
    S.WAITLIST_ACCEPTED: frozenset(
        {CycleStatus.RELEASED, CycleStatus.CONFIRMATION_CLOSED, CycleStatus.WAITLIST_CLOSED}
    ),
}
WAITLIST_WINDOWS = {S.WAITLISTED: frozenset({CycleStatus.RELEASED, CycleStatus.CONFIRMATION_CLOSED})}
# Decline is open wherever the matching confirm call is (the waitlist offer included), and a
# confirmed applicant may give up their spot whatever the cycle's status after release, but
# only before the event starts (DATE_LIMITS): the freed spot can still go to someone else.
DECLINE_WINDOWS = {**CONFIRM_WINDOWS, **WAITLIST_WINDOWS, S.CONFIRMED: frozenset(POST_RELEASE)}

CONFIRM = "confirm"
CONFIRM_WAITLIST = "confirm_waitlist"
DECLINE = "decline"

# action: (windows, target status, refusal when the status has no such offer, refusal when
# the offer exists but its window is closed).
APPLICANT_ACTIONS = {
    CONFIRM: (
        CONFIRM_WINDOWS,
        S.CONFIRMED,
        _("You have no offer of admission to confirm."),
        _("The confirmation window has closed, so your attendance can no longer be confirmed."),
    ),
    CONFIRM_WAITLIST: (
        WAITLIST_WINDOWS,
        S.WAITLIST_CONFIRMED,
        _("You have no waitlist offer to accept."),
        _("The waitlist window has closed, so you can no longer join the waitlist."),
    ),
    DECLINE: (
        DECLINE_WINDOWS,
        S.DECLINED,
        _("You have no offer to decline."),
        _("The window to respond has closed, so your offer can no longer be declined."),
    ),
}
# Windows that also close on a date of the cycle: (action, status) → (the cycle's date field,
# the refusal from that day on). The day is the UTC date of the application's clock.
DATE_LIMITS = {
    (DECLINE, S.CONFIRMED): (
        "start",
        _("The event has started, so your spot can no longer be given up."),
    ),
}
# Statuses whose refusal says more than "no offer": a checked-in applicant is at the event.
APPLICANT_REFUSALS = {
    S.CHECKED_IN: _("You're already checked in at the event, so your attendance can't be changed here."),
}


# An organizer's decision may overwrite an applicant's own answer only when asked to: a batch
# "Accepted" once turned confirmed attendees back into accepted ones, silently. The
# statuses an answer reaches, with why a decision without `override` leaves them alone. The
# `reason` is the batch result's code ("skipped: already confirmed", what clients compare),
# `refusal` the single decision's sentence; SKIP_WORDS says each code in the reader's language.
ANSWERED = {
    S.CONFIRMED: (
        "already confirmed",
        _("This applicant has confirmed attendance; changing the decision needs Override."),
    ),
    S.DECLINED: (
        "already declined",
        _("This applicant has declined their offer; changing the decision needs Override."),
    ),
    S.CHECKED_IN: (
        "already checked in",
        _("This applicant has checked in; changing the decision needs Override."),
    ),
}
SKIP_WORDS = {
    "already confirmed": _("already confirmed"),
    "already declined": _("already declined"),
    "already checked in": _("already checked in"),
}
NOT_ALLOWED = _("This change is not allowed for this application's current status.")
NOT_SUBMITTED = _("This application has not been submitted yet, so no decision can be recorded.")
# Rows locked, updated and recorded per statement in a bulk move: a chunk is one transaction,
# so its locks are held briefly, and its history rows fit one INSERT (well under PostgreSQL's
# 65,535 bind parameters: 500 rows x 3 events x 6 columns).
CHUNK_SIZE = 500


@dataclass(frozen=True)
class Rule:
    """Which statuses a move may start from: the one rule table of `transition`, `decide` and
    their bulk forms (`transition_many`, `decide_many`), so one application and a thousand are
    judged alike.

    `allowed_from` None allows any status; `guarded` maps statuses that are allowed only with
    an explicit override to (reason, refusal)."""

    allowed_from: frozenset[str] | None = None
    refusal: str = NOT_ALLOWED
    guarded: Mapping[str, tuple[str, str]] = field(default_factory=dict)

    def refuse(self, status: str, *, override: bool = False) -> Refusal | None:
        """Why an application in `status` may not move (None: it may)."""
        if self.allowed_from is not None and status not in self.allowed_from:
            return Refusal(reason="not_allowed", message=self.refusal)
        if status in self.guarded and not override:
            reason, message = self.guarded[status]
            return Refusal(reason=reason, message=message)
        return None


@dataclass(frozen=True)
class Refusal:
    reason: str  # "not_allowed", or the guarded status' word ("already confirmed")
    message: str


# An organizer's decision: any submitted application (decided ones move freely: a decision can be revised),
# an applicant's answer only with an override.
DECISION_RULE = Rule(
    allowed_from=frozenset(s for s in S.values if s not in DRAFTS), refusal=NOT_SUBMITTED, guarded=ANSWERED
)


# Checking in (apps.checkin): from confirmed only.
CHECK_IN_RULE = Rule(allowed_from=frozenset({S.CONFIRMED}), refusal="Not confirmed.")

# Why, for an organizer at the door: where the person stands, in the reader's language (the
# status's own label, "the application is waitlist confirmed", read like a confirmation).
NOT_CONFIRMED_REASONS = {
    S.UNSUBMITTED: _("Not confirmed: no application was submitted."),
    S.STARTED: _("Not confirmed: the application was started, never submitted."),
    S.SUBMITTED: _("Not confirmed: the application has no decision yet."),
    S.WAITLISTED: _("Not confirmed: on the waitlist."),
    S.WAITLIST_CONFIRMED: _("Not confirmed: chose to stay on the waitlist; no spot was offered."),
    S.ACCEPTED: _("Not confirmed: accepted, but the spot was never confirmed."),
    S.WAITLIST_ACCEPTED: _("Not confirmed: offered a spot from the waitlist, never confirmed."),
    S.REJECTED: _("Not confirmed: the application was rejected."),
    S.DECLINED: _("Not confirmed: the spot was declined."),
    S.EXPIRED: _("Not confirmed: the offer expired unanswered."),
    S.CHECKED_IN: _("Already checked in."),
}


def not_confirmed_reason(status: str) -> str:
    """Why an application in `status` can't be checked in, for an organizer at the door."""
    return str(NOT_CONFIRMED_REASONS[S(status)])


def _announce_changes(changes: list[tuple[int, str, str]]) -> None:
    """`status_changed` once for the (application id, old, new) triples that really changed,
    inside the transaction that wrote them (after the rows are written): a receiver's writes
    commit or roll back with the change (apps.checkin issues the ticket of a confirmation in
    its own transaction), and what it sends out it queues with transaction.on_commit."""
    changes = [c for c in changes if c[1] != c[2]]
    if changes:
        status_changed.send(sender=Application, changes=changes)


@dataclass
class BulkOutcome:
    """What `transition_many` did (or, in a dry run, would do): the ids moved (in id order; a
    move to the status it already had counts, as a single transition's does), those whose
    status changed, the refused ones, and (`decide_many`) the ones announced after release.
    Ids it could not find (deleted meanwhile) are in none of them."""

    moved: list[int] = field(default_factory=list)
    changed: list[int] = field(default_factory=list)
    refused: dict[int, Refusal] = field(default_factory=dict)
    announced: list[int] = field(default_factory=list)


# Only the application's row: the model's default ordering joins the cycle, and a plain FOR
# UPDATE would lock the cycle's row too, which the release's door locks first (a deadlock with
# an applicant's answer, and every answer and check-in queued on one row).
LOCK_SELF = {"of": ("self",)}


def _lock(application_id: int) -> Application:
    application = Application.objects.select_for_update(**LOCK_SELF).filter(pk=application_id).first()
    if application is None:
        raise ApplicationError(_("No such application."), status=404)
    return application


def _record(application: Application | int, actor, field: str, old, new, source: str = "") -> ApplicationEvent | None:
    if str(old) == str(new):
        return None
    # Ids, not instances: a bulk move builds thousands of these, and setting a relation through
    # its descriptor costs several times the rest of the constructor.
    return ApplicationEvent(
        application_id=application if isinstance(application, int) else application.pk,
        actor_id=getattr(actor, "pk", None),
        field=field,
        from_value="" if old is None else str(old),
        to_value="" if new is None else str(new),
        source=source,
    )


def _check_target(to: str) -> None:
    if to not in S.values:
        raise ApplicationError(f"Unknown status '{to}'.")


def _check_source(source: str) -> None:
    if source and source not in SOURCES:
        raise ValueError(f"Unknown source '{source}'.")


def _move(
    application: Application,
    *,
    to: str,
    actor,
    travel_reimbursement: bool | None,
    housing_accommodations: bool | None,
    source: str = "",
) -> Application:
    """Move a row already locked by the caller: one UPDATE, and one INSERT of its history."""
    changes = [(application.pk, application.status, to)]
    events = [_record(application, actor, "status", application.status, to, source)]
    fields = ["status", "updated_at"]
    if to in OFFERS and application.status != to:
        application.offered_at = timezone.now()
        fields.append("offered_at")
    application.status = to
    if travel_reimbursement is not None:
        events.append(
            _record(application, actor, "travel_reimbursement", application.travel_reimbursement, travel_reimbursement)
        )
        application.travel_reimbursement = travel_reimbursement
        fields.append("travel_reimbursement")
    if housing_accommodations is not None:
        events.append(
            _record(
                application, actor, "housing_accommodations", application.housing_accommodations, housing_accommodations
            )
        )
        application.housing_accommodations = housing_accommodations
        fields.append("housing_accommodations")
    if to == S.SUBMITTED and application.submitted_at is None:
        application.submitted_at = timezone.now()
        fields.append("submitted_at")
    application.save(update_fields=fields)
    ApplicationEvent.objects.bulk_create([e for e in events if e is not None])
    _announce_changes(changes)
    return application


@one_at_a_time
def transition(
    *,
    application_id: int | None = None,
    locked: Application | None = None,
    to: str,
    actor=None,
    allowed_from: Iterable[str] | None = None,
    travel_reimbursement: bool | None = None,
    housing_accommodations: bool | None = None,
    refusal: str = NOT_ALLOWED,
    rule: Rule | None = None,
    override: bool = False,
    source: str = "",
) -> Application:
    """Move an application to `to`, under a row lock, recording what changed and who did it
    (`source` when no person did: BY_WAITLIST, BY_DEADLINE).

    The move must pass `rule` (or the plain rule of `allowed_from` and `refusal`): a refusal is
    a 409 with its sentence.

    `locked` is the application when the caller already holds its row lock in this transaction
    (the submit reads it `select_for_update` with what validation needs): reading it again would
    only repeat a query, since nobody else can change the row until commit."""
    _check_target(to)
    _check_source(source)
    rule = rule or Rule(allowed_from=None if allowed_from is None else frozenset(allowed_from), refusal=refusal)
    if locked is not None:
        # Our own atomic block (one_at_a_time) is one; the caller's, holding the lock, another.
        if len(transaction.get_connection().atomic_blocks) < 2:
            raise RuntimeError("transition(locked=...) needs the caller's transaction that holds the row lock.")
        application = locked
    else:
        application = _lock(application_id)
    refused = rule.refuse(application.status, override=override)
    if refused is not None:
        raise ApplicationError(refused.message, status=409, errors=_refusal_errors(refused))
    return _move(
        application,
        to=to,
        actor=actor,
        travel_reimbursement=travel_reimbursement,
        housing_accommodations=housing_accommodations,
        source=source,
    )


def sql_value(value: int | RawSQL | None) -> tuple[str, list]:
    """A value for a hand-written statement: a parameter, or a subquery (RawSQL) in brackets."""
    if isinstance(value, RawSQL):
        return f"({value.sql})", list(value.params)
    return "%s", [value]


def move_statement(
    *,
    application_id: int | RawSQL,
    to: str,
    rule: Rule,
    actor,
    current_cycle_only: bool = False,
    requires: tuple[str, list] | None = None,
) -> tuple[str, list]:
    """The one-row transition as SQL for a caller that must do it in a single statement
    (PostgreSQL only; a check-in at the door, where every round trip is a person waiting):
    a data-modifying CTE named `moved` that updates the row if its status passes `rule` (and,
    with `current_cycle_only`, if it belongs to the current cycle), returning its id, old
    status and owner (`id`, `old_status`, `user_id`), and records the history of what it
    moved, exactly as `transition` does.

    `application_id` is the id, or a subquery that yields it (RawSQL: the door finds the
    application by its ticket in the same statement).

    The row is locked only when its status may move (FOR UPDATE re-checks that condition
    against the committed row after waiting), so a refusal (a second scan of someone already
    in) takes no lock and writes nothing. The UPDATE takes the row lock `transition` takes; a
    concurrent mover makes it wait, then re-check its condition against the committed row, so a
    move that lost the race moves nothing. The caller appends its own CTEs and final SELECT
    reading `moved`, and executes it in a transaction of its own (no other write in it) together
    with `announce` of the rows it moved and their owners, so the receivers' rows commit with
    the move and the owners' cached status (status_cache) is replaced when it commits. An empty
    `moved` means refused or raced: the caller answers through `transition`, which says why.

    `requires` is a SELECT (and its parameters), named `required`, that must yield a row for the
    move to happen. It must join `old`: then it runs once the row is locked (the application's
    row first, then its own, the order every mover keeps), and a locking clause in it (FOR NO
    KEY UPDATE OF ...) re-checks its own rows against what committed while the statement waited
    for that lock. The door locks the scanned ticket so: a ticket replaced while its scan waited
    (the replacement holds the application's row lock) is no longer live, and nothing moves.
    """
    if connection.vendor != "postgresql":
        raise RuntimeError("move_statement is PostgreSQL's; use transition elsewhere.")
    _check_target(to)
    if rule.allowed_from is None:
        raise ValueError("move_statement needs a rule that names the statuses it moves from.")
    target, target_params = sql_value(application_id)
    table = Application._meta.db_table
    events = ApplicationEvent._meta.db_table
    now = timezone.now()
    allowed = sorted(rule.allowed_from)
    conditions = [f"{table}.id = {target}", f"{table}.status = ANY(%s)", f"{table}.status <> %s"]
    params: list = [*target_params, allowed, to]
    required = ""
    if requires is not None:
        required = f"required AS ({requires[0]}), "
        params += list(requires[1])
    params += [to, now, *target_params, allowed, to]
    if current_cycle_only:
        cycle_sql, cycle_params = current_cycle_statement()
        conditions.append(f"{table}.cycle_id = ({cycle_sql})")
        params += list(cycle_params)
    params += [now, getattr(actor, "pk", None), to]
    sql = (
        f"WITH old AS (SELECT id, status FROM {table} WHERE id = {target} AND status = ANY(%s) AND status <> %s "
        "FOR UPDATE), "
        f"{required}"
        f"moved AS (UPDATE {table} SET status = %s, updated_at = %s FROM old{', required' if required else ''} "
        f"WHERE old.id = {table}.id AND {' AND '.join(conditions)} "
        f"RETURNING {table}.id, old.status AS old_status, {table}.user_id), "
        f"history AS (INSERT INTO {events} (application_id, at, actor_id, field, from_value, to_value) "
        f"SELECT id, %s, %s, 'status', old_status, %s FROM moved)"
    )
    return sql, params


@functools.cache
def current_cycle_statement() -> tuple[str, tuple]:
    """The current cycle's id as a subquery, compiled by the ORM once per process: the door runs
    move_statement for every scan, and reads the current cycle in the same statement."""
    return Cycle.objects.filter(is_current=True).values("pk")[:1].query.sql_with_params()


def announce(changes: list[tuple[int, str, str]], *, user_ids: list[int]) -> None:
    """`status_changed` for what a `move_statement` moved, whose owners are `user_ids` (its raw
    UPDATE sends no save signal); transition does both itself."""
    status_cache.forget(user_ids)
    _announce_changes(changes)


def _refusal_errors(refused: Refusal) -> dict:
    # A guarded status is lifted by the override field: the error names it.
    return {} if refused.reason == "not_allowed" else {"override": [refused.message]}


@one_at_a_time
def _transition_chunk(
    *,
    ids: list[int],
    to: str,
    actor,
    rule: Rule,
    override: bool,
    travel_reimbursement: bool | None,
    housing_accommodations: bool | None,
    after: Callable[[list[int]], None] | None,
    dry_run: bool,
) -> BulkOutcome:
    """One chunk of `transition_many` in one transaction, in a fixed number of statements
    whatever its size: lock (in id order), one UPDATE, one INSERT of the history. A dry run
    reads the rows without a lock and stops before writing."""
    now = timezone.now()
    rows = Application.objects.filter(pk__in=ids).order_by("pk")
    if not dry_run:
        rows = rows.select_for_update()
    rows = list(rows.values_list("pk", "status", "travel_reimbursement", "housing_accommodations", "user_id"))
    outcome = BulkOutcome()
    events: list[ApplicationEvent | None] = []
    changes: list[tuple[int, str, str]] = []
    owners: list[int] = []
    for pk, status, travel, housing, user_id in rows:
        refused = rule.refuse(status, override=override)
        if refused is not None:
            outcome.refused[pk] = refused
            continue
        outcome.moved.append(pk)
        owners.append(user_id)
        if status != to:
            outcome.changed.append(pk)
            changes.append((pk, status, to))
        events.append(_record(pk, actor, "status", status, to))
        if travel_reimbursement is not None:
            events.append(_record(pk, actor, "travel_reimbursement", travel, travel_reimbursement))
        if housing_accommodations is not None:
            events.append(_record(pk, actor, "housing_accommodations", housing, housing_accommodations))
    if outcome.moved and not dry_run:
        values: dict = {"status": to, "updated_at": now}
        if to in OFFERS:
            # Stamped on the rows that move into the offer, in the same UPDATE (its SET reads
            # each row's old status): a repeated offer keeps the time it was first made.
            values["offered_at"] = Case(
                When(status=to, then=F("offered_at")), default=Value(now), output_field=DateTimeField()
            )
        if travel_reimbursement is not None:
            values["travel_reimbursement"] = travel_reimbursement
        if housing_accommodations is not None:
            values["housing_accommodations"] = housing_accommodations
        if to == S.SUBMITTED:
            values["submitted_at"] = Coalesce("submitted_at", Value(now))
        Application.objects.filter(pk__in=outcome.moved).update_of(owners, **values)
        ApplicationEvent.objects.bulk_create([e for e in events if e is not None])
        _announce_changes(changes)
        if after is not None:
            after(outcome.changed)
    return outcome


def transition_many(
    *,
    application_ids: Iterable[int],
    to: str,
    actor=None,
    rule: Rule | None = None,
    override: bool = False,
    travel_reimbursement: bool | None = None,
    housing_accommodations: bool | None = None,
    chunk_size: int = CHUNK_SIZE,
    after_chunk: Callable[[list[int]], None] | None = None,
    dry_run: bool = False,
) -> BulkOutcome:
    """`transition` for many applications at once, by the same rule: chunk by chunk, each chunk
    one transaction that locks its rows once (ordered by id, so two bulk moves over the same
    rows queue up instead of deadlocking), moves the allowed ones in one UPDATE and writes
    their history in one INSERT. A refusal skips its row and never undoes the others.

    `after_chunk(changed ids)` runs inside each chunk's transaction (to queue what must happen
    after its commit, with transaction.on_commit). `dry_run` judges the rows as they are now
    and changes nothing (what a form shows before the organizer submits).
    """
    _check_target(to)
    rule = rule or Rule()
    ids = sorted(set(application_ids))
    outcome = BulkOutcome()
    for start in range(0, len(ids), chunk_size):
        part = _transition_chunk(
            ids=ids[start : start + chunk_size],
            to=to,
            actor=actor,
            rule=rule,
            override=override,
            travel_reimbursement=travel_reimbursement,
            housing_accommodations=housing_accommodations,
            after=after_chunk,
            dry_run=dry_run,
        )
        outcome.moved += part.moved
        outcome.changed += part.changed
        outcome.refused.update(part.refused)
    return outcome


def _cycle_status(cycle_id: int) -> str:
    return Cycle.objects.filter(pk=cycle_id).values_list("status", flat=True).get()


def _cycle_status_and_dates(cycle_id: int) -> tuple[str, dict]:
    """The cycle's status and the dates an applicant's window may close on, in one query."""
    fields = sorted({name for name, _refusal in DATE_LIMITS.values()})
    status, *dates = Cycle.objects.filter(pk=cycle_id).values_list("status", *fields).get()
    return status, dict(zip(fields, dates, strict=True))


def _check_decision(status: str, choices: tuple[str, ...]) -> None:
    if status not in choices:
        raise ApplicationError(
            f"'{status}' is not a decision. Choose one of: {', '.join(choices)}.",
            errors={"status": [f"Choose one of: {', '.join(choices)}."]},
        )


def _announce(application_ids: Iterable[int]) -> None:
    """After commit, one announcement per application whose decision changed after release."""
    for application_id in application_ids:
        transaction.on_commit(
            lambda pk=application_id: decision_changed_after_release.send(sender=Application, application_id=pk)
        )


@one_at_a_time
def decide(
    *,
    application_id: int,
    status: str,
    actor,
    travel_reimbursement: bool | None = None,
    housing_accommodations: bool | None = None,
    choices: Iterable[str] = DECISIONS,
    override: bool = False,
    source: str = "",
    rule: Rule = DECISION_RULE,
) -> Application:
    """An organizer's decision (or, with `source` BY_WAITLIST and a narrower `rule`, the
    waitlist refill's). Drafts can't be decided on; decided ones move freely; an
    applicant's answer (confirmed, declined) is overwritten only with `override` (DECISION_RULE).

    The row is locked once, and the "did the decision change?" judged against that row. A
    decision recorded after release (a waitlist admit during the waitlist period, say) is
    announced at once (`decision_changed_after_release`, after commit; apps.decisions sends
    its email), since no later release would send it.
    """
    _check_decision(status, tuple(choices))
    _check_source(source)
    application = _lock(application_id)
    previous = application.status
    refused = rule.refuse(previous, override=override)
    if refused is not None:
        raise ApplicationError(refused.message, status=409, errors=_refusal_errors(refused))
    _move(
        application,
        to=status,
        actor=actor,
        travel_reimbursement=travel_reimbursement,
        housing_accommodations=housing_accommodations,
        source=source,
    )
    if status in RELEASE_DECISIONS and status != previous and _cycle_status(application.cycle_id) in POST_RELEASE:
        _announce([application.pk])
    return application


def decide_many(
    *,
    application_ids: Iterable[int],
    status: str,
    actor,
    cycle_id: int,
    travel_reimbursement: bool | None = None,
    housing_accommodations: bool | None = None,
    choices: Iterable[str] = BATCH_DECISIONS,
    override: bool = False,
    chunk_size: int = CHUNK_SIZE,
    dry_run: bool = False,
) -> BulkOutcome:
    """`decide` for many applications of one cycle (the batch decision): the same rule table
    and the same announcements, through `transition_many`. The cycle's status is read once;
    after release, each application whose decision changed is announced once, after its
    chunk commits (`announced` lists them; in a dry run, the ones that would be)."""
    _check_decision(status, tuple(choices))
    announce = status in RELEASE_DECISIONS and _cycle_status(cycle_id) in POST_RELEASE
    outcome = transition_many(
        application_ids=application_ids,
        to=status,
        actor=actor,
        rule=DECISION_RULE,
        override=override,
        travel_reimbursement=travel_reimbursement,
        housing_accommodations=housing_accommodations,
        chunk_size=chunk_size,
        after_chunk=_announce if announce else None,
        dry_run=dry_run,
    )
    if announce:
        outcome.announced = list(outcome.changed)
    return outcome


@one_at_a_time
def applicant_act(
    *, application_id: int | None = None, locked: Application | None = None, action: str, actor=None
) -> Application:
    """An applicant's confirm / confirm-waitlist / decline, allowed only in its window.

    The application row is locked first (once) and the cycle status read after, so the check
    and the change see one consistent state: a concurrent decision or a second click waits for
    this one and then finds the status already moved. `locked` is the application when the
    caller holds its row lock already (apps.decisions, which needs the status before the move).
    """
    windows, to, no_offer, closed = APPLICANT_ACTIONS[action]
    if locked is not None:
        # The caller locked the row in its own transaction (and read what it needs from it).
        if len(transaction.get_connection().atomic_blocks) < 2:
            raise RuntimeError("applicant_act(locked=...) needs the caller's transaction that holds the row lock.")
    else:
        locked = _lock(application_id)
    cycle_status, cycle_dates = _cycle_status_and_dates(locked.cycle_id)
    allowed_cycles = windows.get(locked.status)
    # Before release a decision is hidden: the applicant must not learn it from our refusal.
    if allowed_cycles is None or cycle_status in PRE_RELEASE:
        refusal = APPLICANT_REFUSALS.get(locked.status) if cycle_status not in PRE_RELEASE else None
        raise ApplicationError(refusal or no_offer, status=409)
    if cycle_status not in allowed_cycles:
        raise ApplicationError(closed, status=409)
    limit = DATE_LIMITS.get((action, locked.status))
    if limit is not None and timezone.now().date() >= cycle_dates[limit[0]]:
        raise ApplicationError(limit[1], status=409)
    return _move(
        locked,
        to=to,
        actor=actor if actor is not None else locked.user,
        travel_reimbursement=None,
        housing_accommodations=None,
    )


def visible_status(application: Application | None, cycle_status: str) -> dict:
    """What the applicant may see: decisions (and travel and housing) stay hidden until release."""
    if application is None:
        return {
            "status": S.UNSUBMITTED,
            "travel_reimbursement": False,
            "housing_accommodations": False,
            "teamcode": None,
        }
    before_release = cycle_status in PRE_RELEASE
    hidden = before_release and application.status not in (*DRAFTS, S.SUBMITTED)
    return {
        "status": S.SUBMITTED if hidden else application.status,
        "travel_reimbursement": False if before_release else application.travel_reimbursement,
        "housing_accommodations": False if before_release else application.housing_accommodations,
        "teamcode": application.teamcode or None,
    }
