from django.apps import AppConfig


class AccountsConfig(AppConfig):
    name = "apps.accounts"
    label = "accounts"

    def ready(self) -> None:
        # Connects the receiver that records each sign-in's time (the absolute session age).
        from . import sessions  # noqa: F401
