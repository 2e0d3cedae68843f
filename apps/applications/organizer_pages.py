"""The organizers' pages under /admin/...: each renders one React island behind `admin_only`.

The props carry what the first paint needs (the choices of every select, the first page of the
table, the applicant's application and history), read through the same selectors as the API,
so the page shows its data without a round trip; later changes go through the API.
"""

from __future__ import annotations

import json

from django.views.decorators.http import require_safe

from apps.core.exceptions import ApplicationError
from apps.core.pages import admin_only, admin_page, island, select_options
from apps.cycles.selectors import current_cycle, question_set
from apps.resumes.selectors import access_log

from . import organizer
from .models import ApplicationStatus
from .status_machine import DECISIONS

PAGE_SIZE = organizer.DEFAULT_PER_PAGE
FILTER_KEYS = ("first", "last", "email", "school", "status", "teamcode")


def decision_choices() -> list[dict]:
    """The decision select of spec section 4: `submitted` reads 'No Decision'."""
    options = select_options(DECISIONS, ApplicationStatus.choices)
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
            "statuses": select_options(ApplicationStatus.values, ApplicationStatus.choices),
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
        # Who downloaded this person's resume, when and how (apps.resumes' access log).
        "resumeAccess": access_log(owner_email=email),
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
