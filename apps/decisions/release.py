"""Release decision emails: one per applicant and decision, however often the release happens.

A release records an automated `Delivery` row (apps.mailings.models, the one outbox table) per
decided application, keyed "decision:<application id>:<status>" (`dedupe_key`, unique, so a
second release adds nothing), and hands the pending rows' ids to Celery in batches. A decision
changed after release and changed back is announced again, under "...:<status>:2" (and so on):
the applicant's last decision email always names the decision their dashboard shows
(`announcement_key`). Each row is
then claimed, sent and recorded by `apps.mailings.outbox`, as a batch email's deliveries are:
the claim is a short transaction of its own, the mail goes out with no transaction or row lock
held, under a Message-ID derived from the key (`<decision-<application>-<status>@host>`, the
same on every attempt), and the outcome is recorded at once. Two workers given the same ids
never both send a row; a transient failure leaves it pending with backoff; a dead worker's
claim is taken over once stale.

The row carries no link to the application (mailings knows no applications): this module reads
the application id and the decision from the key. The row's `context` (the template's values)
is written when it is recorded and brought up to date under the claim, so the email says what
is true when it goes out.

What puts a row back in a worker's hands is `requeue_due` (Celery beat, every minute): rows
that are claimable and were not handed to Celery recently — a backoff that has passed, a claim
left by a dead worker, a batch task lost with its worker — go out within minutes.
"""

from __future__ import annotations

import datetime
import logging
from collections.abc import Iterable

from django.db import connection, transaction
from django.db.models import BigIntegerField, CharField, Count, F, OuterRef, QuerySet, Subquery, Value, Window
from django.db.models.functions import Cast, Concat, RowNumber, StrIndex, Substr
from django.utils import timezone

from apps.applications.models import Application, ApplicationEvent, ApplicationStatus
from apps.applications.status_machine import POST_RELEASE, RELEASE_DECISIONS
from apps.cycles.models import Cycle
from apps.mailings import automated, outbox
from apps.mailings.models import Delivery
from apps.travel import selectors as travel_selectors

logger = logging.getLogger(__name__)

BATCH_SIZE = 50
# Ids per `pk IN (...)` query when matching rows to applications.
CHUNK = 1000
# A row handed to Celery and still unclaimed this long later is handed over again: its task
# was lost (or waits behind a long queue, which a second copy cannot harm: claims are exclusive).
# The outbox's one value, the same for every kind of email.
REQUEUE_AFTER = outbox.REQUEUE_AFTER
EMAIL_KEYS = {status: f"decision_{status}" for status in RELEASE_DECISIONS}
# A confirmed applicant who gives up their spot hears it by mail, through the same rows (keyed
# "decision:<id>:declined", so sent once, and forgotten if an organizer decides again before
# it goes out).
GAVE_UP_KEY = "spot_given_up"
KEY_PREFIX = "decision:"
DECISION_CHANGED = "The decision changed before this email was recorded as sent."


def dedupe_key(application_id: int, status: str) -> str:
    """The key of one decision's email: "decision:<application id>:<status>"."""
    return f"{KEY_PREFIX}{application_id}:{status}"


def parse_key(key: str) -> tuple[int, str]:
    """(application id, status) of a decision email's key (a repeat's number left off)."""
    _kind, application_id, status, *_repeat = key.split(":")
    return int(application_id), status


def _announces(key: str | None, application_id: int, status: str) -> bool:
    """Whether `key` is the email of `status` for the application (the first or a repeat)."""
    base = dedupe_key(application_id, status)
    return key is not None and (key == base or key.startswith(f"{base}:"))


def announcement_key(application_id: int, status: str, keys: list[str], *, moved: bool = False) -> str:
    """The key of the email that announces `status` now, given the application's decision
    email keys so far (`keys`, oldest first).

    The last one announcing this status again is its key (recording it adds nothing: the
    applicant has been told, or will be when it goes out), unless the application `moved` out
    of that status since the email was recorded (the applicant declined or confirmed the offer
    it made, or an organizer took the decision back to review) and has come back to it: that
    email told of a state since left, and the decision made again is news. Otherwise the
    applicant's last email says something else (a decision changed after release and changed
    back: accepted, rejected, accepted), and a new email must say it: the plain key the first
    time, then "...:2", "...:3", each its own Message-ID, so no mail client drops it as a copy.
    The same state gives the same key, so a second release or a retried task records nothing
    new (the moves came before the new email's row)."""
    if keys and _announces(keys[-1], application_id, status) and not moved:
        return keys[-1]
    base = dedupe_key(application_id, status)
    taken = set(keys)
    if base not in taken:
        return base
    n = 2
    while f"{base}:{n}" in taken:
        n += 1
    return f"{base}:{n}"


