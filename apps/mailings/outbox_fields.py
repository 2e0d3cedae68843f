"""The columns and states of an outbox row, and its Message-ID: what the tables of messages to
send (apps.mailings.models) are built from. The mechanism that claims and sends the rows is
apps.mailings.outbox, which imports the models' neighbours (the suppression list); keeping the
row's definition here lets the models import it without importing the mechanism back."""

from __future__ import annotations

from urllib.parse import urlsplit

from django.conf import settings
from django.db import models
from django.utils.translation import pgettext_lazy


def message_id(*parts: object) -> str:
    """A Message-ID made of `parts`: the same for every attempt at one message, so a mail client
    drops a second copy."""
    host = urlsplit(settings.SITE_URL).hostname or "hackportal.local"
    return f"<{'-'.join(str(part) for part in parts)}@{host}>"


class State(models.TextChoices):
    PENDING = "pending", pgettext_lazy("outbox state", "Pending")
    SENDING = "sending", pgettext_lazy("outbox state", "Sending")
    SENT = "sent", pgettext_lazy("outbox state", "Sent")
    FAILED = "failed", pgettext_lazy("outbox state", "Failed")


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
    # When the mail server accepted this claim's message, committed before anything else: a
    # takeover of a dead worker's claim then records it sent instead of sending it again.
    handed_off_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        abstract = True
