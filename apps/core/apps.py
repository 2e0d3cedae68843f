from django.apps import AppConfig


class CoreConfig(AppConfig):
    name = "apps.core"
    label = "core"

    def ready(self) -> None:
        from django.core import checks

        from .db import sqlite_takes_turns

        checks.register(sqlite_takes_turns)
        # Their Celery signal receivers connect on import, in the web server and the worker.
        from . import metrics, telemetry  # noqa: F401
