"""A review's save keeps its reviewer's figures on the ranking page current (reviews, mean,
SD, skips, conflicts) without waiting for the recalibration, and those running figures are the
ones the full recalibration computes: two ways to the same numbers."""

from __future__ import annotations

import pytest

from apps.accounts.models import Role
from apps.cycles.selectors import current_cycle
from apps.reviews import ranking
from apps.reviews.models import RankingState

from .scoring_data import JSON, applicant, assign, client_for, make_reviewer, review_url, score

pytestmark = pytest.mark.django_db

FIGURES = ("email", "reviews", "skipped", "conflicts", "mean", "sd")


def running(reviewer) -> dict | None:
    rows = RankingState.objects.get(cycle=current_cycle()).reviewers
    row = next((r for r in rows if r["reviewer_id"] == reviewer.pk), None)
    return {k: row[k] for k in FIGURES} if row else None


def test_each_save_moves_the_reviewers_figures_and_they_match_a_recalibration():
    a = make_reviewer("rev-a@princeton.edu")
    b = make_reviewer("rev-b@princeton.edu")
    make_reviewer("boss@princeton.edu", role=Role.ADMIN)
    apps = [applicant(f"app{i}@yale.edu", status="submitted") for i in range(4)]
    for application in apps:
        assign(a, application)
    assign(b, apps[0])
    client = client_for(a)

    assert score(client, apps[0], [8, 6]).status_code in (200, 201)
    first = running(a)
    assert first["reviews"] == 1 and first["sd"] is None and first["mean"] is not None

    assert score(client, apps[1], [2, 4]).status_code in (200, 201)
    second = running(a)
    assert second["reviews"] == 2 and second["mean"] < first["mean"] and second["sd"] > 0

    r = client.post(review_url(apps[2], "skip"), {"reason": "Not my field"}, content_type=JSON)
    assert r.status_code == 200, r.json()
    r = client.post(review_url(apps[3], "conflict"), {"reason": "friend"}, content_type=JSON)
    assert r.status_code == 200, r.json()
    now = running(a)
    assert (now["reviews"], now["skipped"], now["conflicts"]) == (2, 1, 1)
    assert score(client_for(b), apps[0], [5, 5]).status_code in (200, 201)
    assert running(b)["reviews"] == 1

    # No recalibration ran (the task is queued after commit, which a test transaction never
    # reaches): the figures above are the saves' own. A full one computes the same.
    before = {user.pk: running(user) for user in (a, b)}
    ranking.recalibrate(current_cycle())
    after = {user.pk: running(user) for user in (a, b)}
    for pk, figures in after.items():
        for key in FIGURES:
            if isinstance(figures[key], float):
                assert before[pk][key] == pytest.approx(figures[key], rel=1e-12), key
            else:
                assert before[pk][key] == figures[key], key
