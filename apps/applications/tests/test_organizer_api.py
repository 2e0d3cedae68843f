"""The organizers' application calls: one applicant (GET / PUT), history, teammates."""

from __future__ import annotations

import pytest

from apps.applications import status_machine
from apps.applications.models import Answer, ApplicationEvent
from apps.resumes.models import Resume

from .organizer_data import make_application, other_cycle, small_question_set

JSON = "application/json"


@pytest.fixture
def questions(db):
    return small_question_set()


@pytest.fixture
def ada(questions):
    """A submitted applicant with a resume and answers to the small question set."""
    application = make_application(
        "ada@princeton.edu",
        first="Ada",
        last="Lovelace",
        teamcode="123456",
        answers={"age": "19", "major": "Mathematics", "needs_travel": "no", "links": "a.dev,b.dev"},
    )
    Resume.objects.create(user=application.user, path="resumes/ada.pdf", size=1000)
    return application


def detail(client, email: str):
    return client.get(f"/api/applications/{email}")


def put(client, email: str, body):
    return client.put(f"/api/applications/{email}", body, content_type=JSON)


# --- GET {email} ---------------------------------------------------------------------------


def test_detail_has_the_application_shape_with_the_true_status(admin_client, ada):
    """Organizers see the recorded decision even before release (the applicant would not)."""
    status_machine.decide(application_id=ada.pk, status="accepted", actor=None, travel_reimbursement=True)
    r = detail(admin_client, "ada@princeton.edu")
    assert r.status_code == 200, r.json()
    assert r.json() == {
        "first": "Ada",
        "last": "Lovelace",
        "school": "Princeton University",
        "school_other": "",
        "sections": [
            {
                "section_name": "About You",
                "answers": [
                    {"question_id": "age", "answer": "19"},
                    {"question_id": "major", "answer": "Mathematics"},
                    {"question_id": "needs_travel", "answer": "no"},
                    {"question_id": "links", "answer": "a.dev,b.dev"},
                ],
            },
            {"section_name": "Travel", "answers": []},
        ],
        "checkboxes": [True, True, False],
        "teamcode": "123456",
        "team_choice": None,
        "status": "accepted",
        "email": "ada@princeton.edu",
        "travel_reimbursement": True,
        "housing_accommodations": False,
    }


def test_detail_email_is_case_insensitive_and_url_encoded(admin_client, ada):
    assert detail(admin_client, "ADA%40Princeton.EDU").json()["email"] == "ada@princeton.edu"


@pytest.mark.parametrize(
    "email", ["nobody@princeton.edu", "old@princeton.edu", "x%00y@princeton.edu", "a" * 300 + "@princeton.edu"]
)
def test_detail_404_without_an_application_this_cycle(admin_client, ada, email):
    make_application("old@princeton.edu", cycle=other_cycle())
    r = detail(admin_client, email)
    assert r.status_code == 404
    assert r.json()["message"] == "No application for this email."


def test_a_segment_without_an_at_is_no_applicants_address(admin_client, ada):
    """`/api/applications/<email>` takes only a segment holding an `@`, so it can't shadow the
    one-word calls beside it (`stats`, `all`...): anything else is the API's own 404."""
    r = detail(admin_client, "a" * 300)
    assert r.status_code == 404
    assert r.json()["message"] == "No such API endpoint."


def test_detail_refuses_anonymous_401_and_students_403(client, student_client, ada):
    assert detail(client, "ada@princeton.edu").status_code == 401
    assert detail(student_client, "ada@princeton.edu").status_code == 403


# --- PUT {email} ---------------------------------------------------------------------------


def test_edit_changes_fields_and_answers_and_records_each_change(admin_client, organizer, ada):
    r = put(
        admin_client,
        "ada@princeton.edu",
        {
            "first": "Augusta Ada",
            "last": "Lovelace",
            "school": "Yale University",
            "teamcode": None,
            "sections": [
                {
                    "section_name": "About You",
                    "answers": [
                        {"question_id": "age", "answer": "20"},
                        {"question_id": "major", "answer": "Mathematics"},
                        {"question_id": "needs_travel", "answer": "yes"},
                        {"question_id": "links", "answer": ["a.dev"]},
                    ],
                },
                {"section_name": "Travel", "answers": [{"question_id": "travel_from", "answer": "London"}]},
            ],
        },
    )
    assert r.status_code == 200, r.json()
    body = r.json()
    assert body["first"] == "Augusta Ada" and body["school"] == "Yale University" and body["teamcode"] is None
    assert body["checkboxes"] == [True, True, False], "left out, so kept"
    assert body["status"] == "submitted", "an edit never changes the status"
    ada.refresh_from_db()
    assert ada.team is None and ada.status == "submitted"
    assert dict(Answer.objects.filter(application=ada).values_list("question_id", "value")) == {
        "age": "20",
        "major": "Mathematics",
        "needs_travel": "yes",
        "links": "a.dev",
        "travel_from": "London",
    }
    events = {
        e.field: (e.from_value, e.to_value, e.actor_id)
        for e in ApplicationEvent.objects.filter(application=ada).exclude(field="status")
    }
    assert events == {
        "first": ("Ada", "Augusta Ada", organizer.pk),
        "school": ("Princeton University", "Yale University", organizer.pk),
        "teamcode": ("123456", "", organizer.pk),
        "answer:age": ("19", "20", organizer.pk),
        "answer:needs_travel": ("no", "yes", organizer.pk),
        "answer:links": ("a.dev,b.dev", "a.dev", organizer.pk),
        "answer:travel_from": ("", "London", organizer.pk),
    }


