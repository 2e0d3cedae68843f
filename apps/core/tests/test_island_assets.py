"""An island's page links its script and preloads its stylesheets (apps/core/templatetags/
islands.py): nothing of the island's holds up the page's first paint, which the frame's one
stylesheet styles, and the island applies its sheets itself (frontend/src/lib/mount.tsx).

Read from the real build's manifest, for the dashboard (four sheets, its own and three shared)
and for every other island page through the same tag.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from django.conf import settings
from django.template import Context, Template, TemplateSyntaxError

from apps.core.templatetags.islands import _stylesheets
from apps.core.tests.factories import ApplicationFactory
from conftest import PortalClient

pytestmark = pytest.mark.django_db

MANIFEST = json.loads(Path(settings.DJANGO_VITE["default"]["manifest_path"]).read_text())
LINK = re.compile(r"<link\b[^>]*>")


def head_of(html: str) -> str:
    return html.split("</head>", 1)[0]


def stylesheet_links(head: str) -> list[str]:
    return [tag for tag in LINK.findall(head) if 'rel="stylesheet"' in tag]


def test_the_dashboard_preloads_its_islands_sheets_in_vites_order_and_blocks_on_the_frames_alone():
    application = ApplicationFactory()
    client = PortalClient()
    client.force_login(application.user)
    head = head_of(client.get("/dashboard").content.decode())

    # The one stylesheet that holds up the first paint is the frame's, as on a page without an island.
    assert [re.search(r'href="([^"]+)"', t)[1] for t in stylesheet_links(head)] == ["/static/css/portal.css"]
    preloaded = re.findall(r'<link rel="preload" as="style" href="/static/([^"]+)" data-island-style>', head)
    entry = MANIFEST["src/pages/dashboard.tsx"]
    # Every sheet the build gave the page, the shared chunks' before its own, each once.
    assert set(preloaded) == {
        css for name in [*entry["imports"], "src/pages/dashboard.tsx"] for css in MANIFEST[name].get("css", ())
    }
    assert len(preloaded) == len(set(preloaded)) >= 2
    assert preloaded[-len(entry["css"]) :] == entry["css"]
    # The script and its imports, as django-vite writes them.
    assert f'<script type="module" crossorigin src="/static/{entry["file"]}"></script>' in head
    for imported in entry["imports"]:
        assert f'<link rel="modulepreload" crossorigin href="/static/{MANIFEST[imported]["file"]}">' in head


def test_the_cascade_order_is_vites_imports_first_each_sheet_once():
    manifest = {
        "src/pages/a.tsx": {"file": "a.js", "imports": ["_shared.js", "_other.js"], "css": ["a.css"]},
        "_shared.js": {"file": "shared.js", "imports": ["_base.js"], "css": ["shared.css"]},
        "_other.js": {"file": "other.js", "imports": ["_base.js"], "css": ["other.css", "shared.css"]},
        "_base.js": {"file": "base.js", "css": ["base.css"]},
    }
    assert _stylesheets(manifest, "src/pages/a.tsx", set(), []) == ["base.css", "shared.css", "other.css", "a.css"]


@pytest.mark.parametrize("page", ["login", "register", "apply", "admin", "checkin"])
def test_every_island_page_preloads_its_sheets_and_blocks_on_none(page):
    html = Template("{% load islands %}{% island_assets page %}").render(Context({"page": page}))
    assert "<link" in html and not stylesheet_links(html), html
    entry = f"src/pages/{page}.tsx"
    preloaded = re.findall(r'<link rel="preload" as="style" href="/static/([^"]+)" data-island-style>', html)
    assert preloaded == _stylesheets(MANIFEST, entry, set(), [])
    if MANIFEST[entry].get("css"):  # a page with sheets of its own (apply, admin, checkin) preloads them
        assert preloaded, html
    assert f'src="/static/{MANIFEST[entry]["file"]}"' in html


def test_an_island_missing_from_the_build_says_so():
    with pytest.raises(TemplateSyntaxError, match="no-such-page.tsx is not in .*make build"):
        Template("{% load islands %}{% island_assets 'no-such-page' %}").render(Context())


def test_with_vites_dev_server_the_page_loads_its_script_from_it(settings):
    settings.DJANGO_VITE = {"default": {**settings.DJANGO_VITE["default"], "dev_mode": True}}
    from django_vite.core.asset_loader import DjangoViteAssetLoader

    DjangoViteAssetLoader._instance = None  # it reads its settings once
    try:
        html = Template("{% load islands %}{% island_assets 'login' %}").render(Context())
    finally:
        DjangoViteAssetLoader._instance = None
    assert 'type="module"' in html and "src/pages/login.tsx" in html
    assert "data-island-style" not in html


def test_a_static_url_prefix_for_django_vite_is_refused_not_ignored(settings):
    settings.DJANGO_VITE = {"default": {**settings.DJANGO_VITE["default"], "static_url_prefix": "bundles"}}
    with pytest.raises(TemplateSyntaxError, match="static_url_prefix"):
        Template("{% load islands %}{% island_assets 'login' %}").render(Context())
