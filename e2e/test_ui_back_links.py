"""Every organizer page has one way back, drawn one way (BackLink): a small
"← …" link above the page's title, never a button in a corner.
Screenshots: e2e/screenshots/ui-back-link-<page>-<desktop|phone>.png."""

from __future__ import annotations

import pytest

from apps.applications.tests.organizer_data import make_application
from apps.reviews.models import Assignment
from e2e.conftest import expect, shot, sign_in

# path → (the back link's words, where it leads)
PAGES = {
    "/admin/users": ("Admin Panel", "/admin"),
    "/admin/users/ada@princeton.edu": ("Applications", "/admin/users"),
    "/admin/stats": ("Admin Panel", "/admin"),
    "/admin/batch": ("Admin Panel", "/admin"),
    "/admin/administrators": ("Admin Panel", "/admin"),
    "/admin/config": ("Admin Panel", "/admin"),
    "/admin/resumebook": ("Admin Panel", "/admin"),
    "/admin/assignapps": ("Admin Panel", "/admin"),
    "/admin/reviewapps": ("Admin Panel", "/admin"),
    "/admin/reviewapps/0": ("Back to my reviews", "/admin/reviewapps"),
    "/admin/whitelist-emails": ("Admin Panel", "/admin"),
    "/admin/demographics": ("Admin Panel", "/admin"),
    "/admin/createapp": ("Admin Panel", "/admin"),
    "/admin/automated-emails": ("Admin Panel", "/admin"),
}
LOOK = ["font-size", "font-weight", "color", "text-decoration-line", "background-color", "border-top-width"]


def test_every_organizer_page_has_the_same_back_link(new_page, make_admin):
    organizer = make_admin()
    application = make_application("ada@princeton.edu", first="Ada", last="Lovelace")
    Assignment.objects.create(reviewer=organizer, application=application, position=1)
    page = new_page()
    sign_in(page, organizer, next="/admin")
    looks = {}
    for path, (words, target) in PAGES.items():
        page.goto(path)
        back = page.locator("a.back-link")
        # The review page repeats its navigation at the foot of the application.
        expect(back.first).to_be_visible()
        expect(back.first).to_have_text(f"← {words}")
        expect(back.first).to_have_attribute("href", target)
        # No other way back dressed as a button.
        expect(page.get_by_role("link", name="Back to Admin Panel")).to_have_count(0)
        heading = page.get_by_role("heading", level=1).first
        if path != "/admin/reviewapps/0":  # there the link leads the navigation bar above the title
            above = back.first.bounding_box()["y"] < heading.bounding_box()["y"]
            assert above, f"{path}: the link is not above the title"
        looks[path] = back.first.evaluate(
            "(a, names) => names.map((n) => getComputedStyle(a).getPropertyValue(n))", LOOK
        )
    assert len({tuple(look) for look in looks.values()}) == 1, looks
    assert page.js_errors == []


@pytest.mark.parametrize("phone", [False, True], ids=["desktop", "phone"])
@pytest.mark.parametrize("path", ["/admin/stats", "/admin/reviewapps/0"], ids=["stats", "review"])
def test_the_back_link_on_a_report_page_and_the_review_page(new_page, make_admin, path, phone):
    organizer = make_admin()
    application = make_application("ada@princeton.edu", first="Ada", last="Lovelace")
    Assignment.objects.create(reviewer=organizer, application=application, position=1)
    page = new_page(phone=phone)
    sign_in(page, organizer, next=path)
    expect(page.locator("a.back-link").first).to_be_visible()
    if path == "/admin/stats":
        expect(page.locator(".stat-card").first).to_be_visible()
    overflow = page.evaluate("document.documentElement.scrollWidth - document.documentElement.clientWidth")
    assert overflow <= 0, f"the page scrolls sideways by {overflow}px"
    name = "stats" if path == "/admin/stats" else "review"
    shot(page, f"ui-back-link-{name}-{'phone' if phone else 'desktop'}", full_page=False)


@pytest.mark.gallery
@pytest.mark.parametrize("phone", [False, True], ids=["desktop", "phone"])
def test_back_link_gallery(new_page, make_admin, phone):
    """The top of every organizer page, for a look at the back link beside each title."""
    organizer = make_admin()
    application = make_application("ada@princeton.edu", first="Ada", last="Lovelace")
    Assignment.objects.create(reviewer=organizer, application=application, position=1)
    page = new_page(phone=phone)
    sign_in(page, organizer, next="/admin")
    for path in PAGES:
        page.goto(path)
        expect(page.locator("a.back-link").first).to_be_visible()
        name = path.strip("/").replace("/", "-").replace("@", "-at-")
        shot(page, f"ui-back-link-{name}-{'phone' if phone else 'desktop'}", full_page=False)
