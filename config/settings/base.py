"""Settings shared by every environment. Everything that differs comes from the environment."""

import os
from pathlib import Path
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

import environ
from csp.constants import NONCE, NONE, SELF, UNSAFE_INLINE
from django.core.exceptions import ImproperlyConfigured

from apps.core.logs import logging_config
from apps.core.static import add_headers, is_hashed_asset

BASE_DIR = Path(__file__).resolve().parent.parent.parent
# Where a checkout keeps its local state (SQLite, mail, the filesystem broker, beat's schedule).
# VAR_DIR moves it: the supervisor test runs `make run`'s processes without touching var/.
VAR_DIR = Path(os.environ.get("VAR_DIR") or BASE_DIR / "var")

env = environ.Env()
env.read_env(BASE_DIR / ".env", overwrite=False) if (BASE_DIR / ".env").exists() else None

SECRET_KEY = env("DJANGO_SECRET_KEY", default="dev-only-insecure-key-change-me")
DEBUG = env.bool("DJANGO_DEBUG", default=False)
ALLOWED_HOSTS = env.list("DJANGO_ALLOWED_HOSTS", default=["127.0.0.1", "localhost"])
CSRF_TRUSTED_ORIGINS = env.list("DJANGO_CSRF_TRUSTED_ORIGINS", default=[])

# --- Applications -----------------------------------------------------------------------
DJANGO_APPS = [
    "django.contrib.admin",
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "django.contrib.staticfiles",
]
THIRD_PARTY_APPS = [
    "rest_framework",
    "allauth",
    "apps.accounts.apps.EmailVerificationConfig",  # allauth.account, named apart from our Accounts
    # Sign-in through GitHub, Google and MyMLH (apps/accounts/social.py): each off until its
    # client id and secret are set below.
    "allauth.socialaccount",
    "allauth.socialaccount.providers.github",
    "allauth.socialaccount.providers.google",
    "apps.accounts.mymlh",
    "django_vite",
]
LOCAL_APPS = [
    "apps.core",
    "apps.accounts",
    "apps.cycles",
    "apps.applications",
    "apps.decisions",  # decide, batch, confirm / decline, release and its mail: over applications
    "apps.reports",  # stats, export, demographics, resume book: reads applications, no models
    "apps.reviews",
    "apps.resumes",
    "apps.mailings",
    "apps.travel",  # travel requests, grants from the cycle's budget, receipts and the payout
    "apps.privacy",  # export, account deletion, retention purge: over the others, nothing imports it
    "apps.checkin",  # tickets, scans, walk-ins at the event: over the others, nothing imports it
    "apps.cockpit",  # the admin home: reads the others for its counts, nothing imports it
    # Signed webhooks to the organizers' systems: listens to the others, nothing imports it.
    "apps.integrations",
    # The demo data (seed_demo): above every domain app, so core stays plumbing.
    "apps.demo",
]
INSTALLED_APPS = DJANGO_APPS + THIRD_PARTY_APPS + LOCAL_APPS
# --- OpenAPI schema (drf-spectacular): the API's machine-readable contract -----------------
# The sidecar ships Swagger UI's assets as static files, so the docs page needs no CDN and its
# scripts pass a `script-src 'self'` Content-Security-Policy.
INSTALLED_APPS += ["drf_spectacular", "drf_spectacular_sidecar"]

MIDDLEWARE = [
    # The request's id in every log line, the tasks it queues and the response (X-Request-ID).
    "apps.core.telemetry.RequestIdMiddleware",
    # /healthz, /readyz and /metrics, answered before the https redirect and the Host check
    # (probes come over plain http with the container's address): apps.core.health.
    "apps.core.health.HealthMiddleware",
    # Request latency by route, in memory (apps.core.metrics).
    "apps.core.metrics.MetricsMiddleware",
    # Before the rest, so it sees every response last: API errors as JSON, outages as 503s
    # (apps.core.middleware).
    "apps.core.middleware.ApiErrorsMiddleware",
    "django.middleware.security.SecurityMiddleware",
    "whitenoise.middleware.WhiteNoiseMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    # The request's language: after the session (a visitor's chosen language is in it), before
    # CommonMiddleware (Django's documented place). A signed-in user's saved language is applied
    # after authentication, by apps.accounts.language.UserLanguageMiddleware below.
    "django.middleware.locale.LocaleMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    "apps.accounts.sessions.AbsoluteSessionAgeMiddleware",  # SESSION_ABSOLUTE_AGE
    # A signed-in user's saved language wins over the cookie and Accept-Language (docs/i18n.md).
    "apps.accounts.language.UserLanguageMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
    "allauth.account.middleware.AccountMiddleware",
]

ROOT_URLCONF = "config.urls"
WSGI_APPLICATION = "config.wsgi.application"

TEMPLATES = [
    {
        "BACKEND": "django.template.backends.django.DjangoTemplates",
        "DIRS": [BASE_DIR / "templates"],
        "APP_DIRS": True,
        "OPTIONS": {
            "context_processors": [
                "django.template.context_processors.request",
                "django.contrib.auth.context_processors.auth",
                "django.contrib.messages.context_processors.messages",
                "apps.core.context_processors.portal",
            ],
        },
    },
]

