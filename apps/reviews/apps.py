from django.apps import AppConfig


class ReviewsConfig(AppConfig):
    name = "apps.reviews"
    label = "reviews"

    def ready(self) -> None:
        from apps.applications.signals import status_changed
        from apps.cycles.signals import cycle_became_current

        from . import receivers

        cycle_became_current.connect(receivers.copy_rubric, dispatch_uid="reviews.copy_rubric")
        status_changed.connect(receivers.refill_after_freed_spots, dispatch_uid="reviews.refill_after_freed_spots")
