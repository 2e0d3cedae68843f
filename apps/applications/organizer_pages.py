"""The organizers' pages under /admin/...: each renders one React island behind `admin_only`.

The props carry what the first paint needs (the choices of every select, the first page of the
table, the applicant's application and history), read through the same selectors as the API,
so the page shows its data without a round trip; later changes go through the API.
"""

from __future__ import annotations

from django.conf import settings
from django.utils.text import format_lazy
from django.utils.translation import gettext_lazy as _
from django.views.decorators.http import require_safe

from apps.core.exceptions import ApplicationError
from apps.core.pages import admin_only, admin_page, island, select_options
from apps.cycles.selectors import current_cycle, question_set, rsvp_question_set
from apps.resumes.selectors import access_log

from . import organizer, selections, table
from .models import ApplicationStatus, RsvpAnswers
from .status_machine import BATCH_DECISIONS, DECISIONS

PAGE_SIZE = table.DEFAULT_PER_PAGE


def decision_choices() -> list[dict]:
    """The decision select: `submitted` is the absence of a decision, so it reads 'No Decision'."""
    options = select_options(DECISIONS, ApplicationStatus.choices)
    for option in options:
        if option["value"] == ApplicationStatus.SUBMITTED:
            option["label"] = str(_("No Decision"))
    return options


@require_safe
@admin_page(non_admin_to="/login")  # the list sends non-admins to /login, as it always has
def users_page(request):
    # The table's state lives in the address (filters, sort, page), so Back and shared links
    # land where the organizer was; the first page comes rendered through the API's own code.
    state = {
        "filters": {key: request.GET.get(key, "") for key in table.ADDRESS_KEYS},
        "sort": request.GET.get("sort", "") or table.DEFAULT_SORT,
        "page": request.GET.get("page", "") or "1",
    }
    try:
        first_page = table.application_table(
            cycle=current_cycle(),
            filters={**state["filters"], "sort": state["sort"]},
            params={"page": state["page"], "per_page": PAGE_SIZE},
        )
    except ApplicationError:
        # A bad value in the address: the island asks the API, which explains.
        first_page = None
    return island(
        request,
        "admin-users",
        {
            "perPage": PAGE_SIZE,
            "statuses": select_options(ApplicationStatus.values, ApplicationStatus.choices),
            # The named selections (the statistics' and capacity's counts) and the host school,
            # so a link from a count lands on its rows with its filter shown.
            "selections": [{"value": value, "label": str(label)} for value, label in selections.choices()],
            "hostSchool": settings.HOST_SCHOOL,
            "decisions": select_options(BATCH_DECISIONS, ApplicationStatus.choices),
            # What `initialPage` answers: the island uses it only if it reads the same state
            # from the address.
            "initialState": {**state, "page": first_page["page"] if first_page else 1},
            "initialPage": first_page,
        },
        title=_("Applications"),
    )


def rsvp_rows(application, cycle) -> list[dict] | None:
    """The RSVP answers in the RSVP set's order (answers to questions no longer asked last)."""
    given = RsvpAnswers.objects.filter(application=application).values_list("answers", flat=True).first()
    if given is None:
        return None
    questions = [q for s in rsvp_question_set(cycle) for q in s["questions"]]
    rows = [
        {"question_id": q["question_id"], "question": q["question_text"], "answer": given.get(q["question_id"], "")}
        for q in questions
    ]
    asked = {q["question_id"] for q in questions}
    rows += [{"question_id": k, "question": k, "answer": v} for k, v in given.items() if k not in asked]
    return rows


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
        # The application is the current cycle's, so `sections` is its question set.
        "history": organizer.application_history(application, sections=sections),
        # Who downloaded this person's resume, when and how (apps.resumes' access log).
        "resumeAccess": access_log(owner_email=email),
        # What they answered when confirming (None: they haven't), each by its question's text.
        "rsvp": rsvp_rows(application, cycle),
    }


@require_safe
@admin_only
def user_detail_page(request, email: str):
    email = email.strip().lower()
    return island(
        request,
        "admin-users-email",
        {"email": email, "decisions": decision_choices(), **applicant_props(email)},
        title=format_lazy(_("Application · {email}"), email=email),
    )
