"""The session engine (SESSION_ENGINE names this module: `SessionStore`), and an absolute age
for signed-in sessions.

Django's session expiry slides: every `token/refresh` (and every write) moves it forward, so a
session kept alive once a week would last forever, even if its cookie was stolen. The login
time is recorded in the session; past SESSION_ABSOLUTE_AGE seconds the session ends, whatever
its sliding expiry says.
"""

from __future__ import annotations

from django.conf import settings
from django.contrib.auth import SESSION_KEY, logout
from django.contrib.auth.signals import user_logged_in
from django.contrib.sessions.backends import cached_db
from django.contrib.sessions.backends.base import VALID_KEY_CHARS, CreateError
from django.dispatch import receiver
from django.utils import timezone
from django.utils.crypto import get_random_string

LOGIN_AT = "portal_login_at"


class SessionStore(cached_db.SessionStore):
    """Django's cached_db sessions, with a sign-in that writes its session once.

    Sign-in rotates the session key (`login()` calls `cycle_key()`, against session fixation).
    Django's `cycle_key()` stores the session under its new key at once (a SELECT to check that
    the key is unused, an INSERT, a cache write), and the session middleware then writes it
    again with what `login()` put in it (an UPDATE, a cache write): five round trips where two
    do. Here `cycle_key()` only picks the new key and deletes the old session, as Django's does;
    the middleware's save inserts the new one once. A random key of 32 characters does not
    collide in practice; the INSERT would refuse one that did, and the save then picks another.
    A response that is never saved (a 500) stores nothing, and its client keeps no cookie.
    Sign-ins run outside any transaction (ATOMIC_REQUESTS is off; services.user_login, the
    Django admin's and allauth's are not atomic): inside one that then rolled back, the INSERT
    at the response would still sign the person in, where Django's own store would refuse the
    response. Keep login() out of atomic blocks."""

    _insert_on_save = False

    def cycle_key(self):
        data = self._session
        key = self.session_key
        self._session_key = get_random_string(32, VALID_KEY_CHARS)
        self._session_cache = data
        self._insert_on_save = self.modified = True
        if key:
            self.delete(key)

    def save(self, must_create=False):
        inserting = self._insert_on_save and self.session_key is not None
        while True:
            try:
                super().save(must_create=must_create or inserting)
            except CreateError:
                if not inserting:
                    raise  # create() picks another key itself
                self._session_key = get_random_string(32, VALID_KEY_CHARS)
                continue
            self._insert_on_save = False
            return


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
