"""Celery through a real broker (Redis in CI, the filesystem transport otherwise), not eager."""

from __future__ import annotations

import os
import time
import uuid

import pytest
from celery import Celery
from celery.contrib.testing.worker import start_worker
from django.conf import settings
from django.core.cache import cache

from apps.core.tasks import heartbeat


@pytest.fixture
def broker_app(tmp_path):
    """A Celery app configured like the portal's, on its own queue, with eager mode off.

    A separate app keeps the portal's app (and any connection pool it holds) untouched, and its
    own queue keeps a developer's running worker from taking the test's message.
    """
    app = Celery("portal-broker-test")
    app.config_from_object("django.conf:settings", namespace="CELERY")
    app.conf.task_always_eager = False
    app.conf.task_default_queue = f"broker-test-{uuid.uuid4().hex[:8]}"
    if not settings.REDIS_URL:
        app.conf.broker_url = settings.CELERY_BROKER_URL
        app.conf.broker_transport_options = {
            "data_folder_in": str(tmp_path),
            "data_folder_out": str(tmp_path),
            "control_folder": str(tmp_path / "control"),
        }
    return app


def test_a_task_queued_through_the_broker_is_run_by_a_worker(broker_app):
    """A queued task travels through the configured broker and a worker runs it."""
    token = uuid.uuid4().hex
    with start_worker(broker_app, pool="solo", perform_ping_check=False, shutdown_timeout=10):
        broker_app.send_task(heartbeat.name, args=[token])
        deadline = time.monotonic() + 20
        while time.monotonic() < deadline and cache.get(f"celery-heartbeat:{token}") is None:
            time.sleep(0.1)
    assert cache.get(f"celery-heartbeat:{token}") == "alive"


def test_a_message_file_appears_whole(tmp_path, monkeypatch):
    """The filesystem broker writes a message under a name no worker takes, then renames it:
    a worker listing the folder at any moment finds no message or the whole one (kombu's own
    transport creates the file empty and writes after, and a worker once read it empty)."""
    from kombu import Connection

    from apps.core import broker

    seen: list[list[str]] = []
    real_replace = os.replace

    def replace(src, dst):
        # The moment before the message gets its name: no "<queue>.msg" file is there yet.
        seen.append(sorted(name for name in os.listdir(tmp_path) if name.endswith(".msg")))
        real_replace(src, dst)

    monkeypatch.setattr(broker.os, "replace", replace)
    options = {"data_folder_in": str(tmp_path), "data_folder_out": str(tmp_path), "control_folder": str(tmp_path)}
    with Connection(f"{broker.SCHEME}://localhost/", transport_options=options) as conn:
        queue = conn.SimpleQueue("whole")
        queue.put({"n": 1})
        assert seen == [[]]
        assert [name for name in os.listdir(tmp_path) if name.endswith(".part")] == []
        assert queue.get(timeout=5).payload == {"n": 1}
        queue.close()


def test_the_broker_makes_its_folders_in_a_new_place(tmp_path):
    """VAR_DIR pointed at a new folder: the first message queued there makes the broker's folders
    (seeding the demo queues mail before any worker has run) instead of failing."""
    from kombu import Connection

    from apps.core import broker

    root = tmp_path / "fresh" / "celery"
    options = {
        "data_folder_in": str(root / "queue"),
        "data_folder_out": str(root / "queue"),
        "control_folder": str(root / "control"),
    }
    with Connection(f"{broker.SCHEME}://localhost/", transport_options=options) as conn:
        queue = conn.SimpleQueue("fresh")
        queue.put({"n": 1})
        assert queue.get(timeout=5).payload == {"n": 1}
        queue.close()
    assert (root / "queue").is_dir() and (root / "control").is_dir()


def test_the_portal_broker_is_redis_with_redis_and_the_whole_message_transport_without(settings):
    """Each configuration publishes through the transport its URL names."""
    from config.celery_app import app

    with app.connection_for_write() as conn:
        module = type(conn.transport).__module__
    if settings.REDIS_URL:
        assert settings.CELERY_BROKER_URL.startswith("redis://")
        assert module == "kombu.transport.redis"
    else:
        assert settings.CELERY_BROKER_URL.startswith("filesystem-whole://")
        assert module == "apps.core.broker"


def test_each_test_gets_the_portal_app_back_from_a_worker_test():
    """start_worker leaves its app current and default; the autouse fixture puts the portal's
    back (conftest.use_portal_celery_app), so a task queued by name runs eagerly again."""
    from celery import current_app

    from apps.core.tasks import delay
    from conftest import use_portal_celery_app

    other = Celery("left-by-a-worker-test")
    other.conf.task_always_eager = False
    other.set_current()
    other.set_default()
    try:
        assert current_app.main == "left-by-a-worker-test"
    finally:
        use_portal_celery_app()
    assert current_app.main == "portal"
    token = uuid.uuid4().hex
    delay(heartbeat.name, token)
    assert cache.get(f"celery-heartbeat:{token}") == "alive"
