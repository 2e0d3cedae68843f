"""Batch emails: the one place that turns what an organizer wrote into each recipient's email.

The preview (`POST /api/mailings/preview`), the check at scheduling time and the sender all
call `compose()` and `Composed.render()`, so the preview is exactly what goes out.

A body is Markdown (written in the browser) or an uploaded HTML file. Either way it is an
organizer's template, rendered in the automated emails' sandbox (apps.mailings.automated) with
the same placeholders and the same context builder, plus the recipient's own values
(`{{ first_name }}`…, from apps.mailings.audiences.people). For Markdown the placeholders are
filled *first*, each value escaped for Markdown (`markdown_text`) and for HTML (the sandbox's
autoescape), then the Markdown is turned into HTML and sanitised with nh3. So a value is always
text: an applicant who named themselves `[Reset password](https://evil.example)`, `**Eve**` or
`<img src=x>` gets those characters, never a link, emphasis or an image, in the HTML and the
text part alike; and a placeholder can still sit in a link's target
(`[your dashboard]({{ dashboard_link }})`), where Markdown takes the escapes back out. The
sanitised HTML is set in the automated emails' layout. An uploaded HTML file is the
organizer's whole document and is sent as written, placeholders filled and HTML-escaped (as an
automated email's override is).
"""

from __future__ import annotations

import re
import xml.etree.ElementTree as etree
from collections.abc import Callable
from dataclasses import dataclass

import markdown as markdown_lib
import nh3
from django.template.loader import render_to_string
from django.utils.html import escape
from django.utils.safestring import mark_safe
from django.utils.translation import gettext
from markdown import util as markdown_util
from markdown.extensions import Extension
from markdown.inlinepatterns import InlineProcessor

from apps.core.exceptions import ApplicationError

from . import automated, unsubscribe

MAX_MARKDOWN_CHARS = 100_000
# Tables, fenced code, footnotes…; sane_lists keeps a numbered list from swallowing a bullet one.
MARKDOWN_EXTENSIONS = ("extra", "sane_lists")
# The values a preview shows when the audience has nobody in it yet.
SAMPLE_PERSON = {name: automated.SAMPLE_VALUES[name] for name in automated.PERSON_PLACEHOLDERS}


def placeholders() -> list[str]:
    """The placeholders a batch email may use, in the order the page offers them."""
    return list(automated.BATCH_PLACEHOLDERS)


# What a backslash makes literal in Python-Markdown with MARKDOWN_EXTENSIONS (its own list,
# read once). `>` is left to the HTML escape, which makes it `&gt;`: Markdown reads an entity as
# text, and a backslash before it would show.
_ESCAPABLE = frozenset(markdown_lib.Markdown(extensions=list(MARKDOWN_EXTENSIONS)).ESCAPED_CHARS) - {">"}
# Characters that open a block only at a line's start and take no backslash: a setext heading's
# `===`, a fence's `~~~`, a definition's `:`. A value can only start a line with its first
# character (its own line breaks are joined), so an invisible zero-width space before that one
# character keeps it text.
_LINE_START = frozenset("=~:")
ZERO_WIDTH_SPACE = "\u200b"


def markdown_text(value):
    """A placeholder's value as Markdown that renders as exactly its text: Markdown's characters
    backslash-escaped, line breaks joined (a value can't start a heading, a list or a code block),
    a line-start-only character neutralised. HTML characters are left to the autoescape."""
    if not isinstance(value, str):
        return value
    text = " ".join(value.splitlines())
    text = "".join(f"\\{c}" if c in _ESCAPABLE else c for c in text)
    if text[:1] in _LINE_START:
        text = ZERO_WIDTH_SPACE + text
    return text


# A bare web address an organizer typed: http(s), a dotted host, an optional port and path. Not
# one already in a link, an attribute or an autolink (the characters before it), and not a
# recipient's value: markdown_text escapes every `.` of a value, so a value never holds a dotted
# host, and a match running into an escaped character (the stash marker) is left as text.
_BARE_URL = (
    r"(?<![\w/\]<>\"'=@])"
    r"(https?://[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)+(?::\d{1,5})?(?:[/?#][^\s<>\"'\x02\x03]*)?)"
)
# What ends a sentence rather than the address ("see https://example.org.").
_TRAILING = ".,;:!?)'\""


class _BareUrlProcessor(InlineProcessor):
    """Links a bare address, as mail programs do, so the preview shows what readers can click."""

    ANCESTOR_EXCLUDES = ("a",)

    def handleMatch(self, m: re.Match, data: str):  # noqa: N802 - Markdown's name
        url = m.group(1).rstrip(_TRAILING)
        end = m.start(1) + len(url)
        if data[end : end + 1] == markdown_util.STX:
            return None, None, None
        link = etree.Element("a")
        link.set("href", url)
        link.text = url
        return link, m.start(1), end


