"""Celery through a real broker (Redis in CI, the filesystem transport otherwise), not eager."""

from __future__ import annotations

import time
import uuid

import pytest
from celery.contrib.testing.worker import start_worker
from django.conf import settings
from django.core.cache import cache

from apps.core.tasks import heartbeat
from config.celery_app import app


@pytest.fixture
def real_broker(tmp_path):
    saved = {
        "task_always_eager": app.conf.task_always_eager,
        "broker_url": app.conf.broker_url,
        "broker_transport_options": app.conf.broker_transport_options,
    }
    app.conf.task_always_eager = False
    if not settings.REDIS_URL:
        folder = str(tmp_path)
        app.conf.broker_url = "filesystem://"
        app.conf.broker_transport_options = {
            "data_folder_in": folder,
            "data_folder_out": folder,
            "control_folder": str(tmp_path / "control"),
        }
    yield
    app.conf.update(saved)


def test_a_task_queued_through_the_broker_is_run_by_a_worker(real_broker):
    """A queued task travels through the configured broker and a worker runs it."""
    token = uuid.uuid4().hex
    with start_worker(app, pool="solo", perform_ping_check=False, shutdown_timeout=10):
        heartbeat.delay(token)
        deadline = time.monotonic() + 20
        while time.monotonic() < deadline and cache.get(f"celery-heartbeat:{token}") is None:
            time.sleep(0.1)
    assert cache.get(f"celery-heartbeat:{token}") == "alive"
