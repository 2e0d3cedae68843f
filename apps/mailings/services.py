"""Mailing writes: scheduling, cancelling, sending what is due; automated-email overrides.

Sending is built so that each recipient gets a mailing exactly once even when several workers
run at the same time or one dies mid-send:

- a due mailing is claimed with a conditional UPDATE (scheduled → sending) and is finished
  (→ sent) only when none of its deliveries is pending or being sent;
- each delivery is claimed one at a time with a conditional UPDATE (pending → sending, stamped
  with the claim time); only the worker whose UPDATE matched sends it, and it records the
  outcome at once (sent, failed, or pending again after a transient failure, with backoff);
- a claim older than STALE_AFTER belongs to a worker that died: another worker re-claims it,
  but only while it is not recorded as sent, and at most MAX_ATTEMPTS times in all.

The one window left is a worker dying between the mail server accepting a message and the
UPDATE that records it (milliseconds); the resend then carries the same Message-ID, which
mail clients use to drop the duplicate.
"""

from __future__ import annotations

import datetime
import logging
import smtplib
from dataclasses import dataclass, field
from urllib.parse import urlsplit

from django.conf import settings
from django.core.mail import EmailMultiAlternatives, get_connection
from django.db import transaction
from django.db.models import F, Q
from django.utils import timezone

from apps.applications.models import Application, ApplicationStatus
from apps.core.emails import extract_emails
from apps.core.exceptions import ApplicationError
from apps.cycles.selectors import current_cycle

from . import automated
from .models import Delivery, EmailTemplate, Mailing

logger = logging.getLogger(__name__)

CUSTOM = "custom"
# The contract: "an application status or `custom`". The page offers spec section 4's list;
# the API takes any status, so the confirmed attendees can be written to as well.
AUDIENCES = (*ApplicationStatus.values, CUSTOM)
MAX_HTML_BYTES = 512 * 1024
MAX_SUBJECT_LENGTH = 200
MAX_TEMPLATE_HTML_CHARS = 200_000

MAX_ATTEMPTS = 5
BACKOFF_BASE = datetime.timedelta(seconds=30)
BACKOFF_MAX = datetime.timedelta(minutes=30)
# Longer than any one SMTP exchange can take (Django's SMTP timeout is far shorter), so a
# claim this old belongs to a worker that is gone.
STALE_AFTER = datetime.timedelta(minutes=10)

# Failures worth another try later: the connection or the server's temporary (4xx) refusals.
TRANSIENT = (smtplib.SMTPServerDisconnected, smtplib.SMTPConnectError, ConnectionError, TimeoutError)


def _is_transient(error: Exception) -> bool:
    if isinstance(error, TRANSIENT):
        return True
    code = getattr(error, "smtp_code", None)
    if isinstance(error, smtplib.SMTPRecipientsRefused):
        codes = [value[0] for value in error.recipients.values()]
        return bool(codes) and all(400 <= c < 500 for c in codes)
    if isinstance(code, int):
        return 400 <= code < 500
    # Other socket-level errors (DNS, refused connection) are the network's, not the message's.
    return isinstance(error, OSError) and not isinstance(error, smtplib.SMTPException)


# --- Scheduling ------------------------------------------------------------------------


def _audience_emails(*, audience: str, emails_text: str) -> list[str]:
    if audience == CUSTOM:
        return extract_emails(emails_text or "")
    cycle = current_cycle()
    return list(
        Application.objects.filter(cycle=cycle, status=audience).order_by("email").values_list("email", flat=True)
    )


def _decode_html(upload) -> str:
    if upload is None:
        raise ApplicationError("Choose an HTML file to send.", errors={"html": ["Choose an HTML file to send."]})
    if upload.size > MAX_HTML_BYTES:
        message = f"The HTML file is too large. Please upload a file of at most {MAX_HTML_BYTES // 1024} KB."
        raise ApplicationError(message, status=413, errors={"html": [message]})
    raw = upload.read(MAX_HTML_BYTES + 1)
    try:
        html = raw.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        message = "The HTML file must be UTF-8 text."
        raise ApplicationError(message, errors={"html": [message]}) from exc
    if "\x00" in html or not html.strip():
        message = "The HTML file is empty or not text."
        raise ApplicationError(message, errors={"html": [message]})
    return html


