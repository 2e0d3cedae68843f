"""'Prefer to self-describe' and 'Other': choosing one opens a box for the applicant's own words,
saved with the answer and shown to organizers on the applicant page."""

from __future__ import annotations

import re

from apps.applications.models import Answer
from apps.cycles.models import CycleStatus
from apps.cycles.selectors import current_cycle
from apps.cycles.services import cycle_set_status
from e2e.conftest import expect, sign_in
from e2e.test_review_scoring import no_serious_violations, no_sideways_scroll


def test_self_describe_words_are_saved_and_shown_to_organizers(new_page, make_student, make_admin):
    cycle_set_status(cycle=current_cycle(), status=CycleStatus.OPEN)
    student = make_student()
    page = new_page(phone=True)
    sign_in(page, student, next="/apply")
    page.get_by_label("First name").fill("Ada")
    page.get_by_label("What is your gender?").select_option("Prefer to self-describe")
    words = page.get_by_label(re.compile(r"^Your own words"))
    expect(words).to_be_visible()
    words.fill("Agender")
    no_sideways_scroll(page)
    no_serious_violations(page)
    page.get_by_role("button", name="Save for later").click()
    expect(page.get_by_text("Draft saved")).to_be_visible()
    answer = Answer.objects.get(question_id="gender")
    assert (answer.value, answer.detail) == ("Prefer to self-describe", "Agender")

    page.goto("/apply")
    expect(page.get_by_label(re.compile(r"^Your own words"))).to_have_value("Agender")

    organizer = new_page()
    sign_in(organizer, make_admin(), next=f"/admin/users/{student.email}")
    summary = organizer.get_by_role("region", name="Answers", exact=True)
    expect(summary.get_by_text("Prefer to self-describe — “Agender”")).to_be_visible()
