"""The applications app's answers to what the cycles announce (apps/cycles/signals.py).

Connected in ApplicationsConfig.ready: cycles knows nothing of applications.
"""

from __future__ import annotations


def status_audience(status: str):
    """The addresses of the current cycle's applications with `status`, for a batch email."""

    def recipients() -> list[str]:
        from apps.cycles.selectors import current_cycle

        from .models import Application

        rows = Application.objects.filter(cycle=current_cycle(), status=status).order_by("email")
        return list(rows.values_list("email", flat=True))

    return recipients


def register_audiences() -> None:
    """Every application status is a batch-email audience (the contract: "an application
    status or `custom`"; the page offers spec section 4's list, the API any status, so the
    confirmed attendees can be written to as well)."""
    from apps.mailings import audiences

    from .models import ApplicationStatus

    for status in ApplicationStatus.values:
        message = f"No application of this cycle has the status '{status}'."
        audiences.register(status, status_audience(status), empty_message=message)
