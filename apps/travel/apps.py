from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class TravelConfig(AppConfig):
    name = "apps.travel"
    label = "travel"
    verbose_name = _("Travel grants")
