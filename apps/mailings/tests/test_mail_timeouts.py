"""Nothing in the mail path waits forever: the SMTP timeout, Celery's time limits, the broker's
visibility timeout, and the senders' own deadline."""

from __future__ import annotations

import datetime
import runpy
import socket
import threading
import time

import pytest
from django.conf import settings as django_settings
from django.core import mail
from django.core.exceptions import ImproperlyConfigured
from django.db import connection
from django.utils import timezone

from apps.mailings import outbox, services
from apps.mailings.models import Delivery, Mailing
from config.celery_app import app as celery_app

VARIABLES = (
    "EMAIL_TIMEOUT",
    "CELERY_TASK_SOFT_TIME_LIMIT",
    "CELERY_TASK_TIME_LIMIT",
    "CELERY_VISIBILITY_TIMEOUT",
    "REDIS_URL",
)


def base_settings(monkeypatch, **env: str) -> dict:
    """config/settings/base.py evaluated afresh with exactly these variables set."""
    for name in VARIABLES:
        monkeypatch.delenv(name, raising=False)
    for name, value in env.items():
        monkeypatch.setenv(name, value)
    return runpy.run_path(str(django_settings.BASE_DIR / "config" / "settings" / "base.py"))


def test_the_smtp_timeout_defaults_to_20_seconds_and_follows_email_timeout(monkeypatch):
    assert base_settings(monkeypatch)["EMAIL_TIMEOUT"] == 20
    assert base_settings(monkeypatch, EMAIL_TIMEOUT="2.5")["EMAIL_TIMEOUT"] == 2.5


def test_celery_time_limits_and_redis_visibility_timeout_are_explicit(monkeypatch):
    """Defaults: soft 240 s, hard 300 s, visibility 900 s (longer than any task may run, so
    Redis never hands a running task to a second worker); each from its variable."""
    conf = base_settings(monkeypatch, REDIS_URL="redis://127.0.0.1:6379/9")
    assert (conf["CELERY_TASK_SOFT_TIME_LIMIT"], conf["CELERY_TASK_TIME_LIMIT"]) == (240, 300)
    assert conf["CELERY_BROKER_TRANSPORT_OPTIONS"] == {"visibility_timeout": 900}
    conf = base_settings(
        monkeypatch,
        REDIS_URL="redis://127.0.0.1:6379/9",
        CELERY_TASK_SOFT_TIME_LIMIT="50",
        CELERY_TASK_TIME_LIMIT="60",
        CELERY_VISIBILITY_TIMEOUT="120",
    )
    assert (conf["CELERY_TASK_SOFT_TIME_LIMIT"], conf["CELERY_TASK_TIME_LIMIT"]) == (50, 60)
    assert conf["CELERY_BROKER_TRANSPORT_OPTIONS"] == {"visibility_timeout": 120}


@pytest.mark.parametrize(
    "env",
    [
        {"CELERY_TASK_TIME_LIMIT": "1000"},  # longer than the visibility timeout
        {"CELERY_TASK_SOFT_TIME_LIMIT": "300"},  # not below the hard limit
        {"CELERY_TASK_SOFT_TIME_LIMIT": "0"},
    ],
)
def test_inconsistent_celery_limits_are_refused_at_startup(monkeypatch, env):
    with pytest.raises(ImproperlyConfigured):
        base_settings(monkeypatch, **env)


def test_the_worker_runs_with_those_limits_and_a_claim_outlives_the_hard_limit():
    assert celery_app.conf.task_soft_time_limit == django_settings.CELERY_TASK_SOFT_TIME_LIMIT
    assert celery_app.conf.task_time_limit == django_settings.CELERY_TASK_TIME_LIMIT
    assert outbox.STALE_AFTER > datetime.timedelta(seconds=django_settings.CELERY_TASK_TIME_LIMIT)


