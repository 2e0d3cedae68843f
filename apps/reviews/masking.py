"""Masking who the applicant is in the free text that blind reviewers read.

An essay often signs itself ("I'm Ada, and…", "see github.com/adalovelace"). Before a free-text
answer is shown in blind review, the applicant's own first and last names and the parts of
their email address are replaced by "[name]", and anything that looks like an email address,
a URL or an @handle by "[email]", "[link]" or "[handle]": a handle names a person as surely as
a name does.

Matching is case-insensitive, ignores accents ("Zoe" finds "Zoë" and the other way round) and
takes whole words only (digits may follow, as in handles: "lovelace42"), so "Ada" is masked in
"Ada's" but not in "Adaptive". Pure functions, no
Django: table-tested in tests/test_masking.py.
"""

from __future__ import annotations

import re
import unicodedata

NAME_MASK = "[name]"
EMAIL_MASK = "[email]"
LINK_MASK = "[link]"
HANDLE_MASK = "[handle]"

# A name part shorter than this is not masked: one letter (an initial) would blank out every
# "a" and "I" of an essay.
NAME_MIN = 2
# Two-letter names that are also everyday English words are left alone too ("An" would mask
# every article). Other short names (Li, Wu, Ng, Bo, Jo) are masked.
SHORT_WORDS = frozenset("am an as at be by do go he hi if in is it me my no of oh ok on or so to up us we".split())
# Parts of the email's local part shorter than this are not masked ("ab.cd" says little).
EMAIL_PART_MIN = 3

# Where a URL or an address may not end: the sentence's own punctuation after it stays.
_TAIL = r"[^\s<>\"'`()\[\]{}]*[^\s<>\"'`()\[\]{}.,;:!?]"
# Top-level domains common enough in applicants' links to treat a bare "name.tld/path" as one.
# Kept to real web endings so "Node.js", "main.py" or "README.md" are not links.
_TLDS = (
    "com|org|net|io|dev|me|edu|co|app|ai|gg|xyz|tech|info|page|site|blog|ly|sh|so|tv|us|uk|ca|de|fr|"
    "in|cn|jp|au|nl|se|ch|es|it|eu|cc|codes|design|online|website|link|pro|ie|nz|sg|hk|kr|br|mx"
)
_EMAIL = r"[A-Za-z0-9._%+\-]+@[A-Za-z0-9\-]+(?:\.[A-Za-z0-9\-]+)*\.[A-Za-z]{2,}"
_URL = (
    rf"(?:[A-Za-z][A-Za-z0-9+.\-]*://{_TAIL})"
    rf"|(?:\bwww\.{_TAIL})"
    rf"|(?:\b(?:[A-Za-z0-9](?:[A-Za-z0-9\-]*[A-Za-z0-9])?\.)+(?:{_TLDS})\b(?:/{_TAIL}|/)?)"
)
_HANDLE = r"(?<![\w@.])@[A-Za-z0-9_](?:[A-Za-z0-9_.]*[A-Za-z0-9_])?"
_CONTACTS = re.compile(rf"(?P<email>{_EMAIL})|(?P<url>{_URL})|(?P<handle>{_HANDLE})", re.IGNORECASE)


def fold(text: str) -> str:
    """Case- and accent-insensitive form of one piece of text."""
    decomposed = unicodedata.normalize("NFKD", text)
    return "".join(c for c in decomposed if not unicodedata.combining(c)).casefold()


def _folded_with_origin(text: str) -> tuple[str, list[int]]:
    """The folded text and, for each of its characters, the index of the original character it
    came from (folding may change the length: "ß" → "ss")."""
    out: list[str] = []
    origin: list[int] = []
    for i, char in enumerate(text):
        folded = fold(char)
        out.append(folded)
        origin.extend([i] * len(folded))
    return "".join(out), origin


def identity_words(first: str, last: str, email: str) -> list[str]:
    """The words that name this applicant: their first and last names (whole and each part),
    the email's local part and its dot / underscore / plus / hyphen parts (with and without
    trailing digits). Folded, longest first, without duplicates."""
    words: set[str] = set()
    for name in (first or "", last or ""):
        name = name.strip()
        for part in {name, *re.split(r"[\s\-'’.]+", name)}:
            folded = fold(part.strip())
            if len(folded) >= NAME_MIN and folded not in SHORT_WORDS:
                words.add(folded)
    local = (email or "").split("@", 1)[0].strip()
    for part in {local, local.split("+", 1)[0], *re.split(r"[._+\-]+", local)}:
        for candidate in (part, part.rstrip("0123456789")):
            folded = fold(candidate)
            if len(folded) >= EMAIL_PART_MIN:
                words.add(folded)
    return sorted(words, key=lambda w: (-len(w), w))


def _mask_names(text: str, words: list[str]) -> str:
    if not words or not text:
        return text
    folded, origin = _folded_with_origin(text)
    # Digits may follow a word: "lovelace42" is the same handle as "lovelace".
    pattern = re.compile(r"(?<!\w)(?:" + "|".join(re.escape(w) for w in words) + r")\d*(?!\w)")
    pieces: list[str] = []
    last = 0
    for match in pattern.finditer(folded):
        if match.start() == match.end():
            continue
        start = origin[match.start()]
        end = origin[match.end() - 1] + 1
        if start < last:
            continue
        pieces.append(text[last:start])
        pieces.append(NAME_MASK)
        last = end
    pieces.append(text[last:])
    return "".join(pieces)


def mask_identity(text: str, words: list[str]) -> str:
    """`text` with email addresses, URLs and handles masked, then the applicant's `words`
    (identity_words) masked as whole words. The masks themselves are never masked again."""
    if not text:
        return text
    pieces: list[str] = []
    last = 0
    for match in _CONTACTS.finditer(text):
        pieces.append(_mask_names(text[last : match.start()], words))
        kind = match.lastgroup
        pieces.append(EMAIL_MASK if kind == "email" else LINK_MASK if kind == "url" else HANDLE_MASK)
        last = match.end()
    pieces.append(_mask_names(text[last:], words))
    return "".join(pieces)
