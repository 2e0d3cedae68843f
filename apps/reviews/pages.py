"""The reviewer's pages: the applications assigned to the signed-in organizer or reviewer,
one by one, with the scoring panel's props (rubric, the caller's review, blind mode)."""

from __future__ import annotations

from django.utils.translation import gettext as _
from django.views.decorators.http import require_safe

from apps.accounts.models import Role, User
from apps.applications.organizer_pages import applicant_props, decision_choices
from apps.core.pages import admin_only, island, page_for
from apps.cycles.selectors import current_cycle

from . import reviewing, rubric, selectors
from .models import ReviewStatus

# Organizers and reviewers: a signed-out visitor signs in first, anyone else goes to their dashboard.
reviewer_page = page_for(lambda user: user.can_review, "/dashboard")


def _review_statuses() -> list[dict]:
    return [{"value": str(v), "label": str(label)} for v, label in ReviewStatus.choices]


@require_safe
@reviewer_page
def review_list_page(request):
    cycle = current_cycle()
    mine = reviewing.my_assigned(user=request.user, cycle=cycle)
    return island(
        request,
        "admin-reviewapps",
        {
            "reviewer": request.user.email,
            "reviewStatuses": _review_statuses(),
            # The spec's list: addresses hidden in blind mode (the island links by index).
            "assigned": [{"email": item["email"] or "", "status": item["status"]} for item in mine["assigned"]],
            "items": mine["assigned"],
            "blind": mine["blind"],
            # A reviewer's way back is not the admin panel (it would send them to /dashboard).
            "isOrganizer": request.user.is_admin,
            # After release no score can change: the list says so before anyone opens a review.
            "closed": rubric.is_locked(cycle),
        },
        title=_("Applications to Review"),
    )


@require_safe
@reviewer_page
def review_detail_page(request, index: int):
    cycle = current_cycle()
    blind = cycle.blind_review
    row = selectors.assignment_row_at(reviewer_email=request.user.email, index=index)
    # Past the end ('dne') the page says 'No More to Review'; otherwise it shows the applicant.
    if row is None:
        item, applicant, review = {"email": "dne"}, {}, None
    else:
        application_id, email, status = row
        item = {"email": "" if blind else email, "status": status, "application_id": application_id}
        applicant = applicant_props(email)
        review = reviewing.review_payload(user=request.user, application_id=application_id, cycle=cycle)
    application = applicant.get("application")
    sections = applicant.get("sections", [])
    if blind:
        application, sections = reviewing.blind_view(application, sections)
    return island(
        request,
        "admin-reviewapps-index",
        {
            "reviewer": request.user.email,
            "index": index,
            "reviewStatuses": _review_statuses(),
            "decisions": decision_choices(),
            "item": item,
            "application": application,
            "sections": sections,
            "review": review,
            "rubric": rubric.rubric_payload(cycle),
            "blind": blind,
            "isOrganizer": request.user.is_admin,
        },
        title=_("Review #%(number)s") % {"number": index + 1},
    )


@require_safe
@admin_only
def assign_page(request):
    unassigned, more = selectors.unassigned_applications()
    reviewers = list(
        User.objects.filter(role__in=(Role.ADMIN, Role.REVIEWER), is_active=True)
        .order_by("email")
        .values("email", "role")
    )
    return island(
        request,
        "admin-assignapps",
        {
            # `admins`: everyone who can be given applications (organizers and reviewers).
            "admins": [r["email"] for r in reviewers],
            "reviewers": reviewers,
            "me": request.user.email,
            "unassigned": unassigned,
            "unassignedMore": more,
        },
        title=_("Assign Applications"),
    )
