"""A school that is not in the list: the applicant picks "College Not Present" and types its
name, which is stored with the application and required with that choice."""

from __future__ import annotations

import pytest

from apps.applications import validation
from apps.applications.models import Application
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


def test_the_typed_name_is_stored_and_read_back(applicant_client, student):
    data = {**body(school="College Not Present"), "school_other": "  Hogwarts School  "}
    r = post(applicant_client, SUBMIT, data)
    assert r.status_code == 200, r.json()
    assert r.json()["school_other"] == "Hogwarts School"
    stored = Application.objects.get(user=student, cycle=current_cycle())
    assert (stored.school, stored.school_other) == ("College Not Present", "Hogwarts School")
    assert applicant_client.get(SUBMIT).json()["school_other"] == "Hogwarts School"


def test_the_name_is_required_with_college_not_present(applicant_client):
    r = post(applicant_client, SUBMIT, body(school="College Not Present"))
    assert r.status_code == 400
    assert r.json()["errors"] == {"school_other": [validation.SCHOOL_OTHER_MISSING]}


def test_a_draft_keeps_it_and_a_listed_school_drops_it(applicant_client, student):
    draft = {**body(school="College Not Present"), "school_other": "Hogwarts School"}
    assert post(applicant_client, SAVE, draft).status_code == 200
    assert applicant_client.get(SUBMIT).json()["school_other"] == "Hogwarts School"
    listed = {**body(school="Princeton University"), "school_other": "Hogwarts School"}
    assert post(applicant_client, SUBMIT, listed).status_code == 200
    assert Application.objects.get(user=student, cycle=current_cycle()).school_other == ""


def test_an_organizers_edit_that_leaves_it_out_keeps_it(applicant_client, student, admin_client):
    data = {**body(school="College Not Present"), "school_other": "Hogwarts School"}
    assert post(applicant_client, SUBMIT, data).status_code == 200
    r = admin_client.put(f"/api/applications/{student.email}", {"first": "Augusta"}, content_type="application/json")
    assert r.status_code == 200, r.json()
    assert Application.objects.get(user=student, cycle=current_cycle()).school_other == "Hogwarts School"
