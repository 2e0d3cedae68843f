"""Concurrent writers wait their turn instead of failing, on SQLite (`make run`, and the tests
without DATABASE_URL) as on PostgreSQL.

SQLite used to refuse the second writer at once ("database table is locked", "database is
locked"): two volunteers scanning at the same moment both got a 503. Its options (WAL, a busy
timeout, BEGIN IMMEDIATE: config/settings/base.py) make the second wait for the first.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import threading
from pathlib import Path

import pytest
from django.db import connection, transaction

from apps.core.db import sqlite_takes_turns
from apps.mailings.models import Delivery

ROOT = Path(__file__).resolve().parents[3]
sqlite_only = pytest.mark.skipif(connection.vendor != "sqlite", reason="checks SQLite's own settings")


@pytest.mark.django_db(transaction=True)
def test_read_then_write_transactions_from_four_threads_lose_nothing_and_fail_nothing():
    """Each transaction reads a counter, then writes it plus one: the pattern of every service
    that decides on what it read. PostgreSQL makes them take turns on the row lock, SQLite on
    the write lock that BEGIN IMMEDIATE takes (FOR UPDATE is dropped there). Either way no
    transaction fails and no increment is lost."""
    row = Delivery.objects.create(email="count@princeton.edu", template_key="counter", attempts=0)
    threads_count, rounds = 4, 15
    barrier = threading.Barrier(threads_count, timeout=20)
    errors: list[BaseException] = []

    def work() -> None:
        try:
            barrier.wait()
            for _ in range(rounds):
                with transaction.atomic():
                    seen = Delivery.objects.select_for_update().values_list("attempts", flat=True).get(pk=row.pk)
                    Delivery.objects.filter(pk=row.pk).update(attempts=seen + 1)
        except Exception as error:  # noqa: BLE001 - shown by the assertion
            errors.append(error)
        finally:
            connection.close()

    threads = [threading.Thread(target=work) for _ in range(threads_count)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=60)
    assert errors == []
    assert Delivery.objects.get(pk=row.pk).attempts == threads_count * rounds


@sqlite_only
@pytest.mark.django_db
def test_the_test_database_runs_as_make_run_does():
    """A file (not the shared-cache memory database, whose table locks ignore the timeout), in
    WAL mode, with the busy timeout and IMMEDIATE transactions."""
    assert not connection.is_in_memory_db()
    with connection.cursor() as cursor:
        assert cursor.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
        assert cursor.execute("PRAGMA busy_timeout").fetchone()[0] == 20_000
    assert connection.transaction_mode == "IMMEDIATE"


def test_make_run_settings_give_sqlite_its_options():
    """`make run` (config.settings.local, no DATABASE_URL): the same options on var/db.sqlite3."""
    code = "import json; from config.settings import local; print(json.dumps(local.DATABASES['default']['OPTIONS']))"
    environment = {k: v for k, v in os.environ.items() if k not in ("DATABASE_URL", "DJANGO_SETTINGS_MODULE")}
    result = subprocess.run(
        [sys.executable, "-c", code], cwd=ROOT, env=environment, capture_output=True, text=True, check=True
    )
    options = json.loads(result.stdout.strip().splitlines()[-1])
    assert options["transaction_mode"] == "IMMEDIATE"
    assert options["timeout"] >= 5
    assert "journal_mode=WAL" in options["init_command"].replace(" ", "")


def test_a_sqlite_database_without_immediate_transactions_fails_the_system_check(monkeypatch):
    fake = {"default": {"ENGINE": "django.db.backends.sqlite3", "OPTIONS": {"timeout": 20}}}

    class Handler:
        def __iter__(self):
            return iter(fake)

        def __getitem__(self, alias):
            return type("Connection", (), {"settings_dict": fake[alias]})()

    monkeypatch.setattr("apps.core.db.connections", Handler())
    assert [error.id for error in sqlite_takes_turns()] == ["core.E001"]
    fake["default"]["OPTIONS"]["transaction_mode"] = "IMMEDIATE"
    assert sqlite_takes_turns() == []


def test_the_tests_keep_nothing_under_var(settings):
    """Every place the tests keep state is this worker's temp folder, never the checkout's var/
    (where `make run` keeps its database, mail and broker): one run of `make test` can't see
    what `make run` or another run left there."""
    var = settings.VAR_DIR.resolve()
    database = settings.DATABASES["default"]
    places = [settings.MAIL_DIR, settings.MEDIA_ROOT, settings.CELERY_BEAT_SCHEDULE_FILENAME]
    if database["ENGINE"] == "django.db.backends.sqlite3":
        places += [database["NAME"], database["TEST"]["NAME"]]
    if settings.CELERY_BROKER_URL.startswith("filesystem"):
        places += [value for key, value in settings.CELERY_BROKER_TRANSPORT_OPTIONS.items() if key.endswith("folder")]
    places += [cache["LOCATION"] for cache in settings.CACHES.values() if cache["BACKEND"].endswith("FileBasedCache")]
    inside = [str(place) for place in places if Path(place).resolve().is_relative_to(var)]
    assert inside == []
