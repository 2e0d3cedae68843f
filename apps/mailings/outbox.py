"""Exactly-once mail from a table of rows: the one claim / backoff / takeover mechanism.

Every email that must go out exactly once is a row of one table, `apps.mailings.models.Delivery`
(with the fields of `OutboxFields`): a batch email's recipients and the release decision emails
(apps.decisions) alike. Each row goes through here:

1. **Claim** (`claim`), in a short transaction of its own: `SELECT ... FOR UPDATE SKIP LOCKED`
   the first claimable row, then a conditional UPDATE to `sending`, stamped with `claimed_at`
   and `attempts + 1`. Every condition is on the row itself: PostgreSQL re-checks a row that
   changed under a lock only against the row's own columns (READ COMMITTED), so a condition
   in a joined table or a subquery would let two workers both win the same row.
2. **Send** (`deliver`) outside any transaction: no row lock is held while the mail server
   talks, however slow it is (EMAIL_TIMEOUT bounds each step). The message carries a stable
   Message-ID, the same on every attempt.
3. **Hand-off**: the moment the server has accepted the message (its reply to the end of
   DATA), `send_message` records `handed_off_at` in an UPDATE of its own, committed at once,
   before anything else: before the connection is closed (SMTP's QUIT may wait out
   EMAIL_TIMEOUT) and before the outcome below.
4. **Record** the outcome, only if the claim is still ours (same `claimed_at`): `sent`;
   `pending` again after a transient failure, not before `next_attempt_at` (exponential
   backoff); or `failed`. A failure after the hand-off (closing the connection, say) is
   recorded `sent`: the server has the message.
5. A claim older than `STALE_AFTER` belongs to a worker that died: it is claimable again while
   it is not recorded as sent, at most `MAX_ATTEMPTS` times in all (`give_up_on_dead_claims`
   fails it after that). A takeover that finds the hand-off recorded does not send again: it
   records the row `sent` (at `handed_off_at`) and moves on.

The window left is between the server's acceptance and the hand-off's commit: one UPDATE by
primary key, a millisecond or so, unless the database is unreachable at that moment (then the
UPDATE fails, nothing is recorded, and the row is taken over and sent again). A worker killed
inside it sends the message a second time after STALE_AFTER, under the same Message-ID, which
mail clients use to drop the duplicate. Closing it would need the mail server to take part in
a two-phase commit, which SMTP has no way to do.
"""

from __future__ import annotations

import datetime
import logging
import smtplib
import time
from collections.abc import Callable
from contextvars import ContextVar
from dataclasses import dataclass

from celery.exceptions import SoftTimeLimitExceeded
from django.conf import settings
from django.db import models, transaction
from django.db.models import F, Q, QuerySet
from django.utils import timezone

from .outbox_fields import OutboxFields, State, message_id  # noqa: F401 - part of the outbox's API
from .suppression import skip_suppressed

logger = logging.getLogger(__name__)

MAX_ATTEMPTS = 5
BACKOFF_BASE = datetime.timedelta(seconds=30)
BACKOFF_MAX = datetime.timedelta(minutes=30)
# A live claim is never older than the Celery task that holds it (the hard time limit kills the
# task), and a send outside Celery takes a few EMAIL_TIMEOUTs at most; so a claim older than
# this belongs to a worker that is gone.
STALE_AFTER = max(
    datetime.timedelta(minutes=5),
    datetime.timedelta(seconds=(getattr(settings, "CELERY_TASK_TIME_LIMIT", None) or 0) + 60),
)


class TemporaryMailError(Exception):
    """The mail server refused for now (a 4xx reply) or could not be reached: try again later."""


# The one list of failures a Celery task retries (`autoretry_for`): the connection's, and
# the temporary refusals `send_message` turns into TemporaryMailError. A permanent refusal
# (5xx, e.g. no such user) is not among them: retrying it cannot help.
TRANSIENT = (
    TemporaryMailError,
    smtplib.SMTPServerDisconnected,
    smtplib.SMTPConnectError,
    ConnectionError,
    TimeoutError,
)