# --- Database ---------------------------------------------------------------------------
DATABASES = {
    "default": env.db("DATABASE_URL", default=f"sqlite:///{VAR_DIR / 'db.sqlite3'}"),
}
DATABASES["default"]["ATOMIC_REQUESTS"] = False
# Persistent connections: a worker keeps its connection for this many seconds instead of opening
# one per request (on PostgreSQL a new connection cost more than the request itself: a bare
# view served 106 requests/s without, 338 with). 0 closes after every request, as Django's
# default.
DATABASES["default"]["CONN_MAX_AGE"] = env.int("DATABASE_CONN_MAX_AGE", default=60)
# Off: the health check is a `SELECT 1` before every request's first query, a round trip as
# long as the polled status call's one query (apps/accounts/tests/test_request_round_trips.py
# counts it). Without it, a kept connection that died (a database restart) fails the one request
# that finds it, and Django drops it at that request's end; the next gets a fresh one. Turn it
# on where connections die often and silently (a pooler's idle timeout).
DATABASES["default"]["CONN_HEALTH_CHECKS"] = env.bool("DATABASE_CONN_HEALTH_CHECKS", default=False)
# Behind pgbouncer in transaction pooling mode a server-side cursor (QuerySet.iterator()) can
# land on another server connection between its DECLARE and its FETCH: set this to true there
# (docs/performance.md). The CSV export streams through COPY, which is one statement and needs none.
DATABASES["default"]["DISABLE_SERVER_SIDE_CURSORS"] = env.bool("DATABASE_DISABLE_SERVER_SIDE_CURSORS", default=False)
# Prepared statements (PostgreSQL): parameters bound by the server, and the compiled reads of
# apps/core/db.py (Prepared: the door's one statement, the dashboard's and the submit's reads,
# rows found by unique keys) planned once per connection and kept, so they pay with
# CONN_MAX_AGE. PostgreSQL planned the door's statement in 1 ms and ran it in 0.4: prepared, an
# in-process scan took 3.7-5.5 ms against 6.4-7.6 (docs/performance.md). No other statement is
# prepared: psycopg's automatic preparation waits for more runs than any connection makes
# (None would turn preparation off altogether, the compiled reads' too). A plan made without
# the values can be far worse than one made with them, and was, 60 times, for a rewrite of the
# admin panel's release count. Off behind a pooler that can't carry prepared statements across
# server connections (pgbouncer before 1.21, or without max_prepared_statements); Django's
# default is off.
PREPARE_ONLY_WHEN_ASKED = 2**62


def prepared_statement_options(engine: str, enabled: bool) -> dict:
    """The database OPTIONS that turn prepared statements on: PostgreSQL's only. The compiled
    reads ask for theirs (apps/core/db.py); psycopg prepares nothing by itself."""
    if engine == "django.db.backends.postgresql" and enabled:
        return {"server_side_binding": True, "prepare_threshold": PREPARE_ONLY_WHEN_ASKED}
    return {}


DATABASES["default"].setdefault("OPTIONS", {}).update(
    prepared_statement_options(DATABASES["default"]["ENGINE"], env.bool("DATABASE_PREPARED_STATEMENTS", default=True))
)
DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"

# --- Auth -------------------------------------------------------------------------------
AUTH_USER_MODEL = "accounts.User"
AUTHENTICATION_BACKENDS = [
    # allauth's backend, with the per-request user lookup served from the cache
    # (apps/accounts/user_cache.py).
    "apps.accounts.user_cache.CachedUserBackend",
]
# The first hasher hashes new passwords; the others only verify older hashes, which are re-made
# with the first at the next sign-in. Argon2id at OWASP's recommended cost (19 MiB, 2 passes,
# 1 lane) is about 15 ms of CPU per hash where PBKDF2 at Django's 1,000,000 iterations is about
# 185 ms, with at least its resistance to guessing (apps/accounts/hashers.py).
PASSWORD_HASHERS = env.list(
    "PASSWORD_HASHERS",
    default=[
        "apps.accounts.hashers.Argon2idPasswordHasher",
        "apps.accounts.hashers.PBKDF2PasswordHasher",
        "django.contrib.auth.hashers.PBKDF2SHA1PasswordHasher",
    ],
)
PASSWORD_ARGON2_TIME_COST = env.int("PASSWORD_ARGON2_TIME_COST", default=2)
PASSWORD_ARGON2_MEMORY_COST = env.int("PASSWORD_ARGON2_MEMORY_COST", default=19 * 1024)  # KiB
PASSWORD_ARGON2_PARALLELISM = env.int("PASSWORD_ARGON2_PARALLELISM", default=1)
PASSWORD_PBKDF2_ITERATIONS = env.int("PASSWORD_PBKDF2_ITERATIONS", default=1_000_000)
LOGIN_URL = "/login"
# Sessions read from the cache and written through to the database: a signed-in request reads
# no session row once its session is cached, and a cache flush only costs a re-read.
# Django's cached_db, with a sign-in that writes its session once (apps/accounts/sessions.py).
SESSION_ENGINE = "apps.accounts.sessions"
SESSION_COOKIE_AGE = env.int("SESSION_COOKIE_AGE", default=60 * 60 * 24 * 14)
SESSION_COOKIE_HTTPONLY = True
SESSION_COOKIE_SAMESITE = "Lax"
CSRF_COOKIE_SAMESITE = "Lax"

