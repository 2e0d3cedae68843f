"""The one exactly-once mechanism (apps.mailings.outbox) on the one outbox table (Delivery: batch
emails' recipients and automated emails alike). Claim, backoff, takeover of dead claims, giving
up. What is particular to decision emails (release fan-out, re-queue, recovery after a dead
worker) is tested in apps/decisions/tests."""

from __future__ import annotations

import datetime
import smtplib
import threading
from unittest import mock

import pytest
from celery.exceptions import SoftTimeLimitExceeded
from django.core import mail
from django.core.mail import EmailMessage
from django.db import connection
from django.utils import timezone

from apps.mailings import outbox
from apps.mailings.models import Delivery, Mailing

pytestmark = pytest.mark.django_db


def make_deliveries(n: int):
    mailing = Mailing.objects.create(
        subject="Hi", audience="custom", html="<p>Hi</p>", send_at=timezone.now(), status=Mailing.Status.SENDING
    )
    Delivery.objects.bulk_create([Delivery(mailing=mailing, email=f"d{i}@princeton.edu") for i in range(n)])
    return Delivery.objects.filter(mailing=mailing)


@pytest.fixture
def make_rows():
    return make_deliveries


def sends_nothing(row) -> None:
    return None


def fails_with(error: Exception):
    def send(row) -> None:
        raise error

    return send


def at(moment: datetime.datetime):
    return mock.patch("django.utils.timezone.now", return_value=moment)


def test_each_row_is_claimed_once_then_nothing_is_left(make_rows):
    """A claim takes one claimable row (sending, stamped, attempts + 1); a claimed row is not
    claimable again while its claim is fresh."""
    rows = make_rows(3)
    claimed = [outbox.claim(rows) for _ in range(3)]
    assert sorted(row.pk for row in claimed) == sorted(rows.values_list("pk", flat=True))
    assert outbox.claim(rows) is None
    assert set(rows.values_list("state", "attempts")) == {("sending", 1)}
    assert all(row.claimed_at is not None for row in rows)


def test_a_sent_row_is_recorded_and_never_claimed_again(make_rows):
    rows = make_rows(1)
    attempt = outbox.deliver(outbox.claim(rows), sends_nothing)
    assert attempt.sent and attempt.error is None
    row = rows.get()
    assert (row.state, row.attempts, row.last_error) == ("sent", 1, "")
    assert row.sent_at is not None
    with at(timezone.now() + outbox.STALE_AFTER * 10):
        assert outbox.claim(rows) is None


def test_a_transient_failure_waits_out_an_exponential_backoff_then_fails_at_the_maximum(make_rows):
    """Each transient failure puts the row back to pending, not claimable before 30 s, 60 s,
    120 s … after the attempt; the last allowed attempt's failure is final."""
    rows = make_rows(1)
    moment = timezone.now()
    for attempts in range(1, outbox.MAX_ATTEMPTS + 1):
        with at(moment):
            row = outbox.claim(rows)
            assert row is not None and row.attempts == attempts
            attempt = outbox.deliver(row, fails_with(smtplib.SMTPServerDisconnected("gone")))
        row = rows.get()
        if attempts < outbox.MAX_ATTEMPTS:
            assert attempt.state == row.state == "pending"
            assert row.next_attempt_at == moment + outbox.BACKOFF_BASE * 2 ** (attempts - 1)
            assert "gone" in row.last_error
            with at(row.next_attempt_at - datetime.timedelta(seconds=1)):
                assert outbox.claim(rows) is None  # too early
            moment = row.next_attempt_at
    assert attempt.state == row.state == "failed"
    assert row.attempts == outbox.MAX_ATTEMPTS
    with at(moment + outbox.BACKOFF_MAX * 10):
        assert outbox.claim(rows) is None


def test_a_permanent_refusal_fails_at_once(make_rows):
    rows = make_rows(1)
    refused = smtplib.SMTPRecipientsRefused({"x@princeton.edu": (550, b"No such user")})
    attempt = outbox.deliver(outbox.claim(rows), fails_with(refused))
    assert attempt.state == "failed" and not attempt.server_unreachable
    assert (rows.get().state, rows.get().attempts) == ("failed", 1)


def test_a_dead_workers_claim_is_taken_over_once_stale_and_its_late_record_is_ignored(make_rows):
    """A claim older than STALE_AFTER belongs to a dead worker: another worker takes it over
    (attempts 2), and should the first worker come back, its record no longer applies."""
    rows = make_rows(1)
    dead = outbox.claim(rows)
    assert outbox.claim(rows) is None  # fresh: not taken over
    later = timezone.now() + outbox.STALE_AFTER + datetime.timedelta(seconds=1)
    with at(later):
        taker = outbox.claim(rows)
    assert taker is not None and taker.pk == dead.pk and taker.attempts == 2
    outbox.deliver(dead, fails_with(ValueError("the dead worker's late word")))
    assert rows.get().state == "sending"  # not recorded: the claim is not its own any more
    outbox.deliver(taker, sends_nothing)
    assert (rows.get().state, rows.get().attempts) == ("sent", 2)


