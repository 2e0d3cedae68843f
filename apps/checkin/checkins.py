"""Checking people in at the door: by ticket (scan), by application (the search's fallback).

One answer per situation, the same on a retry: the client makes a `scan_id` per scan and keeps
it across retries (its offline queue), and the check-in record keeps it, so a request whose
first answer was lost finds its own record and gets the same 200. Two devices scanning one
ticket at once both reach the status machine's row lock; the second waits, then finds the
person checked in, and gets the 409 that says when and by whom. The CheckIn row is one per
application (OneToOne), so no interleaving can record two.
"""

from __future__ import annotations

import uuid
from zoneinfo import ZoneInfo

from django.conf import settings
from django.db import IntegrityError, connection, transaction
from django.db.models import Case, IntegerField, OuterRef, Q, Subquery, Value, When
from django.db.models.expressions import RawSQL
from django.db.models.functions import Concat
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

from apps.applications import selections, status_machine
from apps.applications.models import Answer, Application, RsvpAnswers
from apps.applications.models import ApplicationStatus as S
from apps.core.db import Prepared
from apps.core.exceptions import ApplicationError
from apps.cycles.models import Cycle
from apps.cycles.selectors import current_cycle

from . import tokens
from .models import CheckIn, Ticket

INVALID = _("This isn't a valid ticket.")
REPLACED = _("This ticket was replaced by a newer one.")
OTHER_EVENT = _("This ticket is for another event.")
SCAN_ID_TAKEN = _("This scan id was already used for another check-in.")
NO_SUCH_APPLICATION = _("No such application.")
ANSWER_IDS = ("dietary_restrictions", "tshirt_size")
# The RSVP answers that the door shows (apps.cycles.questions.RSVP_CARD_QUESTIONS): given at
# confirmation, they are the final word, so they win over the application's older answers.
RSVP_DOOR = {
    "rsvp_dietary": "dietary_restrictions",
    "rsvp_tshirt": "tshirt_size",
    "rsvp_accessibility": "accessibility_needs",
}
SEARCH_LIMIT = 20


# --- The answers -------------------------------------------------------------------------


def _check_in_of(application: Application) -> CheckIn | None:
    try:
        return application.check_in
    except CheckIn.DoesNotExist:
        return None


def with_answers(rows, application: str = "pk"):
    """`rows` (applications, or rows whose `application` path leads to one) with the door's
    answers as columns: read in the same query, not one more round trip per scan."""
    return rows.annotate(
        **{
            f"door_{qid}": Subquery(
                Answer.objects.filter(application=OuterRef(application), question_id=qid).order_by().values("value")[:1]
            )
            for qid in ANSWER_IDS
        },
        door_rsvp=Subquery(RsvpAnswers.objects.filter(application=OuterRef(application)).values("answers")[:1]),
    )


# The scan's read: the ticket by its code, with its application, the application's check-in and
# the door's answers, compiled once per process (building and compiling its five subqueries took
# as long as the database's answer). Unordered (the code is unique): the models' orderings
# joined the cycle and sorted the one row, and made the door's one statement, which embeds this
# read, 20 bytes longer than the 4,096 up to which psycopg keeps a statement's parsed form, so
# psycopg parsed it anew on every scan (0.36 ms; test_scan.py holds it under).
_TICKET_BY_CODE = Prepared(
    lambda code: (
        with_answers(Ticket.objects.select_related("application", "application__check_in"), "application")
        .filter(code=code)
        .order_by()
    ),
    "code",
)


def _with_rsvp(answers: dict, rsvp) -> dict:
    """The door's answers: the application's, with the RSVP's where it gave one."""
    out = {qid: answers.get(qid) or "" for qid in ANSWER_IDS}
    out["accessibility_needs"] = ""
    for rsvp_id, key in RSVP_DOOR.items():
        value = rsvp.get(rsvp_id) if isinstance(rsvp, dict) else None
        if isinstance(value, str) and value:
            out[key] = value
    return out


