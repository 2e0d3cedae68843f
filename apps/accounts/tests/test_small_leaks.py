"""Small leaks: reset tells nothing about the whitelist, team codes are limited, sessions end."""

from __future__ import annotations

from datetime import timedelta
from unittest import mock

import pytest
from django.core import mail
from django.utils import timezone

from apps.accounts import rules
from apps.accounts.models import WhitelistRule
from apps.accounts.services import RESET_SENT
from apps.applications.models import Team
from apps.cycles.selectors import current_cycle

pytestmark = pytest.mark.django_db

JSON = "application/json"
RESET = "/api/auth/reset_password"


def post(client, url, data=None):
    return client.post(url, data if data is not None else {}, content_type=JSON)


# --- reset_password ----------------------------------------------------------------------


@pytest.mark.parametrize("email", ["guest@gmail.com", "other@gmail.com", "someone@company.com", "x@y.edu"])
def test_reset_answers_the_same_for_every_plausible_address(client, email):
    """Before: 200 for a whitelisted single address, 400 for other non-student ones, so anyone
    could test the private list."""
    WhitelistRule.objects.create(kind="email", value="guest@gmail.com")
    r = post(client, RESET, {"email": email})
    assert r.status_code == 200, r.json()
    assert r.json() == {"message": RESET_SENT}


@pytest.mark.parametrize("email", ["not-an-email", "two@@at.edu", "", "a b@c.edu"])
def test_reset_is_400_only_for_what_is_not_an_email(client, email):
    r = post(client, RESET, {"email": email})
    assert r.status_code == 400
    message = "Must be a valid email address"
    assert r.json() == {"message": message, "errors": {"email": [message]}}


def test_reset_still_mails_an_existing_account(client, student):
    mail.outbox.clear()
    assert post(client, RESET, {"email": student.email}).status_code == 200
    assert len(mail.outbox) == 1


def test_reset_is_rate_limited_before_any_whitelist_matching(client, settings):
    settings.ACCOUNT_RATE_LIMITS = {**settings.ACCOUNT_RATE_LIMITS, "reset_password": "2/m/ip"}
    WhitelistRule.objects.create(kind="pattern", value=r".*@partner\.org")
    with mock.patch.object(rules, "whitelist_matches", wraps=rules.whitelist_matches) as spy:
        answers = [post(client, RESET, {"email": f"p{i}@partner.org"}).status_code for i in range(3)]
    assert answers == [200, 200, 429]
    assert spy.call_count == 0


# --- teamcode ----------------------------------------------------------------------------


def test_team_codes_are_limited_per_user_and_leave_one_unused_row(student_client):
    """Before: every call created a team row, without limit (200 rows in 7.6 s)."""
    codes = [post(student_client, "/api/applications/teamcode") for _ in range(10)]
    assert {r.status_code for r in codes} == {201}
    assert len({r.json()["teamcode"] for r in codes}) == 10  # each one fresh
    assert Team.objects.filter(cycle=current_cycle()).count() == 1  # the earlier ones released
    r = post(student_client, "/api/applications/teamcode")
    assert r.status_code == 429
    assert r.json()["message"]


# --- absolute session age ----------------------------------------------------------------


def _at(days: float):
    return mock.patch("django.utils.timezone.now", return_value=timezone.now() + timedelta(days=days))


def test_refresh_cannot_keep_a_session_alive_past_its_absolute_age(student_client):
    """Before: a refresh every 10 days kept a session forever."""
    for day in (10, 20):
        with _at(day):
            assert post(student_client, "/api/auth/token/refresh").status_code == 200
    with _at(31):
        r = post(student_client, "/api/auth/token/refresh")
        assert r.status_code == 401
        assert student_client.get("/api/auth/user").status_code == 401


def test_any_request_ends_a_session_past_its_absolute_age(settings, student_client):
    settings.SESSION_ABSOLUTE_AGE = 3600
    with _at(1 / 48):  # half an hour
        assert student_client.get("/api/auth/user").status_code == 200
    with _at(1 / 12):  # two hours, well inside the sliding 14-day expiry
        assert student_client.get("/api/auth/user").status_code == 401
    assert student_client.get("/api/auth/user").status_code == 401  # ended, not just hidden


def test_refresh_never_extends_past_the_absolute_end(settings, student_client):
    settings.SESSION_ABSOLUTE_AGE = 3600
    r = post(student_client, "/api/auth/token/refresh")
    assert r.status_code == 200
    assert 3500 <= student_client.session.get_expiry_age() <= 3600
