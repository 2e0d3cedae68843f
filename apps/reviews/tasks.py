"""The ranking's refresh after review changes (queued by ranking_state.mark_changed)."""

from __future__ import annotations

from celery import shared_task
from django.core.cache import cache

from .ranking_state import claim_key


@shared_task(name="apps.reviews.tasks.refresh_ranking")
def refresh_ranking(cycle_id: int) -> int:
    """Refresh the cycle's summaries; returns how many applications have one. The claim is
    released first, so a change committed while this runs queues the next refresh."""
    from apps.cycles.models import Cycle

    from .ranking import refresh_summaries

    cache.delete(claim_key(cycle_id))
    cycle = Cycle.objects.filter(pk=cycle_id).first()
    if cycle is None:
        return 0
    return refresh_summaries(cycle)


@shared_task(name="apps.reviews.tasks.refill_waitlist", ignore_result=True)
def refill_waitlist(cycle_id: int) -> int:
    """Offer the cycle's free spots to its waitlist (apps.reviews.refill); returns how many
    were offered. Idempotent: a second run finds no free spot."""
    from .refill import refill

    return len(refill(cycle_id))
