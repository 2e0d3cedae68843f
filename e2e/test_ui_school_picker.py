"""The /apply school picker puts the school a person means first — well-known schools with a word
starting with the text, names that start with it, then a word starting with it, then the rest —
and short names ("UCLA", "MIT", "CMU") find their school. Screenshots: e2e/screenshots/ui-school-picker-<size>.png."""

from __future__ import annotations

import pytest

from apps.cycles.models import CycleStatus
from apps.cycles.selectors import current_cycle, question_set
from apps.cycles.services import cycle_set_status, question_set_ensure
from e2e.conftest import expect, shot, sign_in


def open_cycle():
    cycle = current_cycle()
    question_set_ensure(cycle)
    cycle_set_status(cycle=cycle, status=CycleStatus.OPEN)
    return question_set(cycle)


def type_school(page, text: str):
    field = page.get_by_label("School", exact=True)
    field.click()
    field.fill("")
    field.press_sequentially(text, delay=15)
    listbox = page.get_by_role("listbox")
    expect(listbox).to_be_visible()
    return field, listbox.get_by_role("option")


@pytest.mark.parametrize("phone", [False, True], ids=["desktop", "phone"])
def test_the_school_a_person_means_comes_first(new_page, make_student, phone):
    open_cycle()
    page = new_page(phone=phone)
    sign_in(page, make_student(), next="/apply")

    # Well-known schools (those a short name names) with a word starting with the text come
    # first, then names starting with it, then the other word starts.
    _field, options = type_school(page, "state")
    expect(options.first).to_have_text("Arizona State University")
    names = options.all_inner_texts()[:8]
    assert {"Michigan State University", "Florida State University"} <= set(names), names
    assert "Karnataka State Law University" not in names
    shot(page, f"ui-school-picker-state-{'phone' if phone else 'desktop'}", full_page=False)

    for typed, school in [
        ("UCLA", "University of California Los Angeles"),
        ("MIT", "Massachusetts Institute of Technology"),
        ("cmu", "Carnegie Mellon University"),
    ]:
        field, options = type_school(page, typed)
        expect(options.first).to_have_text(school)
    shot(page, f"ui-school-picker-alias-{'phone' if phone else 'desktop'}", full_page=False)

    # Enter takes the first suggestion: the alias's school is now the answer.
    page.keyboard.press("Enter")
    expect(field).to_have_value("Carnegie Mellon University")
    expect(page.get_by_role("listbox")).to_have_count(0)
    assert page.evaluate("document.documentElement.scrollWidth") <= page.viewport_size["width"]
    assert page.js_errors == []
