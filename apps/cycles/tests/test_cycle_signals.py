"""What a cycle announces: a release once it has committed, a new current cycle at once."""

import pytest
from django.db import transaction
from django.test import TestCase

from apps.cycles.models import Cycle, CycleStatus
from apps.cycles.selectors import current_cycle
from apps.cycles.services import cycle_make_current, cycle_set_status
from apps.cycles.signals import cycle_became_current, cycle_released


@pytest.fixture
def heard():
    """The announcements received during the test, as (signal name, arguments)."""
    received = []

    def on_release(sender, **kwargs):
        received.append(("released", kwargs["cycle_id"]))

    def on_current(sender, **kwargs):
        received.append(("current", kwargs["cycle"].pk, getattr(kwargs["previous"], "pk", None)))

    cycle_released.connect(on_release, dispatch_uid="test-release")
    cycle_became_current.connect(on_current, dispatch_uid="test-current")
    yield received
    cycle_released.disconnect(dispatch_uid="test-release")
    cycle_became_current.disconnect(dispatch_uid="test-current")


def test_a_release_is_announced_after_commit(db, heard):
    """Nothing is heard while the release's transaction is open; once it commits, once."""
    cycle = current_cycle()
    with TestCase.captureOnCommitCallbacks(execute=True):
        cycle_set_status(cycle=cycle, status=CycleStatus.RELEASED)
        assert heard == []
    assert heard == [("released", cycle.pk)]


def test_a_rolled_back_release_announces_nothing(db, heard):
    """A release that does not commit sends no decision email."""

    class Undo(Exception):
        pass

    with TestCase.captureOnCommitCallbacks(execute=True), pytest.raises(Undo):
        with transaction.atomic():
            cycle_set_status(cycle=current_cycle(), status=CycleStatus.RELEASED)
            raise Undo
    assert heard == []
    assert current_cycle().status == CycleStatus.NOT_OPEN


def test_another_status_is_not_a_release(db, heard):
    with TestCase.captureOnCommitCallbacks(execute=True):
        cycle_set_status(cycle=current_cycle(), status=CycleStatus.OPEN)
    assert heard == []


def test_a_switch_announces_the_new_current_cycle_and_the_previous_one(db, heard):
    """Inside the switch's transaction, so the question set is copied before it commits."""
    old = current_cycle()
    new = cycle_make_current(season="spring", year=2098)
    assert heard == [("current", new.pk, old.pk)]
    assert Cycle.objects.get(is_current=True).pk == new.pk
