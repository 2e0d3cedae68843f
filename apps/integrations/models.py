from django.db import models
from django.utils.translation import gettext_lazy as _
from django.utils.translation import pgettext_lazy

from apps.core.models import BaseModel
from apps.mailings.outbox_fields import OutboxFields


class Event(models.TextChoices):
    APPLICATION_SUBMITTED = "application.submitted", pgettext_lazy("webhook event", "Application submitted")
    DECISION_RELEASED = "decision.released", pgettext_lazy("webhook event", "Decision released (per applicant)")
    APPLICATION_CONFIRMED = "application.confirmed", pgettext_lazy("webhook event", "Application confirmed")
    APPLICATION_DECLINED = "application.declined", pgettext_lazy("webhook event", "Application declined")
    CHECKIN_CREATED = "checkin.created", pgettext_lazy("webhook event", "Checked in")


class WebhookEndpoint(BaseModel):
    """An organizer's receiver: where to post, which events, the signing secret."""

    url = models.URLField(max_length=2000)
    description = models.CharField(max_length=200, blank=True, default="")
    events = models.JSONField(default=list)
    secret = models.CharField(max_length=200)
    # The applicant's email in the payload: off unless the organizer ticks it (ids and
    # statuses are enough to look the rest up in the portal).
    include_email = models.BooleanField(default=False)

    class Meta:
        verbose_name = _("webhook endpoint")
        verbose_name_plural = _("webhook endpoints")
        ordering = ["pk"]

    def __str__(self) -> str:
        return self.url


class WebhookDelivery(OutboxFields, BaseModel):
    """One event for one endpoint: a row of the outbox (apps.mailings.outbox claims, retries
    with backoff and records it). `dedupe_key` is "<event>:<subject>@<endpoint>", so an event
    recorded twice is delivered once. The payload holds ids and statuses only; the email, when
    the endpoint asks for it, is read at send time, so nothing personal is kept here."""

    # Not indexed on its own: an index or constraint in Meta begins with it (test_indexes.py).
    endpoint = models.ForeignKey(WebhookEndpoint, on_delete=models.CASCADE, related_name="deliveries", db_index=False)
    event = models.CharField(max_length=64, choices=Event.choices)
    dedupe_key = models.CharField(max_length=200, unique=True)
    application_id = models.BigIntegerField(null=True, blank=True, db_index=True)
    payload = models.JSONField(default=dict)
    response_status = models.PositiveSmallIntegerField(null=True, blank=True)

    class Meta:
        verbose_name = _("webhook delivery")
        verbose_name_plural = _("webhook deliveries")
        ordering = ["pk"]
        indexes = [models.Index(fields=["endpoint", "state"], name="webhook_delivery_state")]

    @property
    def message_id(self) -> str:
        return f"msg_{self.pk}"


class CalendarFeed(BaseModel):
    """A confirmed applicant's private calendar address: /calendar/<token>.ics lists the event
    with the cycle's dates as they are when the calendar app asks, so a change of dates reaches
    the applicant's calendar on its next refresh. The token is the only key (calendar apps send
    no cookie); a new one can be made, which ends the old address."""

    user = models.OneToOneField("accounts.User", on_delete=models.CASCADE, related_name="calendar_feed")
    token = models.CharField(max_length=64, unique=True)

    class Meta:
        verbose_name = _("calendar feed")
        verbose_name_plural = _("calendar feeds")

    def __str__(self) -> str:
        return f"Calendar feed of {self.user_id}"


class ChatChannel(BaseModel):
    """A Slack or Discord incoming webhook that gets a one-line notice of counts ("42 confirmed
    · 3 checked in"), at most once a minute. The counts are read from the applications' history
    after `cursor` (an ApplicationEvent id), which moves only once a notice went out: a channel
    that was down gets the sum at the next notice, nothing is lost."""

    class Kind(models.TextChoices):
        # Brand names, the same in every language: not marked for translation.
        SLACK = "slack", "Slack"
        DISCORD = "discord", "Discord"

    kind = models.CharField(max_length=16, choices=Kind.choices)
    url = models.URLField(max_length=2000)
    events = models.JSONField(default=list)
    # Names of the people counted, under the counts: off unless the organizer ticks it.
    include_names = models.BooleanField(default=False)
    cursor = models.BigIntegerField(default=0)
    last_sent_at = models.DateTimeField(null=True, blank=True)
    last_error = models.TextField(blank=True, default="")

    class Meta:
        verbose_name = _("chat channel")
        verbose_name_plural = _("chat channels")
        ordering = ["pk"]

    def __str__(self) -> str:
        return f"{self.kind}: {self.url}"
