"""Mailing writes: scheduling, cancelling, sending what is due; automated-email overrides.

Sending is built so that each recipient gets a mailing exactly once even when several workers
run at the same time (Celery beat starts one every 30 seconds, and a large mailing takes
longer) or one dies mid-send:

- a due mailing is moved scheduled → sending by a conditional UPDATE, and is finished
  (→ sent) only when none of its deliveries is pending or being sent;
- each delivery is claimed, sent and recorded by `apps.mailings.outbox` (the mechanism and
  the table the release decision emails share): claimed one at a time under `FOR UPDATE SKIP
  LOCKED` in a short transaction, sent outside it with a stable Message-ID, and recorded at
  once (sent, failed, or pending again after a transient failure, with backoff); a dead
  worker's claim is taken over once it is stale.
"""

from __future__ import annotations

import datetime
import functools
import logging
from dataclasses import dataclass, field

from django.conf import settings
from django.core.mail import EmailMultiAlternatives, get_connection
from django.db import transaction
from django.db.models import Q
from django.utils import timezone, translation
from django.utils.formats import date_format
from django.utils.translation import gettext_lazy as _
from django.utils.translation import pgettext

from apps.core.exceptions import ApplicationError
from apps.core.tasks import delay

from . import audiences, automated, composer, outbox, unsubscribe
from .audiences import CUSTOM, Audience  # noqa: F401 - CUSTOM is part of this module's API
from .models import Delivery, EmailTemplate, Mailing
from .outbox import BACKOFF_MAX, MAX_ATTEMPTS, STALE_AFTER  # noqa: F401 - part of this module's API

logger = logging.getLogger(__name__)

MAX_HTML_BYTES = 512 * 1024
MAX_SUBJECT_LENGTH = 200
MAX_TEMPLATE_HTML_CHARS = 200_000


# --- Scheduling ------------------------------------------------------------------------

# An identical mailing (subject, body and audience) scheduled, or sent within this many days,
# makes scheduling answer 409 until the organizer confirms: a double click, or the same
# announcement sent twice by two organizers, is the usual reason.
DUPLICATE_WINDOW = datetime.timedelta(days=7)
# Sent by name: tasks.py calls this module, so this module never imports it back.
SEND_TEST_TASK = "apps.mailings.tasks.send_template_test"


def _decode_html(upload) -> str:
    if upload.size > MAX_HTML_BYTES:
        message = _("The HTML file is too large. Please upload a file of at most %(size)s KB.") % {
            "size": MAX_HTML_BYTES // 1024
        }
        raise ApplicationError(message, status=413, errors={"html": [message]})
    raw = upload.read(MAX_HTML_BYTES + 1)
    try:
        html = raw.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        message = _("The HTML file must be UTF-8 text.")
        raise ApplicationError(message, errors={"html": [message]}) from exc
    if "\x00" in html or not html.strip():
        message = _("The HTML file is empty or not text.")
        raise ApplicationError(message, errors={"html": [message]})
    return html


def _body(markdown: str, html_file) -> tuple[str, str]:
    """(markdown, html) of a new mailing: the Markdown written in the page, or else the text
    of an uploaded HTML file (the contract's `html`)."""
    if markdown.strip() and html_file is not None:
        message = _("Write the email in Markdown or upload an HTML file, not both.")
        raise ApplicationError(message, errors={"markdown": [message], "html": [message]})
    if markdown.strip():
        return markdown, ""
    if html_file is None:
        message = _("Write the email, or choose an HTML file to send.")
        raise ApplicationError(message, errors={"markdown": [message], "html": [message]})
    return "", _decode_html(html_file)


def _unique(recipients: list[str]) -> list[str]:
    return list(dict.fromkeys(email.lower() for email in recipients))


def _when(moment: datetime.datetime) -> str:
    # In UTC, worded as the emails word a moment, in the active language.
    moment = moment.astimezone(datetime.UTC)
    day = date_format(moment, pgettext("email date format", "F j, Y"))
    time = date_format(moment, pgettext("email time format", "g:i A"))
    return pgettext("email moment", "%(date)s at %(time)s UTC") % {"date": day, "time": time}


