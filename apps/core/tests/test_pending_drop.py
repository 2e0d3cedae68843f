"""apps.core.db.pending_drop: whether this transaction still owes a cache drop at its commit,
true to savepoints, and cheap however long the transaction's queue of callbacks grows."""

from __future__ import annotations

import time

import pytest
from django.db import transaction

from apps.core.db import at_commit_once, pending_drop


def drop() -> None:
    dropped.append(1)


dropped: list[int] = []


@pytest.fixture(autouse=True)
def _nothing_dropped_yet():
    dropped.clear()


@pytest.mark.django_db(transaction=True)
def test_a_drop_is_pending_until_its_savepoint_rolls_back_or_its_transaction_commits():
    with transaction.atomic():
        assert not pending_drop(drop)
        with transaction.atomic():
            at_commit_once(drop)
            assert pending_drop(drop)  # read while the savepoint holds it
            transaction.set_rollback(True)
        assert not pending_drop(drop)  # the rollback took it back, though it had been read
        at_commit_once(drop)
        at_commit_once(drop)
        assert pending_drop(drop)
        assert dropped == []
    assert dropped == [1]  # once, at the commit
    assert not pending_drop(drop)

    with transaction.atomic():
        at_commit_once(drop)
        transaction.set_rollback(True)
    assert dropped == [1]  # a rolled-back transaction drops nothing
    with transaction.atomic():
        assert not pending_drop(drop)  # nor leaves its claim to the next one


@pytest.mark.django_db(transaction=True)
def test_a_transaction_of_thousands_of_changes_checks_its_queue_in_linear_time():
    """Each change queues a callback of its own and asks for the drop, as saving an application
    does: 20,000 of them. The look for the drop stops where it finds it, and the transaction's
    first change queued it near the front of the queue, so the looks stay short however long
    the queue grows (0.35 s here for the whole loop). A look that read the whole queue each
    time would be 2 x 10^8 steps, seconds; the bound is far above either noise."""
    started = time.perf_counter()
    with transaction.atomic():
        for _ in range(20_000):
            transaction.on_commit(lambda: None)
            at_commit_once(drop)
        assert pending_drop(drop)
    elapsed = time.perf_counter() - started
    assert dropped == [1]
    assert elapsed < 2.0, f"{elapsed:.2f} s"
