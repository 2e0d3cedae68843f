"""Request ids, JSON logs, gunicorn's access log, the Prometheus metrics (apps.core.telemetry,
apps.core.logs, apps.core.metrics, config/gunicorn.py)."""

from __future__ import annotations

import datetime
import importlib.util
import io
import json
import logging
import time
import uuid
from types import SimpleNamespace

import pytest
from celery.contrib.testing.worker import start_worker
from django.conf import settings
from django.core.cache import cache
from django.http import HttpResponse
from django.test import RequestFactory

from apps.core import metrics, telemetry
from apps.core.logs import ContextFilter, JsonFormatter, logging_config, request_id
from apps.core.tasks import heartbeat
from apps.core.tests.test_celery_broker import broker_app  # noqa: F401 - a fixture
from conftest import PortalClient

# --- The request id ------------------------------------------------------------------------


def test_every_response_carries_a_request_id_and_a_proxys_id_is_kept():
    client = PortalClient()
    made = client.get("/healthz")["X-Request-ID"]
    assert len(made) == 32 and int(made, 16) >= 0
    assert client.get("/healthz")["X-Request-ID"] != made
    assert client.get("/healthz", HTTP_X_REQUEST_ID="lb-7f3a:42")["X-Request-ID"] == "lb-7f3a:42"
    # Anything that isn't a plain short id is replaced: it is written into every log line.
    forged = client.get("/healthz", HTTP_X_REQUEST_ID='x" ,"level":"ERROR')["X-Request-ID"]
    assert forged != 'x" ,"level":"ERROR' and len(forged) == 32


def _json_lines(records: list[logging.LogRecord]) -> list[dict]:
    formatter, context = JsonFormatter(), ContextFilter()
    lines = []
    for record in records:
        context.filter(record)
        lines.append(json.loads(formatter.format(record)))
    return lines


class Collect(logging.Handler):
    def __init__(self):
        super().__init__()
        self.records: list[logging.LogRecord] = []

    def emit(self, record):
        ContextFilter().filter(record)  # as the console handler's filter does, at emit time
        self.records.append(record)


@pytest.fixture
def collected():
    handler = Collect()
    root = logging.getLogger()
    root.addHandler(handler)
    try:
        yield handler.records
    finally:
        root.removeHandler(handler)


@pytest.mark.django_db
def test_log_lines_of_a_request_carry_its_id_django_s_own_included(collected):
    r = PortalClient().get("/api/auth/user", HTTP_X_REQUEST_ID="req-abc")
    assert r.status_code == 401
    unauthorized = [rec for rec in collected if rec.name == "django.request"]
    assert unauthorized and unauthorized[0].request_id == "req-abc"  # written after the middleware
    assert request_id.get() is None  # nothing leaks into the next request


def test_the_middleware_alone_sets_the_id_when_no_handler_did():
    seen = {}

    def view(request):
        seen["id"] = request_id.get()
        logging.getLogger("portal.test").warning("inside")
        return HttpResponse("ok")

    response = telemetry.RequestIdMiddleware(view)(RequestFactory().get("/", HTTP_X_REQUEST_ID="rf-1"))
    assert seen["id"] == "rf-1" == response["X-Request-ID"]
    assert request_id.get() is None


def test_a_task_queued_by_a_request_logs_with_that_requests_id(broker_app):  # noqa: F811
    """Through the real broker and a worker: the id travels in the message's headers."""
    token = uuid.uuid4().hex
    with start_worker(broker_app, pool="solo", perform_ping_check=False, shutdown_timeout=10):
        reset = request_id.set("req-from-the-request")
        try:
            broker_app.send_task(heartbeat.name, args=[token])
        finally:
            request_id.reset(reset)
        deadline = time.monotonic() + 20
        while time.monotonic() < deadline and cache.get(f"celery-heartbeat:{token}") is None:
            time.sleep(0.05)
    assert cache.get(f"celery-heartbeat:{token}") == "alive"
    assert cache.get(f"celery-heartbeat:{token}:request-id") == "req-from-the-request"
    assert request_id.get() is None


