"""Decision emails, sent by Celery after the release (or a later decision) commits. Tasks take ids.

Every task is safe to run twice: the rows of `DecisionEmail` decide what is still to send.
"""

from __future__ import annotations

import smtplib

from celery import shared_task

from . import release

TRANSIENT = (smtplib.SMTPServerDisconnected, smtplib.SMTPConnectError, ConnectionError, TimeoutError)


@shared_task(autoretry_for=TRANSIENT, retry_backoff=True, max_retries=5)
def queue_release_emails(cycle_id: int) -> int:
    """Record the release's decision emails and fan them out in batches. Returns how many."""
    ids = release.release_prepare(cycle_id=cycle_id)
    for batch in release.batches(ids):
        send_decision_emails.delay(batch)
    return len(ids)


@shared_task(autoretry_for=TRANSIENT, retry_backoff=True, max_retries=5)
def send_application_decision_email(application_id: int) -> int:
    """The email of one decision recorded after release."""
    ids = release.application_prepare(application_id=application_id)
    if ids:
        send_decision_emails.delay(ids)
    return len(ids)


@shared_task(autoretry_for=TRANSIENT, retry_backoff=True, max_retries=5)
def send_decision_emails(decision_email_ids: list[int]) -> int:
    """Send a batch. A transient mail failure retries the task (rows sent stay sent); any other
    failure marks that one email failed and the batch goes on."""
    sent = 0
    for pk in decision_email_ids:
        try:
            sent += release.send_one(pk)
        except TRANSIENT:
            raise
        except Exception as error:  # noqa: BLE001 - one bad address must not stop the batch
            release.mark_failed(pk, error)
    return sent
