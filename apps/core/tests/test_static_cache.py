"""Vite's content-hashed files are served immutable for a year; other static files keep
WhiteNoise's short default (apps.core.static)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from django.conf import settings
from django.http import HttpResponse
from django.test import RequestFactory, override_settings
from whitenoise.middleware import WhiteNoiseMiddleware

from apps.core.static import is_hashed_asset

MANIFEST = Path(settings.BASE_DIR) / "frontend" / "dist" / "manifest.json"


def served(url: str) -> HttpResponse:
    with override_settings(WHITENOISE_USE_FINDERS=True, WHITENOISE_AUTOREFRESH=True, DEBUG=False):
        middleware = WhiteNoiseMiddleware(lambda request: HttpResponse(status=404))
        return middleware(RequestFactory().get(url))


@pytest.mark.skipif(not MANIFEST.exists(), reason="needs the frontend build (make build)")
def test_a_built_script_and_stylesheet_are_immutable_for_a_year():
    entries = json.loads(MANIFEST.read_text()).values()
    files = [e["file"] for e in entries if e.get("isEntry")] + [c for e in entries for c in e.get("css", [])]
    script = next(f for f in files if f.endswith(".js"))
    stylesheet = next(f for f in files if f.endswith(".css"))
    for name in (script, stylesheet):
        response = served(f"/static/{name}")
        assert response.status_code == 200, name
        assert response["Cache-Control"] == "public, max-age=31536000, immutable", name


def test_files_under_fixed_names_keep_a_short_max_age():
    response = served("/static/css/portal.css")
    assert response.status_code == 200
    assert "immutable" not in response["Cache-Control"]


@pytest.mark.parametrize(
    ("url", "hashed"),
    [
        ("/static/assets/admin-WAugTRBE.js", True),
        ("/static/assets/admin-administrators-D__ktQUI.js", True),
        ("/static/assets/admin-administrators-gz3MW5RV.css", True),
        ("/static/css/portal.css", False),
        ("/static/img/logo.svg", False),
        ("/static/assets/readme.txt", False),
        ("/static/manifest.json", False),
    ],
)
def test_what_counts_as_a_hashed_file(url, hashed):
    assert is_hashed_asset("", url) is hashed