def _keys_by_application(application_ids: Iterable[int]) -> dict[int, list[str]]:
    """Each application's decision email keys, oldest first (by row id)."""
    wanted = set(application_ids)
    found: dict[int, list[str]] = {}
    if not wanted:
        return found
    rows = decision_rows().order_by("pk").values_list("dedupe_key", flat=True)
    if len(wanted) == 1:
        (only,) = wanted
        rows = rows.filter(dedupe_key__startswith=f"{KEY_PREFIX}{only}:")
    for key in rows.iterator():
        application_id = parse_key(key)[0]
        if application_id in wanted:
            found.setdefault(application_id, []).append(key)
    return found


def _moved_since_told(decided: QuerySet, last_keys: dict[int, str]) -> set[int]:
    """Of the `decided` applications, those whose last decision email (`last_keys`: {id: key})
    announces their status, and which moved out of that status after the email was recorded
    (and came back to it): what it told is a state since left, by the applicant's answer or an
    organizer's change.

    Only the moves away from each application's present status are read: after a release that
    is a few rows, where every status event of every told application was 12,500 and more."""
    left_at: dict[int, list[datetime.datetime]] = {}
    moves = ApplicationEvent.objects.filter(
        application__in=decided, field="status", from_value=F("application__status")
    )
    for pk, status, at in moves.order_by().values_list("application_id", "application__status", "at"):
        if pk in last_keys and _announces(last_keys[pk], pk, status):
            left_at.setdefault(pk, []).append(at)
    recorded_at: dict[str, datetime.datetime] = {}
    for chunk in _chunks(list(left_at)):
        recorded_at.update(
            decision_rows()
            .filter(dedupe_key__in=[last_keys[pk] for pk in chunk])
            .values_list("dedupe_key", "created_at")
        )
    return {
        pk
        for pk, ats in left_at.items()
        if last_keys[pk] in recorded_at and any(at >= recorded_at[last_keys[pk]] for at in ats)
    }


def decision_rows() -> QuerySet:
    """The decision emails of the outbox table (conditions on the row's own columns only, as
    a claim needs: see apps.mailings.outbox)."""
    return Delivery.objects.filter(mailing__isnull=True, dedupe_key__startswith=KEY_PREFIX)


def decision_context(application: Application, cycle: Cycle | None = None, *, grants: dict | None = None) -> dict:
    """The decision templates' placeholders (apps.mailings.automated lists them): the event's
    values of the application's own cycle (automated.event_context, the one place they are
    made) and the applicant's, with the travel grant's amount and currency when one stands
    (`travel_amount`, `travel_currency`; the spec's "up to $100" otherwise). `grants` is
    travel_selectors.told_grants of the cycle, for callers that build many contexts; one query
    reads it otherwise. JSON values only: it is stored on the row."""
    cycle = cycle or application.cycle
    if grants is None:
        grants = travel_selectors.told_grants(cycle, [application.pk])
    amount, currency = grants.get(application.pk, (None, None))
    context = {
        **automated.event_context(cycle),
        "first_name": application.first,
        "last_name": application.last,
        "email": application.email,
        "status": application.status,
        "travel_reimbursement": application.travel_reimbursement,
        "housing_accommodations": application.housing_accommodations,
        "travel_amount": None,
        "travel_currency": currency,
    }
    return context if amount is None else automated.with_amount(context, "travel_amount", amount)


def _new_row(application: Application, cycle: Cycle, key: str, grants: dict | None = None) -> Delivery:
    return Delivery(
        email=application.email,
        template_key=EMAIL_KEYS[application.status],
        context=decision_context(application, cycle, grants=grants),
        dedupe_key=key,
    )


def _chunks(values: list, size: int = CHUNK) -> Iterable[list]:
    return (values[i : i + size] for i in range(0, len(values), size))


