"""Test settings: eager Celery, the locmem outbox, a fast hasher.

With DATABASE_URL / REDIS_URL set (CI), the tests run against the real PostgreSQL and Redis.
"""

from .base import *  # noqa: F403
from .base import env

DEBUG = False
SECRET_KEY = "test-secret-key"
PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]
EMAIL_BACKEND = "django.core.mail.backends.locmem.EmailBackend"
CELERY_TASK_ALWAYS_EAGER = True
CELERY_TASK_EAGER_PROPAGATES = True
SITE_URL = "http://testserver"
ALLOWED_HOSTS = ["*"]

if not env("DATABASE_URL", default=""):
    DATABASES = {"default": {"ENGINE": "django.db.backends.sqlite3", "NAME": ":memory:"}}

if not env("REDIS_URL", default=""):
    CACHES = {"default": {"BACKEND": "django.core.cache.backends.locmem.LocMemCache"}}

# Rate limits are tested explicitly; the rest of the suite should not trip them.
# Per-address and per-account limits keep their production values (tests count on them);
# per-IP ones are raised because every test client comes from 127.0.0.1.
ACCOUNT_RATE_LIMITS = {
    "login_failed_ip": "1000/m/ip",
    "login_failed_client": "5/5m/key",
    "login_failed_account": "30/h/key",
    "login_failed_device": "10/5m/key",
    "signup": "1000/m/ip",
    "verification_mail": "3/h/key",
    "confirm_email": False,
    "reset_password": "1000/m/ip,5/5m/key",
    "reset_password_from_key": "1000/m/ip",
    "teamcode": "10/h/user",
}
STORAGES = {
    **STORAGES,  # noqa: F405
    "staticfiles": {"BACKEND": "django.contrib.staticfiles.storage.StaticFilesStorage"},
}
# The live server of the browser journeys serves static files itself; plain test clients
# need none, so WhiteNoise doesn't scan the build folder for every new client.
WHITENOISE_USE_FINDERS = False
CACHES["default"]["KEY_PREFIX"] = env("CACHE_KEY_PREFIX", default="portal-test")  # noqa: F405