# django-allauth: email is the login, verification is mandatory and the link lasts 1 hour.
ACCOUNT_ADAPTER = "apps.accounts.adapters.AccountAdapter"
ACCOUNT_LOGIN_METHODS = {"email"}
ACCOUNT_SIGNUP_FIELDS = ["email*", "password1*"]
ACCOUNT_USER_MODEL_USERNAME_FIELD = None
ACCOUNT_UNIQUE_EMAIL = True
ACCOUNT_EMAIL_VERIFICATION = "mandatory"
ACCOUNT_EMAIL_CONFIRMATION_HMAC = True
ACCOUNT_EMAIL_CONFIRMATION_EXPIRE_DAYS = 1 / 24  # one hour
ACCOUNT_PREVENT_ENUMERATION = True
# Rates are "<count>/<period>/<per>" lists (allauth's syntax). Sign-in counts failures only, in
# four budgets (apps/accounts/throttle.py): per IP over every account (high: a campus NAT), per
# account from one client IP, per account over all clients without a device cookie, and per
# device cookie (a browser that signed in before is not locked out by strangers' failures).
ACCOUNT_RATE_LIMITS = {
    "login_failed_ip": env("RATE_LIMIT_LOGIN_FAILED_IP", default="100/5m/ip"),
    "login_failed_client": env("RATE_LIMIT_LOGIN_FAILED_CLIENT", default="5/5m/key"),
    "login_failed_account": env("RATE_LIMIT_LOGIN_FAILED_ACCOUNT", default="30/h/key"),
    "login_failed_device": env("RATE_LIMIT_LOGIN_FAILED_DEVICE", default="10/5m/key"),
    "signup": env("RATE_LIMIT_SIGNUP", default="20/m/ip"),
    "verification_mail": env("RATE_LIMIT_VERIFICATION_MAIL", default="3/h/key"),
    "confirm_email": env("RATE_LIMIT_CONFIRM_EMAIL", default="1/30s/key"),
    "reset_password": env("RATE_LIMIT_RESET_PASSWORD", default="20/m/ip,5/5m/key"),
    # Reset mails per address (apps/accounts/services.py): past it the same answer, no mail.
    "reset_password_mail": env("RATE_LIMIT_RESET_PASSWORD_MAIL", default="3/h/key"),
    "reset_password_from_key": env("RATE_LIMIT_RESET_FROM_KEY", default="20/m/ip"),
    "teamcode": env("RATE_LIMIT_TEAMCODE", default="10/h/user"),
    # Checking a teammate's code as the field is left: enough for typing, too few to guess codes.
    "teamcode_check": env("RATE_LIMIT_TEAMCODE_CHECK", default="60/h/user"),
    # A university address added to an account, each mailed a link (apps/accounts/services.py).
    "university_email": env("RATE_LIMIT_UNIVERSITY_EMAIL", default="10/h/user"),
}
PASSWORD_RESET_TIMEOUT = env.int("PASSWORD_RESET_TIMEOUT", default=60 * 60)

# Social sign-in (apps/accounts/social.py decides who may sign in: no account is taken over
# through a provider). A provider is on only when both its client id and secret are set.
SOCIALACCOUNT_ADAPTER = "apps.accounts.social.SocialAccountAdapter"
SOCIALACCOUNT_AUTO_SIGNUP = True
SOCIALACCOUNT_EMAIL_AUTHENTICATION = False  # the adapter joins accounts, on stricter terms
SOCIALACCOUNT_STORE_TOKENS = False  # nothing from a provider beyond the link itself
SOCIALACCOUNT_QUERY_EMAIL = True  # GitHub: the addresses with their verified flags
SOCIALACCOUNT_LOGIN_ON_GET = False  # a sign-in starts with a POST (CSRF), never a link
# MyMLH v4: where its OAuth server and API live, and the scopes asked for (what each is for:
# apps/accounts/mymlh/provider.py).
MYMLH_AUTH_URL = env("MYMLH_AUTH_URL", default="https://my.mlh.io").rstrip("/")
MYMLH_API_URL = env("MYMLH_API_URL", default="https://api.mlh.com").rstrip("/")
MYMLH_SCOPES = env.list(
    "MYMLH_SCOPES",
    default=["public", "user:read:email", "user:read:profile", "user:read:education", "user:read:phone"],
)


def _social_app(client_id: str, secret: str, **options) -> dict | None:
    client_id, secret = client_id.strip(), secret.strip()
    return {"APP": {"client_id": client_id, "secret": secret}, **options} if client_id and secret else None