def test_a_task_queued_outside_a_request_runs_without_an_id():
    headers: dict = {}
    telemetry._add_request_id(headers=headers)
    assert headers == {}
    reset = request_id.set("r-1")
    try:
        telemetry._add_request_id(headers=headers)
    finally:
        request_id.reset(reset)
    assert headers == {telemetry.TASK_HEADER: "r-1"}


# --- The log format -----------------------------------------------------------------------


def test_json_lines_hold_the_message_the_ids_and_the_traceback():
    logger = logging.getLogger("portal.test")
    reset = request_id.set("req-json")
    try:
        try:
            raise ValueError("boom")
        except ValueError:
            record = logger.makeRecord("portal.test", logging.ERROR, __file__, 1, "Failed for %s", ("x",), None)
            import sys

            record.exc_info = sys.exc_info()
        (line,) = _json_lines([record])
    finally:
        request_id.reset(reset)
    assert line["level"] == "ERROR" and line["logger"] == "portal.test"
    assert line["message"] == "Failed for x"
    assert line["request_id"] == "req-json"
    assert "ValueError: boom" in line["exception"]
    assert datetime.datetime.fromisoformat(line["time"]).tzinfo is not None


def test_production_logs_json_and_make_run_logs_plain_lines(monkeypatch):
    """Production's default is JSON for a collector; `make run` (local settings) keeps the
    plain lines a newcomer reads; LOG_FORMAT chooses either way."""
    from apps.core.tests.test_production_settings import manage, production_env

    code = "from django.conf import settings as s; print(s.LOG_FORMAT, s.LOGGING['handlers']['console']['formatter'])"
    assert manage("shell", "-c", code, env=production_env()).stdout.split()[-2:] == ["json", "json"]
    assert manage("shell", "-c", code, env=production_env(LOG_FORMAT="plain")).stdout.split()[-2:] == [
        "plain",
        "plain",
    ]
    local = importlib.import_module("config.settings.local")
    assert local.LOG_FORMAT == "plain"
    assert local.LOGGING["handlers"]["console"]["formatter"] == "plain"
    with pytest.raises(ValueError, match="LOG_FORMAT"):
        logging_config("xml")


def test_celery_worker_and_beat_lines_are_json_in_json_mode(settings):
    """Celery replaces the root logger's handlers in its processes: the hook re-formats them."""
    stream = io.StringIO()
    logger = logging.Logger("celery-root")
    logger.addHandler(logging.StreamHandler(stream))
    settings.LOG_FORMAT = "plain"
    telemetry._worker_root_logger(logger=logger)
    assert not isinstance(logger.handlers[0].formatter, JsonFormatter)  # make run: Celery's own lines
    settings.LOG_FORMAT = "json"
    telemetry._worker_root_logger(logger=logger)
    logger.warning("Task %s failed", "x")
    assert json.loads(stream.getvalue())["message"] == "Task x failed"


# --- gunicorn's access log ----------------------------------------------------------------


