"""The statistics page's counters (GET /api/applications/stats) and the filters of each card.

Each counter is one of the named selections (apps/applications/selections.py), at the host
school or elsewhere, so it counts exactly the rows its card's CSV and table link select: the
card's filters are `{"selection": <name>, "host": "true" | "false"}` in the one filter language
(apps/applications/filters.py).
"""

from __future__ import annotations

import datetime
import hashlib
import time
import uuid

from django.conf import settings
from django.core.cache import cache
from django.db.models import Count
from django.db.models.functions import TruncDate
from django.db.models.signals import post_delete, post_save
from django.dispatch import receiver

from apps.applications import selections
from apps.applications.models import AnonymisedApplicationCount, Application
from apps.applications.signals import status_changed
from apps.core.db import at_commit_once, pending_drop
from apps.cycles.models import Cycle

# The counters' names (the contract's) → the selection each counts. "applications" are the
# submitted ones: any status past a draft.
COUNTERS = {
    "applications": "submitted",
    "started": "started",
    "accepted": "accepted",
    "confirmed": "confirmed",
    "declined": "declined",
    "checked_in": "checked_in",
}
# The counters that also have a total over every school: all of them ("All schools" beside
# the host school and the others on every card).
WITH_TOTAL = tuple(COUNTERS)


# The counters are cached with the version they were counted under, and every change to what
# they count replaces the version when it commits (the receivers below; once per transaction).
# A reader takes the version first and stores what it counted with it, so a count that raced a
# change carries the version the change has replaced by the time it could be served, and is
# never served. Until the commit only the changing transaction sees its change: a reader inside
# it counts past the cache (apps.core.db.pending_drop). The TTL only bounds writes that bypass
# both the model's save and the status machine (a bare queryset update()).
VERSION_KEY = "reports:statistics:version"
TTL = 600


def _entry_key(cycle_id: int) -> str:
    # The host school is a setting: a different one counts differently.
    school = hashlib.sha256(str(settings.HOST_SCHOOL).encode()).hexdigest()[:16]
    return f"reports:statistics:{cycle_id}:{school}"


# Each process also keeps the counters it last served, for STATISTICS_CHECK_EVERY seconds (1 by
# default; 0 in the tests) before it asks the cache again: the statistics page and the cockpit
# poll them, and the cache round trip was most of what a warm call cost beyond a bare view. The
# process that makes a change drops its copy at once; another one serves its copy for at most
# that long, as apps/cycles/current.py does with the current cycle.
_kept: dict[str, tuple[float, dict[str, int]]] = {}


def _new_version() -> None:
    _kept.clear()
    cache.set(VERSION_KEY, uuid.uuid4().hex, None)


def forget_statistics() -> None:
    """This process's copy dropped now, and a new version when the change commits (at once when
    it already has). A reader of another connection before the commit counts what is committed,
    which is still true; a reader in this transaction counts past the cache."""
    _kept.clear()
    at_commit_once(_new_version)


@receiver(status_changed, dispatch_uid="apps.reports.statistics.status_changed")
def _status_changed(sender, changes, **kwargs) -> None:
    forget_statistics()


@receiver(post_save, sender=Application, dispatch_uid="apps.reports.statistics.application_saved")
@receiver(post_delete, sender=Application, dispatch_uid="apps.reports.statistics.application_deleted")
@receiver(post_save, sender=AnonymisedApplicationCount, dispatch_uid="apps.reports.statistics.anonymised_saved")
@receiver(post_delete, sender=AnonymisedApplicationCount, dispatch_uid="apps.reports.statistics.anonymised_gone")
def _rows_changed(sender, **kwargs) -> None:
    forget_statistics()


def application_stats(*, cycle: Cycle) -> dict[str, int]:
    """The statistics, counted once per version (see VERSION_KEY). The entry holds the version
    it was counted under, so the version and the entry come back in one cache round trip (a
    `get_many`), and an entry whose version is no longer the current one is counted again."""
    if pending_drop(_new_version):
        # This transaction's own changes, which no cached count holds (and none may hold yet).
        return count_stats(cycle=cycle)
    key = _entry_key(cycle.pk)
    kept = _kept.get(key) if settings.STATISTICS_CHECK_EVERY > 0 else None
    if kept is not None and time.monotonic() < kept[0]:
        return dict(kept[1])
    found = cache.get_many([VERSION_KEY, key])
    version, entry = found.get(VERSION_KEY), found.get(key)
    if version is None:
        version = uuid.uuid4().hex
        if not cache.add(VERSION_KEY, version, None):
            version = cache.get(VERSION_KEY) or version
    elif isinstance(entry, dict) and entry.get("version") == version and isinstance(entry.get("stats"), dict):
        _keep(key, entry["stats"])
        return entry["stats"]
    stats = count_stats(cycle=cycle)
    cache.set(key, {"version": version, "stats": stats}, TTL)
    _keep(key, stats)
    return stats


def _keep(key: str, stats: dict[str, int]) -> None:
    every = settings.STATISTICS_CHECK_EVERY
    if every > 0:
        _kept[key] = (time.monotonic() + every, dict(stats))


def count_stats(*, cycle: Cycle) -> dict[str, int]:
    """The statistics page's counters (each at the host school, elsewhere and over all schools),
    from one query.

    "princeton" is the configured host school. The counters also count the anonymised
    applications of deleted accounts and purged cycles (apps.privacy), which have no row left
    to show in the table or export: a card's CSV has as many rows as the card shows less those.
    """
    counts = selections.count(cycle, COUNTERS.values(), by_host=True, anonymised=True)
    stats = {}
    for counter, name in COUNTERS.items():
        if counter in WITH_TOTAL:
            stats[f"total_{counter}"] = counts[name]
        stats[f"princeton_{counter}"] = counts.host(name)
        stats[f"non_princeton_{counter}"] = counts.other(name)
    return stats


def card_filters(key: str) -> dict[str, str]:
    """The filters (apps/applications/filters.py) that select the rows a counter counts."""
    scope, _, counter = key.partition("_")
    if scope == "non":
        scope, counter = "other", counter.removeprefix("princeton_")
    filters = {"selection": COUNTERS[counter]}
    if scope == "princeton":
        filters["host"] = "true"
    elif scope == "other":
        filters["host"] = "false"
    return filters


def counter_keys() -> list[str]:
    """Every counter's name, in the order application_stats gives them."""
    keys = []
    for counter in COUNTERS:
        if counter in WITH_TOTAL:
            keys.append(f"total_{counter}")
        keys += [f"princeton_{counter}", f"non_princeton_{counter}"]
    return keys


def submissions_per_day(*, cycle: Cycle) -> dict:
    """Applications submitted per day (UTC) and the running total, from the first day with a
    submission to the last, days without one included (one query): the trend over time.

    Counted by the day each was first submitted, over the selection `submitted` (every
    application past the draft stage), so the last cumulative figure is that count less the
    anonymised applications, which keep no date."""
    rows = (
        selections.queryset(cycle, "submitted")
        .filter(submitted_at__isnull=False)
        .annotate(day=TruncDate("submitted_at", tzinfo=datetime.UTC))
        .order_by()
        .values_list("day")
        .annotate(n=Count("pk"))
    )
    per_day = dict(rows)
    days = []
    if per_day:
        day, last, total = min(per_day), max(per_day), 0
        while day <= last:
            total += per_day.get(day, 0)
            days.append({"date": day.isoformat(), "submitted": per_day.get(day, 0), "cumulative": total})
            day += datetime.timedelta(days=1)
    return {"time_zone": "UTC", "days": days}
