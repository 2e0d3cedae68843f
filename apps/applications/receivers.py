"""The applications app's answers to what the cycles announce (apps/cycles/signals.py).

Connected in ApplicationsConfig.ready: cycles knows nothing of applications.
"""

from __future__ import annotations


def filtered_audience(data: dict):
    """The addresses of the current cycle's applications that the filters `data` pick (the one
    filter language of the table and the export, apps/applications/filters.py), for a batch
    email."""

    def recipients() -> list[str]:
        from apps.cycles.selectors import current_cycle

        from .filters import select

        rows = select(current_cycle(), data).order_by("email")
        return list(rows.values_list("email", flat=True))

    return recipients


def status_audience(status: str):
    """The addresses of the current cycle's applications with `status`."""
    return filtered_audience({"status": status})


def people(emails: list[str]) -> dict[str, dict]:
    """The applicants' names behind batch-email addresses (their `{{ first_name }}` and
    `{{ last_name }}`): the current cycle's application of an address, else its latest."""
    from apps.cycles.selectors import current_cycle

    from .models import Application

    current = current_cycle().pk
    found: dict[str, dict] = {}
    from_current: set[str] = set()
    rows = Application.objects.filter(email__in=emails).order_by("pk").values_list("email", "first", "last", "cycle_id")
    for email, first, last, cycle_id in rows:
        if email in from_current:
            continue
        found[email] = {"first_name": first, "last_name": last}
        if cycle_id == current:
            from_current.add(email)
    return found


def register_audiences() -> None:
    """Every application status is a batch-email audience (the contract: "an application
    status or `custom`"; the page offers the decision statuses, the API any status, so the
    confirmed attendees can be written to as well)."""
    from apps.mailings import audiences

    from .models import ApplicationStatus

    for status in ApplicationStatus.values:
        message = f"No application of this cycle has the status '{status}'."
        audiences.register(status, status_audience(status), empty_message=message)
    audiences.register_people(people)
