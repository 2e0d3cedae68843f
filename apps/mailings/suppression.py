"""The suppression list: addresses the outbox sends less to, or nothing.

- An **unsubscribe** (the one-click link of every batch email, apps.mailings.unsubscribe) and a
  **complaint** (the recipient marked a mail as spam: the provider's notification,
  apps.mailings.ses) stop the address's batch mail. The mail about the person's own application
  (verification, decisions, the ticket) still goes: they asked for the announcements to stop,
  not for their application to go silent.
- A permanent **bounce** (the provider says the mailbox doesn't exist) stops every mail from the
  outbox to it: each further attempt is another bounce, and providers throttle senders that
  bounce.

The outbox asks `skip_suppressed(row)` for each row it is about to claim, under the row's lock:
a suppressed row is recorded as failed with the reason (`last_error` starts with
NOT_SENT_PREFIX, so the mailing's recipient list says why) and never sent. An organizer removes
a row in Django's admin when an address works again.
"""

from __future__ import annotations

import logging

from django.db import IntegrityError, transaction

from .models import Suppression
from .outbox_fields import State

logger = logging.getLogger(__name__)

Reason = Suppression.Reason
# Reasons that stop batch mail only, and those that stop every mail.
BATCH_ONLY = (Reason.UNSUBSCRIBED, Reason.COMPLAINED)
ALL_MAIL = (Reason.BOUNCED,)
NOT_SENT_PREFIX = "Not sent: "
WHY = {
    Reason.UNSUBSCRIBED: "the address unsubscribed from batch emails.",
    Reason.COMPLAINED: "the recipient marked an earlier email as spam.",
    Reason.BOUNCED: "the address bounced permanently.",
}


def normalize(email: str) -> str:
    return email.strip().lower()


def suppress(email: str, reason: str, detail: str = "") -> bool:
    """Add the address for this reason; False if it was there already."""
    try:
        with transaction.atomic():
            _row, created = Suppression.objects.get_or_create(
                email=normalize(email), reason=reason, defaults={"detail": detail[:500]}
            )
    except IntegrityError:  # another request added the same row at the same moment
        return False
    if created:
        logger.info("Suppressed an address (%s): %s", reason, detail[:200])
    return created


def unsuppress(email: str, reason: str) -> bool:
    return bool(Suppression.objects.filter(email=normalize(email), reason=reason).delete()[0])


def reason_against(email: str, *, batch: bool) -> str | None:
    """Why this address gets no mail of this kind (a Reason), or None when it does."""
    reasons = (*BATCH_ONLY, *ALL_MAIL) if batch else ALL_MAIL
    found = set(Suppression.objects.filter(email=normalize(email), reason__in=reasons).values_list("reason", flat=True))
    return next((reason for reason in (*ALL_MAIL, *BATCH_ONLY) if reason in found), None)


def is_batch(row) -> bool:
    """A batch email's recipient (the outbox's other rows are the person's own mail)."""
    return getattr(row, "mailing_id", None) is not None


def skip_suppressed(row) -> bool:
    """Called by the outbox under the row's lock, before it claims the row: True when the row
    must not be sent, after recording it as failed with the reason."""
    email = getattr(row, "email", None)
    if not email:
        return False
    reason = reason_against(email, batch=is_batch(row))
    if reason is None:
        return False
    type(row).objects.filter(pk=row.pk).update(
        state=State.FAILED, last_error=NOT_SENT_PREFIX + WHY[Reason(reason)], next_attempt_at=None
    )
    logger.info("%s %s not sent: %s", type(row).__name__, row.pk, reason)
    return True