def is_transient(error: BaseException) -> bool:
    """Whether another attempt later may succeed."""
    if isinstance(error, (*TRANSIENT, SoftTimeLimitExceeded)):
        return True
    if isinstance(error, smtplib.SMTPRecipientsRefused):
        codes = [value[0] for value in error.recipients.values()]
        return bool(codes) and all(400 <= c < 500 for c in codes)
    code = getattr(error, "smtp_code", None)
    if isinstance(code, int):
        return 400 <= code < 500
    # Other socket-level errors (DNS, refused connection) are the network's, not the message's.
    return isinstance(error, OSError) and not isinstance(error, smtplib.SMTPException)


def server_unreachable(error: BaseException) -> bool:
    """The mail server is down or silent (not a refusal of one message): stop this run, since
    every further message would wait out the same timeout and spend an attempt for nothing."""
    if isinstance(error, TemporaryMailError) and error.__cause__ is not None:
        error = error.__cause__
    if isinstance(error, smtplib.SMTPServerDisconnected | smtplib.SMTPConnectError):
        return True
    return isinstance(error, OSError) and not isinstance(error, smtplib.SMTPException)


@dataclass
class _HandOff:
    """The row `deliver` is sending (a context variable holds it while `send` runs), and
    whether the mail server has accepted its message."""

    row: models.Model
    accepted: bool = False


_sending: ContextVar[_HandOff | None] = ContextVar("outbox_sending", default=None)


def send_message(message) -> None:
    """Send an EmailMessage; a temporary failure comes out as one of TRANSIENT.

    The connection is opened here, not inside `message.send()`: Django's backends close a
    connection they opened themselves before `send()` returns, and SMTP's QUIT can take up to
    EMAIL_TIMEOUT after the server has accepted the message. Here the hand-off of the row being
    delivered (if any) is recorded first, then the connection is closed; a failure to close
    it is only logged, since the message is already on its way.
    """
    connection = message.get_connection()
    opened = False
    try:
        opened = bool(connection.open())
        message.send()
    except Exception as error:
        if opened:
            _close_quietly(connection)
        if is_transient(error) and not isinstance(error, TRANSIENT):
            raise TemporaryMailError(str(error)) from error
        raise
    try:
        _handed_off()
    finally:
        if opened:
            _close_quietly(connection)


def _handed_off() -> None:
    """The server has accepted the message of the row being delivered: record it now, in an
    UPDATE of its own (committed at once: `deliver` runs outside transactions), so a worker
    killed from here on is not followed by a second copy."""
    hand_off = _sending.get()
    if hand_off is None:
        return  # a message outside the outbox (verification, reset)
    hand_off.accepted = True
    row = hand_off.row
    now = timezone.now()
    model = type(row)
    model.objects.filter(pk=row.pk, state=State.SENDING, claimed_at=row.claimed_at).update(handed_off_at=now)
    row.handed_off_at = now


def _close_quietly(connection) -> None:
    try:
        connection.close()
    except Exception as error:  # noqa: BLE001 - the message's fate is settled; the socket's is not ours
        logger.warning("Closing the mail connection failed: %s", error)


def run_deadline() -> float | None:
    """The `time.monotonic()` after which a Celery run claims nothing more: before the soft
    time limit, with room for one more send, so the limit stops no send halfway."""
    limit = getattr(settings, "CELERY_TASK_SOFT_TIME_LIMIT", None)
    if not limit:
        return None
    margin = min(3 * float(getattr(settings, "EMAIL_TIMEOUT", None) or 20), limit / 2)
    return time.monotonic() + limit - margin


def out_of_time(deadline: float | None) -> bool:
    return deadline is not None and time.monotonic() >= deadline


