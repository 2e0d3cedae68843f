"""The words an applicant types beside an "Other" or "Prefer to self-describe" option: stored with
the answer, read back by the applicant and organizers, in the export and the history, dropped
when another option is chosen, and refused at the question when malformed."""

from __future__ import annotations

import csv
import io

import pytest

from apps.applications import validation
from apps.applications.models import Answer
from apps.applications.tests.applicant_data import body, open_cycle, resume_storage  # noqa: F401
from apps.applications.tests.test_team_choice import post
from apps.cycles.selectors import current_cycle
from apps.reports.export import CsvExport
from apps.reports.filters import parse_filters

SAVE = "/api/applications/save"


def with_answers(**answers):
    """A draft body whose answers are those given: {question_id: (answer, detail)}."""
    data = body()
    data["sections"] = [{"answers": [{"question_id": q, "answer": a, "detail": d} for q, (a, d) in answers.items()]}]
    return data


def stored(question_id: str) -> Answer:
    return Answer.objects.get(question_id=question_id)


@pytest.mark.django_db
def test_self_describe_is_stored_and_read_back(open_cycle, student_client):  # noqa: F811
    r = post(student_client, SAVE, with_answers(gender=("Prefer to self-describe", "  Agender  ")))
    assert r.status_code == 200, r.json()
    assert (stored("gender").value, stored("gender").detail) == ("Prefer to self-describe", "Agender")
    got = student_client.get("/api/applications/application").json()
    answers = [a for s in got["sections"] for a in s["answers"] if a["question_id"] == "gender"]
    assert answers == [{"question_id": "gender", "answer": "Prefer to self-describe", "detail": "Agender"}]


@pytest.mark.django_db
def test_other_in_a_multiselect_keeps_its_words(open_cycle, student_client):  # noqa: F811
    r = post(student_client, SAVE, with_answers(ethnicity=(["Chinese", "Other"], "Hmong")))
    assert r.status_code == 200, r.json()
    assert stored("ethnicity").detail == "Hmong"


@pytest.mark.django_db
def test_words_beside_another_option_are_dropped(open_cycle, student_client):  # noqa: F811
    post(student_client, SAVE, with_answers(gender=("Prefer to self-describe", "Agender")))
    post(student_client, SAVE, with_answers(gender=("Woman", "Agender")))
    assert (stored("gender").value, stored("gender").detail) == ("Woman", "")
    got = student_client.get("/api/applications/application").json()
    assert all("detail" not in a for s in got["sections"] for a in s["answers"])


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("detail", "message"),
    [
        (123, validation.DETAIL_SHAPE),
        (["x"], validation.DETAIL_SHAPE),
        ("x" * 201, "Keep the description to 200 characters."),
    ],
)
def test_a_malformed_description_is_a_400_at_the_question(open_cycle, student_client, detail, message):  # noqa: F811
    r = post(student_client, SAVE, with_answers(gender=("Prefer to self-describe", detail)))
    assert r.status_code == 400
    assert str(message) in " ".join(r.json()["errors"]["gender"])


@pytest.mark.django_db
def test_organizers_read_it_and_the_export_carries_it(open_cycle, student_client, admin_client, student):  # noqa: F811
    post(student_client, SAVE, with_answers(gender=("Prefer to self-describe", "Agender")))
    one = admin_client.get(f"/api/applications/{student.email}").json()
    assert {"question_id": "gender", "answer": "Prefer to self-describe", "detail": "Agender"} in [
        a for s in one["sections"] for a in s["answers"]
    ]
    # The export as downloaded (COPY on PostgreSQL, Python's writer elsewhere).
    exported = b"".join(CsvExport(cycle=current_cycle(), filters=parse_filters(None))).decode()
    rows = list(csv.reader(io.StringIO(exported)))
    header, data = rows[0], rows[1:]
    column = header.index("gender")
    assert [row[column] for row in data] == ["Prefer to self-describe (Agender)"]