SOCIALACCOUNT_PROVIDERS = {
    key: app
    for key, app in {
        "mymlh": _social_app(env("MYMLH_CLIENT_ID", default=""), env("MYMLH_CLIENT_SECRET", default="")),
        "github": _social_app(env("GITHUB_CLIENT_ID", default=""), env("GITHUB_CLIENT_SECRET", default="")),
        "google": _social_app(
            env("GOOGLE_CLIENT_ID", default=""),
            env("GOOGLE_CLIENT_SECRET", default=""),
            SCOPE=["openid", "email", "profile"],
        ),
    }.items()
    if app is not None
}
# Where the client address comes from (rate limits): by default the socket's; behind N proxies
# you control, the N-th address from the right of X-Forwarded-For; or one header your proxy
# sets (e.g. X-Real-IP, CF-Connecting-IP). Spoofed X-Forwarded-For is ignored unless trusted.
ALLAUTH_TRUSTED_PROXY_COUNT = env.int("TRUSTED_PROXY_COUNT", default=0)
ALLAUTH_TRUSTED_CLIENT_IP_HEADER = env("TRUSTED_CLIENT_IP_HEADER", default=None) or None
LOGIN_DEVICE_COOKIE_NAME = "portal_device"
LOGIN_DEVICE_COOKIE_AGE = env.int("LOGIN_DEVICE_COOKIE_AGE", default=60 * 60 * 24 * 180)
# A signed-in session ends this long after sign-in, however often it is refreshed.
SESSION_ABSOLUTE_AGE = env.int("SESSION_ABSOLUTE_AGE", default=60 * 60 * 24 * 30)
# Django's own admin (superusers); the portal's organizer pages are under /admin.
DJANGO_ADMIN_URL = env("DJANGO_ADMIN_URL", default="django-admin/").strip("/") + "/"

# --- REST framework ---------------------------------------------------------------------
REST_FRAMEWORK = {
    "DEFAULT_AUTHENTICATION_CLASSES": ["apps.core.authentication.SessionAuthentication"],
    "DEFAULT_PERMISSION_CLASSES": ["rest_framework.permissions.IsAuthenticated"],
    "DEFAULT_RENDERER_CLASSES": ["rest_framework.renderers.JSONRenderer"],
    # JSON bodies only (DRF's parser, refusing bodies nested too deeply: a RecursionError was a
    # 500); the two calls that take a file (resume upload, a batch email's HTML) add multipart
    # themselves. Any other Content-Type is a 415, and the schema promises JSON alone.
    "DEFAULT_PARSER_CLASSES": ["apps.core.parsers.JSONParser"],
    "EXCEPTION_HANDLER": "apps.core.exceptions.exception_handler",
    "UNAUTHENTICATED_USER": "django.contrib.auth.models.AnonymousUser",
    # OpenAPI schema: see SPECTACULAR_SETTINGS below and apps/core/schema.py.
    "DEFAULT_SCHEMA_CLASS": "apps.core.schema.PortalAutoSchema",
}

# --- OpenAPI schema (drf-spectacular) -----------------------------------------------------
# Served at /api/schema/ with Swagger UI at /api/docs/, both to organizers only (the schema
# names every organizer call); `manage.py spectacular --file api.yaml` writes it for anyone.
SPECTACULAR_SETTINGS = {
    "TITLE": "HackPortal API",
    "DESCRIPTION": (
        "The hackathon portal's HTTP API. Auth is Django's session cookie; unsafe methods need "
        "the `X-CSRFToken` header equal to the `csrftoken` cookie (GET /api/auth/user sets it). "
        'Every error is `{"message": "...", "errors": {"<field>": ["..."]}}` (`errors` optional).'
    ),
    "VERSION": "1.0.0",
    "SCHEMA_PATH_PREFIX": r"/api/",
    "SERVE_INCLUDE_SCHEMA": False,
    "SERVE_PERMISSIONS": ["apps.core.permissions.IsAdmin"],
    # Request and response components apart: a write-only field never appears in an answer.
    "COMPONENT_SPLIT_REQUEST": True,
    "SWAGGER_UI_DIST": "SIDECAR",
    "SWAGGER_UI_FAVICON_HREF": "SIDECAR",
    "REDOC_DIST": "SIDECAR",
    # No "withCredentials": same-origin requests carry the session cookie anyway, and only
    # with credentials "same-origin" does drf-spectacular's script add the CSRF header that
    # "Try it out" needs for POST/PUT/DELETE.
    # The several "status" choice sets, each named once.
    "ENUM_NAME_OVERRIDES": {
        "QuestionTypeEnum": "apps.cycles.models.QuestionType",
        "ApplicationStatusEnum": "apps.applications.models.ApplicationStatus",
        "CycleStatusEnum": "apps.cycles.models.CycleStatus",
        "MailingStatusEnum": "apps.mailings.models.Mailing.Status",
        "DeliveryStateEnum": "apps.mailings.outbox.State",
        "WebhookEventEnum": "apps.integrations.models.Event",
        "ChatChannelKindEnum": "apps.integrations.models.ChatChannel.Kind",
        "DecisionEnum": ["submitted", "accepted", "waitlisted", "rejected", "waitlist_accepted"],
        "BatchDecisionEnum": ["accepted", "waitlisted", "rejected", "waitlist_accepted"],
        # The door's answers: a check-in (a scan, the search's button, a walk-in), a checkpoint.
        "CheckedInResultEnum": ["checked_in"],
        "PassedResultEnum": ["passed"],
        "ReviewStatusEnum": ["to_review", "complete"],
        "CheckpointKindEnum": "apps.checkin.models.Checkpoint.Kind",
        "TravelGrantStatusEnum": "apps.travel.models.TravelGrant.Status",
        "TravelReceiptStatusEnum": "apps.travel.models.TravelReceipt.Status",
    },
    "POSTPROCESSING_HOOKS": ["drf_spectacular.hooks.postprocess_schema_enums"],
}

