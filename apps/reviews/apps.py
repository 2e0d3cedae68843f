from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class ReviewsConfig(AppConfig):
    name = "apps.reviews"
    label = "reviews"
    verbose_name = _("Reviews")

    def ready(self) -> None:
        from apps.applications.signals import status_changed
        from apps.cycles.signals import cycle_became_current

        from . import receivers

        cycle_became_current.connect(receivers.copy_rubric, dispatch_uid="reviews.copy_rubric")
        status_changed.connect(receivers.refill_after_freed_spots, dispatch_uid="reviews.refill_after_freed_spots")
