"""Mailing tasks: the periodic sender (Celery beat, every 30 seconds) and template test sends."""

from __future__ import annotations

from celery import shared_task
from django.conf import settings
from django.core.mail import EmailMultiAlternatives

from . import outbox, services
from .outbox import TRANSIENT


@shared_task(name="apps.mailings.tasks.send_due_mailings", ignore_result=True)
def send_due_mailings() -> dict:
    """Send what is due. Runs can overlap: each delivery is claimed by one run only (see
    apps.mailings.outbox), and retries of single deliveries are scheduled by their rows (backoff).
    A run stops claiming before the task's soft time limit; the next run goes on."""
    report = services.send_due_mailings(deadline=outbox.run_deadline())
    return {"sent": report.sent, "failed": report.failed, "retrying": report.retrying}


@shared_task(autoretry_for=TRANSIENT, retry_backoff=True, max_retries=5)
def send_template_test(subject: str, text: str, html: str, to: str) -> None:
    """An organizer's test send of an automated email, already rendered with sample values."""
    message = EmailMultiAlternatives(f"[Test] {subject}", text, settings.DEFAULT_FROM_EMAIL, [to])
    message.attach_alternative(html, "text/html")
    outbox.send_message(message)
