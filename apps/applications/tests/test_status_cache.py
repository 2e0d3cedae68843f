"""The status call's cache (apps/applications/status_cache.py): every writer of the row it reads
replaces the cached one when it commits, a read that raced a write is never served, a
transaction sees its own change, and a cache outage falls back to the database.

Transactional tests: the cache is replaced at commit, so the writes here really commit."""

from __future__ import annotations

from decimal import Decimal
from types import SimpleNamespace

import pytest
from django.core.cache import cache
from django.db import connection, transaction
from django.test.utils import CaptureQueriesContext

from apps.applications import selectors, status_cache
from apps.applications import status_machine as sm
from apps.applications.models import Application
from apps.applications.models import ApplicationStatus as S
from apps.core.tests.factories import ApplicationFactory
from apps.cycles.selectors import current_cycle
from conftest import make_user

pytestmark = pytest.mark.django_db(transaction=True)


def served(user_id: int) -> dict:
    """What the status call serves the user now (through the cache)."""
    return selectors.applicant_status(user=SimpleNamespace(pk=user_id), cycle=current_cycle())


def reads_database(user_id: int) -> bool:
    with CaptureQueriesContext(connection) as queries:
        served(user_id)
    return any("applications_application" in q["sql"] for q in queries.captured_queries)


@pytest.fixture
def application():
    return ApplicationFactory(user=make_user("ada@princeton.edu"), status=S.SUBMITTED)


def test_a_warm_entry_is_served_without_the_database(application):
    assert reads_database(application.user_id)  # cold: read and kept
    assert not reads_database(application.user_id)
    assert served(application.user_id)["status"] == S.SUBMITTED


def _save(a: Application) -> None:
    a.teamcode = "123456"
    a.save(update_fields=["teamcode"])


def _transition(a: Application) -> None:
    sm.transition(application_id=a.pk, to=S.ACCEPTED, travel_reimbursement=True)


def _transition_many(a: Application) -> None:
    sm.transition_many(application_ids=[a.pk], to=S.ACCEPTED, housing_accommodations=True)


def _queryset_update(a: Application) -> None:
    Application.objects.filter(pk=a.pk).update(status=S.REJECTED)


def _travel_grant(a: Application) -> None:
    from apps.travel import grants

    grants.set_budget(cycle=a.cycle, amount=Decimal("100.00"), currency=None, receipts_due=None)
    grants.grant(cycle=a.cycle, application_id=a.pk, amount=Decimal("50.00"), actor=None)


def _delete(a: Application) -> None:
    Application.objects.filter(pk=a.pk).delete()


def _delete_account(a: Application) -> None:
    a.user.delete()


# Each writer of the row, and the status it starts from (a grant goes to someone offered a spot).
WRITERS = [
    (_save, S.SUBMITTED),
    (_transition, S.SUBMITTED),
    (_transition_many, S.SUBMITTED),
    (_queryset_update, S.SUBMITTED),
    (_travel_grant, S.ACCEPTED),
    (_delete, S.SUBMITTED),
    (_delete_account, S.SUBMITTED),
]


@pytest.mark.parametrize(("write", "start"), WRITERS, ids=[w.__name__.strip("_") for w, _ in WRITERS])
@pytest.mark.parametrize("in_transaction", [False, True], ids=["autocommit", "atomic"])
def test_every_writer_replaces_the_cached_row(write, start, in_transaction):
    from apps.cycles.models import CycleStatus
    from apps.cycles.services import cycle_set_status

    cycle_set_status(cycle=current_cycle(), status=CycleStatus.RELEASED)  # decisions shown as they are
    application = ApplicationFactory(user=make_user("ada@princeton.edu"), status=start)
    user_id = application.user_id
    warm = served(user_id)
    assert not reads_database(user_id)
    if in_transaction:
        with transaction.atomic():
            write(application)
    else:
        write(application)
    row = Application.objects.filter(user_id=user_id).values_list(
        "status", "travel_reimbursement", "housing_accommodations", "teamcode"
    )
    held = row.first()
    expected = sm.visible_status(selectors._StatusRow(*held) if held else None, current_cycle().status)
    assert expected != warm, "the writer changed nothing the status call shows"
    assert served(user_id) == expected
    assert not reads_database(user_id)  # and kept again


def test_a_draft_created_by_the_save_call_replaces_no_application():
    from apps.cycles.models import CycleStatus
    from apps.cycles.services import cycle_set_status
    from conftest import signed_in_client

    cycle_set_status(cycle=current_cycle(), status=CycleStatus.OPEN)
    user = make_user("ada@princeton.edu")
    before = served(user.pk)["status"]
    assert before != S.STARTED and not reads_database(user.pk)  # "no application", kept

    response = signed_in_client(user).post("/api/applications/save", {"first": "Ada"}, content_type="application/json")
    assert response.status_code == 200, response.content
    assert served(user.pk)["status"] == S.STARTED