# --- Cache ------------------------------------------------------------------------------
REDIS_URL = env("REDIS_URL", default="")
if REDIS_URL:
    CACHES = {
        "default": {
            "BACKEND": "apps.core.cache.SharedClientRedisCache",
            "LOCATION": REDIS_URL,
            "KEY_PREFIX": env("CACHE_KEY_PREFIX", default="portal"),
            # A Redis that stops answering must fail fast (a 503 with a message, see
            # apps.core.middleware), not hang every request that touches a rate limit.
            "OPTIONS": {"socket_connect_timeout": 2, "socket_timeout": 2},
        }
    }
else:
    CACHES = {
        "default": {
            "BACKEND": "django.core.cache.backends.filebased.FileBasedCache",
            "LOCATION": str(VAR_DIR / "cache"),
        }
    }

# Seconds a process trusts its copy of the current cycle before it checks the shared cache for
# a change made by another process (apps/cycles/current.py).
CURRENT_CYCLE_CHECK_EVERY = env.float("CURRENT_CYCLE_CHECK_EVERY", default=1.0)
# How long a process serves the statistics it counted last before it checks their version in the
# cache again (apps/reports/statistics.py); 0 checks on every call.
STATISTICS_CHECK_EVERY = env.float("STATISTICS_CHECK_EVERY", default=1.0)

# --- Celery -----------------------------------------------------------------------------
# Time limits: a task past the soft limit gets SoftTimeLimitExceeded, past the hard limit its
# process is killed. The mail senders stop claiming before the soft limit (apps.mailings.outbox
# run_deadline), and a claim older than the hard limit is taken over (outbox.STALE_AFTER).
CELERY_TASK_SOFT_TIME_LIMIT = env.int("CELERY_TASK_SOFT_TIME_LIMIT", default=240)
CELERY_TASK_TIME_LIMIT = env.int("CELERY_TASK_TIME_LIMIT", default=300)
# Redis hands an unacknowledged task (acks_late) to another worker after this many seconds:
# explicit, and longer than the hard time limit, so a running task is never handed out twice.
# A task lost with a dead worker comes back after it; decision emails don't wait for that
# (apps.decisions.tasks.requeue_decision_emails re-queues them within minutes).
CELERY_VISIBILITY_TIMEOUT = env.int("CELERY_VISIBILITY_TIMEOUT", default=900)
if not 0 < CELERY_TASK_SOFT_TIME_LIMIT < CELERY_TASK_TIME_LIMIT < CELERY_VISIBILITY_TIMEOUT:
    raise ImproperlyConfigured(
        "Celery limits must satisfy 0 < CELERY_TASK_SOFT_TIME_LIMIT < CELERY_TASK_TIME_LIMIT"
        " < CELERY_VISIBILITY_TIMEOUT (seconds)."
    )
# With REDIS_URL the broker is Redis; otherwise kombu's filesystem transport, which needs no
# server, so `make run` can start a real worker and beat on a laptop.
if REDIS_URL:
    CELERY_BROKER_URL = REDIS_URL
    CELERY_BROKER_TRANSPORT_OPTIONS: dict = {"visibility_timeout": CELERY_VISIBILITY_TIMEOUT}
else:
    # The host is named though the transport ignores it: without one kombu logs "No hostname
    # was supplied" on every start, a warning about nothing.
    # "filesystem-whole": kombu's filesystem transport, but a message file appears whole
    # (apps/core/broker.py says why; importing it registers the name).
    from apps.core.broker import SCHEME as _BROKER_SCHEME

    CELERY_BROKER_URL = f"{_BROKER_SCHEME}://localhost/"
    CELERY_BROKER_TRANSPORT_OPTIONS = {
        "data_folder_in": str(VAR_DIR / "celery" / "queue"),
        "data_folder_out": str(VAR_DIR / "celery" / "queue"),
        "processed_folder": str(VAR_DIR / "celery" / "processed"),
        "control_folder": str(VAR_DIR / "celery" / "control"),
        "store_processed": False,
    }