def claimable(now: datetime.datetime) -> Q:
    """Rows a worker may claim now: pending and due, or claimed by a worker that is gone."""
    pending = Q(state=State.PENDING) & (Q(next_attempt_at__isnull=True) | Q(next_attempt_at__lte=now))
    # A dead claim whose message was handed off is taken over too, whatever its attempts: the
    # takeover only records it sent (see `claim`).
    stale = Q(state=State.SENDING, claimed_at__lt=now - STALE_AFTER, sent_at__isnull=True) & (
        Q(attempts__lt=MAX_ATTEMPTS) | Q(handed_off_at__isnull=False)
    )
    return pending | stale


def backoff(attempts: int) -> datetime.timedelta:
    return min(BACKOFF_BASE * (2 ** max(attempts - 1, 0)), BACKOFF_MAX)


def _stamped(model, values: dict) -> dict:
    if any(f.name == "updated_at" for f in model._meta.concrete_fields):
        values.setdefault("updated_at", timezone.now())
    return values


def claim(rows: QuerySet, *, admit: Callable | None = None, **also):
    """Claim the first claimable row of `rows` for this worker, or None when none is.

    `rows` may filter only on the row's own columns (see the module's docstring). `admit(row)`,
    when given, runs under the row's lock before the claim: False leaves the row unclaimed (it
    may have changed or deleted it). `also` are more columns to set with the claim.

    A dead worker's claim whose hand-off was recorded is not claimed: the server accepted its
    message before the worker died, so it is recorded sent and the next row is looked at.
    A row whose address is on the suppression list is recorded as failed, with the reason, and
    passed over.
    """
    model = rows.model
    while True:
        with transaction.atomic():
            now = timezone.now()
            row = rows.select_for_update(skip_locked=True).filter(claimable(now)).order_by("pk").first()
            if row is None:
                return None
            if row.state == State.SENDING and row.handed_off_at is not None:
                _record_handed_off_as_sent(row)
                continue
            if _suppressed(row):
                continue  # recorded as failed with the reason; look at the next row
            if admit is not None and not admit(row):
                return None
            won = model.objects.filter(claimable(now), pk=row.pk).update(
                **_stamped(
                    model,
                    {
                        "state": State.SENDING,
                        "claimed_at": now,
                        "attempts": F("attempts") + 1,
                        "handed_off_at": None,  # each claim's own hand-off
                        **also,
                    },
                )
            )
            if won:
                row.state, row.claimed_at, row.attempts, row.handed_off_at = State.SENDING, now, row.attempts + 1, None
                return row
        # Lost to another worker between the two statements (the conditional UPDATE is the
        # arbiter): not on PostgreSQL, whose row lock holds, nor on SQLite, whose transactions
        # begin IMMEDIATE and so take turns; kept as the guard for any other database.


def _record_handed_off_as_sent(row) -> None:
    """A takeover's finding: the dead worker had handed the message off. Sent, at that time."""
    _settle(row, state=State.SENT, sent_at=row.handed_off_at, last_error="", next_attempt_at=None)
    logger.info(
        "%s %s: handed off at %s by a worker that stopped; recorded sent, not sent again",
        type(row).__name__,
        row.pk,
        row.handed_off_at,
    )


def _suppressed(row) -> bool:
    """The suppression list's say (apps.mailings.suppression): an address that unsubscribed,
    complained or bounced is not sent to, and its row is recorded as failed with the reason."""
    return skip_suppressed(row)


def _settle(row, **values) -> bool:
    """Record an outcome, only if the row is still under this worker's claim."""
    model = type(row)
    return bool(
        model.objects.filter(pk=row.pk, state=State.SENDING, claimed_at=row.claimed_at).update(
            **_stamped(model, values)
        )
    )


