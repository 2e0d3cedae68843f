"""Application tasks. Each is safe to run twice: the outbox row decides what is still to send."""

from __future__ import annotations

from celery import shared_task

from apps.mailings import outbox

from . import received


@shared_task(ignore_result=True)
def send_received_email(key: str) -> bool:
    """Send one "we received your application" email. A failure is recorded on its row
    (backoff) and picked up by `requeue_received_emails`: the task never retries into a
    second send."""
    attempt = received.send_one(key)
    return bool(attempt and attempt.sent)


@shared_task(ignore_result=True)
def requeue_received_emails() -> int:
    """Celery beat, every minute: hand Celery the emails that are due again."""
    return outbox.hand_over(received.received_rows(), received.requeue_due(), send_received_email)