CELERY_RESULT_BACKEND = None
CELERY_TASK_IGNORE_RESULT = True
CELERY_TASK_ACKS_LATE = True
CELERY_TASK_REJECT_ON_WORKER_LOST = True
CELERY_WORKER_PREFETCH_MULTIPLIER = 1
CELERY_ACCEPT_CONTENT = ["json"]
CELERY_TASK_SERIALIZER = "json"
CELERY_TIMEZONE = "UTC"
CELERY_BEAT_SCHEDULE: dict = {
    # Batch emails: send what is due (apps.mailings.services.send_due_mailings).
    "send-due-mailings": {"task": "apps.mailings.tasks.send_due_mailings", "schedule": 30.0},
    # Decision emails: re-queue those due and not in a worker's hands (backoff passed, dead
    # worker's claim, lost task): apps.decisions.tasks.requeue_decision_emails.
    "requeue-decision-emails": {"task": "apps.decisions.tasks.requeue_decision_emails", "schedule": 60.0},
    # Ticket emails (apps.checkin): the same for a "You're all set" email whose send failed.
    "requeue-ticket-emails": {"task": "apps.checkin.tasks.requeue_ticket_emails", "schedule": 60.0},
    # "We received your application" emails: the same (apps.applications.received).
    "requeue-received-emails": {"task": "apps.applications.tasks.requeue_received_emails", "schedule": 60.0},
    # Offers' deadlines: expire the unanswered ones past it, send the reminders before it
    # (apps.decisions.offers; safe to run twice).
    "expire-offers": {"task": "apps.decisions.tasks.expire_offers", "schedule": 5 * 60.0},
    # Retention: purge the personal data of cycles past their retention date, once a day
    # (apps.privacy.retention; `purge_cycle_data` does one cycle by hand).
    # Travel emails a backoff or a dead worker left (apps.travel.tasks), and grants without
    # receipts past the deadline, which lapse with an email.
    "requeue-travel-emails": {"task": "apps.travel.tasks.requeue_travel_emails", "schedule": 60.0},
    "lapse-travel-grants": {"task": "apps.travel.tasks.lapse_grants", "schedule": 10 * 60.0},
    "purge-expired-cycles": {"task": "apps.privacy.tasks.purge_expired_cycles", "schedule": 24 * 60 * 60.0},
    # Webhooks (apps.integrations): send what is due again (backoff passed, a dead worker's claim).
    "send-due-webhooks": {"task": "apps.integrations.tasks.send_due_webhooks", "schedule": 60.0},
    # Slack and Discord notices: one line of counts per channel, at most once a minute.
    "send-chat-notices": {"task": "apps.integrations.tasks.send_chat_notices", "schedule": 60.0},
}
CELERY_BEAT_SCHEDULE_FILENAME = str(VAR_DIR / "celery" / "beat-schedule")
# One beat sends the schedule however many run (a second one stands by): a lock in Redis, or a
# file lock beside the schedule without REDIS_URL (apps.core.beat). A standby takes over at
# most this many seconds after the beat holding the lock died.
CELERY_BEAT_SCHEDULER = "apps.core.beat:SingleBeatScheduler"
BEAT_LOCK_TIMEOUT = env.int("BEAT_LOCK_TIMEOUT", default=60)

# --- Email ------------------------------------------------------------------------------
EMAIL_BACKEND = env("EMAIL_BACKEND", default="django.core.mail.backends.smtp.EmailBackend")
EMAIL_HOST = env("EMAIL_HOST", default="localhost")
EMAIL_PORT = env.int("EMAIL_PORT", default=25)
EMAIL_HOST_USER = env("EMAIL_HOST_USER", default="")
EMAIL_HOST_PASSWORD = env("EMAIL_HOST_PASSWORD", default="")
EMAIL_USE_TLS = env.bool("EMAIL_USE_TLS", default=False)
# Implicit TLS from the first byte (usually port 465), where EMAIL_USE_TLS is STARTTLS (587).
EMAIL_USE_SSL = env.bool("EMAIL_USE_SSL", default=False)
if EMAIL_USE_TLS and EMAIL_USE_SSL:
    raise ImproperlyConfigured("Set EMAIL_USE_TLS (STARTTLS, port 587) or EMAIL_USE_SSL (port 465), not both.")
# Seconds the SMTP connection waits on each step (connect, each reply) before giving up: a
# transient failure, retried later. Django's default is to wait forever, so a silent mail
# server would hang a sender, its claims and its Celery worker.
EMAIL_TIMEOUT = env.float("EMAIL_TIMEOUT", default=20.0)
# Bounces and complaints from Amazon SES through SNS (apps.mailings.ses): the ARNs of the SNS
# topics whose signed notifications are accepted at /webhooks/ses. Empty:
# the endpoint is off. The certificate and subscription addresses must be SNS's own (https).
SES_SNS_TOPIC_ARNS = env.list("SES_SNS_TOPIC_ARNS", default=[])
SNS_CERT_URL_PATTERN = r"https://sns\.[a-z0-9-]+\.amazonaws\.com(\.cn)?/SimpleNotificationService-[A-Za-z0-9]+\.pem"
SNS_SUBSCRIBE_URL_PATTERN = r"https://sns\.[a-z0-9-]+\.amazonaws\.com(\.cn)?/\?Action=ConfirmSubscription&[^\s]*"
DEFAULT_FROM_EMAIL = env("DEFAULT_FROM_EMAIL", default="HackPortal <team@hackportal.local>")
MAIL_DIR = Path(env("MAIL_DIR", default=str(VAR_DIR / "mail")))

# --- Files ------------------------------------------------------------------------------
STATIC_URL = "/static/"
STATIC_ROOT = BASE_DIR / "var" / "staticfiles"
STATICFILES_DIRS = [BASE_DIR / "static", BASE_DIR / "frontend" / "dist"]
MEDIA_ROOT = VAR_DIR / "private"
AWS_STORAGE_BUCKET_NAME = env("AWS_STORAGE_BUCKET_NAME", default="")
if AWS_STORAGE_BUCKET_NAME:
    # Resumes in an S3-compatible bucket, private: no public ACL, signed URLs never handed out.
    _private_storage = {
        "BACKEND": "storages.backends.s3.S3Storage",
        "OPTIONS": {
            "bucket_name": AWS_STORAGE_BUCKET_NAME,
            # Empty values mean "boto3's default" (AWS itself), as unset ones do: compose passes
            # AWS_S3_ENDPOINT_URL= to leave MinIO for AWS.
            "endpoint_url": env("AWS_S3_ENDPOINT_URL", default="") or None,
            # The bucket's region (signatures name it) and "virtual" (bucket.host) or "path"
            # (host/bucket) addressing: MinIO and most S3-compatible servers want "path".
            "region_name": env("AWS_S3_REGION_NAME", default="") or None,
            "addressing_style": env("AWS_S3_ADDRESSING_STYLE", default="") or None,
            "default_acl": "private",
            "querystring_auth": True,
            "file_overwrite": True,
        },
    }
