from celery import shared_task
from django.core.cache import cache


@shared_task
def heartbeat(token: str) -> None:
    """Proves a worker consumes from the broker: operators and tests look for the cache key."""
    cache.set(f"celery-heartbeat:{token}", "alive", timeout=300)
