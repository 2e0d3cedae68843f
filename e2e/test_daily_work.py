"""Browser journeys of organizers' daily work: a whitelisted outsider registers
and signs in, an organizer lands on /admin, the sign-in, reset and verify pages say what
happened to a link or an account."""

from __future__ import annotations

import re
from urllib.parse import urlsplit

from django.core import mail

from e2e.conftest import PASSWORD, expect, mail_link, shot, sign_in


def path_of(page) -> str:
    return urlsplit(page.url).path


def test_an_organizer_whitelists_an_outside_address_who_then_registers_verifies_and_signs_in(new_page, make_admin):
    """The whitelist page adds judge@gmail.com; that person registers through /register (the
    Register button enables for a non-student address), opens the mailed link and signs in."""
    admin = make_admin()
    organizer = new_page()
    sign_in(organizer, admin, expect_path="/admin")
    organizer.goto("/admin/whitelist-emails")
    organizer.get_by_label("Email address").fill("Judge.Hopper@gmail.com")
    organizer.get_by_role("button", name="Add Email").click()
    expect(organizer.get_by_text("judge.hopper@gmail.com can now register.")).to_be_visible()

    for phone in (False, True):
        page = new_page(phone=phone)
        page.goto("/register")
        page.get_by_label("Email").fill("judge.hopper@gmail.com")
        page.get_by_label("Password", exact=True).fill(PASSWORD)
        page.get_by_label("Confirm password").fill(PASSWORD)
        # Not shaped like a student address, and that is no reason to refuse: the server knows the whitelist.
        expect(page.get_by_text("Must be a student email assigned by a university")).to_have_count(0)
        expect(page.get_by_text(re.compile("checked when you register", re.I))).to_be_visible()
        shot(page, f"daily-register-whitelisted-{'phone' if phone else 'desktop'}")
        page.get_by_role("button", name="Register").click()
        expect(page.get_by_role("link", name="Return to Login")).to_be_visible()
    assert [m.to for m in mail.outbox] == [["judge.hopper@gmail.com"]] * 2

    page.goto(mail_link("verify"))
    expect(page.get_by_role("heading", name="Account Created!")).to_be_visible()
    sign_in(page, "judge.hopper@gmail.com")
    assert path_of(page) == "/dashboard"
    expect(page.get_by_text("judge.hopper@gmail.com")).to_be_visible()
    assert page.js_errors == []


def test_an_address_nobody_whitelisted_gets_the_servers_reason(page):
    """A non-student address that is not whitelisted is refused by the server, in its words."""
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


def test_an_organizer_signing_in_lands_on_the_admin_panel(new_page, make_admin, make_student):
    """With no `next`, an organizer lands on /admin and a student on /dashboard; a signed-in
    organizer who opens /login goes back to /admin."""
    page = new_page()
    sign_in(page, make_admin(), expect_path="/admin")
    expect(page.get_by_role("heading", name="Admin Panel")).to_be_visible()
    expect(page.get_by_text("Start Your Application Now")).to_have_count(0)
    page.goto("/login")
    assert path_of(page) == "/admin"

    student = new_page()
    sign_in(student, make_student(), expect_path="/dashboard")
    assert path_of(student) == "/dashboard"


def test_an_unverified_account_is_told_to_verify_and_gets_a_new_link(new_page, make_student):
    """The right password before verifying: told to verify, with a button that mails a new link
    which then works. A wrong password still reads 'Invalid credentials.'."""
    from apps.core.tests.factories import UserFactory

    UserFactory(email="late@princeton.edu", verified=False)
    for phone in (False, True):
        page = new_page(phone=phone)
        page.goto("/login")
        page.get_by_label("Email").fill("late@princeton.edu")
        page.get_by_label("Password", exact=True).fill("Wrong-pass-1")
        page.get_by_role("button", name="Login").click()
        expect(page.get_by_role("alert")).to_have_text("Invalid credentials.")
        expect(page.get_by_role("button", name="Send a new verification link")).to_have_count(0)

        page.get_by_label("Password", exact=True).fill(PASSWORD)
        page.get_by_role("button", name="Login").click()
        expect(page.get_by_role("alert").first).to_contain_text("Please verify your email address first")
        page.get_by_role("button", name="Send a new verification link").click()
        expect(page.get_by_text("a new link is on its way")).to_be_visible()
        shot(page, f"daily-login-unverified-{'phone' if phone else 'desktop'}")
        assert path_of(page) == "/login"
    assert [m.to for m in mail.outbox] == [["late@princeton.edu"]] * 2

    page.goto(mail_link("verify"))
    expect(page.get_by_role("heading", name="Account Created!")).to_be_visible()
    sign_in(page, "late@princeton.edu")
    assert path_of(page) == "/dashboard"


def test_a_used_or_garbage_reset_link_says_so_on_load(new_page, make_student):
    """A reset link used once, or made up, says at once that it can't be used and links to /reset."""
    make_student()
    page = new_page()
    page.goto("/reset")
    page.get_by_label("Email").fill("ada@princeton.edu")
    page.get_by_role("button", name="Send reset link").click()
    expect(page.get_by_role("status").filter(has_text=re.compile(r"\w"))).to_be_visible()
    link = mail_link("reset")
    page.goto(link)
    page.get_by_label("New password", exact=True).fill("Fresh-Roast-77")
    page.get_by_label("Confirm new password").fill("Fresh-Roast-77")
    page.get_by_role("button", name="Reset password").click()
    expect(page.get_by_role("link", name="Go to Login")).to_be_visible()

    for phone in (False, True):
        for target, name in ((link, "used"), ("/reset/not-a-real-token", "garbage")):
            visitor = new_page(phone=phone)
            visitor.goto(target)
            expect(visitor.get_by_role("heading", name="Reset link expired")).to_be_visible()
            expect(visitor.get_by_label("New password", exact=True)).to_have_count(0)
            if name == "used":
                shot(visitor, f"daily-reset-expired-{'phone' if phone else 'desktop'}")
    visitor.get_by_role("link", name="Request a new link").click()
    visitor.wait_for_url(re.compile(r"/reset$"))
    expect(visitor.get_by_role("heading", name="Reset Password")).to_be_visible()


