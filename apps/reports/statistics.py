"""The statistics page's counters (GET /api/applications/stats) and the filters of each card.

Each counter is one of the named selections (apps/applications/selections.py), at the host
school or elsewhere, so it counts exactly the rows its card's CSV and table link select: the
card's filters are `{"selection": <name>, "host": "true" | "false"}` in the one filter language
(apps/applications/filters.py).
"""

from __future__ import annotations

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
# The two counters that also have a total over every school.
WITH_TOTAL = ("applications", "started")


def application_stats(*, cycle: Cycle) -> dict[str, int]:
    """The 12 counters of the statistics page and the check-in's two, from one query.

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