def _forget_if_changed(pk: int, application_id: int, status: str) -> None:
    """Delete a pending decision email whose decision is no longer the application's, judged
    under the application's row lock (the status machine's): a decision changed back in the
    meantime has committed first and keeps its email (rare: a decision changed between
    release and send)."""
    with transaction.atomic():
        current = (
            Application.objects.select_for_update(of=("self",))
            .filter(pk=application_id)
            .values_list("status", flat=True)
        )
        if current.first() != status:
            Delivery.objects.filter(pk=pk, state=Delivery.State.PENDING).delete()


def _sort_out(statuses: dict[int, str], rows: QuerySet) -> list[int]:
    """Of the unsent `rows` (decision emails) of the applications in `statuses` ({id: current
    status}): forget the pending ones whose decision has since changed, which must never go
    out, and return the ids of the others that a worker may claim now (pending and due, or
    left by a dead worker), in id order."""
    stale: list[tuple[int, int, str]] = []
    kept: list[int] = []
    open_rows = rows.filter(state__in=[Delivery.State.PENDING, Delivery.State.SENDING])
    for pk, key, state in open_rows.values_list("pk", "dedupe_key", "state").iterator():
        application_id, status = parse_key(key)
        if application_id not in statuses:
            continue  # another cycle's
        if status != statuses[application_id] and state == Delivery.State.PENDING:
            stale.append((pk, application_id, status))
        else:
            kept.append(pk)  # a changed one mid-send is judged by send_one
    for pk, application_id, status in stale:
        _forget_if_changed(pk, application_id, status)
    now = timezone.now()
    claimable: list[int] = []
    for chunk in _chunks(kept):
        claimable += Delivery.objects.filter(outbox.claimable(now), pk__in=chunk).values_list("pk", flat=True)
    return sorted(claimable)


def release_prepare(*, cycle_id: int) -> list[int]:
    """Record a decision email for every decided application of a released cycle.

    Returns the ids still to send (new rows and rows a failed worker left pending). Nothing
    happens unless the cycle is released or later: decisions stay hidden before that.
    """
    cycle = Cycle.objects.filter(pk=cycle_id, status__in=POST_RELEASE).first()
    if cycle is None:
        return []
    of_cycle = Application.objects.filter(cycle_id=cycle_id, status__in=RELEASE_DECISIONS)
    decided = list(of_cycle.order_by("pk"))
    keys = _keys_by_application(a.pk for a in decided)
    moved = _moved_since_told(of_cycle, {pk: told[-1] for pk, told in keys.items()})
    grants = travel_selectors.told_grants(cycle)
    Delivery.objects.bulk_create(
        (
            _new_row(a, cycle, announcement_key(a.pk, a.status, keys.get(a.pk, []), moved=a.pk in moved), grants)
            for a in decided
        ),
        batch_size=500,
        ignore_conflicts=True,
    )
    statuses = dict(Application.objects.filter(cycle_id=cycle_id).values_list("pk", "status"))
    return _sort_out(statuses, decision_rows())


def _application_of_key() -> Cast:
    """The application id of a decision email's key ("decision:<id>:<status>[:<n>]"), in SQL:
    what lets the keys be matched to applications by a join rather than a pattern per row."""
    rest = Substr("dedupe_key", len(KEY_PREFIX) + 1)
    return Cast(Substr(rest, 1, StrIndex(rest, Value(":")) - 1), BigIntegerField())


def release_counts(*, cycle_id: int) -> list[dict]:
    """What a release of the cycle would email now, per decision: `[{"status", "label",
    "count"}]` in RELEASE_DECISIONS' order, zeros included (four queries at most).

    The decided applications whose decision email is not out yet: no row for their key, or a
    pending one. What went out (or failed for good, or is being sent) is not sent again, so a
    second release counts only what is new (the organizer sees this before saving).

    Linear in the cycle's decisions: each application's last decision email is found in one
    pass over the decision emails (their keys' application ids, ranked per application), not by
    a key pattern per application, which PostgreSQL cannot look up in an index: once a release
    had recorded 12,500 emails that took 57 s (each of 12,500 rows scanning 12,500 keys, three
    times), and the admin panel, which shows this count, with it. The database counts, and
    hands back only the few applications that moved since they were told: reading every
    decided application and its last email into Python to count them was half of the call's
    48 ms at 50,000 applications after a release.
    """
    decided = Application.objects.filter(cycle_id=cycle_id, status__in=RELEASE_DECISIONS).order_by()
    counted = _owed_by_email(decided)
    # Told their present decision by an email that is out (not pending, so not counted above),
    # then moved out of it and back since: what it told is a state since left. Only the
    # applications with a move away from their present status are looked at, a few rows.
    left = ApplicationEvent.objects.filter(application__in=decided, field="status", from_value=F("application__status"))
    told = {
        app: key
        for app, key, state in _last_decision_emails(decided.filter(pk__in=left.values("application_id"))).values_list(
            "app", "dedupe_key", "state"
        )
        if state != Delivery.State.PENDING
    }
    for pk in _moved_since_told(decided, told) if told else ():
        status = parse_key(told[pk])[1]  # the key announces the present status (_moved_since_told)
        counted[status] = counted.get(status, 0) + 1
    labels = dict(ApplicationStatus.choices)
    return [{"status": s, "label": labels[s], "count": counted.get(s, 0)} for s in RELEASE_DECISIONS]