@transaction.atomic
def mailing_create(*, subject: str, audience: str, emails_text: str, html_file, send_at, actor) -> Mailing:
    """Schedule a batch email: its recipients are resolved now, one Delivery row each."""
    html = _decode_html(html_file)
    recipients = _audience_emails(audience=audience, emails_text=emails_text)
    if not recipients:
        if audience == CUSTOM:
            message = "No email addresses were found in the list."
            raise ApplicationError(message, errors={"emails": [message]})
        message = f"No application of this cycle has the status '{audience}'."
        raise ApplicationError(message, errors={"audience": [message]})
    now = timezone.now()
    mailing = Mailing.objects.create(
        subject=subject,
        audience=audience,
        html=html,
        send_at=max(send_at, now),
        created_by=actor if getattr(actor, "pk", None) else None,
    )
    unique = list(dict.fromkeys(email.lower() for email in recipients))
    Delivery.objects.bulk_create(
        [Delivery(mailing=mailing, email=email) for email in unique], batch_size=1000, ignore_conflicts=True
    )
    mailing.recipients = len(unique)
    return mailing


def mailing_cancel(*, mailing_id: int) -> Mailing:
    """Cancel a mailing that has not started sending; 409 once it has."""
    cancelled = Mailing.objects.filter(pk=mailing_id, status=Mailing.Status.SCHEDULED).update(
        status=Mailing.Status.CANCELLED, updated_at=timezone.now()
    )
    mailing = Mailing.objects.filter(pk=mailing_id).first()
    if mailing is None:
        raise ApplicationError("No such mailing.", status=404)
    if not cancelled:
        raise ApplicationError(f"This mailing can no longer be cancelled: it is {mailing.status}.", status=409)
    return mailing


# --- Sending ---------------------------------------------------------------------------


@dataclass
class SendReport:
    mailings: list[int] = field(default_factory=list)
    sent: int = 0
    failed: int = 0
    retrying: int = 0
    finished: list[int] = field(default_factory=list)


def _claimable(now: datetime.datetime) -> Q:
    pending = Q(state=Delivery.State.PENDING) & (Q(next_attempt_at__isnull=True) | Q(next_attempt_at__lte=now))
    stale = Q(
        state=Delivery.State.SENDING,
        claimed_at__lt=now - STALE_AFTER,
        sent_at__isnull=True,
        attempts__lt=MAX_ATTEMPTS,
    )
    return pending | stale


def _give_up_on_dead_claims(mailing_id: int, now: datetime.datetime) -> None:
    """Deliveries whose every attempt ended with a dead worker are failed, not retried forever."""
    Delivery.objects.filter(
        mailing_id=mailing_id,
        state=Delivery.State.SENDING,
        claimed_at__lt=now - STALE_AFTER,
        sent_at__isnull=True,
        attempts__gte=MAX_ATTEMPTS,
    ).update(state=Delivery.State.FAILED, last_error="The sending worker stopped during every attempt.")


def _claim_next(mailing_id: int) -> Delivery | None:
    """Claim one delivery of a mailing for this worker, or None when nothing is due."""
    while True:
        now = timezone.now()
        candidates = list(
            Delivery.objects.filter(_claimable(now), mailing_id=mailing_id)
            .order_by("pk")
            .values_list("pk", flat=True)[:20]
        )
        if not candidates:
            return None
        for pk in candidates:
            # The conditional UPDATE is the claim: of two workers racing for a row, one matches.
            won = (
                Delivery.objects.filter(_claimable(now), pk=pk)
                .filter(mailing__status=Mailing.Status.SENDING)
                .update(state=Delivery.State.SENDING, claimed_at=now, attempts=F("attempts") + 1)
            )
            if won:
                return Delivery.objects.get(pk=pk)
        # Every candidate went to another worker; look again.


def _message_id(delivery: Delivery) -> str:
    host = urlsplit(settings.SITE_URL).hostname or "hackportal.local"
    return f"<mailing-{delivery.mailing_id}-delivery-{delivery.pk}@{host}>"


def _send(connection, mailing: Mailing, delivery: Delivery) -> None:
    message = EmailMultiAlternatives(
        mailing.subject,
        automated.html_to_text(mailing.html),
        settings.DEFAULT_FROM_EMAIL,
        [delivery.email],
        connection=connection,
        headers={"Message-ID": _message_id(delivery)},
    )
    message.attach_alternative(mailing.html, "text/html")
    message.send()


def _record(delivery: Delivery, claimed_at, **values) -> None:
    # Only the claim that sent it may record the outcome.
    Delivery.objects.filter(pk=delivery.pk, state=Delivery.State.SENDING, claimed_at=claimed_at).update(**values)


def _backoff(attempts: int) -> datetime.timedelta:
    return min(BACKOFF_BASE * (2 ** max(attempts - 1, 0)), BACKOFF_MAX)


