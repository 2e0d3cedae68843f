from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class CheckinConfig(AppConfig):
    name = "apps.checkin"
    label = "checkin"
    verbose_name = _("Check-in")

    def ready(self) -> None:
        # Inverted dependency: the status machine (below this app) announces every status
        # change inside its transaction; a confirmation is answered here with a ticket and its
        # email, a spot given up by voiding the ticket.
        from apps.applications.signals import status_changed

        from . import receivers

        status_changed.connect(receivers.tickets_follow_status, dispatch_uid="checkin.tickets_follow_status")
