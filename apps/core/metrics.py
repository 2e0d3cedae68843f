"""Prometheus metrics, served at /metrics to a scraper that holds METRICS_TOKEN (apps.core.health).

- `portal_http_request_duration_seconds{method, route, status}`: every request's latency, by
  its URL pattern (`/api/applications/<str:email>`, never the address itself), observed in
  memory by `MetricsMiddleware`: no query, no network call on the request path. Under gunicorn
  each worker process writes its samples to PROMETHEUS_MULTIPROC_DIR (config/gunicorn.py sets
  it) and a scrape adds them up, whichever worker answers it.
- `portal_celery_tasks_total{task, outcome}`: Celery tasks that succeeded, failed, were
  retried or revoked. Workers run in other processes, containers and hosts than the web
  server, so each outcome is counted in the shared cache (Redis in production, one INCR per
  task) and the web server reads the counts at scrape time: one scrape target for the whole
  portal.
- Whatever an app registers with `register_collector` (apps.mailings: the outbox's oldest
  pending delivery and its failures), computed when Prometheus scrapes, never per request.
"""

from __future__ import annotations

import functools
import logging
import os
import time
from collections.abc import Callable, Iterable

from celery import signals
from django.core.cache import cache
from django.http import HttpRequest, HttpResponse
from prometheus_client import CollectorRegistry, Histogram, generate_latest
from prometheus_client.core import CounterMetricFamily
from prometheus_client.exposition import CONTENT_TYPE_LATEST
from prometheus_client.registry import Collector

logger = logging.getLogger(__name__)

REQUEST_LATENCY = Histogram(
    "portal_http_request_duration_seconds",
    "Time from the first middleware to the response, by route.",
    ["method", "route", "status"],
    buckets=(0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0, 10.0, 30.0),
)
# Methods outside this list are counted as "other": a client can't grow the label set.
_METHODS = {"GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"}


def _route(request: HttpRequest) -> str:
    match = getattr(request, "resolver_match", None)
    if match is None:
        return "unmatched"
    return "/" + match.route if match.route else match.view_name or "unmatched"


class MetricsMiddleware:
    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        started = time.perf_counter()
        response = self.get_response(request)
        method = request.method if request.method in _METHODS else "other"
        REQUEST_LATENCY.labels(method, _route(request), str(response.status_code)).observe(
            time.perf_counter() - started
        )
        return response


# --- Celery task outcomes, counted in the shared cache ------------------------------------

OUTCOMES = ("success", "failure", "retry", "revoked")
_KEY = "metrics:celery:{task}:{outcome}"


def count_task(task_name: str, outcome: str) -> None:
    key = _KEY.format(task=task_name, outcome=outcome)
    try:
        cache.add(key, 0, timeout=None)
        cache.incr(key)
    except Exception:  # noqa: BLE001 - a metric is never worth failing a task
        logger.debug("Could not count %s %s", task_name, outcome, exc_info=True)


def _name(sender) -> str | None:
    return getattr(sender, "name", None) or (sender if isinstance(sender, str) else None)


@signals.task_success.connect(weak=False)
def _success(sender=None, **_kwargs) -> None:
    if name := _name(sender):
        count_task(name, "success")


@signals.task_failure.connect(weak=False)
def _failure(sender=None, **_kwargs) -> None:
    if name := _name(sender):
        count_task(name, "failure")


@signals.task_retry.connect(weak=False)
def _retry(sender=None, **_kwargs) -> None:
    if name := _name(sender):
        count_task(name, "retry")


@signals.task_revoked.connect(weak=False)
def _revoked(sender=None, request=None, **_kwargs) -> None:
    name = _name(sender) or getattr(request, "task", None)
    if name:
        count_task(name, "revoked")


@functools.cache
def _task_names() -> list[str]:
    """Every task of the portal. The web server imports a task module only when it queues one
    of its tasks; the worker's own discovery, run once here, finds them all."""
    from config.celery_app import app

    app.loader.import_default_modules()
    return sorted(name for name in app.tasks if not name.startswith("celery."))


class CeleryOutcomes(Collector):
    """The counts of every registered task of the portal, read in one round trip."""

    def collect(self):
        names = _task_names()
        keys = {(n, o): _KEY.format(task=n, outcome=o) for n in names for o in OUTCOMES}
        try:
            counts = cache.get_many(list(keys.values()))
        except Exception:  # noqa: BLE001 - the scrape still returns the rest
            logger.warning("Could not read the Celery task counts from the cache", exc_info=True)
            counts = {}
        family = CounterMetricFamily(
            "portal_celery_tasks", "Celery task runs by outcome, across every worker.", labels=["task", "outcome"]
        )
        for (name, outcome), key in keys.items():
            family.add_metric([name, outcome], float(counts.get(key) or 0))
        yield family


# --- Exposition --------------------------------------------------------------------------

_collectors: list[Callable[[], Collector]] = [CeleryOutcomes]


def register_collector(factory: Callable[[], Collector]) -> None:
    """Add a collector computed at scrape time (an app's `ready()` calls this)."""
    if factory not in _collectors:
        _collectors.append(factory)


class _Guarded(Collector):
    """A scrape-time collector whose failure (the database is down) costs its own figures, not
    the whole scrape: the rest still tells what is happening."""

    def __init__(self, inner: Collector) -> None:
        self.inner = inner

    def collect(self):
        try:
            families = list(self.inner.collect())
        except Exception:  # noqa: BLE001 - reported in the log; the scrape goes on
            logger.warning("Metrics collector %s failed", type(self.inner).__name__, exc_info=True)
            return []
        return families


def _process_registry() -> Iterable[CollectorRegistry]:
    if os.environ.get("PROMETHEUS_MULTIPROC_DIR"):
        from prometheus_client import multiprocess

        registry = CollectorRegistry()
        multiprocess.MultiProcessCollector(registry)
        return [registry]
    from prometheus_client import REGISTRY

    return [REGISTRY]


def exposition() -> tuple[bytes, str]:
    """The text Prometheus scrapes: this process's (or every gunicorn worker's) metrics, then
    the ones computed now."""
    scraped = CollectorRegistry(auto_describe=False)
    for factory in _collectors:
        scraped.register(_Guarded(factory()))
    body = b"".join(generate_latest(registry) for registry in [*_process_registry(), scraped])
    return body, CONTENT_TYPE_LATEST
