"""Request ids and structured logs: one id follows a request into every log line it causes,
the Celery tasks it queues included.

- When a request starts, its id is the `X-Request-ID` a proxy set (when it looks like an id)
  or a new one, kept in a context variable until the request finishes; `RequestIdMiddleware`
  returns it in the response's `X-Request-ID` (gunicorn's access log reads it from there,
  config/gunicorn.py).
- A task queued while a request runs carries the id in its message headers
  (`before_task_publish`); the worker puts it back in the context variable while the task
  runs (`task_prerun` / `task_postrun`), so the task's log lines carry the request's id.
- `ContextFilter` writes the id (and the Celery task's name and id) on every log record;
  `JsonFormatter` writes one JSON object per line (LOG_FORMAT=json, production's default),
  while `make run` keeps the plain lines a person reads.
"""

from __future__ import annotations

import contextvars
import logging
import re
import uuid

from celery import signals
from django.conf import settings
from django.core.signals import request_finished, request_started
from django.dispatch import receiver
from django.http import HttpRequest, HttpResponse

from .logs import ContextFilter, JsonFormatter, request_id

HEADER = "X-Request-ID"
META_KEY = "HTTP_X_REQUEST_ID"
# An id from outside is kept only if it is short and plain: it is written into every log line.
_ACCEPTED = re.compile(r"^[A-Za-z0-9._:@-]{1,128}$")


def current_request_id() -> str | None:
    return request_id.get()


def new_request_id() -> str:
    return uuid.uuid4().hex


def _choose(offered: str | None) -> str:
    return offered if offered and _ACCEPTED.match(offered) else new_request_id()


@receiver(request_started, dispatch_uid="portal-request-id-start")
def _request_started(sender=None, environ=None, **_kwargs) -> None:
    """Set at the very start of the handler, so Django's own lines about the request (the
    "Unauthorized: /api/…" of django.request, written after the middleware returned) carry it."""
    request_id.set(_choose((environ or {}).get(META_KEY)))


@receiver(request_finished, dispatch_uid="portal-request-id-finish")
def _request_finished(sender=None, **_kwargs) -> None:
    request_id.set(None)


class RequestIdMiddleware:
    """Hands the id to the view (`request.request_id`) and returns it in X-Request-ID."""

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        rid = request_id.get()
        token = None
        if rid is None:  # a handler that sent no request_started (a RequestFactory in a test)
            rid = _choose(request.META.get(META_KEY))
            token = request_id.set(rid)
        request.request_id = rid
        try:
            response = self.get_response(request)
        finally:
            if token is not None:
                request_id.reset(token)
        response[HEADER] = rid
        return response


# --- Celery: the id travels in the task message's headers ----------------------------------

TASK_HEADER = "portal_request_id"


@signals.before_task_publish.connect(weak=False)
def _add_request_id(headers: dict | None = None, **_kwargs) -> None:
    rid = request_id.get()
    if rid and headers is not None:
        headers[TASK_HEADER] = rid


_task_tokens: dict[str, contextvars.Token] = {}


@signals.task_prerun.connect(weak=False)
def _enter_task(task_id: str | None = None, task=None, **_kwargs) -> None:
    # A message's own headers become attributes of the task's request in the worker. An eager
    # task (tests, `CELERY_TASK_ALWAYS_EAGER`) has none and simply keeps the caller's id.
    rid = getattr(getattr(task, "request", None), TASK_HEADER, None)
    if rid and task_id:
        _task_tokens[task_id] = request_id.set(str(rid))


@signals.task_postrun.connect(weak=False)
def _leave_task(task_id: str | None = None, **_kwargs) -> None:
    token = _task_tokens.pop(task_id, None) if task_id else None
    if token is not None:
        try:
            request_id.reset(token)
        except ValueError:  # set in another context (a thread pool's hand-off): clear instead
            request_id.set(None)


# --- Celery's own log handlers -------------------------------------------------------------


def _json_handlers(logger: logging.Logger) -> None:
    for handler in logger.handlers:
        handler.setFormatter(JsonFormatter())
        if not any(isinstance(f, ContextFilter) for f in handler.filters):
            handler.addFilter(ContextFilter())


@signals.after_setup_logger.connect(weak=False)
def _worker_root_logger(logger: logging.Logger | None = None, **_kwargs) -> None:
    """Celery's worker and beat install their own console handler (with the level given by
    --loglevel); in JSON mode its lines are written as JSON too. Plain mode keeps Celery's
    format, which a person at `make run` reads."""
    if logger is not None and getattr(settings, "LOG_FORMAT", "plain") == "json":
        _json_handlers(logger)


@signals.after_setup_task_logger.connect(weak=False)
def _worker_task_logger(logger: logging.Logger | None = None, **_kwargs) -> None:
    if logger is not None and getattr(settings, "LOG_FORMAT", "plain") == "json":
        _json_handlers(logger)