def _gunicorn_config():
    spec = importlib.util.spec_from_file_location("gunicorn_config", settings.BASE_DIR / "config" / "gunicorn.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_gunicorn_writes_one_json_access_line_per_request_without_the_query_string(monkeypatch, tmp_path):
    monkeypatch.setenv("PROMETHEUS_MULTIPROC_DIR", str(tmp_path / "prom"))
    config = _gunicorn_config()
    assert config.accesslog == "-"
    assert config.logger_class is config.JsonAccessLogger
    assert config.METRICS_DIR == str(tmp_path / "prom")

    logger = config.JsonAccessLogger.__new__(config.JsonAccessLogger)
    stream = io.StringIO()
    logger.access_log = logging.Logger("access")
    logger.access_log.addHandler(logging.StreamHandler(stream))
    logger.cfg = SimpleNamespace(accesslog="-", access_log_format="", disable_redirect_access_to_syslog=False)
    monkeypatch.setattr(config.JsonAccessLogger, "access_log_enabled", True, raising=False)
    response = SimpleNamespace(status="200 OK", headers=[("X-Request-ID", "req-9")], sent=12)
    environ = {
        "REQUEST_METHOD": "POST",
        "PATH_INFO": "/unsubscribe",
        "QUERY_STRING": "t=secret-token",
        "REMOTE_ADDR": "10.0.0.9",
        "HTTP_USER_AGENT": 'curl "7"',
    }
    logger.access(response, None, environ, datetime.timedelta(milliseconds=42))
    line = json.loads(stream.getvalue())
    assert line["path"] == "/unsubscribe" and "secret-token" not in stream.getvalue()
    assert line["status"] == 200 and line["request_id"] == "req-9" and line["duration_ms"] == 42.0
    assert line["user_agent"] == 'curl "7"'  # quotes escaped, the line still parses


# --- Metrics ------------------------------------------------------------------------------


def scrape(settings) -> str:
    settings.METRICS_TOKEN = "t0ken"
    r = PortalClient().get("/metrics", HTTP_AUTHORIZATION="Bearer t0ken")
    assert r.status_code == 200, r.content
    return r.content.decode()


def _sample(text: str, name: str, **labels) -> float | None:
    from prometheus_client.parser import text_string_to_metric_families

    for family in text_string_to_metric_families(text):
        for sample in family.samples:
            if sample.name == name and all(sample.labels.get(k) == v for k, v in labels.items()):
                return sample.value
    return None


@pytest.mark.django_db
def test_request_latency_is_measured_by_route_not_by_address(settings, student_client):
    before = _sample(
        scrape(settings), "portal_http_request_duration_seconds_count", route="/api/auth/user", status="200"
    )
    assert student_client.get("/api/auth/user").status_code == 200
    r = student_client.get("/admin/users/someone@princeton.edu")
    text = scrape(settings)
    after = _sample(text, "portal_http_request_duration_seconds_count", route="/api/auth/user", status="200")
    assert after == (before or 0) + 1
    assert "someone@princeton.edu" not in text  # routes are patterns
    assert _sample(text, "portal_http_request_duration_seconds_count", method="GET", status=str(r.status_code))


def test_the_middleware_adds_no_query_and_no_cache_call(monkeypatch):
    calls = []
    monkeypatch.setattr(cache, "get", lambda *a, **k: calls.append(a))
    response = metrics.MetricsMiddleware(lambda request: HttpResponse("ok"))(RequestFactory().get("/x"))
    assert response.status_code == 200 and calls == []


@pytest.mark.django_db
def test_celery_task_outcomes_are_counted_across_processes(settings):
    """Counted in the shared cache by the worker, read by the web server when scraped."""
    before = _sample(scrape(settings), "portal_celery_tasks_total", task=heartbeat.name, outcome="success") or 0
    heartbeat.delay("counted")
    metrics.count_task(heartbeat.name, "failure")
    text = scrape(settings)
    assert _sample(text, "portal_celery_tasks_total", task=heartbeat.name, outcome="success") == before + 1
    assert _sample(text, "portal_celery_tasks_total", task=heartbeat.name, outcome="failure") >= 1
    assert _sample(text, "portal_celery_tasks_total", task=heartbeat.name, outcome="retry") == 0
    # Every task of the portal is listed, not only those this process happened to import.
    assert (
        _sample(text, "portal_celery_tasks_total", task="apps.mailings.tasks.send_due_mailings", outcome="success") == 0
    )


@pytest.mark.django_db
def test_a_failing_collector_costs_its_own_figures_not_the_scrape(settings, monkeypatch):
    from apps.mailings.metrics import OutboxCollector

    def broken(self):
        raise RuntimeError("the database is down")

    monkeypatch.setattr(OutboxCollector, "collect", broken)
    text = scrape(settings)
    assert "portal_outbox_failed" not in text
    assert "portal_celery_tasks_total" in text
