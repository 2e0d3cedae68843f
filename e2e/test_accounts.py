"""Browser journeys of the accounts: sign-up, verification, sign-in, sign-out, reset and the guards."""

from __future__ import annotations

import re
from urllib.parse import parse_qs, urlsplit

from django.core import mail

from e2e.conftest import PASSWORD, expect, mail_link, shot, sign_in

NEW_PASSWORD = "Fresh-Roast-77"


def path_of(page) -> str:
    return urlsplit(page.url).path


def test_a_new_student_registers_verifies_signs_in_and_out(page):
    """Register at /register, open the mailed /verify link, sign in, land on /dashboard, log out."""
    page.goto("/register")
    expect(page.get_by_role("heading", name="Get Started")).to_be_visible()
    register = page.get_by_role("button", name="Register")
    expect(register).to_be_disabled()
    page.get_by_label("Email").fill("Lin.Wei@Princeton.edu")
    page.get_by_label("Password", exact=True).fill(PASSWORD)
    expect(register).to_be_disabled()
    page.get_by_label("Confirm password").fill(PASSWORD)
    expect(register).to_be_enabled()
    register.click()

    expect(page.get_by_text("Verification Email Sent. Check Spam folder if email is not visible.")).to_be_visible()
    return_link = page.get_by_role("link", name="Return to Login")
    expect(return_link).to_be_visible()
    assert [m.to for m in mail.outbox] == [["lin.wei@princeton.edu"]]

    page.goto(mail_link("verify"))
    expect(page.get_by_role("heading", name="Account Created!")).to_be_visible()
    expect(page.get_by_text("Please login and apply!")).to_be_visible()

    sign_in(page, "lin.wei@princeton.edu", form=True)
    assert path_of(page) == "/dashboard"
    expect(page.get_by_text("lin.wei@princeton.edu")).to_be_visible()
    nav = page.get_by_role("navigation", name="Main")
    expect(nav.get_by_role("link", name="Dashboard")).to_be_visible()
    expect(nav.get_by_role("link", name="Admin")).to_have_count(0)

    nav.get_by_role("button", name="Logout").click()
    page.wait_for_url(re.compile(r"/login$"))
    expect(page.get_by_role("heading", name="Welcome to")).to_be_visible()
    expect(nav.get_by_role("link", name="Register")).to_be_visible()
    # Signed out for real: the dashboard sends the visitor back to /login.
    page.goto("/dashboard")
    assert path_of(page) == "/login"
    assert page.js_errors == []


def test_wrong_password_shows_invalid_credentials(page, make_student):
    """A wrong password reads 'Invalid credentials.' and stays on /login."""
    make_student()
    page.goto("/login")
    page.get_by_label("Email").fill("ada@princeton.edu")
    page.get_by_label("Password", exact=True).fill("Not-The-Password-1")
    page.get_by_role("button", name="Login").click()
    expect(page.get_by_role("alert")).to_have_text("Invalid credentials.")
    assert path_of(page) == "/login"


def test_admin_page_sends_a_student_to_the_dashboard(page, make_student):
    """A signed-in student who opens /admin lands on /dashboard."""
    sign_in(page, make_student(), form=True)
    page.goto("/admin")
    assert path_of(page) == "/dashboard"
    expect(page.get_by_role("heading", name="Dashboard")).to_be_visible()


def test_admin_page_sends_a_visitor_to_login_and_back_after_signing_in(page, make_admin):
    """A signed-out visitor to /admin lands on /login?next=/admin, and returns to /admin after login."""
    admin = make_admin()
    page.goto("/admin")
    split = urlsplit(page.url)
    assert split.path == "/login"
    assert parse_qs(split.query) == {"next": ["/admin"]}

    page.get_by_label("Email").fill(admin.email)
    page.get_by_label("Password", exact=True).fill(PASSWORD)
    page.get_by_role("button", name="Login").click()
    page.wait_for_url(re.compile(r"/admin$"))
    expect(page.get_by_role("heading", name="Admin Panel")).to_be_visible()
    expect(page.get_by_role("link", name=re.compile("^Applications"))).to_have_attribute("href", "/admin/users")
    expect(page.get_by_role("navigation", name="Main").get_by_role("link", name="Admin")).to_be_visible()


