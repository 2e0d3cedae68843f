"""Database helpers that are plumbing, not domain: how a change runs one at a time."""

from __future__ import annotations

import time
from collections.abc import Callable
from functools import wraps
from typing import TypeVar

from django.db import OperationalError, transaction

F = TypeVar("F", bound=Callable)
SQLITE_RETRIES = 100
SQLITE_RETRY_PAUSE = 0.02


def one_at_a_time(func: F) -> F:
    """Run `func` in a transaction whose row locks serialise concurrent changes.

    PostgreSQL blocks the second `SELECT ... FOR UPDATE` until the first transaction ends.
    SQLite has no row locks: it refuses the second writer outright ("database table is
    locked"), so there the whole transaction is retried after a short pause, and the retry
    sees the first change. Inside an outer transaction no retry is possible; the error goes up.

    `savepoint=False` (a keyword of the wrapped function's callers) runs it directly in the
    caller's transaction, without the nested SAVEPOINT/RELEASE pair: for a caller whose whole
    operation fails with it anyway (a refusal then rolls back the caller's transaction too).
    A caller that catches the refusal and carries on must keep the default.
    """

    @wraps(func)
    def wrapper(*args, savepoint: bool = True, **kwargs):
        attempt = 0
        while True:
            try:
                with transaction.atomic(savepoint=savepoint):
                    return func(*args, **kwargs)
            except OperationalError as exc:
                connection = transaction.get_connection()
                retryable = connection.vendor == "sqlite" and not connection.in_atomic_block and "locked" in str(exc)
                if not retryable or attempt >= SQLITE_RETRIES:
                    raise
                attempt += 1
                time.sleep(SQLITE_RETRY_PAUSE)

    return wrapper  # type: ignore[return-value]
