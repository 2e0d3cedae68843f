"""Production: every secret and service from the environment; nothing embedded.

base.py falls back to conveniences for `make run` (SQLite, the filesystem broker, a file cache,
a development secret key, links to 127.0.0.1). None of them may reach production silently, so
each required variable missing here is an ImproperlyConfigured at start-up, not a portal that
runs on a throwaway database. `manage.py check --deploy --fail-level WARNING` is clean with the
defaults below (apps/core/tests/test_production_settings.py keeps it so).
"""

from pathlib import Path

import environ
from django.core.exceptions import ImproperlyConfigured

# The required variables are checked before base.py reads them with its development defaults
# (an empty DATABASE_URL would otherwise fail there with a KeyError instead of this message).
_env = environ.Env()
_dotenv = Path(__file__).resolve().parent.parent.parent / ".env"
if _dotenv.exists():
    _env.read_env(_dotenv, overwrite=False)


def _required(name: str) -> str:
    value = _env(name, default="").strip()
    if not value:
        raise ImproperlyConfigured(
            f"{name} must be set under config.settings.production (environment or .env); "
            "production never falls back to the development defaults."
        )
    return value


# The database; the Celery broker and the cache (without REDIS_URL base.py would pick the
# filesystem broker and a file cache, which several web processes and hosts can't share); the
# secret key; the absolute base of the links in mails.
_REQUIRED = {name: _required(name) for name in ("DJANGO_SECRET_KEY", "DATABASE_URL", "REDIS_URL", "SITE_URL")}

from apps.core.logs import logging_config  # noqa: E402

from .base import *  # noqa: E402, F403
from .base import env  # noqa: E402

# seed_demo reads this: it refuses to create its published demo admin here without --force.
PRODUCTION = True
DEBUG = False
SECRET_KEY = _REQUIRED["DJANGO_SECRET_KEY"]
SITE_URL = _REQUIRED["SITE_URL"].rstrip("/")

# --- HTTPS ------------------------------------------------------------------------------
# DJANGO_ALLOW_PLAIN_HTTP=true is the one explicit opt-out for a stack served over plain http
# (docker compose on a laptop): it turns the defaults of the redirect, the secure cookies and
# HSTS off. Every setting below still takes its own variable, and check --deploy then says what
# is off.
ALLOW_PLAIN_HTTP = env.bool("DJANGO_ALLOW_PLAIN_HTTP", default=False)
_https = not ALLOW_PLAIN_HTTP

SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https")
SECURE_SSL_REDIRECT = env.bool("SECURE_SSL_REDIRECT", default=_https)
# Paths (regular expressions, no leading slash) answered over plain http too, e.g. a load
# balancer probes. The portal's own /healthz, /readyz and /metrics need no entry: they are
# answered before the redirect (apps.core.health).
SECURE_REDIRECT_EXEMPT = env.list("SECURE_REDIRECT_EXEMPT", default=[])
SESSION_COOKIE_SECURE = env.bool("SESSION_COOKIE_SECURE", default=_https)
CSRF_COOKIE_SECURE = env.bool("CSRF_COOKIE_SECURE", default=_https)
# The chosen language travels in a cookie of its own (LocaleMiddleware): secure like the others.
LANGUAGE_COOKIE_SECURE = SESSION_COOKIE_SECURE

# HSTS: a year by default. Preloading is a commitment that outlives this deployment (removal
# from the browsers' lists takes months), so it is the operator's explicit choice.
SECURE_HSTS_SECONDS = env.int("SECURE_HSTS_SECONDS", default=60 * 60 * 24 * 365 if _https else 0)
SECURE_HSTS_INCLUDE_SUBDOMAINS = env.bool("SECURE_HSTS_INCLUDE_SUBDOMAINS", default=True)
SECURE_HSTS_PRELOAD = env.bool("SECURE_HSTS_PRELOAD", default=False)
# W021 ("SECURE_HSTS_PRELOAD is not True") only restates the choice above; W005 is silenced
# only when the operator turned include-subdomains off on purpose.
SILENCED_SYSTEM_CHECKS = [
    *([] if SECURE_HSTS_PRELOAD else ["security.W021"]),
    *([] if SECURE_HSTS_INCLUDE_SUBDOMAINS else ["security.W005"]),
]

SECURE_CONTENT_TYPE_NOSNIFF = True
SECURE_REFERRER_POLICY = env("SECURE_REFERRER_POLICY", default="same-origin")
SECURE_CROSS_ORIGIN_OPENER_POLICY = "same-origin"
X_FRAME_OPTIONS = "DENY"

# --- Webhooks ---------------------------------------------------------------------------
# Signed, but a receiver's URL over plain http would show every payload to the network.
WEBHOOKS_REQUIRE_HTTPS = env.bool("WEBHOOKS_REQUIRE_HTTPS", default=True)

# --- Logs --------------------------------------------------------------------------------
# One JSON object per line, with the request id, for a log collector (LOG_FORMAT=plain for a
# person reading a terminal).
LOG_FORMAT = env("LOG_FORMAT", default="json")
LOGGING = logging_config(LOG_FORMAT, LOG_LEVEL)  # noqa: F405
