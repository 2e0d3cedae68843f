"""/admin, the admin panel: where the current cycle stands, then the tools, grouped.

The cycle's numbers come with the page (the props), the same as `GET /api/admin/home` answers:
fetched after the page, they arrived once the tools were on the screen and pushed every card
down (a layout shift of 0.78 on a phone). The island asks the API again only to refresh them.
"""

from __future__ import annotations

from django.utils.translation import gettext_lazy as _
from django.views.decorators.http import require_safe

from apps.applications import selections
from apps.core.pages import admin_only, as_api_json, island
from apps.cycles.selectors import current_cycle
from apps.reviews import admission

from . import home

ADMIN_CARDS = [
    (_("Applications"), "/admin/users", _("Browse, filter and open every application.")),
    (_("Statistics"), "/admin/stats", _("Counts at a glance, each downloadable as CSV.")),
    (_("Batch Decisions"), "/admin/batch", _("Decide many applications at once, and schedule emails.")),
    (_("Admin Users"), "/admin/administrators", _("Add or remove organizers, reviewers and volunteers.")),
    (_("Configuration"), "/admin/config", _("Dates, status, location and the current cycle.")),
    (_("Resume Book"), "/admin/resumebook", _("Download one resume or every confirmed attendee's.")),
    (_("Assign Applications"), "/admin/assignapps", _("Give applications to reviewers.")),
    (_("Review Applications"), "/admin/reviewapps", _("Work through the applications assigned to you.")),
    (_("Whitelist Emails"), "/admin/whitelist-emails", _("Let extra addresses or patterns register.")),
    # Beyond the original nine: the tools the original client had no card for.
    (_("Demographics"), "/admin/demographics", _("Charts of the survey answers, by group.")),
    (_("Question Builder"), "/admin/createapp", _("Edit this cycle's sections and questions.")),
    (_("Review Rubric"), "/admin/rubric", _("The criteria reviewers score, their scales and weights.")),
    (_("Ranking"), "/admin/ranking", _("Applicants by calibrated score; fill the event to capacity.")),
    (_("Automated Emails"), "/admin/automated-emails", _("Edit the verification, reset and decision emails.")),
    (_("Check-in"), "/checkin", _("Scan tickets at the door, find people by name, register walk-ins.")),
    (_("Travel Grants"), "/admin/travel", _("The travel budget, grants, receipts to review and the payout.")),
    (_("Integrations"), "/admin/integrations", _("Signed webhooks to your systems, Slack and Discord notices.")),
]


@require_safe
@admin_only
def admin_panel(request):
    cards = [{"title": t, "href": h, "description": d} for t, h, d in ADMIN_CARDS]
    cycle = current_cycle()
    # The funnel's counts and the capacity panel's in one pass over the cycle's applications:
    # two passes cost 12-20 ms more at 50,000 (docs/performance.md), and a change
    # committed between them could show the funnel's "Confirmed" and the panel's apart.
    counts = selections.count(cycle, (*home.COUNTED, *admission.CAPACITY_COUNTS))
    props = {
        "cards": cards,
        "home": as_api_json(home.admin_home(cycle, counts=counts)),
        # The "Spots filled" panel, shown once an admission plan set a capacity: as GET
        # reviews/capacity answers, drawn with the rest rather than pushing the tools down.
        "capacity": as_api_json(admission.capacity(cycle, counts=counts)),
    }
    return island(request, "admin", props, title=_("Admin Panel"))
