from django.apps import AppConfig


class CoreConfig(AppConfig):
    name = "apps.core"
    label = "core"

    def ready(self) -> None:
        from django.core import checks
        from django.db.backends.signals import connection_created
        from django.db.models import CharField, TextField

        from .db import sqlite_takes_turns, use_preparing_cursors
        from .text import FoldedContains, sqlite_can_fold

        checks.register(sqlite_takes_turns)
        connection_created.connect(use_preparing_cursors, dispatch_uid="apps.core.db.use_preparing_cursors")
        connection_created.connect(sqlite_can_fold, dispatch_uid="apps.core.text.sqlite_can_fold")
        CharField.register_lookup(FoldedContains)
        TextField.register_lookup(FoldedContains)
        # Their Celery signal receivers connect on import, in the web server and the worker.
        from . import metrics, telemetry  # noqa: F401
