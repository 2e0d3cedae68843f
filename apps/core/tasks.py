from celery import shared_task
from django.core.cache import cache

from .logs import request_id


@shared_task
def heartbeat(token: str) -> None:
    """Proves a worker consumes from the broker: operators and tests look for the cache key."""
    cache.set(f"celery-heartbeat:{token}", "alive", timeout=300)
    # The id of the request that queued it, which travels with the task (apps.core.telemetry).
    cache.set(f"celery-heartbeat:{token}:request-id", request_id.get() or "", timeout=300)