def test_a_run_claims_nothing_after_its_deadline(db):
    """The periodic sender stops claiming before its soft time limit; the next run goes on."""
    mailing = Mailing.objects.create(subject="Hi", audience="custom", html="<p>Hi</p>", send_at=timezone.now())
    Delivery.objects.bulk_create([Delivery(mailing=mailing, email=f"d{i}@princeton.edu") for i in range(3)])
    report = services.send_due_mailings(deadline=time.monotonic())
    assert report.sent == 0 and mail.outbox == []
    assert set(Delivery.objects.values_list("state", "attempts")) == {("pending", 0)}
    assert services.send_due_mailings(deadline=time.monotonic() + 60).sent == 3
    deadline = outbox.run_deadline()
    budget = django_settings.CELERY_TASK_SOFT_TIME_LIMIT - 3 * django_settings.EMAIL_TIMEOUT
    assert deadline is not None and abs(deadline - time.monotonic() - budget) < 5


def test_an_unreachable_mail_server_stops_the_run_after_one_attempt(db, settings):
    """Connection refused: one delivery records a retry; the others keep all their attempts
    for when the server is back, instead of each waiting out the same failure."""
    with socket.socket() as probe:  # a port nobody listens on
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    settings.EMAIL_BACKEND = "django.core.mail.backends.smtp.EmailBackend"
    settings.EMAIL_HOST, settings.EMAIL_PORT = "127.0.0.1", port
    mailing = Mailing.objects.create(subject="Hi", audience="custom", html="<p>Hi</p>", send_at=timezone.now())
    Delivery.objects.bulk_create([Delivery(mailing=mailing, email=f"d{i}@princeton.edu") for i in range(3)])
    report = services.send_due_mailings()
    assert (report.sent, report.retrying, report.failed) == (0, 1, 0)
    assert sorted(Delivery.objects.values_list("state", "attempts")) == [("pending", 0), ("pending", 0), ("pending", 1)]


@pytest.fixture
def silent_smtp_port():
    """A TCP server on 127.0.0.1 that accepts connections and never says a word."""
    server = socket.socket()
    server.bind(("127.0.0.1", 0))
    server.listen(8)
    server.settimeout(0.2)
    held: list[socket.socket] = []
    stop = threading.Event()

    def accept():
        while not stop.is_set():
            try:
                held.append(server.accept()[0])
            except TimeoutError:
                continue
            except OSError:
                break

    thread = threading.Thread(target=accept, daemon=True)
    thread.start()
    yield server.getsockname()[1]
    stop.set()
    thread.join(timeout=5)
    for conn in held:
        conn.close()
    server.close()


@pytest.mark.django_db(transaction=True)
def test_a_silent_mail_server_times_out_per_email_timeout_instead_of_hanging(monkeypatch, settings, silent_smtp_port):
    """With EMAIL_TIMEOUT=0.5 the sender gives up on a server that never answers within about
    that time, records a retry with backoff, and is free again."""
    settings.EMAIL_TIMEOUT = base_settings(monkeypatch, EMAIL_TIMEOUT="0.5")["EMAIL_TIMEOUT"]
    settings.EMAIL_BACKEND = "django.core.mail.backends.smtp.EmailBackend"
    settings.EMAIL_HOST, settings.EMAIL_PORT = "127.0.0.1", silent_smtp_port
    settings.EMAIL_USE_TLS, settings.EMAIL_HOST_USER = False, ""
    mailing = Mailing.objects.create(subject="Hi", audience="custom", html="<p>Hi</p>", send_at=timezone.now())
    Delivery.objects.create(mailing=mailing, email="patient@princeton.edu")
    reports = []

    def sender():
        try:
            reports.append(services.send_due_mailings())
        finally:
            connection.close()

    started = time.monotonic()
    thread = threading.Thread(target=sender, daemon=True)
    thread.start()
    thread.join(timeout=15)
    assert not thread.is_alive(), "the sender hung on a silent mail server"
    assert time.monotonic() - started < 10
    assert reports and reports[0].retrying == 1
    delivery = Delivery.objects.get()
    assert (delivery.state, delivery.attempts) == ("pending", 1)
    assert "timed out" in delivery.last_error
    assert delivery.next_attempt_at > timezone.now()
