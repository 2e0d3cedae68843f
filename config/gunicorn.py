"""gunicorn's configuration in production (`gunicorn -c config/gunicorn.py config.wsgi:application`).

- The access log goes to standard output, one JSON object per request, with the request id the
  portal returned (X-Request-ID), so a request's access line and its application log lines
  join on one field. The path is logged without its query string: unsubscribe links carry a
  signed token there, and a log is no place for it.
- Prometheus's client keeps each worker's samples in PROMETHEUS_MULTIPROC_DIR, so a scrape of
  /metrics adds up every worker's, whichever worker answers it; the folder is emptied when
  gunicorn starts, and a worker that exits is marked dead.
"""

from __future__ import annotations

import datetime
import json
import logging
import os
import shutil
import tempfile

from gunicorn.glogging import Logger

bind = "0.0.0.0:8000"
workers = int(os.environ.get("WEB_CONCURRENCY", "3"))
accesslog = "-"
errorlog = "-"
# Set here, in the arbiter, before any worker imports prometheus_client.
METRICS_DIR = os.environ.setdefault(
    "PROMETHEUS_MULTIPROC_DIR", os.path.join(tempfile.gettempdir(), "portal-prometheus")
)


class _JsonErrorFormatter(logging.Formatter):
    def format(self, record: logging.LogRecord) -> str:
        entry = {
            "time": datetime.datetime.fromtimestamp(record.created, tz=datetime.UTC).isoformat(timespec="milliseconds"),
            "level": record.levelname,
            "logger": "gunicorn.error",
            "message": record.getMessage(),
            "pid": record.process,
        }
        if record.exc_info:
            entry["exception"] = self.formatException(record.exc_info)
        return json.dumps(entry, ensure_ascii=False)


class JsonAccessLogger(Logger):
    """gunicorn's logger, writing each line as JSON (its `access_log_format` is ignored)."""

    def setup(self, cfg) -> None:
        super().setup(cfg)
        for handler in self.error_log.handlers:
            handler.setFormatter(_JsonErrorFormatter())

    def access(self, resp, req, environ, request_time) -> None:
        if not self.access_log_enabled:
            return
        duration = request_time.total_seconds()
        status = resp.status.split(None, 1)[0] if isinstance(resp.status, str) else resp.status
        request_id = next((value for name, value in resp.headers if name.lower() == "x-request-id"), None)
        entry = {
            "time": datetime.datetime.now(datetime.UTC).isoformat(timespec="milliseconds"),
            "level": "INFO",
            "logger": "gunicorn.access",
            "method": environ.get("REQUEST_METHOD"),
            "path": environ.get("PATH_INFO"),
            "status": int(status),
            "bytes": getattr(resp, "sent", None),
            "duration_ms": round(duration * 1000, 1),
            "remote_addr": environ.get("REMOTE_ADDR"),
            "user_agent": environ.get("HTTP_USER_AGENT"),
            "request_id": request_id,
        }
        self.access_log.info(json.dumps(entry, ensure_ascii=False))


logger_class = JsonAccessLogger


def on_starting(server) -> None:
    shutil.rmtree(METRICS_DIR, ignore_errors=True)
    os.makedirs(METRICS_DIR, exist_ok=True)


def child_exit(server, worker) -> None:
    from prometheus_client import multiprocess

    multiprocess.mark_process_dead(worker.pid)
