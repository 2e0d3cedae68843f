"""The Content-Security-Policy in the browser: what it refuses is refused, and the journeys see it.

Every journey fails on a violation (e2e/conftest.py); these show that the listener really
collects them and that the one place the portal needs the nonce (react-select's emotion styles)
gets it.
"""

from __future__ import annotations

import time

from e2e.conftest import expect, network_quiet


def wait_for_violations(context, timeout: float = 5.0) -> list[str]:
    """The violations collected once both reports arrived: the console message and the event."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        console = any(" violates " in line or "Refused to" in line for line in context.csp_violations)
        event = any(" refused " in line for line in context.csp_violations)
        if console and event:
            break
        # A round trip to the page delivers the events still in flight (no fixed pause).
        context.pages[0].evaluate("0")
    return list(context.csp_violations)


def test_an_injected_inline_script_is_refused_and_reported(page):
    """A <script> with inline code added to a portal page doesn't run, and the journey's listener
    collects the violation (both the console message and the securitypolicyviolation event)."""
    page.goto("/login")
    expect(page.get_by_role("heading", name="Welcome to")).to_be_visible()
    page.evaluate(
        """() => {
          const script = document.createElement("script");
          script.textContent = "window.__injected = true";
          document.head.append(script);
        }"""
    )
    assert page.evaluate("window.__injected === undefined")
    violations = wait_for_violations(page.context)
    assert any("script-src" in line and "/login" in line for line in violations), violations
    # Handled here: the listener would otherwise fail this journey, as it fails any other.
    page.context.csp_violations.clear()


def test_a_page_may_not_be_framed_and_loads_nothing_from_elsewhere(page):
    """The header reaches the browser on the islands: framing refused, other origins refused."""
    response = page.goto("/login")
    policy = response.headers["content-security-policy"]
    assert "frame-ancestors 'none'" in policy and "default-src 'self'" in policy
    page.evaluate(
        """() => {
          const image = document.createElement("img");
          image.src = "https://example.org/pixel.png";
          document.body.append(image);
        }"""
    )
    violations = wait_for_violations(page.context)
    assert any("img-src" in line and "example.org" in line for line in violations), violations
    page.context.csp_violations.clear()


def test_django_admin_sign_in_page_loads_under_the_policy(page):
    """/django-admin/ (Django's own templates, its scripts and styles as files) raises no
    violation; the journey's listener would fail it."""
    page.goto("/django-admin/login/")
    expect(page.get_by_label("Email")).to_be_visible()
    network_quiet(page)
