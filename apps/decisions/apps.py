from django.apps import AppConfig


class DecisionsConfig(AppConfig):
    name = "apps.decisions"
    label = "decisions"

    def ready(self) -> None:
        # Inverted dependencies: cycles announces a release and the status machine a decision
        # made after one; decisions answers both with the decision emails.
        from apps.applications.signals import decision_changed_after_release
        from apps.cycles.signals import cycle_released

        from . import receivers

        cycle_released.connect(receivers.queue_release, dispatch_uid="decisions.release_emails")
        decision_changed_after_release.connect(
            receivers.queue_decision_email, dispatch_uid="decisions.decision_after_release"
        )
