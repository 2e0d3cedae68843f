from django.apps import AppConfig


class MailingsConfig(AppConfig):
    name = "apps.mailings"
    label = "mailings"

    def ready(self) -> None:
        from apps.core.metrics import register_collector

        from .metrics import OutboxCollector

        register_collector(OutboxCollector)
