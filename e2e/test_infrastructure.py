"""The journeys' footing: the live server serves the built Vite assets and the islands mount."""

from __future__ import annotations

from e2e.conftest import expect


def test_login_island_mounts_with_its_built_assets(page):
    """Every script and stylesheet of /login loads (200) and the React island replaces its spinner."""
    failed: list[str] = []
    page.on("response", lambda r: failed.append(f"{r.status} {r.url}") if r.status >= 400 else None)
    page.on("requestfailed", lambda r: failed.append(f"failed {r.url}"))
    page.goto("/login")
    expect(page.get_by_role("heading", name="Welcome to")).to_be_visible()
    assets = page.evaluate(
        "[...document.querySelectorAll('script[src],link[rel=stylesheet],link[rel=modulepreload]')]"
        ".map(e => e.src || e.href)"
    )
    assert any("/static/assets/" in a for a in assets), assets
    assert failed == []
    assert page.js_errors == []
