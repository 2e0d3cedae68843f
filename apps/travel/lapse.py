"""Grants without receipts by the deadline lapse, with an email; the money returns to the budget.

Run by Celery beat (`tasks.lapse_grants`). Safe to run twice or at once in two workers: each
grant is moved under its row lock only while it is still granted, and its email's dedupe key
is the grant's, so a second run finds nothing to do and records nothing.
"""

from __future__ import annotations

from django.db import transaction
from django.db.models import Exists, OuterRef
from django.utils import timezone

from . import mail
from .grants import _flag
from .models import TravelBudget, TravelGrant, TravelReceipt

# A rejected receipt pays nothing: a grant holding only rejected ones has no receipt either.
COUNTING = (TravelReceipt.Status.PENDING, TravelReceipt.Status.APPROVED)


def _without_receipts():
    return TravelGrant.objects.filter(status=TravelGrant.Status.GRANTED).exclude(
        Exists(TravelReceipt.objects.filter(grant=OuterRef("pk"), status__in=COUNTING))
    )


def due_grants(now=None) -> list[int]:
    now = now or timezone.now()
    cycles = TravelBudget.objects.filter(receipts_due__lt=now).values("cycle_id")
    return list(_without_receipts().filter(application__cycle__in=cycles).order_by("pk").values_list("pk", flat=True))


def lapse_one(grant_id: int, now=None) -> bool:
    """Lapse one grant if it still has no receipt and the deadline passed; whether it did."""
    now = now or timezone.now()
    with transaction.atomic():
        grant = (
            _without_receipts()
            .select_for_update(of=("self",))
            .select_related("application__cycle__travel_budget")
            .filter(pk=grant_id, application__cycle__travel_budget__receipts_due__lt=now)
            .first()
        )
        if grant is None:
            return False
        grant.status = TravelGrant.Status.LAPSED
        grant.lapsed_at = now
        grant.save(update_fields=["status", "lapsed_at"])
        _flag([grant.application_id], False, None)
        mail.record_lapsed(grant, grant.application, grant.application.cycle.travel_budget.currency)
    return True


def lapse_due(now=None) -> int:
    return sum(lapse_one(pk, now) for pk in due_grants(now))
