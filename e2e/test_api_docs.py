"""The API docs page (/api/docs/, Swagger UI) works for an organizer under the portal's own
Content-Security-Policy: its scripts are same-origin static files, none inline, no CDN, and its
one inline <style> carries the page's nonce. "Try it out" works for unsafe methods too."""

from __future__ import annotations

import re

from e2e.conftest import expect


def scroll_until_visible(page, locator, *, steps: int = 80) -> None:
    """Scroll down a screen at a time until `locator` is drawn (Swagger UI virtualises long
    operation lists: what is far below the viewport is not in the page yet)."""
    for _ in range(steps):
        if locator.count() and locator.first.is_visible():
            locator.first.scroll_into_view_if_needed()
            return
        # A scroll made by the page itself happens at once (a wheel event scrolls later, and
        # under load once not within ten seconds); then two frames, in which Swagger UI draws
        # what the scroll brought near.
        page.evaluate("() => window.scrollBy(0, 700)")
        page.evaluate("() => new Promise(done => requestAnimationFrame(() => requestAnimationFrame(done)))")
    expect(locator.first).to_be_visible()


def test_the_api_docs_page_runs_under_the_portals_policy(page, make_admin, sign_in, live_server):
    """Signed in as an organizer, the docs page lists the API's operations with no CSP
    violation (the conftest's watcher fails the journey on any), no script error and no request
    to another host."""
    sign_in(page, make_admin())
    violations: list[str] = []
    page.on("console", lambda m: violations.append(m.text) if "Content Security Policy" in m.text else None)
    off_site: list[str] = []
    page.on("request", lambda r: off_site.append(r.url) if not r.url.startswith(live_server.url) else None)

    page.goto("/api/docs/")
    expect(page.locator(".opblock").first).to_be_visible()
    # Past a hundred-odd operations Swagger UI draws only those near the viewport: the list
    # reaches the last tag's operations once scrolled there.
    expect(page.get_by_text("HackPortal API")).to_be_visible()
    last = page.locator('.opblock-summary-path[data-path^="/api/travel/"]').first
    scroll_until_visible(page, last)
    assert violations == []
    assert page.js_errors == []  # type: ignore[attr-defined]
    assert off_site == []


def test_a_student_is_sent_from_the_api_docs_to_the_dashboard(page, make_student, sign_in):
    sign_in(page, make_student())
    page.goto("/api/docs/")
    page.wait_for_url(re.compile(r".*/dashboard$"))


def test_try_it_out_sends_an_unsafe_call_with_the_csrf_header(page, make_admin, sign_in):
    """'Try it out' → 'Execute' on a POST answers 200, not 'CSRF check failed'."""
    sign_in(page, make_admin())
    page.goto("/api/docs/")
    operation = page.locator(".opblock-post", has=page.locator('[data-path="/api/auth/token/refresh"]'))
    scroll_until_visible(page, operation)
    operation.locator(".opblock-summary").click()
    operation.get_by_role("button", name="Try it out").click()
    operation.get_by_role("button", name="Execute").click()
    status = operation.locator(".live-responses-table tr.response td.response-col_status").first
    expect(status).to_have_text("200")
