"""Sign-in throttling that a stranger can't turn against an account's owner.

The old limit (5 failures per address, 10 per IP, checked before the password) let anyone
lock any student out by typing five wrong passwords, and let one person behind a campus NAT
lock out everyone behind it. This follows OWASP's "device cookie" scheme instead:

- a successful sign-in gives the browser a signed device cookie naming the account;
- a client that holds a valid device cookie for the account is judged only by its own
  failures (`login_failed_device`), never by what strangers did;
- every other ("untrusted") client is limited per (account, client IP)
  (`login_failed_client`), per account across all untrusted clients (`login_failed_account`,
  a larger budget, so one attacker from one address can't reach it alone), and per IP for
  failures on any account (`login_failed_ip`, high enough for a NAT);
- only failures are counted; a refused attempt never reaches the password check.

The API login and Django's admin login use this one guard, so they share the counters.
Rates live in ACCOUNT_RATE_LIMITS (config/settings/base.py) and are read through allauth's
rate limiter, so the counters sit in the shared cache.
"""

from __future__ import annotations

import hashlib
import secrets

from allauth.core import ratelimit
from allauth.core.internal.ratelimit import get_ip
from django.conf import settings
from django.core import signing
from django.utils.crypto import constant_time_compare, salted_hmac

from .models import User

DEVICE_SALT = "apps.accounts.throttle.device"


def _key(text: str) -> str:
    # allauth hashes keys as strict UTF-8; a lone surrogate in a typed address would be a 500.
    return hashlib.sha256(text.encode("utf-8", "surrogatepass")).hexdigest()


def _password_mark(user: User) -> str:
    # Ties a device cookie to the current password: after a reset, old devices are strangers.
    return salted_hmac(DEVICE_SALT, user.password).hexdigest()[:20]


def device_cookie_value(user: User) -> str:
    return signing.dumps({"u": user.pk, "n": secrets.token_hex(12), "p": _password_mark(user)}, salt=DEVICE_SALT)


def trusted_device(request, user: User | None) -> str | None:
    """The device id of the request's device cookie when it is valid for `user`, else None."""
    raw = request.COOKIES.get(settings.LOGIN_DEVICE_COOKIE_NAME)
    if user is None or not raw:
        return None
    try:
        data = signing.loads(raw, salt=DEVICE_SALT, max_age=settings.LOGIN_DEVICE_COOKIE_AGE)
    except (signing.BadSignature, ValueError, TypeError):
        return None
    if not isinstance(data, dict) or data.get("u") != user.pk or not isinstance(data.get("n"), str):
        return None
    if not constant_time_compare(str(data.get("p", "")), _password_mark(user)):
        return None
    return data["n"]


def issue_device_cookie(response, user: User) -> None:
    """Mark the browser that just signed in as one of `user`'s devices."""
    response.set_cookie(
        settings.LOGIN_DEVICE_COOKIE_NAME,
        device_cookie_value(user),
        max_age=settings.LOGIN_DEVICE_COOKIE_AGE,
        httponly=True,
        secure=settings.SESSION_COOKIE_SECURE,
        samesite="Lax",
    )


class LoginGuard:
    """The throttle around one sign-in attempt for `email` (normalized)."""

    def __init__(self, request, email: str) -> None:
        self.request = request
        self.email = email
        user = User.objects.filter(email=email).first() if email else None
        self.device = trusted_device(request, user)
        self.refused = False
        self.user: User | None = None

    def _limits(self) -> list[tuple[str, str]]:
        if self.device is not None:
            return [("login_failed_device", self.device)]
        account = _key(self.email)
        return [
            ("login_failed_ip", account),
            ("login_failed_client", _key(f"{self.email}|{get_ip(self.request)}")),
            ("login_failed_account", account),
        ]

    def allows(self) -> bool:
        """False when this client has used up its failures; nothing is counted here."""
        for action, key in self._limits():
            if not ratelimit.consume(self.request, action=action, key=key, dry_run=True):
                self.refused = True
                return False
        return True

    def failed(self) -> None:
        for action, key in self._limits():
            ratelimit.consume(self.request, action=action, key=key)

    def succeeded(self, user: User) -> None:
        self.user = user

    def finish(self, response):
        """Give a signed-in browser its device cookie."""
        if self.user is not None:
            issue_device_cookie(response, self.user)
        return response
