"""Application tasks. Each is safe to run twice: the outbox row decides what is still to send."""

from __future__ import annotations

from celery import shared_task
from django.utils import timezone

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
    keys = received.requeue_due()
    if keys:
        received.received_rows().filter(dedupe_key__in=keys).update(queued_at=timezone.now())
    for key in keys:
        send_received_email.delay(key)
    return len(keys)
