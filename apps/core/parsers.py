"""The API's JSON parser: DRF's, plus a refusal of bodies nested too deeply to be input.

Python's json module parses nested arrays and objects recursively, and DRF's parser only
catches ValueError: a body of ~1000 `[` raised RecursionError, a 500. A body that does parse
but is nested hundreds deep would hand the same trap to the next code that walks it. No body
of this API is nested more than a handful of levels, so anything past MAX_DEPTH is refused
as malformed, like any other unreadable body.
"""

from __future__ import annotations

from django.utils.translation import gettext_lazy as _
from rest_framework import parsers
from rest_framework.exceptions import ParseError

MAX_DEPTH = 64
MALFORMED = _("Malformed request body.")


def nesting_exceeds(data, limit: int = MAX_DEPTH) -> bool:
    """Whether `data` has lists/objects nested more than `limit` deep (checked without recursion)."""
    stack = [(data, 1)]
    while stack:
        value, depth = stack.pop()
        if isinstance(value, dict):
            children = value.values()
        elif isinstance(value, list):
            children = value
        else:
            continue
        if depth > limit:
            return True
        stack.extend((child, depth + 1) for child in children if isinstance(child, dict | list))
    return False


class JSONParser(parsers.JSONParser):
    def parse(self, stream, media_type=None, parser_context=None):
        try:
            data = super().parse(stream, media_type, parser_context)
        except RecursionError as exc:
            raise ParseError(MALFORMED) from exc
        if nesting_exceeds(data):
            raise ParseError(MALFORMED)
        return data
