"""Log records with context, as JSON lines or plain lines (LOG_FORMAT).

Kept apart from apps.core.telemetry (the middleware and Celery hooks that set the context) so
the settings can build LOGGING without importing Django's request machinery.
"""

from __future__ import annotations

import contextvars
import datetime
import json
import logging

from celery import current_task

# The id of the request being served, or of the request that queued the running task.
request_id: contextvars.ContextVar[str | None] = contextvars.ContextVar("request_id", default=None)


class ContextFilter(logging.Filter):
    """Adds `request_id`, `task_name` and `task_id` to every record (None when there is none)."""

    def filter(self, record: logging.LogRecord) -> bool:
        record.request_id = request_id.get()
        try:
            task = current_task._get_current_object()
            task = task if task is not None and task.request.id else None
        except Exception:  # noqa: BLE001 - logging must never fail for want of a task
            task = None
        record.task_name = getattr(task, "name", None) if task else None
        record.task_id = task.request.id if task else None
        return True


class JsonFormatter(logging.Formatter):
    """One JSON object per line: time (UTC, ISO 8601), level, logger, message, the request and
    task ids when there are, and the traceback of an exception."""

    def format(self, record: logging.LogRecord) -> str:
        entry = {
            "time": datetime.datetime.fromtimestamp(record.created, tz=datetime.UTC).isoformat(timespec="milliseconds"),
            "level": record.levelname,
            "logger": record.name,
            "message": record.getMessage(),
        }
        for name in ("request_id", "task_name", "task_id"):
            value = getattr(record, name, None)
            if value:
                entry[name] = value
        if record.process:
            entry["pid"] = record.process
        if record.exc_info:
            entry["exception"] = self.formatException(record.exc_info)
        if record.stack_info:
            entry["stack"] = self.formatStack(record.stack_info)
        return json.dumps(entry, ensure_ascii=False, default=str)


def logging_config(log_format: str, level: str = "INFO") -> dict:
    """The LOGGING dict of the settings: JSON lines, or the plain ones for a terminal."""
    if log_format not in ("json", "plain"):
        raise ValueError(f"LOG_FORMAT must be 'json' or 'plain', not {log_format!r}")
    return {
        "version": 1,
        "disable_existing_loggers": False,
        "filters": {"context": {"()": "apps.core.logs.ContextFilter"}},
        "formatters": {
            "plain": {"format": "%(asctime)s %(levelname)s %(name)s: %(message)s"},
            "json": {"()": "apps.core.logs.JsonFormatter"},
        },
        "handlers": {"console": {"class": "logging.StreamHandler", "formatter": log_format, "filters": ["context"]}},
        "root": {"handlers": ["console"], "level": level},
        "loggers": {"django.server": {"level": "WARNING"}},
    }
