"""Database helpers that are plumbing, not domain: how a change runs one at a time."""

from __future__ import annotations

import contextvars
import functools
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from functools import wraps
from typing import TypeVar

from django.core import checks
from django.db import connections, transaction
from django.db.models import QuerySet
from django.db.transaction import TransactionManagementError

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


def now_and_at_commit(drop: Callable[[], None]) -> None:
    """Run `drop` (it drops a cached copy of what a change touches) now and, inside a transaction,
    again when it commits: a reader in between may have cached the uncommitted past, and the
    second drop removes it. Outside a transaction the change is already committed, and once is
    enough (on_commit would run it a second time at once, one more round trip to the cache)."""
    drop()
    if transaction.get_connection().in_atomic_block:
        transaction.on_commit(drop)


def at_commit_once(drop: Callable[[], None]) -> None:
    """Run `drop` when the change commits: at once outside a transaction, else once at its
    commit however many changes in it ask. For a cache whose readers call `pending_drop` first:
    until the commit no other connection sees the change, so nothing cached is stale for them,
    and this connection's own readers read past the cache. Against now_and_at_commit this
    saves the cache's round trip at the change itself (the door's check-in made two, a scan's
    0.3-0.5 ms each)."""
    if not pending_drop(drop):
        transaction.on_commit(drop)  # outside a transaction, at once


def pending_drop(drop: Callable[[], None]) -> bool:
    """Whether this connection's transaction holds a change `drop` is to run for at its commit:
    the cache has none of the transaction's changes, so a reader in it must read past the
    cache. A savepoint's rollback takes its changes and their drop back together (Django keeps
    each on_commit with the savepoints it was asked under), so this stays true to what is left."""
    connection = transaction.get_connection()
    return connection.in_atomic_block and any(func is drop for _, func, *_ in connection.run_on_commit)


# Which statements PostgreSQL keeps prepared: the compiled reads below (Prepared), and nothing
# else. A prepared statement is planned once for its connection's life, without its values (a
# generic plan; PostgreSQL switches to one after five executions when its estimate looks no
# worse), which is what the door's one statement gains ~1 ms a scan by (docs/performance.md).
# Those reads look rows up by unique keys, where one plan suits every value. An arbitrary ORM
# query does not: psycopg's automatic preparation (every statement a connection had run five
# times) turned a rewrite of the admin panel's release count (one counting statement, found
# while measuring it) from 70 ms into 4.3 s at 50,000 applications: a generic plan that
# misjudged a join by a thousand times. So automatic preparation is off (config/settings/
# base.py, prepared_statement_options) and a compiled read asks for it, through the
# connection's cursor class below.
_PREPARE = contextvars.ContextVar("prepare", default=False)


@contextmanager
def prepared_statement() -> Iterator[None]:
    """The statement run inside is prepared (on PostgreSQL with prepared statements on): for a
    read by unique keys, whose one plan suits every value (see _PREPARE)."""
    token = _PREPARE.set(True)
    try:
        yield
    finally:
        _PREPARE.reset(token)


def use_preparing_cursors(sender, connection, **kwargs) -> None:
    """connection_created: where the server binds the parameters (PostgreSQL with prepared
    statements on), the connection's cursors prepare the statement a compiled read runs."""
    if connection.vendor == "postgresql" and connection.settings_dict.get("OPTIONS", {}).get("server_side_binding"):
        connection.connection.cursor_factory = _preparing_cursor_class()


@functools.cache
def _preparing_cursor_class() -> type:
    # Built on first use: the PostgreSQL backend imports psycopg, which SQLite never needs.
    from django.db.backends.postgresql.base import ServerBindingCursor

    class PreparingCursor(ServerBindingCursor):
        """Django's server-binding cursor, preparing the statement a compiled read runs."""

        def execute(self, query, params=None, *, prepare=None, binary=None):
            if prepare is None and _PREPARE.get():
                prepare = True
            return super().execute(query, params, prepare=prepare, binary=binary)

    return PreparingCursor


