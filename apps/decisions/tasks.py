"""Decision emails, sent by Celery after the release (or a later decision) commits. Tasks take ids.

Every task is safe to run twice: the rows of the outbox decide what is still to send, and each
row is claimed by one worker only (apps.mailings.outbox). Retries of single emails are
scheduled on their rows (backoff) and handed back to Celery by `requeue_decision_emails`.

These tasks were once `apps.applications.tasks.*`; the old names are registered too
(`decision_task`), so messages queued under them before a deploy still run.
"""

from __future__ import annotations

import logging

from celery import shared_task

from apps.mailings import outbox
from apps.mailings.outbox import TRANSIENT

from . import offers, release

logger = logging.getLogger(__name__)

RETRYING = {"autoretry_for": TRANSIENT, "retry_backoff": True, "max_retries": 5}
# Where these tasks lived before apps.decisions existed.
LEGACY_PREFIX = "apps.applications.tasks."


def decision_task(*, legacy: bool = True, **options):
    """`shared_task` named after this module and, unless `legacy` is False, also registered
    under its old name with the same code and options: a message names its task, and one
    queued before the deploy that moved the tasks here still finds them. The old names can go
    once no broker can hold such a message (after the deploy, the queues have drained)."""

    def register(function):
        if legacy:
            shared_task(name=f"{LEGACY_PREFIX}{function.__name__}", **options)(function)
        return shared_task(name=f"{__name__}.{function.__name__}", **options)(function)

    return register


def _fan_out(ids: list[int]) -> None:
    """Hand the ids to Celery in batches, stamping each batch as queued first (were the stamp
    after, a crash in between would leave rows the re-queue believes are in Celery's hands)."""
    for batch in release.batches(ids):
        release.mark_queued(batch)
        send_decision_emails.delay(batch)


@decision_task(**RETRYING)
def queue_release_emails(cycle_id: int) -> int:
    """Record the release's decision emails and fan them out in batches. Returns how many."""
    ids = release.release_prepare(cycle_id=cycle_id)
    _fan_out(ids)
    return len(ids)


@decision_task(**RETRYING)
def send_application_decision_email(application_id: int) -> int:
    """The email of one decision recorded after release."""
    ids = release.application_prepare(application_id=application_id)
    _fan_out(ids)
    return len(ids)


@decision_task(legacy=False)  # its old name takes other ids: legacy_send_decision_emails
def send_decision_emails(delivery_ids: list[int]) -> int:
    """Send a batch; returns how many went out. Each failure is recorded on its row (a transient
    one is retried later, with backoff) and the batch goes on, unless the mail server is
    unreachable or the task nears its time limit: then the rest is left to the re-queue."""
    deadline = outbox.run_deadline()
    sent = 0
    for index, pk in enumerate(delivery_ids):
        if outbox.out_of_time(deadline):
            release.unqueue(delivery_ids[index:])
            break
        try:
            attempt = release.send_one(pk)
        except Exception:  # noqa: BLE001 - one broken row must not stop the batch; it stays as it was
            logger.exception("Decision email %s could not be claimed", pk)
            continue
        if attempt is None:
            continue
        sent += attempt.sent
        if attempt.server_unreachable:
            release.unqueue(delivery_ids[index + 1 :])
            break
    return sent


@decision_task(ignore_result=True)
def requeue_decision_emails() -> int:
    """Celery beat, every minute: hand Celery again the decision emails that are due and not in
    its hands (a backoff passed, a dead worker's claim went stale, a task was lost)."""
    ids = release.requeue_due()
    _fan_out(ids)
    return len(ids)


@shared_task(name=f"{LEGACY_PREFIX}send_decision_emails", ignore_result=True)
def legacy_send_decision_emails(decision_email_ids: list[int]) -> int:
    """A batch queued before the deploy names ids of the old DecisionEmail table, which name
    nothing now (its rows moved into the outbox table under new ids, unqueued: migration
    applications 0005). Sending "those ids" could only pick other rows, so this hands Celery
    whatever is due instead, as the next re-queue would a minute later."""
    return requeue_decision_emails()


@decision_task(legacy=False, ignore_result=True)
def expire_offers() -> dict:
    """Celery beat, every five minutes: expire the offers past their deadline (with their
    email), and record and send the reminders due (apps.decisions.offers). Safe to run twice
    and in two workers at once; a reminder left by a dead worker is sent by a later run."""
    outcome = offers.run(run_deadline=outbox.run_deadline())
    _fan_out(outcome.expiry_emails or [])
    return {
        "expired": outcome.expired,
        "reminders_recorded": outcome.reminders_recorded,
        "reminders_sent": outcome.reminders_sent,
    }
