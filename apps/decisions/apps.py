from django.apps import AppConfig


class DecisionsConfig(AppConfig):
    name = "apps.decisions"
    label = "decisions"

    def ready(self) -> None:
        # Inverted dependencies: cycles announces a release and the status machine a decision
        # made after one; decisions answers both with the decision emails, and tells cycles
        # how many a release would send before it happens.
        from apps.applications.signals import decision_changed_after_release
        from apps.cycles.signals import cycle_released, release_emails

        from . import receivers

        cycle_released.connect(receivers.queue_release, dispatch_uid="decisions.release_emails")
        decision_changed_after_release.connect(
            receivers.queue_decision_email, dispatch_uid="decisions.decision_after_release"
        )
        release_emails.connect(receivers.count_release_emails, dispatch_uid="decisions.count_release_emails")
