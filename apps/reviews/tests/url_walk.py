"""The URL configuration as a list of route templates with their parameters, for the tests that
go through every route a reviewer can reach (blind review's identity scan and the email
routes' 403). Walking the configuration means a route added later is covered the day it is."""

from __future__ import annotations

import re
from dataclasses import dataclass

from django.urls import URLPattern, URLResolver, get_resolver

# `<rid:application_id>` and `(?P<reviewer_email>[^/]+)` alike.
_CONVERTER = re.compile(r"<(?:(\w+):)?(\w+)>")
_GROUP = re.compile(r"\(\?P<(\w+)>(?:[^()]|\([^()]*\))*\)")


@dataclass(frozen=True)
class Route:
    template: str  # "api/applications/<str:email>", regex routes with their ^ and $ dropped
    params: tuple[tuple[str, str], ...]  # (converter or "re", name), in order

    @property
    def names(self) -> set[str]:
        return {name for _, name in self.params}

    def fill(self, values: dict[str, str]) -> str:
        """The path with each parameter replaced by `values[name]`."""
        path = _GROUP.sub(lambda m: values[m.group(1)], self.template)
        path = _CONVERTER.sub(lambda m: values[m.group(2)], path)
        return "/" + path


def routes() -> list[Route]:
    found: list[str] = []

    def walk(patterns, prefix: str) -> None:
        for entry in patterns:
            if isinstance(entry, URLResolver):
                walk(entry.url_patterns, prefix + str(entry.pattern))
            elif isinstance(entry, URLPattern):
                found.append(prefix + str(entry.pattern))

    walk(get_resolver().url_patterns, "")
    out = []
    for template in sorted(set(found)):
        # A regex route's anchors go (at the start of its own part only: "[^/]" stays).
        cleaned = re.sub(r"\$$", "", re.sub(r"(^|/)\^", r"\1", template))
        params = tuple(("re", name) for name in _GROUP.findall(cleaned))
        params += tuple((conv or "str", name) for conv, name in _CONVERTER.findall(_GROUP.sub("", cleaned)))
        out.append(Route(cleaned, params))
    return out