def _answers_of(row, application: Application) -> dict:
    if hasattr(row, f"door_{ANSWER_IDS[0]}"):
        return _with_rsvp({qid: getattr(row, f"door_{qid}") for qid in ANSWER_IDS}, getattr(row, "door_rsvp", None))
    answers = dict(
        Answer.objects.filter(application=application, question_id__in=ANSWER_IDS).values_list("question_id", "value")
    )
    rsvp = RsvpAnswers.objects.filter(application=application).values_list("answers", flat=True).first()
    return _with_rsvp(answers, rsvp)


NOT_CONFIRMED_AT_THE_DOOR = _("Not confirmed.")


def door_state(status: str) -> str:
    """What the door needs to know of a status: confirmed, checked_in or not_confirmed."""
    if status == S.CONFIRMED:
        return "confirmed"
    if status == S.CHECKED_IN:
        return "checked_in"
    return "not_confirmed"


def door_reason(status: str, check_in: CheckIn | None, *, full: bool) -> str | None:
    """The sentence to give at the door (None for someone confirmed and not yet in). A volunteer
    (`full` False) hears "Not confirmed." whatever the decision: the decision is the
    organizers' to see."""
    if check_in is not None:
        return already_message(check_in)
    if status == S.CONFIRMED:
        return None
    if status == S.CHECKED_IN:
        return status_machine.not_confirmed_reason(status)
    return status_machine.not_confirmed_reason(status) if full else NOT_CONFIRMED_AT_THE_DOOR


def person(application: Application, check_in: CheckIn | None, answers: dict | None = None, *, full: bool) -> dict:
    """What the door shows of a person: no photo, the answers they need (food, t-shirt), and
    whether to let them in (`door`, `reason`). The application's status only to organizers
    (`full`); a volunteer gets None there."""
    if answers is None:
        answers = _answers_of(application, application)
    return {
        "application_id": application.pk,
        "name": f"{application.first} {application.last}".strip(),
        "first_name": application.first,
        "last_name": application.last,
        "email": application.email,
        "school": application.school,
        "dietary_restrictions": answers.get("dietary_restrictions", ""),
        "tshirt_size": answers.get("tshirt_size", ""),
        "accessibility_needs": answers.get("accessibility_needs", ""),
        "status": application.status if full else None,
        "door": door_state(application.status),
        "reason": door_reason(application.status, check_in, full=full),
        "checked_in_at": event_time(check_in.at) if check_in else None,
        "checked_in_by": (check_in.by_email or None) if check_in else None,
        "time_zone": settings.EVENT_TIME_ZONE,
    }


def refuse(message: str, result: str, *, status: int = 409, person_data: dict | None = None, errors=None):
    extra: dict = {"result": result}
    if person_data is not None:
        extra["person"] = person_data
    return ApplicationError(message, status=status, errors=errors or {}, extra=extra)


def event_zone() -> ZoneInfo:
    """The event's time zone (the setting EVENT_TIME_ZONE): the door's times are in it."""
    return ZoneInfo(settings.EVENT_TIME_ZONE)


def event_time(moment):
    """`moment` in the event's time zone (None stays None)."""
    return timezone.localtime(moment, event_zone()) if moment is not None else None


def already_message(check_in: CheckIn) -> str:
    at = f"{event_time(check_in.at):%H:%M %Z}"
    if check_in.by_email:
        return _("Already checked in at %(time)s by %(email)s.") % {"time": at, "email": check_in.by_email}
    return _("Already checked in at %(time)s.") % {"time": at}


def _checked_in(application: Application, check_in: CheckIn, answers: dict | None = None, *, full: bool) -> dict:
    return {"result": "checked_in", "person": person(application, check_in, answers, full=full)}


def _answer_existing(
    application: Application, check_in: CheckIn, scan_id: uuid.UUID, answers: dict | None = None, *, full: bool
) -> dict:
    """The answer for someone already checked in: the same 200 to a retry of the scan that did
    it, a 409 saying when and by whom to any other."""
    if check_in.scan_id == scan_id:
        return _checked_in(application, check_in, answers, full=full)
    raise refuse(
        already_message(check_in),
        "already_checked_in",
        person_data=person(application, check_in, answers, full=full),
    )


