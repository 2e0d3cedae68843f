from apps.core.exceptions import ApplicationError

from .models import Cycle, CycleStatus

NO_CURRENT_CYCLE = (
    "The portal has no current application cycle. An organizer must run `manage.py migrate` "
    "or `manage.py seed_demo`, which create one."
)


class NoCurrentCycle(ApplicationError):
    """The current cycle is missing (migrations create it, so someone deleted it): a 503 with
    a message saying what to do, rather than a read that quietly writes one back."""

    def __init__(self) -> None:
        super().__init__(NO_CURRENT_CYCLE, status=503)


def current_cycle() -> Cycle:
    """The current cycle; only reads. Migrations create it (cycles 0001, with its question set
    from applications 0002); `services.ensure_current_cycle` recreates it where that is wanted."""
    cycle = Cycle.objects.filter(is_current=True).first()
    if cycle is None:
        raise NoCurrentCycle()
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
