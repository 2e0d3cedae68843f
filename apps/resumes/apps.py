from django.apps import AppConfig


class ResumesConfig(AppConfig):
    name = "apps.resumes"
    label = "resumes"