def test_edit_with_only_some_keys_keeps_the_rest(admin_client, ada):
    """Left-out keys keep their values; status and email are not editable here."""
    r = put(admin_client, "ada@princeton.edu", {"last": "Byron", "status": "accepted", "email": "x@y.edu"})
    assert r.status_code == 200, r.json()
    assert r.json()["last"] == "Byron" and r.json()["first"] == "Ada" and r.json()["teamcode"] == "123456"
    assert r.json()["status"] == "submitted" and r.json()["email"] == "ada@princeton.edu"
    assert Answer.objects.filter(application=ada).count() == 4
    assert list(ApplicationEvent.objects.filter(application=ada, field="last").values_list("to_value", flat=True)) == [
        "Byron"
    ]


def test_edit_without_changes_records_nothing(admin_client, ada):
    before = ApplicationEvent.objects.count()
    assert put(admin_client, "ada@princeton.edu", {"first": "Ada"}).status_code == 200
    assert ApplicationEvent.objects.count() == before


def test_edit_is_validated_like_a_submission(admin_client, ada):
    """Every invalid part is reported at once, keyed as submit keys it; nothing is saved."""
    r = put(
        admin_client,
        "ada@princeton.edu",
        {
            "first": "",
            "school": "Hogwarts",
            "checkboxes": [True, False, False],
            "teamcode": "12",
            "sections": [{"section_name": "About You", "answers": [{"question_id": "age", "answer": "15"}]}],
        },
    )
    assert r.status_code == 400
    assert set(r.json()["errors"]) == {"first", "school", "checkboxes", "teamcode", "age", "major", "needs_travel"}
    ada.refresh_from_db()
    assert ada.first == "Ada" and ada.school == "Princeton University"
    assert not ApplicationEvent.objects.filter(application=ada).exclude(field="status").exists()


def test_edit_refuses_a_full_team(admin_client, ada):
    for i in range(4):
        make_application(f"member{i}@yale.edu", teamcode="654321")
    r = put(admin_client, "ada@princeton.edu", {"teamcode": "654321"})
    assert r.status_code == 400
    assert r.json()["errors"]["teamcode"] == ["This team is full"]


@pytest.mark.parametrize("body", [[1, 2], "text", None])
def test_edit_refuses_a_body_that_is_not_an_object(admin_client, ada, body):
    assert put(admin_client, "ada@princeton.edu", body).status_code == 400


def test_edit_refuses_malformed_json(admin_client, ada):
    r = admin_client.put("/api/applications/ada@princeton.edu", "{oops", content_type=JSON)
    assert r.status_code == 400


def test_edit_404_anonymous_401_student_403(client, student_client, admin_client, ada):
    assert put(admin_client, "nobody@princeton.edu", {"first": "X"}).status_code == 404
    assert put(client, "ada@princeton.edu", {"first": "X"}).status_code == 401
    assert put(student_client, "ada@princeton.edu", {"first": "X"}).status_code == 403
    ada.refresh_from_db()
    assert ada.first == "Ada"


# --- GET {email}/history -------------------------------------------------------------------


def test_history_lists_decisions_and_edits_newest_first(admin_client, organizer, ada):
    status_machine.decide(application_id=ada.pk, status="waitlisted", actor=organizer)
    assert put(admin_client, "ada@princeton.edu", {"first": "Augusta"}).status_code == 200
    r = admin_client.get("/api/applications/ada@princeton.edu/history")
    assert r.status_code == 200, r.json()
    history = r.json()
    assert [(h["field"], h["from"], h["to"], h["actor"]) for h in history] == [
        ("first", "Ada", "Augusta", "grace@princeton.edu"),
        ("status", "submitted", "waitlisted", "grace@princeton.edu"),
        ("status", "started", "submitted", "ada@princeton.edu"),
    ]
    assert all(h["at"] for h in history)
    assert history[0]["at"] >= history[1]["at"] >= history[2]["at"]


def test_history_refusals(client, student_client, admin_client, ada):
    assert admin_client.get("/api/applications/nobody@princeton.edu/history").status_code == 404
    assert client.get("/api/applications/ada@princeton.edu/history").status_code == 401
    assert student_client.get("/api/applications/ada@princeton.edu/history").status_code == 403


# --- GET teammates/{teamcode} --------------------------------------------------------------


def test_teammates_are_this_cycles_team(admin_client, ada):
    make_application("alan@mit.edu", teamcode="123456")
    make_application("solo@mit.edu", teamcode="999999")
    make_application("old@mit.edu", teamcode="123456", cycle=other_cycle())
    r = admin_client.get("/api/applications/teammates/123456")
    assert r.status_code == 200
    assert r.json() == ["ada@princeton.edu", "alan@mit.edu"]


@pytest.mark.parametrize("code", ["000000", "abc", "12345678901234567890"])
def test_unknown_or_malformed_team_codes_have_no_members(admin_client, ada, code):
    r = admin_client.get(f"/api/applications/teammates/{code}")
    assert r.status_code == 200 and r.json() == []


def test_teammates_refusals(client, student_client):
    assert client.get("/api/applications/teammates/123456").status_code == 401
    assert student_client.get("/api/applications/teammates/123456").status_code == 403