def _last_decision_emails(applications: QuerySet) -> QuerySet:
    """The last decision email (by row id) of each of `applications`, its application id
    annotated as `app`: one pass over the decision emails, matched by the id their keys hold."""
    return (
        decision_rows()
        .annotate(app=_application_of_key())
        .filter(app__in=applications.values("pk"))
        .annotate(rank=Window(RowNumber(), partition_by=[F("app")], order_by=F("pk").desc()))
        .filter(rank=1)
    )


def _owed_by_email(decided: QuerySet) -> dict[str, int]:
    """Per status, how many of the `decided` applications a release would email by their mail
    history alone: no decision email yet, a last one that announces another decision (or the
    same one before the decision changed and changed back: `_announces`, in SQL), or a pending
    one. One statement: the applications left-joined to their last emails, counted by status."""
    applications, application_params = (
        decided.annotate(a_id=F("pk"), a_status=F("status")).values_list("a_id", "a_status").query.sql_with_params()
    )
    last, last_params = _last_decision_emails(decided).values_list("app", "dedupe_key", "state").query.sql_with_params()
    key = "(%s || d.a_id || ':' || d.a_status)"  # dedupe_key(application_id, status)
    sql = (
        f"SELECT d.a_status, COUNT(*) FROM ({applications}) d LEFT JOIN ({last}) l ON l.app = d.a_id "
        f"WHERE l.app IS NULL OR l.state = %s "
        f"OR NOT (l.dedupe_key = {key} OR SUBSTR(l.dedupe_key, 1, LENGTH({key}) + 1) = {key} || ':') "
        "GROUP BY d.a_status"
    )
    params = [*application_params, *last_params, Delivery.State.PENDING, *[KEY_PREFIX] * 3]
    with connection.cursor() as cursor:
        cursor.execute(sql, params)
        return dict(cursor.fetchall())


def release_progress(*, cycle_id: int) -> dict:
    """How far the cycle's decision emails have gone: `{"total", "sent", "failed", "pending"}`,
    read from the outbox rows of each application's current decision (one query). `pending`
    is what a worker has still to send (waiting, retrying or being sent); the page polls this
    while it is above 0, so "N of M sent" moves on its own."""
    key = Concat(Value(KEY_PREFIX), Cast("pk", CharField()), Value(":"), "status", output_field=CharField())
    state = decision_rows().filter(dedupe_key=OuterRef("key")).values("state")[:1]
    per_state = dict(
        Application.objects.filter(cycle_id=cycle_id)
        .annotate(key=key)
        .annotate(state=Subquery(state))
        .filter(state__isnull=False)
        .order_by()
        .values_list("state")
        .annotate(count=Count("pk"))
    )
    sent = per_state.get(Delivery.State.SENT, 0)
    failed = per_state.get(Delivery.State.FAILED, 0)
    pending = per_state.get(Delivery.State.PENDING, 0) + per_state.get(Delivery.State.SENDING, 0)
    return {"total": sent + failed + pending, "sent": sent, "failed": failed, "pending": pending}


def gave_up_prepare(application: Application) -> list[int]:
    """Record the email of a spot given up (inside the give-up's transaction); returns the row
    ids a worker may send once it commits."""
    return status_email_prepare(application, GAVE_UP_KEY)


