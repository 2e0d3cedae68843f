"""The demographics charts read on a phone and a desktop. Bars are horizontal
with their labels wrapped in a column (no overlap, nothing clipped) and their counts printed;
neighbouring red shades are told apart; pies print their shares and list every count.
Screenshots: e2e/screenshots/ui-demographics-<desktop|phone>.png."""

from __future__ import annotations

import itertools

import pytest

from apps.applications import status_machine
from apps.applications.models import Answer, Application
from apps.cycles.questions import ETHNICITIES, GENDERS, LEVELS_OF_STUDY, PROGRAMMING_LANGUAGES
from apps.cycles.selectors import current_cycle
from conftest import make_user
from e2e.conftest import element_shot, expect, shot, sign_in


def contrast(a: str, b: str) -> float:
    def luminance(color: str) -> float:
        channels = [int(color[i : i + 2], 16) / 255 for i in (1, 3, 5)]
        r, g, b = [c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4 for c in channels]
        return 0.2126 * r + 0.7152 * g + 0.0722 * b

    hi, lo = sorted([luminance(a), luminance(b)], reverse=True)
    return (hi + 0.05) / (lo + 0.05)


def survey_answers():
    """Twenty-four submitted applications answering the default survey, with every long label."""
    cycle = current_cycle()
    levels = itertools.cycle(LEVELS_OF_STUDY)
    genders = itertools.cycle(GENDERS)
    for i in range(24):
        user = make_user(f"applicant{i:02d}@princeton.edu")
        application = Application.objects.create(
            cycle=cycle,
            user=user,
            email=user.email,
            first=f"A{i}",
            last="Tester",
            school="Princeton University",
            checkboxes=[True, True, False],
        )
        answers = {
            "age": str(17 + i % 9),
            "level_of_study": next(levels),
            "first_hackathon": "yes" if i % 3 else "no",
            "gender": next(genders),
            "ethnicity": ",".join(ETHNICITIES[j % len(ETHNICITIES)] for j in (i, i + 5)),
            "languages": ",".join(PROGRAMMING_LANGUAGES[j % len(PROGRAMMING_LANGUAGES)] for j in (i, i + 1, i + 7)),
            "tshirt_size": ["S", "M", "L", "XL", "M", "L"][i % 6],
        }
        for question_id, value in answers.items():
            Answer.objects.create(application=application, question_id=question_id, value=value)
        status_machine.transition(application_id=application.pk, to="submitted", actor=user)


def bar_tick_boxes(page, question_prefix: str) -> tuple[list[dict], dict]:
    card = page.locator("section.chart-card").filter(has=page.get_by_role("heading", name=question_prefix))
    card.scroll_into_view_if_needed()
    boxes = card.locator(".recharts-yAxis-tick-labels text, .recharts-yAxis .recharts-cartesian-axis-tick text")
    expect(boxes.first).to_be_visible()
    figure = card.locator("figure").bounding_box()
    return [boxes.nth(i).bounding_box() for i in range(boxes.count())], figure


def assert_labels_readable(page, question_prefix: str, count: int):
    ticks, figure = bar_tick_boxes(page, question_prefix)
    assert len(ticks) == count
    for box in ticks:
        assert box["x"] >= figure["x"] - 0.5, f"a label runs off the chart's left edge: {box}"
        assert box["x"] + box["width"] <= figure["x"] + figure["width"] + 0.5
    for upper, lower in itertools.pairwise(sorted(ticks, key=lambda b: b["y"])):
        assert upper["y"] + upper["height"] <= lower["y"] + 0.5, f"two labels overlap: {upper} {lower}"


def assert_pies_labelled_and_distinct(page):
    pies = page.locator(".pie-figure")
    assert pies.count() >= 3
    for i in range(pies.count()):
        pie = pies.nth(i)
        fills = pie.locator(".recharts-pie-sector path").evaluate_all("els => els.map((e) => e.getAttribute('fill'))")
        assert len(fills) >= 2
        for a, b in zip(fills, fills[1:] + fills[:1], strict=True):
            assert contrast(a, b) >= 2, f"neighbouring slices {a} and {b} look alike"
        # Every answer has its count and share in the legend.
        expect(pie.locator(".chart-legend li").first).to_contain_text("%")
        assert pie.locator(".chart-legend li").count() == len(fills)


@pytest.mark.parametrize("phone", [False, True], ids=["desktop", "phone"])
def test_the_demographics_charts_are_readable(new_page, make_admin, phone):
    organizer = make_admin()
    survey_answers()
    page = new_page(phone=phone)
    page.emulate_media(reduced_motion="reduce")  # the charts draw at once
    sign_in(page, organizer, next="/admin/demographics")
    expect(page.get_by_role("heading", name="Demographics", level=1)).to_be_visible()
    expect(page.locator(".recharts-surface").first).to_be_visible()

    # Bars: the 18 ethnicities and the ages, each label in its own row, counts printed.
    assert_labels_readable(page, "Which of these best describe your race", len(ETHNICITIES))
    assert_labels_readable(page, "How old will you be", 9)
    age = page.locator("section.chart-card").filter(has=page.get_by_role("heading", name="How old will you be"))
    expect(age.locator(".recharts-label-list").first).to_contain_text("3")

    # Pies: shares inside the wide slices, every count and share in the legend.
    assert_pies_labelled_and_distinct(page)
    gender = page.locator("section.chart-card").filter(has=page.get_by_role("heading", name="What is your gender?"))
    expect(gender.locator(".chart-legend")).to_contain_text("Prefer to self-describe")
    expect(gender.locator(".chart-legend")).to_contain_text("5 (21%)")
    expect(gender.locator(".pie-figure svg")).to_contain_text("21%")

    overflow = page.evaluate("document.documentElement.scrollWidth - document.documentElement.clientWidth")
    assert overflow <= 0, f"the page scrolls sideways by {overflow}px"
    assert page.js_errors == []
    shot(page, f"ui-demographics-{'phone' if phone else 'desktop'}")
    if phone:  # the two hardest charts, at a size that can be looked at
        for name, heading in (("ethnicity", "Which of these best describe"), ("level", "What is your current level")):
            card = page.locator("section.chart-card").filter(has=page.get_by_role("heading", name=heading))
            element_shot(card, f"ui-demographics-phone-{name}")
