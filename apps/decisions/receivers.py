"""The decisions app's answer to what the status machine announces (apps/applications/signals.py).
Connected in DecisionsConfig.ready: applications doesn't know this app.

Sent after commit; the task is idempotent (each email is claimed once).
"""

from __future__ import annotations


def queue_decision_email(sender, *, application_id: int, **kwargs) -> None:
    """A decision changed after release is announced by its own email."""
    from .tasks import send_application_decision_email

    send_application_decision_email.delay(application_id)
