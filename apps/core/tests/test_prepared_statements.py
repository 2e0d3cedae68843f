"""Which statements PostgreSQL keeps prepared: the compiled reads (apps.core.db.Prepared), from
their first run on a connection, and no ORM query however often it runs. A prepared statement
is planned without its values once PostgreSQL judges that plan no worse; for a query whose best
plan depends on its values that judgement can be far off: psycopg's automatic preparation
turned a rewrite of the admin panel's release count (one counting statement) from 70 ms into
4.3 s at 50,000 applications."""

from __future__ import annotations

import pytest
from django.db import connection

from apps.accounts.models import User
from apps.core.db import Prepared
from apps.core.tests.factories import UserFactory
from apps.core.tests.plans import postgres_only

pytestmark = [postgres_only, pytest.mark.django_db]

BY_EMAIL = Prepared(lambda email: User.objects.filter(email=email, is_active=True), "email")


def prepared_statements() -> set[str]:
    with connection.cursor() as cursor:
        cursor.execute("SELECT statement FROM pg_prepared_statements")
        return {statement for (statement,) in cursor.fetchall()}


def test_a_compiled_read_is_prepared_at_its_first_run_and_an_orm_query_never():
    user = UserFactory(email="prepared@princeton.edu")
    assert BY_EMAIL.first(email=user.email) == user
    read = [s for s in prepared_statements() if '"accounts_user"."email" = $1' in s and "is_active" in s]
    assert len(read) == 1, "the compiled read is prepared the first time it runs"
    # The same table by an ORM query, more often than psycopg's automatic preparation ever waited
    # (five runs): never prepared.
    for _ in range(12):
        assert list(User.objects.filter(email__startswith="prepared@").values_list("pk", flat=True)) == [user.pk]
    assert not [s for s in prepared_statements() if '"accounts_user"."email"::text LIKE' in s]
    # The compiled read runs its kept statement again.
    assert BY_EMAIL.first(email=user.email) == user
    assert [s for s in prepared_statements() if s in read] == read


def test_the_polled_status_read_is_prepared(student_client):
    """GET applications/status, which students poll, reads one application by its unique key
    (the cycle and the user): prepared, as the compiled reads are."""
    from apps.applications.selectors import _status_statement

    assert student_client.get("/api/applications/status").status_code == 200
    sql, _order = _status_statement(connection.vendor)
    assert sql.replace("%s", "$1", 1).replace("%s", "$2", 1) in prepared_statements()
