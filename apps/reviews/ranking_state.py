"""Marking a cycle's ranking stale after a review change, and queueing its one refresh.

Kept apart from ranking.py (which imports the maths) so the review writes import only this.
"""

from __future__ import annotations

from django.core.cache import cache
from django.db import transaction
from django.utils import timezone

from apps.core.tasks import delay

from .models import RankingState

# A claim per cycle: a burst of saves queues one refresh. It expires on its own, so a lost task
# (a broker hiccup) delays the next refresh at most this long; a stale read refreshes anyway.
CLAIM_SECONDS = 30
# Sent by name: tasks.py calls this module, so this module never imports it back.
REFRESH_TASK = "apps.reviews.tasks.refresh_ranking"


def claim_key(cycle_id: int) -> str:
    return f"reviews:refresh-queued:{cycle_id}"


def mark_changed(cycle_id: int) -> None:
    """Inside the change's transaction: the cycle's summaries are stale from now, and a refresh
    is queued after commit unless one already is."""
    now = timezone.now()
    updated = RankingState.objects.filter(cycle_id=cycle_id).update(changed_at=now)
    if not updated:
        RankingState.objects.get_or_create(cycle_id=cycle_id, defaults={"changed_at": now})
    transaction.on_commit(lambda: _queue(cycle_id))


def _queue(cycle_id: int) -> None:
    if not cache.add(claim_key(cycle_id), 1, CLAIM_SECONDS):
        return
    delay(REFRESH_TASK, cycle_id)
