"""The hand-off: once the mail server has accepted a message, no crash or takeover sends it again.

A worker killed after the SMTP server accepted a message but before the outbox row was
recorded sent used to be taken for one that never sent: STALE_AFTER (about 6 minutes) later
another worker took the claim over and sent a second copy. Now the acceptance is committed
first (`handed_off_at`), and a takeover that finds it records the row sent instead.

The crash is simulated by an exception no `except Exception` catches (a killed process runs
nothing more), raised where the worker would record the outcome. The mail server is a small
SMTP server on 127.0.0.1 that counts what it accepts, so the copies counted are real ones.
"""

from __future__ import annotations

import datetime
import socket
import threading
from unittest import mock

import pytest
from django.core import mail
from django.db import connection
from django.utils import timezone

from apps.mailings import outbox, services
from apps.mailings.models import Delivery, Mailing

pytestmark = pytest.mark.django_db(transaction=True)


class WorkerKilled(BaseException):
    """The worker process dies here: nothing after it runs, no handler catches it."""


class SmtpServer:
    """A minimal SMTP server in a thread: accepts every message (250 after DATA) and keeps
    them; `on_quit` runs when the client says QUIT, before the server answers."""

    def __init__(self, *, on_quit=None) -> None:
        self.on_quit = on_quit
        self.messages: list[bytes] = []
        self.stop = threading.Event()
        self.sock = socket.socket()
        self.sock.bind(("127.0.0.1", 0))
        self.sock.listen(8)
        self.sock.settimeout(0.2)
        self.port = self.sock.getsockname()[1]
        self.threads: list[threading.Thread] = []
        self.connections: list[socket.socket] = []
        self.thread = threading.Thread(target=self._serve, daemon=True)
        self.thread.start()

    def _serve(self) -> None:
        while not self.stop.is_set():
            try:
                conn, _address = self.sock.accept()
            except TimeoutError:
                continue
            except OSError:
                return
            thread = threading.Thread(target=self._talk, args=(conn,), daemon=True)
            thread.start()
            self.threads.append(thread)

    def _talk(self, conn: socket.socket) -> None:
        self.connections.append(conn)
        with conn, conn.makefile("rb") as lines:
            conn.sendall(b"220 test ESMTP\r\n")
            for line in lines:
                verb = line[:4].upper()
                if verb in (b"EHLO", b"HELO"):
                    conn.sendall(b"250 test\r\n")
                elif verb == b"DATA":
                    conn.sendall(b"354 go ahead\r\n")
                    body = []
                    for data in lines:
                        if data == b".\r\n":
                            break
                        body.append(data)
                    self.messages.append(b"".join(body))
                    conn.sendall(b"250 accepted\r\n")
                elif verb == b"QUIT":
                    if self.on_quit is not None:
                        self.on_quit()
                    conn.sendall(b"221 bye\r\n")
                    return
                else:  # MAIL, RCPT, RSET, NOOP
                    conn.sendall(b"250 ok\r\n")

    def close(self) -> None:
        self.stop.set()
        self.thread.join(timeout=5)
        for conn in self.connections:  # a client that died mid-talk never hangs up itself
            try:
                conn.shutdown(socket.SHUT_RDWR)
            except OSError:
                pass
        for thread in self.threads:
            thread.join(timeout=5)
        self.sock.close()


@pytest.fixture
def smtp(settings):
    def start(**options) -> SmtpServer:
        server = SmtpServer(**options)
        servers.append(server)
        settings.EMAIL_BACKEND = "django.core.mail.backends.smtp.EmailBackend"
        settings.EMAIL_HOST, settings.EMAIL_PORT = "127.0.0.1", server.port
        settings.EMAIL_USE_TLS, settings.EMAIL_HOST_USER, settings.EMAIL_HOST_PASSWORD = False, "", ""
        settings.EMAIL_TIMEOUT = 0.5
        return server

    servers: list[SmtpServer] = []
    yield start
    for server in servers:
        server.close()


def mailing_to(*emails: str) -> Mailing:
    mailing = Mailing.objects.create(subject="Hi", audience="custom", html="<p>Hi</p>", send_at=timezone.now())
    Delivery.objects.bulk_create([Delivery(mailing=mailing, email=email) for email in emails])
    return mailing


def killed_when_recording_the_outcome():
    """The worker dies right after `send` returned, where it would record the row sent."""
    real = outbox._settle

    def settle(row, **values):
        if values.get("state") == outbox.State.SENT and not getattr(settle, "fired", False):
            settle.fired = True
            raise WorkerKilled
        return real(row, **values)

    return mock.patch.object(outbox, "_settle", settle)


def later(by: datetime.timedelta):
    return mock.patch("django.utils.timezone.now", return_value=timezone.now() + by)


def committed_hand_off(pk: int):
    """The row's handed_off_at as another connection sees it: only a committed write shows."""
    seen = []

    def read():
        try:
            seen.append(Delivery.objects.values_list("handed_off_at", flat=True).get(pk=pk))
        finally:
            connection.close()

    thread = threading.Thread(target=read)
    thread.start()
    thread.join(timeout=30)
    return seen[0]


