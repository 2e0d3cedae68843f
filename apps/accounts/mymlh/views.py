"""MyMLH (v4, OAuth 2): the authorize and token endpoints on my.mlh.io, the member's data from
the v4 API. The addresses come from settings (MYMLH_AUTH_URL, MYMLH_API_URL), so the tests point
them at a local fake server."""

from __future__ import annotations

from allauth.socialaccount.adapter import get_adapter
from allauth.socialaccount.providers.oauth2.views import OAuth2Adapter, OAuth2CallbackView, OAuth2LoginView
from django.conf import settings


class MyMLHOAuth2Adapter(OAuth2Adapter):
    provider_id = "mymlh"

    @property
    def access_token_url(self) -> str:
        return f"{settings.MYMLH_AUTH_URL}/oauth/token"

    @property
    def authorize_url(self) -> str:
        return f"{settings.MYMLH_AUTH_URL}/oauth/authorize"

    @property
    def profile_url(self) -> str:
        return f"{settings.MYMLH_API_URL}/v4/users/me"

    def complete_login(self, request, app, token, **kwargs):
        with get_adapter().get_requests_session() as session:
            response = session.get(
                self.profile_url,
                headers={"Authorization": f"Bearer {token.token}"},
                params=[("expand[]", "education")],
            )
            response.raise_for_status()
            data = response.json()
        # What the application asks (name, school, level of study…), for its form; the rest of
        # the member's data is dropped (only the link is kept: apps/accounts/social.py).
        from apps.accounts.social import mymlh_prefill, remember_prefill

        remember_prefill(request, mymlh_prefill(data))
        return self.get_provider().sociallogin_from_response(request, data)


oauth2_login = OAuth2LoginView.adapter_view(MyMLHOAuth2Adapter)
oauth2_callback = OAuth2CallbackView.adapter_view(MyMLHOAuth2Adapter)
