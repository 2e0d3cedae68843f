"""Standard Webhooks signatures: each request carries `webhook-id`, `webhook-timestamp` and
`webhook-signature: v1,<base64 HMAC-SHA256>` over "<id>.<timestamp>.<body>".

The id is the delivery's, the same on every attempt and re-send, so a receiver recognises a
message it already processed; the timestamp lets it refuse an old request replayed by someone
who captured it (the signature covers the timestamp, so it can't be moved forward).
"""

from __future__ import annotations

import base64
import hashlib
import hmac
import secrets

PREFIX = "whsec_"


def new_secret() -> str:
    return PREFIX + base64.b64encode(secrets.token_bytes(32)).decode()


def key_of(secret: str) -> bytes:
    """The HMAC key: a `whsec_` secret is base64 (the Standard Webhooks form); any other
    secret an organizer typed is used as its UTF-8 bytes."""
    if secret.startswith(PREFIX):
        try:
            return base64.b64decode(secret[len(PREFIX) :], validate=True)
        except ValueError:
            pass
    return secret.encode()


def sign(secret: str, message_id: str, timestamp: int, body: bytes) -> str:
    signed = f"{message_id}.{timestamp}.".encode() + body
    digest = hmac.new(key_of(secret), signed, hashlib.sha256).digest()
    return "v1," + base64.b64encode(digest).decode()


def headers(secret: str, message_id: str, timestamp: int, body: bytes) -> dict[str, str]:
    return {
        "webhook-id": message_id,
        "webhook-timestamp": str(timestamp),
        "webhook-signature": sign(secret, message_id, timestamp, body),
    }


def verify(secret: str, headers: dict[str, str], body: bytes) -> bool:
    """A receiver's check (the tests' receiver uses it): any of the space-separated signatures
    matches."""
    expected = sign(secret, headers["webhook-id"], int(headers["webhook-timestamp"]), body)
    return any(hmac.compare_digest(expected, given) for given in headers["webhook-signature"].split())