class Prepared:
    """A read compiled by the ORM once per process and database vendor, then run with new values.

    For the few reads on a path where every millisecond is someone waiting (a ticket scanned at
    the door, a student's submit): compiling a queryset with joins and subqueries cost the scan
    about as much CPU as the database took to answer it. `build(**markers)` returns the
    queryset, given a marker for each value named in `names`; `first(**values)` runs the
    compiled SQL with the values in their place and returns what the queryset's first() would:
    the model instance, its select_related objects and annotations, read through the ORM's own
    converters (SQLite's dates and booleans, JSON). A value must reach the SQL as a parameter (a
    filter's value, not a slice's bound), and build must give the same query for the life of
    the process. Its tests compare the two reads on each database CI runs. On PostgreSQL the
    statement is prepared (see _PREPARE): build only reads that find rows by unique keys.

    A value named in `ints` (an id, a foreign key) gets an integer marker, since an integer
    field refuses a string: a negative number no row's id is (-2**52: for 64-bit columns, as
    every id here is; the ORM would drop it from a 32-bit column's lookup, and the compile would
    then refuse the read, loudly). A read that locks (select_for_update) runs only inside a
    transaction: the ORM checks that when it compiles, and `_rows` on every later call.
    """

    def __init__(self, build: Callable[..., QuerySet], *names: str, ints: tuple[str, ...] = ()) -> None:
        self.build = build
        self.names = names + ints
        self.ints = ints
        self._compiled: dict[str, tuple] = {}

    def _queryset(self, queryset: QuerySet) -> QuerySet:
        if queryset._known_related_objects or queryset._prefetch_related_lookups:
            raise ValueError("A prepared read takes select_related and annotations, not prefetches.")
        return (queryset if queryset.ordered else queryset.order_by("pk"))[:1]  # as first() does

    def _reader(self, compiler, connection) -> tuple:
        from django.db.models.query import get_related_populators

        info = compiler.klass_info
        start, end = info["select_fields"][0], info["select_fields"][-1] + 1
        init_list = [column[0].target.attname for column in compiler.select[start:end]]
        populators = get_related_populators(info, compiler.select, connection.alias)
        return info["model"], start, end, init_list, populators

    def _compile(self, connection) -> tuple:
        markers: dict[str, object] = {name: f"\x00prepared:{name}\x00" for name in self.names}
        markers.update({name: -(2**52) - i for i, name in enumerate(self.ints)})
        compiler = self._queryset(self.build(**markers)).query.get_compiler(connection=connection)
        sql, params = compiler.as_sql()
        by_marker = {marker: name for name, marker in markers.items()}
        slots = [(i, by_marker[p]) for i, p in enumerate(params) if isinstance(p, str | int) and p in by_marker]
        if {name for _, name in slots} != set(self.names):
            raise ValueError("Each value of a prepared read must reach its SQL as a parameter.")
        converters = compiler.get_converters([column[0] for column in compiler.select[: compiler.col_count]])
        return sql, tuple(params), slots, compiler, converters, self._reader(compiler, connection)

    def _rows(self, values: dict, fetch: Callable, around: tuple | None = None) -> tuple:
        """The compiled read run with `values`: (what `fetch(cursor)` returned, the compiled parts).
        `around`: ((sql, params) before, (sql, params) after) the read, which is then a subquery
        of a bigger statement."""
        from django.db import connection

        compiled = self._compiled.get(connection.vendor)
        if compiled is None:
            compiled = self._compiled[connection.vendor] = self._compile(connection)
        sql, params, slots, compiler = compiled[:4]
        if compiler.query.select_for_update and connection.get_autocommit():
            # The ORM checks this when it compiles, which here is the first call only.
            raise TransactionManagementError("select_for_update cannot be used outside of a transaction.")
        params = list(params)
        for index, name in slots:
            params[index] = values[name]
        if around is not None:
            if compiler.has_extra_select:
                # Columns the ORM adds past the read's own (a DISTINCT's ordering) would be
                # taken for the statement's: refused before the statement runs.
                raise ValueError("A read inside a statement can't have columns beyond its own.")
            (before, before_params), (after, after_params) = around
            sql, params = f"{before}{sql}{after}", [*before_params, *params, *after_params]
        with connection.cursor() as cursor:
            with prepared_statement():  # on PostgreSQL, planned once per connection (above)
                cursor.execute(sql, params)
            return fetch(cursor), compiled

    def first(self, **values):
        return self._first(values)[0]

    def first_inside(self, before: tuple[str, list], after: tuple[str, list], **values) -> tuple[object | None, tuple]:
        """first(), with the compiled read as a subquery of a bigger statement (one round trip
        for a write and the read that answers it): `before` and `after`, (sql, params) each,
        surround the read, and the statement's columns are the read's, then its own. Returns the
        instance (None when the statement returns no row) and the statement's own columns."""
        return self._first(values, (before, after))

    def _first(self, values: dict, around: tuple | None = None) -> tuple[object | None, tuple]:
        from django.db import connection

        row, (*_, compiler, converters, reader) = self._rows(values, lambda cursor: cursor.fetchone(), around)
        if row is None:
            return None, ()
        model, start, end, init_list, populators = reader
        row, extra = row[: compiler.col_count], tuple(row[compiler.col_count :])
        if converters:
            row = next(compiler.apply_converters([row], converters))
        obj = model.from_db(connection.alias, init_list, row[start:end])
        for populator in populators:
            populator.populate(row, obj)
        for name, position in compiler.annotation_col_map.items():
            setattr(obj, name, row[position])
        return obj, extra


class PreparedRows(Prepared):
    """A `values_list()` read (named fields, no annotations), compiled once as Prepared is:
    `all(**values)` returns its rows as the queryset would, tuples read through the ORM's
    converters."""

    def _queryset(self, queryset: QuerySet) -> QuerySet:
        from django.db.models.query import ValuesListIterable

        if queryset._iterable_class is not ValuesListIterable or queryset.query.annotation_select:
            raise ValueError("PreparedRows takes a values_list() of fields.")
        return queryset

    def _reader(self, compiler, connection) -> tuple:
        return ()

    def all(self, **values) -> list[tuple]:
        rows, (*_, compiler, converters, _reader) = self._rows(values, lambda cursor: cursor.fetchall())
        if converters:
            rows = compiler.apply_converters(rows, converters)
        return [tuple(row) for row in rows]
