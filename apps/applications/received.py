"""The "we received your application" email, sent once per application.

It is one row of the one outbox (apps.mailings Delivery, dedupe key "received:<application
id>"), recorded in the transaction of the application's first submit: a submit that rolls back
leaves no email, and the unique key makes a second submit (an edit while the cycle is open, a
retried request) find the row there and add nothing. The row is handed to Celery after commit
(`tasks.send_received_email`), claimed once by the outbox, so a retried or repeated task never
sends it twice; beat picks up a failed or lost one (`tasks.requeue_received_emails`).
"""

from __future__ import annotations

from django.db import transaction
from django.utils import timezone

from apps.core.tasks import delay
from apps.mailings import automated, outbox
from apps.mailings.models import Delivery

from .models import Application

TEMPLATE_KEY = "application_received"
KEY_PREFIX = "received:"
# Sent by name: tasks.py calls this module, so this module never imports it back.
SEND_TASK = "apps.applications.tasks.send_received_email"


def dedupe_key(application: Application) -> str:
    return f"{KEY_PREFIX}{application.pk}"


def received_rows():
    return Delivery.objects.filter(mailing__isnull=True, dedupe_key__startswith=KEY_PREFIX)


def record(application: Application, cycle) -> None:
    """Record the email in the caller's transaction (the submit's) and queue it after commit."""
    key = dedupe_key(application)
    Delivery.objects.bulk_create(
        [
            Delivery(
                email=application.email,
                template_key=TEMPLATE_KEY,
                context={
                    **automated.event_context(cycle),
                    "first_name": application.first,
                    "last_name": application.last,
                    "email": application.email,
                },
                dedupe_key=key,
            )
        ],
        ignore_conflicts=True,
    )

    def queue() -> None:
        # One UPDATE hands it over: only a row not handed to Celery yet is (a second submit's
        # callback finds it handed over and queues nothing).
        if received_rows().filter(dedupe_key=key, queued_at__isnull=True).update(queued_at=timezone.now()):
            delay(SEND_TASK, key)

    transaction.on_commit(queue)


def send_one(key: str) -> outbox.Attempt | None:
    """Send the email of dedupe key `key` if it is still to send (claimed once). None when there
    was nothing to send."""
    row = outbox.claim(received_rows().filter(dedupe_key=key), queued_at=None)
    if row is None:
        return None
    return outbox.deliver(row, automated.send_delivery)


def requeue_due() -> list[str]:
    """Emails a worker may claim now that were not handed to Celery recently (a backoff passed,
    a dead worker's claim, a lost task)."""
    return list(outbox.requeue_candidates(received_rows(), timezone.now()).values_list("dedupe_key", flat=True)[:500])
