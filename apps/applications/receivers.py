"""The applications app's answers to what the cycles announce (apps/cycles/signals.py).

Connected in ApplicationsConfig.ready: cycles knows nothing of applications.
"""

from __future__ import annotations

from apps.cycles.models import Cycle


def give_question_set(sender, *, cycle: Cycle, previous: Cycle | None, **kwargs) -> None:
    """A cycle that became current without questions gets a copy of the previous current
    cycle's set (so the organizers can edit it), or the default set if there is none."""
    from .services import question_set_ensure

    question_set_ensure(cycle, copy_from=previous)


def queue_release(sender, *, cycle_id: int, **kwargs) -> None:
    """A committed release queues the decision emails (idempotent: see tasks)."""
    from .tasks import queue_release_emails

    queue_release_emails.delay(cycle_id)
