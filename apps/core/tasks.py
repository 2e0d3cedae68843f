from celery import current_app, shared_task
from django.core.cache import cache

from .logs import request_id


@shared_task
def heartbeat(token: str) -> None:
    """Proves a worker consumes from the broker: operators and tests look for the cache key."""
    cache.set(f"celery-heartbeat:{token}", "alive", timeout=300)
    # The id of the request that queued it, which travels with the task (apps.core.telemetry).
    cache.set(f"celery-heartbeat:{token}:request-id", request_id.get() or "", timeout=300)


def delay(name: str, *args) -> None:
    """Queue the Celery task registered as `name` with `args`.

    Services queue their work by the task's name, so a service never imports the tasks module
    that calls it: tasks call services, never the reverse, and no two modules import each other.
    A task is in the registry once its module has been imported. A worker imports every app's
    `tasks.py` when it starts; a web process does the same (Celery's autodiscovery) the first
    time it queues a task it has not seen. An unknown name is a KeyError, never a silent drop.
    """
    if name not in current_app.tasks:
        current_app.loader.import_default_modules()
    current_app.tasks[name].delay(*args)
