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
3. **Record** the outcome, only if the claim is still ours (same `claimed_at`): `sent`;
   `pending` again after a transient failure, not before `next_attempt_at` (exponential
   backoff); or `failed`.
4. A claim older than `STALE_AFTER` belongs to a worker that died: it is claimable again while
   it is not recorded as sent, at most `MAX_ATTEMPTS` times in all (`give_up_on_dead_claims`
   fails it after that).

The one window left is a worker dying between the mail server accepting a message and the
UPDATE that records it (milliseconds); the resend carries the same Message-ID, which mail
clients use to drop the duplicate.
"""

from __future__ import annotations

import datetime
import logging
import smtplib
import time
from collections.abc import Callable
from dataclasses import dataclass
from urllib.parse import urlsplit

from celery.exceptions import SoftTimeLimitExceeded
from django.conf import settings
from django.db import models, transaction
from django.db.models import F, Q, QuerySet
from django.utils import timezone

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


def send_message(message) -> None:
    """Send an EmailMessage; a temporary failure comes out as one of TRANSIENT."""
    try:
        message.send()
    except Exception as error:
        if is_transient(error) and not isinstance(error, TRANSIENT):
            raise TemporaryMailError(str(error)) from error
        raise


def message_id(*parts: object) -> str:
    """A Message-ID made of `parts`: the same for every attempt at one message, so a mail client
    drops a second copy."""
    host = urlsplit(settings.SITE_URL).hostname or "hackportal.local"
    return f"<{'-'.join(str(part) for part in parts)}@{host}>"


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


# --- The rows --------------------------------------------------------------------------


class State(models.TextChoices):
    PENDING = "pending", "Pending"
    SENDING = "sending", "Sending"
    SENT = "sent", "Sent"
    FAILED = "failed", "Failed"


class OutboxFields(models.Model):
    """The columns the mechanism needs on a table of messages to send."""

    state = models.CharField(max_length=16, choices=State.choices, default=State.PENDING)
    attempts = models.PositiveSmallIntegerField(default=0)
    last_error = models.TextField(blank=True, default="")
    sent_at = models.DateTimeField(null=True, blank=True)
    # When a worker claimed it (state `sending`): a claim older than STALE_AFTER belongs to a
    # worker that died, and another may take it over.
    claimed_at = models.DateTimeField(null=True, blank=True)
    # After a transient failure, the earliest time of the next attempt (backoff).
    next_attempt_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        abstract = True


def claimable(now: datetime.datetime) -> Q:
    """Rows a worker may claim now: pending and due, or claimed by a worker that is gone."""
    pending = Q(state=State.PENDING) & (Q(next_attempt_at__isnull=True) | Q(next_attempt_at__lte=now))
    stale = Q(state=State.SENDING, claimed_at__lt=now - STALE_AFTER, sent_at__isnull=True, attempts__lt=MAX_ATTEMPTS)
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
    may have changed or deleted it). `also` are more columns to set with the claim. A row whose
    address is on the suppression list is recorded as failed, with the reason, and passed over.
    """
    model = rows.model
    while True:
        with transaction.atomic():
            now = timezone.now()
            row = rows.select_for_update(skip_locked=True).filter(claimable(now)).order_by("pk").first()
            if row is None:
                return None
            if _suppressed(row):
                continue  # recorded as failed with the reason; look at the next row
            if admit is not None and not admit(row):
                return None
            won = model.objects.filter(claimable(now), pk=row.pk).update(
                **_stamped(model, {"state": State.SENDING, "claimed_at": now, "attempts": F("attempts") + 1, **also})
            )
            if won:
                row.state, row.claimed_at, row.attempts = State.SENDING, now, row.attempts + 1
                return row
        # Without row locks (SQLite) another worker can take it between the two statements.


def _suppressed(row) -> bool:
    """The suppression list's say (apps.mailings.suppression): an address that unsubscribed,
    complained or bounced is not sent to, and its row is recorded as failed with the reason."""
    from .suppression import skip_suppressed

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
        state=State.SENDING, claimed_at__lt=now - STALE_AFTER, sent_at__isnull=True, attempts__gte=MAX_ATTEMPTS
    ).update(**_stamped(rows.model, {"state": State.FAILED, "last_error": "The worker stopped during every attempt."}))


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
    leaves the row pending until its backoff has passed, up to MAX_ATTEMPTS attempts.
    """
    try:
        send(row)
    except Exception as error:  # noqa: BLE001 - every failure is recorded on its row
        now = timezone.now()
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
    _settle(row, state=State.SENT, sent_at=timezone.now(), last_error="", next_attempt_at=None)
    return Attempt(State.SENT)
