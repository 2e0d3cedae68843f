"""Count every round trip a request makes to the database, not only what Django logs.

Django's query counter (CaptureQueriesContext, django_assert_num_queries) sees the statements
that go through its cursor wrappers. A persistent connection's health check (`SELECT 1` on
PostgreSQL, run by `is_usable()` before the first query of each request when
CONN_HEALTH_CHECKS is on) goes straight to the driver and is invisible to it, yet it is a round
trip like any other. `RoundTrips` counts both.
"""

from __future__ import annotations

from contextlib import contextmanager

from django.db import connection


class RoundTrips:
    def __init__(self) -> None:
        self.statements: list[str] = []
        self.health_checks = 0

    @property
    def count(self) -> int:
        return len(self.statements) + self.health_checks

    def __call__(self, execute, sql, params, many, context):
        self.statements.append(sql)
        return execute(sql, params, many, context)


@contextmanager
def counting_round_trips(*, new_request: bool = True):
    """Count the statements and health checks inside the block. `new_request`: first reset the
    connection's health-check flag, as Django's request_started handler does in production (the
    test client leaves that handler out), so a health check the settings ask for is made and
    counted."""
    trips = RoundTrips()
    if new_request:
        connection.health_check_done = False
    original = connection.is_usable

    def is_usable():
        trips.health_checks += 1
        return original()

    connection.is_usable = is_usable
    try:
        with connection.execute_wrapper(trips):
            yield trips
    finally:
        del connection.is_usable
