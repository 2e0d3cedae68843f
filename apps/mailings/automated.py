"""Automated emails (verification, password reset, release decisions): one way to render and send.

Each email has a key; its default subject, HTML and plain-text bodies are templates under
`templates/emails/<key>.*`. Organizers may override the subject and HTML of any key from
`/admin/automated-emails` (an `EmailTemplate` row); `render()` is the one place that picks the
override when present, so every caller (Celery tasks, operator commands) sends the same mail.

Overrides are organizer-written templates, so they are rendered by a sandboxed engine: no
template loaders except the shared email layout, no tag libraries beyond Django's built-ins
(minus `debug`), and a context holding only the documented placeholders.
"""

from __future__ import annotations

import base64
import datetime
import decimal
import logging
import re
from collections.abc import Callable
from email import encoders
from email.mime.base import MIMEBase
from html import unescape
from pathlib import Path

from django.conf import settings
from django.contrib.auth import get_user_model
from django.core.mail import EmailMultiAlternatives
from django.core.mail.message import SafeMIMEMultipart
from django.template import Context, Engine, TemplateSyntaxError
from django.template.loader import get_template, render_to_string
from django.utils import translation
from django.utils.formats import date_format, number_format
from django.utils.html import strip_tags
from django.utils.translation import gettext, pgettext

from . import outbox

logger = logging.getLogger(__name__)

AUTOMATED_KEYS = (
    "verify_email",
    "password_reset",
    "decision_accepted",
    "decision_waitlisted",
    "decision_rejected",
    "decision_waitlist_accepted",
    # The event ticket (apps.checkin), with its QR code and calendar entry attached.
    "ticket_issued",
    # A confirmed applicant gave up their spot (apps.decisions): their ticket no longer works.
    "spot_given_up",
    # An application's first submit (apps.applications.received), once per application.
    "application_received",
    # Someone registered at the door (apps.checkin): a welcome, with the link to choose a password.
    "walk_in_welcome",
    # An offer's deadline is near (apps.decisions.offers): 48 and 24 hours before it.
    "offer_reminder",
    # An offer passed its deadline unanswered and expired (apps.decisions.offers).
    "offer_expired",
    # Travel support (apps.travel): a receipt reviewed, a grant lapsed without receipts.
    "travel_receipt_approved",
    "travel_receipt_rejected",
    "travel_grant_lapsed",
)

# Placeholders every automated email may use, filled by base_context().
COMMON_PLACEHOLDERS = (
    "event_name",
    "site_url",
    "contact_email",
    "dashboard_link",
    "location",
    "housing_link",
    "start_date",
    "end_date",
    "due_date",
    "housing_date",
    "confirmation_first_deadline",
    "confirmation_second_deadline",
    "waitlist_deadline",
)
# A reviewed travel receipt's placeholders: its applicant and the receipt.
_RECEIPT = ("first_name", "last_name", "email", "receipt_amount", "currency", "receipt_name")
# Placeholders the caller of one email passes in: the link of an account email; the
# applicant and the decision of a release email (apps.decisions.release.decision_context).
KEY_PLACEHOLDERS = {
    "verify_email": ("link",),
    "password_reset": ("link",),
    "ticket_issued": ("first_name", "last_name", "email", "ticket_version"),
    "spot_given_up": ("first_name", "last_name", "email"),
    "application_received": ("first_name", "last_name", "email"),
    "walk_in_welcome": ("first_name", "last_name", "email", "link"),
    "offer_reminder": ("first_name", "last_name", "email", "deadline", "hours_left"),
    "offer_expired": ("first_name", "last_name", "email"),
    # A reviewed receipt; an approval past the grant also says what the approved receipts come
    # to and the grant they are paid up to.
    "travel_receipt_approved": (*_RECEIPT, "past_grant", "approved_total", "grant_amount"),
    "travel_receipt_rejected": (*_RECEIPT, "reason"),
    "travel_grant_lapsed": ("first_name", "last_name", "email", "amount", "currency"),
}
# The person an email goes to: a release email's applicant, each recipient of a batch email.
PERSON_PLACEHOLDERS = ("first_name", "last_name", "email")
DECISION_PLACEHOLDERS = (
    *PERSON_PLACEHOLDERS,
    "status",
    "travel_reimbursement",
    "housing_accommodations",
    # The standing travel grant (apps.travel), empty without one: release.decision_context.
    "travel_amount",
    "travel_currency",
)

