"""The applications app's answers to what the cycles announce (apps/cycles/signals.py).

Connected in ApplicationsConfig.ready: cycles knows nothing of applications.
"""

from __future__ import annotations

from django.utils.text import format_lazy
from django.utils.translation import gettext_lazy as _


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


# The most rows a selection may name: a page of the table at a time, and "all N matching"
# is sent as the filter instead.
MAX_SELECTION = 10_000


def filter_audience(value):
    """The `filter` audience: `value` is the table's filters (an object, or its query string),
    checked now so a bad key is a 400 at the field."""
    from urllib.parse import parse_qs

    from apps.core.exceptions import ApplicationError

    from .filters import Filters

    if isinstance(value, str):
        parsed = parse_qs(value.lstrip("?"), keep_blank_values=True)
        value = {key: values if key.endswith(("__in", "__ne")) else values[-1] for key, values in parsed.items()}
    if not isinstance(value, dict):
        message = "Send the table's filters: an object, or its query string."
        raise ApplicationError(message, errors={"filters": [message]})
    # The table's own keys that aren't filters (its sort and page) change nobody's membership.
    value = {key: item for key, item in value.items() if key not in ("sort", "page", "after", "before", "cursor")}
    try:
        Filters(value)
    except ApplicationError as exc:
        raise ApplicationError(exc.message, errors={"filters": [exc.message]}) from exc
    return filtered_audience(value)


def selection_audience(value):
    """The `selection` audience: `value` lists the ids of the rows picked in the table (the
    current cycle's applications; ids of other cycles pick nobody)."""
    from apps.core.exceptions import ApplicationError

    if isinstance(value, str):
        value = [part for part in value.replace(",", " ").split() if part]
    if (
        not isinstance(value, list)
        or not value
        or len(value) > MAX_SELECTION
        or not all(isinstance(item, int | str) and str(item).isdigit() and int(item) > 0 for item in value)
    ):
        message = f"Send the ids of the picked rows: a list of 1 to {MAX_SELECTION} application ids."
        raise ApplicationError(message, errors={"ids": [message]})
    ids = sorted({int(item) for item in value})

    def recipients() -> list[str]:
        from apps.cycles.selectors import current_cycle

        from .models import Application

        rows = Application.objects.filter(cycle=current_cycle(), pk__in=ids).order_by("email")
        return list(rows.values_list("email", flat=True))

    return recipients


def never_started() -> list[str]:
    """The accounts that registered and never started an application in the current cycle."""
    from apps.cycles.selectors import current_cycle

    from . import selections

    rows = selections.never_started_accounts(current_cycle()).order_by("email")
    return list(rows.values_list("email", flat=True))


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
        # Lazy: registered at start-up, said in the language of the request that meets it.
        message = format_lazy(_("No application of this cycle has the status '{status}'."), status=status)
        audiences.register(status, status_audience(status), empty_message=message)
    audiences.register(
        NEVER_STARTED, never_started, empty_message=_("Every registered account has started an application.")
    )
    audiences.register_parametrised(
        "filter", "filters", filter_audience, empty_message=_("No application matches these filters.")
    )
    audiences.register_parametrised(
        "selection", "ids", selection_audience, empty_message=_("None of the picked applications is in this cycle.")
    )
    audiences.register_people(people)


NEVER_STARTED = "never_started"
