"""A submission forced through with invalid data shows 'Invalid Entry'. Whether the page's own
check catches it or, bypassed, the server answers 400, the form says 'Invalid Entry' (with the
server's reason when it gave one).
Screenshots: e2e/screenshots/ui-invalid-entry-<desktop|phone>.png."""

from __future__ import annotations

import json

import pytest

from e2e.conftest import PASSWORD, expect, mail_link, shot

STUDENT = "Must be a student email assigned by a university"
WEAK = "Password must have at least 8 characters, 1 number, and 1 special character"


@pytest.mark.parametrize("phone", [False, True], ids=["desktop", "phone"])
def test_registering_an_address_only_the_server_can_refuse_says_invalid_entry(new_page, phone):
    page = new_page(phone=phone)
    page.goto("/register")
    page.get_by_label("Email").fill("ada@gmail.com")
    page.get_by_label("Password", exact=True).fill(PASSWORD)
    page.get_by_label("Confirm password").fill(PASSWORD)
    page.get_by_role("button", name="Register").click()
    alert = page.get_by_role("alert")
    expect(alert).to_contain_text("Invalid Entry")
    expect(alert).to_contain_text(STUDENT)
    shot(page, f"ui-invalid-entry-{'phone' if phone else 'desktop'}")
    assert page.js_errors == []


def test_a_forced_login_submit_says_invalid_entry_and_sends_nothing(page):
    page.goto("/login")
    page.get_by_label("Email").fill("not an address")
    requests = []
    page.on("request", lambda r: requests.append(r.url) if "/api/auth/login" in r.url else None)
    # The button is disabled; a forced submit (Enter in a script, a stale page) still arrives.
    page.locator("form").evaluate("form => form.requestSubmit()")
    expect(page.locator(".alert--error")).to_have_text("Invalid Entry")
    assert requests == []


def test_a_new_password_forced_past_the_page_and_refused_by_the_server_says_invalid_entry(page, make_student):
    make_student("ada@princeton.edu")
    page.goto("/reset")
    page.get_by_label("Email").fill("ada@princeton.edu")
    page.get_by_role("button", name="Send reset link").click()
    expect(page.get_by_role("status")).to_be_visible()
    page.goto(mail_link("reset"))

    # The page's check is bypassed: what leaves the browser is a weak password.
    def weaken(route):
        route.continue_(post_data=json.dumps({"password": "weak"}))

    page.route("**/api/auth/reset_password/*", weaken)
    page.get_by_label("New password", exact=True).fill("Fresh-Roast-77")
    page.get_by_label("Confirm new password").fill("Fresh-Roast-77")
    page.get_by_role("button", name="Reset password").click()
    alert = page.get_by_role("alert")
    expect(alert).to_contain_text("Invalid Entry")
    expect(alert).to_contain_text(WEAK)

    # An expired link is another matter: its own message, no 'Invalid Entry'.
    page.unroute("**/api/auth/reset_password/*")
    page.goto("/reset/not-a-real-token")
    expect(page.get_by_role("alert")).to_contain_text("invalid or has expired")
    expect(page.get_by_role("alert")).not_to_contain_text("Invalid Entry")