# What a batch email (apps.mailings.composer) may use: its recipient and the event.
BATCH_PLACEHOLDERS = (*PERSON_PLACEHOLDERS, *COMMON_PLACEHOLDERS)

# Values a preview and a test send use for the caller's placeholders.
SAMPLE_VALUES = {
    "first_name": "Ada",
    "last_name": "Lovelace",
    "email": "ada@princeton.edu",
    "status": "accepted",
    "travel_reimbursement": True,
    "travel_amount": "300.00",
    "travel_currency": "USD",
    "housing_accommodations": True,
    "ticket_version": 1,
    "deadline": "May 22, 2024 at 11:59 PM UTC",
    "hours_left": 24,
    "receipt_amount": "182.40",
    "amount": "300.00",
    "past_grant": False,
    "approved_total": "182.40",
    "grant_amount": "300.00",
    "currency": "USD",
    "receipt_name": "train-ticket.pdf",
    "reason": "The receipt does not show the date of travel.",
}

_UNKNOWN = "\x00unknown-placeholder:%s\x00"
_UNKNOWN_RE = re.compile("\x00unknown-placeholder:([^\x00]*)\x00")
# `{% load i18n %}` is the one library a template may load: the default emails are written with
# its translate tags (so each recipient reads them in their language), and an organizer's
# version starts from a default.
_FORBIDDEN_TAGS = re.compile(r"{%-?\s*(debug|load(?!\s+i18n\s*-?%})|ssi|csrf_token|url|static)\b")


class TemplateError(ValueError):
    """An organizer's template that does not compile or render; the message says why.

    `unknown`: the placeholders it names that are not offered (empty for other errors)."""

    def __init__(self, message: str, *, unknown: list[str] | None = None) -> None:
        super().__init__(message)
        self.unknown = unknown or []


def placeholders(key: str) -> list[str]:
    """The placeholders a template of `key` may use, in a stable order."""
    specific = KEY_PLACEHOLDERS.get(key)
    if specific is None:
        specific = DECISION_PLACEHOLDERS if key.startswith("decision_") else ()
    return [*specific, *COMMON_PLACEHOLDERS]


# The context key of the dates and moments an email shows: {placeholder: [kind, ISO value]}.
# Data, not placeholders (like ATTACHMENTS): a row of the outbox is recorded in whatever language
# was active then (an organizer's request, a beat task), and is rendered in its recipient's;
# `localized` writes each placeholder again from it, in the language active while rendering.
LOCALIZED = "localized"


def _format_date(value) -> str:
    # The language's long date: "May 22, 2024" in English, as the pages show dates.
    return date_format(value, pgettext("email date format", "F j, Y"))


def format_datetime(value) -> str:
    """A moment as the emails say it, in UTC: "May 22, 2024 at 11:59 PM UTC". A deadline at
    midnight is shown as the minute before, the last one of the day it closes."""
    value = value.astimezone(datetime.UTC)
    if value.hour == 0 and value.minute == 0:
        value -= datetime.timedelta(minutes=1)
    time = date_format(value, pgettext("email time format", "g:i A"))
    return pgettext("email moment", "%(date)s at %(time)s UTC") % {"date": _format_date(value), "time": time}


def _format_amount(value) -> str:
    # An amount of money with two decimals and the language's decimal mark: "182.40" in
    # English, "182,40" in Spanish (the currency code stands beside it in the emails).
    return number_format(decimal.Decimal(value), 2, use_l10n=True)


_FORMATTERS = {"date": _format_date, "datetime": format_datetime, "amount": _format_amount}
# How each kind's stored value is read back (the dates' ISO text by default).
_PARSERS = {"amount": decimal.Decimal}