def sees_decisions(user) -> bool:
    """Organizers see the application's status at the door; volunteers only confirmed or not."""
    return bool(getattr(user, "is_admin", False))


def _not_confirmed(application: Application, answers: dict | None, *, full: bool) -> ApplicationError:
    data = person(application, None, answers, full=full)
    return refuse(data["reason"], "not_confirmed", person_data=data)


def current_cycle_id() -> int | None:
    """The current cycle's id as the database has it now, read in the caller's transaction."""
    return Cycle.objects.filter(is_current=True).values_list("pk", flat=True).first()


# --- Checking in -------------------------------------------------------------------------


class _Replaced(Exception):
    """The scanned ticket was voided (reissued, or its holder gave the spot up) before the
    check-in held the person's row: nothing is recorded."""


class _OtherEvent(Exception):
    """The application's cycle is not the current one as the check-in's transaction reads it."""


def _check_in(
    application: Application,
    *,
    scan_id: uuid.UUID,
    user,
    method: str,
    ticket: Ticket | None = None,
    device: str = "",
    answers: dict | None = None,
    current_cycle_id_read: int | None = None,
) -> dict:
    full = sees_decisions(user)
    if answers is None:
        answers = _answers_of(application, application)
    # The current cycle as the scan's own statement read it (`current_cycle_id_read`, in the same
    # snapshot as the ticket), or else the process's kept copy, which answers most scans of another
    # event's ticket at no cost; the check that admits is the one inside the check-in's statement
    # or transaction below. (The kept copy may lag a switch by a second: a retry answered from it
    # could contradict the check-in its own first attempt made.)
    current = current_cycle_id_read if current_cycle_id_read is not None else current_cycle().pk
    if application.cycle_id != current:
        raise _other_event(application, answers, full=full)
    existing = _check_in_of(application)
    if existing is not None:
        return _answer_existing(application, existing, scan_id, answers, full=full)
    if application.status != S.CONFIRMED:
        raise _not_confirmed(application, answers, full=full)
    if connection.vendor == "postgresql":
        record, _read, _cycle = _check_in_at_once(
            application.pk,
            scan_id=scan_id,
            user=user,
            method=method,
            ticket=ticket.pk if ticket else None,
            device=device,
        )
        if record is not None:
            application.status = S.CHECKED_IN
            return _checked_in(application, record, answers, full=full)
        # Refused or raced (another device, the current cycle switched, the scan id taken): the
        # transaction below finds out which and answers it.
    try:
        with transaction.atomic():
            # Read in this transaction, not from the process's copy (which may lag a switch of
            # the current cycle by up to CURRENT_CYCLE_CHECK_EVERY): a ticket of the cycle that
            # was current a moment ago is not admitted.
            if application.cycle_id != current_cycle_id():
                raise _OtherEvent
            moved, record = record_check_in(
                application.pk, actor=user, scan_id=scan_id, method=method, ticket=ticket, device=device
            )
    except _OtherEvent:
        raise _other_event(application, answers, full=full) from None
    except _Replaced:
        application.refresh_from_db(fields=["status"])
        raise _voided(application, answers, full=full) from None
    except (ApplicationError, IntegrityError):
        # Another device (or a parallel retry of this scan) got there first: the row lock made
        # this one wait, then refused. Answer from what is committed now.
        return _after_race(application.pk, scan_id, full=full, method=method)
    return _checked_in(moved, record, answers, full=full)


def record_check_in(
    application_id: int, *, actor, scan_id: uuid.UUID, method: str, ticket: Ticket | None = None, device: str = ""
) -> tuple[Application, CheckIn]:
    """The check-in itself, inside the caller's transaction: the status machine's move to
    checked in (its check-in rule, row lock and history) and the CheckIn row that says who let
    the person in, how and from which device. A scan and a walk-in both end here."""
    moved = status_machine.transition(
        application_id=application_id,
        to=S.CHECKED_IN,
        actor=actor,
        rule=status_machine.CHECK_IN_RULE,
        savepoint=False,
    )
    # The row is locked now: a reissue that voided the ticket while this scan was read has
    # committed, and is seen. (SQLite: BEGIN IMMEDIATE waited for it the same way.)
    if ticket is not None and not Ticket.objects.filter(pk=ticket.pk, voided_at__isnull=True).exists():
        raise _Replaced
    record = CheckIn.objects.create(
        application=moved,
        scan_id=scan_id,
        ticket=ticket,
        by=actor,
        by_email=getattr(actor, "email", "") or "",
        method=method,
        device=device,
    )
    return moved, record


