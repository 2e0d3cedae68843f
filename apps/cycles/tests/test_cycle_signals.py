"""What a cycle announces: a new current cycle, at once (a release is apps.decisions' own call)."""

import pytest

from apps.cycles.models import Cycle
from apps.cycles.selectors import current_cycle
from apps.cycles.services import cycle_make_current
from apps.cycles.signals import cycle_became_current


@pytest.fixture
def heard():
    """The announcements received during the test, as (signal name, arguments)."""
    received = []

    def on_current(sender, **kwargs):
        received.append(("current", kwargs["cycle"].pk, getattr(kwargs["previous"], "pk", None)))

    cycle_became_current.connect(on_current, dispatch_uid="test-current")
    yield received
    cycle_became_current.disconnect(dispatch_uid="test-current")


def test_a_switch_announces_the_new_current_cycle_and_the_previous_one(db, heard):
    """Inside the switch's transaction, so the question set is copied before it commits."""
    old = current_cycle()
    new = cycle_make_current(season="spring", year=2098)
    assert heard == [("current", new.pk, old.pk)]
    assert Cycle.objects.get(is_current=True).pk == new.pk
