from allauth.account.apps import AccountConfig as AllauthAccountConfig
from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class AccountsConfig(AppConfig):
    # This module holds two configs (and imports allauth's), so Django picks none by itself for
    # "apps.accounts" and would fall back to a bare AppConfig: no ready(), an untranslated name.
    default = True
    name = "apps.accounts"
    label = "accounts"
    verbose_name = _("Accounts")

    def ready(self) -> None:
        # Connects the receivers that record each sign-in's time (the absolute session age),
        # that drop a saved or deleted user from the per-request cache, and that keep nothing
        # of a provider's answer but the link (social).
        from . import sessions, social, user_cache  # noqa: F401


class EmailVerificationConfig(AllauthAccountConfig):
    """allauth's `account` app under a name of its own: it is also called "Accounts", so Django's
    admin showed two "Accounts" sections. It holds the email addresses and their verification;
    the accounts themselves (users, whitelist) are ours. Same app, label and tables."""

    verbose_name = _("Email verification")