def with_moment(context: dict, name: str, value: datetime.datetime, kind: str = "datetime") -> dict:
    """`context` with the placeholder `name` showing `value`, formatted now and again in the
    recipient's language when the email is rendered (LOCALIZED)."""
    localized = {**context.get(LOCALIZED, {}), name: [kind, value.isoformat()]}
    return {**context, name: _FORMATTERS[kind](value), LOCALIZED: localized}


def with_amount(context: dict, name: str, value) -> dict:
    """`context` with the placeholder `name` showing the amount `value` (a Decimal), written
    again in the recipient's language when the email is rendered, as with_moment's dates are."""
    localized = {**context.get(LOCALIZED, {}), name: ["amount", str(value)]}
    return {**context, name: _format_amount(value), LOCALIZED: localized}


def localized(context: dict) -> dict:
    """`context` with its LOCALIZED placeholders formatted in the active language, and without
    the LOCALIZED data itself. A value that no longer parses keeps the text it was stored with."""
    context = dict(context)
    for name, (kind, value) in (context.pop(LOCALIZED, None) or {}).items():
        try:
            context[name] = _FORMATTERS[kind](_PARSERS.get(kind, datetime.datetime.fromisoformat)(value))
        except (KeyError, TypeError, ValueError, decimal.InvalidOperation):
            logger.warning("The %s placeholder %s can't be formatted from %r.", kind, name, value)
    return context


def recipient_languages(emails) -> dict[str, str]:
    """Each address's language: its account's saved choice while enabled, else the site's
    default (an address with no account too). Every email is rendered in it (docs/i18n.md)."""
    emails = list(dict.fromkeys((email or "").strip().lower() for email in emails))
    enabled = dict(settings.LANGUAGES)
    found: dict[str, str] = {}
    users = get_user_model().objects
    for start in range(0, len(emails), 1000):
        rows = users.filter(email__in=emails[start : start + 1000]).values_list("email", "language")
        found.update((email, code) for email, code in rows if code in enabled)
    return {email: found.get(email, settings.LANGUAGE_CODE) for email in emails}


def recipient_language(email: str) -> str:
    return recipient_languages([email])[(email or "").strip().lower()]


def base_context() -> dict:
    """The event's placeholders, from the current cycle."""
    from apps.cycles.selectors import current_cycle

    return event_context(current_cycle())


def event_context(cycle) -> dict:
    """The event's placeholders of `cycle` (dates in the active language's long format, and
    again in each recipient's when rendered: LOCALIZED): the one place their values are made,
    for automated, decision and batch emails alike. JSON values only, so a Delivery row can
    store them."""
    context = {
        "event_name": settings.EVENT_NAME,
        "site_url": settings.SITE_URL,
        "contact_email": settings.CONTACT_EMAIL,
        "dashboard_link": f"{settings.SITE_URL}/dashboard",
        "location": cycle.location,
        "housing_link": cycle.housing_link,
    }
    for name, value in (
        ("start_date", cycle.start),
        ("end_date", cycle.end),
        ("due_date", cycle.due),
        ("housing_date", cycle.housing),
        ("confirmation_first_deadline", cycle.confirmation_first_deadline),
        ("confirmation_second_deadline", cycle.confirmation_second_deadline),
        ("waitlist_deadline", cycle.waitlist_deadline),
    ):
        context = with_moment(context, name, value, "date")
    return context


def placeholder_context(names, values: dict, *, event: dict | None = None) -> dict:
    """What an organizer's template sees: exactly the placeholders `names`, from the event's
    values (`event`, base_context() when not given) and the caller's `values` over them; a name
    with no value is blank. Never the objects a caller may pass to the file templates."""
    ctx = localized({**(base_context() if event is None else event), **values})
    return {name: ctx.get(name, "") for name in names}


