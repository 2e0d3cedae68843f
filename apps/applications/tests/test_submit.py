"""The applicant's own application: GET application / status, POST application (submit),
POST save (draft), team codes and the team cap under real concurrency."""

from __future__ import annotations

import threading

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from apps.applications import services, status_machine
from apps.applications.models import Answer, Application, ApplicationEvent, Team
from apps.applications.tests.applicant_data import (  # noqa: F401
    VALID_ANSWERS,
    body,
    open_cycle,
    pdf_upload,
    resume_storage,
    upload_resume,
    with_answer,
)
from apps.cycles.selectors import current_cycle
from apps.cycles.services import cycle_set_status, questions_replace
from apps.resumes.services import resume_upload
from conftest import make_user

SUBMIT = "/api/applications/application"
SAVE = "/api/applications/save"
STATUS = "/api/applications/status"
TEAMCODE = "/api/applications/teamcode"


def post(client, url, data):
    return client.post(url, data, content_type="application/json")


@pytest.fixture
def applicant_client(db, resume_storage, open_cycle, student_client):  # noqa: F811
    assert upload_resume(student_client).status_code == 201
    return student_client


def own_application(student) -> Application:
    return Application.objects.get(cycle=current_cycle(), user=student)


def stored_answers(application) -> dict[str, str]:
    return dict(Answer.objects.filter(application=application).values_list("question_id", "value"))


def set_cycle(status: str) -> None:
    cycle_set_status(cycle=current_cycle(), status=status)


# --- GET application / status -------------------------------------------------------------


@pytest.mark.django_db
@pytest.mark.parametrize("url", [SUBMIT, STATUS])
def test_anonymous_visitors_get_401(client, url):
    assert client.get(url).status_code == 401


@pytest.mark.django_db
def test_without_an_application_the_applicant_gets_empty_fields_and_unsubmitted(student_client):
    r = student_client.get(SUBMIT)
    assert r.status_code == 200
    assert r.json() == {
        "first": "",
        "last": "",
        "school": "",
        "school_other": "",
        "sections": [],
        "checkboxes": [False, False, False],
        "teamcode": None,
        "team_choice": None,
        "status": "unsubmitted",
        "email": "ada@princeton.edu",
        "travel_reimbursement": False,
        "housing_accommodations": False,
    }
    assert student_client.get(STATUS).json() == {
        "status": "unsubmitted",
        "travel_reimbursement": False,
        "housing_accommodations": False,
        "teamcode": None,
    }


def test_get_application_returns_answers_by_section_of_the_set(applicant_client, student):
    assert post(applicant_client, SUBMIT, body(teamcode="123456")).status_code == 200
    data = applicant_client.get(SUBMIT).json()
    assert data["status"] == "submitted"
    assert data["teamcode"] == "123456"
    assert data["checkboxes"] == [True, True, False]
    names = [s["section_name"] for s in data["sections"]]
    assert names == ["About You", "Experience", "Logistics", "Travel", "Demographics Survey"]
    about = {a["question_id"]: a["answer"] for a in data["sections"][0]["answers"]}
    assert about == {k: VALID_ANSWERS[k] for k in ("age", "country", "level_of_study", "major", "first_hackathon")}
    assert data["sections"][3]["answers"] == []  # travel section: needs_travel was "no"
    experience = {a["question_id"]: a["answer"] for a in data["sections"][1]["answers"]}
    assert experience["languages"] == "Python,Rust"


def test_get_application_and_status_hide_a_decision_until_release(applicant_client, student, organizer):
    post(applicant_client, SUBMIT, body())
    application = own_application(student)
    status_machine.decide(application_id=application.pk, status="accepted", actor=organizer, travel_reimbursement=True)
    for cycle_status in ("open", "closed"):
        set_cycle(cycle_status)
        assert applicant_client.get(STATUS).json()["status"] == "submitted"
        assert applicant_client.get(STATUS).json()["travel_reimbursement"] is False
        assert applicant_client.get(SUBMIT).json()["status"] == "submitted"
    set_cycle("released")
    assert applicant_client.get(STATUS).json() == {
        "status": "accepted",
        "travel_reimbursement": True,
        "housing_accommodations": False,
        "teamcode": None,
    }
    assert applicant_client.get(SUBMIT).json()["status"] == "accepted"