def _duplicate_of(*, subject: str, markdown: str, html: str, audience: Audience, emails: list[str]):
    """A mailing with this subject and body to this audience, still to go out or sent in the
    last DUPLICATE_WINDOW; None if there is none. A custom list is the same audience when it
    holds the same addresses."""
    now = timezone.now()
    open_states = (Mailing.Status.SCHEDULED, Mailing.Status.SENDING)
    candidates = Mailing.objects.filter(subject=subject, markdown=markdown, html=html, audience=audience.name).filter(
        Q(status__in=open_states) | Q(status=Mailing.Status.SENT, send_at__gte=now - DUPLICATE_WINDOW)
    )
    for earlier in candidates.order_by("-send_at", "-pk")[:10]:
        if not audience.by_address or set(earlier.deliveries.values_list("email", flat=True)) == set(emails):
            return earlier
    return None


def _duplicate_refusal(earlier: Mailing, audience: Audience) -> ApplicationError:
    """The 409 the page answers with "Schedule it again": it acts on the code, never the words."""
    sent = earlier.status == Mailing.Status.SENT
    values = {"when": _when(earlier.send_at), "audience": audience.name}
    if audience.by_address and sent:
        message = _("The same email to the same list of addresses was sent on %(when)s. Confirm to schedule it again.")
    elif audience.by_address:
        message = _(
            "The same email to the same list of addresses is already scheduled for %(when)s. "
            "Confirm to schedule it again."
        )
    elif sent:
        message = _("The same email to the '%(audience)s' audience was sent on %(when)s. Confirm to schedule it again.")
    else:
        message = _(
            "The same email to the '%(audience)s' audience is already scheduled for %(when)s. "
            "Confirm to schedule it again."
        )
    message = message % values
    return ApplicationError(message, status=409, errors={"confirm_duplicate": [message]}, code="duplicate_mailing")


INVALID_VERSIONS = _("A language version of the email is not valid.")


def mailing_versions(translations, *, person: dict | None = None) -> dict:
    """The checked language versions of a batch email, as stored (Mailing.translations): each
    an enabled language other than the default, with a one-line subject and a Markdown body
    that render for `person` in that language. A 400 names each problem by its path
    (`translations.es.subject`). Left out or empty: none, everyone gets the one version."""
    if translations in (None, "", {}):
        return {}
    if not isinstance(translations, dict):
        message = _("Expected an object keyed by language code.")
        raise ApplicationError(message, errors={"translations": [message]})
    allowed = [code for code in dict(settings.LANGUAGES) if code != settings.LANGUAGE_CODE]
    errors: dict[str, list[str]] = {}
    versions: dict[str, dict] = {}
    for code, version in translations.items():
        where = f"translations.{code}"
        if code not in allowed:
            offered = ", ".join(allowed) if allowed else _("none: only the default language is enabled")
            errors[where] = [
                _("'%(language)s' is not an enabled language besides the default (offered: %(offered)s).")
                % {"language": code, "offered": offered}
            ]
            continue
        if not isinstance(version, dict):
            errors[where] = [_("Expected an object with subject and markdown.")]
            continue
        subject, markdown = version.get("subject"), version.get("markdown")
        problems: dict[str, list[str]] = {}
        if not isinstance(subject, str) or not subject.strip():
            problems[f"{where}.subject"] = [_("Enter a subject.")]
        elif len(subject) > MAX_SUBJECT_LENGTH or "\n" in subject.strip() or "\r" in subject.strip():
            problems[f"{where}.subject"] = [
                _("One line of at most %(limit)s characters.") % {"limit": MAX_SUBJECT_LENGTH}
            ]
        if not isinstance(markdown, str) or not markdown.strip():
            problems[f"{where}.markdown"] = [_("Write the email in this language, or leave the language out.")]
        elif len(markdown) > composer.MAX_MARKDOWN_CHARS:
            problems[f"{where}.markdown"] = [
                _("At most %(limit)s characters.") % {"limit": composer.MAX_MARKDOWN_CHARS}
            ]
        if not problems:
            try:
                with translation.override(code):
                    composer.check(subject=subject.strip(), markdown=markdown, person=person)
            except ApplicationError as exc:
                problems = {f"{where}.{field}": messages for field, messages in exc.errors.items()}
        if problems:
            errors.update(problems)
        else:
            versions[code] = {"subject": subject.strip(), "markdown": markdown}
    if errors:
        raise ApplicationError(INVALID_VERSIONS, errors=errors)
    return versions


