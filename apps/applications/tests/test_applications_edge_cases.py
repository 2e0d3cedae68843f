"""The applications API checked sentence by sentence against the API contract: the refusals
found in that review, each a 4xx with a message where the code answered a 500 or broke the
contract's wording."""

from __future__ import annotations

import csv
import io
import json

import pytest

from apps.applications.models import Answer, Application
from apps.applications.tests.applicant_data import (  # noqa: F401
    VALID_ANSWERS,
    body,
    open_cycle,
    resume_storage,
    upload_resume,
)
from apps.applications.tests.organizer_data import make_application
from apps.cycles.selectors import current_cycle

JSON = "application/json"
# A NUL (PostgreSQL refuses it in text) and a lone surrogate (not encodable as UTF-8), each as
# the JSON escape a client can send.
UNSTORABLE = [r"a\u0000b", r"a\ud800b"]


def raw_post(client, url, text):
    return client.post(url, text, content_type=JSON)


@pytest.fixture
def applicant_client(db, resume_storage, open_cycle, student_client):  # noqa: F811
    assert upload_resume(student_client).status_code == 201
    return student_client


# --- Never a 500: text the database can't hold ---------------------------------------------


@pytest.mark.parametrize("escaped", UNSTORABLE)
def test_a_draft_with_unstorable_text_is_a_400_on_that_field(applicant_client, student, escaped):
    r = raw_post(applicant_client, "/api/applications/save", '{"first": "@@"}'.replace("@@", escaped))
    assert r.status_code == 400, r.content
    assert "first" in r.json()["errors"]
    answer = '{"sections": [{"answers": [{"question_id": "major", "answer": "@@"}]}]}'.replace("@@", escaped)
    r = raw_post(applicant_client, "/api/applications/save", answer)
    assert r.status_code == 400, r.content
    assert "major" in r.json()["errors"]
    assert not Answer.objects.exists()


@pytest.mark.parametrize("escaped", UNSTORABLE)
def test_a_submission_with_unstorable_text_is_a_400_on_that_field(applicant_client, escaped):
    text = json.dumps(body(last="Lovelace")).replace('"Lovelace"', f'"{escaped}"')
    r = raw_post(applicant_client, "/api/applications/application", text)
    assert r.status_code == 400, r.content
    assert list(r.json()["errors"]) == ["last"]


@pytest.mark.parametrize("escaped", UNSTORABLE)
@pytest.mark.parametrize(
    "template",
    [
        '[{"section_name": "@@", "questions": [{"question_id": "a", "question_text": "b", '
        '"question_type": "numeric"}]}]',
        '[{"section_name": "S", "questions": [{"question_id": "a", "question_text": "@@", '
        '"question_type": "numeric"}]}]',
        '[{"section_name": "S", "questions": [{"question_id": "a", "question_text": "b", '
        '"question_type": "multiple_choice", "options": ["x", "@@"]}]}]',
    ],
)
def test_a_question_set_with_unstorable_text_is_a_400(admin_client, db, template, escaped):
    r = admin_client.put("/api/applications/questions", template.replace("@@", escaped), content_type=JSON)
    assert r.status_code == 400, r.content
    assert r.json()["message"]


@pytest.mark.parametrize("escaped", UNSTORABLE)
def test_table_filters_with_unstorable_text_are_a_400(admin_client, db, escaped):
    r = admin_client.get("/api/applications/all", {"filters": '{"first": "@@"}'.replace("@@", escaped)})
    assert r.status_code == 400, r.content
    assert "first" in r.json()["errors"]


@pytest.mark.parametrize("escaped", UNSTORABLE)
@pytest.mark.parametrize("template", ['{"first": "@@"}', '{"email": {"$ne": "@@"}}', '{"school": {"$in": ["@@"]}}'])
def test_export_filters_with_unstorable_text_are_a_400_before_the_stream_starts(admin_client, db, template, escaped):
    """The export streams, so a database error would break the download half-way; a value the
    database can't compare is refused up front."""
    r = admin_client.get("/api/applications/export", {"filters": template.replace("@@", escaped)})
    assert r.status_code == 400
    assert "filters" in r.json()["errors"]


