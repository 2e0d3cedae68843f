from django.apps import AppConfig


class DecisionsConfig(AppConfig):
    name = "apps.decisions"
    label = "decisions"

    def ready(self) -> None:
        # Inverted dependency: the status machine (below this app) announces a decision made
        # after release; this app answers with its email. A release itself is this app's own
        # (cycle_release.py), called directly by the configuration save and the command.
        from apps.applications.signals import decision_changed_after_release

        from . import receivers

        decision_changed_after_release.connect(
            receivers.queue_decision_email, dispatch_uid="decisions.decision_after_release"
        )