def sample_context(key: str) -> dict:
    """The context of a preview or test send: the real event values plus sample ones."""
    ctx = localized(base_context())
    samples = {
        **SAMPLE_VALUES,
        "link": f"{settings.SITE_URL}/{'verify' if key == 'verify_email' else 'reset'}/sample-token",
    }
    for name in placeholders(key):
        ctx.setdefault(name, samples.get(name, ""))
    return ctx


# --- The sandbox -----------------------------------------------------------------------


def _partials() -> dict[str, str]:
    """The shared pieces of the default emails (the layout, the decision details), which an
    organizer's template may extend or include; no other file is reachable from the sandbox."""
    folder = Path(settings.BASE_DIR) / "templates" / "emails"
    return {f"emails/{path.name}": path.read_text(encoding="utf-8") for path in folder.glob("_*.html")}


def _engine(*, autoescape: bool) -> Engine:
    # A bare engine: no installed tag libraries but i18n's, and the shared email partials as its only
    # loadable templates, so an override may extend the layout but can't reach other files.
    return Engine(
        loaders=[("django.template.loaders.locmem.Loader", _partials())],
        autoescape=autoescape,
        string_if_invalid=_UNKNOWN,
        libraries={"i18n": "django.templatetags.i18n"},
    )


def compile_source(source: str, *, autoescape: bool = True) -> Callable[[dict], str]:
    """An organizer's template source, compiled once in the sandbox: a function that renders it
    with a context (raising TemplateError), for a mail that goes out to many recipients."""
    found = _FORBIDDEN_TAGS.search(source)
    if found:
        raise TemplateError(gettext("The tag '%(tag)s' can't be used in an email template.") % {"tag": found.group(1)})
    try:
        template = _engine(autoescape=autoescape).from_string(source)
    except TemplateSyntaxError as exc:
        raise TemplateError(gettext("Template error: %(error)s") % {"error": exc}) from exc
    except Exception as exc:  # noqa: BLE001 - any failure of an organizer's template is their input error
        raise TemplateError(gettext("The template can't be rendered: %(error)s") % {"error": exc}) from exc

    def render(context: dict) -> str:
        try:
            output = template.render(Context(context, autoescape=autoescape))
        except TemplateSyntaxError as exc:
            raise TemplateError(gettext("Template error: %(error)s") % {"error": exc}) from exc
        except Exception as exc:  # noqa: BLE001 - as above
            raise TemplateError(gettext("The template can't be rendered: %(error)s") % {"error": exc}) from exc
        unknown = sorted(set(_UNKNOWN_RE.findall(output)))
        if unknown:
            raise TemplateError(
                gettext("Unknown placeholder: %(names)s.") % {"names": ", ".join(unknown)}, unknown=unknown
            )
        return output

    return render


def render_source(source: str, context: dict, *, autoescape: bool = True) -> str:
    """Render an organizer's template source in the sandbox, or raise TemplateError."""
    return compile_source(source, autoescape=autoescape)(context)


# A subject file wraps itself in `{% autoescape off %}…{% endautoescape %}` when it may print a
# value with & or <: Django's loader renders .txt files with HTML escaping on, and a subject
# is plain text. Organizers' subjects are rendered with escaping off already (render_override),
# so the wrapper is machinery they never need to see, type or keep.
_SUBJECT_WRAPPER = re.compile(r"\A\s*{%\s*autoescape\s+off\s*%}(?P<inner>.*){%\s*endautoescape\s*%}\s*\Z", re.DOTALL)


def plain_subject(source: str) -> str:
    """A subject's template source without the autoescape wrapper a subject file needs: the
    plain text with its placeholders, as the automated emails page shows and saves it."""
    found = _SUBJECT_WRAPPER.match(source)
    if found is None or "autoescape" in found.group("inner"):
        # Not one wrapper around the whole subject: left as written, it still renders.
        return source.strip()
    return found.group("inner").strip()