def test_a_verify_link_opened_twice_says_sign_in_and_a_garbage_one_still_says_invalid(new_page):
    page = new_page()
    page.goto("/register")
    page.get_by_label("Email").fill("twice@princeton.edu")
    page.get_by_label("Password", exact=True).fill(PASSWORD)
    page.get_by_label("Confirm password").fill(PASSWORD)
    page.get_by_role("button", name="Register").click()
    expect(page.get_by_role("link", name="Return to Login")).to_be_visible()
    link = mail_link("verify")
    page.goto(link)
    expect(page.get_by_role("heading", name="Account Created!")).to_be_visible()

    for phone in (False, True):
        again = new_page(phone=phone)
        again.goto(link)
        expect(again.get_by_role("heading", name="Already verified")).to_be_visible()
        expect(again.get_by_text(re.compile("register again", re.I))).to_have_count(0)
        shot(again, f"daily-verify-already-{'phone' if phone else 'desktop'}")
    again.get_by_role("link", name="Go to Login").click()
    again.wait_for_url(re.compile(r"/login$"))

    page.goto("/verify/not-a-real-token")
    expect(page.get_by_role("heading", name="Invalid URL")).to_be_visible()


def test_a_mistyped_teammate_code_is_refused_and_a_draft_reopens_with_the_team_answer_it_had(
    new_page, make_student, tmp_path
):
    """No + 99999999 (nobody's team) is refused on the field, at submit and at save, and starts no
    team; No + a friend's real code is saved, and the draft reopens as No with that code."""
    from apps.applications.models import Application, Team
    from apps.applications.services import team_code_generate
    from e2e.test_apply import fill_everything, open_cycle, tiny_pdf

    sections = open_cycle()
    friend = make_student("friend@princeton.edu")
    friends_code = team_code_generate(user=friend)
    pdf = tmp_path / "resume.pdf"
    pdf.write_bytes(tiny_pdf())

    for phone in (False, True):
        email = f"ada{'-phone' if phone else ''}@princeton.edu"
        page = new_page(phone=phone)
        sign_in(page, make_student(email), next="/apply")
        fill_everything(page, sections, pdf)
        team = page.get_by_role("group", name="Are you starting a new team?")
        team.get_by_role("radio", name="No").check()
        code = page.get_by_label("Your teammate's team code")
        code.fill("99999999")
        for button in ("Submit", "Save for later"):
            page.get_by_role("button", name=button, exact=True).click()
            expect(code).to_have_attribute("aria-invalid", "true")
            expect(page.get_by_text("No team has this code.", exact=False)).to_be_visible()
        shot(page, f"daily-apply-no-such-team-{'phone' if phone else 'desktop'}", full_page=False)
        assert not Team.objects.filter(code="99999999").exists()
        assert not Application.objects.filter(teamcode="99999999").exists()

        code.fill(friends_code)
        page.get_by_role("button", name="Save for later").click()
        expect(page.get_by_text("Draft saved")).to_be_visible()
        page.wait_for_url(re.compile(r"/dashboard$"))

        page.goto("/apply")
        team = page.get_by_role("group", name="Are you starting a new team?")
        expect(team.get_by_role("radio", name="No")).to_be_checked()
        expect(page.get_by_label("Your teammate's team code")).to_have_value(friends_code)
        expect(team.get_by_text("Your team code")).to_have_count(0)
        assert Application.objects.get(email=email).team_choice == "join"
        assert page.js_errors == []


def test_error_pages_have_no_empty_phone_menu_and_the_footer_says_this_year(new_page, settings):
    """The 503 and 500 pages show no menu button on a phone (they have no links to show); the
    footer's year is this year's."""
    from django.utils import timezone

    settings.ROOT_URLCONF = "e2e.error_urls"
    for phone in (False, True):
        page = new_page(phone=phone)
        pages = (("/e2e-unavailable", "We'll be right back."), ("/e2e-boom", "Unexpected Application Error!"))
        for path, heading in pages:
            page.goto(path)
            expect(page.get_by_role("heading", name=heading)).to_be_visible()
            expect(page.get_by_role("button", name="Menu")).to_have_count(0)
            expect(page.get_by_text(f"© {timezone.now().year}")).to_be_visible()
        page.goto("/e2e-unavailable")
        shot(page, f"daily-503-{'phone' if phone else 'desktop'}")
    page.goto("/login")
    expect(page.get_by_role("button", name="Menu")).to_be_visible()


def test_the_django_admin_shows_one_accounts_section_and_the_favicon(page, settings):
    from apps.accounts.models import User

    User.objects.create_superuser(email="root@princeton.edu", password=PASSWORD)
    page.goto(f"/{settings.DJANGO_ADMIN_URL}")
    page.get_by_label("Email").fill("root@princeton.edu")
    page.get_by_label("Password").fill(PASSWORD)
    page.get_by_role("button", name="Log in").click()
    expect(page.get_by_role("link", name="Accounts", exact=True)).to_have_count(1)
    expect(page.get_by_role("link", name="Email deliveries")).to_be_visible()
    icon = page.locator('link[rel="icon"]').get_attribute("href")
    assert page.request.get(icon).headers["content-type"].startswith("image/svg+xml")
    shot(page, "daily-django-admin-desktop")
