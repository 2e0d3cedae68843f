from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class MailingsConfig(AppConfig):
    name = "apps.mailings"
    label = "mailings"
    verbose_name = _("Mailings")

    def ready(self) -> None:
        from apps.core.metrics import register_collector

        from .metrics import OutboxCollector

        register_collector(OutboxCollector)
