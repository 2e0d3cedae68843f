"""What PostgreSQL plans for the queries a piece of code made: the tests that a count stays
linear (a join, not a subquery run once per row) read the plans rather than time them."""

from __future__ import annotations

import pytest
from django.db import connection

# EXPLAIN's text is PostgreSQL's; SQLite's query plans name other things.
postgres_only = pytest.mark.skipif(connection.vendor != "postgresql", reason="reads PostgreSQL's query plans")


def per_row_subplans(queries) -> list[tuple[str, str]]:
    """The (SQL, plan) of each captured query (CaptureQueriesContext) whose plan runs a subquery
    once per row. A hashed subplan runs once and is looked up by hash: not counted."""
    found = []
    for query in queries:
        with connection.cursor() as cursor:
            cursor.execute("EXPLAIN " + query["sql"])
            plan = [row[0] for row in cursor.fetchall()]
        if any("SubPlan" in line and "hashed SubPlan" not in line for line in plan):
            found.append((query["sql"], "\n".join(plan)))
    return found