def test_a_claim_that_died_in_every_attempt_is_failed(make_rows):
    rows = make_rows(1)
    rows.update(state="sending", attempts=outbox.MAX_ATTEMPTS, claimed_at=timezone.now() - outbox.STALE_AFTER * 2)
    assert outbox.claim(rows) is None
    assert outbox.give_up_on_dead_claims(rows, timezone.now()) == 1
    assert rows.get().state == "failed"


def test_running_out_of_time_mid_send_leaves_the_row_to_retry_and_ends_the_task(make_rows):
    """The soft time limit striking during a send: unknown whether the server took the mail,
    so the row is retried later (same Message-ID), and the task stops."""
    rows = make_rows(1)
    with pytest.raises(SoftTimeLimitExceeded):
        outbox.deliver(outbox.claim(rows), fails_with(SoftTimeLimitExceeded()))
    row = rows.get()
    assert row.state == "pending" and row.next_attempt_at > timezone.now()


@pytest.mark.parametrize(
    ("error", "transient", "unreachable"),
    [
        (smtplib.SMTPServerDisconnected("gone"), True, True),
        (smtplib.SMTPConnectError(421, b"busy"), True, True),
        (ConnectionRefusedError(), True, True),
        (TimeoutError("timed out"), True, True),
        (OSError("name resolution failed"), True, True),
        (smtplib.SMTPResponseException(451, b"try later"), True, False),
        (smtplib.SMTPRecipientsRefused({"a@x.edu": (452, b"mailbox full")}), True, False),
        (smtplib.SMTPRecipientsRefused({"a@x.edu": (550, b"no such user")}), False, False),
        (smtplib.SMTPDataError(554, b"rejected"), False, False),
        (ValueError("bad template"), False, False),
    ],
)
def test_which_failures_are_retried_and_which_stop_the_run(error, transient, unreachable):
    assert outbox.is_transient(error) is transient
    assert outbox.server_unreachable(error) is unreachable


def test_send_message_raises_a_temporary_refusal_as_one_of_the_retried_errors(settings):
    """Celery tasks retry `outbox.TRANSIENT`: a 4xx reply comes out as TemporaryMailError (the
    reply kept as its cause); a 5xx refusal stays what it is and is not retried."""
    from django.core.mail.backends.locmem import EmailBackend

    message = EmailMessage("Hi", "Body", "from@x.edu", ["to@x.edu"])
    with mock.patch.object(EmailBackend, "send_messages", side_effect=smtplib.SMTPResponseException(451, b"later")):
        with pytest.raises(outbox.TRANSIENT) as caught:
            outbox.send_message(message)
    assert isinstance(caught.value, outbox.TemporaryMailError)
    assert isinstance(caught.value.__cause__, smtplib.SMTPResponseException)
    with mock.patch.object(EmailBackend, "send_messages", side_effect=smtplib.SMTPDataError(554, b"no")):
        with pytest.raises(smtplib.SMTPDataError) as caught:
            outbox.send_message(message)
    assert not isinstance(caught.value, outbox.TRANSIENT)
    outbox.send_message(message)
    assert len(mail.outbox) == 1


def test_a_message_id_is_a_pure_function_of_its_parts():
    assert outbox.message_id("decision", 7, "accepted") == "<decision-7-accepted@testserver>"
    assert outbox.message_id("decision", 7, "accepted") == outbox.message_id("decision", 7, "accepted")


@pytest.mark.django_db(transaction=True)
def test_four_workers_claiming_at_once_never_share_a_row():
    """Four connections claim from the same 40 rows at once: every row is claimed exactly once.
    PostgreSQL: FOR UPDATE SKIP LOCKED. SQLite: no row locks, but each claim's transaction
    begins IMMEDIATE, so claims take turns and each sees the one before committed."""
    rows = make_deliveries(40)
    barrier = threading.Barrier(4)
    claimed: list[int] = []
    errors: list[Exception] = []

    def worker():
        try:
            barrier.wait()
            while (row := outbox.claim(rows)) is not None:
                claimed.append(row.pk)
        except Exception as error:  # noqa: BLE001 - surfaced by the assertion below
            errors.append(error)
        finally:
            connection.close()

    threads = [threading.Thread(target=worker) for _ in range(4)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=60)
    assert errors == []
    assert sorted(claimed) == sorted(rows.values_list("pk", flat=True))
    assert set(rows.values_list("attempts", flat=True)) == {1}
