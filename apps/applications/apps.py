from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class ApplicationsConfig(AppConfig):
    name = "apps.applications"
    label = "applications"
    verbose_name = _("Applications")

    def ready(self) -> None:
        # Inverted dependencies: mailings asks for audiences; applications answers. (A release's
        # emails are apps.decisions' answer to cycles; a new cycle's question set is cycles' own.)
        from . import receivers

        receivers.register_audiences()