def test_get_application_answers_to_removed_questions_still_show(applicant_client, student):
    post(applicant_client, SUBMIT, body())
    application = own_application(student)
    Answer.objects.create(application=application, question_id="old_q", section_name="Old section", value="kept")
    sections = applicant_client.get(SUBMIT).json()["sections"]
    assert sections[-1] == {"section_name": "Old section", "answers": [{"question_id": "old_q", "answer": "kept"}]}


def test_get_application_and_status_take_a_constant_number_of_queries(applicant_client, django_assert_max_num_queries):
    post(applicant_client, SUBMIT, body())
    with django_assert_max_num_queries(8):
        assert applicant_client.get(SUBMIT).status_code == 200
    with django_assert_max_num_queries(5):
        assert applicant_client.get(STATUS).status_code == 200


# --- Submit -------------------------------------------------------------------------------


def test_submit_stores_the_application_with_one_row_per_answer(applicant_client, student):
    r = post(applicant_client, SUBMIT, body())
    assert r.status_code == 200, r.json()
    assert r.json()["message"] == "Application submitted successfully"
    assert r.json()["status"] == "submitted"
    application = own_application(student)
    assert (application.first, application.last, application.school) == ("Ada", "Lovelace", "Princeton University")
    assert application.email == "ada@princeton.edu"
    assert application.status == "submitted" and application.submitted_at is not None
    assert stored_answers(application) == VALID_ANSWERS
    event = ApplicationEvent.objects.get(application=application)
    assert (event.field, event.from_value, event.to_value) == ("status", "started", "submitted")


def test_submit_stores_list_and_multiselect_answers_comma_joined(applicant_client, student):
    data = body({**VALID_ANSWERS, "languages": ["Go", "C"], "links": [" https://a.dev ", "", "https://b.dev"]})
    assert post(applicant_client, SUBMIT, data).status_code == 200
    answers = stored_answers(own_application(student))
    assert answers["languages"] == "Go,C"
    assert answers["links"] == "https://a.dev,https://b.dev"


def test_submit_refuses_with_every_error_at_once_and_stores_nothing(applicant_client, student):
    data = body({**VALID_ANSWERS, "age": "15", "country": "Atlantis"}, first="", checkboxes=[True, False, False])
    r = post(applicant_client, SUBMIT, data)
    assert r.status_code == 400
    assert set(r.json()["errors"]) == {"first", "checkboxes", "age", "country"}
    assert r.json()["message"]
    assert not Application.objects.filter(user=student).exists()


def test_submit_without_a_resume_is_refused_on_resume(db, resume_storage, open_cycle, student_client):  # noqa: F811
    r = post(student_client, SUBMIT, body())
    assert r.status_code == 400
    assert r.json()["errors"] == {"resume": ["Please select a valid resume file."]}


@pytest.mark.parametrize("cycle_status", ["not_open", "closed", "released", "confirmation_closed"])
def test_submit_is_refused_with_409_unless_the_cycle_is_open(applicant_client, student, cycle_status):
    set_cycle(cycle_status)
    r = post(applicant_client, SUBMIT, body())
    assert r.status_code == 409
    assert r.json()["message"] == "Applications are not currently open"
    assert not Application.objects.filter(user=student).exists()


