"""The organizer's review-scoring pages: the rubric editor and the ranking (with admission).

Both islands fetch their data from /api/reviews/ with useQuery, so the views only guard and
mount: the APIs are the one place that shapes rubric and ranking data.
"""

from __future__ import annotations

from django.utils.translation import gettext as _
from django.views.decorators.http import require_safe

from apps.core.pages import admin_only, island


@require_safe
@admin_only
def rubric_page(request):
    return island(request, "admin-rubric", {}, title=_("Review Rubric"))


@require_safe
@admin_only
def ranking_page(request):
    return island(request, "admin-ranking", {}, title=_("Ranking"))