@transaction.atomic
def mailing_create(
    *,
    subject: str,
    audience: Audience,
    send_at,
    actor,
    markdown: str = "",
    html_file=None,
    confirm_duplicate: bool = False,
    translations=None,
) -> Mailing:
    """Schedule a batch email to `audience` (apps.mailings.audiences, chosen by the caller):
    its recipients are resolved now, one Delivery row each.

    The draft is rendered for the first recipient first (apps.mailings.composer), so an unknown
    placeholder is a 400 now rather than a failure for everyone at sending time; and an
    identical mailing to the same audience is a 409 unless `confirm_duplicate`."""
    markdown, html = _body(markdown, html_file)
    recipients = _unique(audience.recipients())
    if not recipients:
        raise ApplicationError(audience.empty_message, errors={audience.empty_field: [audience.empty_message]})
    first = recipients[0]
    person = audiences.people([first])[first]
    composer.check(subject=subject, markdown=markdown, html=html, person=person)
    versions = mailing_versions(translations, person=person)
    if not confirm_duplicate:
        earlier = _duplicate_of(subject=subject, markdown=markdown, html=html, audience=audience, emails=recipients)
        if earlier is not None:
            raise _duplicate_refusal(earlier, audience)
    now = timezone.now()
    mailing = Mailing.objects.create(
        subject=subject,
        audience=audience.name,
        markdown=markdown,
        html=html,
        translations=versions,
        send_at=max(send_at, now),
        created_by=actor if getattr(actor, "pk", None) else None,
    )
    Delivery.objects.bulk_create(
        [Delivery(mailing=mailing, email=email) for email in recipients], batch_size=1000, ignore_conflicts=True
    )
    mailing.recipients = len(recipients)
    return mailing


def mailing_preview(
    *,
    subject: str,
    markdown: str = "",
    html: str = "",
    audience: Audience | None = None,
    index: int = 0,
    translations=None,
) -> dict:
    """The draft as one recipient of `audience` will get it (the `index`-th, by address), and
    how many it goes to; with nobody in the audience, as a sample person would. As the sending
    does (_send_mailing): in the recipient's language, with their language's version of
    `translations` when there is one."""
    recipients = _unique(audience.recipients()) if audience is not None else []
    person = None
    if recipients:
        index %= len(recipients)
        person = audiences.people([recipients[index]])[recipients[index]]
    # Checked first, in the organizer's language: a 400 names what to fix.
    composer.check(subject=subject, markdown=markdown, html=html, person=person)
    versions = mailing_versions(translations, person=person)
    language = automated.recipient_language(person["email"]) if person else settings.LANGUAGE_CODE
    version = language if language in versions else ""
    with translation.override(language):
        if version:
            draft = composer.compose(subject=versions[version]["subject"], markdown=versions[version]["markdown"])
        else:
            draft = composer.compose(subject=subject, markdown=markdown, html=html)
        rendered = draft.render(person or {**composer.SAMPLE_PERSON})
    return {
        "subject": rendered.subject,
        "text": rendered.text,
        "html": rendered.html,
        "recipients": len(recipients),
        "recipient": {"index": index, **person} if person else None,
        "placeholders": composer.placeholders(),
        "language": language,
        "version": version,
    }


def mailing_send_test(
    *,
    subject: str,
    markdown: str,
    html: str,
    to: str,
    audience: Audience | None = None,
    index: int = 0,
    translations=None,
) -> dict:
    """Send the draft to `to` (the organizer writing it) as its `index`-th recipient would get
    it, subject marked as a test; checked first, so a draft that can't be scheduled can't be
    test-sent either. Queued after the request commits, as every mail is."""
    if not (markdown.strip() or html.strip()):
        message = _("Write the email first.")
        raise ApplicationError(message, errors={"markdown": [message]})
    preview = mailing_preview(
        subject=subject, markdown=markdown, html=html, audience=audience, index=index, translations=translations
    )
    transaction.on_commit(lambda: delay(SEND_TEST_TASK, preview["subject"], preview["text"], preview["html"], to))
    return preview