def test_a_worker_killed_after_the_server_accepted_is_not_followed_by_a_second_copy(smtp):
    server = smtp()
    mailing = mailing_to("ada@princeton.edu")
    with killed_when_recording_the_outcome(), pytest.raises(WorkerKilled):
        services.send_due_mailings()
    assert len(server.messages) == 1
    assert Delivery.objects.get(mailing=mailing).state == "sending"  # the outcome was never recorded

    # Beat's next runs, after the dead worker's claim has gone stale: taken over, not resent.
    with later(outbox.STALE_AFTER + datetime.timedelta(seconds=1)):
        report = services.send_due_mailings()
    assert len(server.messages) == 1
    row = Delivery.objects.get(mailing=mailing)
    assert (row.state, row.attempts) == ("sent", 1)
    assert row.sent_at == row.handed_off_at is not None
    assert report.finished == [mailing.pk]
    assert Mailing.objects.get(pk=mailing.pk).status == "sent"


def test_the_hand_off_is_committed_before_the_outcome_and_before_quit(smtp):
    """When the server has accepted and the client says QUIT, another connection already sees
    the hand-off: it was committed first (QUIT may wait out EMAIL_TIMEOUT, and the worker may
    die in between). And it is still there after the worker died before recording the outcome."""
    seen_at_quit = []
    mailing = mailing_to("bo@princeton.edu")

    def look() -> None:
        try:
            seen_at_quit.append(Delivery.objects.values_list("handed_off_at", flat=True).get(mailing=mailing))
        finally:
            connection.close()  # the server thread's own connection

    server = smtp(on_quit=look)
    with killed_when_recording_the_outcome(), pytest.raises(WorkerKilled):
        services.send_due_mailings()
    assert len(server.messages) == 1
    row = Delivery.objects.get(mailing=mailing)
    assert row.handed_off_at is not None
    assert seen_at_quit == [row.handed_off_at]
    assert committed_hand_off(row.pk) == row.handed_off_at


def test_a_decision_email_killed_after_the_hand_off_is_recorded_sent_by_the_requeue():
    """The same for an automated email (the locmem backend of the tests counts the copies):
    beat's re-queue takes the stale claim over and records it sent."""
    from apps.decisions import release, tasks
    from apps.decisions.tests.test_decision_email_recovery import released_cycle_with

    [pk] = released_cycle_with("accepted")
    with killed_when_recording_the_outcome(), pytest.raises(WorkerKilled):
        release.send_one(pk)
    assert len(mail.outbox) == 1
    with later(outbox.STALE_AFTER + datetime.timedelta(seconds=1)):
        tasks.requeue_decision_emails.delay().get()
    assert len(mail.outbox) == 1
    assert Delivery.objects.get(pk=pk).state == "sent"


def test_a_failure_after_the_server_accepted_is_not_a_failed_send(smtp):
    """Something raises after the acceptance (here: recording the hand-off): the message is on
    its way, so the row is recorded sent, never retried as a temporary failure."""
    server = smtp()
    mailing = mailing_to("cy@princeton.edu")
    real = outbox._handed_off

    def then_fails() -> None:
        real()
        raise TimeoutError("the database answered too late")

    with mock.patch.object(outbox, "_handed_off", then_fails):
        report = services.send_due_mailings()
    assert (report.sent, report.retrying, report.failed) == (1, 0, 0)
    assert Delivery.objects.get(mailing=mailing).state == "sent"
    with later(outbox.STALE_AFTER * 2):
        services.send_due_mailings()
    assert len(server.messages) == 1


def test_a_worker_killed_before_the_server_accepted_sends_once_after_the_takeover(smtp):
    """No hand-off recorded: the takeover sends it, once."""
    server = smtp()
    mailing = mailing_to("dee@princeton.edu")
    with mock.patch.object(outbox, "_handed_off", side_effect=AssertionError("not reached")):
        with mock.patch("smtplib.SMTP.sendmail", side_effect=WorkerKilled), pytest.raises(WorkerKilled):
            services.send_due_mailings()
    row = Delivery.objects.get(mailing=mailing)
    assert (row.state, row.handed_off_at, server.messages) == ("sending", None, [])
    with later(outbox.STALE_AFTER + datetime.timedelta(seconds=1)):
        assert services.send_due_mailings().sent == 1
    assert len(server.messages) == 1
    row.refresh_from_db()
    assert (row.state, row.attempts) == ("sent", 2)


def test_a_handed_off_claim_is_never_failed_as_a_dead_one():
    """Even after its last attempt: the server has the message, so it is sent, not failed."""
    mailing = mailing_to("di@princeton.edu")
    long_ago = timezone.now() - outbox.STALE_AFTER * 2
    Delivery.objects.filter(mailing=mailing).update(
        state="sending", claimed_at=long_ago, handed_off_at=long_ago, attempts=outbox.MAX_ATTEMPTS
    )
    rows = Delivery.objects.filter(mailing=mailing)
    assert outbox.give_up_on_dead_claims(rows, timezone.now()) == 0
    assert outbox.claim(rows) is None
    assert (rows.get().state, rows.get().sent_at) == ("sent", long_ago)
    assert mail.outbox == []


def test_a_new_claim_starts_without_a_hand_off():
    """A hand-off belongs to the claim that made it: a row claimed again (pending after a
    transient failure, say) starts with none."""
    mailing = mailing_to("ed@princeton.edu")
    Delivery.objects.filter(mailing=mailing).update(state="pending", handed_off_at=timezone.now())
    row = outbox.claim(Delivery.objects.filter(mailing=mailing))
    assert row.handed_off_at is None and Delivery.objects.get(pk=row.pk).handed_off_at is None
