"""The school picker as a newcomer meets it, at desktop (1440×900) and phone (390×844):
"mich" finds the University of Michigan in the first rows; Down then Enter picks the first
suggestion; a name the list lacks offers "College not present" with a box for the school's
name, which is stored; an address whose domain names a school starts with it filled in.
Screenshots (gallery): e2e/screenshots/ui-school-picker-mich-<size>.png."""

from __future__ import annotations

import pytest

from apps.applications.models import Application
from apps.cycles.models import CycleStatus
from apps.cycles.selectors import current_cycle
from apps.cycles.services import cycle_set_status, question_set_ensure
from e2e.conftest import expect, shot, sign_in

SIZES = ["desktop", "phone"]


def apply_page(new_page, make_student, size: str, email: str = "ada@unlisted-college.edu"):
    cycle = current_cycle()
    question_set_ensure(cycle)
    cycle_set_status(cycle=cycle, status=CycleStatus.OPEN)
    page = new_page(phone=size == "phone")
    if size == "desktop":
        page.set_viewport_size({"width": 1440, "height": 900})
    sign_in(page, make_student(email), next="/apply")
    expect(page.get_by_role("heading", name="Apply", exact=True)).to_be_visible()
    return page


def type_school(page, text: str):
    field = page.get_by_label("School", exact=True)
    field.click()
    field.fill("")
    field.press_sequentially(text, delay=15)
    expect(page.get_by_role("listbox")).to_be_visible()
    return field, page.get_by_role("listbox").get_by_role("option")


@pytest.mark.parametrize("size", SIZES)
def test_mich_finds_michigan_and_down_enter_picks_the_first(new_page, make_student, size):
    page = apply_page(new_page, make_student, size, email="ada@princeton.edu")
    field, options = type_school(page, "mich")
    first_two = options.all_inner_texts()[:2]
    assert "University of Michigan" in first_two, options.all_inner_texts()[:8]
    page.keyboard.press("ArrowDown")
    page.keyboard.press("Enter")
    expect(field).to_have_value(first_two[0])
    expect(page.get_by_role("listbox")).to_have_count(0)
    assert page.evaluate("document.documentElement.scrollWidth") <= page.viewport_size["width"]
    assert page.js_errors == []


@pytest.mark.parametrize("size", SIZES)
def test_a_school_not_in_the_list_is_typed_in_and_stored(new_page, make_student, size):
    page = apply_page(new_page, make_student, size, email="ada@princeton.edu")
    field, options = type_school(page, "Hogwarts")
    expect(options).to_have_count(1)
    expect(options.first).to_have_text("College not present: my school isn't listed")
    page.keyboard.press("Enter")
    expect(field).to_have_value("College Not Present")
    name = page.get_by_label("Your school's name")
    name.fill("Hogwarts School of Witchcraft")
    page.get_by_role("button", name="Save for later").click()
    expect(page.get_by_text("Draft saved")).to_be_visible()
    stored = Application.objects.get(email="ada@princeton.edu")
    assert (stored.school, stored.school_other) == ("College Not Present", "Hogwarts School of Witchcraft")
    assert page.js_errors == []


def test_an_address_whose_domain_names_a_school_starts_with_it(new_page, make_student, settings):
    settings.EXTRA_STUDENT_DOMAINS = ["umich.edu"]
    page = apply_page(new_page, make_student, "desktop", email="ada@umich.edu")
    field = page.get_by_label("School", exact=True)
    expect(field).to_have_value("University of Michigan")
    expect(page.get_by_text("Filled in from your email address.")).to_be_visible()


@pytest.mark.gallery
@pytest.mark.parametrize("size", SIZES)
def test_school_picker_gallery(new_page, make_student, size):
    page = apply_page(new_page, make_student, size, email="ada@princeton.edu")
    type_school(page, "mich")
    shot(page, f"ui-school-picker-mich-{size}", full_page=False)
    type_school(page, "Hogwarts")
    shot(page, f"ui-school-picker-not-listed-{size}", full_page=False)
