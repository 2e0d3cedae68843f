"""Decision emails after a worker dies, a mail server hiccups or stalls: each goes out exactly
once, within minutes, under the same Message-ID on every attempt, with no row lock held while
the mail server answers."""

from __future__ import annotations

import contextlib
import datetime
import smtplib
import threading
from unittest import mock

import pytest
from django.core import mail
from django.core.mail.backends.base import BaseEmailBackend
from django.db import OperationalError, connection, transaction
from django.utils import timezone

from apps.applications.models import Application
from apps.applications.tests.organizer_data import make_application
from apps.cycles.models import Cycle
from apps.cycles.models import CycleStatus as C
from apps.cycles.selectors import current_cycle
from apps.decisions import release, tasks
from apps.mailings import outbox
from apps.mailings.models import Delivery

pytestmark = pytest.mark.django_db


def released_cycle_with(*statuses: str) -> list[int]:
    """Applications decided, the cycle released without its hook (so nothing is queued yet),
    and the release's decision emails recorded: their ids."""
    for n, status in enumerate(statuses):
        make_application(f"applicant{n}@princeton.edu", status=status)
    Cycle.objects.filter(pk=current_cycle().pk).update(status=C.RELEASED)
    ids = release.release_prepare(cycle_id=current_cycle().pk)
    mail.outbox.clear()
    return ids


def at(moment: datetime.datetime):
    return mock.patch("django.utils.timezone.now", return_value=moment)


def copies() -> dict[str, int]:
    counts: dict[str, int] = {}
    for message in mail.outbox:
        counts[message.to[0]] = counts.get(message.to[0], 0) + 1
    return counts


def test_a_worker_that_died_after_claiming_is_replaced_within_minutes_and_sends_once():
    """A worker takes a batch, claims its first email and dies before sending; the batch task
    dies with it. The periodic re-queue hands the unclaimed emails over again after
    REQUEUE_AFTER and the dead claim once it is stale: each applicant gets one email."""
    ids = released_cycle_with("accepted", "waitlisted", "rejected")
    start = timezone.now()
    release.mark_queued(ids)  # handed to Celery; that task is lost with the worker
    dead = outbox.claim(Delivery.objects.filter(pk=ids[0]), queued_at=None)
    assert dead is not None

    assert tasks.requeue_decision_emails.delay().get() == 0  # just queued, claim fresh: wait
    assert mail.outbox == []

    with at(start + release.REQUEUE_AFTER + datetime.timedelta(seconds=1)):
        assert tasks.requeue_decision_emails.delay().get() == 2  # the two never claimed
    assert sorted(copies()) == ["applicant1@princeton.edu", "applicant2@princeton.edu"]

    with at(start + outbox.STALE_AFTER + datetime.timedelta(seconds=1)):
        assert tasks.requeue_decision_emails.delay().get() == 1  # the dead worker's claim
    assert copies() == {f"applicant{n}@princeton.edu": 1 for n in range(3)}
    row = Delivery.objects.get(pk=ids[0])
    assert (row.state, row.attempts) == ("sent", 2)
    assert outbox.STALE_AFTER <= datetime.timedelta(minutes=10)  # minutes, not the broker's hour

    with at(start + outbox.STALE_AFTER * 5):
        assert tasks.requeue_decision_emails.delay().get() == 0
    assert len(mail.outbox) == 3


def test_beat_runs_the_requeue_every_minute(settings):
    entry = settings.CELERY_BEAT_SCHEDULE["requeue-decision-emails"]
    assert entry == {"task": tasks.requeue_decision_emails.name, "schedule": 60.0}


def test_a_pending_email_never_queued_goes_out_at_the_next_requeue():
    """Rows recorded but never handed to Celery (the fan-out task died) are sent by the next
    periodic run; rows of a cycle not (or no longer) released are left alone."""
    ids = released_cycle_with("accepted", "rejected")
    Cycle.objects.filter(pk=current_cycle().pk).update(status=C.CLOSED)
    assert tasks.requeue_decision_emails.delay().get() == 0
    Cycle.objects.filter(pk=current_cycle().pk).update(status=C.RELEASED)
    assert tasks.requeue_decision_emails.delay().get() == 2
    assert len(mail.outbox) == 2
    assert set(Delivery.objects.filter(pk__in=ids).values_list("state", flat=True)) == {"sent"}


class Recording(BaseEmailBackend):
    """Records every attempt's Message-ID; refuses the first attempt to `refuse` with a 450."""

    attempts: list[tuple[str, str]] = []
    refuse: str = ""

    def send_messages(self, messages) -> int:
        for message in messages:
            Recording.attempts.append((message.to[0], message.message()["Message-ID"]))
            if (
                message.to[0] == Recording.refuse
                and sum(1 for to, _ in Recording.attempts if to == Recording.refuse) == 1
            ):
                raise smtplib.SMTPRecipientsRefused({Recording.refuse: (450, b"Mailbox busy, try again later")})
            mail.outbox.append(message)
        return len(messages)


