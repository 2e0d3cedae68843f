from django.apps import AppConfig


class MyMLHConfig(AppConfig):
    """The MyMLH sign-in provider: an allauth provider is found through an installed app's
    `provider` module, so it is an app of its own (no models)."""

    name = "apps.accounts.mymlh"
    label = "mymlh"
    verbose_name = "MyMLH sign-in"
