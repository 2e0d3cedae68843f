"""The API docs page (/api/docs/, Swagger UI) works for an organizer under a strict
Content-Security-Policy: its scripts are same-origin static files, none inline, no CDN."""

from __future__ import annotations

import re

from e2e.conftest import expect

# The portal's policy for scripts (no inline script without a nonce, nothing off-site).
CSP = "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:"


def test_the_api_docs_page_runs_under_a_script_src_self_policy(page, make_admin, sign_in, live_server):
    """Signed in as an organizer, the docs page lists the API's operations with no CSP
    violation, no script error and no request to another host."""
    sign_in(page, make_admin())

    def with_policy(route):
        response = route.fetch()
        route.fulfill(response=response, headers={**response.headers, "content-security-policy": CSP})

    page.route(re.compile(r".*/api/docs/.*"), with_policy)
    violations: list[str] = []
    page.on("console", lambda m: violations.append(m.text) if "Content Security Policy" in m.text else None)
    off_site: list[str] = []
    page.on("request", lambda r: off_site.append(r.url) if not r.url.startswith(live_server.url) else None)

    page.goto("/api/docs/")
    expect(page.locator(".opblock").first).to_be_visible()
    assert page.locator(".opblock").count() > 50
    expect(page.get_by_text("HackPortal API")).to_be_visible()
    assert violations == []
    assert page.js_errors == []  # type: ignore[attr-defined]
    assert off_site == []


def test_a_student_is_sent_from_the_api_docs_to_the_dashboard(page, make_student, sign_in):
    sign_in(page, make_student())
    page.goto("/api/docs/")
    page.wait_for_url(re.compile(r".*/dashboard$"))
