"""`make run` on a laptop: SQLite, mail as files under var/mail, no server to install."""

from .base import *  # noqa: F403
from .base import env

DEBUG = env.bool("DJANGO_DEBUG", default=False)
EMAIL_BACKEND = env("EMAIL_BACKEND", default="apps.core.mail.FileAndLogEmailBackend")
# Serve the built frontend and static files straight from their folders (no collectstatic).
WHITENOISE_USE_FINDERS = True
WHITENOISE_AUTOREFRESH = True
# Beat queues two tasks every 30-60 s; the worker's "received" / "succeeded" line for each would
# bury the one line per mail (portal.mail) whose link a developer clicks. Failures still show.
LOGGING = {
    **LOGGING,  # noqa: F405
    "loggers": {
        **LOGGING["loggers"],  # noqa: F405
        "celery.app.trace": {"level": "WARNING"},
        "celery.worker.strategy": {"level": "WARNING"},
    },
}
# runserver handles each request in a new thread, so a kept connection would never be reused
# (Django's advice: no persistent connections in development).
DATABASES["default"]["CONN_MAX_AGE"] = env.int("DATABASE_CONN_MAX_AGE", default=0)  # noqa: F405
