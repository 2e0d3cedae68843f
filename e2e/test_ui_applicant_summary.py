"""The applicant page (an organizer's view of one application) leads with a read-only summary of
the answers, with Edit beside it: Edit opens the editable form, a save goes back to the summary
with the new answer, at 1440 and 390 px."""

from __future__ import annotations

import pytest

from e2e.conftest import expect, shot, sign_in
from e2e.test_review_scoring import no_serious_violations, no_sideways_scroll
from e2e.test_ui_history_labels import ada


@pytest.mark.parametrize("phone", [False, True], ids=["desktop", "phone"])
def test_summary_first_then_edit_and_back(new_page, make_admin, phone):
    organizer = make_admin()
    ada()
    page = new_page(phone=phone)
    if not phone:
        page.set_viewport_size({"width": 1440, "height": 900})
    sign_in(page, organizer, next="/admin/users/ada@princeton.edu")
    answers = page.get_by_role("region", name="Answers", exact=True)
    expect(answers.get_by_text("Major?", exact=True)).to_be_visible()
    expect(answers.get_by_text("Mathematics", exact=True)).to_be_visible()
    expect(page.get_by_role("form", name="Application")).to_have_count(0)
    no_sideways_scroll(page)
    no_serious_violations(page)
    answers.scroll_into_view_if_needed()
    shot(page, f"applicant-summary-{'phone' if phone else 'desktop'}", full_page=False)

    answers.get_by_role("button", name="Edit", exact=True).click()
    editor = page.get_by_role("form", name="Application")
    editor.get_by_label("Major?").fill("Physics")
    no_serious_violations(page)
    editor.get_by_role("button", name="Save Application").click()
    summary = page.get_by_role("region", name="Answers", exact=True)
    expect(summary.get_by_text("Application saved.")).to_be_visible()
    expect(summary.get_by_text("Physics", exact=True)).to_be_visible()
    expect(page.get_by_role("form", name="Application")).to_have_count(0)
    assert page.js_errors == []
