"""Ticket tasks. Each is safe to run twice: the outbox row decides what is still to send."""

from __future__ import annotations

from celery import shared_task

from apps.mailings import outbox
from apps.mailings.outbox import TRANSIENT

from . import tickets

RETRYING = {"autoretry_for": TRANSIENT, "retry_backoff": True, "max_retries": 5}


@shared_task(**RETRYING)
def issue_ticket(application_id: int) -> bool:
    """A confirmation's ticket and email (the email is queued when the ticket commits). A
    confirmation now issues its ticket in its own transaction (receivers.py); this stays for
    messages queued before that, and finds the ticket there (idempotent)."""
    return tickets.issue_if_missing(application_id=application_id) is not None


@shared_task(ignore_result=True)
def send_ticket_email(delivery_id: int) -> bool:
    """Send one ticket email. A failure is recorded on its row (backoff) and picked up again by
    `requeue_ticket_emails`, so the task itself never retries into a second send."""
    attempt = tickets.send_one(delivery_id)
    return bool(attempt and attempt.sent)


@shared_task(ignore_result=True)
def requeue_ticket_emails() -> int:
    """Celery beat, every minute: hand Celery the ticket emails that are due again."""
    return outbox.hand_over(tickets.ticket_rows(), tickets.requeue_due(), send_ticket_email, by="pk")