def test_submitting_again_while_open_edits_the_application_which_stays_submitted(applicant_client, student):
    post(applicant_client, SUBMIT, body())
    answers = {**VALID_ANSWERS, "major": "Mathematics"}
    del answers["links"]
    r = post(applicant_client, SUBMIT, body(answers, first="Augusta"))
    assert r.status_code == 200, r.json()
    application = own_application(student)
    assert application.status == "submitted" and application.first == "Augusta"
    assert stored_answers(application)["major"] == "Mathematics"
    assert "links" not in stored_answers(application)
    assert Answer.objects.filter(application=application).count() == len(VALID_ANSWERS) - 1
    assert ApplicationEvent.objects.filter(application=application).count() == 1


@pytest.mark.parametrize("decision", ["accepted", "rejected", "waitlisted", "waitlist_accepted"])
def test_submit_is_refused_with_409_once_a_decision_was_made(applicant_client, student, organizer, decision):
    post(applicant_client, SUBMIT, body())
    status_machine.decide(application_id=own_application(student).pk, status=decision, actor=organizer)
    r = post(applicant_client, SUBMIT, body(first="Changed"))
    assert r.status_code == 409
    assert own_application(student).first == "Ada"


def test_a_conditional_section_answered_yes_is_stored(applicant_client, student):
    answers = {**VALID_ANSWERS, "needs_travel": "yes", "travel_from": "Boston, MA", "travel_mode": "Train"}
    answers["needs_housing"] = "yes"
    assert post(applicant_client, SUBMIT, body(answers)).status_code == 200
    assert stored_answers(own_application(student))["travel_mode"] == "Train"


def test_a_conditional_section_answered_no_is_not_stored(applicant_client, student):
    answers = {**VALID_ANSWERS, "travel_from": "Boston, MA", "travel_mode": "Rocket"}
    assert post(applicant_client, SUBMIT, body(answers)).status_code == 200
    assert "travel_from" not in stored_answers(own_application(student))


def test_submit_ignores_keys_outside_the_body(applicant_client, student):
    data = body(status="accepted", travel_reimbursement=True, email="someone@else.edu")
    assert post(applicant_client, SUBMIT, data).status_code == 200
    application = own_application(student)
    assert (application.status, application.travel_reimbursement, application.email) == (
        "submitted",
        False,
        "ada@princeton.edu",
    )


@pytest.mark.parametrize("raw", ["{", "[1, 2]", '"text"', "null"])
def test_a_malformed_body_is_a_400_not_a_500(applicant_client, raw):
    r = applicant_client.post(SUBMIT, raw, content_type="application/json")
    assert r.status_code == 400
    r = applicant_client.post(SAVE, raw, content_type="application/json")
    assert r.status_code == 400


def test_anonymous_submit_and_save_get_401(client):
    assert post(client, SUBMIT, body()).status_code == 401
    assert post(client, SAVE, body()).status_code == 401


def test_submit_takes_a_bounded_number_of_queries(applicant_client, django_assert_max_num_queries):
    with django_assert_max_num_queries(36):
        assert post(applicant_client, SUBMIT, body(teamcode="555555")).status_code == 200
    with django_assert_max_num_queries(36):
        assert post(applicant_client, SUBMIT, body(teamcode="555555")).status_code == 200


def _queries_to_submit(client, count: int) -> int:
    sections = [
        {
            "section_name": "Many",
            "conditional_on": None,
            "questions": [
                {"question_id": f"q{i}", "question_text": f"Question {i}?", "question_type": "short_answer"}
                for i in range(count)
            ],
        }
    ]
    questions_replace(current_cycle(), sections)
    data = body({f"q{i}": f"answer {i}" for i in range(count)})
    with CaptureQueriesContext(connection) as ctx:
        assert post(client, SUBMIT, data).status_code == 200
    return len(ctx.captured_queries)


def test_submit_writes_answers_in_bulk_whatever_their_number(applicant_client):
    """Answers are written with one bulk upsert and one delete, not one query per answer."""
    _queries_to_submit(applicant_client, 3)  # the first submit also creates the application
    few = _queries_to_submit(applicant_client, 3)
    many = _queries_to_submit(applicant_client, 80)
    assert many == few


