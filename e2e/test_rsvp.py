"""Browser journey of the RSVP form, on desktop and phone: an accepted applicant meets the RSVP
form under "Will you attend?" (its required questions set by the organizer on the builder's RSVP
tab), is stopped at the required questions, answers, confirms, and
edits an answer afterwards; the organizer sees the answers on the applicant's page."""

from __future__ import annotations

import pytest

from apps.applications.models import Application, RsvpAnswers
from apps.applications.models import ApplicationStatus as S
from apps.applications.tests.test_status_machine import make_application
from apps.cycles.questions import default_rsvp_question_set
from apps.cycles.selectors import current_cycle, rsvp_question_set
from e2e.conftest import expect, sign_in
from e2e.test_offers_and_waitlist import future_cycle, no_serious_violations, release, snap


def rsvp_expected() -> list[dict]:
    """The default RSVP set with the phone number and the emergency contact required."""
    sections = default_rsvp_question_set()
    for question in sections[0]["questions"]:
        question["required"] = question["question_id"] in ("rsvp_phone", "rsvp_emergency_contact")
    return sections


@pytest.mark.parametrize("phone", [False, True], ids=["desktop", "phone"])
def test_accepted_answers_the_rsvp_confirms_and_edits(new_page, make_student, make_admin, phone):
    size = "phone" if phone else "desktop"
    future_cycle()
    ada = make_application(make_student("ada@princeton.edu"), S.ACCEPTED)
    release()
    make_admin()

    # The organizer makes the phone number and the emergency contact required, on the builder's
    # RSVP tab (the defaults are all optional).
    organizer = new_page(phone=phone)
    sign_in(organizer, "grace@princeton.edu", next="/admin/createapp")
    organizer.get_by_role("button", name="RSVP (asked at confirmation)").click()
    questions = organizer.locator(".builder-question")
    expect(questions.first.get_by_label("Question text")).to_have_value(
        "A phone number we can reach you at during the event"
    )
    for index in (0, 1):
        required = questions.nth(index).get_by_role("checkbox", name="Required to confirm")
        expect(required).not_to_be_checked()
        required.check()
    no_serious_violations(organizer)
    snap(organizer, f"rsvp-builder-{size}")
    organizer.get_by_role("button", name="Confirm Questions").click()
    expect(organizer.get_by_text("RSVP questions saved. Applicants answer them when they confirm.")).to_be_visible()
    assert rsvp_question_set(current_cycle()) == rsvp_expected()

    page = new_page(phone=phone)
    sign_in(page, ada.email)
    page.get_by_role("radio", name="Yes, I'm looking forward to it!").check()
    expect(page.get_by_role("group", name="Before you confirm: a few questions for the event")).to_be_visible()
    phone_field = page.get_by_role("textbox", name="A phone number we can reach you at during the event")
    expect(phone_field).to_be_visible()
    no_serious_violations(page)
    snap(page, f"rsvp-form-{size}")

    # Nothing answered: stopped at the required questions, nothing sent.
    page.get_by_role("button", name="Submit").click()
    expect(phone_field).to_be_focused()
    expect(page.get_by_text("This question is required.")).to_have_count(2)
    snap(page, f"rsvp-form-errors-{size}")
    assert Application.objects.get(pk=ada.pk).status == S.ACCEPTED

    phone_field.fill("+1 609 555 0100")
    page.get_by_role("textbox", name="Emergency contact (name and phone number)").fill("Grace Hopper, +1 609 555 0199")
    page.get_by_role("checkbox", name="Vegan").check()
    page.get_by_role("combobox", name="Your t-shirt size (unisex)").select_option("M")
    page.get_by_role("textbox", name="Accessibility needs we should prepare for").fill("Step-free access")
    with page.expect_navigation():
        page.get_by_role("button", name="Submit").click()
    expect(page.get_by_role("heading", level=1)).to_have_text("You're All Set!")
    stored = RsvpAnswers.objects.get(application=ada).answers
    assert stored["rsvp_tshirt"] == "M" and stored["rsvp_dietary"] == "Vegan"

    # Edit until the event starts.
    page.get_by_role("link", name="Edit RSVP answers").click()
    tshirt = page.get_by_role("combobox", name="Your t-shirt size (unisex)")
    expect(tshirt).to_have_value("M")
    tshirt.select_option("L")
    no_serious_violations(page)
    snap(page, f"rsvp-edit-{size}")
    page.get_by_role("button", name="Save my answers").click()
    expect(page.get_by_text("Your RSVP answers are saved.")).to_be_visible()
    assert RsvpAnswers.objects.get(application=ada).answers["rsvp_tshirt"] == "L"

    # The organizer reads them on the applicant's page.
    organizer.goto("/admin/users/ada@princeton.edu")
    answers = organizer.get_by_role("region", name="RSVP answers")
    expect(answers).to_contain_text("Step-free access")
    expect(answers).to_contain_text("Vegan")
    no_serious_violations(organizer)
    snap(organizer, f"rsvp-organizer-{size}")
