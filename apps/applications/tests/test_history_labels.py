"""The applicant page's history names each field in words: an edited answer by its question's
text (not the internal key `answer:major`), a removed question by a phrase naming its key."""

from __future__ import annotations

import pytest

from apps.applications import organizer, status_machine
from apps.core.tests.test_pages import page_props
from apps.resumes.models import Resume

from .organizer_data import make_application, small_question_set

JSON = "application/json"
HISTORY = "/api/applications/ada@princeton.edu/history"


@pytest.fixture
def ada(db):
    small_question_set()
    application = make_application(
        "ada@princeton.edu",
        first="Ada",
        last="Lovelace",
        answers={"age": "19", "major": "Mathematics", "needs_travel": "no"},
    )
    Resume.objects.create(user=application.user, path="resumes/ada.pdf", size=1000)
    return application


def edit_major(client, major: str):
    body = {
        "first": "Augusta",
        "sections": [
            {
                "section_name": "About You",
                "answers": [
                    {"question_id": "age", "answer": "19"},
                    {"question_id": "major", "answer": major},
                    {"question_id": "needs_travel", "answer": "no"},
                ],
            }
        ],
    }
    r = client.put("/api/applications/ada@princeton.edu", body, content_type=JSON)
    assert r.status_code == 200, r.json()


def test_an_edited_answer_is_named_by_its_question_text(admin_client, organizer, ada):
    status_machine.decide(application_id=ada.pk, status="accepted", actor=organizer, travel_reimbursement=True)
    edit_major(admin_client, "Physics")
    r = admin_client.get(HISTORY)
    assert r.status_code == 200, r.json()
    assert [(h["field"], h["label"], h["from"], h["to"]) for h in r.json()] == [
        # One edit's rows share a time: newest first, then as recorded.
        ("answer:major", "Major?", "Mathematics", "Physics"),
        ("first", "First name", "Ada", "Augusta"),
        ("travel_reimbursement", "Travel reimbursement", "False", "True"),
        ("status", "Status", "submitted", "accepted"),
        ("status", "Status", "started", "submitted"),
    ]


def test_an_answer_to_a_removed_question_still_reads_sensibly(admin_client, ada):
    edit_major(admin_client, "Physics")
    questions = admin_client.get("/api/applications/questions").json()
    for section in questions:
        section["questions"] = [q for q in section["questions"] if q["question_id"] != "major"]
    r = admin_client.put("/api/applications/questions", questions, content_type=JSON)
    assert r.status_code == 200, r.json()

    labels = {h["field"]: h["label"] for h in admin_client.get(HISTORY).json()}
    assert labels["answer:major"] == "Removed question: major"
    assert not any(label.startswith("answer:") for label in labels.values())


def test_the_applicant_page_renders_the_same_labels(admin_client, ada):
    edit_major(admin_client, "Physics")
    props = page_props(admin_client.get("/admin/users/ada@princeton.edu"), "admin-users-email")
    assert props["history"][0]["label"] == "Major?"
    from_api = admin_client.get(HISTORY).json()
    assert [(h["field"], h["label"]) for h in props["history"]] == [(h["field"], h["label"]) for h in from_api]


def test_the_history_reads_a_fixed_number_of_queries(admin_client, ada, django_assert_max_num_queries):
    """The question texts cost one read whatever the number of edited answers."""
    for major in ("Physics", "Chemistry", "Biology"):
        edit_major(admin_client, major)
    with django_assert_max_num_queries(8):
        r = admin_client.get(HISTORY)
    assert [h["label"] for h in r.json()].count("Major?") == 3


@pytest.mark.parametrize(
    ("field", "label"),
    [
        ("answer:major", "Major?"),
        ("answer:gone", "Removed question: gone"),
        ("status", "Status"),
        ("housing_accommodations", "Housing accommodations"),
        ("checkboxes", "Code of conduct"),
        ("something_new", "Something new"),
    ],
)
def test_history_label(field, label):
    assert organizer.history_label(field, {"answer:major": "Major?"}) == label


def test_a_long_question_key_is_found_though_the_history_cuts_it_at_64_characters():
    long_id = "q" * 70
    texts = {organizer.answer_field(long_id): "A long one?"}
    assert organizer.history_label(organizer.answer_field(long_id), texts) == "A long one?"