# --- Save (drafts) ------------------------------------------------------------------------


def test_save_keeps_a_draft_as_typed_with_status_started(applicant_client, student):
    data = body({"age": "15", "why_attend": "x" * 1300}, school="", checkboxes=[False, False, False])
    r = post(applicant_client, SAVE, data)
    assert r.status_code == 200, r.json()
    assert r.json()["message"] == "Draft saved"
    application = own_application(student)
    assert application.status == "started"
    assert stored_answers(application) == {"age": "15", "why_attend": "x" * 1300}
    assert applicant_client.get(STATUS).json()["status"] == "started"
    fetched = applicant_client.get(SUBMIT).json()
    assert fetched["sections"][0]["answers"] == [{"question_id": "age", "answer": "15"}]


def test_saving_again_replaces_the_draft_without_duplicates(applicant_client, student):
    post(applicant_client, SAVE, body({"age": "15", "major": "Art"}))
    post(applicant_client, SAVE, body({"age": "18"}))
    assert stored_answers(own_application(student)) == {"age": "18"}


def test_save_keeps_answers_of_a_conditional_section_in_a_draft(applicant_client, student):
    post(applicant_client, SAVE, body({"needs_travel": "no", "travel_from": "Boston"}))
    assert stored_answers(own_application(student)) == {"needs_travel": "no", "travel_from": "Boston"}


def test_a_saved_draft_can_then_be_submitted(applicant_client, student):
    post(applicant_client, SAVE, body({"age": "15"}))
    assert post(applicant_client, SUBMIT, body()).status_code == 200
    assert own_application(student).status == "submitted"


def test_save_is_refused_with_409_once_submitted(applicant_client, student):
    post(applicant_client, SUBMIT, body())
    r = post(applicant_client, SAVE, body(first="Draft"))
    assert r.status_code == 409
    assert own_application(student).first == "Ada"


def test_save_is_refused_with_409_after_a_decision(applicant_client, student, organizer):
    post(applicant_client, SUBMIT, body())
    status_machine.decide(application_id=own_application(student).pk, status="rejected", actor=organizer)
    assert post(applicant_client, SAVE, body()).status_code == 409


@pytest.mark.parametrize("cycle_status", ["not_open", "closed", "released"])
def test_save_is_refused_with_409_unless_the_cycle_is_open(applicant_client, student, cycle_status):
    set_cycle(cycle_status)
    assert post(applicant_client, SAVE, body()).status_code == 409
    assert not Application.objects.filter(user=student).exists()


def test_save_refuses_a_malformed_shape(applicant_client, student):
    r = post(applicant_client, SAVE, body(first=["Ada"], teamcode="12", sections="x"))
    assert r.status_code == 400
    assert set(r.json()["errors"]) == {"first", "teamcode", "sections"}
    assert not Application.objects.filter(user=student).exists()


def test_save_and_submit_answer_a_constant_number_of_queries(applicant_client, django_assert_max_num_queries):
    with django_assert_max_num_queries(28):
        assert post(applicant_client, SAVE, body()).status_code == 200


# --- Teams --------------------------------------------------------------------------------


def test_a_fresh_team_code_is_6_to_8_digits_in_range_and_reserved(applicant_client):
    r = applicant_client.post(TEAMCODE)
    assert r.status_code == 201
    code = r.json()["teamcode"]
    assert code.isdigit() and 100_000 <= int(code) <= 99_999_999
    assert Team.objects.filter(cycle=current_cycle(), code=code).exists()
    assert applicant_client.post(TEAMCODE).json()["teamcode"] != code


@pytest.mark.django_db
def test_anonymous_visitors_cannot_get_a_team_code(client):
    assert client.post(TEAMCODE).status_code == 401


