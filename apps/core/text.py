"""The one rule for text that a client sends and the database must store or compare.

PostgreSQL refuses a NUL character in any text value, and a lone UTF-16 surrogate (which JSON
can carry as an escape such as a bare high surrogate) can't be encoded as UTF-8 at all; either
would reach the database as a 500. DRF's CharField refuses both already; the hand-written
parsers (application bodies, question sets, filters) ask this function.
"""

from __future__ import annotations

from django.http import Http404
from django.utils.translation import gettext_lazy as _

UNSTORABLE = _("Contains characters that can't be stored (a NUL or a lone surrogate).")


def is_storable(text: str) -> bool:
    """Whether `text` holds no NUL and no lone surrogate."""
    if "\x00" in text:
        return False
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        return False
    return True


def clean_path_email(email: str) -> str | None:
    """An email taken from a URL (Django has decoded it), lower-cased; None when no stored
    address could equal it, so callers answer 404 without asking the database."""
    email = (email or "").strip().lower()
    if not email or not is_storable(email) or len(email) > 254 or not _is_address_shaped(email):
        return None
    return email


def _is_address_shaped(email: str) -> bool:
    """Something on both sides of the last "@" and no space: text that is no address at all."""
    local, at, domain = email.rpartition("@")
    return bool(at and local and domain) and not any(c.isspace() for c in email)


def path_email_or_404(email: str) -> str:
    """clean_path_email, or a 404 for text that is no address: the schema says the segment is
    an email, so other text names nothing (even where an unknown address answers an empty list)."""
    cleaned = clean_path_email(email)
    if cleaned is None:
        raise Http404(_("No such account."))
    return cleaned