def _check_in_at_once(
    application: int | RawSQL,
    *,
    scan_id: uuid.UUID,
    user,
    method: str,
    ticket: int | RawSQL | None,
    device: str,
    read_code: str | None = None,
) -> tuple[CheckIn | None, Ticket | None, int | None]:
    """The check-in in one statement (PostgreSQL): the status machine's move (row lock, the
    current-cycle check, history) and the CheckIn row together, in a transaction with the
    announcement of the move, so it costs this statement, BEGIN and COMMIT. `application` and
    `ticket` are ids or subqueries yielding them (status_machine.sql_value), so the door can
    find the person by the ticket's code in the same statement.

    Returns the CheckIn it recorded, or None when it moved nothing or the insert clashed: the
    caller then answers through the status machine's transaction, which says why. With
    `read_code`, also the ticket of that code as _TICKET_BY_CODE reads it (its application,
    check-in and door answers) and the current cycle's id, read by the same statement, so as the
    database had them just before it: what the caller answers from, either way.
    """
    ticket_sql, ticket_params = status_machine.sql_value(ticket)
    requires = None
    if ticket is not None:
        # The ticket still live once the person's row is locked, and locked in turn (as an
        # update of it locks it, so no foreign key check waits for it): a reissue holds that
        # row lock while it voids the ticket, so a scan that waited for it re-checks the ticket
        # against the committed void and moves nothing (the transaction below then answers
        # "replaced"). Read in the statement's snapshot only, the replaced ticket checked its
        # holder in.
        requires = (
            f"SELECT t.id FROM {Ticket._meta.db_table} t JOIN old ON t.application_id = old.id "
            f"WHERE t.id = {ticket_sql} AND t.voided_at IS NULL FOR NO KEY UPDATE OF t",
            list(ticket_params),
        )
    sql, params = status_machine.move_statement(
        application_id=application,
        to=S.CHECKED_IN,
        rule=status_machine.CHECK_IN_RULE,
        actor=user,
        current_cycle_only=True,
        requires=requires,
    )
    record = CheckIn(
        scan_id=scan_id,
        by_id=getattr(user, "pk", None),
        by_email=getattr(user, "email", "") or "",
        method=str(method),
        device=device,
    )
    table = CheckIn._meta.db_table
    sql += (
        f", record AS (INSERT INTO {table} (application_id, scan_id, ticket_id, by_id, by_email, at, method, device) "
        f"SELECT id, %s, {ticket_sql}, %s, %s, %s, %s, %s FROM moved RETURNING id, application_id, ticket_id) "
    )
    params += [scan_id, *ticket_params, record.by_id, record.by_email, record.at, record.method, device]
    read, cycle_id, moved = None, None, False
    try:
        # The statement and the announcement of what it moved in one transaction: the
        # receivers' rows (the webhooks' outbox) commit with the check-in or not at all, and
        # what they send leaves after the commit. Announced after a statement that had committed
        # on its own, a receiver's failure (or a crash) lost the event for good: a retry of the
        # scan finds the person in and announces nothing. It costs BEGIN and COMMIT, not a
        # statement. Inside a caller's transaction (tests) it is a savepoint, which a clash of
        # scan ids rolls back without spoiling the caller's.
        with transaction.atomic():
            if read_code is None:
                with connection.cursor() as cursor:
                    cursor.execute(
                        sql + "SELECT id, application_id, ticket_id, (SELECT user_id FROM moved) FROM record", params
                    )
                    row = cursor.fetchone()
            else:
                cycle_sql, cycle_params = status_machine.current_cycle_statement()
                read, row = _TICKET_BY_CODE.first_inside(
                    (
                        f"{sql}SELECT ticket_read.*, record.id, record.application_id, record.ticket_id, "
                        f"(SELECT user_id FROM moved), ({cycle_sql}) FROM (",
                        [*params, *cycle_params],
                    ),
                    (") ticket_read LEFT JOIN record ON true", []),
                    code=read_code,
                )
                row, cycle_id = row[:4], (row[4] if row else None)
            moved = bool(row) and row[0] is not None
            if moved:
                record.pk, record.application_id, record.ticket_id, owner = row
                status_machine.announce([(record.application_id, S.CONFIRMED, S.CHECKED_IN)], user_ids=[owner])
    except IntegrityError:
        # The scan id is another check-in's: nothing moved, and the read went with it.
        return None, (_TICKET_BY_CODE.first(code=read_code) if read_code is not None else None), None
    return (record if moved else None), read, cycle_id


