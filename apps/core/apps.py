from django.apps import AppConfig


class CoreConfig(AppConfig):
    name = "apps.core"
    label = "core"

    def ready(self) -> None:
        from django.core import checks
        from django.db.backends.signals import connection_created

        from .db import sqlite_takes_turns, use_preparing_cursors

        checks.register(sqlite_takes_turns)
        connection_created.connect(use_preparing_cursors, dispatch_uid="apps.core.db.use_preparing_cursors")
        # Their Celery signal receivers connect on import, in the web server and the worker.
        from . import metrics, telemetry  # noqa: F401
