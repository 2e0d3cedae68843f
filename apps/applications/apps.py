from django.apps import AppConfig


class ApplicationsConfig(AppConfig):
    name = "apps.applications"
    label = "applications"

    def ready(self) -> None:
        # Inverted dependencies: cycles announces, mailings asks; applications answers.
        from apps.cycles.signals import cycle_released

        from . import receivers

        cycle_released.connect(receivers.queue_release, dispatch_uid="applications.release_emails")
        receivers.register_audiences()
