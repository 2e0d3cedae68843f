"""The statistics page's counters (GET /api/applications/stats) and the filters of each card.

Each counter is one of the named selections (apps/applications/selections.py), at the host
school or elsewhere, so it counts exactly the rows its card's CSV and table link select: the
card's filters are `{"selection": <name>, "host": "true" | "false"}` in the one filter language
(apps/applications/filters.py).
"""

from __future__ import annotations

import datetime

from django.db.models import Count
from django.db.models.functions import TruncDate

from apps.applications import selections
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


def application_stats(*, cycle: Cycle) -> dict[str, int]:
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
