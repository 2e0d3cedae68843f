"""The private calendar feed of a confirmed applicant (see models.CalendarFeed).

The feed is the ticket's calendar entry (apps.checkin.tickets.ics: the same UID as the email's
.ics attachment, so a calendar holding both shows one event), built afresh on every request
from the current cycle's dates. It answers only while the person holds a live ticket: declined,
or a cycle that moved on, and the address is a 404 like any unknown one.
"""

from __future__ import annotations

import re
import secrets

from django.conf import settings
from django.db import transaction

from apps.checkin import tickets
from apps.core.exceptions import ApplicationError
from apps.cycles.selectors import current_cycle

from .models import CalendarFeed

# What secrets.token_urlsafe(32) makes: 43 characters of the URL-safe base64 alphabet.
TOKEN_SHAPE = re.compile(r"[A-Za-z0-9_-]{43}")


def _new_token() -> str:
    return secrets.token_urlsafe(32)


def feed_url(token: str) -> str:
    return f"{settings.SITE_URL}/calendar/{token}.ics"


def feed_for(user, *, renew: bool = False) -> str:
    """The user's feed address (made on first ask; `renew` replaces it, ending the old one).
    Only a confirmed applicant with a live ticket has one: a 404 otherwise."""
    tickets.live_ticket_of(user)
    with transaction.atomic():
        feed, created = CalendarFeed.objects.select_for_update().get_or_create(
            user=user, defaults={"token": _new_token()}
        )
        if renew and not created:
            feed.token = _new_token()
            feed.save(update_fields=["token", "updated_at"])
    return feed_url(feed.token)


def ics_for_token(token: str) -> str | None:
    """The feed's calendar text, or None when the address leads nowhere (now)."""
    if not TOKEN_SHAPE.fullmatch(token):
        return None  # not one we made (and a NUL would be refused by PostgreSQL, as a 500)
    feed = CalendarFeed.objects.select_related("user").filter(token=token).first()
    if feed is None or not feed.user.is_active:
        return None
    try:
        _ticket, application = tickets.live_ticket_of(feed.user)
    except ApplicationError:
        return None
    return tickets.ics(application, current_cycle())
