"""Applying alone is an answer of its own to the team question: no team code is made, kept or
checked, and the draft reopens with it."""

from __future__ import annotations

import pytest

from apps.applications.models import Application, Team, TeamChoice
from apps.applications.tests.applicant_data import body, open_cycle, resume_storage, upload_resume  # noqa: F401
from apps.cycles.selectors import current_cycle

SUBMIT = "/api/applications/application"
SAVE = "/api/applications/save"


@pytest.fixture
def applicant_client(db, resume_storage, open_cycle, student_client):  # noqa: F811
    assert upload_resume(student_client).status_code == 201
    return student_client


def post(client, url, data):
    return client.post(url, data, content_type="application/json")


def test_submitting_alone_holds_no_team(applicant_client, student):
    r = post(applicant_client, SUBMIT, {**body(), "team_choice": "alone", "teamcode": "999999"})
    assert r.status_code == 200, r.json()
    assert r.json()["team_choice"] == "alone" and r.json()["teamcode"] is None
    stored = Application.objects.get(user=student, cycle=current_cycle())
    assert (stored.team_choice, stored.teamcode, stored.team_id) == (TeamChoice.ALONE, None, None)
    assert not Team.objects.filter(code="999999").exists()


def test_a_draft_reopens_alone(applicant_client):
    assert post(applicant_client, SAVE, {**body(), "team_choice": "alone"}).status_code == 200
    assert applicant_client.get(SUBMIT).json()["team_choice"] == "alone"
