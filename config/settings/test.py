"""Test settings: eager Celery, the locmem outbox, a fast hasher.

With DATABASE_URL / REDIS_URL set (CI), the tests run against the real PostgreSQL and Redis.
"""

import atexit
import os
import shutil
import tempfile
from pathlib import Path
from urllib.parse import urlsplit, urlunsplit

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
    "reset_password_mail": "3/h/key",
    "reset_password_from_key": "1000/m/ip",
    "teamcode": "10/h/user",
    "teamcode_check": "60/h/user",
    "university_email": "10/h/user",
}
STORAGES = {
    **STORAGES,  # noqa: F405
    "staticfiles": {"BACKEND": "django.contrib.staticfiles.storage.StaticFilesStorage"},
}
# The live server of the browser journeys serves static files itself; plain test clients
# need none, so WhiteNoise doesn't scan the build folder for every new client. Nor the
# collected files: every test client builds its own middleware, and WhiteNoise's scan of a
# STATIC_ROOT that `collectstatic` (production, the benchmarks) filled cost about 50 ms a
# client, a fifth of a typical test file's time. Tests get a STATIC_ROOT of their own, empty.
WHITENOISE_USE_FINDERS = False
STATIC_ROOT = BASE_DIR / "var" / "test-static"  # noqa: F405
STATIC_ROOT.mkdir(parents=True, exist_ok=True)
CACHES["default"]["KEY_PREFIX"] = env("CACHE_KEY_PREFIX", default="portal-test")  # noqa: F405
# Every read of the current cycle compares its generation number with the cache's: a test's
# rolled-back changes and the cache flushed between tests are never mistaken for the current row.
CURRENT_CYCLE_CHECK_EVERY = 0.0
# Likewise the statistics: a copy kept from the test before would outlive its rolled-back rows.
STATISTICS_CHECK_EVERY = 0.0
# The suite registers webhooks at public documentation addresses nothing answers at here;
# the connection check is tested on its own (apps/integrations/tests/test_address_guard.py).
WEBHOOKS_CONNECT_CHECK_TIMEOUT = 0.0

# --- Parallel workers (pytest-xdist) -----------------------------------------------------
# pytest-django gives each worker its own test database (test_<name>_gw0, _gw1, ...), but the
# rest is shared unless split here: the autouse cache.clear() is a FLUSHDB of the whole Redis
# database (it would wipe another worker's rate-limit counters and the broker test's queue), and
# files written under var/ (resumes, development mail) would land in one folder for everyone.
# So worker N uses Redis database <base>+N with its own key prefix, and private temp folders.
# The Makefile caps the workers at 4 (--maxprocesses), so databases <base>..<base>+3 are used.
XDIST_WORKER = os.environ.get("PYTEST_XDIST_WORKER", "")  # "gw0", "gw1", ... or "" when serial
if XDIST_WORKER:
    _index = int(XDIST_WORKER.removeprefix("gw") or 0)
    if REDIS_URL:  # noqa: F405
        _url = urlsplit(REDIS_URL)  # noqa: F405
        _base = int(_url.path.strip("/") or 0)
        REDIS_URL = urlunsplit(_url._replace(path=f"/{_base + _index}"))
        CACHES["default"]["LOCATION"] = REDIS_URL  # noqa: F405
        CELERY_BROKER_URL = REDIS_URL
    CACHES["default"]["KEY_PREFIX"] += f"-{XDIST_WORKER}"  # noqa: F405

_BROKER_FOLDERS = {
    "data_folder_in": "queue",
    "data_folder_out": "queue",
    "processed_folder": "processed",
    "control_folder": "control",
}


# Files the tests write go to a temporary folder of this process (one per xdist worker),
# removed at exit, never to the developer's var/. It is in memory where the system has room
# there (Linux's /dev/shm with 2 GiB free; a container's default 64 MiB is passed over): the
# SQLite test database lives in it, and on disk its page writes and WAL checkpoints took the
# apps' tests of two apps from 42 to 47-50 s (2 workers, this 2-core machine, alternated runs).
def _temp_parent() -> str | None:
    try:
        free = os.statvfs("/dev/shm")
    except OSError:
        return None
    return "/dev/shm" if os.access("/dev/shm", os.W_OK) and free.f_bavail * free.f_frsize >= 2 << 30 else None


