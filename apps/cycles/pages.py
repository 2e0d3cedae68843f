"""The organizers' pages of the cycle's configuration: its dates, status and the current cycle;
the question builder (its question set)."""

from __future__ import annotations

from django.conf import settings
from django.utils.translation import gettext_lazy as _
from django.views.decorators.http import require_safe

from apps.core.pages import admin_only, island, select_options

from . import translations
from .models import CycleStatus, Season
from .selectors import current_cycle, current_status, cycle_config


@require_safe
@admin_only
def config_page(request):
    cycle = current_cycle()
    return island(
        request,
        "admin-config",
        {
            "config": cycle_config(cycle),
            "current": {"year": cycle.year, "cycle": cycle.season},
            "statuses": select_options(CycleStatus.values, CycleStatus.choices),
            "seasons": select_options(Season.values, Season.choices),
        },
        title=_("Configuration"),
    )


@require_safe
@admin_only
def createapp_page(request):
    """The question builder: the island reads and replaces the set through the API. With more
    than one language enabled, it can hold each text in the others (apps.cycles.translations)."""
    names = dict(settings.LANGUAGES)
    props = {
        "cycle": str(current_cycle()),
        "cycleStatus": current_status(),
        "languages": [{"code": code, "name": names[code]} for code in translations.languages()],
        "defaultLanguage": {"code": settings.LANGUAGE_CODE, "name": names[settings.LANGUAGE_CODE]},
    }
    return island(request, "admin-createapp", props, title=_("Question Builder"))