NO_MAILING = _("No such mailing.")


def mailing_cancel(*, mailing_id: int) -> Mailing:
    """Cancel a mailing that has not started sending; 409 once it has."""
    cancelled = Mailing.objects.filter(pk=mailing_id, status=Mailing.Status.SCHEDULED).update(
        status=Mailing.Status.CANCELLED, updated_at=timezone.now()
    )
    mailing = Mailing.objects.filter(pk=mailing_id).first()
    if mailing is None:
        raise ApplicationError(NO_MAILING, status=404)
    if not cancelled:
        message = _("This mailing can no longer be cancelled: it is %(status)s.") % {
            "status": mailing.get_status_display()
        }
        raise ApplicationError(message, status=409)
    return mailing


# --- Sending ---------------------------------------------------------------------------


@dataclass
class SendReport:
    mailings: list[int] = field(default_factory=list)
    sent: int = 0
    failed: int = 0
    retrying: int = 0
    finished: list[int] = field(default_factory=list)


def _send(connection, rendered: composer.Rendered, delivery: Delivery) -> None:
    # Batch mail carries its one-click unsubscribe (RFC 8058) in the headers that providers act
    # on; the line the reader sees is part of the rendering (composer.with_footer).
    message = EmailMultiAlternatives(
        rendered.subject,
        rendered.text,
        settings.DEFAULT_FROM_EMAIL,
        [delivery.email],
        connection=connection,
        headers={"Message-ID": delivery.message_id(), **unsubscribe.headers(delivery.email)},
    )
    message.attach_alternative(rendered.html, "text/html")
    outbox.send_message(message)


def _send_mailing(mailing: Mailing, connection, report: SendReport, deadline: float | None) -> bool:
    """Send the mailing's due deliveries, each rendered for its recipient. False when the run
    should stop (out of time, or the mail server is unreachable)."""
    deliveries = Delivery.objects.filter(mailing_id=mailing.pk)
    outbox.give_up_on_dead_claims(deliveries, timezone.now())
    # Each recipient's placeholders, looked up once for what is left to send (the names as they
    # are now, whichever audience the address came from).
    open_states = (Delivery.State.PENDING, Delivery.State.SENDING)
    addresses = list(deliveries.filter(state__in=open_states).values_list("email", flat=True))
    people = audiences.people(addresses)
    languages = automated.recipient_languages(addresses)
    versions = mailing.translations or {}

    # Compiled on first use and kept, once per version (the default one is keyed None); a mailing
    # that no longer compiles (it was checked when scheduled) raises for each delivery, which
    # records the reason on each row as a failure.
    @functools.cache
    def compose(code: str | None) -> composer.Composed:
        if code is None:
            return composer.compose(subject=mailing.subject, markdown=mailing.markdown, html=mailing.html)
        return composer.compose(subject=versions[code]["subject"], markdown=versions[code]["markdown"])

    def send(row: Delivery) -> None:
        person = people.get(row.email) or audiences.people([row.email])[row.email]
        # In the recipient's language: their version when there is one, the layout, the footer
        # and the event's dates.
        code = languages.get(row.email) or automated.recipient_language(row.email)
        with translation.override(code):
            _send(connection, compose(code if code in versions else None).render(person), row)

    while True:
        if outbox.out_of_time(deadline):
            return False
        delivery = outbox.claim(deliveries)
        if delivery is None:
            return True
        attempt = outbox.deliver(delivery, send)
        if attempt.sent:
            report.sent += 1
            continue
        connection.close()  # a broken connection is reopened by the next send
        if attempt.state == Delivery.State.PENDING:
            report.retrying += 1
        else:
            report.failed += 1
        if attempt.server_unreachable:
            return False  # the next run (30 s) tries again; the rest keep their attempts


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


