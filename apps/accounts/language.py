"""The language the portal speaks to a person: their saved choice, else the request's, else the
site's default (docs/i18n.md).

Django's LocaleMiddleware picks a request's language from the language cookie, then the
browser's Accept-Language, then LANGUAGE_CODE. A signed-in user's saved choice comes first:
`UserLanguageMiddleware`, after authentication, activates it over what LocaleMiddleware chose,
so the same account reads the portal (and gets its mail) in one language on every device.
"""

from __future__ import annotations

from django.conf import settings
from django.utils import translation
from django.utils.translation import gettext as _

from apps.core.exceptions import ApplicationError


def enabled() -> list[str]:
    """The codes of the enabled languages (LANGUAGES), the default first among equals."""
    return [code for code, _name in settings.LANGUAGES]


def is_enabled(code: str) -> bool:
    return isinstance(code, str) and code in enabled()


def of(user) -> str:
    """The language to speak to `user` in: their saved one while it is enabled, else the
    site's default (a language the operator has since disabled falls back, never errors)."""
    code = getattr(user, "language", "") or ""
    return code if is_enabled(code) else settings.LANGUAGE_CODE


def choices() -> list[dict]:
    """The switch's options: each enabled language's code and its name in that language."""
    return [{"code": code, "name": name} for code, name in settings.LANGUAGES]


def choose(request, code: str) -> str:
    """Make `code` the language of this visitor from now on: saved on a signed-in account, and
    active for the rest of the request. Raises a 400 at `language` for a code not enabled."""
    if not is_enabled(code):
        message = _("Choose one of: %(codes)s.") % {"codes": ", ".join(enabled())}
        raise ApplicationError(message, errors={"language": [message]})
    user = request.user
    if user.is_authenticated and user.language != code:
        user.language = code
        user.save(update_fields=["language"])  # the save drops the cached row (user_cache)
    translation.activate(code)
    request.LANGUAGE_CODE = code
    return code


def set_cookie(response, code: str) -> None:
    """Remember `code` in the browser, as LocaleMiddleware reads it on the next request."""
    response.set_cookie(
        settings.LANGUAGE_COOKIE_NAME,
        code,
        max_age=settings.LANGUAGE_COOKIE_AGE,
        path=settings.LANGUAGE_COOKIE_PATH,
        domain=settings.LANGUAGE_COOKIE_DOMAIN,
        secure=settings.LANGUAGE_COOKIE_SECURE,
        httponly=settings.LANGUAGE_COOKIE_HTTPONLY,
        samesite=settings.LANGUAGE_COOKIE_SAMESITE,
    )


class UserLanguageMiddleware:
    """A signed-in user's saved language wins over the cookie and Accept-Language.

    With one language enabled there is nothing to choose and the user isn't looked at.
    """

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        if len(settings.LANGUAGES) > 1:
            user = getattr(request, "user", None)
            code = getattr(user, "language", "") if user is not None and user.is_authenticated else ""
            if is_enabled(code) and code != getattr(request, "LANGUAGE_CODE", None):
                translation.activate(code)
                request.LANGUAGE_CODE = code
        return self.get_response(request)
