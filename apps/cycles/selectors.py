from django.db import transaction

from .models import Cycle, CycleStatus


def current_cycle() -> Cycle:
    """The current cycle. A migration creates one; this recreates it if someone deleted it."""
    cycle = Cycle.objects.filter(is_current=True).first()
    if cycle is None:
        with transaction.atomic():
            cycle = Cycle.objects.select_for_update().filter(is_current=True).first()
            if cycle is None:
                from .services import default_season_year, ensure_question_set

                season, year = default_season_year()
                cycle, _ = Cycle.objects.get_or_create(season=season, year=year)
                cycle.is_current = True
                cycle.save(update_fields=["is_current"])
                ensure_question_set(cycle)
    return cycle


def current_status() -> str:
    status = Cycle.objects.filter(is_current=True).values_list("status", flat=True).first()
    return status or CycleStatus.NOT_OPEN


def cycle_config(cycle: Cycle) -> dict:
    return {
        "dates": cycle.dates(),
        "status": cycle.status,
        "location": cycle.location,
        "housing_link": cycle.housing_link,
    }
