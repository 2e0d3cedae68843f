"""GET /api/applications/stats: the 12 counters of the current cycle, from one aggregate query."""

from __future__ import annotations

import pytest

from apps.applications.tests.organizer_data import make_application, other_cycle
from apps.cycles.selectors import current_cycle
from apps.reports import statistics

HOST = "Princeton University"
ELSEWHERE = "Yale University"

# (school, status, how many) — a known data set covering every status.
DATA = [
    (HOST, "unsubmitted", 1),
    (HOST, "started", 2),
    (HOST, "submitted", 1),
    (HOST, "accepted", 1),
    (HOST, "waitlist_accepted", 1),
    (HOST, "confirmed", 2),
    (HOST, "declined", 1),
    (HOST, "rejected", 1),
    (HOST, "waitlisted", 1),
    (ELSEWHERE, "started", 1),
    (ELSEWHERE, "submitted", 2),
    (ELSEWHERE, "accepted", 1),
    (ELSEWHERE, "confirmed", 1),
    (ELSEWHERE, "declined", 2),
    (ELSEWHERE, "waitlist_confirmed", 1),
    (HOST, "checked_in", 1),
    (ELSEWHERE, "checked_in", 2),
]

EXPECTED = {
    "total_applications": 18,
    "princeton_applications": 9,
    "non_princeton_applications": 9,
    "total_started": 3,
    "princeton_started": 2,
    "non_princeton_started": 1,
    "princeton_accepted": 2,
    "non_princeton_accepted": 1,
    # Confirmed counts the checked in too: they confirmed before they came.
    "princeton_confirmed": 3,
    "non_princeton_confirmed": 3,
    "princeton_declined": 1,
    "non_princeton_declined": 2,
    "princeton_checked_in": 1,
    "non_princeton_checked_in": 2,
}


@pytest.fixture
def known_data(db):
    n = 0
    for school, status, count in DATA:
        for _ in range(count):
            n += 1
            make_application(f"applicant{n}@school.edu", status=status, school=school)
    # Another cycle's applications never count.
    make_application("old1@school.edu", status="confirmed", school=HOST, cycle=other_cycle())
    make_application("old2@school.edu", status="submitted", school=ELSEWHERE, cycle=other_cycle())


def test_stats_on_a_known_data_set(admin_client, known_data, django_assert_max_num_queries):
    """Every counter matches the data set; the endpoint costs at most 4 queries (session,
    user, current cycle, the one aggregate)."""
    with django_assert_max_num_queries(4):
        r = admin_client.get("/api/applications/stats")
    assert r.status_code == 200, r.json()
    assert r.json() == EXPECTED


def test_stats_are_one_aggregate_query_then_cached(known_data, django_assert_num_queries):
    cycle = current_cycle()
    with django_assert_num_queries(1):
        assert statistics.application_stats(cycle=cycle) == EXPECTED
    with django_assert_num_queries(0):
        assert statistics.application_stats(cycle=cycle) == EXPECTED


def test_a_status_change_shows_in_the_statistics_at_once(admin_client, known_data):
    from apps.applications import status_machine
    from apps.applications.models import Application

    assert admin_client.get("/api/applications/stats").json() == EXPECTED  # now cached
    submitted = Application.objects.filter(cycle=current_cycle(), status="submitted").first()
    status_machine.transition(application_id=submitted.pk, to="accepted", override=True)
    after = admin_client.get("/api/applications/stats").json()
    assert after["total_applications"] == EXPECTED["total_applications"]
    host = "princeton" if submitted.school == HOST else "non_princeton"
    assert after[f"{host}_accepted"] == EXPECTED[f"{host}_accepted"] + 1
    # A new application (a save, not a status change) shows at once too.
    make_application("late@school.edu", status="submitted", school=HOST)
    assert admin_client.get("/api/applications/stats").json()["total_applications"] == after["total_applications"] + 1


def test_host_school_is_the_setting(admin_client, known_data, settings):
    """'princeton' means the configured host school, whatever it is."""
    settings.HOST_SCHOOL = ELSEWHERE
    body = admin_client.get("/api/applications/stats").json()
    assert body["princeton_applications"] == 9 and body["non_princeton_applications"] == 9
    assert body["princeton_declined"] == 2 and body["non_princeton_declined"] == 1


def test_stats_of_an_empty_cycle_are_zero(admin_client):
    assert admin_client.get("/api/applications/stats").json() == dict.fromkeys(EXPECTED, 0)


def test_stats_are_for_organizers_only(client, student_client):
    assert client.get("/api/applications/stats").status_code == 401
    assert student_client.get("/api/applications/stats").status_code == 403
