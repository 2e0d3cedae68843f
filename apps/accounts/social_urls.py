"""The providers' sign-in and callback addresses (allauth's views, allauth's URL names, which its
views reverse), each answering 404 while its provider is not configured."""

from __future__ import annotations

from functools import wraps

from allauth.socialaccount.providers.github import views as github
from allauth.socialaccount.providers.google import views as google
from django.conf import settings
from django.urls import path

from apps.core.pages import not_found

from .mymlh import views as mymlh

VIEWS = {
    "mymlh": (mymlh.oauth2_login, mymlh.oauth2_callback),
    "github": (github.oauth2_login, github.oauth2_callback),
    "google": (google.oauth2_login, google.oauth2_callback),
}


def _when_configured(provider: str, view):
    @wraps(view)
    def wrapper(request, *args, **kwargs):
        if provider not in settings.SOCIALACCOUNT_PROVIDERS:
            return not_found(request)
        return view(request, *args, **kwargs)

    return wrapper


urlpatterns = [
    route
    for provider, (login, callback) in VIEWS.items()
    for route in (
        path(f"accounts/{provider}/login/", _when_configured(provider, login), name=f"{provider}_login"),
        path(
            f"accounts/{provider}/login/callback/",
            _when_configured(provider, callback),
            name=f"{provider}_callback",
        ),
    )
]
