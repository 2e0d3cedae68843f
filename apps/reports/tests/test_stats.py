"""GET /api/applications/stats: the counters of the current cycle (each at the host school,
elsewhere and over all schools), from one aggregate query; GET stats/trend, the submissions
per day."""

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
    # "All schools" on every card: the host school and the others together.
    "total_accepted": 3,
    "princeton_accepted": 2,
    "non_princeton_accepted": 1,
    # Confirmed counts the checked in too: they confirmed before they came.
    "total_confirmed": 6,
    "princeton_confirmed": 3,
    "non_princeton_confirmed": 3,
    "total_declined": 3,
    "princeton_declined": 1,
    "non_princeton_declined": 2,
    "total_checked_in": 3,
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


# The cache holds committed counts only: inside a transaction that has changed what they count,
# a reader counts past it (apps.core.db.pending_drop). The caching tests commit as production's
# requests do, not inside the one transaction a test otherwise runs in.
committed = pytest.mark.django_db(transaction=True)


def test_stats_on_a_known_data_set(admin_client, known_data, django_assert_max_num_queries):
    """Every counter matches the data set; the endpoint costs at most 4 queries (session,
    user, current cycle, the one aggregate)."""
    with django_assert_max_num_queries(4):
        r = admin_client.get("/api/applications/stats")
    assert r.status_code == 200, r.json()
    assert r.json() == EXPECTED


@committed
def test_stats_are_one_aggregate_query_then_cached(known_data, django_assert_num_queries):
    cycle = current_cycle()
    with django_assert_num_queries(1):
        assert statistics.application_stats(cycle=cycle) == EXPECTED
    with django_assert_num_queries(0):
        assert statistics.application_stats(cycle=cycle) == EXPECTED


def count_cache_calls(monkeypatch) -> list[str]:
    """The names of the cache's methods the statistics call from here on, in order (each one a
    round trip to Redis in production)."""
    calls = []
    real = statistics.cache

    class Counting:
        def __getattr__(self, name):
            calls.append(name)
            return getattr(real, name)

    monkeypatch.setattr(statistics, "cache", Counting())
    return calls


@committed
def test_cached_statistics_are_one_cache_round_trip(known_data, monkeypatch):
    """Warm, the version and the counters come back together: one get_many, nothing else (the
    statistics page polls it; each cache call is a round trip to Redis in production)."""
    cycle = current_cycle()
    statistics.application_stats(cycle=cycle)
    calls = count_cache_calls(monkeypatch)
    assert statistics.application_stats(cycle=cycle) == EXPECTED
    assert calls == ["get_many"]


def test_counters_filed_under_a_replaced_version_are_counted_again(known_data):
    """An entry counted before a change (its version replaced since) is never served."""
    cycle = current_cycle()
    assert statistics.application_stats(cycle=cycle) == EXPECTED
    stale = {**EXPECTED, "total_applications": -1}
    from django.core.cache import cache

    key = statistics._entry_key(cycle.pk)
    cache.set(key, {"version": "replaced-long-ago", "stats": stale}, 60)
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


def test_every_group_has_an_all_schools_total(known_data):
    stats = statistics.application_stats(cycle=current_cycle())
    for counter in statistics.COUNTERS:
        assert stats[f"total_{counter}"] == stats[f"princeton_{counter}"] + stats[f"non_princeton_{counter}"]
    # Each total's filters select every school: the selection alone.
    assert statistics.card_filters("total_confirmed") == {"selection": "confirmed"}


def test_the_trend_counts_submissions_per_day_with_the_running_total(
    admin_client, known_data, django_assert_max_num_queries
):
    import datetime

    from apps.applications import selections
    from apps.applications.models import Application

    submitted = selections.queryset(current_cycle(), "submitted").order_by("pk")
    days = [datetime.datetime(2026, 3, d, 12, tzinfo=datetime.UTC) for d in (1, 1, 3)]
    pks = list(submitted.values_list("pk", flat=True))
    # Most on the 1st, a few on the 3rd, none on the 2nd (still listed, at 0).
    for i, pk in enumerate(pks):
        Application.objects.filter(pk=pk).update(submitted_at=days[min(i % 3, 2)])
    with django_assert_max_num_queries(4):
        body = admin_client.get("/api/applications/stats/trend").json()
    first = sum(1 for i in range(len(pks)) if i % 3 < 2)
    assert body["time_zone"] == "UTC"
    assert body["days"] == [
        {"date": "2026-03-01", "submitted": first, "cumulative": first},
        {"date": "2026-03-02", "submitted": 0, "cumulative": first},
        {"date": "2026-03-03", "submitted": len(pks) - first, "cumulative": len(pks)},
    ]
    # The running total ends at the submitted count the statistics show.
    assert body["days"][-1]["cumulative"] == statistics.application_stats(cycle=current_cycle())["total_applications"]


