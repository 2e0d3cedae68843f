"""Every page's frontend entry is named after its URL, so a URL leads to its file and back.

The rule: the path's segments joined by "-", a parameter segment by its name, "/" as "home"
(`/admin/users/<email>` → `src/pages/admin-users-email.tsx`). The routes are read from the URL
configuration, so a new page is held to the rule the day it is added.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from django.conf import settings
from django.urls import URLPattern, URLResolver, get_resolver

from apps.core.tests.factories import ApplicationFactory
from conftest import PortalClient, make_user

pytestmark = pytest.mark.django_db

PAGES_DIR = Path(settings.BASE_DIR) / "frontend" / "src" / "pages"
PARAMETER = re.compile(r"<(?:\w+:)?(\w+)>")
ISLAND = re.compile(r'<div id="([\w-]+)-root" class="island"')


def entry_name(route: str) -> str:
    segments = [PARAMETER.sub(r"\1", s) for s in route.strip("/").split("/") if s]
    return "-".join(segments) or "home"


def page_routes() -> list[str]:
    routes: list[str] = []

    def walk(patterns, prefix: str) -> None:
        for entry in patterns:
            if isinstance(entry, URLResolver):
                walk(entry.url_patterns, prefix + str(entry.pattern))
            elif isinstance(entry, URLPattern) and isinstance(entry.pattern.regex.pattern, str):
                route = prefix + str(entry.pattern)
                if not route.startswith(("api/", "^", settings.DJANGO_ADMIN_URL)) and "(?P" not in route:
                    routes.append(route)

    walk(get_resolver().url_patterns, "")
    return sorted(set(routes))


@pytest.mark.parametrize(
    ("route", "name"),
    [
        ("", "home"),
        ("admin", "admin"),
        ("admin/users/<str:email>", "admin-users-email"),
        ("admin/reviewapps/<int:index>", "admin-reviewapps-index"),
        ("reset/<str:key>", "reset-key"),
    ],
)
def test_the_naming_rule(route, name):
    assert entry_name(route) == name


def test_every_page_renders_the_entry_named_after_its_url():
    student = make_user("ada@princeton.edu")
    ApplicationFactory(user=student)
    organizer = make_user("grace@princeton.edu", admin=True)
    visitors = [PortalClient(), PortalClient(), PortalClient()]
    visitors[1].force_login(organizer)
    visitors[2].force_login(student)
    samples = {"email": student.email, "index": "0", "key": "some-key"}

    rendered: dict[str, str] = {}
    for route in page_routes():
        url = "/" + PARAMETER.sub(lambda m: samples.get(m.group(1), "x"), route)
        for visitor in visitors:  # signed out, organizer, student: whoever the page admits
            response = visitor.get(url)
            if response.status_code == 200 and (found := ISLAND.search(response.content.decode())):
                rendered[route] = found.group(1)
                break
    assert len(rendered) >= 20, rendered  # the walk reached the pages
    assert {route: entry_name(route) for route in rendered} == rendered
    entries = {p.stem for p in PAGES_DIR.glob("*.tsx") if ".test." not in p.name}
    assert entries == set(rendered.values()), "an entry no page renders, or a page with no entry"
