"""The student-email rule and the password rule: one place each, with the spec's messages.

Pages mirror these rules for instant feedback (frontend/src/lib/validation.ts); the server is
the authority.
"""

from __future__ import annotations

import re

import re2
from django.conf import settings
from django.core.exceptions import ValidationError
from django.core.validators import validate_email
from django.utils.translation import gettext_lazy as _

from apps.core.emails import any_host_under, email_schema_pattern
from apps.core.text import is_storable

STUDENT_EMAIL_MESSAGE = _("Must be a student email assigned by a university")
PASSWORD_MESSAGE = _("Password must have at least 8 characters, 1 number, and 1 special character")
PASSWORD_MIN_LENGTH = 8
PASSWORD_SPECIALS = "-~!@#$%^&*()_?"
STUDENT_TLDS = ("edu", "ca", "in", "ng", "uk", "it")

_EMAIL_SHAPE = re.compile(r"^[A-Za-z0-9._%+\-]+@([A-Za-z0-9\-]+\.)+[A-Za-z]{2,}$")
# The characters JavaScript's \s matches: the register and login pages refuse an address with
# any of them (frontend/src/lib/validation.ts, mayBeAccepted), so the server does too, even
# when a whitelist pattern would match it. The page then never blocks what the server takes.
_JS_SPACE = "\t\n\v\f\r \u00a0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000\ufeff"
# Something before the last "@" and something after it, no space anywhere.
_ADDRESS_SHAPE = re.compile(rf"[^{_JS_SPACE}]+@[^{_JS_SPACE}@]+")


def normalize_email(email: str) -> str:
    return (email or "").strip().lower()


def _pattern_options() -> re2.Options:
    # Case-insensitive like the addresses they match; compile errors are raised to us, not
    # printed by RE2 to the server's stderr.
    options = re2.Options()
    options.case_sensitive = False
    options.log_errors = False
    return options


_PATTERN_OPTIONS = _pattern_options()


def _compile_pattern(pattern: str):
    """The pattern compiled by RE2, which matches in time linear in the address's length.

    Organizers type these patterns and anonymous visitors choose the addresses they run on:
    with a backtracking engine `^(\\w+\\.?)+@partner\\.org$` took ~4 s on a 25-character
    address. RE2 has no backtracking, so it refuses backreferences and lookarounds instead.
    Raises re2.error (or TypeError / UnicodeError for input no pattern can be).
    """
    return re2.compile(pattern, _PATTERN_OPTIONS)


def whitelist_matches(email: str) -> bool:
    """True when the address is whitelisted, as a single address or by a pattern."""
    from .models import WhitelistRule

    email = normalize_email(email)
    for kind, value in WhitelistRule.objects.values_list("kind", "value"):
        if kind == WhitelistRule.Kind.EMAIL and value.lower() == email:
            return True
        if kind == WhitelistRule.Kind.PATTERN:
            try:
                if _compile_pattern(value).fullmatch(email):
                    return True
            except (re2.error, TypeError, UnicodeError):
                # A rule stored before patterns went through RE2 (a backreference, say), or an
                # address no pattern can read (a lone surrogate): skip it rather than fail.
                continue
    return False


def is_address_shaped(email: str) -> bool:
    """At most 254 characters, no space, something on both sides of the last "@": the one shape
    every accepted address has, whichever rule accepts it (the page checks exactly this, on the
    cases of frontend/src/lib/register-email-cases.json)."""
    return isinstance(email, str) and len(email) <= 254 and _ADDRESS_SHAPE.fullmatch(email) is not None


def is_student_email(email: str) -> bool:
    email = normalize_email(email)
    if not is_address_shaped(email) or not is_storable(email):
        return False  # a whitelist pattern such as ".*@gmail\.com" would match a NUL too
    if _EMAIL_SHAPE.match(email):
        domain = email.rsplit("@", 1)[1]
        if domain.rsplit(".", 1)[1] in STUDENT_TLDS:
            return True
        extra = [d.strip().lower() for d in settings.EXTRA_STUDENT_DOMAINS if d.strip()]
        if any(domain == d or domain.endswith("." + d) for d in extra):
            return True
    return whitelist_matches(email)


def is_plausible_email(email: str) -> bool:
    """Shaped like an email address at all (no student or whitelist rule): reset's only check."""
    if not isinstance(email, str) or len(email) > 254 or not is_storable(email):
        return False
    try:
        validate_email(email)
    except ValidationError:
        return False
    return True


def _any_case(word: str) -> str:
    return "".join(f"[{c.lower()}{c.upper()}]" if c.isalpha() else ("\\." if c == "." else c) for c in word)


def student_email_schema_pattern() -> str:
    """The schema's pattern for an address registration takes by the student rule (a student
    top-level domain or a configured extra domain); organizers may whitelist others."""
    extra = [d.strip().lower() for d in settings.EXTRA_STUDENT_DOMAINS if d.strip()]
    endings = [_any_case(tld) for tld in STUDENT_TLDS]
    pattern = email_schema_pattern("(" + "|".join(endings) + ")")
    for domain in extra:
        pattern += "|" + email_schema_pattern(_any_case(domain), hosts=any_host_under())
    return pattern


# At least 8 characters with a digit and one of the specials, in either order; no NUL.
_ANY = r"[^\u0000]*"
_SPECIAL = "[-~!@#$%^&*()_?]"  # PASSWORD_SPECIALS as a class that reads the same in ECMA regex
PASSWORD_SCHEMA_PATTERN = rf"^({_ANY}[0-9]{_ANY}{_SPECIAL}{_ANY}|{_ANY}{_SPECIAL}{_ANY}[0-9]{_ANY})$"


def validate_student_email(email: str) -> str:
    """The normalized address, or a ValidationError with the spec's message."""
    if not isinstance(email, str) or not is_student_email(email):
        raise ValidationError(STUDENT_EMAIL_MESSAGE, code="student_email")
    return normalize_email(email)


def is_valid_password(password: str) -> bool:
    return (
        isinstance(password, str)
        and len(password) >= PASSWORD_MIN_LENGTH
        and any(c.isdigit() for c in password)
        and any(c in PASSWORD_SPECIALS for c in password)
    )


def validate_password(password: str) -> str:
    if not is_valid_password(password):
        raise ValidationError(PASSWORD_MESSAGE, code="password")
    return password


def validate_pattern(pattern: str) -> str:
    """The pattern if RE2 can compile it, else a ValidationError saying why (shown as a 400)."""
    try:
        _compile_pattern(pattern)
    except re2.error as exc:
        detail = exc.args[0] if exc.args else ""
        if isinstance(detail, bytes):
            detail = detail.decode("utf-8", "replace")
        raise ValidationError(
            _(
                "Not a usable regular expression: %(detail)s. Patterns are matched in linear time, "
                "so backreferences (\\1) and lookarounds ((?=…), (?!…), (?<=…)) are not supported."
            )
            % {"detail": detail},
            code="pattern",
        ) from exc
    except (TypeError, UnicodeError) as exc:
        raise ValidationError(_("Not a valid regular expression."), code="pattern") from exc
    return pattern
