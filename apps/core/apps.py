from django.apps import AppConfig


class CoreConfig(AppConfig):
    name = "apps.core"
    label = "core"

    def ready(self) -> None:
        # Their Celery signal receivers connect on import, in the web server and the worker.
        from . import metrics, telemetry  # noqa: F401
