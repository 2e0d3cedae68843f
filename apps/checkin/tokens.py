"""Ticket tokens: "<code>.<version>.<signature>", what the QR code holds.

The code is random (22 URL-safe characters) and names the Ticket row; the signature is an
HMAC-SHA256 of "code|version" under a key derived from SECRET_KEY (salted_hmac), base64url,
cut to 22 characters (132 bits). So a token is unguessable, says nothing about the person
(no email, no id), and can't be altered or made up without the secret: a forged or tampered
token fails here, before any query. A rotated SECRET_KEY invalidates every ticket; re-issue.
"""

from __future__ import annotations

import base64
import re
import secrets
from dataclasses import dataclass

from django.utils.crypto import constant_time_compare, salted_hmac

SALT = "apps.checkin.ticket"
SIGNATURE_LENGTH = 22
CODE_LENGTH = 22
MAX_TOKEN_LENGTH = 200
_SHAPE = re.compile(r"^([A-Za-z0-9_-]{22})\.([1-9][0-9]{0,8})\.([A-Za-z0-9_-]{22})$")


def new_code() -> str:
    return secrets.token_urlsafe(16)  # 16 bytes: 22 characters, no padding


def _signature(code: str, version: int) -> str:
    digest = salted_hmac(SALT, f"{code}|{version}", algorithm="sha256").digest()
    return base64.urlsafe_b64encode(digest).decode("ascii").rstrip("=")[:SIGNATURE_LENGTH]


def sign(code: str, version: int) -> str:
    return f"{code}.{version}.{_signature(code, version)}"


@dataclass(frozen=True)
class Signed:
    code: str
    version: int


def verify(token: object) -> Signed | None:
    """The (code, version) a token signs, or None when it is not one of ours (garbled, altered,
    forged). Whether that ticket still exists and is live is the caller's question."""
    if not isinstance(token, str) or len(token) > MAX_TOKEN_LENGTH:
        return None
    found = _SHAPE.match(token.strip())
    if found is None:
        return None
    code, version, signature = found.group(1), int(found.group(2)), found.group(3)
    if not constant_time_compare(signature, _signature(code, version)):
        return None
    return Signed(code=code, version=version)
