from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class ResumesConfig(AppConfig):
    name = "apps.resumes"
    label = "resumes"
    verbose_name = _("Resumes")
