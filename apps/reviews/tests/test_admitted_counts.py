"""Fill to capacity and the capacity panel count who holds a place the way every page does.

Fill to capacity once said "34 already accepted or confirmed" while the capacity panel of the
same page showed 15: it counted every decided application, rejected and waitlisted included,
and its arithmetic left out people who had checked in. The panel ignored check-ins altogether.
"""

from __future__ import annotations

import pytest

from apps.accounts.models import Role
from apps.applications.models import ApplicationStatus as S
from apps.cycles.selectors import current_cycle
from apps.reviews.models import AdmissionPlan

from .scoring_data import JSON, applicant, client_for, make_reviewer
from .test_ranking_admission import scored

pytestmark = pytest.mark.django_db

# Six hold a place (accepted, waitlist-accepted, confirmed, checked in); six others are decided
# without one (rejected, waitlisted, declined).
DECIDED = {
    S.ACCEPTED: 2,
    S.WAITLIST_ACCEPTED: 1,
    S.CONFIRMED: 1,
    S.CHECKED_IN: 2,
    S.REJECTED: 3,
    S.WAITLISTED: 2,
    S.DECLINED: 1,
}


@pytest.fixture
def boss():
    n = 0
    for status, how_many in DECIDED.items():
        for _ in range(how_many):
            n += 1
            applicant(f"decided{n}@yale.edu", status=status)
    reviewer = make_reviewer("rev@princeton.edu")
    for i in range(10):
        scored(reviewer, applicant(f"candidate{i}@yale.edu"), [i + 1, i + 1])
    return client_for(make_reviewer("boss@princeton.edu", role=Role.ADMIN))


def test_the_preview_subtracts_exactly_the_people_who_hold_a_place(boss):
    body = {"capacity": 8, "attendance_rate": 1, "waitlist_size": 0, "keep_teams": False, "dry_run": True}
    r = boss.post("/api/reviews/fill-to-capacity", body, content_type=JSON)
    assert r.status_code == 200, r.json()
    counts = r.json()["counts"]
    # 2 accepted + 1 waitlist-accepted + 1 confirmed + 2 checked in; not the rejected, the
    # waitlisted or the declined.
    assert counts["already_admitted"] == 6
    assert counts["target"] == 8
    # The arithmetic uses the same number: 8 - 6.
    assert counts["accept"] == 2
    assert len(r.json()["accept"]) == 2


def test_the_capacity_panel_fills_spots_with_the_confirmed_and_the_checked_in(boss, django_assert_max_num_queries):
    AdmissionPlan.objects.create(
        cycle=current_cycle(), capacity=10, attendance_rate=1, waitlist_size=0, keep_teams=False
    )
    # Session, user, current cycle, the plan, and every count in one query.
    with django_assert_max_num_queries(5):
        body = boss.get("/api/reviews/capacity").json()
    assert body["checked_in"] == 2
    assert body["confirmed"] == 3  # one confirmed, two who confirmed and have since checked in
    assert body["spots_filled"] == 3
    assert body["spots_left"] == 7
    assert body["admitted"] == 6
    assert body["accepted"] == 3
    assert body["waitlisted"] == 2
