"""Travel tasks. Each is safe to run twice: grant rows and outbox rows decide what is left."""

from __future__ import annotations

from celery import shared_task

from apps.mailings import outbox

from . import lapse, mail


@shared_task(ignore_result=True)
def send_travel_email(key: str) -> bool:
    attempt = mail.send_one(key)
    return bool(attempt and attempt.sent)


@shared_task(ignore_result=True)
def requeue_travel_emails() -> int:
    """Celery beat, every minute: hand Celery the travel emails that are due again."""
    return outbox.hand_over(mail.travel_rows(), mail.requeue_due(), send_travel_email)


@shared_task(ignore_result=True)
def lapse_grants() -> int:
    """Celery beat, every ten minutes: grants without receipts past the deadline lapse."""
    return lapse.lapse_due()