def send_due_mailings(deadline: float | None = None) -> SendReport:
    """Send every delivery that is due, and return what happened. Safe to run concurrently.

    With a `deadline` (a `time.monotonic()` value) nothing more is claimed after it; the next
    run goes on where this one stopped.
    """
    report = SendReport()
    now = timezone.now()
    Mailing.objects.filter(status=Mailing.Status.SCHEDULED, send_at__lte=now).update(
        status=Mailing.Status.SENDING, updated_at=now
    )
    connection = get_connection()
    try:
        for mailing in Mailing.objects.filter(status=Mailing.Status.SENDING).order_by("send_at", "pk"):
            report.mailings.append(mailing.pk)
            go_on = _send_mailing(mailing, connection, report, deadline)
            if _finish(mailing.pk):
                report.finished.append(mailing.pk)
            if not go_on:
                break
    finally:
        connection.close()
    return report


# --- Automated emails ------------------------------------------------------------------


def _check_key(key: str) -> None:
    if key not in automated.AUTOMATED_KEYS:
        raise ApplicationError(_("No such automated email."), status=404)


def template_language(language: str | None) -> str:
    """The language an organizer's version is stored under: "" for the default language (also
    when none is named), else an enabled language's code; any other is refused with a 400 at
    `language`."""
    language = (language or "").strip()
    if language in ("", settings.LANGUAGE_CODE):
        return ""
    if language not in dict(settings.LANGUAGES):
        enabled = ", ".join(dict(settings.LANGUAGES))
        message = _("'%(language)s' is not an enabled language (enabled: %(enabled)s).") % {
            "language": language,
            "enabled": enabled,
        }
        raise ApplicationError(message, errors={"language": [message]})
    return language


def _validate_template(key: str, subject: str, html: str) -> tuple[str, str, str]:
    errors: dict[str, list[str]] = {}
    if "\n" in subject or "\r" in subject:
        errors["subject"] = [_("The subject must be one line.")]
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


def template_save(*, key: str, subject: str, html: str, language: str = "") -> EmailTemplate:
    """Store an organizer's version of an automated email in `language` (the default when not
    given: what everybody without a version of their own gets), once it is known to render."""
    _check_key(key)
    language = template_language(language)
    # Stored plain, as the page shows it; a pasted file subject's wrapper would change nothing
    # in the sandbox, which renders subjects with escaping off.
    subject = automated.plain_subject(subject)
    with translation.override(language or settings.LANGUAGE_CODE):
        _validate_template(key, subject, html)
    # update_or_create locks the row, and get_or_create's IntegrityError handling covers two
    # organizers saving the first override at once.
    template, _created = EmailTemplate.objects.update_or_create(
        key=key, language=language, defaults={"subject": subject, "html": html}
    )
    return template


def template_reset(*, key: str, language: str = "") -> None:
    """Drop the organizer's version of `key` in `language`: its readers get the next one in
    line (automated.version)."""
    _check_key(key)
    EmailTemplate.objects.filter(key=key, language=template_language(language)).delete()


def template_preview(*, key: str, subject: str | None = None, html: str | None = None, language: str = "") -> dict:
    """The email rendered with sample values in `language`: the given draft, or what a reader
    of that language gets now."""
    _check_key(key)
    language = template_language(language) or settings.LANGUAGE_CODE
    with translation.override(language):
        if subject is None or html is None:
            from .selectors import template_sources

            current_subject, current_html, _customized = template_sources(key, language)
            subject = current_subject if subject is None else subject
            html = current_html if html is None else html
        rendered_subject, text, rendered_html = _validate_template(key, subject, html)
    return {"subject": rendered_subject, "text": text, "html": rendered_html}


def template_send_test(
    *, key: str, to: str, subject: str | None = None, html: str | None = None, language: str = ""
) -> dict:
    """Validate the draft (or current template) now, and queue it to `to` with sample values."""
    preview = template_preview(key=key, subject=subject, html=html, language=language)
    transaction.on_commit(lambda: delay(SEND_TEST_TASK, preview["subject"], preview["text"], preview["html"], to))
    return preview
