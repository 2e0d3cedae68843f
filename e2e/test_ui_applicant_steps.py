"""The applicant's rough edges, walked in the browser at desktop (1440×900) and phone (390×844):
a click anywhere on a consent row but its link ticks the box; the team step's three choices, a
wrong join code flagged on leaving the field, and the saved code kept through No → Yes."""

from __future__ import annotations

import pytest

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
    rows = conduct.locator(".apply-check")
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
