"""The organizers' pages under /admin/...: each renders one React island behind `admin_only`.

The props carry what the first paint needs (the choices of every select, the current lists);
data that changes while the page is open (the table, an applicant's detail) is fetched by the
island through the API, which stays the one authority.
"""

from __future__ import annotations

from django.views.decorators.http import require_safe

from apps.accounts.selectors import admin_emails, whitelist_exceptions
from apps.core.pages import admin_only, island
from apps.cycles.models import CycleStatus, Season
from apps.cycles.selectors import current_cycle, cycle_config

from .models import ApplicationStatus
from .status_machine import BATCH_DECISIONS, DECISIONS

PAGE_SIZE = 20


def _choices(values, choices) -> list[dict]:
    labels = dict(choices)
    return [{"value": str(v), "label": str(labels[v])} for v in values]


def decision_choices() -> list[dict]:
    """The decision select of spec section 4: `submitted` reads 'No Decision'."""
    options = _choices(DECISIONS, ApplicationStatus.choices)
    for option in options:
        if option["value"] == ApplicationStatus.SUBMITTED:
            option["label"] = "No Decision"
    return options


@require_safe
@admin_only
def users_page(request):
    return island(
        request,
        "applications-admin-users",
        {
            "perPage": PAGE_SIZE,
            "statuses": _choices(ApplicationStatus.values, ApplicationStatus.choices),
            # Filters can arrive in the address (the panel's links, a bookmarked search).
            "initialFilters": {
                key: request.GET.get(key, "")[:200]
                for key in ("first", "last", "email", "school", "status", "teamcode")
            },
        },
        title="Applications",
    )


@require_safe
@admin_only
def user_detail_page(request, email: str):
    return island(
        request,
        "applications-admin-user",
        {"email": email.strip().lower(), "decisions": decision_choices()},
        title=f"Application · {email}",
    )


@require_safe
@admin_only
def administrators_page(request):
    return island(
        request,
        "applications-admin-administrators",
        {"admins": admin_emails(), "me": request.user.email},
        title="Administrators",
    )


@require_safe
@admin_only
def config_page(request):
    cycle = current_cycle()
    return island(
        request,
        "applications-admin-config",
        {
            "config": cycle_config(cycle),
            "current": {"year": cycle.year, "cycle": cycle.season},
            "statuses": _choices(CycleStatus.values, CycleStatus.choices),
            "seasons": _choices(Season.values, Season.choices),
        },
        title="Configuration",
    )


@require_safe
@admin_only
def whitelist_page(request):
    return island(
        request,
        "applications-admin-whitelist",
        {"exceptions": whitelist_exceptions()},
        title="Whitelist Emails",
    )


@require_safe
@admin_only
def batch_page(request):
    return island(
        request,
        "applications-admin-batch",
        {"statuses": _choices(BATCH_DECISIONS, ApplicationStatus.choices), "defaultStatus": ApplicationStatus.ACCEPTED},
        title="Batch Decisions",
    )


@require_safe
@admin_only
def assign_page(request):
    return island(
        request,
        "applications-admin-assign",
        {"admins": admin_emails(), "me": request.user.email},
        title="Assign Applications",
    )
