"""The applicant's rough edges, walked in the browser at desktop (1440×900) and phone (390×844):
a click anywhere on a consent row but its link ticks the box; the team step's three choices
(applying alone is one) and the code kept through No → Yes."""

from __future__ import annotations

import re

import pytest

from apps.applications.models import Application
from apps.cycles.models import CycleStatus
from apps.cycles.selectors import current_cycle, question_set
from apps.cycles.services import cycle_set_status, question_set_ensure
from e2e.conftest import expect, sign_in

SIZES = {"desktop": {"width": 1440, "height": 900}, "phone": None}


def open_cycle():
    cycle = current_cycle()
    question_set_ensure(cycle)
    cycle_set_status(cycle=cycle, status=CycleStatus.OPEN)
    return question_set(cycle)


def apply_page(new_page, make_student, size: str):
    open_cycle()
    page = new_page(phone=size == "phone")
    if SIZES[size]:
        page.set_viewport_size(SIZES[size])
    sign_in(page, make_student(), next="/apply")
    expect(page.get_by_role("heading", name="Apply", exact=True)).to_be_visible()
    return page


@pytest.mark.parametrize("size", list(SIZES))
def test_a_click_anywhere_on_a_consent_row_but_its_link_ticks_the_box(new_page, make_student, size):
    page = apply_page(new_page, make_student, size)
    conduct = page.get_by_role("group", name="Code of conduct")
    rows = conduct.locator(".check-card")
    expect(rows).to_have_count(3)
    for index in range(3):
        row = rows.nth(index)
        box = row.get_by_role("checkbox")
        expect(box).not_to_be_checked()
        # The row's right end, past the text, and its padding: both are the row.
        bounds = row.bounding_box()
        press = row.tap if size == "phone" else row.click
        press(position={"x": bounds["width"] - 6, "y": bounds["height"] / 2})
        expect(box).to_be_checked()
        press(position={"x": bounds["width"] / 2, "y": 4})
        expect(box).not_to_be_checked()
    # The link opens its page and leaves the box as it was.
    first = rows.first
    link = first.get_by_role("link")
    with page.context.expect_page() as opened:
        link.click()
    opened.value.close()
    expect(first.get_by_role("checkbox")).not_to_be_checked()
    assert page.js_errors == []


@pytest.mark.parametrize("size", list(SIZES))
def test_the_team_step_offers_applying_alone_and_keeps_the_code_through_no_and_yes(new_page, make_student, size):
    page = apply_page(new_page, make_student, size)
    team = page.get_by_role("group", name="Are you starting a new team?")
    team.get_by_role("radio", name="Yes").check()
    code = team.locator(".apply-team__value")
    expect(code).to_have_text(re.compile(r"^\d{6,8}$"))
    made = code.inner_text()
    team.get_by_role("radio", name="No").check()
    expect(team.get_by_label("Your teammate's team code")).to_be_visible()
    team.get_by_role("radio", name="Yes").check()
    expect(code).to_have_text(made)
    team.get_by_role("radio", name="I'm applying alone").check()
    expect(team.locator(".apply-team__value")).to_have_count(0)
    expect(team.get_by_label("Your teammate's team code")).to_have_count(0)
    page.get_by_role("button", name="Save for later").click()
    expect(page.get_by_text("Draft saved")).to_be_visible()
    stored = Application.objects.get(email="ada@princeton.edu")
    assert (stored.team_choice, stored.teamcode) == ("alone", None)
    assert page.evaluate("document.documentElement.scrollWidth") <= page.viewport_size["width"]
    assert page.js_errors == []
