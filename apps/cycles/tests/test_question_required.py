"""The builder's required/optional switch and help text per question: stored by PUT questions,
sent back by GET, checked like every other key, and obeyed by the one place that checks an
application's answers (apps.applications.validation)."""

from __future__ import annotations

import copy

import pytest

from apps.applications.tests.applicant_data import (  # noqa: F401 - fixtures
    VALID_ANSWERS,
    body,
    open_cycle,
    resume_storage,
    upload_resume,
)
from apps.cycles.selectors import current_cycle, question_set

pytestmark = pytest.mark.django_db
URL = "/api/applications/questions"


def current_set() -> list[dict]:
    return copy.deepcopy(question_set(current_cycle()))


def question(sections, question_id: str) -> dict:
    return next(q for s in sections for q in s["questions"] if q["question_id"] == question_id)


def put(client, sections):
    return client.put(URL, sections, content_type="application/json")


def test_every_question_is_required_with_no_help_until_the_builder_says_otherwise(student_client):
    for section in student_client.get(URL).json():
        for q in section["questions"]:
            assert q["required"] is True and q["help_text"] == "", q["question_id"]


def test_the_switch_and_the_help_text_are_saved(admin_client):
    sections = current_set()
    major = question(sections, "major")
    major["required"] = False
    major["help_text"] = "  Undeclared is fine.  "
    r = put(admin_client, sections)
    assert r.status_code == 200, r.json()
    saved = question(admin_client.get(URL).json(), "major")
    assert (saved["required"], saved["help_text"]) == (False, "Undeclared is fine.")
    # Left out on a later save: required again (the default), help text cleared.
    sections = current_set()
    for key in ("required", "help_text"):
        question(sections, "major").pop(key)
    assert put(admin_client, sections).status_code == 200
    saved = question(admin_client.get(URL).json(), "major")
    assert (saved["required"], saved["help_text"]) == (True, "")


@pytest.mark.parametrize(
    ("key", "value"),
    [("required", "yes"), ("required", 1), ("help_text", 7), ("help_text", "x" * 501), ("help_text", "a\x00b")],
)
def test_bad_values_are_a_400_at_the_question(admin_client, key, value):
    sections = current_set()
    question(sections, "major")[key] = value
    r = put(admin_client, sections)
    assert r.status_code == 400
    assert any(k.endswith(f".{key}") for k in r.json()["errors"]), r.json()


def test_an_optional_question_may_be_left_blank_and_a_required_one_may_not(
    admin_client,
    resume_storage,  # noqa: F811
    open_cycle,  # noqa: F811
    student_client,
):
    assert upload_resume(student_client).status_code == 201
    answers = dict(VALID_ANSWERS)
    answers.pop("major")
    refused = student_client.post("/api/applications/application", body(answers), content_type="application/json")
    assert refused.status_code == 400
    assert "major" in refused.json()["errors"]
    sections = current_set()
    question(sections, "major")["required"] = False
    assert put(admin_client, sections).status_code == 200
    accepted = student_client.post("/api/applications/application", body(answers), content_type="application/json")
    assert accepted.status_code == 200, accepted.json()
    # An answer given to an optional question is still checked as its type demands.
    sections = current_set()
    question(sections, "age")["required"] = False
    assert put(admin_client, sections).status_code == 200
    wrong = student_client.post(
        "/api/applications/application", body({**VALID_ANSWERS, "age": "old"}), content_type="application/json"
    )
    assert wrong.status_code == 400 and "age" in wrong.json()["errors"]
