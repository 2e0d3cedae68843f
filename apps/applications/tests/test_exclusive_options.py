"""An option that rules out the others ("None yet" among the languages) can't be chosen with
them: the one answer check refuses it on submit, and the form unticks the others (the list it
reads is checked here to be the server's)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from apps.applications.tests.applicant_data import body, open_cycle, pdf_upload, resume_storage, with_answer  # noqa: F401
from apps.applications.tests.test_validation import errors_for
from apps.cycles.questions import EXCLUSIVE_OPTIONS
from apps.resumes.services import resume_upload

pytestmark = pytest.mark.django_db
SHARED = (
    Path(__file__).resolve().parents[3] / "frontend" / "src" / "components" / "application" / "exclusive-options.json"
)


@pytest.fixture
def applicant(resume_storage, student):  # noqa: F811
    resume_upload(user=student, upload=pdf_upload())
    return student


@pytest.mark.parametrize(
    "question_id, answer",
    [
        ("languages", ["Python", "None yet"]),
        ("languages", ["None yet", "Rust", "Go"]),
        ("dietary_restrictions", ["None", "Vegan"]),
        ("ethnicity", ["Prefer not to answer", "Korean"]),
    ],
)
def test_an_exclusive_option_with_others_is_refused(applicant, question_id, answer):
    errors = errors_for(with_answer(question_id, answer), applicant)
    [message] = errors[question_id]
    exclusive = next(option for option in answer if option in EXCLUSIVE_OPTIONS)
    assert message == f'"{exclusive}" can\'t be chosen together with other options.'
    assert list(errors) == [question_id]


@pytest.mark.parametrize(
    "question_id, answer",
    [("languages", ["None yet"]), ("languages", ["Python", "Rust"]), ("dietary_restrictions", ["None"])],
)
def test_an_exclusive_option_alone_or_other_options_together_are_fine(applicant, question_id, answer):
    assert errors_for(with_answer(question_id, answer), applicant) == {}


def test_the_submit_api_refuses_it_with_a_400_at_the_question(applicant, open_cycle, client):  # noqa: F811
    client.force_login(applicant)
    r = client.post(
        "/api/applications/application",
        with_answer("languages", ["Python", "None yet"]),
        content_type="application/json",
    )
    assert r.status_code == 400
    assert r.json()["errors"] == {"languages": ['"None yet" can\'t be chosen together with other options.']}


def test_the_form_unticks_by_the_same_list():
    assert json.loads(SHARED.read_text(encoding="utf-8")) == list(EXCLUSIVE_OPTIONS)
