"""Offers' deadlines: reminders before them and expiry at them, run by a periodic task.

Each offer (accepted, waitlist accepted) has a deadline (apps.applications.deadlines, the one
rule). The deadline task (`run`, Celery beat every few minutes) does three things, each safe to
repeat and to run in two workers at once:

1. **Expire** every offer of the current released cycle whose deadline has passed: under the
   application's row lock the status and the deadline are judged again (an organizer may have
   renewed the offer meanwhile), then the status machine moves it to `expired` (history by
   "deadline") and the expiry email is recorded in the same transaction, as a decision email
   (`release.status_email_prepare`: sent once, re-queued if its worker dies). A second run, or
   a second worker, finds the status moved and does nothing.
2. **Record reminders**: one outbox row per application, offer and reminder (48 and 24 hours
   before the deadline), keyed "reminder:<application>:<hours>:<offer>", so recording it again
   adds nothing. A reminder whose time has passed unsent (the offer was made less than 24
   hours before the deadline, say) is not recorded: only the latest one due goes.
3. **Send reminders**: each pending row is claimed (apps.mailings.outbox: one worker wins),
   checked still true under its lock (the offer unanswered and the same one), sent outside any
   transaction and recorded. A worker that dies between the claim and the send leaves the row
   claimed; once the claim is stale a later run takes it over and sends it, once.
"""

from __future__ import annotations

import datetime
import logging
from dataclasses import dataclass

from django.db import transaction
from django.utils import timezone

from apps.applications import status_machine
from apps.applications.deadlines import offer_deadline
from apps.applications.models import Application
from apps.applications.models import ApplicationStatus as S
from apps.cycles.models import Cycle
from apps.mailings import automated, outbox
from apps.mailings.models import Delivery
from apps.travel import selectors as travel_selectors

from . import release

logger = logging.getLogger(__name__)

# Hours before the deadline each reminder goes, latest first.
REMINDER_HOURS = (48, 24)
REMINDER_TEMPLATE = "offer_reminder"
EXPIRED_TEMPLATE = "offer_expired"
REMINDER_PREFIX = "reminder:"
EXPIRE_RULE = status_machine.Rule(
    allowed_from=frozenset(status_machine.OFFERS), refusal="This application holds no offer that can expire."
)


def reminder_key(application_id: int, hours: int, offered_at: datetime.datetime | None) -> str:
    """One reminder of one offer: a new offer (made again after it expired) has its own."""
    stamp = int(offered_at.timestamp()) if offered_at else 0
    return f"{REMINDER_PREFIX}{application_id}:{hours}:{stamp}"


def parse_reminder_key(key: str) -> tuple[int, int, int]:
    _kind, application_id, hours, stamp = key.split(":")
    return int(application_id), int(hours), int(stamp)


def reminder_rows():
    """The reminder emails of the outbox table (conditions on the row's own columns only)."""
    return Delivery.objects.filter(mailing__isnull=True, dedupe_key__startswith=REMINDER_PREFIX)


def reminder_due(deadline: datetime.datetime, now: datetime.datetime) -> int | None:
    """The reminder (its hours) due now for an offer ending at `deadline`: the latest whose
    time has come, while the deadline is still ahead; None when none is."""
    if now >= deadline:
        return None
    due = [hours for hours in REMINDER_HOURS if now >= deadline - datetime.timedelta(hours=hours)]
    return min(due) if due else None


def deadline_of(application: Application, cycle: Cycle) -> datetime.datetime | None:
    return offer_deadline(status=application.status, offered_at=application.offered_at, cycle=cycle)


def _context(
    application: Application, cycle: Cycle, deadline: datetime.datetime, hours: int | None = None, grants=None
) -> dict:
    context = {**release.decision_context(application, cycle, grants=grants), "hours_left": hours or 0}
    return automated.with_moment(context, "deadline", deadline)


@dataclass
class Outcome:
    """What one run did: offers expired, reminders recorded and sent."""

    expired: int = 0
    reminders_recorded: int = 0
    reminders_sent: int = 0
    expiry_emails: list[int] | None = None


def _open_offers(cycle: Cycle) -> list[Application]:
    return list(
        Application.objects.filter(cycle=cycle, status__in=status_machine.OFFERS)
        .only("pk", "status", "offered_at", "email", "first", "last", "travel_reimbursement", "housing_accommodations")
        .order_by("pk")
    )


