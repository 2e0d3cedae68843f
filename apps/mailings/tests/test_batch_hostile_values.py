"""A recipient's values are text in a Markdown batch email: never a link, an image, emphasis,
code or raw HTML, in the preview and the sent mail, in the HTML and the text part.

Placeholders are filled before the Markdown is rendered, and an applicant chooses their own
name: a last name of `[Reset password](https://evil.example/phish)` used to become a live link
in an official email.
"""

from __future__ import annotations

import re

import pytest
from django.core import mail
from django.utils import timezone

from apps.core.tests.factories import ApplicationFactory, UserFactory
from apps.mailings import composer, services

BODY = "Dear {{ first_name }} {{ last_name }},\n\n{{ last_name }}\n\nSee [your dashboard]({{ dashboard_link }})."

# (last name, the text the reader must see)
HOSTILE = [
    ("[Reset password](https://evil.example/phish)", "[Reset password](https://evil.example/phish)"),
    ("[x](https://evil.example)", "[x](https://evil.example)"),
    ("![x](https://evil.example/pixel.png)", "![x](https://evil.example/pixel.png)"),
    ("<img src=x onerror=alert(1)>", "<img src=x onerror=alert(1)>"),
    ("**bold**", "**bold**"),
    ("_slanted_", "_slanted_"),
    ("`code`", "`code`"),
    ("<https://evil.example>", "<https://evil.example>"),
    ("https://evil.example", "https://evil.example"),
    ("# Heading", "# Heading"),
    ("===", "==="),
    ("~~~", "~~~"),
    ("1. one", "1. one"),
    ("a|b", "a|b"),
    ("Ada\\Lovelace", "Ada\\Lovelace"),
    ("O'Brien & <Sons>", "O'Brien & <Sons>"),
]


def visible_text(html: str) -> str:
    """The text a reader sees in the HTML body (tags dropped, entities read)."""
    from html import unescape

    return unescape(re.sub(r"<[^>]+>", "", html)).replace(composer.ZERO_WIDTH_SPACE, "")


def rendered_markdown(html: str) -> str:
    """The Markdown's HTML inside the layout (whose own heading and contact link are not the
    recipient's values)."""
    start = html.index('line-height:1.5">') + len('line-height:1.5">')
    return html[start : html.index("</div>", start)]


def assert_inert(html: str, text: str, shown: str) -> None:
    body = rendered_markdown(html)
    # One link only: the organizer's own, to the dashboard. No image, emphasis, code or heading.
    assert re.findall(r"<a\b[^>]*href=\"([^\"]*)\"", body) == ["http://127.0.0.1:8000/dashboard"], body
    assert "evil.example" not in "".join(re.findall(r"<[^>]+>", body)), body
    for tag in ("<img", "<strong", "<em", "<code", "<h1", "<h2", "<ol", "<table", "<pre", "<dl"):
        assert tag not in body, (tag, body)
    assert shown in visible_text(body), (shown, body)
    # The text part: the value as written; a link would read "label (https://…)" there.
    assert shown in text.replace(composer.ZERO_WIDTH_SPACE, ""), (shown, text)
    assert " (https://evil.example" not in text, text


@pytest.mark.parametrize("last, shown", HOSTILE, ids=[h[0] for h in HOSTILE])
def test_a_hostile_name_is_text_in_the_preview_and_the_sent_mail(admin_client, db, settings, last, shown):
    settings.SITE_URL = "http://127.0.0.1:8000"
    ApplicationFactory(user=UserFactory(email="eve@princeton.edu"), first="Eve", last=last, status="accepted")
    fields = {"subject": "Hi {{ last_name }}", "markdown": BODY, "audience": "accepted"}
    r = admin_client.post("/api/mailings/preview", fields, content_type="application/json")
    assert r.status_code == 200, r.json()
    preview = r.json()
    assert_inert(preview["html"], preview["text"], shown)

    scheduled = admin_client.post("/api/mailings", {**fields, "send_at": timezone.now().isoformat()})
    assert scheduled.status_code == 201, scheduled.json()
    mail.outbox.clear()
    services.send_due_mailings()
    [message] = mail.outbox
    assert_inert(message.alternatives[0][0], message.body, shown)
    # A subject is plain text: the name as it is.
    assert message.subject == f"Hi {last}"
    assert (message.subject, message.body, message.alternatives[0][0]) == (
        preview["subject"],
        preview["text"],
        preview["html"],
    )


def test_the_organizers_markdown_and_links_still_render(db, settings):
    settings.SITE_URL = "http://127.0.0.1:8000"
    composed = composer.compose(
        subject="x", markdown="**Welcome** {{ first_name }}: [dashboard]({{ dashboard_link }}) and {{ email }}"
    )
    rendered = composed.render({"first_name": "Ada_Lovelace", "last_name": "", "email": "ada.l-x@princeton.edu"})
    assert "<strong>Welcome</strong> Ada_Lovelace" in rendered.html
    assert '<a href="http://127.0.0.1:8000/dashboard" rel="noopener noreferrer">dashboard</a>' in rendered.html
    assert "ada.l-x@princeton.edu" in rendered.html


@pytest.mark.parametrize(
    "value, markdown",
    [
        ("[x](y)", r"\[x\]\(y\)"),
        ("**b**", r"\*\*b\*\*"),
        ("a\nb\r\n# c", r"a b \# c"),
        ("===", "\u200b==="),
        ("<b>", "<b>"),  # HTML is the autoescape's: `&lt;b&gt;`
        (True, True),
    ],
)
def test_markdown_text_escapes_what_markdown_would_read(value, markdown):
    assert composer.markdown_text(value) == markdown
