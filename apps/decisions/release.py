"""Release decision emails: one per applicant and decision, however often the release happens.

A release records an automated `Delivery` row (apps.mailings.models, the one outbox table) per
decided application, keyed "decision:<application id>:<status>" (`dedupe_key`, unique, so a
second release adds nothing), and hands the pending rows' ids to Celery in batches. Each row is
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

from django.db import transaction
from django.db.models import CharField, Count, Exists, OuterRef, Q, QuerySet, Subquery, Value
from django.db.models.functions import Cast, Concat
from django.utils import timezone

from apps.applications.models import Application, ApplicationStatus
from apps.applications.status_machine import POST_RELEASE, RELEASE_DECISIONS
from apps.cycles.models import Cycle
from apps.mailings import automated, outbox
from apps.mailings.models import Delivery

logger = logging.getLogger(__name__)

BATCH_SIZE = 50
# Ids per `pk IN (...)` query when matching rows to applications.
CHUNK = 1000
# A row handed to Celery and still unclaimed this long later is handed over again: its task
# was lost (or waits behind a long queue, which a second copy cannot harm: claims are exclusive).
REQUEUE_AFTER = datetime.timedelta(minutes=5)
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
    """(application id, status) of a decision email's key."""
    _kind, application_id, status = key.split(":")
    return int(application_id), status


def decision_rows() -> QuerySet:
    """The decision emails of the outbox table (conditions on the row's own columns only, as
    a claim needs: see apps.mailings.outbox)."""
    return Delivery.objects.filter(mailing__isnull=True, dedupe_key__startswith=KEY_PREFIX)


def decision_context(application: Application, cycle: Cycle | None = None) -> dict:
    """The decision templates' placeholders (apps.mailings.automated lists them): the event's
    values of the application's own cycle (automated.event_context, the one place they are
    made) and the applicant's. JSON values only: it is stored on the row."""
    return {
        **automated.event_context(cycle or application.cycle),
        "first_name": application.first,
        "last_name": application.last,
        "email": application.email,
        "status": application.status,
        "travel_reimbursement": application.travel_reimbursement,
        "housing_accommodations": application.housing_accommodations,
    }


def _new_row(application: Application, cycle: Cycle) -> Delivery:
    return Delivery(
        email=application.email,
        template_key=EMAIL_KEYS[application.status],
        context=decision_context(application, cycle),
        dedupe_key=dedupe_key(application.pk, application.status),
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
    decided = Application.objects.filter(cycle_id=cycle_id, status__in=RELEASE_DECISIONS)
    Delivery.objects.bulk_create(
        (_new_row(application, cycle) for application in decided.iterator()), batch_size=500, ignore_conflicts=True
    )
    statuses = dict(Application.objects.filter(cycle_id=cycle_id).values_list("pk", "status"))
    return _sort_out(statuses, decision_rows())


def release_counts(*, cycle_id: int) -> list[dict]:
    """What a release of the cycle would email now, per decision: `[{"status", "label",
    "count"}]` in RELEASE_DECISIONS' order, zeros included (one query).

    The decided applications whose decision email is not out yet: no row for their key, or a
    pending one. What went out (or failed for good, or is being sent) is not sent again, so a
    second release counts only what is new (issue 11: the organizer sees this before saving).
    """
    done = decision_rows().filter(dedupe_key=OuterRef("key")).exclude(state=Delivery.State.PENDING)
    key = Concat(Value(KEY_PREFIX), Cast("pk", CharField()), Value(":"), "status", output_field=CharField())
    counted = dict(
        Application.objects.filter(cycle_id=cycle_id, status__in=RELEASE_DECISIONS)
        .annotate(key=key)
        .filter(~Exists(done))
        .order_by()
        .values_list("status")
        .annotate(count=Count("pk"))
    )
    labels = dict(ApplicationStatus.choices)
    return [{"status": s, "label": labels[s], "count": counted.get(s, 0)} for s in RELEASE_DECISIONS]


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
    Delivery.objects.bulk_create(
        [
            Delivery(
                email=application.email,
                template_key=GAVE_UP_KEY,
                context=decision_context(application),
                dedupe_key=dedupe_key(application.pk, application.status),
            )
        ],
        ignore_conflicts=True,
    )
    rows = decision_rows().filter(dedupe_key=dedupe_key(application.pk, application.status))
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
    Delivery.objects.bulk_create([_new_row(application, application.cycle)], ignore_conflicts=True)
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
    now = timezone.now()
    outbox.give_up_on_dead_claims(decision_rows(), now)
    cycle = Cycle.objects.filter(is_current=True, status__in=POST_RELEASE).first()
    if cycle is None:
        return []
    due = list(
        decision_rows()
        .filter(outbox.claimable(now), Q(queued_at__isnull=True) | Q(queued_at__lt=now - REQUEUE_AFTER))
        .order_by("pk")
        .values_list("pk", "dedupe_key")
    )
    wanted = sorted({parse_key(key)[0] for _pk, key in due})
    of_cycle: set[int] = set()
    for chunk in _chunks(wanted):
        of_cycle.update(Application.objects.filter(cycle=cycle, pk__in=chunk).values_list("pk", flat=True))
    return [pk for pk, key in due if parse_key(key)[0] in of_cycle]
