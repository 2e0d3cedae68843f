"""'Select all N matching' in the applications table: an assignment to a reviewer takes the
table's filters instead of addresses and assigns every row they match, not only the page."""

from __future__ import annotations

import pytest

from apps.applications.tests.organizer_data import make_application
from apps.reviews.models import Assignment
from conftest import make_user

JSON = "application/json"
# More rows than one page of the table (its page size is 25).
MATCHING = 30


@pytest.fixture
def yale_and_mit(db):
    for index in range(MATCHING):
        make_application(f"y{index:02d}@yale.edu", school="Yale University")
    make_application("m1@mit.edu", school="MIT")


def test_an_assignment_to_all_matching_assigns_every_matching_row(admin_client, yale_and_mit):
    reviewer = make_user("linus@princeton.edu", admin=True)
    r = admin_client.post(
        "/api/applications/assign-applications",
        {"member": reviewer.email, "filters": {"school": "yale", "status": "submitted"}},
        content_type=JSON,
    )
    assert r.status_code == 200, r.json()
    assert len(r.json()["approved"]) == MATCHING and r.json()["failed"] == []
    assigned = set(Assignment.objects.filter(reviewer=reviewer).values_list("application__email", flat=True))
    assert assigned == {f"y{index:02d}@yale.edu" for index in range(MATCHING)}