def test_a_student_resets_a_forgotten_password(page, make_student):
    """Request a reset at /reset, open the mailed link, choose a new password, sign in with it."""
    make_student()
    page.goto("/reset")
    send = page.get_by_role("button", name="Send reset link")
    expect(send).to_be_disabled()
    page.get_by_label("Email").fill("ada@princeton.edu")
    send.click()
    expect(page.get_by_role("status").filter(has_text=re.compile(r"\w"))).to_be_visible()
    assert mail.outbox[-1].to == ["ada@princeton.edu"]

    page.goto(mail_link("reset"))
    expect(page.get_by_role("heading", name="Choose a New Password")).to_be_visible()
    page.get_by_label("New password", exact=True).fill(NEW_PASSWORD)
    page.get_by_label("Confirm new password").fill(NEW_PASSWORD)
    page.get_by_role("button", name="Reset password").click()
    expect(page.get_by_role("link", name="Go to Login")).to_be_visible()

    sign_in(page, "ada@princeton.edu", NEW_PASSWORD, form=True)
    assert path_of(page) == "/dashboard"


def test_a_bad_verification_link_shows_invalid_url(page):
    """/verify/<garbage> shows the loader, then 'Invalid URL' with the spec's explanation."""
    page.goto("/verify/not-a-real-token")
    expect(page.get_by_role("heading", name="Invalid URL")).to_be_visible()
    expect(page.get_by_text(re.compile(r"expire roughly 1 hour"))).to_be_visible()
    expect(page.get_by_text(re.compile(r"register again", re.I)).first).to_be_visible()


def test_loading_page_redirects_to_login(page):
    """/loading shows a spinner and moves to /login by itself after 7 seconds (the page's own
    clock is driven, so the journey doesn't sit through them)."""
    page.clock.install()
    page.goto("/loading")
    expect(page.get_by_role("status").first).to_be_attached()
    page.clock.run_for(6_500)
    assert path_of(page) == "/loading"
    page.clock.run_for(1_000)
    page.wait_for_url(re.compile(r"/login$"))


def test_navbar_menu_toggle_opens_the_links_on_a_phone(phone_page):
    """At 390px the links hide behind the menu toggle, which opens and closes them."""
    page = phone_page
    page.goto("/login")
    toggle = page.get_by_role("button", name="Menu")
    register = page.get_by_role("navigation", name="Main").get_by_role("link", name="Register")
    expect(register).to_be_hidden()
    expect(toggle).to_have_attribute("aria-expanded", "false")
    toggle.click()
    expect(toggle).to_have_attribute("aria-expanded", "true")
    expect(register).to_be_visible()
    shot(page, "accounts-navbar-open-phone", full_page=False)
    toggle.click()
    expect(register).to_be_hidden()
    # Keyboard: Enter opens it, Escape closes it and returns the focus to the toggle.
    toggle.focus()
    page.keyboard.press("Enter")
    expect(register).to_be_visible()
    page.keyboard.press("Escape")
    expect(register).to_be_hidden()
    expect(toggle).to_be_focused()


# The sign-in scene's picture (static/img/coffee-shop.svg, 1600 x 1000) and its menu board's
# left and right edges in the picture's units, its frame included.
SCENE = (1600, 1000)
BOARD = (935, 1465)


def board_in_view(page) -> str:
    """'whole', 'none' or 'cut': how much of the menu board the scene shows, from the picture's
    rendered box and object-position (object-fit: cover crops what doesn't fit)."""
    box, position = page.locator(".auth-scene__bg--loaded").evaluate(
        "img => [img.getBoundingClientRect().toJSON(), getComputedStyle(img).objectPosition.split(' ')[0]]"
    )
    scale = max(box["width"] / SCENE[0], box["height"] / SCENE[1])
    spare = SCENE[0] * scale - box["width"]
    offset = spare * float(position.rstrip("%")) / 100 if position.endswith("%") else float(position.rstrip("px"))
    left, right = offset / scale, (offset + box["width"]) / scale
    if right <= BOARD[0] or left >= BOARD[1]:
        return "none"
    return "whole" if left <= BOARD[0] and right >= BOARD[1] else "cut"


def test_the_sign_in_scene_never_cuts_its_menu_board_in_half(new_page):
    """On a phone the picture's sides are cropped: centred, half the board (and its words) showed
    past the card's edge. It shows the board whole where the scene is wide, and none of it where
    it is narrow."""
    page = new_page(phone=True)
    page.goto("/login")
    seen = {}
    # Phones upright and on their side, a tablet both ways, laptops.
    sizes = ((360, 740), (390, 844), (430, 932), (844, 390), (768, 1024), (1024, 768), (1280, 800), (1440, 900))
    for width, height in sizes:
        page.set_viewport_size({"width": width, "height": height})
        seen[(width, height)] = board_in_view(page)
    assert "cut" not in seen.values(), seen
    assert seen[(390, 844)] == "none" and seen[(768, 1024)] == seen[(1280, 800)] == "whole", seen
