"""What reviews does when cycles announce something (cycles must not import reviews)."""

from __future__ import annotations


def copy_rubric(sender, *, cycle, previous=None, **kwargs) -> None:
    """A cycle that becomes current gets the previous current cycle's rubric (or the default),
    in the switch's transaction, as it gets its question set."""
    from .rubric import ensure_rubric

    ensure_rubric(cycle, copy_from=previous)


def refill_after_freed_spots(sender, *, changes, **kwargs) -> None:
    """A decline or an expired offer frees a spot: once it commits, the waitlist refill of its
    cycle runs (a task by name; it does nothing unless the cycle's refill is on)."""
    from django.db import transaction

    from apps.core.tasks import delay

    from .refill import cycles_with_freed_spots

    for cycle_id in cycles_with_freed_spots(changes):
        transaction.on_commit(lambda pk=cycle_id: delay("apps.reviews.tasks.refill_waitlist", pk))