def give_up_on_dead_claims(rows: QuerySet, now: datetime.datetime) -> int:
    """Rows whose every attempt ended with a dead worker are failed, not retried forever."""
    return rows.filter(
        state=State.SENDING,
        claimed_at__lt=now - STALE_AFTER,
        sent_at__isnull=True,
        attempts__gte=MAX_ATTEMPTS,
        handed_off_at__isnull=True,  # the server has it: a takeover records it sent (`claim`)
    ).update(**_stamped(rows.model, {"state": State.FAILED, "last_error": "The worker stopped during every attempt."}))


# How long a row handed to Celery is left to its task before beat hands it over again (the
# task was lost, or its worker died before claiming it).
REQUEUE_AFTER = datetime.timedelta(minutes=5)


def requeue_candidates(rows: QuerySet, now: datetime.datetime) -> QuerySet:
    """Of `rows` (outbox rows with a `queued_at` hand-over stamp), the ones to hand to Celery
    again, oldest first: a worker may claim them now (a backoff passed, a dead worker's claim)
    and they were not handed over recently (or never: a lost task). Rows whose every attempt
    ended with a dead worker are failed first, so they are not among them."""
    give_up_on_dead_claims(rows, now)
    return rows.filter(claimable(now), Q(queued_at__isnull=True) | Q(queued_at__lt=now - REQUEUE_AFTER)).order_by("pk")


def hand_over(rows: QuerySet, values: list, task, *, by: str = "dedupe_key") -> int:
    """Hand `task` to Celery once for each of `values` (the `by` column of the rows that
    `requeue_candidates` chose), after stamping those rows as handed over now, so the next
    re-queue leaves them to these tasks for REQUEUE_AFTER. Returns how many were handed over."""
    if values:
        rows.filter(**{f"{by}__in": values}).update(queued_at=timezone.now())
    for value in values:
        task.delay(value)
    return len(values)


@dataclass
class Attempt:
    """What one `deliver` did: the row's new state, and the error if the send failed."""

    state: str
    error: BaseException | None = None

    @property
    def sent(self) -> bool:
        return self.state == State.SENT

    @property
    def server_unreachable(self) -> bool:
        return self.error is not None and server_unreachable(self.error)


def deliver(row, send: Callable) -> Attempt:
    """Call `send(row)` for a claimed row, outside any transaction of ours, and record how it went.

    Any exception from `send` is recorded on the row (the batch goes on); a transient one
    leaves the row pending until its backoff has passed, up to MAX_ATTEMPTS attempts. One
    raised after the mail server accepted the message (see `send_message`) is not a failure
    of the send: the row is recorded sent, since another attempt would be a second copy.
    """
    hand_off = _HandOff(row)
    token = _sending.set(hand_off)
    try:
        send(row)
    except Exception as error:  # noqa: BLE001 - every failure is recorded on its row
        now = timezone.now()
        if hand_off.accepted:
            _settle(row, state=State.SENT, sent_at=row.handed_off_at or now, last_error="", next_attempt_at=None)
            logger.warning("%s %s: accepted by the mail server, then: %s", type(row).__name__, row.pk, error)
            if isinstance(error, SoftTimeLimitExceeded):
                raise
            return Attempt(State.SENT)
        if is_transient(error) and row.attempts < MAX_ATTEMPTS:
            state = State.PENDING
            _settle(row, state=state, next_attempt_at=now + backoff(row.attempts), last_error=str(error)[:1000])
        else:
            state = State.FAILED
            _settle(row, state=state, last_error=str(error)[:1000])
        logger.warning("%s %s: attempt %s failed (%s): %s", type(row).__name__, row.pk, row.attempts, state, error)
        if isinstance(error, SoftTimeLimitExceeded):
            raise  # the task is out of time: recorded for a retry, and the task ends here
        return Attempt(state, error)
    finally:
        _sending.reset(token)
    _settle(row, state=State.SENT, sent_at=timezone.now(), last_error="", next_attempt_at=None)
    return Attempt(State.SENT)
