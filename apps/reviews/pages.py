"""The reviewer's pages: the applications assigned to the signed-in organizer, one by one."""

from __future__ import annotations

from django.views.decorators.http import require_safe

from apps.accounts.selectors import admin_emails
from apps.applications.organizer_pages import applicant_props, decision_choices
from apps.core.pages import admin_only, island

from . import selectors
from .models import ReviewStatus


def _review_statuses() -> list[dict]:
    return [{"value": str(v), "label": str(label)} for v, label in ReviewStatus.choices]


@require_safe
@admin_only
def review_list_page(request):
    return island(
        request,
        "admin-reviewapps",
        {
            "reviewer": request.user.email,
            "reviewStatuses": _review_statuses(),
            "assigned": selectors.assigned_applications(reviewer_email=request.user.email),
        },
        title="Applications to Review",
    )


@require_safe
@admin_only
def review_detail_page(request, index: int):
    item = selectors.assignment_at(reviewer_email=request.user.email, index=index)
    # Past the end ('dne') the page says 'No More to Review'; otherwise it shows the applicant.
    applicant = applicant_props(item["email"]) if item["email"] != "dne" else {}
    return island(
        request,
        "admin-reviewapps-index",
        {
            "reviewer": request.user.email,
            "index": index,
            "reviewStatuses": _review_statuses(),
            "decisions": decision_choices(),
            "item": item,
            "application": applicant.get("application"),
            "sections": applicant.get("sections", []),
        },
        title=f"Review #{index + 1}",
    )


@require_safe
@admin_only
def assign_page(request):
    unassigned, more = selectors.unassigned_applications()
    return island(
        request,
        "admin-assignapps",
        {"admins": admin_emails(), "me": request.user.email, "unassigned": unassigned, "unassignedMore": more},
        title="Assign Applications",
    )
