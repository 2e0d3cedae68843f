"""Health endpoints for load balancers and orchestrators, and the metrics page for Prometheus.

- `/healthz`: the process is up and answering. It touches nothing else, so a database outage
  never makes an orchestrator restart healthy web processes.
- `/readyz`: this process can serve: the database answers and its migrations are applied, the
  cache answers, the Celery broker accepts a connection. The JSON names each part; any part
  failing makes it a 503, so a load balancer sends traffic elsewhere until it is back.
- `/metrics`: Prometheus's text format (apps.core.metrics), for a scraper holding
  METRICS_TOKEN; without that setting it does not exist.

They are answered by a middleware placed first, before the https redirect, the Host check,
sessions and authentication: probes come over plain http from inside the network, with the
container's address as Host, and must cost nothing but the checks themselves.
"""

from __future__ import annotations

import hmac
import logging
import os
import uuid
from collections.abc import Callable

from django.conf import settings
from django.core.cache import caches
from django.db import DEFAULT_DB_ALIAS, connections
from django.http import HttpRequest, HttpResponse, JsonResponse

logger = logging.getLogger(__name__)

OK = "ok"
# Seconds a probe may wait for the broker; the cache and the database have their own timeouts
# (the cache's socket timeouts in settings, the database's connect_timeout in DATABASE_URL).
BROKER_TIMEOUT = 2.0


def _failure(error: BaseException) -> str:
    # The exception's class only: its text can hold a host name, a user name or a password.
    return f"unavailable ({type(error).__name__})"


def check_database(alias: str = DEFAULT_DB_ALIAS) -> str:
    connection = connections[alias]
    try:
        with connection.cursor() as cursor:
            cursor.execute("SELECT 1")
            cursor.fetchone()
    except Exception as error:  # noqa: BLE001 - every failure is "not ready", never a 500
        # A connection that failed is dropped, so the next probe opens a fresh one.
        connection.close_if_unusable_or_obsolete()
        return _failure(error)
    return OK


# Once this process has seen every migration applied it stays so (its code can't gain a
# migration while it runs), so the migration files are read once, not at every probe.
_migrations_applied: set[str] = set()


def check_migrations(alias: str = DEFAULT_DB_ALIAS) -> str:
    if alias in _migrations_applied:
        return OK
    from django.db.migrations.executor import MigrationExecutor

    try:
        executor = MigrationExecutor(connections[alias])
        plan = executor.migration_plan(executor.loader.graph.leaf_nodes())
    except Exception as error:  # noqa: BLE001
        return _failure(error)
    if plan:
        return f"{len(plan)} migration(s) not applied"
    _migrations_applied.add(alias)
    return OK


def check_cache(alias: str = "default") -> str:
    cache = caches[alias]
    key, value = f"readyz:{uuid.uuid4().hex}", "1"
    try:
        cache.set(key, value, timeout=10)
        seen = cache.get(key)
        cache.delete(key)
    except Exception as error:  # noqa: BLE001
        return _failure(error)
    return OK if seen == value else "unavailable (wrote a key and could not read it back)"


def check_broker() -> str:
    url = settings.CELERY_BROKER_URL
    if url.startswith("filesystem"):
        # kombu's filesystem transport (`make run`): the broker is a folder this process writes.
        folder = settings.CELERY_BROKER_TRANSPORT_OPTIONS.get("data_folder_in", "")
        return OK if os.access(folder, os.W_OK) else "unavailable (the queue folder is not writable)"
    from kombu import Connection

    try:
        with Connection(url, connect_timeout=BROKER_TIMEOUT) as connection:
            # One attempt: a probe reports now, the next probe is the retry.
            connection.ensure_connection(max_retries=0, timeout=BROKER_TIMEOUT)
    except Exception as error:  # noqa: BLE001
        return _failure(error)
    return OK


CHECKS: dict[str, Callable[[], str]] = {
    "database": check_database,
    "migrations": check_migrations,
    "cache": check_cache,
    "broker": check_broker,
}


NOT_CHECKED = "not checked (the database is unavailable)"


def readiness() -> tuple[list[str], dict[str, str]]:
    """(the failing parts, each part's state). Migrations are checked only when the database
    answers; then they are not named as failing, the database is."""
    results: dict[str, str] = {}
    for name, check in CHECKS.items():
        if name == "migrations" and results.get("database") != OK:
            results[name] = NOT_CHECKED
            continue
        results[name] = check()
    return [name for name, state in results.items() if state not in (OK, NOT_CHECKED)], results


def readyz(request: HttpRequest) -> HttpResponse:
    failing, checks = readiness()
    ready = not failing
    if not ready:
        logger.warning("Not ready: %s", ", ".join(f"{name} {checks[name]}" for name in failing))
    body = {"status": "ready" if ready else "unavailable", "failing": failing, "checks": checks}
    response = JsonResponse(body, status=200 if ready else 503)
    response["Cache-Control"] = "no-store"
    return response


def healthz(request: HttpRequest) -> HttpResponse:
    response = JsonResponse({"status": "ok"})
    response["Cache-Control"] = "no-store"
    return response


def metrics(request: HttpRequest) -> HttpResponse:
    token = getattr(settings, "METRICS_TOKEN", "")
    if not token:
        return HttpResponse("Not found.\n", status=404, content_type="text/plain")
    offered = request.META.get("HTTP_AUTHORIZATION", "").removeprefix("Bearer ").strip()
    if not hmac.compare_digest(offered.encode(), token.encode()):
        response = HttpResponse("A valid METRICS_TOKEN is needed.\n", status=401, content_type="text/plain")
        response["WWW-Authenticate"] = 'Bearer realm="metrics"'
        return response
    from apps.core import metrics as portal_metrics

    body, content_type = portal_metrics.exposition()
    return HttpResponse(body, content_type=content_type)


ROUTES: dict[str, Callable[[HttpRequest], HttpResponse]] = {
    "/healthz": healthz,
    "/readyz": readyz,
    "/metrics": metrics,
}


class HealthMiddleware:
    """Answers ROUTES before anything else runs (see the module's docstring)."""

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        view = ROUTES.get(request.path_info)
        if view is None:
            return self.get_response(request)
        if request.method not in ("GET", "HEAD"):
            response = HttpResponse("Method not allowed.\n", status=405, content_type="text/plain")
            response["Allow"] = "GET, HEAD"
            return response
        return view(request)