_LOAD_I18N = re.compile(r"{%-?\s*load\s+i18n\s*-?%}")
_TRANSLATE = re.compile(r"""{%\s*translate\s+"((?:\\.|[^"\\])*)"\s*%}""")
_BLOCKTRANSLATE = re.compile(r"{%\s*blocktranslate\s+trimmed\s*%}(.*?){%\s*endblocktranslate\s*%}", re.DOTALL)
_VARIABLE = re.compile(r"{{\s*(\w+)\s*}}")
_FORMAT_NAME = re.compile(r"%\((\w+)\)s")


def _translated_source(source: str) -> str:
    """A default email's source with its translate tags replaced by their text in the active
    language, placeholders kept: what an organizer edits is the email as it reads, with no
    translation machinery, in the language they are using the portal in."""

    def block(match: re.Match) -> str:
        msgid = _VARIABLE.sub(r"%(\1)s", " ".join(line.strip() for line in match.group(1).splitlines()).strip())
        return _FORMAT_NAME.sub(r"{{ \1 }}", gettext(msgid.replace("%", "%%").replace("%%(", "%("))).replace("%%", "%")

    source = _LOAD_I18N.sub("", source)
    source = _BLOCKTRANSLATE.sub(block, source)
    return _TRANSLATE.sub(lambda match: gettext(match.group(1).replace('\\"', '"')), source)


def default_sources(key: str) -> tuple[str, str]:
    """(subject, html) template sources of the file templates of `key`, in the active language
    (_translated_source); the subject plain (plain_subject), ready to be edited and saved as an
    organizer's version."""
    subject = Path(get_template(f"emails/{key}.subject.txt").origin.name).read_text(encoding="utf-8")
    html = Path(get_template(f"emails/{key}.html").origin.name).read_text(encoding="utf-8")
    return plain_subject(_translated_source(subject)), _translated_source(html)


_LINK_RE = re.compile(r"""<a\b[^>]*?href\s*=\s*["']([^"']+)["'][^>]*>(.*?)</a\s*>""", re.IGNORECASE | re.DOTALL)
_BLOCK_RE = re.compile(r"<\s*(br|/p|/div|/h[1-6]|/li|/tr|/table|hr)\b[^>]*>", re.IGNORECASE)
_HIDDEN_RE = re.compile(r"<(style|script|head)\b.*?</\1\s*>", re.IGNORECASE | re.DOTALL)


def html_to_text(html: str) -> str:
    """A plain-text version of an HTML email that keeps its links and paragraphs."""

    def link(match: re.Match) -> str:
        href, label = match.group(1).strip(), strip_tags(match.group(2)).strip()
        return href if not label or label == href else f"{label} ({href})"

    text = _HIDDEN_RE.sub("", html)
    text = _LINK_RE.sub(link, text)
    text = _BLOCK_RE.sub("\n", text)
    text = unescape(strip_tags(text))
    lines = [" ".join(line.split()) for line in text.splitlines()]
    return re.sub(r"\n{3,}", "\n\n", "\n".join(lines)).strip() + "\n"


def render_override(subject: str, html: str, context: dict) -> tuple[str, str, str]:
    """(subject, text, html) of an organizer's template, rendered in the sandbox."""
    rendered_subject = " ".join(render_source(subject, context, autoescape=False).split())
    rendered_html = render_source(html, context)
    return rendered_subject, html_to_text(rendered_html), rendered_html


def version_languages(language: str | None) -> list[str]:
    """The stored languages of an organizer's version that a reader of `language` may get, best
    first: their own, then the default language's (stored as "")."""
    if not language or language == settings.LANGUAGE_CODE:
        return [""]
    return [language, ""]


def version(key: str, language: str | None):
    """The organizer's version of `key` for a reader of `language`: the one written in it, else
    the default language's, else None (the built-in email, in their language)."""
    from .models import EmailTemplate

    wanted = version_languages(language)
    rows = {row.language: row for row in EmailTemplate.objects.filter(key=key, language__in=wanted)}
    return next((rows[code] for code in wanted if code in rows), None)


