"""One recipient's mail, for the privacy tools (apps.privacy): what was sent to an address, and
forgetting an address whose person is gone.

Forgetting runs beside the outbox's senders (apps.mailings.outbox), which may be working on a
mailing to that very address, so it only ever does what a sender copes with:

- a row still to be sent that no worker holds (pending, or in the hands of a worker that
  died) is deleted: it is never sent. A claim looks rows up under `FOR UPDATE SKIP LOCKED`, so a deleted
  row simply isn't found, and a worker that dies holding it leaves nothing to take over;
- a row a worker holds right now (`sending`, claimed within STALE_AFTER) can't be called back,
  and a sent or failed one is history: they keep their place (so a mailing's counts stay true) with the
  address replaced by a placeholder on the reserved `.invalid` domain and the placeholders'
  values (names, dates) cleared. The worker records its outcome by row id and claim time,
  which don't change, so it finishes as usual.

Deleting a row a claim has just locked waits for that claim's short transaction; after it the
row is `sending` under a fresh claim, so the second rule applies.
"""

from __future__ import annotations

from django.db.models import CharField, Q, Value
from django.db.models.functions import Cast, Concat
from django.utils import timezone

from . import outbox
from .models import Delivery
from .outbox import State


def deliveries_to(email: str) -> list[dict]:
    """The mail recorded for `email`, oldest first: `[{"subject", "kind", "state", "sent_at"}]`."""
    from . import automated
    from .selectors import TEMPLATE_NAMES

    rows = Delivery.objects.filter(email__iexact=email).select_related("mailing").order_by("pk")
    out = []
    for row in rows:
        if row.mailing_id:
            subject = row.mailing.subject
        else:
            try:
                subject = automated.render(row.template_key, row.context)[0]
            except Exception:  # noqa: BLE001 - the list must not fail on one unrenderable template
                subject = str(TEMPLATE_NAMES.get(row.template_key, row.template_key))
        out.append(
            {
                "subject": subject,
                "kind": "batch" if row.mailing_id else "automated",
                "state": row.state,
                "sent_at": row.sent_at.isoformat() if row.sent_at else None,
            }
        )
    return out


def in_a_workers_hands(now) -> Q:
    return Q(state=State.SENDING, claimed_at__gte=now - outbox.STALE_AFTER)


def forget_recipients(emails: list[str]) -> dict[str, int]:
    """Cancel what was still to be sent to these addresses and strip them from the rest.
    Returns {"cancelled", "anonymised"} counts. Runs in the caller's transaction."""
    if not emails:
        return {"cancelled": 0, "anonymised": 0}
    return forget(Delivery.objects.filter(email__in=[e.lower() for e in emails]))


def forget(rows) -> dict[str, int]:
    """forget_recipients for any set of rows (say, the emails of some applications)."""
    now = timezone.now()
    kept = Q(state__in=[State.SENT, State.FAILED]) | in_a_workers_hands(now)
    cancelled, _ = rows.exclude(kept).delete()
    # One UPDATE: each row gets its own placeholder (unique per mailing, as the address was).
    address = Concat(Value("deleted-"), Cast("pk", CharField()), Value("@deleted.invalid"))
    anonymised = rows.filter(kept).exclude(email__endswith="@deleted.invalid").update(email=address, context={})
    return {"cancelled": cancelled, "anonymised": anonymised}


def automated_keys() -> list[tuple[int, str]]:
    """(row id, dedupe key) of every automated row still naming someone: for the app that
    knows what its keys name (apps.decisions) to pick its rows by key."""
    rows = Delivery.objects.filter(mailing__isnull=True, dedupe_key__isnull=False)
    return list(rows.exclude(email__endswith="@deleted.invalid").values_list("pk", "dedupe_key"))


def count_for(emails: list[str]) -> int:
    """How many rows forget_recipients would touch (a dry run's)."""
    if not emails:
        return 0
    return Delivery.objects.filter(email__in=[e.lower() for e in emails]).count()
