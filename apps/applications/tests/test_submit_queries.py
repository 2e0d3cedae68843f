"""How many SQL queries the applicant's own calls take (the redesign's budget: a submit takes at
most 15, its consent records included).

Measured on PostgreSQL with the session and user queries included; each failure
prints the queries, so a regression shows where the extra round trips come from.

The body answers every question type of the default set (the conditional Travel section
included, so the chain of conditions is followed) and joins a team, so the team's row lock
and its size count are part of what is measured.

Inside the test-wide transaction a request's own transaction shows as SAVEPOINT / RELEASE;
in production it is BEGIN / COMMIT, which Django logs too, so the count is the same.
"""

from __future__ import annotations

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from apps.applications.models import Answer, Application, ApplicationEvent
from apps.applications.models import ApplicationStatus as S
from apps.applications.tests.applicant_data import (  # noqa: F401
    VALID_ANSWERS,
    body,
    open_cycle,
    resume_storage,
    upload_resume,
)
from apps.cycles.selectors import current_cycle

SUBMIT = "/api/applications/application"
SAVE = "/api/applications/save"
STATUS = "/api/applications/status"

# The redesign's budget for a submit, a re-submit and a draft save (whole request), with the one
# INSERT of the consent records a submit writes when a consent changed (their previous state is
# read in the query that locks the application, and the status machine moves that locked row
# rather than reading it again).
WRITE_BUDGET = 15
# A first submit also records its "we received your application" email (one INSERT in the
# transaction) and hands it to Celery after commit (one UPDATE); the send is the worker's, so
# these tests leave the task out of the count.
FIRST_SUBMIT_BUDGET = WRITE_BUDGET + 2
# GET application / status: the session and user, then at most this many of their own.
SESSION_AND_USER = 2
GET_APPLICATION_OWN = 3
GET_STATUS_OWN = 2

# Every question type of the default set answered, the conditional section too.
ALL_TYPES = {
    **VALID_ANSWERS,
    "needs_travel": "yes",
    "travel_from": "Trenton, NJ",
    "travel_mode": "Train",
    "needs_housing": "no",
}


def post(client, url, data):
    return client.post(url, data, content_type="application/json")


def _listing(ctx) -> str:
    return "\n".join(f"{i}. {q['sql']}" for i, q in enumerate(ctx.captured_queries, 1))


def _measure(call) -> tuple[object, CaptureQueriesContext]:
    with CaptureQueriesContext(connection) as ctx:
        response = call()
    return response, ctx


def _assert_at_most(ctx, budget: int, what: str) -> None:
    count = len(ctx.captured_queries)
    assert count <= budget, f"{what} took {count} queries (budget {budget}):\n{_listing(ctx)}"


@pytest.fixture
def applicant_client(db, resume_storage, open_cycle, student_client):  # noqa: F811
    assert upload_resume(student_client).status_code == 201
    return student_client


@pytest.fixture
def no_send(monkeypatch):
    monkeypatch.setattr("apps.applications.tasks.send_received_email.delay", lambda key: None)


def test_a_full_submit_takes_at_most_17_queries(applicant_client, student, no_send):
    """A first submit (every question type answered, a resume on file, joining a team) reads
    the cycle and the question set once each and writes the answers in bulk."""
    r, ctx = _measure(lambda: post(applicant_client, SUBMIT, body(ALL_TYPES, teamcode="555555")))
    assert r.status_code == 200, r.json()
    _assert_at_most(ctx, FIRST_SUBMIT_BUDGET, "a submit")
    # The work is still all done: every answer stored, the status moved with its history.
    application = Application.objects.get(cycle=current_cycle(), user=student)
    assert application.status == S.SUBMITTED and application.teamcode == "555555"
    assert dict(Answer.objects.filter(application=application).values_list("question_id", "value")) == ALL_TYPES
    assert ApplicationEvent.objects.filter(application=application, to_value=S.SUBMITTED).count() == 1


