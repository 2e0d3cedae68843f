"""Automated emails (verification, password reset, release decisions): one way to render and send.

Each email has a key; its subject, HTML and plain-text bodies are templates under
`templates/emails/<key>.*`. Rendering and sending live here so that every caller (Celery tasks,
the operator commands) produces the same mail.
"""

from __future__ import annotations

from django.conf import settings
from django.core.mail import EmailMultiAlternatives
from django.template.loader import render_to_string
from django.utils.html import strip_tags

AUTOMATED_KEYS = (
    "verify_email",
    "password_reset",
    "decision_accepted",
    "decision_waitlisted",
    "decision_rejected",
    "decision_waitlist_accepted",
)


def base_context() -> dict:
    return {
        "event_name": settings.EVENT_NAME,
        "site_url": settings.SITE_URL,
        "contact_email": settings.CONTACT_EMAIL,
    }


def render(key: str, context: dict) -> tuple[str, str, str]:
    """(subject, text, html) for an automated email."""
    ctx = {**base_context(), **context}
    subject = " ".join(render_to_string(f"emails/{key}.subject.txt", ctx).split())
    html = render_to_string(f"emails/{key}.html", ctx)
    try:
        text = render_to_string(f"emails/{key}.txt", ctx)
    except Exception:  # noqa: BLE001 - a missing text template falls back to the stripped HTML
        text = strip_tags(html)
    return subject, text, html


def send(key: str, to: str, context: dict) -> None:
    subject, text, html = render(key, context)
    message = EmailMultiAlternatives(subject, text, settings.DEFAULT_FROM_EMAIL, [to])
    message.attach_alternative(html, "text/html")
    message.send()
