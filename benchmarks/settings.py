"""Settings of the servers the benchmarks start: production's, served over plain http on
loopback, with the bare floor view mounted (benchmarks/urls.py) and mail written where the
load generator can read it (benchmarks/mailbox.py). Every variable production requires comes
from the benchmark's environment (benchmarks/servers.py)."""

from pathlib import Path

from config.settings.production import *  # noqa: F403
from config.settings.production import TEMPLATES as _TEMPLATES
from config.settings.production import env

ROOT_URLCONF = "benchmarks.urls"
# The floors' own templates (benchmarks/templates), after the portal's.
TEMPLATES = [{**_TEMPLATES[0], "DIRS": [*_TEMPLATES[0]["DIRS"], Path(__file__).parent / "templates"]}]
EMAIL_BACKEND = "benchmarks.mailbox.MailboxBackend"
BENCH_MAIL_DIR = env("BENCH_MAIL_DIR", default="/tmp/portal-bench-mail")
# Quiet logs: a line per request would cost the web tier CPU the benchmark is measuring.
LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "handlers": {"console": {"class": "logging.StreamHandler"}},
    "root": {"handlers": ["console"], "level": "WARNING"},
}
# Resumes uploaded by the simulated students go to the benchmark's temporary folder.
_media = env("BENCH_MEDIA_DIR", default="/tmp/portal-bench-media")
STORAGES = {
    **STORAGES,  # noqa: F405
    "default": {"BACKEND": "apps.core.storage.PrivateFileSystemStorage", "OPTIONS": {"location": _media}},
    "resumes": {"BACKEND": "apps.core.storage.PrivateFileSystemStorage", "OPTIONS": {"location": _media}},
}
