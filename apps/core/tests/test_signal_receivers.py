"""The signals that stay are the ones that invert a dependency that must stay inverted (the app
that announces sits below the app that answers); each one's production receiver is connected,
so a refactor that drops a `connect` fails here rather than silently losing tickets, decision
emails or rubrics. Signals that were only a detour (a release announced to decisions, a
synchronous "how many emails?" query) are gone: decisions owns the release and calls it."""

from __future__ import annotations

import inspect

import pytest

from apps.applications.models import Application
from apps.applications.signals import decision_changed_after_release, status_changed
from apps.checkin import receivers as checkin_receivers
from apps.cycles import signals as cycle_signals
from apps.cycles.models import Cycle
from apps.cycles.signals import cycle_became_current
from apps.decisions import receivers as decision_receivers
from apps.reviews import receivers as review_receivers


def connected(signal, sender) -> list:
    """The functions `signal` would call for `sender` now, unwrapped: an error reporter (Sentry's
    Django integration) wraps every receiver it hands out, once it has run in the process."""
    sync_receivers, _async_receivers = signal._live_receivers(sender)
    return [inspect.unwrap(receiver) for receiver in sync_receivers]


@pytest.mark.parametrize(
    ("signal", "sender", "receiver"),
    [
        (status_changed, Application, checkin_receivers.tickets_follow_status),
        (decision_changed_after_release, Application, decision_receivers.queue_decision_email),
        (cycle_became_current, Cycle, review_receivers.copy_rubric),
    ],
    ids=["status_changed-tickets", "decision_changed_after_release-email", "cycle_became_current-rubric"],
)
def test_each_inverted_dependency_has_its_receiver_connected(signal, sender, receiver):
    assert receiver in connected(signal, sender)


def test_the_release_signals_are_gone():
    """The release is apps.decisions.cycle_release's call: no announcement to forget to answer,
    no query that fails open when nobody answers."""
    assert not hasattr(cycle_signals, "cycle_released")
    assert not hasattr(cycle_signals, "release_emails")
