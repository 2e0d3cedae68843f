"""GET status without the database: each student's application row, as the status call reads it,
kept in the shared cache under a version of its own that every change of that row replaces,
and read in the same round trip as the signed-in user.

Students poll the status call, and after the session and the user (both cached) its one indexed
SELECT was what it cost beyond a bare view: a third of its throughput (make bench), and a round
trip to the cache of its own cost nearly as much. The row it reads (status, travel, housing,
team code: `selectors._StatusRow`) changes a handful of times in an application's life, always
through one of the writers below, so it is cached per user (with the cycle it is of) under the
version of the user's row it was read under:

- the reader has the version and the entry from the round trip that read the signed-in user
  (apps/accounts/user_cache.fetch_with_user), or asks for them in one of their own, and serves
  the entry only if it carries the current version and the cycle asked about; otherwise it
  reads the row and stores it with the version it saw *before* reading. A read that raced a
  change therefore carries a version the change has replaced by the time it could be served,
  and is never served (the statistics' scheme, apps/reports/statistics.py, per user);
- every write of those columns replaces the user's version when it commits (`forget`): a save
  or delete of the row (the receivers below), a queryset's update or bulk_create of them
  (ApplicationQuerySet, which covers the status machine's bulk moves, the travel grants' flag
  and the draft's creation), and the door's one statement (apps/checkin/checkins.py names
  its user). Until the commit only the writing transaction sees its change, and a reader in it
  reads past the cache (`_pending`);
- an entry lives ENTRY_TTL seconds at most: the bound on a write made behind the ORM's back
  (psql), or announced while the cache was unreachable.

The cycle's own status (which hides a decision before its release) is not in the entry:
visible_status applies it to the row on every call, from the process's copy of the cycle.

If the cache can't be reached, the status is read from the database, as before this existed.
"""

from __future__ import annotations

import logging
import uuid
from collections.abc import Callable, Iterable

from django.core.cache import cache
from django.db import transaction

logger = logging.getLogger(__name__)

ENTRY_TTL = 300
# A version outlives the entries read under it; a version that is gone (evicted, expired) is
# replaced by a new one, which no entry carries: the next read goes to the database.
VERSION_TTL = 24 * 3600
# What a bulk write's forget sends to the cache at once.
CHUNK = 1000
# The columns the status call reads (selectors._StatusRow), and the row's owner: a write of any
# of them replaces the owner's version.
STATUS_COLUMNS = frozenset({"status", "travel_reimbursement", "housing_accommodations", "teamcode", "cycle", "user"})


def writes_status(fields: Iterable[str] | None) -> bool:
    """Whether a write of these fields (None: all of them) can change what the status call reads."""
    return fields is None or not STATUS_COLUMNS.isdisjoint(name.removesuffix("_id") for name in fields)


def _version_key(user_id: int) -> str:
    return f"applications:status:version:{user_id}"


def _entry_key(user_id) -> str:
    return f"applications:status:{user_id}"


# Moves on each time this process replaces versions: a prefetched entry (below) read before
# that is not trusted, since the change may be this very request's.
_replacements = 0


def companion_keys(user_id) -> list[str]:
    """The user's version and entry, read in the same round trip as the user on each signed-in
    request (apps/accounts/user_cache.fetch_with_user, connected in ApplicationsConfig.ready)."""
    return [_version_key(user_id), _entry_key(user_id)]


def keep_prefetched(user, values: dict) -> None:
    user._status_prefetched = (_replacements, values)


def _prefetched(user, keys: list[str]) -> dict | None:
    """The version and entry read with the user, once, if nothing this process replaced since
    could be among them. Another process's change is another request's: a read that began before
    it may serve what was current when it began."""
    held = getattr(user, "_status_prefetched", None)
    if held is None:
        return None
    user._status_prefetched = None
    replacements, values = held
    if replacements != _replacements or any(k not in values for k in keys):
        return None
    return values


def _replace_versions(user_ids: set[int]) -> None:
    global _replacements
    _replacements += 1
    ids = sorted(user_ids)
    try:
        for start in range(0, len(ids), CHUNK):
            cache.set_many({_version_key(i): uuid.uuid4().hex for i in ids[start : start + CHUNK]}, VERSION_TTL)
    except Exception:  # noqa: BLE001 - the change has committed; a cache outage must not undo its answer
        logger.warning(
            "The cache can't be reached to announce %d status change(s); the status call may show "
            "the old one for up to %ss.",
            len(ids),
            ENTRY_TTL,
        )


# This transaction's changed users, and the on_commit callback that replaces their versions:
# one callback per transaction, however many writes ask. Kept on the connection, and valid
# only while its callback is still queued there (a commit runs it, a rollback drops it, and a
# savepoint's rollback drops it with the savepoint's changes).
_ATTRIBUTE = "_status_cache_pending"


def _pending(connection) -> set[int] | None:
    held: tuple[Callable[[], None], set[int]] | None = getattr(connection, _ATTRIBUTE, None)
    if held is None or not connection.in_atomic_block:
        return None
    if any(func is held[0] for _, func, *_ in connection.run_on_commit):
        return held[1]
    return None


def forget(user_ids: Iterable[int | None]) -> None:
    """The status rows of these users changed (or are about to commit a change): their versions
    are replaced when the change commits, at once outside a transaction."""
    ids = {i for i in user_ids if i is not None}
    if not ids:
        return
    connection = transaction.get_connection()
    if not connection.in_atomic_block:
        _replace_versions(ids)
        return
    pending = _pending(connection)
    if pending is None:
        pending = set()

        def replace() -> None:
            _replace_versions(pending)

        setattr(connection, _ATTRIBUTE, (replace, pending))
        transaction.on_commit(replace)
    pending.update(ids)


def row(*, cycle_id: int, user, read: Callable[[], tuple | None]) -> tuple | None:
    """The user's status row in the cycle: the cached one while its version is current, else
    `read()` (the database's, a tuple or None when there is no application), stored for the
    next call. The version and the entry come from the user's own round trip when they came
    with it (keep_prefetched), else from one of their own."""
    user_id = user.pk
    connection = transaction.get_connection()
    pending = _pending(connection)
    if pending is not None and user_id in pending:
        return read()  # this transaction's own change, which no entry holds (and none may yet)
    version_key, entry_key = _version_key(user_id), _entry_key(user_id)
    try:
        found = _prefetched(user, [version_key, entry_key]) or cache.get_many([version_key, entry_key])
        version, entry = found.get(version_key), found.get(entry_key)
        if version is None:
            version = uuid.uuid4().hex
            if not cache.add(version_key, version, VERSION_TTL):
                version = cache.get(version_key) or version
        elif isinstance(entry, tuple) and len(entry) == 3 and entry[0] == version and entry[1] == cycle_id:
            return entry[2]
    except Exception:  # noqa: BLE001
        logger.warning("The cache can't be reached; the status is read from the database.")
        return read()
    value = read()
    try:
        cache.set(entry_key, (version, cycle_id, None if value is None else tuple(value)), ENTRY_TTL)
    except Exception:  # noqa: BLE001
        logger.warning("The cache can't be reached to keep a status.")
    return value


def application_saved(sender, instance, update_fields=None, **kwargs) -> None:
    """post_save of an Application (connected in ApplicationsConfig.ready)."""
    if writes_status(update_fields):
        forget([instance.user_id])


def application_deleted(sender, instance, **kwargs) -> None:
    """post_delete of an Application."""
    forget([instance.user_id])
