"""The reviewer's page as a reviewer uses it: the score form beside the application on a wide
screen (in view while reading), the 1–10 scale on one row on a phone, Next asking before it
drops a picked score, Skip moving on, and the list saying reviews are closed after release."""

from __future__ import annotations

import re

from apps.accounts.models import Role
from apps.applications.tests.organizer_data import make_application
from apps.core.tests.factories import UserFactory
from apps.cycles.models import CycleStatus
from apps.cycles.selectors import current_cycle
from apps.cycles.services import cycle_set_status
from apps.reviews import services
from e2e.conftest import PASSWORD, expect, shot, sign_in
from e2e.test_review_scoring import no_serious_violations, no_sideways_scroll

LONG = "I want to build things that help my neighbours. " * 60


def two_assigned():
    reviewer = UserFactory(email="rev1@princeton.edu", role=Role.REVIEWER)
    for email, first in (("ada@yale.edu", "Ada"), ("alan@mit.edu", "Alan")):
        application = make_application(email, first=first, answers={"why_attend": LONG, "what_to_learn": LONG})
        services.assign(reviewer=reviewer, application_id=application.pk)
    return reviewer


def scale(page, criterion: str):
    return page.get_by_role("group", name=re.compile(rf"^{criterion} \("))


def test_desktop_score_form_stays_beside_the_application_and_next_asks(new_page, transactional_db):
    reviewer = two_assigned()
    page = new_page()
    page.set_viewport_size({"width": 1440, "height": 900})
    sign_in(page, reviewer.email, PASSWORD, expect_path="/admin/reviewapps")
    page.goto("/admin/reviewapps/0")
    form = page.get_by_role("form", name="Score this application")
    answers = page.get_by_role("heading", name="Application details")
    expect(form).to_be_visible()
    # Beside the answers, not under them, and inside the first screen.
    form_box, answers_box = form.bounding_box(), answers.bounding_box()
    assert form_box["x"] > answers_box["x"] + answers_box["width"], (form_box, answers_box)
    assert form_box["y"] < 900, form_box
    # Still in view after scrolling far down the long answers.
    page.mouse.wheel(0, 1800)
    # The wheel scrolls after this returns: wait for the page to be far down (a timeout fails).
    page.wait_for_function("() => window.scrollY > 1000")
    top = page.get_by_role("button", name="Save review").evaluate("el => el.getBoundingClientRect().top")
    assert 0 <= top < 900, top
    no_sideways_scroll(page)
    no_serious_violations(page)
    shot(page, "reviewer-page-desktop", full_page=False)

    # A picked score is not dropped without asking.
    scale(page, "Technical").get_by_role("radio", name="7", exact=True).check()
    page.get_by_role("navigation", name="Review navigation", exact=True).get_by_role("link", name="Next").click()
    dialog = page.get_by_role("alertdialog", name="Leave without saving your review?")
    expect(dialog).to_be_visible()
    dialog.get_by_role("button", name="Stay and save").click()
    expect(page).to_have_url(re.compile(r"/admin/reviewapps/0$"))
    expect(scale(page, "Technical").get_by_role("radio", name="7", exact=True)).to_be_checked()

    # Skip passes the application on and opens the next one.
    page.get_by_role("button", name="Skip", exact=True).click()
    page.get_by_role("button", name="Skip and pass it on").click()
    expect(page).to_have_url(re.compile(r"/admin/reviewapps/1$"))
    expect(page.get_by_role("heading", name="Review 2")).to_be_visible()
    # The page says what became of the one skipped.
    expect(page.get_by_text(re.compile(r"^Skipped\. "))).to_be_visible()
    assert page.js_errors == []


def test_phone_scale_fits_one_row(new_page, transactional_db):
    reviewer = two_assigned()
    page = new_page(phone=True)
    sign_in(page, reviewer.email, PASSWORD, expect_path="/admin/reviewapps")
    page.goto("/admin/reviewapps/0")
    technical = scale(page, "Technical")
    first = technical.get_by_role("radio", name="1", exact=True).locator("xpath=..").bounding_box()
    last = technical.get_by_role("radio", name="10", exact=True).locator("xpath=..").bounding_box()
    assert abs(first["y"] - last["y"]) < 1, (first, last)
    assert last["x"] + last["width"] <= 390
    # Still a comfortable target for a thumb.
    assert last["width"] >= 24 and last["height"] >= 40
    no_sideways_scroll(page)
    no_serious_violations(page)
    technical.scroll_into_view_if_needed()
    shot(page, "reviewer-page-phone", full_page=False)


def test_after_release_the_list_says_reviews_are_closed(new_page, transactional_db):
    reviewer = two_assigned()
    cycle_set_status(cycle=current_cycle(), status=CycleStatus.RELEASED)
    page = new_page()
    sign_in(page, reviewer.email, PASSWORD, expect_path="/admin/reviewapps")
    expect(page.get_by_text(re.compile(r"^Reviews are closed: decisions were released"))).to_be_visible()
    no_serious_violations(page)
    page.goto("/admin/reviewapps/0")
    expect(page.get_by_text(re.compile(r"^Reviews are closed"))).to_be_visible()
    expect(page.get_by_role("button", name="Save review")).to_have_count(0)
