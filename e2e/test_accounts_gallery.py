"""Screenshots of every accounts page, at desktop and phone widths, each checked for its content.

The PNGs land in e2e/screenshots/accounts-<page>-<desktop|phone>.png.
"""

from __future__ import annotations

import pytest
from django.core import mail

from e2e.conftest import PASSWORD, expect, mail_link, shot, sign_in

# Screenshots first: `make gallery` runs this file, `make test` doesn't.
pytestmark = pytest.mark.gallery


@pytest.fixture(params=["desktop", "phone"])
def width(request):
    return request.param


@pytest.fixture
def any_page(width, new_page):
    return new_page(phone=width == "phone")


def no_horizontal_scroll(page):
    overflow = page.evaluate("document.documentElement.scrollWidth - document.documentElement.clientWidth")
    assert overflow <= 0, f"the page scrolls sideways by {overflow}px"
    badge_clear_of_content(page)


def badge_clear_of_content(page):
    """The trust badge hangs over the page's top padding, never over its content."""
    gap = page.evaluate(
        """() => {
            const badge = document.querySelector('.trust-badge').getBoundingClientRect();
            const content = [...document.querySelectorAll('main > *')]
                .map((e) => e.getBoundingClientRect()).find((r) => r.height > 0);
            return content.top - badge.bottom;
        }"""
    )
    assert gap >= 0, f"the trust badge covers {-gap}px of content"


def test_public_pages(any_page, width, settings):
    page = any_page
    settings.ROOT_URLCONF = "e2e.error_urls"

    page.goto("/")
    expect(page.get_by_role("link", name="Register").first).to_be_visible()
    shot(page, f"accounts-home-{width}")

    page.goto("/login")
    expect(page.get_by_role("heading", name="Welcome to")).to_be_visible()
    expect(page.get_by_role("link", name="Don't have an account?")).to_be_visible()
    expect(page.get_by_role("link", name="Forgot Password?")).to_be_visible()
    no_horizontal_scroll(page)
    shot(page, f"accounts-login-{width}")

    page.goto("/register")
    expect(page.get_by_role("heading", name="Get Started")).to_be_visible()
    page.get_by_label("Email").fill("someone.gmail.com")
    page.get_by_label("Password", exact=True).fill("short")
    page.get_by_label("Confirm password").fill("shor")
    expect(page.get_by_text("Must be a student email assigned by a university")).to_be_visible()
    no_horizontal_scroll(page)
    shot(page, f"accounts-register-errors-{width}")
    page.get_by_label("Email").fill("new.student@princeton.edu")
    page.get_by_label("Password", exact=True).fill(PASSWORD)
    page.get_by_label("Confirm password").fill(PASSWORD)
    shot(page, f"accounts-register-{width}")
    page.get_by_role("button", name="Register").click()
    expect(page.get_by_role("link", name="Return to Login")).to_be_visible()
    shot(page, f"accounts-register-success-{width}")

    page.goto(mail_link("verify"))
    expect(page.get_by_role("heading", name="Account Created!")).to_be_visible()
    shot(page, f"accounts-verify-ok-{width}")

    page.goto("/verify/expired-or-tampered")
    expect(page.get_by_role("heading", name="Invalid URL")).to_be_visible()
    shot(page, f"accounts-verify-invalid-{width}")

    page.goto("/reset")
    page.get_by_label("Email").fill("new.student@princeton.edu")
    page.get_by_role("button", name="Send reset link").click()
    expect(page.locator(".alert--success")).to_be_visible()
    shot(page, f"accounts-reset-{width}")

    page.goto(mail_link("reset"))
    expect(page.get_by_role("heading", name="Choose a New Password")).to_be_visible()
    page.get_by_label("New password", exact=True).fill("weak")
    shot(page, f"accounts-reset-confirm-{width}")

    page.goto("/loading")
    shot(page, f"accounts-loading-{width}", full_page=False)

    page.goto("/no/such/page")
    expect(page.get_by_role("heading", name="Oops! You've reached a 404 Error.")).to_be_visible()
    no_horizontal_scroll(page)
    shot(page, f"accounts-404-{width}")

    response = page.goto("/e2e-boom")
    assert response.status == 500
    expect(page.get_by_role("heading", name="Unexpected Application Error!")).to_be_visible()
    shot(page, f"accounts-500-{width}")
    assert len(mail.outbox) == 2


def test_signed_in_pages(any_page, width, make_admin):
    page = any_page
    admin = make_admin()
    sign_in(page, admin)  # an organizer lands on /admin; the dashboard is a click away
    page.goto("/dashboard")
    expect(page.get_by_role("heading", name="Dashboard")).to_be_visible()
    no_horizontal_scroll(page)
    shot(page, f"accounts-dashboard-{width}")

    page.goto("/admin")
    expect(page.get_by_role("heading", name="Admin Panel")).to_be_visible()
    for title in ["Applications", "Statistics", "Batch Decisions", "Admin Users", "Configuration", "Resume Book"]:
        expect(page.get_by_role("link", name=title, exact=False).first).to_be_visible()
    no_horizontal_scroll(page)
    shot(page, f"accounts-admin-panel-{width}")