class _BareUrls(Extension):
    def extendMarkdown(self, md) -> None:  # noqa: N802 - Markdown's name
        # After Markdown's own links and <autolinks>, before raw HTML and emphasis (an `_` in
        # an address is not emphasis).
        md.inlinePatterns.register(_BareUrlProcessor(_BARE_URL, md), "bare_url", 115)


def markdown_to_html(source: str) -> str:
    """Markdown as sanitised HTML: nh3 keeps formatting, links (http, https, mailto) and
    images, and drops scripts, event handlers, styles and `javascript:` links. A bare address
    the organizer wrote becomes a link."""
    html = markdown_lib.markdown(source, extensions=[*MARKDOWN_EXTENSIONS, _BareUrls()], output_format="html")
    return nh3.clean(html)


@dataclass(frozen=True)
class Rendered:
    subject: str
    text: str
    html: str


class Composed:
    """A mailing's subject and body, compiled once; `render(person)` is one recipient's email."""

    def __init__(self, subject: Callable[[dict], str], body: Callable[[dict], str], *, markdown: bool) -> None:
        self._subject = subject
        self._body = body
        self._markdown = markdown
        self._event: dict | None = None

    def render(self, person: dict) -> Rendered:
        """The email to `person` (`email`, `first_name`, `last_name`); TemplateError when the
        template names a placeholder that is not offered."""
        # The event's values (the current cycle's dates…) are read once per mailing, not per
        # recipient.
        if self._event is None:
            self._event = automated.base_context()
        context = automated.placeholder_context(automated.BATCH_PLACEHOLDERS, person, event=self._event)
        subject = " ".join(self._subject(context).split())
        # The subject is plain text: its values as they are. The Markdown body's are escaped.
        body = self._body({name: markdown_text(v) for name, v in context.items()} if self._markdown else context)
        if self._markdown:
            layout = {**context, "body": mark_safe(markdown_to_html(body))}  # noqa: S308 - sanitised by nh3
            html = render_to_string("emails/mailing.html", layout)
        else:
            html = body
        return with_footer(Rendered(subject, automated.html_to_text(html), html), person.get("email") or "")


def with_footer(rendered: Rendered, email: str) -> Rendered:
    """The email with its visible one-click unsubscribe line at the end (text and HTML): every
    batch email has one, and the preview shows it as it goes out (apps.mailings.unsubscribe)."""
    if not email:
        return rendered
    url = unsubscribe.url_for(email)
    # In the language active while rendering: the recipient's (apps.mailings.services).
    footer = gettext("Don't want these emails? Unsubscribe: %(url)s") % {"url": url}
    text = f"{rendered.text.rstrip()}\n\n--\n{footer}\n"
    line = (
        '<p style="margin:16px auto 0;max-width:560px;font-size:12px;color:#6b5a4e;text-align:center">'
        + gettext(
            'Don\'t want these emails? <a href="%(url)s" style="color:#8a3b12">Unsubscribe</a>.'
            " You will still get the emails about your own application."
        )
        % {"url": escape(url)}
        + "</p>"
    )
    html = rendered.html
    at = html.lower().rfind("</body>")
    html = f"{html[:at]}{line}{html[at:]}" if at != -1 else f"{html}{line}"
    return Rendered(rendered.subject, text, html)


def compose(*, subject: str, markdown: str = "", html: str = "") -> Composed:
    """Compile a mailing, or raise TemplateError. The body is the Markdown, or the HTML when
    only that is given (an empty draft is an empty Markdown body, shown in the layout)."""
    use_markdown = bool(markdown) or not html
    body = automated.compile_source(markdown if use_markdown else html, autoescape=True)
    return Composed(automated.compile_source(subject, autoescape=False), body, markdown=use_markdown)


def check(*, subject: str, markdown: str = "", html: str = "", person: dict | None = None) -> Rendered:
    """The draft rendered for `person` (a sample one by default), or a 400 that names the field
    at fault and, for an unknown placeholder, lists the ones that may be used."""
    person = person or {**SAMPLE_PERSON}
    context = automated.placeholder_context(automated.BATCH_PLACEHOLDERS, person)
    body_field = "markdown" if markdown or not html else "html"
    for field, source, autoescape in (("subject", subject, False), (body_field, markdown or html, True)):
        try:
            automated.compile_source(source, autoescape=autoescape)(context)
        except automated.TemplateError as exc:
            raise _refusal(field, exc) from exc
    return compose(subject=subject, markdown=markdown, html=html).render(person)


def _refusal(field: str, error: automated.TemplateError) -> ApplicationError:
    message = str(error)
    if error.unknown:
        message = gettext("%(message)s Use one of: %(placeholders)s.") % {
            "message": message,
            "placeholders": ", ".join(placeholders()),
        }
    return ApplicationError(message, errors={field: [message]})
