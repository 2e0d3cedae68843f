"""An island's page links its script and preloads its stylesheets (templates/island.html, with
django-vite's tags): nothing of the island's holds up the page's first paint, which the frame's
one stylesheet styles, and the island applies its sheets itself (frontend/src/lib/mount.tsx).

Read from the real build's manifest, for the dashboard (four sheets, its own and three shared)
and for other island pages.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from django.conf import settings

from apps.core.tests.factories import ApplicationFactory
from conftest import PortalClient

pytestmark = pytest.mark.django_db

MANIFEST = json.loads(Path(settings.DJANGO_VITE["default"]["manifest_path"]).read_text())
LINK = re.compile(r"<link\b[^>]*>")
PRELOADED_SHEET = re.compile(r'<link\s+rel="preload" href="/static/([^"]+)" as="style" />')


def head_of(client: PortalClient, path: str) -> str:
    return client.get(path).content.decode().split("</head>", 1)[0]


def stylesheet_links(head: str) -> list[str]:
    return [re.search(r'href="([^"]+)"', tag)[1] for tag in LINK.findall(head) if 'rel="stylesheet"' in tag]


def sheets_of(name: str) -> set[str]:
    """Every CSS file of a chunk and of what it imports, however deep."""
    chunk = MANIFEST[name]
    return set(chunk.get("css", ())).union(*(sheets_of(imported) for imported in chunk.get("imports", ())))


def test_the_dashboard_preloads_its_islands_sheets_and_blocks_on_the_frames_alone():
    application = ApplicationFactory()
    client = PortalClient()
    client.force_login(application.user)
    head = head_of(client, "/dashboard")

    # The one stylesheet that holds up the first paint is the frame's, as on a page without an island.
    assert stylesheet_links(head) == ["/static/css/portal.css"]
    preloaded = PRELOADED_SHEET.findall(head)
    entry = MANIFEST["src/pages/dashboard.tsx"]
    assert set(preloaded) == sheets_of("src/pages/dashboard.tsx")
    assert len(preloaded) == len(set(preloaded)) >= 2
    assert preloaded[-len(entry["css"]) :] == entry["css"]  # the shared chunks' sheets first
    assert f'<script type="module" crossorigin src="/static/{entry["file"]}"></script>' in head
    for imported in entry["imports"]:
        assert f'href="/static/{MANIFEST[imported]["file"]}"' in head


@pytest.mark.parametrize("path", ["/login", "/register"])
def test_other_island_pages_block_on_the_frames_sheet_alone(path):
    head = head_of(PortalClient(), path)
    assert stylesheet_links(head) == ["/static/css/portal.css"]
    entry = f"src/pages/{path.strip('/')}.tsx"
    assert set(PRELOADED_SHEET.findall(head)) == sheets_of(entry)
    assert f'src="/static/{MANIFEST[entry]["file"]}"' in head
