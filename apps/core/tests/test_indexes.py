"""No table of the portal's own carries an index that another one covers.

Every index is one more write on each insert, and on each update of an indexed column: on the
applications table that is every status change and every ranking sort key written
(docs/performance.md). An index whose columns begin another index's or a unique constraint's
answers nothing the longer one can't. Django makes two such by default: a foreign key's own
index, even where a constraint of the model begins with that column, and a pattern-ops twin
(`_like`, for prefix LIKEs) beside every indexed text column on PostgreSQL.
"""

from __future__ import annotations

import pytest
from django.apps import apps
from django.db import connection

from apps.applications.models import Application


def own_models():
    return [
        model
        for model in apps.get_models()
        if model.__module__.startswith("apps.") and model._meta.managed and not model._meta.proxy
    ]


def partial(model) -> set[str]:
    """The model's partial indexes and constraints: each covers only the rows of its condition."""
    declared = [*model._meta.indexes, *model._meta.constraints]
    return {item.name for item in declared if getattr(item, "condition", None) is not None}


def constraints(table: str) -> dict[str, dict]:
    with connection.cursor() as cursor:
        return connection.introspection.get_constraints(cursor, table)


def covered(found: dict[str, dict], partial_names: frozenset[str] = frozenset()) -> list[str]:
    """The plain indexes (not unique, columns only) whose columns begin another index's or a
    unique constraint's, or equal them.

    Kept, and not reported: the `_like` twin of a unique text column (a ticket's code, a feed's
    token, an outbox's dedupe key, an account's email). It goes only with `unique=True` itself,
    a unique constraint declared in Meta instead, which changes the validators DRF and the admin
    derive from the field: not worth one index on tables written once per row."""
    problems = []
    for name, index in found.items():
        columns = index["columns"]
        if not index["index"] or index["unique"] or not columns or None in columns or index.get("type") != "idx":
            continue
        for other_name, other in found.items():
            # A foreign key's constraint is no index (PostgreSQL); a unique constraint is one.
            is_index = other["index"] or other["unique"]
            if other_name == name or not is_index or other_name in partial_names:
                continue
            if other["columns"][: len(columns)] != columns:
                continue
            if name.endswith("_like") and other["unique"] and other["columns"] == columns:
                continue
            problems.append(f"{name} {columns} is covered by {other_name} {other['columns']}")
            break
    return problems


@pytest.mark.django_db
def test_no_index_of_the_portals_tables_is_covered_by_another():
    problems = []
    for model in own_models():
        table = model._meta.db_table
        problems += [f"{table}: {problem}" for problem in covered(constraints(table), frozenset(partial(model)))]
    assert problems == []
    assert len(own_models()) > 30  # the walk saw the portal's tables


@pytest.mark.django_db
def test_the_check_finds_a_covered_index():
    """The check itself: the applications' cycle index, as Django made it for the foreign key
    before applications 0019, is reported, and a partial index covers nothing."""
    table = Application._meta.db_table
    with connection.cursor() as cursor:
        cursor.execute(f'CREATE INDEX "app_cycle_alone" ON "{table}" ("cycle_id")')
    assert [problem.split(" ")[0] for problem in covered(constraints(table))] == ["app_cycle_alone"]
    only_the_longer = {
        "app_cycle_alone": {"columns": ["cycle_id"], "index": True, "unique": False, "type": "idx"},
        "partial": {"columns": ["cycle_id", "email"], "index": True, "unique": False, "type": "idx"},
    }
    assert covered(only_the_longer, frozenset({"partial"})) == []
    assert covered(only_the_longer) == ["app_cycle_alone ['cycle_id'] is covered by partial ['cycle_id', 'email']"]


@pytest.mark.django_db
def test_the_lookups_the_dropped_indexes_served_still_have_one():
    """A cycle's applications (the cycle's foreign key, every table query) and an address's in
    every cycle (a batch mail's names) each begin some index."""
    found = constraints(Application._meta.db_table)
    assert any(c["columns"][:1] == ["cycle_id"] for c in found.values() if c["index"] or c["unique"])
    assert any(c["columns"] == ["email"] for c in found.values() if c["index"])
