"""'Select all N matching' in the applications table: the batch decision takes the table's
filters instead of addresses, and acts on every row they match, not only the page on screen
(the assignment's side: apps/reviews/tests/test_assign_all_matching.py)."""

from __future__ import annotations

import pytest

from apps.applications.models import Application
from apps.applications.tests.organizer_data import make_application, other_cycle

JSON = "application/json"
# More rows than one page of the table (its page size is 25), so a page-only action shows.
MATCHING = 30


@pytest.fixture
def yale_and_mit(db):
    for index in range(MATCHING):
        make_application(f"y{index:02d}@yale.edu", school="Yale University")
    make_application("m1@mit.edu", school="MIT")
    make_application("draft@yale.edu", school="Yale University", status="started")
    make_application("old@yale.edu", school="Yale University", cycle=other_cycle())


def yale_statuses():
    rows = Application.objects.filter(cycle__is_current=True, school="Yale University")
    return dict(rows.values_list("email", "status"))


def test_a_decision_on_all_matching_decides_every_matching_row(admin_client, yale_and_mit):
    r = admin_client.post(
        "/api/applications/batch-status",
        {"filters": {"school": "yale", "sort": "-submitted_at", "page": "2"}, "status": "waitlisted"},
        content_type=JSON,
    )
    assert r.status_code == 200, r.json()
    body = r.json()
    assert len(body["approved"]) == MATCHING
    assert body["failed"] == [{"email": "draft@yale.edu", "reason": "Not submitted yet."}]
    statuses = yale_statuses()
    assert sum(1 for status in statuses.values() if status == "waitlisted") == MATCHING
    assert statuses["draft@yale.edu"] == "started"
    # Neither another school nor another cycle's applicant with a matching school moved.
    assert Application.objects.get(email="m1@mit.edu").status == "submitted"
    assert Application.objects.get(email="old@yale.edu").status == "submitted"


def test_the_filters_may_come_as_the_tables_query_string(admin_client, yale_and_mit):
    r = admin_client.post(
        "/api/applications/batch-status",
        {"filters": "?school=yale&status=submitted&page=3", "status": "accepted", "dry_run": True},
        content_type=JSON,
    )
    assert r.status_code == 200, r.json()
    assert len(r.json()["approved"]) == MATCHING
    assert set(yale_statuses().values()) == {"submitted", "started"}


@pytest.mark.parametrize(
    ("body", "field"),
    [
        ({"status": "accepted"}, "emails"),
        ({"emails": ["y00@yale.edu"], "filters": {"school": "yale"}, "status": "accepted"}, "emails"),
        ({"filters": {"colour": "red"}, "status": "accepted"}, "filters"),
        ({"filters": {"status": "maybe"}, "status": "accepted"}, "filters"),
        ({"filters": 7, "status": "accepted"}, "filters"),
    ],
)
def test_a_batch_names_its_rows_once_and_with_valid_filters(admin_client, yale_and_mit, body, field):
    r = admin_client.post("/api/applications/batch-status", body, content_type=JSON)
    assert r.status_code == 400, r.json()
    assert field in r.json()["errors"], r.json()
    assert set(yale_statuses().values()) == {"submitted", "started"}
