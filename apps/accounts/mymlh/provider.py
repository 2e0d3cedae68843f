"""MyMLH as an allauth provider.

Scopes (MYMLH_SCOPES): `public` (the member's id), `user:read:email` (the address the account is
matched and created by), `user:read:profile` (first and last name), `user:read:education`
(school, level of study, graduation year) and `user:read:phone`. Nothing else is asked for:
demographics and birthday belong to MLH, and the application asks its own questions.

The address counts as verified only when the member's data says so (`email_verified` true):
an address no one confirmed never joins an existing account nor creates one
(apps/accounts/social.py).
"""

from __future__ import annotations

from allauth.account.models import EmailAddress
from allauth.socialaccount.providers.base import ProviderAccount
from allauth.socialaccount.providers.oauth2.provider import OAuth2Provider
from django.conf import settings

from .views import MyMLHOAuth2Adapter


class MyMLHAccount(ProviderAccount):
    def to_str(self) -> str:
        return "MyMLH"


class MyMLHProvider(OAuth2Provider):
    id = "mymlh"
    name = "MyMLH"
    account_class = MyMLHAccount
    oauth2_adapter_class = MyMLHOAuth2Adapter

    def get_default_scope(self) -> list[str]:
        return list(settings.MYMLH_SCOPES)

    def extract_uid(self, data) -> str:
        return str(data["id"])

    def extract_common_fields(self, data) -> dict:
        return {"email": data.get("email")}

    def extract_email_addresses(self, data) -> list[EmailAddress]:
        email = data.get("email")
        if not email:
            return []
        return [EmailAddress(email=email, verified=data.get("email_verified") is True, primary=True)]


provider_classes = [MyMLHProvider]
