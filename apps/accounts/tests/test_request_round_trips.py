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
APPLICATION = "/api/applications/application"


def test_the_status_call_makes_no_database_round_trip_after_warm_up(student_client):
    # Session, user and the status row all cached (apps/applications/status_cache.py); the
    # goal allows one round trip, the cache makes it none.
    assert student_client.get(STATUS).status_code == 200  # warm-up: session, user and status cached
    # As configured: no health check on a persistent connection (see the settings).
    connection.health_check_enabled = settings.DATABASES["default"]["CONN_HEALTH_CHECKS"]
    with counting_round_trips() as trips:
        assert student_client.get(STATUS).status_code == 200
    assert trips.count == 0, (trips.health_checks, trips.statements)


def test_a_call_that_reads_the_database_reads_no_session_or_user_after_warm_up(student_client):
    # A call that does read the database (the application itself, which is not cached): its
    # own statements, and no session or user read beside them.
    student_client.get(APPLICATION)
    connection.health_check_enabled = settings.DATABASES["default"]["CONN_HEALTH_CHECKS"]
    with counting_round_trips() as trips:
        assert student_client.get(APPLICATION).status_code in (200, 404)
    assert trips.statements and trips.count == len(trips.statements), (trips.health_checks, trips.statements)
    assert not any("django_session" in sql or '"accounts_user"' in sql for sql in trips.statements)


def test_the_counter_sees_the_health_check_that_django_does_not_log(student_client):
    student_client.get(APPLICATION)
    connection.health_check_enabled = True
    try:
        with counting_round_trips() as trips:
            student_client.get(APPLICATION)
    finally:
        connection.health_check_enabled = settings.DATABASES["default"]["CONN_HEALTH_CHECKS"]
    # One health check per request, before its first statement, beside the statements logged.
    assert trips.health_checks == 1 and trips.count == len(trips.statements) + 1, trips.statements


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


def _sign_in(client, email: str):
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    with CaptureQueriesContext(connection) as queries:
        response = client.post(
            "/api/auth/login", {"email": email, "password": PASSWORD}, content_type="application/json"
        )
    assert response.status_code == 200, response.content
    return [q["sql"] for q in queries.captured_queries if "django_session" in q["sql"]]


def test_a_sign_in_writes_its_session_once_under_a_new_key_and_ends_the_old_one(student, client):
    from django.contrib.sessions.models import Session

    before = client.session  # an anonymous session, as a visitor who chose a language has
    before["visited"] = True
    before.save()
    old_key = before.session_key
    statements = _sign_in(client, student.email)
    # The old session read (it is the request's) and deleted (cycle_key, against fixation), the
    # new one inserted once: no SELECT for the new key's uniqueness, no UPDATE after the INSERT.
    kinds = [sql.split()[0] for sql in statements]
    assert kinds == ["SELECT", "DELETE", "INSERT"], statements
    assert old_key in statements[0] and old_key in statements[1], statements
    new_key = client.cookies[settings.SESSION_COOKIE_NAME].value
    assert new_key != old_key and not Session.objects.filter(session_key=old_key).exists()
    session = Session.objects.get(session_key=new_key).get_decoded()
    assert session["visited"] is True and session["_auth_user_id"] == str(student.pk)
    assert client.get(STATUS).status_code == 200  # signed in on the next request


def test_a_sign_in_whose_new_key_is_taken_picks_another(student, client, monkeypatch):
    from django.contrib.sessions.models import Session

    from apps.accounts import sessions

    taken = make_user("taken@princeton.edu")
    other = signed_in_client(taken)
    taken_key = other.cookies[settings.SESSION_COOKIE_NAME].value
    keys = iter([taken_key])
    real = sessions.get_random_string
    monkeypatch.setattr(sessions, "get_random_string", lambda *args: next(keys, None) or real(*args))
    statements = _sign_in(client, student.email)
    assert [sql.split()[0] for sql in statements].count("INSERT") == 2, statements  # refused, then another
    new_key = client.cookies[settings.SESSION_COOKIE_NAME].value
    assert new_key != taken_key
    # Neither session overwrote the other.
    assert Session.objects.get(session_key=taken_key).get_decoded()["_auth_user_id"] == str(taken.pk)
    assert Session.objects.get(session_key=new_key).get_decoded()["_auth_user_id"] == str(student.pk)
    assert other.get("/api/auth/user").json()["email"] == "taken@princeton.edu"
