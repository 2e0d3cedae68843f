"""One-click unsubscribe from batch emails (RFC 8058), by a signed link, without signing in.

Every batch email carries

    List-Unsubscribe: <https://portal.example.org/unsubscribe?t=TOKEN>
    List-Unsubscribe-Post: List-Unsubscribe=One-Click

and the same link in its footer (apps.mailings.composer adds both the line and, through
services, the headers). A mail provider's "Unsubscribe" button POSTs
`List-Unsubscribe=One-Click` to that address; a person who follows the link gets a page with
one button, which POSTs the same. A GET alone never unsubscribes: mail scanners open every link
of a message to check it.

The token is the address signed with the secret key (salted for this use only), so nobody can
unsubscribe someone else by guessing, and links keep working for as long as the key does. It
travels in the query string, which gunicorn's access log and error reports leave out.
"""

from __future__ import annotations

from urllib.parse import urlencode

from django.conf import settings
from django.core import signing

from . import suppression

SALT = "apps.mailings.unsubscribe"
PATH = "/unsubscribe"
ONE_CLICK = "List-Unsubscribe=One-Click"


def _signer() -> signing.Signer:
    # No timestamp: an address has one token, the same in every email, and it doesn't expire.
    return signing.Signer(salt=SALT)


def token_for(email: str) -> str:
    return _signer().sign_object(suppression.normalize(email))


def email_of(token: str) -> str | None:
    """The address a token was made for, or None when it is not one of ours."""
    try:
        email = _signer().unsign_object(token)
    except (signing.BadSignature, ValueError, UnicodeDecodeError):
        return None
    return email if isinstance(email, str) and "@" in email else None


def url_for(email: str) -> str:
    return f"{settings.SITE_URL}{PATH}?{urlencode({'t': token_for(email)})}"


def headers(email: str) -> dict[str, str]:
    return {"List-Unsubscribe": f"<{url_for(email)}>", "List-Unsubscribe-Post": ONE_CLICK}


def unsubscribe(email: str, *, how: str) -> bool:
    """Stop the address's batch emails; False if it had already unsubscribed."""
    return suppression.suppress(email, suppression.Reason.UNSUBSCRIBED, detail=how)


def resubscribe(email: str) -> bool:
    """Undo the person's own unsubscribe (not a bounce or a complaint the provider reported)."""
    return suppression.unsuppress(email, suppression.Reason.UNSUBSCRIBED)


def is_unsubscribed(email: str) -> bool:
    return suppression.Suppression.objects.filter(
        email=suppression.normalize(email), reason=suppression.Reason.UNSUBSCRIBED
    ).exists()


def masked(email: str) -> str:
    """`a***@princeton.edu`: enough for the person to recognise their address on the page,
    not enough for someone who sees a forwarded link to learn it."""
    local, _, domain = email.partition("@")
    return f"{local[:1]}***@{domain}"
