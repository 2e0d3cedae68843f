"""Browser journeys of the trust work: the pages accept exactly what the server accepts, a
lockout reads as a lockout, and a stranger's wrong passwords don't lock the owner's browser out."""

from __future__ import annotations

from django.core import mail

from apps.accounts.models import WhitelistRule
from e2e.conftest import PASSWORD, expect, mail_link, sign_in

LOCKED = "Too many attempts. Please wait a few minutes and try again."


def wrong_password(page, email: str) -> None:
    page.goto("/login")
    page.get_by_label("Email").fill(email)
    page.get_by_label("Password", exact=True).fill("Not-The-Password-1")
    page.get_by_role("button", name="Login").click()


def test_a_whitelisted_single_address_registers_and_signs_in_from_the_pages(page):
    """The pages don't know single-address exceptions (only organizers see them), so they let the
    address through and the server decides: it registers, verifies and signs in."""
    WhitelistRule.objects.create(kind=WhitelistRule.Kind.EMAIL, value="mentor@partner.org")
    page.goto("/register")
    page.get_by_label("Email").fill("mentor@partner.org")
    page.get_by_label("Password", exact=True).fill(PASSWORD)
    page.get_by_label("Confirm password").fill(PASSWORD)
    expect(page.get_by_text("Must be a student email assigned by a university")).to_have_count(0)
    page.get_by_role("button", name="Register").click()
    expect(page.get_by_role("link", name="Return to Login")).to_be_visible()
    assert [m.to for m in mail.outbox] == [["mentor@partner.org"]]

    page.goto(mail_link("verify"))
    expect(page.get_by_role("heading", name="Account Created!")).to_be_visible()
    sign_in(page, "mentor@partner.org", form=True)
    expect(page.get_by_text("mentor@partner.org")).to_be_visible()
    assert page.js_errors == []


def test_a_non_student_address_is_refused_by_the_server_with_its_message(page):
    page.goto("/register")
    page.get_by_label("Email").fill("someone@gmail.com")
    page.get_by_label("Password", exact=True).fill(PASSWORD)
    page.get_by_label("Confirm password").fill(PASSWORD)
    page.get_by_role("button", name="Register").click()
    # An entry refused past the page's checks reads 'Invalid Entry', with the reason.
    # At the Email field, where the page's own checks show theirs.
    refused = "Invalid Entry: Must be a student email assigned by a university"
    expect(page.locator(".field__error")).to_have_text(refused)
    expect(page.get_by_label("Email")).to_have_attribute("aria-invalid", "true")
    assert mail.outbox == []


def test_a_lockout_says_so_and_the_owners_known_browser_still_gets_in(new_page, make_student):
    """After a stranger's five wrong passwords, the stranger's page says 'Too many attempts' (not
    'Invalid credentials.', which would send the owner off to reset a right password), and the
    owner's browser that signed in before still signs in with the right password."""
    student = make_student()
    owner = new_page()
    sign_in(owner, student, form=True)
    owner.context.clear_cookies(name="sessionid")  # signed out, the device cookie kept

    stranger = new_page()
    for _ in range(5):
        wrong_password(stranger, student.email)
        expect(stranger.get_by_role("alert")).to_have_text("Invalid credentials.")
    wrong_password(stranger, student.email)
    expect(stranger.get_by_role("alert")).to_have_text(LOCKED)
    # The right password from the stranger's (untrusted) browser is refused too, and says why.
    stranger.goto("/login")
    stranger.get_by_label("Email").fill(student.email)
    stranger.get_by_label("Password", exact=True).fill(PASSWORD)
    stranger.get_by_role("button", name="Login").click()
    expect(stranger.get_by_role("alert")).to_have_text(LOCKED)

    sign_in(owner, student, form=True)
    expect(owner.get_by_text(student.email)).to_be_visible()
