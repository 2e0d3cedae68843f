"""The current cycle is kept per process and re-read only after a Cycle row changed
(apps/cycles/current.py): fewer queries, never a stale status after a change the ORM made."""

from __future__ import annotations

import pytest
from django.core.cache import cache
from django.test import TestCase

from apps.cycles import current
from apps.cycles.models import Cycle, CycleStatus
from apps.cycles.selectors import NoCurrentCycle, current_cycle, current_status
from apps.cycles.services import cycle_make_current, cycle_set_status, cycle_update_config


@pytest.fixture(autouse=True)
def _forget_the_copy():
    """A copy trusted for a second would outlive a test's rolled-back rows: drop it after each."""
    yield
    current.forget()


def test_a_second_read_asks_no_query(db, django_assert_num_queries):
    first = current_cycle()
    with django_assert_num_queries(0):
        again = current_cycle()
        assert current_status() == first.status
    assert again == first
    assert again is not first  # each caller gets its own instance to change


def test_a_status_change_through_the_service_is_seen_at_once(db):
    cycle = current_cycle()
    cycle_set_status(cycle=cycle, status=CycleStatus.OPEN)
    assert current_cycle().status == CycleStatus.OPEN
    assert current_status() == CycleStatus.OPEN


def test_a_configuration_change_is_seen_at_once(db):
    cycle = current_cycle()
    dates = {name: getattr(cycle, name) for name in ("due", "start", "end", "housing")}
    dates |= {
        "confirmation_first_deadline": cycle.confirmation_first_deadline,
        "confirmation_second_deadline": cycle.confirmation_second_deadline,
        "waitlist_deadline": cycle.waitlist_deadline,
    }
    cycle_update_config(cycle=cycle, dates=dates, location="Elsewhere", housing_link=cycle.housing_link)
    assert current_cycle().location == "Elsewhere"


def test_a_queryset_update_is_seen_at_once(db):
    """QuerySet.update sends no save signal; Cycle's queryset announces it itself."""
    cycle = current_cycle()
    Cycle.objects.filter(pk=cycle.pk).update(status=CycleStatus.CLOSED)
    assert current_cycle().status == CycleStatus.CLOSED


def test_a_switch_of_cycle_is_seen_at_once(db):
    before = current_cycle()
    switched = cycle_make_current(season="fall", year=2031)
    now = current_cycle()
    assert now.pk == switched.pk != before.pk


def test_deleting_the_cycle_is_seen_at_once(db):
    current_cycle()
    Cycle.objects.all().delete()
    with pytest.raises(NoCurrentCycle):
        current_cycle()
    assert current_status() == CycleStatus.NOT_OPEN


def test_another_process_change_is_seen_through_the_shared_number(db, django_assert_num_queries):
    """Another process changed the row and moved the shared number on: this one re-reads."""
    cycle = current_cycle()
    Cycle.objects.filter(pk=cycle.pk).values("pk")  # nothing changes yet
    with django_assert_num_queries(0):
        current_cycle()
    cache.incr(current.GENERATION_KEY)  # what the other process's save did
    with django_assert_num_queries(1):
        current_cycle()


def test_a_process_trusts_its_copy_for_a_second(db, settings, django_assert_num_queries, monkeypatch):
    """In production a process compares numbers at most once a second: most reads cost neither
    a query nor a cache round trip, and another process's change shows within that second."""
    settings.CURRENT_CYCLE_CHECK_EVERY = 1.0
    cycle = current_cycle()
    asked = []
    real_get = cache.get
    monkeypatch.setattr(cache, "get", lambda *a, **k: asked.append(a) or real_get(*a, **k))
    cache.incr(current.GENERATION_KEY)  # another process changed the row...
    with django_assert_num_queries(0):
        assert current_cycle() == cycle  # ...not seen yet, and no cache round trip
    assert asked == []
    held = current._kept
    current._kept = current._Copy(held.generation, 0.0, held.expires, held.values)  # a second later
    with django_assert_num_queries(1):
        current_cycle()  # compared, found changed, re-read
    assert len(asked) == 1
    cycle_set_status(cycle=current_cycle(), status=CycleStatus.OPEN)
    assert current_cycle().status == CycleStatus.OPEN  # this process's own change: at once


def test_a_read_between_write_and_commit_is_redone_after_the_commit(db):
    """A process that read the row after the write announced itself but before it committed
    kept the old row under the new number; the announcement after the commit moves the
    number again, so that copy is dropped at the next call."""
    cycle = current_cycle()
    old_values = current._kept.values
    with TestCase.captureOnCommitCallbacks(execute=True):
        Cycle.objects.filter(pk=cycle.pk).update(status=CycleStatus.RELEASED)
        # The other process's read: the committed (old) row, under the number of the write.
        generation = cache.get(current.GENERATION_KEY)
        current._kept = current._Copy(generation, 0.0, float("inf"), old_values)
        assert current_cycle().status == cycle.status  # stale until the commit...
    assert current_cycle().status == CycleStatus.RELEASED  # ...and fresh right after it


def test_the_copy_expires_even_without_an_announcement(db, monkeypatch):
    """A change the ORM never saw (psql) is read within MAX_AGE seconds."""
    current_cycle()
    held = current._kept
    current._kept = current._Copy(held.generation, 0.0, 0.0, held.values)  # past its deadline
    from django.db import connection

    with connection.cursor() as cursor:
        cursor.execute("UPDATE cycles_cycle SET location = 'Behind the ORM' WHERE is_current")
    assert current_cycle().location == "Behind the ORM"


def test_without_the_cache_every_call_reads_the_database(db, monkeypatch, django_assert_num_queries):
    def down(*args, **kwargs):
        raise ConnectionError("cache down")

    current_cycle()
    monkeypatch.setattr(cache, "get", down)
    monkeypatch.setattr(cache, "incr", down)
    with django_assert_num_queries(2):
        assert current_cycle().is_current
        assert current_cycle().is_current
    cycle_set_status(cycle=current_cycle(), status=CycleStatus.OPEN)  # announcing fails quietly
    assert current_cycle().status == CycleStatus.OPEN


def test_the_status_endpoint_asks_no_query_once_warm(student_client, django_assert_num_queries):
    """GET /api/applications/status: the session and the user come from the cache, the cycle
    from the process's copy and the application's row from the status cache once warm."""
    student_client.get("/api/applications/status")  # warms the cycle, the session, the user, the row
    with django_assert_num_queries(0):
        r = student_client.get("/api/applications/status")
    assert r.status_code == 200
    assert r.json()["status"]
