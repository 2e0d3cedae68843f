"""The cycle's part of every page (registered with apps.core.context_processors in ready)."""

from .models import CycleStatus
from .selectors import current_status


def page_facts(request) -> dict:
    """The islands read the cycle's status from the global config; the navbar shows "Apply"
    while the cycle is open."""
    status = current_status()
    return {"config": {"cycleStatus": status}, "context": {"nav_cycle_open": status == CycleStatus.OPEN}}
