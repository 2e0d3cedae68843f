from django.conf import settings
from django.db import models

from apps.core.models import BaseModel

from .outbox import OutboxFields, State


class Mailing(BaseModel):
    """A batch email to an audience, sent at `send_at` by the periodic task."""

    class Status(models.TextChoices):
        SCHEDULED = "scheduled", "Scheduled"
        SENDING = "sending", "Sending"
        SENT = "sent", "Sent"
        CANCELLED = "cancelled", "Cancelled"

    subject = models.CharField(max_length=200)
    audience = models.CharField(max_length=32)
    html = models.TextField()
    send_at = models.DateTimeField(db_index=True)
    status = models.CharField(max_length=16, choices=Status.choices, default=Status.SCHEDULED, db_index=True)
    created_by = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, on_delete=models.SET_NULL, related_name="+")

    class Meta:
        ordering = ["-send_at", "-pk"]

    def __str__(self) -> str:
        return self.subject


class Delivery(OutboxFields):
    """One recipient of a mailing. Recorded before sending so each gets it exactly once
    (apps.mailings.outbox claims, sends and records it)."""

    State = State

    mailing = models.ForeignKey(Mailing, on_delete=models.CASCADE, related_name="deliveries")
    email = models.EmailField()

    class Meta:
        verbose_name_plural = "deliveries"
        constraints = [models.UniqueConstraint(fields=["mailing", "email"], name="one_delivery_per_recipient")]
        indexes = [models.Index(fields=["mailing", "state"], name="delivery_mailing_state")]

    def __str__(self) -> str:
        return f"{self.email} ({self.state})"


class EmailTemplate(BaseModel):
    """An organizer's version of an automated email (subject + HTML with placeholders)."""

    key = models.CharField(max_length=64, unique=True)
    subject = models.CharField(max_length=200)
    html = models.TextField()

    def __str__(self) -> str:
        return self.key
