"""An answer chosen on a translated form is the same answer as the default language's: the
statistics count it with the others and the export writes the option as written, never the
label the applicant read (apps.cycles.translations)."""

from __future__ import annotations

import copy
import csv
import io
import json

import pytest
from django.conf import settings
from django.utils import translation

from apps.applications.models import Answer
from apps.applications.tests.applicant_data import body, open_cycle, resume_storage, upload_resume  # noqa: F401
from apps.applications.tests.organizer_data import make_application
from apps.core.tests.factories import UserFactory
from apps.cycles import services
from apps.cycles.selectors import current_cycle, question_set
from apps.reports import demographics
from conftest import signed_in_client

pytestmark = pytest.mark.django_db

BOTH = [("en", "English"), ("es", "Español")]


@pytest.fixture(autouse=True)
def _english_after():
    yield
    translation.activate(settings.LANGUAGE_CODE)


@pytest.fixture
def spanish_form(settings):
    """Spanish enabled, and the default set with the gender question and its options in it."""
    settings.LANGUAGES = BOTH
    sections = copy.deepcopy(question_set(current_cycle()))
    gender = next(q for s in sections for q in s["questions"] if q["question_id"] == "gender")
    gender["translations"] = {
        "es": {"question_text": "¿Cuál es tu género?", "options": {"Woman": "Mujer", "Man": "Hombre"}}
    }
    services.questions_replace(current_cycle(), sections)


def test_an_answer_given_in_spanish_counts_with_the_english_one_and_exports_the_default_label(
    admin_client,
    spanish_form,
    open_cycle,  # noqa: F811
    resume_storage,  # noqa: F811
):
    ana = signed_in_client(UserFactory(email="ana@princeton.edu", language="es"))
    # The form she read showed "Mujer" for the option "Woman"; what it sends is the option.
    form = ana.get("/api/applications/questions").json()
    gender = next(q for s in form for q in s["questions"] if q["question_id"] == "gender")
    assert gender["option_labels"]["Woman"] == "Mujer" and "Woman" in gender["options"]
    assert upload_resume(ana).status_code == 201
    r = ana.post("/api/applications/application", json.dumps(body(first="Ana")), content_type="application/json")
    assert r.status_code == 200, r.json()
    assert Answer.objects.get(application__user__email="ana@princeton.edu", question_id="gender").value == "Woman"
    make_application("bo@princeton.edu", status="submitted", answers={"gender": "Woman"})

    # The demographics count one bar of two applicants, not one per language, labelled in the
    # reader's language.
    for language, label in (("en", "Woman"), ("es", "Mujer")):
        with translation.override(language):
            entries = {e["question_id"]: e for e in demographics.demographics(cycle=current_cycle(), group="applied")}
        counts = {row["label"]: row["count"] for row in entries["gender"]["data"]}
        assert counts == {label: 2}, language

    # The export names the question and the answer as written in the default language.
    r = admin_client.get("/api/applications/export", HTTP_ACCEPT_LANGUAGE="es")
    assert r.status_code == 200
    rows = list(csv.DictReader(io.StringIO(b"".join(r.streaming_content).decode("utf-8"))))
    by_email = {row["email"]: row for row in rows}
    column = next(name for name in rows[0] if name in ("gender", "What is your gender?"))
    assert by_email["ana@princeton.edu"][column] == "Woman"
    assert by_email["bo@princeton.edu"][column] == "Woman"
    assert "Mujer" not in json.dumps(rows, ensure_ascii=False)


def test_the_spanish_label_is_not_an_answer(
    spanish_form,
    open_cycle,  # noqa: F811
    resume_storage,  # noqa: F811
):
    ana = signed_in_client(UserFactory(email="ana@princeton.edu", language="es"))
    assert upload_resume(ana).status_code == 201
    answers = {**body()["sections"][0]}
    data = body()
    data["sections"] = [
        {
            "section_name": answers["section_name"],
            "answers": [{**a, "answer": "Mujer"} if a["question_id"] == "gender" else a for a in answers["answers"]],
        }
    ]
    r = ana.post("/api/applications/application", json.dumps(data), content_type="application/json")
    assert r.status_code == 400
    assert "gender" in r.json()["errors"]
