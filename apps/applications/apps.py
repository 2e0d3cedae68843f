from django.apps import AppConfig


class ApplicationsConfig(AppConfig):
    name = "apps.applications"
    label = "applications"

    def ready(self) -> None:
        # Inverted dependencies: cycles announces, mailings asks; applications answers.
        from apps.cycles.signals import cycle_became_current, cycle_released

        from . import receivers

        cycle_became_current.connect(receivers.give_question_set, dispatch_uid="applications.question_set")
        cycle_released.connect(receivers.queue_release, dispatch_uid="applications.release_emails")
        receivers.register_audiences()
