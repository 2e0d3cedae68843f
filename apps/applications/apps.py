from django.apps import AppConfig


class ApplicationsConfig(AppConfig):
    name = "apps.applications"
    label = "applications"

    def ready(self) -> None:
        # Inverted dependencies: cycles announces, mailings asks; applications answers. (A
        # release's emails are apps.decisions' answer to cycles.)
        from apps.cycles.signals import cycle_became_current

        from . import receivers

        cycle_became_current.connect(receivers.give_question_set, dispatch_uid="applications.question_set")
        receivers.register_audiences()
