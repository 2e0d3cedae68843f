"""The organizers' configuration page: the cycle's dates, status and the current cycle."""

from __future__ import annotations

from django.views.decorators.http import require_safe

from apps.core.pages import admin_only, island, select_options

from .models import CycleStatus, Season
from .selectors import current_cycle, cycle_config


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
            "statuses": select_options(CycleStatus.values, CycleStatus.choices),
            "seasons": select_options(Season.values, Season.choices),
        },
        title="Configuration",
    )
