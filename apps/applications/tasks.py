"""Application tasks. Each is safe to run twice: the outbox row decides what is still to send."""

from __future__ import annotations

from celery import shared_task
from django.utils import timezone

from . import received


@shared_task(ignore_result=True)
def send_received_email(delivery_id: int) -> bool:
    """Send one "we received your application" email. A failure is recorded on its row
    (backoff) and picked up by `requeue_received_emails`: the task never retries into a
    second send."""
    attempt = received.send_one(delivery_id)
    return bool(attempt and attempt.sent)


@shared_task(ignore_result=True)
def requeue_received_emails() -> int:
    """Celery beat, every minute: hand Celery the emails that are due again."""
    ids = received.requeue_due()
    if ids:
        received.received_rows().filter(pk__in=ids).update(queued_at=timezone.now())
    for pk in ids:
        send_received_email.delay(pk)
    return len(ids)
