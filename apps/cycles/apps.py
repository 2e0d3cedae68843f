from django.apps import AppConfig


class CyclesConfig(AppConfig):
    name = "apps.cycles"
    label = "cycles"

    def ready(self) -> None:
        from apps.core.context_processors import contribute

        from .context import page_facts

        contribute(page_facts)
