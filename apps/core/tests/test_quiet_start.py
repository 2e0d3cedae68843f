"""Every start of `make run` printed two warnings that mean nothing to a newcomer: SQLite's W040
(a covering index built without its extra columns) and kombu's "No hostname was supplied" for
the filesystem broker. Each is silenced where it does not apply, and only there."""

from __future__ import annotations

import logging

import pytest
from django.conf import settings
from django.core import checks
from django.db import connection
from kombu import Connection


@pytest.mark.django_db
def test_the_checks_migrate_runs_say_nothing_about_covering_indexes():
    shown = [m.id for m in checks.run_checks(databases=["default"]) if not m.is_silenced()]
    assert "models.W040" not in shown
    if connection.vendor != "sqlite":  # PostgreSQL builds them whole: nothing is silenced there
        assert "models.W040" not in getattr(settings, "SILENCED_SYSTEM_CHECKS", [])


def test_the_broker_url_names_a_host(caplog):
    with caplog.at_level(logging.WARNING, logger="kombu.connection"):
        uri = Connection(settings.CELERY_BROKER_URL).as_uri()
    assert uri
    assert "No hostname was supplied" not in caplog.text
