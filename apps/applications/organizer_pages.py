"""The organizers' pages under /admin/...: each renders one React island behind `admin_only`.

The props carry what the first paint needs (the choices of every select, the first page of the
table, the applicant's application and history), read through the same selectors as the API,
so the page shows its data without a round trip; later changes go through the API.
"""

from __future__ import annotations

import json

from django.views.decorators.http import require_safe

from apps.accounts.selectors import admin_emails, whitelist_exceptions
from apps.core.exceptions import ApplicationError
from apps.core.pages import admin_only, admin_page, island
from apps.cycles.models import CycleStatus, Season
from apps.cycles.selectors import current_cycle, current_status, cycle_config

from . import organizer
from .models import ApplicationStatus
from .selectors import question_set
from .status_machine import BATCH_DECISIONS, DECISIONS

PAGE_SIZE = organizer.DEFAULT_PER_PAGE
FILTER_KEYS = ("first", "last", "email", "school", "status", "teamcode")


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
@admin_page(non_admin_to="/login")  # spec section 6: the applications list sends non-admins to /login
def users_page(request):
    # Filters can arrive in the address (a bookmarked or shared search).
    initial_filters = {key: request.GET.get(key, "")[:200] for key in FILTER_KEYS}
    try:
        filters = organizer.parse_table_filters(json.dumps(initial_filters))
        first_page = organizer.application_table(cycle=current_cycle(), filters=filters, per_page=PAGE_SIZE)
    except ApplicationError:
        # An unknown status in the address: the island shows the API's refusal instead.
        first_page = None
    return island(
        request,
        "applications-admin-users",
        {
            "perPage": PAGE_SIZE,
            "statuses": _choices(ApplicationStatus.values, ApplicationStatus.choices),
            "initialFilters": initial_filters,
            "initialPage": first_page,
        },
        title="Applications",
    )


def applicant_props(email: str) -> dict:
    """The applicant's application (None when there is none), the question set and the history."""
    cycle = current_cycle()
    sections = question_set(cycle)
    try:
        application = organizer.get_application(email=email, cycle=cycle)
    except ApplicationError:
        return {"application": None, "sections": sections, "history": []}
    return {
        "application": organizer.application_detail(application),
        "sections": sections,
        "history": organizer.application_history(application),
    }


@require_safe
@admin_only
def user_detail_page(request, email: str):
    email = email.strip().lower()
    return island(
        request,
        "applications-admin-user",
        {"email": email, "decisions": decision_choices(), **applicant_props(email)},
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


@require_safe
@admin_only
def createapp_page(request):
    """The question builder: the questions are the applications', so the page stays here."""
    props = {"cycle": str(current_cycle()), "cycleStatus": current_status()}
    return island(request, "applications-createapp", props, title="Question Builder")
