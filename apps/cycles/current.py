"""The current cycle, kept in each process and re-read from the database only after a change.

Nearly every request asks for the current cycle (its status decides what a student may see,
its dates fill the pages), and it changes a few times a season. Each process keeps the cycle it
last read, tagged with a generation number that lives in the shared cache (Redis in
production); every change of a Cycle row moves the number on. The process trusts its copy for
CURRENT_CYCLE_CHECK_EVERY seconds (1 by default), then compares its number with the shared
one (one cache GET) and re-reads the row (one query) only if they differ. So a request costs
no query and most of the time no cache round trip either; another process sees a change within
that second, the process that made it at once.

The number moves when a row is saved or deleted (a signal) and when a queryset updates Cycle
rows (CycleQuerySet.update), both at once and again once the transaction has committed: the
first so that the writer's own later reads see its change, the second so that a process which
read the row between the write and the commit (and so kept the old row under the new number)
reads it again. A change the ORM doesn't see (psql) shows within MAX_AGE seconds. Writes that
must decide on the very latest status (submitting an application) read the row themselves
(selectors.current_cycle_and_question_set), under a lock where it matters.

If the cache is unreachable, every call reads the database, as before this cache existed.
"""

from __future__ import annotations

import logging
import time
from dataclasses import dataclass

from django.conf import settings
from django.core.cache import cache

from apps.core.db import now_and_at_commit

logger = logging.getLogger(__name__)

GENERATION_KEY = "cycles:current:generation"
# An upper bound on staleness for changes made behind the ORM's back.
MAX_AGE = 60.0


@dataclass(frozen=True)
class _Copy:
    generation: int
    check_after: float  # time.monotonic() values
    expires: float
    values: tuple


_kept: _Copy | None = None


def _generation() -> int | None:
    """The shared generation number; None when the cache can't be reached."""
    try:
        value = cache.get(GENERATION_KEY)
        if value is None:
            # First use, or the cache was flushed: start from the clock, so that the new
            # number differs from any a process may still hold from before the flush.
            cache.add(GENERATION_KEY, time.time_ns(), timeout=None)
            value = cache.get(GENERATION_KEY)
        return value
    except Exception:  # noqa: BLE001 - a cache outage must not take the cycle down with it
        logger.warning("The cache can't be reached; the current cycle is read from the database.")
        return None


def _bump() -> None:
    try:
        try:
            cache.incr(GENERATION_KEY)
        except ValueError:  # no number yet: the next reader starts one
            pass
    except Exception:  # noqa: BLE001
        logger.warning("The cache can't be reached to announce a cycle change; readers see it within %ss.", MAX_AGE)


def _reread_everywhere() -> None:
    forget()
    _bump()


def generation() -> int | None:
    """The shared generation number, which moves on every change of a Cycle row: a version for
    anything cached from the cycles' rows (None when the cache can't be reached)."""
    return _generation()


def changed() -> None:
    """A Cycle row changed (or is about to commit a change): every process re-reads it."""
    now_and_at_commit(_reread_everywhere)


def kept(read):
    """The current cycle's column values: this process's copy while it is fresh, else `read()`
    (a database read returning the values, or None when there is no current cycle)."""
    global _kept
    now = time.monotonic()
    held = _kept
    if held is not None and now < held.check_after:
        return held.values
    # How long a process trusts its copy before it compares numbers again: how late another
    # process's change can show in pages and status reads (the tests compare every time).
    check_every = settings.CURRENT_CYCLE_CHECK_EVERY
    generation = _generation()
    if generation is not None and held is not None and held.generation == generation and now < held.expires:
        _kept = _Copy(generation, now + check_every, held.expires, held.values)
        return held.values
    values = read()
    if values is not None and generation is not None:
        _kept = _Copy(generation, now + check_every, now + MAX_AGE, values)
    return values


def forget() -> None:
    """Drop this process's copy: the next call compares generation numbers."""
    global _kept
    _kept = None
