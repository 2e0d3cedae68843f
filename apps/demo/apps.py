from django.apps import AppConfig


class DemoConfig(AppConfig):
    """The demo data (`manage.py seed_demo`): a living portal built through every domain app's
    services. It sits above them all, so no domain app (and not core) depends on it."""

    name = "apps.demo"
    label = "demo"
