"""The question builder's required switch, help text and live preview: an organizer makes a
question optional with a line of help, watches the section's preview (the application form's own
fields) follow each keystroke, confirms, and the applicant's form shows both."""

from __future__ import annotations

import re

from apps.applications.tests.organizer_data import small_question_set
from apps.cycles.models import CycleStatus, Question
from apps.cycles.selectors import current_cycle
from apps.cycles.services import cycle_set_status
from e2e.conftest import expect, shot, sign_in
from e2e.test_review_scoring import no_serious_violations, no_sideways_scroll

HELP = "Undeclared is fine: tell us what you study most."


def question_editor(page, text: str):
    """The builder's list item of the question whose text box holds `text`."""
    return page.locator("li.builder-question").filter(has=page.locator(f'input[value="{text}"]'))


def test_optional_question_with_help_text_previewed_saved_and_shown_to_applicants(new_page, make_admin, make_student):
    small_question_set()
    organizer = make_admin()
    page = new_page()
    page.set_viewport_size({"width": 1440, "height": 900})
    sign_in(page, organizer, next="/admin/createapp")
    preview = page.get_by_role("region", name="Preview: About You as applicants see it")
    expect(preview.get_by_role("textbox", name="Major?", exact=True)).to_be_visible()

    major = question_editor(page, "Major?")
    major.get_by_role("checkbox", name="Required").uncheck()
    major.get_by_label("Help text (optional)").fill(HELP)
    # The preview follows at once, before anything is saved.
    field = preview.get_by_role("textbox", name="Major? (optional)")
    expect(field).to_be_visible()
    expect(field).to_have_accessible_description(re.compile(rf"^{re.escape(HELP)}"))
    field.fill("Mathematics")  # the preview can be tried out
    no_sideways_scroll(page)
    no_serious_violations(page)
    major.scroll_into_view_if_needed()
    shot(page, "builder-preview-desktop", full_page=False)

    page.get_by_role("button", name="Confirm Questions").click()
    expect(page.get_by_text("Questions saved. The application form uses them now.")).to_be_visible()
    stored = Question.objects.get(question_id="major")
    assert (stored.required, stored.help_text) == (False, HELP)
    page.reload()
    expect(question_editor(page, "Major?").get_by_role("checkbox", name="Required")).not_to_be_checked()
    expect(question_editor(page, "Major?").get_by_label("Help text (optional)")).to_have_value(HELP)

    # The applicant's form: the same words, the same marker.
    cycle_set_status(cycle=current_cycle(), status=CycleStatus.OPEN)
    student = make_student()
    phone = new_page(phone=True)
    sign_in(phone, student, next="/apply")
    box = phone.get_by_role("textbox", name="Major? (optional)")
    expect(box).to_be_visible()
    expect(box).to_have_accessible_description(re.compile(rf"^{re.escape(HELP)}"))
    expect(phone.get_by_role("spinbutton", name="Age?", exact=True)).to_be_visible()
    no_sideways_scroll(phone)
    no_serious_violations(phone)
