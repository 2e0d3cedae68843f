from django.apps import AppConfig


class MailingsConfig(AppConfig):
    name = "apps.mailings"
    label = "mailings"
