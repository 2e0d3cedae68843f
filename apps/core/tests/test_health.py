"""/healthz, /readyz and /metrics (apps.core.health): answered before the https redirect and the
Host check, /readyz a 503 naming each part that is down.

Outages are real, as in test_service_outages: a database connection, a cache and a broker
pointed at a closed port (or, for SQLite, a file that can't be opened).
"""

from __future__ import annotations

import socket

import pytest
from django.db import ConnectionHandler, connection
from django.db.migrations.recorder import MigrationRecorder
from django.test import override_settings

from apps.core import health
from conftest import PortalClient


def closed_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]  # free once closed: nothing listens there


def get(path: str, **headers):
    return PortalClient().get(path, **headers)


def test_healthz_answers_without_touching_any_service():
    # No django_db mark: a query would raise here.
    r = get("/healthz")
    assert r.status_code == 200, r.content
    assert r.json() == {"status": "ok"}
    assert r["Cache-Control"] == "no-store"


@override_settings(SECURE_SSL_REDIRECT=True, ALLOWED_HOSTS=["portal.example.org"])
@pytest.mark.django_db
def test_probes_over_plain_http_with_the_containers_address_are_answered():
    """Production redirects http to https and refuses unknown Host headers; a probe from inside
    the network has neither, and still gets its answer."""
    for path in ("/healthz", "/readyz"):
        r = get(path, HTTP_HOST="172.18.0.5:8000")
        assert r.status_code == 200, (path, r.status_code, r.content)
    # The rest of the site still redirects and checks the host.
    assert get("/login", HTTP_HOST="portal.example.org").status_code == 301
    assert get("/login", HTTP_HOST="172.18.0.5:8000").status_code == 400


@pytest.mark.django_db
def test_readyz_is_200_when_every_part_answers():
    r = get("/readyz")
    assert r.status_code == 200, r.json()
    assert r.json() == {
        "status": "ready",
        "failing": [],
        "checks": {"database": "ok", "migrations": "ok", "cache": "ok", "broker": "ok"},
    }


@pytest.mark.django_db
def test_readyz_is_503_naming_the_database_when_it_is_down(monkeypatch, settings):
    broken = {**settings.DATABASES["default"]}
    if connection.vendor == "sqlite":
        broken["NAME"] = "/nonexistent-folder/portal.sqlite3"
    else:
        broken.update(HOST="127.0.0.1", PORT=str(closed_port()))
    monkeypatch.setattr(health, "connections", ConnectionHandler({"default": broken}))
    r = get("/readyz")
    assert r.status_code == 503, r.content
    body = r.json()
    assert body["status"] == "unavailable"
    assert body["failing"] == ["database"]
    assert body["checks"]["database"].startswith("unavailable (")
    assert body["checks"]["migrations"] == health.NOT_CHECKED
    assert body["checks"]["cache"] == body["checks"]["broker"] == "ok"
    assert "127.0.0.1" not in r.content.decode()  # no host, user or password in the answer


@pytest.mark.django_db
def test_readyz_is_503_naming_the_cache_when_it_is_down():
    closed = {
        "default": {
            "BACKEND": "apps.core.cache.SharedClientRedisCache",
            "LOCATION": f"redis://127.0.0.1:{closed_port()}/0",
            "OPTIONS": {"socket_connect_timeout": 1, "socket_timeout": 1},
        }
    }
    with override_settings(CACHES=closed):
        r = get("/readyz")
    assert r.status_code == 503, r.content
    assert r.json()["failing"] == ["cache"]
    assert r.json()["checks"]["cache"] == "unavailable (ConnectionError)"


@pytest.mark.django_db
def test_readyz_is_503_naming_the_broker_when_it_is_down():
    with override_settings(CELERY_BROKER_URL=f"redis://127.0.0.1:{closed_port()}/0"):
        r = get("/readyz")
    assert r.status_code == 503, r.content
    assert r.json()["failing"] == ["broker"]


@pytest.mark.django_db
def test_readyz_is_503_while_a_migration_is_not_applied(monkeypatch):
    monkeypatch.setattr(health, "_migrations_applied", set())
    MigrationRecorder.Migration.objects.filter(app="mailings").order_by("-name").first().delete()
    r = get("/readyz")
    assert r.status_code == 503, r.content
    assert r.json()["failing"] == ["migrations"]
    assert r.json()["checks"]["migrations"] == "1 migration(s) not applied"


def test_probes_only_read():
    r = PortalClient().post("/readyz")
    assert r.status_code == 405
    assert r["Allow"] == "GET, HEAD"


# --- /metrics ------------------------------------------------------------------------------


def test_metrics_do_not_exist_without_a_token(settings):
    settings.METRICS_TOKEN = ""
    assert get("/metrics").status_code == 404


@pytest.mark.django_db
def test_metrics_need_the_token(settings):
    settings.METRICS_TOKEN = "s3cret-token"
    assert get("/metrics").status_code == 401
    assert get("/metrics", HTTP_AUTHORIZATION="Bearer wrong").status_code == 401
    r = get("/metrics", HTTP_AUTHORIZATION="Bearer s3cret-token")
    assert r.status_code == 200
    assert r["Content-Type"].startswith("text/plain")