def test_a_read_that_raced_a_write_is_not_served(application):
    user_id = application.user_id
    cycle = current_cycle()

    def read_then_lose_the_race():
        old = selectors._status_row(user_id=user_id, cycle=cycle)
        # The write commits after the read took the version and the row, before it stores them.
        sm.transition(application_id=application.pk, to=S.ACCEPTED)
        return old

    stale = status_cache.row(cycle_id=cycle.pk, user=SimpleNamespace(pk=user_id), read=read_then_lose_the_race)
    assert stale[0] == S.SUBMITTED  # what that read saw
    # The next read finds the stored row under a replaced version and reads again.
    assert reads_database(user_id)
    assert Application.objects.get(pk=application.pk).status == S.ACCEPTED
    user = SimpleNamespace(pk=user_id)
    row = status_cache.row(cycle_id=cycle.pk, user=user, read=lambda: pytest.fail("served from the cache"))
    assert row[0] == S.ACCEPTED


def test_a_transaction_reads_its_own_change_and_others_the_committed_row(application):
    user_id = application.user_id
    served(user_id)
    with transaction.atomic():
        sm.transition(application_id=application.pk, to=S.ACCEPTED)
        # Its own change, which the cache doesn't hold yet: read past it.
        assert reads_database(user_id)
        row = status_cache.row(cycle_id=current_cycle().pk, user=SimpleNamespace(pk=user_id), read=lambda: ("x",))
        assert row == ("x",)
    # Committed: the version is replaced, the next read goes to the database once.
    assert reads_database(user_id)
    assert not reads_database(user_id)


def test_a_rolled_back_change_leaves_the_cached_row_current(application):
    user_id = application.user_id
    served(user_id)
    with pytest.raises(RuntimeError), transaction.atomic():
        sm.transition(application_id=application.pk, to=S.ACCEPTED)
        raise RuntimeError
    assert not reads_database(user_id)
    assert served(user_id)["status"] == S.SUBMITTED
    # And the next transaction starts with nothing pending.
    with transaction.atomic():
        assert not reads_database(user_id)


def test_an_unreachable_cache_falls_back_to_the_database(application, monkeypatch):
    def down(*args, **kwargs):
        raise ConnectionError("cache down")

    monkeypatch.setattr(cache, "get_many", down)
    monkeypatch.setattr(cache, "set_many", down)
    assert served(application.user_id)["status"] == S.SUBMITTED
    sm.transition(application_id=application.pk, to=S.ACCEPTED)  # the write still succeeds
    assert Application.objects.get(pk=application.pk).status == S.ACCEPTED


def test_a_write_of_other_columns_keeps_the_entry(application):
    served(application.user_id)
    application.first = "Ada"
    application.save(update_fields=["first"])
    Application.objects.filter(pk=application.pk).update(review_score_key=3.5)
    assert not reads_database(application.user_id)


def test_the_warm_status_call_reads_its_entry_in_the_users_round_trip(monkeypatch):
    from conftest import signed_in_client

    application = ApplicationFactory(user=make_user("ada@princeton.edu"), status=S.SUBMITTED)
    client = signed_in_client(application.user)
    assert client.get("/api/applications/status").status_code == 200  # warm
    calls = []
    real = cache.get_many
    monkeypatch.setattr(cache, "get_many", lambda keys, *a, **k: calls.append(list(keys)) or real(keys, *a, **k))
    with CaptureQueriesContext(connection) as queries:
        response = client.get("/api/applications/status")
    assert response.status_code == 200 and response.json()["status"] == S.SUBMITTED
    assert not queries.captured_queries
    # One get_many: the user's, with the status call's version and entry in it.
    assert len(calls) == 1, calls
    assert set(status_cache.companion_keys(application.user_id)) < set(calls[0])


def test_an_entry_read_with_the_user_is_not_served_after_this_process_changed_it():
    application = ApplicationFactory(user=make_user("ada@princeton.edu"), status=S.SUBMITTED)
    cycle = current_cycle()
    user_id = application.user_id
    served(user_id)  # warm
    user = SimpleNamespace(pk=user_id)
    keys = status_cache.companion_keys(user_id)
    status_cache.keep_prefetched(user, cache.get_many(keys))  # as the request's sign-in read them
    # The same request then changes the status (committed on its own) and reads it.
    sm.transition(application_id=application.pk, to=S.ACCEPTED)
    row = status_cache.row(
        cycle_id=cycle.pk, user=user, read=lambda: selectors._status_row(user_id=user_id, cycle=cycle)
    )
    assert row[0] == S.ACCEPTED


def test_an_entry_of_another_cycle_is_not_served():
    application = ApplicationFactory(user=make_user("ada@princeton.edu"), status=S.SUBMITTED)
    user = SimpleNamespace(pk=application.user_id)
    status_cache.row(cycle_id=application.cycle_id, user=user, read=lambda: ("submitted", False, False, None))
    assert status_cache.row(cycle_id=application.cycle_id + 1, user=user, read=lambda: None) is None