_TMP = Path(tempfile.mkdtemp(prefix=f"portal-test-{XDIST_WORKER or 'main'}-", dir=_temp_parent()))
atexit.register(shutil.rmtree, _TMP, ignore_errors=True)

# Hypothesis (the stateful tests) keeps its example database and caches in this run's temporary
# folder rather than in the working copy.
try:
    from hypothesis.configuration import set_hypothesis_home_dir
except ImportError:  # the runtime image has no test tools
    pass
else:
    set_hypothesis_home_dir(_TMP / "hypothesis")
    from hypothesis import Phase
    from hypothesis import settings as hypothesis_settings

    # A failure is reported as found, not shrunk: shrinking a dozen API steps over a real
    # database once ran past five minutes and took the suite past its budget. The steps are
    # printed either way, with the blob that replays them (@reproduce_failure); shrink locally
    # with HYPOTHESIS_PROFILE=shrink.
    hypothesis_settings.register_profile(
        "suite", phases=[Phase.explicit, Phase.reuse, Phase.generate, Phase.target], print_blob=True
    )
    hypothesis_settings.register_profile("shrink", print_blob=True)
    hypothesis_settings.load_profile(env("HYPOTHESIS_PROFILE", default="suite"))

# Without DATABASE_URL: SQLite in a file of this worker's temp folder, with `make run`'s options
# (WAL, busy timeout, BEGIN IMMEDIATE: base.SQLITE_OPTIONS), so the concurrency tests meet what a
# laptop's portal meets. Not ":memory:": Django's in-memory test database is one shared-cache
# database, whose table locks fail a second writer at once ("database table is locked") instead
# of letting it wait. pytest-django adds the worker's suffix to the TEST name (test.sqlite3_gw0).
# synchronous=OFF: a test database need not survive a power cut, so commits skip the disk.
if not env("DATABASE_URL", default=""):
    DATABASES = {
        "default": {
            **DATABASES["default"],  # noqa: F405
            "NAME": str(_TMP / "db.sqlite3"),
            "TEST": {"NAME": str(_TMP / "test.sqlite3")},
            "OPTIONS": {**SQLITE_OPTIONS, "init_command": "PRAGMA journal_mode=WAL; PRAGMA synchronous=OFF"},  # noqa: F405
        }
    }
MAIL_DIR = _TMP / "mail"
MEDIA_ROOT = _TMP / "private"
# The rest of what lives under var/ (kombu's filesystem broker, beat's schedule) too: a test run
# neither reads what `make run` or another run left there nor leaves anything for the next.
CELERY_BEAT_SCHEDULE_FILENAME = str(_TMP / "celery" / "beat-schedule")
if not REDIS_URL:  # noqa: F405
    CELERY_BROKER_TRANSPORT_OPTIONS = {
        **CELERY_BROKER_TRANSPORT_OPTIONS,  # noqa: F405
        **{name: str(_TMP / "celery" / folder) for name, folder in _BROKER_FOLDERS.items()},
    }
    # The folders exist before anything queues, as `make setup` makes var/celery/ (the readiness
    # probe reports a broker whose queue folder can't be written as down).
    for _folder in set(_BROKER_FOLDERS.values()):
        (_TMP / "celery" / _folder).mkdir(parents=True, exist_ok=True)
for _name in ("default", "resumes"):
    if STORAGES[_name]["BACKEND"] == "apps.core.storage.PrivateFileSystemStorage":  # noqa: F405
        STORAGES[_name] = {**STORAGES[_name], "OPTIONS": {**STORAGES[_name]["OPTIONS"], "location": str(MEDIA_ROOT)}}  # noqa: F405
