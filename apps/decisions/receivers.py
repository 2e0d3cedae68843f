"""The decisions app's answers to what cycles and the status machine announce
(apps/cycles/signals.py, apps/applications/signals.py). Connected in DecisionsConfig.ready:
neither cycles nor applications knows this app.

Both are sent after commit, and both tasks are idempotent (each email is claimed once).
"""

from __future__ import annotations


def queue_release(sender, *, cycle_id: int, **kwargs) -> None:
    """A committed release queues the decision emails."""
    from .tasks import queue_release_emails

    queue_release_emails.delay(cycle_id)


def queue_decision_email(sender, *, application_id: int, **kwargs) -> None:
    """A decision changed after release is announced by its own email."""
    from .tasks import send_application_decision_email

    send_application_decision_email.delay(application_id)


def count_release_emails(sender, *, cycle_id: int, **kwargs) -> list[dict]:
    """Answer cycles' question before a release: how many decision emails, per decision."""
    from .release import release_counts

    return release_counts(cycle_id=cycle_id)
