"""The applications table carries no index that another one covers.

Every status change and every ranking sort key written is an update of an indexed column, which
PostgreSQL pays with an entry in every index of the table (docs/performance.md): an index whose
columns begin another's answers nothing the longer one can't, and costs each of those writes.
"""

from __future__ import annotations

import pytest
from django.db import connection

from apps.applications.models import Application

TABLE = Application._meta.db_table


def constraints() -> dict[str, dict]:
    with connection.cursor() as cursor:
        return connection.introspection.get_constraints(cursor, TABLE)


def covered(found: dict[str, dict]) -> list[str]:
    """The plain indexes (not unique, columns only) whose columns begin another index's or a
    unique constraint's, or equal them."""
    problems = []
    for name, index in found.items():
        columns = index["columns"]
        if not index["index"] or index["unique"] or not columns or None in columns or index.get("type") != "idx":
            continue
        for other_name, other in found.items():
            # A foreign key's constraint is no index (PostgreSQL); a unique constraint is one.
            is_index = other["index"] or other["unique"]
            if other_name != name and is_index and other["columns"][: len(columns)] == columns:
                problems.append(f"{name} {columns} is covered by {other_name} {other['columns']}")
                break
    return problems


@pytest.mark.django_db
def test_no_index_of_the_applications_table_is_covered_by_another():
    assert covered(constraints()) == []


@pytest.mark.django_db
def test_the_check_finds_a_covered_index():
    """The check itself: the cycle's own index, as Django made it for the foreign key before
    migration 0019, is reported."""
    with connection.cursor() as cursor:
        cursor.execute(f'CREATE INDEX "app_cycle_alone" ON "{TABLE}" ("cycle_id")')
    assert [problem.split(" ")[0] for problem in covered(constraints())] == ["app_cycle_alone"]


@pytest.mark.django_db
def test_the_lookups_the_dropped_indexes_served_still_have_one():
    """A cycle's applications (the cycle's foreign key, every table query) and an address's in
    every cycle (a batch mail's names) each begin some index."""
    found = constraints()
    assert any(c["columns"][:1] == ["cycle_id"] for c in found.values() if c["index"] or c["unique"])
    assert any(c["columns"] == ["email"] for c in found.values() if c["index"])
