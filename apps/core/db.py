"""Database helpers that are plumbing, not domain: how a change runs one at a time."""

from __future__ import annotations

from collections.abc import Callable
from functools import wraps
from typing import TypeVar

from django.core import checks
from django.db import connections, transaction

F = TypeVar("F", bound=Callable)


def one_at_a_time(func: F) -> F:
    """Run `func` in a transaction whose locks serialise concurrent changes.

    PostgreSQL blocks the second `SELECT ... FOR UPDATE` of a row until the first transaction
    ends. SQLite has no row locks (Django leaves FOR UPDATE out there); instead every
    transaction begins IMMEDIATE (config/settings/base.py, SQLITE_OPTIONS), taking the
    database's one write lock at BEGIN, so a second writer waits (up to the busy timeout)
    before it reads anything and then sees the first one's change. Either way the reads
    inside `func` that decide the change are still true when it is written.

    `savepoint=False` (a keyword of the wrapped function's callers) runs it directly in the
    caller's transaction, without the nested SAVEPOINT/RELEASE pair: for a caller whose whole
    operation fails with it anyway (a refusal then rolls back the caller's transaction too).
    A caller that catches the refusal and carries on must keep the default.
    """

    @wraps(func)
    def wrapper(*args, savepoint: bool = True, **kwargs):
        with transaction.atomic(savepoint=savepoint):
            return func(*args, **kwargs)

    return wrapper  # type: ignore[return-value]


def sqlite_takes_turns(app_configs=None, **kwargs) -> list[checks.CheckMessage]:
    """SQLite is safe for concurrent writers only with BEGIN IMMEDIATE and a busy timeout (see
    one_at_a_time): without them a second writer fails at once, or two read-then-write
    transactions interleave where PostgreSQL's row locks would have made them take turns."""
    errors: list[checks.CheckMessage] = []
    for alias in connections:
        settings_dict = connections[alias].settings_dict
        if settings_dict["ENGINE"] != "django.db.backends.sqlite3":
            continue
        options = settings_dict.get("OPTIONS", {})
        if options.get("transaction_mode") != "IMMEDIATE" or not options.get("timeout"):
            errors.append(
                checks.Error(
                    f"The SQLite database '{alias}' needs OPTIONS transaction_mode='IMMEDIATE' and a timeout.",
                    hint="Use config.settings.base.SQLITE_OPTIONS.",
                    id="core.E001",
                )
            )
    return errors
