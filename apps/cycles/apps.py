from django.apps import AppConfig


class CyclesConfig(AppConfig):
    name = "apps.cycles"
    label = "cycles"
