"""Checking a teammate's code as the field is left (POST /api/applications/teamcode/check): the
same answer saving or submitting with it would give, without saving anything, limited per user."""

from __future__ import annotations

import pytest

from apps.applications import validation
from apps.applications.models import Team
from apps.applications.tests.applicant_data import open_cycle, resume_storage  # noqa: F401
from apps.applications.tests.test_team_choice import PHANTOM, friend, post  # noqa: F401

CHECK = "/api/applications/teamcode/check"


@pytest.mark.django_db
def test_a_code_nobody_has_is_named_as_such_and_nothing_is_made(open_cycle, student_client):  # noqa: F811
    r = post(student_client, CHECK, {"teamcode": PHANTOM})
    assert r.status_code == 200
    assert r.json() == {"teamcode": PHANTOM, "problem": validation.NO_SUCH_TEAM}
    assert not Team.objects.filter(code=PHANTOM).exists()


@pytest.mark.django_db
def test_a_friends_code_can_be_joined(student_client, friend):  # noqa: F811
    r = post(student_client, CHECK, {"teamcode": friend})
    assert r.json() == {"teamcode": friend, "problem": None}


@pytest.mark.django_db
def test_a_full_team_says_so(student_client, friend, settings):  # noqa: F811
    settings.TEAM_MAX_SIZE = 1
    assert post(student_client, CHECK, {"teamcode": friend}).json()["problem"] == validation.TEAM_FULL


@pytest.mark.django_db
@pytest.mark.parametrize("code", ["12345", "123456789", "12a456", "", None, 123456])
def test_a_malformed_code_is_a_400_at_the_field(open_cycle, student_client, code):  # noqa: F811
    r = post(student_client, CHECK, {"teamcode": code})
    assert r.status_code == 400
    assert list(r.json()["errors"]) == ["teamcode"]


@pytest.mark.django_db
def test_signed_out_is_refused(client):
    assert post(client, CHECK, {"teamcode": PHANTOM}).status_code in (401, 403)


@pytest.mark.django_db
def test_codes_cannot_be_guessed_one_by_one(open_cycle, student_client, settings):  # noqa: F811
    settings.ACCOUNT_RATE_LIMITS = {**settings.ACCOUNT_RATE_LIMITS, "teamcode_check": "3/h/user"}
    answers = [post(student_client, CHECK, {"teamcode": f"{n:06d}"}).status_code for n in range(4)]
    assert answers == [200, 200, 200, 429]
