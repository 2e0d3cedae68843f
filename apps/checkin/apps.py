from django.apps import AppConfig


class CheckinConfig(AppConfig):
    name = "apps.checkin"
    label = "checkin"

    def ready(self) -> None:
        # Inverted dependency: the status machine announces every committed change; a
        # confirmation is answered here with a ticket and its email.
        from apps.applications.signals import status_changed

        from . import receivers

        status_changed.connect(receivers.issue_on_confirm, dispatch_uid="checkin.issue_on_confirm")
