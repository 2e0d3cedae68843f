"""Pulling email addresses out of free text, for every organizer tool that takes a pasted list.

Batch decisions, review assignments and custom mailing lists all accept "whatever the
organizer pasted": one address a line, comma- or semicolon-separated, `Name <a@b.edu>`, a
column copied from a spreadsheet. Only the addresses found are processed,
so one pattern finds them and everything else in the text is ignored.
"""

from __future__ import annotations

import re
from collections.abc import Iterable

# A local part of letters, digits and . _ % + - (the portal's own email rule), then a domain
# of dot-separated labels ending in an alphabetic top-level label. The lookarounds keep a
# match from starting or ending inside a longer run of address characters, so text that is
# not a valid address yields nothing rather than a fragment that could name someone else:
# "x@y@z.edu" and "a!b@c.edu" yield nothing, and "o'neil@c.edu" does not yield "neil@c.edu"
# (a quote counts as a separator only where it opens a token, as in "['a@b.edu']").
EMAIL_PATTERN = re.compile(
    r"(?<![A-Za-z0-9._%+@!#$&*?^`~-])"
    r"(?<![A-Za-z0-9._%+-]')"
    r"[A-Za-z0-9._%+-]+@[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?)*"
    r"\.[A-Za-z]{2,63}"
    r"(?![A-Za-z0-9_%+@-]|\.[A-Za-z0-9])"
)

# The largest number of characters read from one pasted text; far above any real batch
# (50,000 addresses of 40 characters) and small enough that a hostile paste costs little.
MAX_TEXT_LENGTH = 2_000_000


def extract_emails(text: str) -> list[str]:
    """The addresses in `text`, lower-cased, de-duplicated, in the order they first appear."""
    if not isinstance(text, str):
        return []
    return _unique(match.group(0).lower() for match in EMAIL_PATTERN.finditer(text[:MAX_TEXT_LENGTH]))


def is_email(value: str) -> bool:
    """Whether `value`, stripped, is exactly one address in the sense of `extract_emails`."""
    return isinstance(value, str) and EMAIL_PATTERN.fullmatch(value.strip()) is not None


def _unique(emails: Iterable[str]) -> list[str]:
    return list(dict.fromkeys(emails))


# What separates the pieces of pasted text: spaces, line breaks, commas and semicolons, and
# the brackets and quotes of `Ada <ada@x.edu>` or `"ada@x.edu"`.
_TOKEN_SPLIT = re.compile(r"[\s,;<>()\[\]\"']+")


def invalid_tokens(text: str) -> list[str]:
    """The pieces of pasted text that were meant as an address and are not one: they hold an
    "@" and no address the pattern finds (`ada@princeton`, `@yale.edu`, `bo@@x.edu`). Names and
    words around the addresses hold no "@" and are not listed."""
    if not isinstance(text, str):
        return []
    found = []
    for token in _TOKEN_SPLIT.split(text[:MAX_TEXT_LENGTH]):
        if "@" in token and not EMAIL_PATTERN.search(token):
            found.append(token[:254])
    return _unique(found)


def parse_email_input(value) -> tuple[list[str], list[str]]:
    """Addresses from an organizer's input: free text, or a list of single addresses.

    Returns `(emails, malformed)`: the lower-cased, de-duplicated addresses to process and the
    pieces that are not an address: for a list, each such entry; for free text, each piece
    that was meant as one (`invalid_tokens`), so a typo is reported rather than dropped.
    """
    if isinstance(value, str):
        return extract_emails(value), invalid_tokens(value)
    emails: list[str] = []
    malformed: list[str] = []
    for item in value:
        text = item.strip() if isinstance(item, str) else str(item)
        if is_email(text):
            emails.append(text.lower())
        elif text:
            malformed.append(text[:254])
    return _unique(emails), _unique(malformed)


# The schema's pattern for an address the API takes as well-formed: a dot-separated local part of
# letters, digits and _ % + -, then a host name of labels (letters, digits, inner hyphens) and
# an alphabetic top-level label, spaces around it allowed (they are trimmed). Every address it
# matches is one the portal's checks (this module's and Django's validate_email) accept as an
# address; which addresses may register is narrower (accounts.rules).
_LOCAL = r"[A-Za-z0-9_%+-]+(\.[A-Za-z0-9_%+-]+)*"
_LABEL = r"[A-Za-z0-9]([A-Za-z0-9-]{0,61}[A-Za-z0-9])?"


def email_schema_pattern(top_level: str = r"[A-Za-z]{2,63}", hosts: str = rf"({_LABEL}\.)+") -> str:
    return rf"^\s*{_LOCAL}@{hosts}{top_level}\s*$"


def any_host_under() -> str:
    """`hosts` for a domain itself or any host under it."""
    return rf"({_LABEL}\.)*"


EMAIL_SCHEMA_PATTERN = email_schema_pattern()