# A live ticket by its code and version (the code is unique): what a scan checks in.
_LIVE_TICKET = f"SELECT {{column}} FROM {Ticket._meta.db_table} WHERE code = %s AND version = %s AND voided_at IS NULL"


def _scan_at_once(
    signed: tokens.Signed, *, scan_id: uuid.UUID, user, device: str
) -> tuple[Ticket | None, dict | None, int | None]:
    """A scan in one statement (PostgreSQL): the live ticket of this code and version is
    checked in if its holder is a confirmed person of the current event not in yet, and the
    ticket is read (with its application, check-in and door answers) as the database had it
    just before. Returns the ticket (None: no such code), the answer when it checked in, and the
    current cycle's id as the statement read it. For anything else (a replaced or voided
    ticket, someone already in or not confirmed, another event's ticket, a retry of this scan,
    a race) the caller answers from the ticket, as it would from its own read, with no round
    trip more; the refused move took no lock."""
    live = [signed.code, signed.version]
    record, ticket, cycle_id = _check_in_at_once(
        RawSQL(_LIVE_TICKET.format(column="application_id"), live),
        scan_id=scan_id,
        user=user,
        method=CheckIn.Method.SCAN,
        ticket=RawSQL(_LIVE_TICKET.format(column="id"), live),
        device=device,
        read_code=signed.code,
    )
    if record is None or ticket is None:
        return ticket, None, cycle_id
    # The read is from before the check-in: the person is in now, by this record.
    application = ticket.application
    application.status = S.CHECKED_IN
    answer = _checked_in(application, record, _answers_of(ticket, application), full=sees_decisions(user))
    return ticket, answer, cycle_id


def _other_event(application: Application, answers: dict | None, *, full: bool) -> ApplicationError:
    return refuse(
        OTHER_EVENT, "other_event", person_data=person(application, _check_in_of(application), answers, full=full)
    )


def _voided(application: Application, answers: dict | None, *, full: bool) -> ApplicationError:
    """The refusal of a voided ticket: replaced by a newer one, or voided when its holder gave
    up the spot (then, why they are not confirmed)."""
    data = person(application, _check_in_of(application), answers, full=full)
    if application.status != S.CONFIRMED and application.status != S.CHECKED_IN:
        return refuse(data["reason"], "not_confirmed", person_data=data)
    return refuse(REPLACED, "replaced", person_data=data)


def _after_race(application_id: int, scan_id: uuid.UUID, *, full: bool, method: str) -> dict:
    application = Application.objects.select_related("check_in").filter(pk=application_id).first()
    if application is None:
        # Deleted while this check-in waited for its row lock: the ticket names no one now.
        if method == CheckIn.Method.SCAN:
            raise refuse(INVALID, "invalid", status=400, errors={"token": [INVALID]})
        raise ApplicationError(NO_SUCH_APPLICATION, status=404)
    existing = _check_in_of(application)
    if existing is not None:
        return _answer_existing(application, existing, scan_id, full=full)
    if application.status != S.CONFIRMED:
        raise _not_confirmed(application, None, full=full)
    # Confirmed, not checked in, and the insert failed: the scan id belongs to another record.
    raise ApplicationError(SCAN_ID_TAKEN, status=409, errors={"scan_id": [SCAN_ID_TAKEN]})


