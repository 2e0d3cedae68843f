from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class IntegrationsConfig(AppConfig):
    """Signed webhooks to the organizers' own systems. Above every domain app: it listens to
    what they announce (status changes, releases) and nothing imports it."""

    name = "apps.integrations"
    label = "integrations"
    verbose_name = _("Integrations")

    def ready(self) -> None:
        from apps.applications.signals import decision_changed_after_release, status_changed
        from apps.decisions.signals import decisions_released

        from . import receivers

        status_changed.connect(receivers.record_status_events, dispatch_uid="integrations.status_events")
        decisions_released.connect(receivers.record_release, dispatch_uid="integrations.release")
        decision_changed_after_release.connect(
            receivers.record_late_decision, dispatch_uid="integrations.late_decision"
        )