def _send_mailing(mailing: Mailing, connection, report: SendReport) -> None:
    _give_up_on_dead_claims(mailing.pk, timezone.now())
    while (delivery := _claim_next(mailing.pk)) is not None:
        try:
            _send(connection, mailing, delivery)
        except Exception as error:  # noqa: BLE001 - every failure is recorded on its delivery
            connection.close()  # a broken connection is reopened by the next send
            if _is_transient(error) and delivery.attempts < MAX_ATTEMPTS:
                _record(
                    delivery,
                    delivery.claimed_at,
                    state=Delivery.State.PENDING,
                    next_attempt_at=timezone.now() + _backoff(delivery.attempts),
                    last_error=str(error)[:1000],
                )
                report.retrying += 1
            else:
                _record(delivery, delivery.claimed_at, state=Delivery.State.FAILED, last_error=str(error)[:1000])
                report.failed += 1
            logger.warning("Mailing %s to %s failed: %s", mailing.pk, delivery.email, error)
            continue
        _record(delivery, delivery.claimed_at, state=Delivery.State.SENT, sent_at=timezone.now(), last_error="")
        report.sent += 1


def _finish(mailing_id: int) -> bool:
    """Mark a mailing sent once none of its deliveries is pending or being sent."""
    open_states = (Delivery.State.PENDING, Delivery.State.SENDING)
    if Delivery.objects.filter(mailing_id=mailing_id, state__in=open_states).exists():
        return False
    return bool(
        Mailing.objects.filter(pk=mailing_id, status=Mailing.Status.SENDING).update(
            status=Mailing.Status.SENT, updated_at=timezone.now()
        )
    )


def send_due_mailings() -> SendReport:
    """Send every delivery that is due, and return what happened. Safe to run concurrently."""
    report = SendReport()
    now = timezone.now()
    Mailing.objects.filter(status=Mailing.Status.SCHEDULED, send_at__lte=now).update(
        status=Mailing.Status.SENDING, updated_at=now
    )
    connection = get_connection()
    try:
        for mailing in Mailing.objects.filter(status=Mailing.Status.SENDING).order_by("send_at", "pk"):
            report.mailings.append(mailing.pk)
            _send_mailing(mailing, connection, report)
            if _finish(mailing.pk):
                report.finished.append(mailing.pk)
    finally:
        connection.close()
    return report


# --- Automated emails ------------------------------------------------------------------


def _check_key(key: str) -> None:
    if key not in automated.AUTOMATED_KEYS:
        raise ApplicationError("No such automated email.", status=404)


def _validate_template(key: str, subject: str, html: str) -> tuple[str, str, str]:
    errors: dict[str, list[str]] = {}
    if "\n" in subject or "\r" in subject:
        errors["subject"] = ["The subject must be one line."]
    rendered: dict[str, str] = {}
    context = automated.sample_context(key)
    for name, source, autoescape in (("subject", subject, False), ("html", html, True)):
        if name in errors:
            continue
        try:
            rendered[name] = automated.render_source(source, context, autoescape=autoescape)
        except automated.TemplateError as exc:
            errors[name] = [str(exc)]
    if errors:
        first = next(iter(errors.values()))[0]
        raise ApplicationError(first, errors=errors)
    return (
        " ".join(rendered["subject"].split()),
        automated.html_to_text(rendered["html"]),
        rendered["html"],
    )


def template_save(*, key: str, subject: str, html: str) -> EmailTemplate:
    """Store an organizer's version of an automated email, once it is known to render."""
    _check_key(key)
    _validate_template(key, subject, html)
    # update_or_create locks the row, and get_or_create's IntegrityError handling covers two
    # organizers saving the first override at once.
    template, _created = EmailTemplate.objects.update_or_create(key=key, defaults={"subject": subject, "html": html})
    return template


def template_reset(*, key: str) -> None:
    """Go back to the default template of `key`."""
    _check_key(key)
    EmailTemplate.objects.filter(key=key).delete()


def template_preview(*, key: str, subject: str | None = None, html: str | None = None) -> dict:
    """The email rendered with sample values: the given draft, or the current template."""
    _check_key(key)
    if subject is None or html is None:
        from .selectors import template_sources

        current_subject, current_html, _customized = template_sources(key)
        subject = current_subject if subject is None else subject
        html = current_html if html is None else html
    rendered_subject, text, rendered_html = _validate_template(key, subject, html)
    return {"subject": rendered_subject, "text": text, "html": rendered_html}


def template_send_test(*, key: str, to: str, subject: str | None = None, html: str | None = None) -> dict:
    """Validate the draft (or current template) now, and queue it to `to` with sample values."""
    preview = template_preview(key=key, subject=subject, html=html)
    from .tasks import send_template_test

    transaction.on_commit(lambda: send_template_test.delay(preview["subject"], preview["text"], preview["html"], to))
    return preview
