"""A mistyped teammate code no longer starts a phantom team, and a draft reopens with
the team answer it was saved with.

"Are you starting a new team?" — Yes (`team_choice: "new"`) takes the code the server handed
out; No (`"join"`) must name a team that exists in the cycle (reserved by the teammate who chose
Yes, or held by applications), else 400 with the message on `teamcode`, on submit and on save.
The rule lives in validation.team_error; the choice is stored with the application.
"""

from __future__ import annotations

import pytest

from apps.applications import services, validation
from apps.applications.models import Application, Team, TeamChoice
from apps.applications.tests.applicant_data import body, open_cycle, resume_storage, upload_resume  # noqa: F401
from apps.cycles.selectors import current_cycle
from conftest import make_user, signed_in_client

SUBMIT = "/api/applications/application"
SAVE = "/api/applications/save"
TEAMCODE = "/api/applications/teamcode"
PHANTOM = "99999999"


def post(client, url, data):
    return client.post(url, data, content_type="application/json")


@pytest.fixture
def applicant_client(db, resume_storage, open_cycle, student_client):  # noqa: F811
    assert upload_resume(student_client).status_code == 201
    return student_client


@pytest.fixture
def friend(db, resume_storage, open_cycle):  # noqa: F811
    """A teammate who chose Yes, got a code from the server and submitted with it."""
    user = make_user("friend@princeton.edu")
    client = signed_in_client(user)
    assert upload_resume(client).status_code == 201
    code = post(client, TEAMCODE, {}).json()["teamcode"]
    r = post(client, SUBMIT, body(teamcode=code, team_choice="new"))
    assert r.status_code == 200, r.json()
    return code


def own(student) -> Application:
    return Application.objects.get(cycle=current_cycle(), user=student)


@pytest.mark.django_db
@pytest.mark.parametrize("url", [SUBMIT, SAVE])
def test_joining_a_code_nobody_has_is_refused_on_the_field_and_starts_no_team(applicant_client, student, url):
    r = post(applicant_client, url, body(teamcode=PHANTOM, team_choice="join"))
    assert r.status_code == 400
    assert r.json()["errors"] == {"teamcode": [validation.NO_SUCH_TEAM]}
    assert not Team.objects.filter(code=PHANTOM).exists()
    assert not Application.objects.filter(teamcode=PHANTOM).exists()


@pytest.mark.django_db
def test_joining_a_friends_team_works_and_the_draft_reopens_as_no_with_that_code(applicant_client, student, friend):
    r = post(applicant_client, SAVE, body(teamcode=friend, team_choice="join"))
    assert r.status_code == 200, r.json()
    reopened = applicant_client.get(SUBMIT).json()
    assert (reopened["team_choice"], reopened["teamcode"]) == ("join", friend)
    r = post(applicant_client, SUBMIT, body(teamcode=friend, team_choice="join"))
    assert r.status_code == 200, r.json()
    assert own(student).team_choice == TeamChoice.JOIN
    assert set(Application.objects.filter(teamcode=friend).values_list("email", flat=True)) == {
        "ada@princeton.edu",
        "friend@princeton.edu",
    }


@pytest.mark.django_db
def test_a_code_reserved_by_a_teammate_who_has_not_saved_yet_can_be_joined(applicant_client, student):
    """The friend chose Yes and read the code out before saving anything: the team exists."""
    other = signed_in_client(make_user("early@princeton.edu"))
    code = post(other, TEAMCODE, {}).json()["teamcode"]
    r = post(applicant_client, SUBMIT, body(teamcode=code, team_choice="join"))
    assert r.status_code == 200, r.json()


@pytest.mark.django_db
def test_starting_a_new_team_keeps_the_choice_and_the_code(applicant_client, student):
    code = post(applicant_client, TEAMCODE, {}).json()["teamcode"]
    assert post(applicant_client, SAVE, body(teamcode=code, team_choice="new")).status_code == 200
    reopened = applicant_client.get(SUBMIT).json()
    assert (reopened["team_choice"], reopened["teamcode"]) == ("new", code)


@pytest.mark.django_db
def test_joining_needs_a_code_on_submit_but_a_draft_may_leave_it_for_later(applicant_client, student):
    r = post(applicant_client, SUBMIT, body(teamcode=None, team_choice="join"))
    assert r.status_code == 400
    assert r.json()["errors"] == {"teamcode": [validation.TEAMCODE_MISSING]}
    assert post(applicant_client, SAVE, body(teamcode=None, team_choice="join")).status_code == 200
    reopened = applicant_client.get(SUBMIT).json()
    assert (reopened["team_choice"], reopened["teamcode"]) == ("join", None)


@pytest.mark.django_db
@pytest.mark.parametrize("choice", ["yes", "JOIN", 1, True, ["join"]])
def test_an_unknown_choice_is_a_400_on_the_team_field(applicant_client, choice):
    r = post(applicant_client, SAVE, body(teamcode=None, team_choice=choice))
    assert r.status_code == 400
    assert r.json()["errors"] == {"teamcode": [validation.TEAM_CHOICE_SHAPE]}


@pytest.mark.django_db
def test_a_full_team_is_still_full_when_joined(applicant_client, friend, settings):
    settings.TEAM_MAX_SIZE = 1
    r = post(applicant_client, SUBMIT, body(teamcode=friend, team_choice="join"))
    assert r.status_code == 400
    assert r.json()["errors"] == {"teamcode": [validation.TEAM_FULL]}


@pytest.mark.django_db
def test_a_client_that_sends_no_choice_keeps_the_old_behaviour(applicant_client, student):
    """An API client that predates the choice: its code names (or starts) its own team."""
    r = post(applicant_client, SUBMIT, body(teamcode="123456"))
    assert r.status_code == 200, r.json()
    assert Team.objects.filter(code="123456").exists()
    assert applicant_client.get(SUBMIT).json()["team_choice"] is None


@pytest.mark.django_db
def test_the_rule_is_one_function_that_reads_the_team_when_not_told(open_cycle, student):  # noqa: F811
    """validation.team_error: what submit, save and validate_application all ask."""
    cycle = current_cycle()
    assert validation.team_error(cycle, PHANTOM, student, choice="join") == validation.NO_SUCH_TEAM
    assert validation.team_error(cycle, PHANTOM, student, choice="new") is None
    assert validation.team_error(cycle, PHANTOM, student) is None
    assert validation.team_error(cycle, None, student, choice="join") is None
    services.team_lock(cycle, PHANTOM)
    assert validation.team_error(cycle, PHANTOM, student, choice="join") is None
