from apps.core.exceptions import ApplicationError

from . import current
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


_COLUMNS = tuple(f.attname for f in Cycle._meta.concrete_fields)


def _read_current() -> tuple | None:
    return Cycle.objects.filter(is_current=True).values_list(*_COLUMNS).first()


def current_cycle() -> Cycle:
    """The current cycle; only reads. Migrations create it (cycles 0001, with its question set
    from applications 0002); `services.ensure_current_cycle` recreates it where that is wanted.

    Kept by each process until a Cycle row changes (apps/cycles/current.py): a cache GET, not
    a query. Each call returns a fresh instance, so a caller may change it without touching
    anyone else's."""
    values = current.kept(_read_current)
    if values is None:
        raise NoCurrentCycle()
    return Cycle.from_db(Cycle.objects.db, _COLUMNS, values)


def current_status() -> str:
    try:
        return current_cycle().status
    except NoCurrentCycle:
        return CycleStatus.NOT_OPEN


def cycle_config(cycle: Cycle) -> dict:
    return {
        "dates": cycle.dates(),
        "status": cycle.status,
        "location": cycle.location,
        "housing_link": cycle.housing_link,
    }