def render(key: str, context: dict) -> tuple[str, str, str]:
    """(subject, text, html) for an automated email, in the active language: the organizer's
    version for it when there is one (`version`)."""
    ctx = localized({**base_context(), **context})
    override = version(key, translation.get_language())
    if override is not None:
        # The organizer's template sees only the documented placeholders, never the objects
        # a caller may pass to the file templates.
        allowed = {name: ctx.get(name, "") for name in placeholders(key)}
        try:
            return render_override(override.subject, override.html, allowed)
        except TemplateError:
            # Saved overrides were validated; if one no longer renders (a placeholder was
            # withdrawn), the mail still goes out, from the default template.
            logger.exception("The organizer's template for %s no longer renders; using the default.", key)
    subject = " ".join(render_to_string(f"emails/{key}.subject.txt", ctx).split())
    html = render_to_string(f"emails/{key}.html", ctx)
    try:
        text = render_to_string(f"emails/{key}.txt", ctx)
    except Exception:  # noqa: BLE001 - a missing text template falls back to the stripped HTML
        text = html_to_text(html)
    return subject, text, html


# The context key of an email's files: a list of {"filename", "mimetype", "content_b64",
# "content_id"?}. Data, not placeholders: a row of the outbox carries its files in its context,
# so any app can record an email with attachments and the one sender attaches them.
ATTACHMENTS = "attachments"


class RelatedEmail(EmailMultiAlternatives):
    """An email whose HTML shows images of its own (`<img src="cid:...">`).

    Those images travel beside the HTML in a `multipart/related` part, as RFC 2387 has it:

        multipart/mixed
          multipart/alternative
            text/plain
            multipart/related
              text/html
              image/png  (Content-ID)
          text/calendar  (a file to open)

    Django puts every attachment in the outer `multipart/mixed`, where clients show an inline
    image as a loose attachment (or not inline at all) and spam filters count an email whose
    HTML refers to a part it doesn't contain.
    """

    def __init__(self, *args, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self.related: list[MIMEBase] = []

    def _create_mime_attachment(self, content, mimetype):
        part = super()._create_mime_attachment(content, mimetype)
        if mimetype != "text/html" or not self.related:
            return part
        related = SafeMIMEMultipart(_subtype="related", encoding=self.encoding or settings.DEFAULT_CHARSET)
        related.attach(part)
        for image in self.related:
            related.attach(image)
        return related


def _attach(message: RelatedEmail, attachments: list[dict]) -> None:
    for item in attachments:
        content = base64.b64decode(item["content_b64"])
        maintype, _, subtype = item["mimetype"].partition("/")
        part = MIMEBase(maintype, subtype)
        part.set_payload(content)
        encoders.encode_base64(part)
        if item.get("content_id"):
            # Shown in the HTML by <img src="cid:...">: beside it, in the related part.
            part.add_header("Content-ID", f"<{item['content_id']}>")
            part.add_header("Content-Disposition", "inline", filename=item["filename"])
            message.related.append(part)
        else:
            part.add_header("Content-Disposition", "attachment", filename=item["filename"])
            message.attach(part)


def send(key: str, to: str, context: dict, *, message_id: str | None = None) -> None:
    """Render and send one automated email, with the files its context lists (ATTACHMENTS).
    A temporary failure comes out as one of `outbox.TRANSIENT` (what the tasks retry);
    `message_id` makes every attempt the same message."""
    context = dict(context)
    attachments = context.pop(ATTACHMENTS, None) or []
    # In the recipient's language, whoever queued it: subject, body and dates.
    with translation.override(recipient_language(to)):
        subject, text, html = render(key, context)
    headers = {"Message-ID": message_id} if message_id else None
    message = RelatedEmail(subject, text, settings.DEFAULT_FROM_EMAIL, [to], headers=headers)
    message.attach_alternative(html, "text/html")
    _attach(message, attachments)
    outbox.send_message(message)


def send_delivery(delivery) -> None:
    """Send an automated email recorded as a Delivery row (apps.mailings.models): its template
    rendered with its context, under its stable Message-ID. For `outbox.deliver`."""
    send(delivery.template_key, delivery.email, delivery.context, message_id=delivery.message_id())