def test_submit_with_a_team_code_joins_that_team(applicant_client, student):
    code = applicant_client.post(TEAMCODE).json()["teamcode"]
    assert post(applicant_client, SUBMIT, body(teamcode=int(code))).status_code == 200
    application = own_application(student)
    assert application.teamcode == code and application.team.code == code
    assert applicant_client.get(STATUS).json()["teamcode"] == code


def test_changing_or_clearing_the_team_code_leaves_the_old_team(applicant_client, student):
    post(applicant_client, SUBMIT, body(teamcode="111111"))
    post(applicant_client, SUBMIT, body(teamcode="222222"))
    assert own_application(student).team.code == "222222"
    assert not Application.objects.filter(team__code="111111").exists()
    post(applicant_client, SUBMIT, body(teamcode=None))
    application = own_application(student)
    assert application.team is None and application.teamcode is None


def _team_member(email: str, code: str) -> Application:
    user = make_user(email)
    resume_upload(user=user, upload=pdf_upload())
    return services.application_submit(user=user, data=body(teamcode=code))


def test_a_full_team_refuses_another_submit_and_save(applicant_client, student, settings):
    settings.TEAM_MAX_SIZE = 2
    _team_member("one@princeton.edu", "909090")
    _team_member("two@princeton.edu", "909090")
    r = post(applicant_client, SUBMIT, body(teamcode="909090"))
    assert r.status_code == 400
    assert r.json()["errors"] == {"teamcode": ["This team is full"]}
    r = post(applicant_client, SAVE, body(teamcode="909090"))
    assert r.status_code == 400
    assert r.json()["errors"] == {"teamcode": ["This team is full"]}
    assert Application.objects.filter(teamcode="909090").count() == 2


def test_the_default_team_size_is_four(applicant_client, settings):
    assert settings.TEAM_MAX_SIZE == 4
    for i in range(4):
        _team_member(f"member{i}@princeton.edu", "313131")
    assert post(applicant_client, SUBMIT, body(teamcode="313131")).json()["errors"] == {
        "teamcode": ["This team is full"]
    }


@pytest.mark.django_db(transaction=True)
def test_simultaneous_joins_never_take_a_team_past_its_cap(resume_storage, settings):  # noqa: F811
    """Eight applicants submit the same new team code at the same moment, each on its own
    thread and database connection: exactly TEAM_MAX_SIZE get in, the rest are told the team
    is full, and nothing else fails.

    The threads call the submit service (what the API view runs) rather than going through
    the test client: under the default test settings the database is SQLite in shared-cache
    memory mode, which refuses *any* read while another connection commits, so the session
    lookup of a concurrent HTTP request would fail before reaching the code under test.
    Within the service, the whole transaction is retried on such a refusal.
    """
    settings.TEAM_MAX_SIZE = 3
    cycle_set_status(cycle=current_cycle(), status="open")
    users = []
    for i in range(8):
        user = make_user(f"racer{i}@princeton.edu")
        resume_upload(user=user, upload=pdf_upload())
        users.append(user)

    barrier = threading.Barrier(len(users))
    results: list[tuple[str, object]] = []
    lock = threading.Lock()

    def join(user):
        try:
            barrier.wait()
            try:
                application = services.application_submit(user=user, data=body(teamcode="777777"))
                outcome = ("joined", application.status)
            except services.ApplicationError as exc:
                outcome = ("refused", (exc.status, exc.errors))
            with lock:
                results.append(outcome)
        finally:
            connection.close()

    threads = [threading.Thread(target=join, args=(user,)) for user in users]
    for t in threads:
        t.start()
    for t in threads:
        t.join(timeout=120)

    assert len(results) == 8, results
    assert sorted(results, key=str) == sorted(
        [("joined", "submitted")] * 3 + [("refused", (400, {"teamcode": ["This team is full"]}))] * 5, key=str
    )
    assert Application.objects.filter(teamcode="777777", status="submitted").count() == 3
    assert Team.objects.filter(code="777777").count() == 1
