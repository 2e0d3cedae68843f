"""The /apply page: guarded, and its island's props carry what the form's first paint needs."""

from __future__ import annotations

import json
import re

import pytest

from apps.applications.models import ApplicationStatus as S
from apps.applications.services import application_save
from apps.applications.tests.test_status_machine import make_application, set_cycle
from apps.cycles.models import CycleStatus as C
from apps.cycles.selectors import current_cycle, question_set
from apps.cycles.translations import localized

pytestmark = pytest.mark.django_db


def page_props(response) -> dict:
    html = response.content.decode()
    match = re.search(r'<script id="apply-props" type="application/json">(.*?)</script>', html, re.S)
    assert match, "the apply page must emit its props with json_script"
    return json.loads(match.group(1))


def test_signed_out_visitors_are_sent_to_login_and_back(client):
    r = client.get("/apply")
    assert r.status_code == 302
    assert r["Location"] == "/login?next=%2Fapply"


@pytest.mark.parametrize("status", [C.NOT_OPEN, C.CLOSED, C.RELEASED])
def test_outside_the_open_window_the_props_carry_only_the_cycle_status(student_client, status):
    """The page then shows 'Applications are not currently open'; no form data is sent."""
    set_cycle(status)
    r = student_client.get("/apply")
    assert r.status_code == 200
    assert page_props(r) == {"cycleStatus": status}


def test_an_open_cycle_sends_the_question_set_an_empty_application_and_no_resume(student_client, student):
    set_cycle(C.OPEN)
    props = page_props(student_client.get("/apply"))
    assert props["cycleStatus"] == "open"
    # In the applicant's language (here the default's), without the organizers' translation maps.
    assert props["questions"] == localized(question_set(current_cycle()), "en")
    assert props["application"]["status"] == "unsubmitted"
    assert props["application"]["email"] == student.email
    assert props["resumeSubmitted"] is False


def test_a_returning_applicant_gets_their_draft(student_client, student):
    set_cycle(C.OPEN)
    application_save(
        user=student,
        data={
            "first": "Ada",
            "school": "Princeton University",
            "sections": [{"section_name": "About You", "answers": [{"question_id": "age", "answer": "15"}]}],
            "teamcode": "1234567",
        },
    )
    props = page_props(student_client.get("/apply"))
    application = props["application"]
    assert application["status"] == "started"
    assert application["first"] == "Ada"
    assert application["teamcode"] == "1234567"
    answers = {a["question_id"]: a["answer"] for s in application["sections"] for a in s["answers"]}
    assert answers["age"] == "15"


def test_a_decided_application_shows_as_submitted_before_release(student_client, student):
    """The page hides decisions exactly as GET /api/applications/application does."""
    make_application(student, S.ACCEPTED)
    set_cycle(C.OPEN)
    props = page_props(student_client.get("/apply"))
    assert props["application"]["status"] == "submitted"
    assert props["application"]["travel_reimbursement"] is False


def test_the_page_needs_few_queries(student_client, student, django_assert_max_num_queries):
    """Session, user, cycle, the question set (2), the application and its answers, the resume
    check, and the navbar's cycle status: a constant nine, however many questions there are."""
    set_cycle(C.OPEN)
    make_application(student, S.SUBMITTED)
    with django_assert_max_num_queries(9):
        r = student_client.get("/apply")
    assert r.status_code == 200
