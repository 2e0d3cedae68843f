"""An island's assets in its page's head (templates/island.html), its stylesheets out of the
way of the page's first paint.

django-vite's `vite_asset` links an island's stylesheets as ordinary `<link rel="stylesheet">`:
each holds up the page's first paint until it arrives, and the dashboard's four (its own, the
application form's, travel's and the dialog's) came in after the frame's stylesheet, a request
each, with the page's scripts queued among them. What a page shows before its island mounts is
styled by the frame's stylesheet alone (static/css/portal.css: the spinner, and the dashboard's
first paint, templates/dashboard.html), so the island's sheets are preloaded instead (fetched at
once, at the highest priority, blocking nothing), and the island applies them itself before it
mounts (frontend/src/lib/mount.tsx: `islandStyles`), in the order given here, which is Vite's:
nothing shows unstyled, and the first paint waits for one stylesheet, as a page without an
island does.

The script and its imports are what `vite_asset` writes. With Vite's dev server (VITE_DEV_MODE)
there is no manifest: the server's script brings its styles itself, and `vite_asset` writes it.
"""

from __future__ import annotations

import json
from functools import cache
from pathlib import Path

from django import template
from django.conf import settings
from django.templatetags.static import static
from django.utils.html import format_html, format_html_join
from django_vite.templatetags.django_vite import vite_asset

register = template.Library()


@cache
def _manifest(path: str) -> dict:
    # Read once per process, as django-vite reads it: a new build comes with a new deploy.
    return json.loads(Path(path).read_text(encoding="utf-8"))


def _stylesheets(manifest: dict, name: str, seen: set[str], found: list[str]) -> list[str]:
    """The CSS files an entry needs, its imports' first, each once: the order of Vite's own
    links (and so of the cascade)."""
    chunk = manifest[name]
    for imported in chunk.get("imports", ()):
        if imported not in seen:
            seen.add(imported)
            _stylesheets(manifest, imported, seen, found)
    found.extend(css for css in chunk.get("css", ()) if css not in found)
    return found


@register.simple_tag
def island_assets(page: str) -> str:
    """The `<script>` of the island `frontend/src/pages/<page>.tsx`, its imports preloaded, and
    its stylesheets preloaded for it to apply."""
    entry = f"src/pages/{page}.tsx"
    config = settings.DJANGO_VITE["default"]
    if config.get("dev_mode"):
        return vite_asset(entry)
    if config.get("static_url_prefix"):  # django-vite would put the files under it; ours don't
        raise template.TemplateSyntaxError("island_assets doesn't know DJANGO_VITE's static_url_prefix.")
    manifest = _manifest(str(config["manifest_path"]))
    if entry not in manifest:  # a page without its island's file, or a stale build
        raise template.TemplateSyntaxError(f"{entry} is not in {config['manifest_path']}: run `make build`.")
    chunk = manifest[entry]
    return format_html(
        '{}<script type="module" crossorigin src="{}"></script>\n{}',
        format_html_join(
            "",
            '<link rel="preload" as="style" href="{}" data-island-style>\n',
            ((static(css),) for css in _stylesheets(manifest, entry, set(), [])),
        ),
        static(chunk["file"]),
        format_html_join(
            "\n",
            '<link rel="modulepreload" crossorigin href="{}">',
            ((static(manifest[imported]["file"]),) for imported in chunk.get("imports", ())),
        ),
    )
