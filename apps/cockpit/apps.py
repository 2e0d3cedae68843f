from django.apps import AppConfig


class CockpitConfig(AppConfig):
    """The organizers' admin home: where the cycle stands and what to do next. It reads every
    domain app (applications, reviews, decisions, mailings) and no app imports it, so it sits
    on top of the graph. No models of its own."""

    name = "apps.cockpit"
    label = "cockpit"
