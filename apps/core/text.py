"""The one rule for text that a client sends and the database must store or compare, and the one
rule for finding a name typed without its accents (`fold`, `Folded`, `folded_contains`).

PostgreSQL refuses a NUL character in any text value, and a lone UTF-16 surrogate (which JSON
can carry as an escape such as a bare high surrogate) can't be encoded as UTF-8 at all; either
would reach the database as a 500. DRF's CharField refuses both already; the hand-written
parsers (application bodies, question sets, filters) ask this function.
"""

from __future__ import annotations

import unicodedata

from django.db.models import Func, Lookup, TextField, Value
from django.db.models.lookups import Contains, IContains
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


# --- Finding a name however it is typed -----------------------------------------------------
#
# A volunteer at the door types "Maria Lopez" for María López, an organizer filters the table by
# "Universite de Montreal": a search that compares accents found nobody. Names, schools and
# emails are compared folded: case- and accent-insensitive, "ß" as "ss", "Æ" as "ae". The
# database folds both sides with one function, so the stored text needs no folded copy and the
# rule can't disagree between the column and the typed text: `portal_fold`, on PostgreSQL a
# function over the `unaccent` extension (apps/core/migrations/0001), on SQLite `fold` below,
# given to each connection (apps.core.apps). Their tables differ on rare letters; the tests hold both to
# the names that matter (apps/core/tests/test_fold.py).

# Letters NFKD keeps whole (no combining mark to drop) that unaccent writes as Latin letters.
_WHOLE_LETTERS = str.maketrans({"ø": "o", "ł": "l", "đ": "d", "ð": "d", "þ": "th", "æ": "ae", "œ": "oe", "ı": "i"})


def fold(text: str | None) -> str | None:
    """Case- and accent-insensitive form of `text` ("María" → "maria"); None stays None (a
    NULL column, for SQLite's function)."""
    if text is None:
        return None
    if text.isascii():
        return text.lower()
    decomposed = unicodedata.normalize("NFKD", text.casefold())
    return "".join(c for c in decomposed if not unicodedata.combining(c)).translate(_WHOLE_LETTERS)


class Folded(Func):
    """`fold` in SQL: the function `portal_fold`, which each SQLite connection is given
    (sqlite_can_fold) and PostgreSQL keeps (lower(unaccent(x)), apps/core/migrations/0001):
    an immutable function of its own, so the table's trigram indexes can be built on it."""

    function = "portal_fold"
    arity = 1
    output_field = TextField()


def sqlite_can_fold(sender, connection, **kwargs) -> None:
    """connection_created: SQLite learns `portal_fold` (PostgreSQL has unaccent)."""
    if connection.vendor == "sqlite":
        connection.connection.create_function("portal_fold", 1, fold, deterministic=True)


# Typed text shorter than this is compared case-insensitively only. A trigram index answers
# three characters or more; below that every row is read, and on PostgreSQL portal_fold is a
# function call per row (declared immutable over the stable unaccent, it can't be inlined): a
# two-letter filter over 50,000 names took 95-160 ms folded against 21-28 ms with UPPER, while
# three letters took 0.3-11 ms either way through the indexes. One or two letters match most
# names anyway; the accents matter once a name is being typed.
FOLDED_FROM = 3


class FoldedContains(Lookup):
    """`<text field>__folded_contains=typed`: the field contains the typed text, both folded
    (`%` and `_` typed are taken literally, as `icontains` takes them); text shorter than
    FOLDED_FROM case-insensitively only. Registered on every text field (apps.core.apps),
    annotations included."""

    lookup_name = "folded_contains"

    def as_sql(self, compiler, connection):
        text = str(self.rhs)
        if len(text) < FOLDED_FROM:
            return compiler.compile(IContains(self.lhs, text))
        typed = Folded(Value(text, output_field=TextField()))
        return compiler.compile(Contains(Folded(self.lhs), typed))