def test_a_transient_refusal_is_retried_after_backoff_under_the_same_message_id(settings):
    """The server says 'try later' for one applicant: the rest of the batch goes out, that
    email waits out its backoff, then the periodic re-queue sends it, under the Message-ID of
    the first attempt (application + decision)."""
    ids = released_cycle_with("accepted", "waitlisted", "rejected")
    settings.EMAIL_BACKEND = f"{__name__}.Recording"
    Recording.attempts, Recording.refuse = [], "applicant0@princeton.edu"

    assert tasks.send_decision_emails.delay(ids).get() == 2
    row = Delivery.objects.get(pk=ids[0])
    assert (row.state, row.attempts) == ("pending", 1)
    assert "try again later" in row.last_error
    first_try = timezone.now()
    assert row.next_attempt_at > first_try

    with at(row.next_attempt_at - datetime.timedelta(seconds=1)):
        assert tasks.requeue_decision_emails.delay().get() == 0  # still backing off
    with at(row.next_attempt_at + datetime.timedelta(seconds=1)):
        assert tasks.requeue_decision_emails.delay().get() == 1
    row.refresh_from_db()
    assert (row.state, row.attempts) == ("sent", 2)
    assert copies() == {f"applicant{n}@princeton.edu": 1 for n in range(3)}

    tries = [message_id for to, message_id in Recording.attempts if to == "applicant0@princeton.edu"]
    application = Application.objects.get(email="applicant0@princeton.edu")
    assert row.dedupe_key == f"decision:{application.pk}:accepted"
    assert tries == [f"<decision-{application.pk}-accepted@testserver>"] * 2
    others = {message_id for to, message_id in Recording.attempts if to != "applicant0@princeton.edu"}
    assert len(others) == 2 and tries[0] not in others


def test_a_batch_stops_at_its_deadline_and_the_rest_is_requeued(monkeypatch):
    """Near the task's soft time limit a batch claims nothing more; what it left goes out at
    the next periodic re-queue."""
    ids = released_cycle_with("accepted", "waitlisted")
    release.mark_queued(ids)
    monkeypatch.setattr(outbox, "run_deadline", lambda: 0.0)  # already past
    assert tasks.send_decision_emails.delay(ids).get() == 0
    assert set(Delivery.objects.values_list("state", "attempts", "queued_at")) == {("pending", 0, None)}
    monkeypatch.undo()
    assert tasks.requeue_decision_emails.delay().get() == 2
    assert len(mail.outbox) == 2


class Blocking(BaseEmailBackend):
    """A mail server that takes its time: holds the send until the test lets it go."""

    started = threading.Event()
    proceed = threading.Event()

    def send_messages(self, messages) -> int:
        Blocking.started.set()
        assert Blocking.proceed.wait(timeout=30)
        mail.outbox.extend(messages)
        return len(messages)


@contextlib.contextmanager
def no_waiting_for_locks():
    """PostgreSQL's NOWAIT does this for the row; SQLite has no NOWAIT (Django drops FOR UPDATE
    there), so its busy timeout goes to zero: BEGIN IMMEDIATE then fails at once ("database is
    locked") if another connection holds a write transaction."""
    if connection.vendor != "sqlite":
        yield
        return
    timeout_ms = int(connection.settings_dict["OPTIONS"].get("timeout", 5) * 1000)
    with connection.cursor() as cursor:
        cursor.execute("PRAGMA busy_timeout = 0")
    try:
        yield
    finally:
        with connection.cursor() as cursor:
            cursor.execute(f"PRAGMA busy_timeout = {timeout_ms}")


@pytest.mark.django_db(transaction=True)
def test_no_lock_or_transaction_is_held_while_the_mail_server_answers(settings):
    """While the backend is still sending, another connection can lock the row at once
    (NOWAIT) and sees it claimed; afterwards it is recorded sent. On SQLite, which has no row
    locks, the same promise is that the other connection can begin a write transaction at once
    (BEGIN IMMEDIATE with no busy wait), so the sender holds no transaction while it sends."""
    [pk] = released_cycle_with("accepted")
    settings.EMAIL_BACKEND = f"{__name__}.Blocking"
    Blocking.started, Blocking.proceed = threading.Event(), threading.Event()
    results = []

    def worker():
        try:
            results.append(release.send_one(pk))
        finally:
            connection.close()

    thread = threading.Thread(target=worker)
    thread.start()
    try:
        assert Blocking.started.wait(timeout=30), "the send never started"
        try:
            with no_waiting_for_locks(), transaction.atomic():
                row = Delivery.objects.select_for_update(nowait=True).get(pk=pk)
        except OperationalError as error:
            pytest.fail(f"the row is locked during the send: {error}")
        assert row.state == "sending" and row.attempts == 1
    finally:
        Blocking.proceed.set()
        thread.join(timeout=30)
    assert results and results[0].sent
    assert Delivery.objects.get(pk=pk).state == "sent"
    assert len(mail.outbox) == 1
