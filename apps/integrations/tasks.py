"""Webhook tasks. Safe to run twice at once: each row is claimed by one worker only."""

from __future__ import annotations

from celery import shared_task

from apps.mailings.outbox import run_deadline

from . import notices, services


@shared_task(ignore_result=True)
def send_due_webhooks() -> int:
    """After an event commits, and from Celery beat every minute (backoffs that have passed,
    a dead worker's claims): send what is due."""
    return services.send_due(deadline=run_deadline())


@shared_task(ignore_result=True)
def send_chat_notices() -> int:
    """Celery beat, every minute: each Slack or Discord channel's line of counts, if any."""
    return notices.send_notices()
