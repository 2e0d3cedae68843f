"""Travel support: what an applicant asks for, what the organizers grant from the cycle's
budget, and the receipts that turn a grant into a payout.

Amounts are decimals in the budget's currency (a request names its own currency: the organizer
converts when granting). The budget row is the lock every grant takes (apps.travel.grants), so
the grants of a cycle never add up to more than its budget, however many are made at once.
"""

from __future__ import annotations

from decimal import Decimal

from django.conf import settings
from django.core.validators import MinValueValidator
from django.db import models
from django.db.models import Q
from django.utils import timezone
from django.utils.translation import gettext_lazy as _
from django.utils.translation import pgettext_lazy

from apps.applications.models import Application
from apps.cycles.models import Cycle

MONEY = {"max_digits": 10, "decimal_places": 2}


ORIGIN_MAX = 200
COUNTRY_MAX = 100


class TravelRequest(models.Model):
    """An applicant's ask: how much, in which currency, from where. One per application."""

    application = models.OneToOneField(Application, on_delete=models.CASCADE, related_name="travel_request")
    amount = models.DecimalField(**MONEY, validators=[MinValueValidator(Decimal("0.01"))])
    currency = models.CharField(max_length=3)
    # Where they travel from: a city as typed, and the country (bulk grants go by either).
    origin = models.CharField(max_length=ORIGIN_MAX)
    country = models.CharField(max_length=COUNTRY_MAX)
    updated_at = models.DateTimeField(default=timezone.now)

    class Meta:
        verbose_name = _("travel request")
        verbose_name_plural = _("travel requests")

    def __str__(self) -> str:
        return f"{self.application_id}: {self.amount} {self.currency} from {self.origin}"


class TravelBudget(models.Model):
    """The cycle's travel budget and the receipts deadline: one per cycle, the grants' lock."""

    cycle = models.OneToOneField(Cycle, on_delete=models.CASCADE, related_name="travel_budget")
    amount = models.DecimalField(**MONEY, default=Decimal("0"), validators=[MinValueValidator(Decimal("0"))])
    currency = models.CharField(max_length=3, default="USD")
    # Receipts are accepted until then; a grant with none by then lapses (apps.travel.tasks).
    receipts_due = models.DateTimeField(null=True, blank=True)

    class Meta:
        verbose_name = _("travel budget")
        verbose_name_plural = _("travel budgets")

    def __str__(self) -> str:
        return f"{self.cycle}: {self.amount} {self.currency}"


class TravelGrant(models.Model):
    """What the organizers grant an applicant. `travel_reimbursement` on the application stays
    the yes/no the decision pages and emails read; the grant holds the amount."""

    class Status(models.TextChoices):
        GRANTED = "granted", pgettext_lazy("travel grant status", "Granted")
        # No receipt by the deadline: the money goes back to the budget.
        LAPSED = "lapsed", pgettext_lazy("travel grant status", "Lapsed")

    application = models.OneToOneField(Application, on_delete=models.CASCADE, related_name="travel_grant")
    amount = models.DecimalField(**MONEY, validators=[MinValueValidator(Decimal("0.01"))])
    status = models.CharField(max_length=8, choices=Status.choices, default=Status.GRANTED)
    granted_by = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, on_delete=models.SET_NULL, related_name="+")
    granted_at = models.DateTimeField(default=timezone.now)
    lapsed_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        verbose_name = _("travel grant")
        verbose_name_plural = _("travel grants")
        # Declared here, not as db_index: that adds a pattern-ops twin no query reads (test_indexes.py).
        indexes = [models.Index(fields=["status"], name="travel_grant_status")]

    def __str__(self) -> str:
        return f"{self.application_id}: {self.amount} ({self.status})"


class TravelReceipt(models.Model):
    """A receipt for a grant: a PDF or image in the private storage, reviewed by an organizer."""

    class Status(models.TextChoices):
        PENDING = "pending", pgettext_lazy("travel receipt status", "Waiting for review")
        APPROVED = "approved", pgettext_lazy("travel receipt status", "Approved")
        REJECTED = "rejected", pgettext_lazy("travel receipt status", "Rejected")

    grant = models.ForeignKey(TravelGrant, on_delete=models.CASCADE, related_name="receipts")
    # The storage name in the private storage; never a public URL.
    path = models.CharField(max_length=500)
    size = models.PositiveIntegerField()
    content_type = models.CharField(max_length=32)
    original_name = models.CharField(max_length=255, blank=True, default="")
    amount = models.DecimalField(**MONEY, validators=[MinValueValidator(Decimal("0.01"))])
    uploaded_at = models.DateTimeField(default=timezone.now)
    status = models.CharField(max_length=8, choices=Status.choices, default=Status.PENDING)
    reason = models.CharField(max_length=500, blank=True, default="")
    reviewed_by = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, on_delete=models.SET_NULL, related_name="+")
    reviewed_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        verbose_name = _("travel receipt")
        verbose_name_plural = _("travel receipts")
        ordering = ["uploaded_at", "pk"]
        # Declared here, not as db_index: that adds a pattern-ops twin no query reads (test_indexes.py).
        indexes = [models.Index(fields=["status"], name="travel_receipt_status")]
        constraints = [
            # A rejection always says why: the applicant is mailed the reason.
            models.CheckConstraint(condition=~Q(status="rejected") | ~Q(reason=""), name="rejected_receipt_has_reason"),
        ]

    def __str__(self) -> str:
        return f"receipt {self.pk} of grant {self.grant_id} ({self.status})"