def status_email_prepare(application: Application, template_key: str) -> list[int]:
    """Record the email of the application's new status with the template `template_key`
    (a spot given up, an offer expired), inside the transaction of the move, under the
    decision emails' key, so it is sent once, re-queued like them and forgotten if the status
    changes again before it goes out. Returns the row ids a worker may send once it commits."""
    key = announcement_key(
        application.pk, application.status, _keys_by_application([application.pk]).get(application.pk, [])
    )
    Delivery.objects.bulk_create(
        [
            Delivery(
                email=application.email,
                template_key=template_key,
                context=decision_context(application),
                dedupe_key=key,
            )
        ],
        ignore_conflicts=True,
    )
    rows = decision_rows().filter(dedupe_key=key)
    return list(rows.filter(outbox.claimable(timezone.now())).values_list("pk", flat=True))


def application_prepare(*, application_id: int) -> list[int]:
    """The same for one application decided after release."""
    application = (
        Application.objects.select_related("cycle")
        .filter(pk=application_id, status__in=RELEASE_DECISIONS, cycle__status__in=POST_RELEASE)
        .first()
    )
    if application is None:
        return []
    keys = _keys_by_application([application.pk])
    last_keys = {pk: told[-1] for pk, told in keys.items()}
    moved = bool(_moved_since_told(Application.objects.filter(pk=application.pk), last_keys))
    key = announcement_key(application.pk, application.status, keys.get(application.pk, []), moved=moved)
    Delivery.objects.bulk_create([_new_row(application, application.cycle, key)], ignore_conflicts=True)
    rows = decision_rows().filter(dedupe_key__startswith=f"{KEY_PREFIX}{application.pk}:")
    return _sort_out({application.pk: application.status}, rows)


def batches(ids: list[int], size: int | None = None) -> list[list[int]]:
    size = size or BATCH_SIZE
    return [ids[i : i + size] for i in range(0, len(ids), size)]


def send_one(delivery_id: int) -> outbox.Attempt | None:
    """Send one decision email if it is claimable and still true; None when there was nothing
    to send (sent already, claimed by another worker, decision changed, release undone).

    The claim runs in a short transaction; the send and the record come after it, so no
    transaction or row lock is held while the mail server answers.
    """

    def still_true(row: Delivery) -> bool:
        application_id, status = parse_key(row.dedupe_key)
        application = Application.objects.select_related("cycle").filter(pk=application_id).first()
        if application is None or application.status != status:
            # The decision changed (or the application was deleted) before the mail went out:
            # a pending email is forgotten (a new decision has its own); one a dead worker left
            # mid-send may have gone out.
            if row.state == Delivery.State.PENDING:
                row.delete()
            else:
                Delivery.objects.filter(pk=row.pk).update(state=Delivery.State.FAILED, last_error=DECISION_CHANGED)
            return False
        if application.cycle.status not in POST_RELEASE:
            return False  # the next release sends it
        context = decision_context(application)
        if context != row.context:
            # Travel, housing or the cycle's dates changed since the row was recorded (under
            # this row's lock, so the email and the row agree).
            Delivery.objects.filter(pk=row.pk).update(context=context)
            row.context = context
        return True

    row = outbox.claim(decision_rows().filter(pk=delivery_id), admit=still_true, queued_at=None)
    if row is None:
        return None
    return outbox.deliver(row, automated.send_delivery)


def mark_queued(ids: list[int]) -> None:
    """Stamp rows as handed to Celery: the re-queue leaves them alone for REQUEUE_AFTER."""
    decision_rows().filter(pk__in=ids).update(queued_at=timezone.now())


def unqueue(ids: list[int]) -> None:
    """Rows a batch left unsent (out of time, mail server down): the next re-queue takes them."""
    decision_rows().filter(pk__in=ids, state=Delivery.State.PENDING).update(queued_at=None)


def requeue_due() -> list[int]:
    """The ids to hand to Celery again: rows of the current released cycle that a worker may
    claim now and that were not handed over since their last claim (or not recently). Rows
    whose every attempt ended with a dead worker are failed here."""
    candidates = outbox.requeue_candidates(decision_rows(), timezone.now())
    cycle = Cycle.objects.filter(is_current=True, status__in=POST_RELEASE).first()
    if cycle is None:
        return []
    due = list(candidates.values_list("pk", "dedupe_key"))
    wanted = sorted({parse_key(key)[0] for _pk, key in due})
    of_cycle: set[int] = set()
    for chunk in _chunks(wanted):
        of_cycle.update(Application.objects.filter(cycle=cycle, pk__in=chunk).values_list("pk", flat=True))
    return [pk for pk, key in due if parse_key(key)[0] in of_cycle]
