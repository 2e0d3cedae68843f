"""The applications table's cached totals of the review stages ("reviewed", "awaiting
review") read the review summaries, which move no application's `updated_at`: they are cached
under the scores' version, served without a COUNT while nothing changes, and exact on the
first request after a review."""

from __future__ import annotations

import json

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from apps.accounts.models import Role

from .scoring_data import applicant, assign, client_for, make_reviewer, score

pytestmark = pytest.mark.django_db


def totals(client, selection: str) -> tuple[int, bool]:
    """The table's total for `selection`, and whether answering it counted rows."""
    with CaptureQueriesContext(connection) as ctx:
        r = client.get("/api/applications/all", {"filters": json.dumps({"selection": selection})})
    assert r.status_code == 200, r.json()
    return r.json()["total"], any("COUNT(" in q["sql"].upper() for q in ctx.captured_queries)


def test_a_review_moves_the_review_stage_totals_and_nothing_else_recounts(django_capture_on_commit_callbacks):
    reviewer = make_reviewer("rev@princeton.edu")
    boss = client_for(make_reviewer("boss@princeton.edu", role=Role.ADMIN))
    apps = [applicant(f"a{i}@yale.edu", status="submitted") for i in range(3)]
    for application in apps:
        assign(reviewer, application)

    assert totals(boss, "reviewed") == (0, True)
    assert totals(boss, "awaiting_review")[0] == 3
    # Unchanged: served from the cache, no COUNT.
    assert totals(boss, "reviewed") == (0, False)
    assert totals(boss, "awaiting_review") == (3, False)

    with django_capture_on_commit_callbacks(execute=True):
        r = score(client_for(reviewer), apps[0], [7, 8])
    assert r.status_code in (200, 201), r.json()

    assert totals(boss, "reviewed") == (1, True)
    assert totals(boss, "awaiting_review") == (2, True)
    assert totals(boss, "reviewed") == (1, False)
