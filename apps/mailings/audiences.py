"""Who a batch email can go to: a pasted list (`custom`), or an audience another app registers.

mailings sends to addresses; it does not know what an application is. The applications app
registers one audience per application status, the accounts that never started an
application, and two audiences that take an argument (in its AppConfig.ready): `filter`,
the table's current filters, and `selection`, the rows picked in the table. Each comes with
the function that lists its addresses, so the dependency runs applications → mailings only.
It also registers the lookup of the people behind addresses (`register_people`): each
recipient's `{{ first_name }}` and `{{ last_name }}`, whichever audience they came from.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from django.utils.translation import gettext_lazy as _

from apps.core.emails import extract_emails

CUSTOM = "custom"


@dataclass(frozen=True)
class Audience:
    """A named audience, resolved when the mailing is scheduled.

    `empty_field`/`empty_message`: the field error given when it has nobody in it.
    """

    name: str
    recipients: Callable[[], list[str]]
    empty_field: str
    empty_message: str
    # An audience made of an argument (a pasted list, a filter, a selection) is the same
    # audience as an earlier mailing's only when it holds the same addresses.
    by_address: bool = False


@dataclass(frozen=True)
class Parametrised:
    """An audience made from an argument sent with the mailing (`field` names it)."""

    name: str
    field: str
    make: Callable[[object], Callable[[], list[str]]]
    empty_message: str


_registered: dict[str, Audience] = {}
_parametrised: dict[str, Parametrised] = {}
_people: list[Callable[[list[str]], dict[str, dict]]] = []
# Addresses per lookup query: well under any database's limit of query parameters.
PEOPLE_CHUNK = 1000


def register(name: str, recipients: Callable[[], list[str]], *, empty_message: str) -> None:
    """Offer `name` as an audience; `recipients()` lists its addresses at scheduling time."""
    if name == CUSTOM:
        raise ValueError(f"'{CUSTOM}' is the pasted list; it cannot be registered.")
    _registered[name] = Audience(name, recipients, "audience", empty_message)


def register_parametrised(
    name: str, field: str, make: Callable[[object], Callable[[], list[str]]], *, empty_message: str
) -> None:
    """Offer `name` as an audience built from the mailing's argument `field`: `make(value)`
    checks the value (raising ApplicationError for a bad one) and answers the function that
    lists the addresses."""
    if name == CUSTOM:
        raise ValueError(f"'{CUSTOM}' is the pasted list; it cannot be registered.")
    _parametrised[name] = Parametrised(name, field, make, empty_message)


def names() -> tuple[str, ...]:
    """Every audience a mailing may name, in registration order, then the ones that take an
    argument, then `custom`."""
    return (*_registered, *_parametrised, CUSTOM)


def fixed_names() -> tuple[str, ...]:
    """The audiences that need no argument: the ones a count of every audience can list."""
    return tuple(_registered)


def argument_field(name: str) -> str | None:
    """The argument `name` takes (`emails`, `filters`, `ids`), or None."""
    if name == CUSTOM:
        return "emails"
    parametrised = _parametrised.get(name)
    return parametrised.field if parametrised else None


def custom(emails_text: str) -> Audience:
    """The pasted list: whatever addresses the text holds."""
    return Audience(
        CUSTOM,
        lambda: extract_emails(emails_text or ""),
        "emails",
        _("No email addresses were found in the list."),
        by_address=True,
    )


def resolve(name: str, *, emails_text: str = "", argument: object = None) -> Audience:
    """The audience called `name` (the API has checked it is one of `names()`); `argument` is
    the value of an audience that takes one (`argument_field`)."""
    if name == CUSTOM:
        return custom(emails_text)
    parametrised = _parametrised.get(name)
    if parametrised is not None:
        recipients = parametrised.make(argument)
        return Audience(name, recipients, parametrised.field, parametrised.empty_message, by_address=True)
    try:
        return _registered[name]
    except KeyError:
        raise LookupError(f"No audience '{name}' is registered.") from None


def register_people(lookup: Callable[[list[str]], dict[str, dict]]) -> None:
    """Name the people behind addresses: `lookup(emails)` answers `{email: {"first_name",
    "last_name"}}` for the addresses it knows (lower-cased, as deliveries keep them)."""
    if lookup not in _people:
        _people.append(lookup)


def people(emails) -> dict[str, dict]:
    """Every address of `emails` with its person's placeholders: `email`, and `first_name` and
    `last_name` from the registered lookup (blank for an address nobody knows)."""
    emails = list(dict.fromkeys(emails))
    known: dict[str, dict] = {}
    for start in range(0, len(emails), PEOPLE_CHUNK):
        chunk = emails[start : start + PEOPLE_CHUNK]
        for lookup in _people:
            for email, values in lookup(chunk).items():
                known.setdefault(email, values)
    return {
        email: {
            "first_name": known.get(email, {}).get("first_name", ""),
            "last_name": known.get(email, {}).get("last_name", ""),
            "email": email,
        }
        for email in emails
    }
