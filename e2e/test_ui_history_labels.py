"""The applicant page's history names an edited answer by its question's text,
not by the internal key `answer:major`; an answer to a question removed since still reads as
a phrase. Screenshots: e2e/screenshots/ui-history-<desktop|phone>.png."""

from __future__ import annotations

import re

from apps.applications.tests.organizer_data import make_application, small_question_set
from apps.resumes.models import Resume
from e2e.conftest import expect, shot, sign_in


def ada():
    small_question_set()
    answers = {"age": "19", "major": "Mathematics", "needs_travel": "no"}
    application = make_application("ada@princeton.edu", first="Ada", last="Lovelace", answers=answers)
    Resume.objects.create(user=application.user, path="resumes/ada.pdf", size=1000)
    return application


def test_an_organizer_edits_an_answer_and_the_history_names_the_question(new_page, make_admin):
    organizer = make_admin()
    ada()
    page = new_page()
    sign_in(page, organizer, next="/admin/users/ada@princeton.edu")
    # The answers open as a summary; Edit opens the form.
    page.get_by_role("button", name="Edit", exact=True).click()
    editor = page.get_by_role("form", name="Application")
    editor.get_by_label("Major?").fill("Physics")
    editor.get_by_role("button", name="Save Application").click()

    history = page.get_by_role("table", name=re.compile("History"))
    row = history.get_by_role("row").filter(has_text="Physics")
    expect(row).to_contain_text("Major?")
    expect(row).to_contain_text("Mathematics")
    expect(history).not_to_contain_text("answer:")
    shot(page, "ui-history-desktop")

    # The question leaves the set: the row still says which answer it was.
    from apps.cycles.models import Question

    Question.objects.filter(question_id="major").delete()
    page.reload()
    history = page.get_by_role("table", name=re.compile("History"))
    expect(history.get_by_role("row").filter(has_text="Physics")).to_contain_text("Removed question: major")
    assert page.js_errors == []


def test_the_history_reads_well_on_a_phone(new_page, make_admin):
    organizer = make_admin()
    application = ada()
    from apps.applications import organizer as organizer_reads

    change = ("answer:major", "Maths", "Fine Art")
    organizer_reads.record_changes(application=application, actor=organizer, changes=[change])
    page = new_page(phone=True)
    sign_in(page, organizer, next="/admin/users/ada@princeton.edu")
    history = page.get_by_role("table", name=re.compile("History"))
    expect(history.get_by_role("row").filter(has_text="Fine Art")).to_contain_text("Major?")
    history.scroll_into_view_if_needed()
    overflow = page.evaluate("document.documentElement.scrollWidth - document.documentElement.clientWidth")
    assert overflow <= 0, f"the page scrolls sideways by {overflow}px"
    shot(page, "ui-history-phone")
