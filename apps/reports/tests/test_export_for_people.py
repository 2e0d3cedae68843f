"""A statistics card's CSV is for people: named after the card (`name`), its columns labelled
with the question text (`headers=text`) rather than internal keys. Without the two, the export
is as scripts and `export_applications` read it."""

from __future__ import annotations

import csv
import io

import pytest

from apps.applications.tests.organizer_data import make_application
from apps.cycles.models import Question
from apps.cycles.selectors import current_cycle

pytestmark = pytest.mark.django_db
URL = "/api/applications/export"


@pytest.fixture
def applicants():
    make_application("ada@princeton.edu", status="confirmed", answers={"why_attend": "To learn", "age": "20"})
    make_application("bo@yale.edu", status="submitted", school="Yale University", answers={"age": "21"})


def read(response) -> tuple[list[str], list[list[str]]]:
    assert response.status_code == 200
    rows = list(csv.reader(io.StringIO(b"".join(response.streaming_content).decode())))
    return rows[0], rows[1:]


def test_labelled_columns_use_the_question_text(admin_client, applicants):
    why = Question.objects.get(cycle=current_cycle(), question_id="why_attend").text
    header, rows = read(admin_client.get(URL, {"selection": "submitted", "headers": "text"}))
    assert header[:4] == ["Email", "First name", "Last name", "School"]
    assert why in header and "why_attend" not in header
    assert len(rows) == 2
    by_email = {row[0]: dict(zip(header, row, strict=True)) for row in rows}
    assert by_email["ada@princeton.edu"][why] == "To learn"


def test_keys_by_default(admin_client, applicants):
    header, _rows = read(admin_client.get(URL, {"selection": "submitted"}))
    assert header[0] == "email" and "why_attend" in header


def test_the_file_is_named_after_the_card(admin_client, applicants):
    cycle = current_cycle()
    r = admin_client.get(URL, {"selection": "submitted", "name": "Submitted applications · All schools"})
    expected = f"submitted-applications-all-schools-{cycle.season}-{cycle.year}.csv"
    assert r["Content-Disposition"] == f'attachment; filename="{expected}"'
    plain = admin_client.get(URL, {"selection": "submitted"})
    assert plain["Content-Disposition"] == f'attachment; filename="applications-{cycle.season}-{cycle.year}.csv"'


@pytest.mark.parametrize(("params", "field"), [({"headers": "yaml"}, "headers"), ({"name": "x" * 201}, "name")])
def test_bad_values_are_a_400(admin_client, applicants, params, field):
    r = admin_client.get(URL, params)
    assert r.status_code == 400
    assert field in r.json()["errors"]
