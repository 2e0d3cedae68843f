from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class ApplicationsConfig(AppConfig):
    name = "apps.applications"
    label = "applications"
    verbose_name = _("Applications")

    def ready(self) -> None:
        # Inverted dependencies: mailings asks for audiences; applications answers. (A release's
        # emails are apps.decisions' answer to cycles; a new cycle's question set is cycles' own.)
        from django.db.models.signals import post_delete, post_save

        from . import receivers, status_cache
        from .models import Application

        receivers.register_audiences()
        # A saved or deleted row replaces its owner's cached status (the writes that send no
        # signal are ApplicationQuerySet's and the door's).
        post_save.connect(status_cache.application_saved, sender=Application, dispatch_uid="applications.status_saved")
        post_delete.connect(
            status_cache.application_deleted, sender=Application, dispatch_uid="applications.status_deleted"
        )
        # The status call's entry comes in the round trip that reads the signed-in user.
        from apps.accounts import user_cache

        user_cache.fetch_with_user(status_cache.companion_keys, status_cache.keep_prefetched)