def expire_one(application_id: int, *, cycle: Cycle, now: datetime.datetime) -> list[int]:
    """Expire one offer if it is still open and past its deadline, judged under the row lock;
    returns the ids of its expiry email's rows to send once this commits ([] if nothing moved)."""
    with transaction.atomic():
        locked = Application.objects.select_for_update(**status_machine.LOCK_SELF).filter(pk=application_id).first()
        if locked is None or locked.status not in status_machine.OFFERS:
            return []  # answered, decided again, or expired by another run meanwhile
        deadline = deadline_of(locked, cycle)
        if deadline is None or deadline > now:
            return []
        application = status_machine.transition(
            locked=locked, to=S.EXPIRED, rule=EXPIRE_RULE, source=status_machine.BY_DEADLINE
        )
        return release.status_email_prepare(application, EXPIRED_TEMPLATE)


def record_reminders(offers: list[Application], cycle: Cycle, now: datetime.datetime) -> int:
    rows = []
    grants = None
    for application in offers:
        deadline = deadline_of(application, cycle)
        hours = reminder_due(deadline, now) if deadline else None
        if hours is None:
            continue
        if grants is None:
            grants = travel_selectors.told_grants(cycle)  # one read for every reminder of the run
        rows.append(
            Delivery(
                email=application.email,
                template_key=REMINDER_TEMPLATE,
                context=_context(application, cycle, deadline, hours, grants),
                dedupe_key=reminder_key(application.pk, hours, application.offered_at),
            )
        )
    if not rows:
        return 0
    keys = [row.dedupe_key for row in rows]
    before = Delivery.objects.filter(dedupe_key__in=keys).count()
    Delivery.objects.bulk_create(rows, ignore_conflicts=True)
    return Delivery.objects.filter(dedupe_key__in=keys).count() - before


def send_reminder(delivery_id: int) -> outbox.Attempt | None:
    """Claim and send the reminder `delivery_id` if it is claimable and still true:
    the offer it reminds of is still open, the same offer, and its deadline still ahead."""

    def still_true(row: Delivery) -> bool:
        application_id, _hours, stamp = parse_reminder_key(row.dedupe_key)
        application = Application.objects.select_related("cycle").filter(pk=application_id).first()
        offered = int(application.offered_at.timestamp()) if application and application.offered_at else 0
        deadline = deadline_of(application, application.cycle) if application else None
        if application is None or offered != stamp or deadline is None or deadline <= timezone.now():
            # The offer was answered, expired or made again: this reminder must never go.
            Delivery.objects.filter(pk=row.pk).update(
                state=Delivery.State.FAILED, last_error="The offer was answered or changed before the reminder went."
            )
            return False
        return True

    row = outbox.claim(reminder_rows().filter(pk=delivery_id), admit=still_true)
    if row is None:
        return None
    return outbox.deliver(row, automated.send_delivery)


def send_reminders(deadline: float | None = None) -> int:
    """Send every claimable reminder (pending and due, or left by a dead worker), until none is
    left or the run is out of time. Returns how many went out."""
    now = timezone.now()
    outbox.give_up_on_dead_claims(reminder_rows(), now)
    ids = list(reminder_rows().filter(outbox.claimable(now)).order_by("pk").values_list("pk", flat=True))
    sent = 0
    for pk in ids:
        if outbox.out_of_time(deadline):
            break
        try:
            attempt = send_reminder(pk)
        except Exception:  # noqa: BLE001 - a broken row stays as it was; the next run looks again
            logger.exception("Reminder %s could not be claimed", pk)
            continue
        if attempt is None:
            continue  # another worker has it, or it is no longer true
        sent += attempt.sent
        if attempt.server_unreachable:
            break
    return sent


def run(*, now: datetime.datetime | None = None, run_deadline: float | None = None) -> Outcome:
    """One run of the deadline task over the current cycle, if it is released."""
    outcome = Outcome(expiry_emails=[])
    cycle = Cycle.objects.filter(is_current=True, status__in=status_machine.POST_RELEASE).first()
    if cycle is None:
        return outcome
    now = now or timezone.now()
    offers = _open_offers(cycle)
    still_open = []
    for application in offers:
        deadline = deadline_of(application, cycle)
        if deadline is not None and deadline <= now:
            ids = expire_one(application.pk, cycle=cycle, now=now)
            if ids:
                outcome.expired += 1
                outcome.expiry_emails += ids
        else:
            still_open.append(application)
    outcome.reminders_recorded = record_reminders(still_open, cycle, now)
    outcome.reminders_sent = send_reminders(run_deadline)
    return outcome