def test_the_trend_of_an_empty_cycle_has_no_days(admin_client):
    assert admin_client.get("/api/applications/stats/trend").json() == {"time_zone": "UTC", "days": []}


@committed
def test_a_process_serves_its_copy_for_a_second_and_drops_it_at_its_own_change(known_data, monkeypatch, settings):
    """With STATISTICS_CHECK_EVERY on (production's 1 s), a warm call makes no cache round trip;
    a change made in this process drops the copy at once, and a change announced by another
    process (the version replaced in the cache) is seen once the copy's time is up."""
    from apps.applications import status_machine
    from apps.applications.models import Application

    settings.STATISTICS_CHECK_EVERY = 60.0
    monkeypatch.setattr(statistics, "_kept", {})  # this test's copies go with it
    cycle = current_cycle()
    assert statistics.application_stats(cycle=cycle) == EXPECTED
    calls = count_cache_calls(monkeypatch)
    assert statistics.application_stats(cycle=cycle) == EXPECTED
    assert calls == []

    # Another process's change: only the shared version moves. The copy stands until it is due.
    from django.core.cache import cache

    cache.set(statistics.VERSION_KEY, "replaced-by-another-process", None)
    Application.objects.filter(cycle=cycle, status="submitted").update(school="Elsewhere University")
    assert statistics.application_stats(cycle=cycle) == EXPECTED
    now = statistics.time.monotonic()
    monkeypatch.setattr(statistics.time, "monotonic", lambda: now + 61)
    recounted = statistics.application_stats(cycle=cycle)
    assert recounted == statistics.count_stats(cycle=cycle)
    assert recounted != EXPECTED

    # This process's own change (through the status machine) shows on the very next call.
    monkeypatch.setattr(statistics.time, "monotonic", lambda: now + 62)
    assert statistics.application_stats(cycle=cycle) == recounted  # kept again
    application = Application.objects.filter(cycle=cycle, status="submitted").first()
    status_machine.transition(application_id=application.pk, to="accepted", override=True)
    after = statistics.application_stats(cycle=cycle)
    assert after == statistics.count_stats(cycle=cycle)
    assert after["total_accepted"] == recounted["total_accepted"] + 1


@committed
def test_a_change_replaces_the_version_once_when_it_commits_and_not_at_all_when_rolled_back(monkeypatch):
    """Inside a transaction, however many changes: one new version, when it commits (until then
    no other connection sees them, so no cached count is stale), and none when it rolls back. A
    change already committed when it is announced (outside a transaction) replaces it at once."""
    from django.db import transaction

    calls = count_cache_calls(monkeypatch)
    with transaction.atomic():
        statistics.forget_statistics()
        statistics.forget_statistics()
        assert calls == []
    assert calls == ["set"]

    calls.clear()
    with transaction.atomic():
        statistics.forget_statistics()
        transaction.set_rollback(True)
    assert calls == []

    statistics.forget_statistics()
    assert calls == ["set"]


@committed
def test_a_reader_in_the_changing_transaction_counts_its_change_and_others_keep_the_committed_counts(
    known_data,
):
    """Before the commit only the changing transaction sees its change: its own reads count past
    the cache (and store nothing), the cache still holds the committed counts, and the commit
    replaces them. A savepoint rolled back takes its change's claim on the cache with it."""
    from django.db import transaction

    from apps.applications import status_machine
    from apps.applications.models import Application

    cycle = current_cycle()
    assert statistics.application_stats(cycle=cycle) == EXPECTED  # cached
    submitted = Application.objects.filter(cycle=cycle, status="submitted").first()
    with transaction.atomic():
        with transaction.atomic():  # a savepoint rolled back: nothing changed, nothing pending
            status_machine.transition(application_id=submitted.pk, to="accepted", override=True)
            transaction.set_rollback(True)
        assert not statistics.pending_drop(statistics._new_version)
        status_machine.transition(application_id=submitted.pk, to="accepted", override=True)
        inside = statistics.application_stats(cycle=cycle)
        assert inside["total_accepted"] == EXPECTED["total_accepted"] + 1
        cached = statistics.cache.get(statistics._entry_key(cycle.pk))
        assert cached["stats"] == EXPECTED  # what every other connection is right to be served
    after = statistics.application_stats(cycle=cycle)
    assert after == inside == statistics.count_stats(cycle=cycle)
