"""apps.checkin's answers to the status machine's announcements (connected in CheckinConfig.ready)."""

from __future__ import annotations

from apps.applications.models import ApplicationStatus as S


def issue_on_confirm(sender, *, application_id: int, old: str, new: str, **kwargs) -> None:
    """A committed confirmation gets its ticket and email (Celery, idempotent)."""
    if new == S.CONFIRMED:
        from .tasks import issue_ticket

        issue_ticket.delay(application_id)
