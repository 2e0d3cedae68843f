from django.conf import settings
from django.db import models
from django.db.models import Q
from django.utils import timezone
from django.utils.translation import gettext_lazy as _
from django.utils.translation import pgettext_lazy

from apps.core.models import BaseModel

from .outbox_fields import OutboxFields, State, message_id


class Mailing(BaseModel):
    """A batch email to an audience, sent at `send_at` by the periodic task."""

    class Status(models.TextChoices):
        SCHEDULED = "scheduled", pgettext_lazy("mailing status", "Scheduled")
        SENDING = "sending", pgettext_lazy("mailing status", "Sending")
        SENT = "sent", pgettext_lazy("mailing status", "Sent")
        CANCELLED = "cancelled", pgettext_lazy("mailing status", "Cancelled")

    subject = models.CharField(max_length=200)
    audience = models.CharField(max_length=32)
    # The body: Markdown written in the browser (apps.mailings.composer renders it), or else
    # an uploaded HTML file's text. Placeholders are filled per recipient when it is sent.
    markdown = models.TextField(blank=True, default="")
    html = models.TextField(blank=True)
    send_at = models.DateTimeField(db_index=True)
    # Versions in other enabled languages, each a Markdown email of its own:
    # {"es": {"subject": ..., "markdown": ...}}. A recipient whose language has one gets it;
    # everyone else gets the subject and body above (services.mailing_create checks them).
    translations = models.JSONField(default=dict, blank=True)
    status = models.CharField(max_length=16, choices=Status.choices, default=Status.SCHEDULED)
    created_by = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, on_delete=models.SET_NULL, related_name="+")

    class Meta:
        verbose_name = _("batch email")
        verbose_name_plural = _("batch emails")
        ordering = ["-send_at", "-pk"]
        # Declared here, not as db_index: that adds a pattern-ops twin no query reads (test_indexes.py).
        indexes = [models.Index(fields=["status"], name="mailing_status")]

    def __str__(self) -> str:
        return self.subject


class Delivery(OutboxFields):
    """One email to one recipient, recorded before it is sent so it goes out exactly once
    (apps.mailings.outbox claims, sends and records it). The one outbox table, for two kinds:

    - a batch email's recipient: `mailing` is set and gives the subject and HTML; one per
      mailing and address;
    - an automated email (a release decision): no mailing; `template_key` names the automated
      template (apps.mailings.automated) and `context` holds its placeholders' values. Its
      `dedupe_key` names the email ("decision:<application id>:<status>"), so recording it a
      second time adds nothing, and gives it its Message-ID. Mailings knows nothing of what
      the key names: the app that records the rows (apps.decisions) reads it.
    """

    State = State

    # Not indexed on its own: an index or constraint in Meta begins with it (test_indexes.py).
    mailing = models.ForeignKey(
        Mailing, null=True, blank=True, on_delete=models.CASCADE, related_name="deliveries", db_index=False
    )
    email = models.EmailField()
    template_key = models.CharField(max_length=64, blank=True, default="")
    context = models.JSONField(default=dict, blank=True)
    dedupe_key = models.CharField(max_length=200, unique=True, null=True, blank=True)
    # When its id was last handed to Celery (None: not since its last claim). A periodic
    # re-queue hands over again what is claimable and was not queued recently, so a task lost
    # with a dead worker costs minutes, not the broker's visibility timeout (decision emails).
    queued_at = models.DateTimeField(null=True, blank=True)
    # When the row was recorded: the age of the oldest one still pending is a metric
    # (apps.mailings.metrics).
    created_at = models.DateTimeField(default=timezone.now, editable=False)

    class Meta:
        verbose_name = _("email delivery")
        verbose_name_plural = _("email deliveries")
        constraints = [
            models.UniqueConstraint(fields=["mailing", "email"], name="one_delivery_per_recipient"),
            # A row is one kind or the other: what to send is never ambiguous.
            models.CheckConstraint(
                condition=(Q(mailing__isnull=False) & Q(template_key=""))
                | (Q(mailing__isnull=True) & ~Q(template_key="")),
                name="delivery_mailing_or_template",
            ),
        ]
        indexes = [
            models.Index(fields=["mailing", "state"], name="delivery_mailing_state"),
            # The automated rows still to send: what a release and the re-queue look through.
            models.Index(
                fields=["state"],
                condition=Q(mailing__isnull=True, state__in=["pending", "sending"]),
                name="delivery_automated_open",
            ),
        ]

    def __str__(self) -> str:
        return f"{self.email} ({self.state})"

    @property
    def kind(self) -> str:
        """'mailing' for a batch email's recipient, else the automated template's key."""
        return "mailing" if self.mailing_id else self.template_key

    def message_id(self) -> str:
        """The same on every attempt at this email, so a mail client drops a second copy:
        `<decision-7-accepted@host>` from the dedupe key "decision:7:accepted", or from the
        mailing and the row."""
        if self.dedupe_key:
            return message_id(*self.dedupe_key.split(":"))
        return message_id("mailing", self.mailing_id, "delivery", self.pk)


class EmailTemplate(BaseModel):
    """An organizer's version of an automated email (subject + HTML with placeholders), in one
    language: "" for the default language's version, else an enabled language's code. A
    recipient gets their language's version, else the default's, else the built-in email
    (apps.mailings.automated.version)."""

    key = models.CharField(max_length=64)
    language = models.CharField(max_length=16, blank=True, default="")
    subject = models.CharField(max_length=200)
    html = models.TextField()

    class Meta:
        verbose_name = _("email template")
        verbose_name_plural = _("email templates")
        constraints = [models.UniqueConstraint(fields=["key", "language"], name="one_email_template_per_language")]

    def __str__(self) -> str:
        return f"{self.key} ({self.language})" if self.language else self.key


class Suppression(models.Model):
    """An address the outbox sends less to, or nothing (apps.mailings.suppression).

    One row per address and reason. An unsubscribe or a complaint stops the address's batch
    mail only: the mail about its own application (verification, decisions, ticket) still goes.
    A permanent bounce stops everything: the mailbox doesn't exist, and every further attempt
    costs the sender's reputation with the provider.
    """

    class Reason(models.TextChoices):
        UNSUBSCRIBED = "unsubscribed", pgettext_lazy("suppression reason", "Unsubscribed")
        COMPLAINED = "complained", pgettext_lazy("suppression reason", "Marked as spam")
        BOUNCED = "bounced", pgettext_lazy("suppression reason", "Bounced permanently")

    email = models.EmailField()
    reason = models.CharField(max_length=16, choices=Reason.choices)
    # Where it came from: "one-click unsubscribe", the provider's notification id and diagnosis.
    detail = models.CharField(max_length=500, blank=True, default="")
    created_at = models.DateTimeField(default=timezone.now)

    class Meta:
        verbose_name = _("suppressed address")
        verbose_name_plural = _("suppressed addresses")
        # Its index, led by the address, is also what the outbox's look-up by address uses.
        constraints = [models.UniqueConstraint(fields=["email", "reason"], name="one_suppression_per_reason")]

    def __str__(self) -> str:
        return f"{self.email} ({self.reason})"
