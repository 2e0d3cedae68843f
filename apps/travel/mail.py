"""The travel emails, through the one outbox (apps.mailings Delivery rows): a receipt approved
or rejected (with the reason), and a grant that lapsed without receipts.

Each is recorded in the transaction that makes its change, under a dedupe key naming it
("travel-receipt:<id>:<status>", "travel-lapsed:<grant id>"): a rollback leaves no email, and
doing the same thing twice adds nothing. The row is handed to Celery after commit and claimed
once by the outbox; beat hands over again what a dead worker or a backoff left
(`tasks.requeue_travel_emails`).
"""

from __future__ import annotations

from django.db import transaction
from django.utils import timezone

from apps.core.tasks import delay
from apps.mailings import automated, outbox
from apps.mailings.models import Delivery

KEY_PREFIX = "travel-"
RECEIPT_KEYS = {"approved": "travel_receipt_approved", "rejected": "travel_receipt_rejected"}
LAPSED_KEY = "travel_grant_lapsed"
SEND_TASK = "apps.travel.tasks.send_travel_email"


def travel_rows():
    return Delivery.objects.filter(mailing__isnull=True, dedupe_key__startswith=KEY_PREFIX)


def _person(application) -> dict:
    return {"first_name": application.first, "last_name": application.last, "email": application.email}


def _record(*, key: str, template_key: str, application, context: dict) -> None:
    Delivery.objects.bulk_create(
        [
            Delivery(
                email=application.email,
                template_key=template_key,
                context=_merged(automated.event_context(application.cycle), _person(application), context),
                dedupe_key=key,
            )
        ],
        ignore_conflicts=True,
    )

    def queue() -> None:
        if travel_rows().filter(dedupe_key=key, queued_at__isnull=True).update(queued_at=timezone.now()):
            delay(SEND_TASK, key)

    transaction.on_commit(queue)


def _merged(*contexts: dict) -> dict:
    """The contexts one over the other, their dates and amounts to write in the recipient's
    language (automated.LOCALIZED) all kept."""
    merged: dict = {}
    localized: dict = {}
    for context in contexts:
        merged.update(context)
        localized.update(context.get(automated.LOCALIZED) or {})
    merged[automated.LOCALIZED] = localized
    return merged


def record_receipt_review(receipt, application, currency: str, *, approved_total=None, grant_amount=None) -> None:
    """The review's email; an approval that takes the approved receipts past the grant says
    what they come to and that the reimbursement is the grant (`past_grant`)."""
    context = automated.with_amount(
        {"currency": currency, "reason": receipt.reason, "receipt_name": receipt.original_name},
        "receipt_amount",
        receipt.amount,
    )
    past = approved_total is not None and grant_amount is not None and approved_total > grant_amount
    context["past_grant"] = past
    context = automated.with_amount(context, "approved_total", approved_total or 0)
    context = automated.with_amount(context, "grant_amount", grant_amount or 0)
    _record(
        key=f"{KEY_PREFIX}receipt:{receipt.pk}:{receipt.status}",
        template_key=RECEIPT_KEYS[receipt.status],
        application=application,
        context=context,
    )


def record_lapsed(grant, application, currency: str) -> None:
    _record(
        key=f"{KEY_PREFIX}lapsed:{grant.pk}",
        template_key=LAPSED_KEY,
        application=application,
        context=automated.with_amount({"currency": currency}, "amount", grant.amount),
    )


def send_one(key: str) -> outbox.Attempt | None:
    row = outbox.claim(travel_rows().filter(dedupe_key=key), queued_at=None)
    if row is None:
        return None
    return outbox.deliver(row, automated.send_delivery)


def requeue_due() -> list[str]:
    return list(outbox.requeue_candidates(travel_rows(), timezone.now()).values_list("dedupe_key", flat=True)[:500])