def scan(*, token: str, scan_id: uuid.UUID, user, device: str = "") -> dict:
    """Check in the holder of a ticket token."""
    signed = tokens.verify(token)
    if signed is None:
        raise refuse(INVALID, "invalid", status=400, errors={"token": [INVALID]})
    cycle_id = None
    if connection.vendor == "postgresql":
        ticket, answer, cycle_id = _scan_at_once(signed, scan_id=scan_id, user=user, device=device)
        if answer is not None:
            return answer
    else:
        ticket = _TICKET_BY_CODE.first(code=signed.code)
    if ticket is None or ticket.version != signed.version:
        # Signed by us, but no such ticket: its application was deleted, or the version was
        # never issued under this code.
        raise refuse(INVALID, "invalid", status=400, errors={"token": [INVALID]})
    application = ticket.application
    answers = _answers_of(ticket, application)
    if ticket.voided_at is not None:
        raise _voided(application, answers, full=sees_decisions(user))
    return _check_in(
        application,
        scan_id=scan_id,
        user=user,
        method=CheckIn.Method.SCAN,
        ticket=ticket,
        device=device,
        answers=answers,
        current_cycle_id_read=cycle_id,
    )


def check_in_application(*, application_id: int, scan_id: uuid.UUID, user, device: str = "") -> dict:
    """Check in by application (a person found by the search, no ticket at hand)."""
    application = with_answers(Application.objects.select_related("check_in")).filter(pk=application_id).first()
    if application is None:
        raise ApplicationError(NO_SUCH_APPLICATION, status=404)
    return _check_in(application, scan_id=scan_id, user=user, method=CheckIn.Method.SEARCH, device=device)


# --- Looking people up --------------------------------------------------------------------


def search(q: str, *, user) -> list[dict]:
    """At most SEARCH_LIMIT applications of the current cycle (as the database has it now)
    whose name or email contains `q`, accents and case aside ("Maria Lopez" finds María López:
    apps.core.text.fold): the expected people first, drafts never submitted last.
    One query. A volunteer sees whether each may come in and why not, never the decision
    itself. Drafts are found so that the desk hears why (never submitted) and can register the
    person as a walk-in (walkins.py takes their draft over); left out, the search said nobody
    matched while the walk-in said the account existed."""
    full = sees_decisions(user)
    q = " ".join(q.split())
    rows = (
        Application.objects.filter(cycle__is_current=True)
        .annotate(full_name=Concat("first", Value(" "), "last"))
        .filter(Q(full_name__folded_contains=q) | Q(email__folded_contains=q))
        .annotate(
            expected=Case(
                When(status__in=(S.CONFIRMED, S.CHECKED_IN), then=Value(0)),
                When(status__in=status_machine.DRAFTS, then=Value(2)),
                default=Value(1),
                output_field=IntegerField(),
            )
        )
        .select_related("check_in")
        .order_by("expected", "first", "last", "email")[:SEARCH_LIMIT]
    )
    results = []
    for application in rows:
        check_in = _check_in_of(application)
        results.append(
            {
                "application_id": application.pk,
                "name": application.full_name.strip(),
                "first_name": application.first,
                "last_name": application.last,
                "email": application.email,
                "school": application.school,
                "status": application.status if full else None,
                "door": door_state(application.status),
                "reason": door_reason(application.status, check_in, full=full),
                "checked_in_at": event_time(check_in.at) if check_in else None,
                "time_zone": settings.EVENT_TIME_ZONE,
            }
        )
    return results


def stats() -> dict:
    """The door's header: everyone expected (confirmed, checked in or not: the statistics' and
    the capacity's "confirmed") and who is in. One query."""
    counts = selections.count(current_cycle(), ["confirmed", "checked_in"])
    return {"confirmed": counts["confirmed"], "checked_in": counts["checked_in"], "time_zone": settings.EVENT_TIME_ZONE}