else:
    _private_storage = {
        "BACKEND": "apps.core.storage.PrivateFileSystemStorage",
        "OPTIONS": {"location": str(MEDIA_ROOT)},
    }
STORAGES = {
    "default": _private_storage,
    "resumes": _private_storage,
    "staticfiles": {"BACKEND": "whitenoise.storage.CompressedStaticFilesStorage"},
}

# Vite's content-hashed files are cached for a year, immutable (apps.core.static).
WHITENOISE_IMMUTABLE_FILE_TEST = is_hashed_asset
WHITENOISE_ADD_HEADERS_FUNCTION = add_headers

DJANGO_VITE = {
    "default": {
        "dev_mode": env.bool("VITE_DEV_MODE", default=False),
        "manifest_path": BASE_DIR / "frontend" / "dist" / "manifest.json",
        "static_url_prefix": "",
    }
}

# --- Internationalisation ---------------------------------------------------------------
# The languages a visitor may be served: English always ships, Spanish is translated too
# (locale/<code>/LC_MESSAGES). Only English is enabled unless the operator lists more, so a
# language whose pages are partly translated is never shown by default (docs/i18n.md).
SHIPPED_LANGUAGES = {"en": "English", "es": "Español"}
LANGUAGE_CODE = env("LANGUAGE_CODE", default="en")
_enabled = [code.strip().lower() for code in env.list("LANGUAGES", default=["en"]) if code.strip()]
_unknown = [code for code in _enabled if code not in SHIPPED_LANGUAGES]
if _unknown:
    raise ImproperlyConfigured(
        f"LANGUAGES: no translation shipped for {', '.join(_unknown)} (shipped: {', '.join(SHIPPED_LANGUAGES)})."
    )
LANGUAGES = [(code, SHIPPED_LANGUAGES[code]) for code in dict.fromkeys(_enabled)]
if LANGUAGE_CODE not in dict(LANGUAGES):
    raise ImproperlyConfigured(f"LANGUAGE_CODE {LANGUAGE_CODE!r} is not one of LANGUAGES ({', '.join(_enabled)}).")
LOCALE_PATHS = [BASE_DIR / "locale"]
LANGUAGE_COOKIE_NAME = "portal_language"
LANGUAGE_COOKIE_AGE = 60 * 60 * 24 * 365
LANGUAGE_COOKIE_SAMESITE = "Lax"
TIME_ZONE = "UTC"
USE_I18N = True
USE_TZ = True

# --- The event --------------------------------------------------------------------------
SITE_URL = env("SITE_URL", default="http://127.0.0.1:8000").rstrip("/")
EVENT_NAME = env("EVENT_NAME", default="HackPortal")
# The login page's "Welcome to …": the event's one name unless a themed one is set.
EVENT_THEMED_NAME = env("EVENT_THEMED_NAME", default=EVENT_NAME)
EVENT_SITE_URL = env("EVENT_SITE_URL", default="https://example.org/")
TRUST_BADGE_URL = env("TRUST_BADGE_URL", default="https://mlh.io/na?utm_source=na-hackathon&utm_medium=TrustBadge")
# The badge's MLH season (a year); 0 follows the date (apps/core/badge.py).
TRUST_BADGE_SEASON = env.int("TRUST_BADGE_SEASON", default=0)
HOST_SCHOOL = env("HOST_SCHOOL", default="Princeton University")
# The event's time zone (an IANA name): the door shows check-in times in it and names it.
# Checked here, so a misspelt zone stops the start rather than the door on the day.
EVENT_TIME_ZONE = env("EVENT_TIME_ZONE", default="UTC")
try:
    ZoneInfo(EVENT_TIME_ZONE)
except (ValueError, ZoneInfoNotFoundError) as exc:
    raise ImproperlyConfigured(f"EVENT_TIME_ZONE: no time zone named {EVENT_TIME_ZONE!r}.") from exc
EXTRA_STUDENT_DOMAINS = env.list("EXTRA_STUDENT_DOMAINS", default=[])
TEAM_MAX_SIZE = env.int("TEAM_MAX_SIZE", default=4)
CONTACT_EMAIL = env("CONTACT_EMAIL", default="team@hackportal.local")
SOCIAL_LINKS = {
    "instagram": env("SOCIAL_INSTAGRAM_URL", default="https://www.instagram.com/"),
    "facebook": env("SOCIAL_FACEBOOK_URL", default="https://www.facebook.com/"),
    "x": env("SOCIAL_X_URL", default="https://x.com/"),
    "club": env("CLUB_SITE_URL", default="https://example.org/club"),
    "code_of_conduct": env(
        "CODE_OF_CONDUCT_URL", default="https://github.com/MLH/mlh-policies/blob/main/code-of-conduct.md"
    ),
    "report_bugs": env("REPORT_BUGS_URL", default="https://example.org/bugs"),
}