def test_deeply_nested_export_filters_are_a_400(admin_client, db):
    r = admin_client.get("/api/applications/export", {"filters": "[" * 50_000 + "]" * 50_000})
    assert r.status_code == 400
    assert r.json()["message"]


# --- Formula neutralisation covers every cell --------------------------------------------


def test_export_header_cells_that_a_spreadsheet_would_run_are_neutralised(admin_client, db):
    """Contract: "cells that a spreadsheet would run as a formula are neutralised" - the header
    row is cells too, and a question_id may start with "-"."""
    sections = [
        {
            "section_name": "S",
            "conditional_on": None,
            "questions": [{"question_id": "-2-3", "question_text": "Odd id", "question_type": "short_answer"}],
        }
    ]
    assert admin_client.put("/api/applications/questions", sections, content_type=JSON).status_code == 200
    make_application("ada@princeton.edu", answers={"-2-3": "=1+1"})
    r = admin_client.get("/api/applications/export")
    rows = list(csv.reader(io.StringIO(b"".join(r.streaming_content).decode())))
    assert rows[0][-1] == "'-2-3"
    assert rows[1][-1] == "'=1+1"


# --- A section that does not apply is ignored --------------------------------------------


def test_a_wrongly_typed_answer_in_a_section_that_does_not_apply_is_ignored(applicant_client, student):
    """Contract: a section with conditional_on "is ignored" unless its question is answered yes,
    so even an answer of the wrong type there neither refuses the submission nor is stored."""
    answers = {**VALID_ANSWERS, "needs_travel": "no", "travel_mode": ["Train", "Bus"]}
    data = body(answers)
    r = applicant_client.post("/api/applications/application", data, content_type=JSON)
    assert r.status_code == 200, r.json()
    application = Application.objects.get(cycle=current_cycle(), user=student)
    assert application.status == "submitted"
    assert not Answer.objects.filter(application=application, question_id="travel_mode").exists()


# --- Emails in paths ---------------------------------------------------------------------


def test_a_decision_for_an_impossible_path_address_is_a_404(admin_client, db):
    r = admin_client.get("/api/applications/status/a%00b%40princeton.edu")
    assert r.status_code == 404
    r = admin_client.post("/api/applications/status/%00", {"status": "accepted"}, content_type=JSON)
    assert r.status_code == 404


def test_a_decision_path_address_is_lower_cased_and_url_decoded(admin_client, db):
    make_application("ada+hack@princeton.edu")
    r = admin_client.post(
        "/api/applications/status/ADA%2BHack%40Princeton.edu", {"status": "waitlisted"}, content_type=JSON
    )
    assert r.status_code == 200, r.json()
    assert r.json()["status"] == "waitlisted"


# --- List endpoints: the number of queries does not grow with the list -------------------


def _queries(client, url) -> int:
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    with CaptureQueriesContext(connection) as ctx:
        r = client.get(url)
    assert r.status_code == 200, r.content
    return len(ctx.captured_queries)


def test_history_detail_and_teammates_take_as_many_queries_for_many_rows_as_for_few(admin_client, organizer):
    from apps.applications import status_machine

    ada = make_application("ada@princeton.edu", teamcode="123456")
    make_application("bo@princeton.edu", teamcode="123456")
    urls = [
        "/api/applications/ada%40princeton.edu/history",
        "/api/applications/ada%40princeton.edu",
        "/api/applications/teammates/123456",
    ]
    # One request first: the session and the user are cached after the first read, so counting
    # from a cold cache would compare a warm-up against steady state.
    admin_client.get(urls[0])
    before = [_queries(admin_client, url) for url in urls]
    for i, decision in enumerate(["accepted", "waitlisted", "rejected", "waitlist_accepted"] * 5):
        status_machine.decide(application_id=ada.pk, status=decision, actor=organizer)
        Answer.objects.create(application=ada, question_id=f"old_{i}", value="kept")
    for i in range(3):
        make_application(f"team{i}@princeton.edu", teamcode="123456")
    after = [_queries(admin_client, url) for url in urls]
    assert before == after
    assert max(after) <= 8
    assert len(admin_client.get(urls[0]).json()) >= 20
