"""Organizer report pages: statistics and demographics.

Each page is admin-only on the server; its island fetches the data it shows through the API so
that the same calls serve the page's refreshes, error states and outside clients.
"""

from django.conf import settings
from django.utils.translation import gettext_lazy as _
from django.views.decorators.http import require_safe

from apps.applications import selections
from apps.core.pages import admin_only, island
from apps.cycles.selectors import current_cycle

from . import demographics, statistics

# Each group is a named selection (demographics.GROUPS), labelled and described as the
# statistics and the capacity panel name the same people: "accepted" here is everyone holding a
# place, which the other pages call admitted.
DEMOGRAPHIC_GROUPS = [
    {"value": group, "label": label, "description": selections.get(demographics.GROUPS[group]).description}
    for group, label in (("applied", _("Applied")), ("accepted", _("Admitted")), ("confirmed", _("Confirmed")))
]


def _cycle_label() -> str:
    return str(current_cycle())


@require_safe
@admin_only
def stats_page(request):
    props = {
        "hostSchool": settings.HOST_SCHOOL,
        "cycle": _cycle_label(),
        # Each counter's filters in the one filter language: its CSV and its rows in the table
        # select exactly what it counts.
        "cardFilters": {key: statistics.card_filters(key) for key in statistics.counter_keys()},
        # The counts, as `GET /api/applications/stats` answers (cached: one cache round trip),
        # drawn with the page rather than fetched after it.
        "stats": statistics.application_stats(cycle=current_cycle()),
    }
    return island(request, "admin-stats", props, title=_("Statistics"))


@require_safe
@admin_only
def demographics_page(request):
    group = request.GET.get("group", "applied")
    if group not in {g["value"] for g in DEMOGRAPHIC_GROUPS}:
        group = "applied"
    props = {
        "groups": DEMOGRAPHIC_GROUPS,
        "initialGroup": group,
        "cycle": _cycle_label(),
        # The sidebar's list of questions, drawn with the page: it grew from "Loading…" above
        # the charts on a phone when the counts arrived (the counts still come from the API).
        "questions": demographics.survey_questions(current_cycle()),
    }
    return island(request, "admin-demographics", props, title=_("Demographics"))