# --- Webhooks (apps.integrations) --------------------------------------------------------
# Organizers' receivers must be public addresses: loopback, link-local and private (RFC 1918)
# ones are refused (a guard against the server being pointed at its own network) unless this
# is on, for a receiver on the same machine or network in development.
WEBHOOKS_ALLOW_PRIVATE_ADDRESSES = env.bool("WEBHOOKS_ALLOW_PRIVATE_ADDRESSES", default=False)
# Only https:// receivers (production's default: config/settings/production.py).
WEBHOOKS_REQUIRE_HTTPS = env.bool("WEBHOOKS_REQUIRE_HTTPS", default=False)
# Seconds a delivery waits to connect and for each read before it counts as a failed attempt.
WEBHOOKS_TIMEOUT = env.float("WEBHOOKS_TIMEOUT", default=10.0)
# Seconds a webhook or chat URL gets to accept a TCP connection when it is saved (nothing
# answering is refused at the URL field: apps/integrations/address_guard.py); 0 skips the check.
WEBHOOKS_CONNECT_CHECK_TIMEOUT = env.float("WEBHOOKS_CONNECT_CHECK_TIMEOUT", default=3.0)

# --- Content-Security-Policy (django-csp 4) ---------------------------------------------
# In EVERY environment, the tests and the browser journeys included: a page that needs more
# than the policy allows then fails its journey (e2e/conftest.py fails on any violation)
# instead of breaking in production only. Nothing is loaded from another origin.
INSTALLED_APPS += ["csp"]
MIDDLEWARE += ["csp.middleware.CSPMiddleware"]
CONTENT_SECURITY_POLICY = {
    "DIRECTIVES": {
        "default-src": [SELF],
        # NONCE is written into the header only on responses whose template used
        # request.csp_nonce (django-csp adds it lazily), e.g. a page with a vetted inline script.
        "script-src": [SELF, NONCE],
        # <style> elements: the stylesheets plus those carrying the page's nonce (react-select's
        # emotion styles get it through its NonceProvider; island.html hands it over).
        "style-src": [SELF, NONCE],
        # style="" attributes: the automated e-mails' preview needs them (its srcdoc iframe
        # inherits this policy and e-mails must style inline); recharts sets its styles through
        # the DOM, which the policy doesn't govern. Attributes carry no selectors and no URLs
        # of other origins (img-src still applies).
        "style-src-attr": [UNSAFE_INLINE],
        "img-src": [SELF, "data:"],
        "font-src": [SELF],
        "connect-src": [SELF],
        "frame-ancestors": [NONE],
        "base-uri": [SELF],
        "form-action": [SELF],
        "object-src": [NONE],
    },
}

# --- Logging and telemetry ------------------------------------------------------------
# "plain" lines for a person at a terminal (`make run`), "json" (one object per line, with the
# request id) for a log collector: production's default. apps.core.logs.
LOG_FORMAT = env("LOG_FORMAT", default="plain")
LOG_LEVEL = env("LOG_LEVEL", default="INFO")
LOGGING = logging_config(LOG_FORMAT, LOG_LEVEL)
# Prometheus scrapes /metrics with "Authorization: Bearer <METRICS_TOKEN>"; unset, /metrics is a
# 404 (apps.core.health, apps.core.metrics).
METRICS_TOKEN = env("METRICS_TOKEN", default="")
# Error reports to Sentry, with personal data scrubbed (apps.core.sentry); unset, none are sent.
SENTRY_DSN = env("SENTRY_DSN", default="")
if SENTRY_DSN:
    from apps.core.sentry import init as _sentry_init

    _sentry_init(
        SENTRY_DSN,
        environment=env("SENTRY_ENVIRONMENT", default="production"),
        traces_sample_rate=env.float("SENTRY_TRACES_SAMPLE_RATE", default=0.0),
        release=env("SENTRY_RELEASE", default=""),
    )

# SQLite (`make run`, and the tests without DATABASE_URL): the web server's threads, the worker
# and beat share one file, so concurrent writes must wait their turn, never fail.
# - WAL: readers never block the writer nor the writer the readers (a rollback journal makes a
#   reader's lock refuse a commit), and a commit needs no fsync of its own (synchronous=NORMAL).
# - `timeout`: the busy timeout, how long a connection waits for the write lock before
#   "database is locked" (seconds).
# - IMMEDIATE: every transaction (`atomic`) takes the write lock at BEGIN. With SQLite's default
#   (DEFERRED) a transaction that read first and writes second cannot wait for the lock (the
#   other writer may need its snapshot gone): SQLite refuses it at once, whatever the timeout.
#   IMMEDIATE also makes SQLite's writers take turns whole transactions at a time, which is
#   what `select_for_update`, the SKIP LOCKED claims and PostgreSQL's advisory locks give there:
#   SQLite has no row locks and Django drops FOR UPDATE for it, so a read-then-write
#   transaction is safe because no other writer can start until it commits.
SQLITE_OPTIONS = {
    "timeout": 20,
    "transaction_mode": "IMMEDIATE",
    "init_command": "PRAGMA journal_mode=WAL; PRAGMA synchronous=NORMAL",
}
if DATABASES["default"]["ENGINE"] == "django.db.backends.sqlite3":
    DATABASES["default"].setdefault("OPTIONS", {}).update(SQLITE_OPTIONS)
    # The covering indexes (`include=`) are PostgreSQL's; SQLite builds them without their extra
    # columns, which is all the warning W040 says on every start.
    SILENCED_SYSTEM_CHECKS = ["models.W040"]
