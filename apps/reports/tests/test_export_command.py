"""The operator command export_applications: the export endpoint's CSV on the command line."""

from __future__ import annotations

import csv
import io
import json

import pytest
from django.core.management import call_command
from django.core.management.base import CommandError

from apps.applications.tests.organizer_data import make_application


def run(*args) -> str:
    out = io.StringIO()
    call_command(*args, stdout=out, stderr=io.StringIO())
    return out.getvalue()


@pytest.fixture
def three(db):
    make_application("ada@princeton.edu", status="accepted", answers={"age": "19", "major": "=1+1"})
    make_application("bo@yale.edu", status="confirmed", school="Yale University", answers={"age": "22"})
    make_application("cy@princeton.edu", status="started")


def test_export_applications_writes_the_endpoints_csv(three, admin_client):
    output = run("export_applications")
    rows = list(csv.DictReader(io.StringIO(output)))
    assert sorted(r["email"] for r in rows) == ["ada@princeton.edu", "bo@yale.edu", "cy@princeton.edu"]
    endpoint = b"".join(admin_client.get("/api/applications/export").streaming_content).decode()
    assert output == endpoint
    assert rows[0]["major"] == "'=1+1"  # neutralised here too


def test_export_applications_filters_and_output_file(three, tmp_path):
    target = tmp_path / "accepted.csv"
    call_command(
        "export_applications",
        "--filters",
        json.dumps({"status": {"$in": ["accepted", "confirmed"]}, "school": {"$ne": "Yale University"}}),
        "--output",
        str(target),
        stdout=io.StringIO(),
        stderr=io.StringIO(),
    )
    rows = list(csv.DictReader(io.StringIO(target.read_text(encoding="utf-8"))))
    assert [r["email"] for r in rows] == ["ada@princeton.edu"]


def test_export_applications_refuses_bad_filters(three):
    with pytest.raises(CommandError, match="Unknown filter field 'password'"):
        run("export_applications", "--filters", '{"password": "x"}')
    with pytest.raises(CommandError, match="JSON object"):
        run("export_applications", "--filters", "{not json")