def test_submitting_a_saved_draft_takes_at_most_17_queries(applicant_client, student, no_send):
    """The usual path: drafts saved first (some answers to be removed), then the submit that
    moves the status from started to submitted through the status machine."""
    draft = {**ALL_TYPES, "major": "Undecided", "needs_travel": "yes"}
    assert post(applicant_client, SAVE, body(draft, teamcode="555555")).status_code == 200
    final = {k: v for k, v in ALL_TYPES.items() if k not in ("travel_from", "travel_mode", "needs_housing")}
    final["needs_travel"] = "no"
    r, ctx = _measure(lambda: post(applicant_client, SUBMIT, body(final, teamcode="555555")))
    assert r.status_code == 200, r.json()
    _assert_at_most(ctx, FIRST_SUBMIT_BUDGET, "submitting a saved draft")
    application = Application.objects.get(cycle=current_cycle(), user=student)
    assert application.status == S.SUBMITTED
    assert dict(Answer.objects.filter(application=application).values_list("question_id", "value")) == final
    history = ApplicationEvent.objects.filter(application=application).values_list("from_value", "to_value")
    assert ("started", "submitted") in set(history)


def test_a_resubmit_while_open_takes_at_most_15_queries(applicant_client, student):
    """Editing a submitted application while the cycle is open stays within the budget."""
    assert post(applicant_client, SUBMIT, body(ALL_TYPES, teamcode="555555")).status_code == 200
    edited = {**ALL_TYPES, "needs_travel": "no", "major": "Mathematics"}
    r, ctx = _measure(lambda: post(applicant_client, SUBMIT, body(edited, teamcode="555555")))
    assert r.status_code == 200, r.json()
    _assert_at_most(ctx, WRITE_BUDGET, "a re-submit")
    application = Application.objects.get(cycle=current_cycle(), user=student)
    stored = dict(Answer.objects.filter(application=application).values_list("question_id", "value"))
    # The Travel section no longer applies, so its answers are gone.
    assert stored == {k: v for k, v in edited.items() if k not in ("travel_from", "travel_mode", "needs_housing")}


def test_a_draft_save_takes_at_most_15_queries(applicant_client, student):
    """A first draft save (which creates the application) and a later one stay within the budget."""
    r, ctx = _measure(lambda: post(applicant_client, SAVE, body(ALL_TYPES, teamcode="555555")))
    assert r.status_code == 200, r.json()
    _assert_at_most(ctx, WRITE_BUDGET, "a first draft save")
    r, ctx = _measure(lambda: post(applicant_client, SAVE, body({**ALL_TYPES, "age": "15"}, teamcode="555555")))
    assert r.status_code == 200, r.json()
    _assert_at_most(ctx, WRITE_BUDGET, "a second draft save")
    application = Application.objects.get(cycle=current_cycle(), user=student)
    assert application.status == S.STARTED
    assert Answer.objects.get(application=application, question_id="age").value == "15"


def test_get_application_takes_a_tight_number_of_queries(applicant_client):
    """GET application: the session and user, then the cycle with its question set (one
    query), the application and its answers."""
    assert post(applicant_client, SUBMIT, body(ALL_TYPES, teamcode="555555")).status_code == 200
    r, ctx = _measure(lambda: applicant_client.get(SUBMIT))
    assert r.status_code == 200
    assert len(r.json()["sections"]) == 5
    _assert_at_most(ctx, SESSION_AND_USER + GET_APPLICATION_OWN, "GET application")


def test_get_status_takes_a_tight_number_of_queries(applicant_client):
    """GET status: the session and user, then the cycle and the application."""
    assert post(applicant_client, SUBMIT, body(ALL_TYPES, teamcode="555555")).status_code == 200
    r, ctx = _measure(lambda: applicant_client.get(STATUS))
    assert r.status_code == 200 and r.json()["status"] == S.SUBMITTED
    _assert_at_most(ctx, SESSION_AND_USER + GET_STATUS_OWN, "GET status")
