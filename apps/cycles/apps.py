from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class CyclesConfig(AppConfig):
    name = "apps.cycles"
    label = "cycles"
    verbose_name = _("Cycles")

    def ready(self) -> None:
        from apps.core.context_processors import contribute

        from .context import page_facts

        contribute(page_facts)

        from django.db.models.signals import post_delete, post_save

        from . import current
        from .models import Cycle

        def announce(sender, **kwargs) -> None:
            current.changed()

        # Every saved or deleted Cycle row: processes re-read the current cycle (current.py).
        post_save.connect(announce, sender=Cycle, weak=False, dispatch_uid="cycles.current.save")
        post_delete.connect(announce, sender=Cycle, weak=False, dispatch_uid="cycles.current.delete")
