"""Event-day tickets and check-ins.

A `Ticket` is what a confirmed applicant shows at the door: a random code, signed into a token
(apps.checkin.tokens), one live ticket per application; a re-issue voids the live one and adds
the next version. A `CheckIn` is the one record of a person's arrival: one per application
(a second scan from another device finds it and is refused), keyed by the client's scan id so
a retried request finds its own record and gets the same answer.
"""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.db.models import Q
from django.utils import timezone
from django.utils.translation import gettext_lazy as _
from django.utils.translation import pgettext_lazy

from apps.applications.models import Application


class Ticket(models.Model):
    # Not indexed on its own: an index or constraint in Meta begins with it (test_indexes.py).
    application = models.ForeignKey(Application, on_delete=models.CASCADE, related_name="tickets", db_index=False)
    version = models.PositiveIntegerField()
    # 22 URL-safe characters (128 random bits): the token's lookup key. Only the signature
    # makes a token valid, so a guessed code alone is worth nothing.
    code = models.CharField(max_length=32, unique=True)
    issued_at = models.DateTimeField(default=timezone.now)
    voided_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        verbose_name = _("ticket")
        verbose_name_plural = _("tickets")
        ordering = ["application", "-version"]
        constraints = [
            models.UniqueConstraint(
                fields=["application"], condition=Q(voided_at__isnull=True), name="one_live_ticket_per_application"
            ),
            models.UniqueConstraint(fields=["application", "version"], name="one_ticket_per_version"),
        ]

    def __str__(self) -> str:
        return f"ticket {self.application_id} v{self.version}{' (void)' if self.voided_at else ''}"


class CheckIn(models.Model):
    class Method(models.TextChoices):
        SCAN = "scan", pgettext_lazy("check-in method", "Ticket scanned")
        SEARCH = "search", pgettext_lazy("check-in method", "Found by search")
        WALK_IN = "walk_in", pgettext_lazy("check-in method", "Walk-in")

    application = models.OneToOneField(Application, on_delete=models.CASCADE, related_name="check_in")
    # The client's id of the scan (a UUID it keeps across retries of one scan).
    scan_id = models.UUIDField(unique=True)
    ticket = models.ForeignKey(Ticket, null=True, blank=True, on_delete=models.SET_NULL, related_name="+")
    by = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+")
    # Who checked them in, as the door saw it: kept if that account goes.
    by_email = models.EmailField(blank=True, default="")
    at = models.DateTimeField(default=timezone.now, db_index=True)
    method = models.CharField(max_length=16, choices=Method.choices, default=Method.SCAN)
    device = models.CharField(max_length=64, blank=True, default="")

    class Meta:
        verbose_name = _("check-in")
        verbose_name_plural = _("check-ins")

    def __str__(self) -> str:
        return f"check-in {self.application_id} at {self.at:%Y-%m-%d %H:%M}"


class Checkpoint(models.Model):
    """A place inside the event where each attendee is counted once: a meal, the swag table, a
    workshop. Scanned with the same ticket as the door."""

    class Kind(models.TextChoices):
        MEAL = "meal", pgettext_lazy("checkpoint kind", "Meal")
        SWAG = "swag", pgettext_lazy("checkpoint kind", "Swag")
        OTHER = "other", pgettext_lazy("checkpoint kind", "Other")

    # Not indexed on its own: an index or constraint in Meta begins with it (test_indexes.py).
    cycle = models.ForeignKey("cycles.Cycle", on_delete=models.CASCADE, related_name="checkpoints", db_index=False)
    name = models.CharField(max_length=100)
    kind = models.CharField(max_length=8, choices=Kind.choices, default=Kind.OTHER)
    created_at = models.DateTimeField(default=timezone.now)

    class Meta:
        verbose_name = _("checkpoint")
        verbose_name_plural = _("checkpoints")
        ordering = ["created_at", "pk"]
        constraints = [models.UniqueConstraint(fields=["cycle", "name"], name="one_checkpoint_name_per_cycle")]

    def __str__(self) -> str:
        return self.name


class CheckpointPass(models.Model):
    """One person at one checkpoint: at most one per person and checkpoint (the constraint is
    what refuses a second lunch, whichever device scans it), keyed by the client's scan id so a
    replayed offline scan finds its own record."""

    # Not indexed on its own: an index or constraint in Meta begins with it (test_indexes.py).
    checkpoint = models.ForeignKey(Checkpoint, on_delete=models.CASCADE, related_name="passes", db_index=False)
    application = models.ForeignKey(Application, on_delete=models.CASCADE, related_name="checkpoint_passes")
    scan_id = models.UUIDField(unique=True)
    by = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+")
    by_email = models.EmailField(blank=True, default="")
    at = models.DateTimeField(default=timezone.now)
    device = models.CharField(max_length=64, blank=True, default="")

    class Meta:
        verbose_name = _("checkpoint pass")
        verbose_name_plural = _("checkpoint passes")
        constraints = [
            models.UniqueConstraint(fields=["checkpoint", "application"], name="one_pass_per_checkpoint_and_person")
        ]

    def __str__(self) -> str:
        return f"{self.application_id} at {self.checkpoint_id}"
