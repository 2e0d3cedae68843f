"""Who you are costs no database round trip once warm: cache-backed sessions, the user cached
by id and dropped on every save, no per-request health check. A change to the user still takes
effect on the very next request."""

from __future__ import annotations

import pytest
from django.conf import settings
from django.db import connection

from apps.accounts import services
from apps.accounts.models import Role
from apps.accounts.user_cache import key
from apps.core.tests.round_trips import counting_round_trips
from conftest import PASSWORD, make_user, signed_in_client

pytestmark = pytest.mark.django_db

STATUS = "/api/applications/status"


def test_the_status_call_makes_one_round_trip_after_warm_up(student_client):
    assert student_client.get(STATUS).status_code == 200  # warm-up: session and user cached
    # As configured: no health check on a persistent connection (see the settings).
    connection.health_check_enabled = settings.DATABASES["default"]["CONN_HEALTH_CHECKS"]
    with counting_round_trips() as trips:
        assert student_client.get(STATUS).status_code == 200
    assert trips.count <= 1, (trips.health_checks, trips.statements)
    assert not any("django_session" in sql or '"accounts_user"' in sql for sql in trips.statements)


def test_the_counter_sees_the_health_check_that_django_does_not_log(student_client):
    student_client.get(STATUS)
    connection.health_check_enabled = True
    try:
        with counting_round_trips() as trips:
            student_client.get(STATUS)
    finally:
        connection.health_check_enabled = settings.DATABASES["default"]["CONN_HEALTH_CHECKS"]
    assert trips.health_checks == 1 and trips.count == 2


def test_a_role_change_takes_effect_on_the_next_request(organizer):
    other = make_user("second@princeton.edu", admin=True)
    client = signed_in_client(other)
    assert client.get("/api/applications/stats").status_code == 200
    from django.core.cache import cache

    assert cache.get(key(other.pk)) is not None  # served from the cache from now on
    services.user_set_role(email=other.email, role=Role.REVIEWER)
    assert client.get("/api/applications/stats").status_code == 403
    services.user_set_role(email=other.email, role=Role.ADMIN)
    assert client.get("/api/applications/stats").status_code == 200


def test_a_password_change_or_deactivation_ends_cached_sessions(student):
    client = signed_in_client(student)
    assert client.get(STATUS).status_code == 200
    student.set_password(PASSWORD + "-new")
    student.save()
    assert client.get(STATUS).status_code in (401, 403)
    client = signed_in_client(student, PASSWORD + "-new")
    assert client.get(STATUS).status_code == 200
    student.is_active = False
    student.save()
    assert client.get(STATUS).status_code in (401, 403)
