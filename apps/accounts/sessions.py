"""An absolute age for signed-in sessions.

Django's session expiry slides: every `token/refresh` (and every write) moves it forward, so a
session kept alive once a week would last forever, even if its cookie was stolen. The login
time is recorded in the session; past SESSION_ABSOLUTE_AGE seconds the session ends, whatever
its sliding expiry says.
"""

from __future__ import annotations

from django.conf import settings
from django.contrib.auth import SESSION_KEY, logout
from django.contrib.auth.signals import user_logged_in
from django.dispatch import receiver
from django.utils import timezone

LOGIN_AT = "portal_login_at"


def _now() -> int:
    return int(timezone.now().timestamp())


@receiver(user_logged_in, dispatch_uid="apps.accounts.sessions.record_login_time")
def record_login_time(sender, request, user, **kwargs) -> None:
    # Every sign-in (the API, Django's admin) goes through django.contrib.auth.login.
    if request is not None and hasattr(request, "session"):
        request.session[LOGIN_AT] = _now()


def seconds_left(session) -> int | None:
    """Seconds until the session's absolute end, or None when it is not a signed-in session."""
    if SESSION_KEY not in session:
        return None
    started = session.get(LOGIN_AT)
    if not isinstance(started, int):
        # Signed in before the login time was recorded: the clock starts now.
        started = session[LOGIN_AT] = _now()
    return started + settings.SESSION_ABSOLUTE_AGE - _now()


class AbsoluteSessionAgeMiddleware:
    """Ends a signed-in session that has outlived SESSION_ABSOLUTE_AGE, on any request."""

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        left = seconds_left(request.session)
        if left is not None and left <= 0:
            logout(request)
        return self.get_response(request)
