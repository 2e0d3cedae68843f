"""Browser journeys of the decision safeguards (no silent overwrite, a confirmed release) and
the review page's order (and each changed page at desktop and phone widths,
e2e/screenshots/safety-*.png):

- a batch "Accepted" leaves a confirmed attendee alone unless Override is ticked, and the forms
  say so before anything is sent (the batch page, the applicant's page);
- saving the cycle as released shows how many applicants of each decision will be emailed and
  sends nothing until that is confirmed; removing an admin and declining a place ask first,
  in the one ConfirmDialog (focus on Cancel, Tab kept inside, Escape cancels);
- the review page shows the application before the decision, and a saved decision marks the
  review Complete.
"""

from __future__ import annotations

import re

import pytest
from django.core import mail

from apps.accounts.models import Role, User
from apps.applications.models import Application
from apps.applications.models import ApplicationStatus as S
from apps.applications.tests.test_status_machine import make_application
from apps.cycles.models import CycleStatus as C
from apps.cycles.selectors import current_cycle
from apps.cycles.services import cycle_set_status
from apps.reviews.models import Assignment
from apps.reviews.services import assign
from e2e.conftest import expect, shot, sign_in

CONFIRMED_NOTE = "This applicant has confirmed attendance; changing the decision needs Override."


def status_of(email: str) -> str:
    return Application.objects.get(email=email).status


def no_horizontal_scroll(page):
    overflow = page.evaluate("document.documentElement.scrollWidth - document.documentElement.clientWidth")
    assert overflow <= 0, f"the page scrolls sideways by {overflow}px"


def test_a_batch_accept_skips_a_confirmed_attendee_unless_override(new_page, make_admin, make_student):
    """The trap: a batch "Accepted" turned a confirmed attendee back into accepted, silently."""
    organizer = make_admin()
    make_application(make_student("conf@princeton.edu"), S.CONFIRMED)
    make_application(make_student("new@princeton.edu"), S.SUBMITTED)
    cycle_set_status(cycle=current_cycle(), status=C.CLOSED)

    page = new_page()
    sign_in(page, organizer, next="/admin/batch")
    update = page.get_by_role("region", name="Batch Update")
    update.get_by_label("Emails").fill("conf@princeton.edu\nnew@princeton.edu")
    # Said before anything is sent, from a dry run of the same request.
    expect(update.get_by_text("1 of these has already confirmed — tick Override to change it.")).to_be_visible()
    shot(page, "safety-batch-notice-desktop", full_page=False)
    update.get_by_role("button", name="Submit").click()
    skipped = page.get_by_role("list", name="Skipped")
    expect(skipped).to_contain_text("conf@princeton.edu")
    expect(skipped).to_contain_text("already confirmed")
    expect(page.get_by_role("list", name="Accepted")).to_have_text("new@princeton.edu")
    assert (status_of("conf@princeton.edu"), status_of("new@princeton.edu")) == (S.CONFIRMED, S.ACCEPTED)
    shot(page, "safety-batch-skipped-desktop")

    # With Override ticked the batch changes the confirmed attendee too, and says it will.
    update.get_by_role("checkbox", name=re.compile("^Override")).check()
    update.get_by_label("Status").select_option("waitlisted")
    ticked = "Override is ticked: this will also change 1 applicant who has confirmed."
    expect(update.get_by_text(ticked)).to_be_visible()
    update.get_by_role("button", name="Submit").click()
    # Override asks once more, naming what it overwrites; nothing changes before the answer.
    dialog = page.get_by_role("alertdialog", name="Overwrite an applicant's answer?")
    expect(dialog).to_contain_text("This sets 1 applicant to “Waitlisted”, overwriting 1 confirmation of attendance.")
    assert status_of("conf@princeton.edu") == S.CONFIRMED
    dialog.get_by_role("button", name="Override and set 1 applicant to Waitlisted").click()
    expect(page.get_by_role("list", name="Waitlisted").get_by_role("listitem")).to_have_count(2)
    assert status_of("conf@princeton.edu") == S.WAITLISTED
    assert page.js_errors == []


def test_the_table_names_a_skipped_confirmed_applicant_and_overrides_after_confirming(
    new_page, make_admin, make_student
):
    """Rejecting a confirmed applicant from /admin/users said a green "Rejected: 0 of 1 decided."
    and nothing else. Now the result names the applicant and the reason, and Override decides
    them after a second confirmation that says what it overwrites; the history records it."""
    from apps.applications.models import ApplicationEvent
    from e2e.test_accessibility import audit

    organizer = make_admin()
    make_application(make_student("conf@princeton.edu"), S.CONFIRMED)
    cycle_set_status(cycle=current_cycle(), status=C.CLOSED)

    page = new_page()
    sign_in(page, organizer, next="/admin/users")
    page.get_by_role("checkbox", name="Select conf@princeton.edu").check()
    page.get_by_label("Decision").select_option("rejected")
    page.get_by_role("button", name="Decide 1 selected").click()

    summary = (
        "Rejected: 0 of 1 applicant decided. 1 applicant skipped (1 already confirmed). Override decides it anyway."
    )
    expect(page.get_by_text(summary)).to_be_visible()
    skipped = page.get_by_role("list", name="Skipped")
    expect(skipped).to_contain_text("conf@princeton.edu")
    expect(skipped).to_contain_text("already confirmed")
    assert status_of("conf@princeton.edu") == S.CONFIRMED
    assert audit(page) == []
    shot(page, "safety-table-skipped-desktop")

    page.get_by_role("button", name="Override: set the skipped applicant to Rejected").click()
    dialog = page.get_by_role("alertdialog", name="Overwrite an applicant's answer?")
    expect(dialog).to_contain_text("overwriting 1 confirmation of attendance")
    expect(dialog.get_by_role("list", name="Answers to overwrite")).to_contain_text("conf@princeton.edu")
    # Focus starts on Cancel (the safe choice); nothing is overwritten until the confirmation.
    expect(dialog.get_by_role("button", name="Cancel")).to_be_focused()
    assert status_of("conf@princeton.edu") == S.CONFIRMED
    shot(page, "safety-table-override-dialog-desktop", full_page=False)
    dialog.get_by_role("button", name="Override and set 1 applicant to Rejected").click()

    expect(page.get_by_text("Rejected with Override: 1 of 1 applicant decided.")).to_be_visible()
    expect(page.get_by_role("list", name="Rejected")).to_have_text("conf@princeton.edu")
    assert status_of("conf@princeton.edu") == S.REJECTED
    event = ApplicationEvent.objects.filter(application__email="conf@princeton.edu", field="status").first()
    assert (event.from_value, event.to_value, event.actor) == (S.CONFIRMED, S.REJECTED, organizer)
    # The applicant's page shows it in the history.
    page.goto("/admin/users/conf@princeton.edu")
    newest = page.get_by_role("region", name="History").locator("tbody tr").first
    expect(newest.locator('td[data-label="From"]')).to_have_text("Confirmed")
    expect(newest.locator('td[data-label="To"]')).to_have_text("Rejected")
    assert page.js_errors == []


def test_the_batch_notice_on_a_phone(new_page, make_admin, make_student):
    organizer = make_admin()
    make_application(make_student("conf@princeton.edu"), S.CONFIRMED)
    make_application(make_student("decl@princeton.edu"), S.DECLINED)
    make_application(make_student("new@princeton.edu"), S.SUBMITTED)
    page = new_page(phone=True)
    sign_in(page, organizer, next="/admin/batch")
    update = page.get_by_role("region", name="Batch Update")
    update.get_by_label("Emails").fill("conf@princeton.edu decl@princeton.edu new@princeton.edu")
    notice = update.get_by_text("1 of these has already confirmed and 1 has declined — tick Override to change them.")
    expect(notice).to_be_visible()
    notice.scroll_into_view_if_needed()
    no_horizontal_scroll(page)
    shot(page, "safety-batch-notice-phone", full_page=False)
    assert page.js_errors == []


def test_the_applicant_page_needs_override_to_change_a_confirmed_decision(new_page, make_admin, make_student):
    organizer = make_admin()
    make_application(make_student("conf@princeton.edu"), S.CONFIRMED)
    cycle_set_status(cycle=current_cycle(), status=C.CLOSED)

    page = new_page()
    sign_in(page, organizer, next="/admin/users/conf@princeton.edu")
    expect(page.get_by_text(CONFIRMED_NOTE)).to_be_visible()
    shot(page, "safety-user-confirmed-desktop")
    page.get_by_label("Decision", exact=True).select_option("rejected")
    page.get_by_role("button", name="Save Decision").click()
    expect(page.get_by_role("alert")).to_contain_text("Tick Override")
    assert status_of("conf@princeton.edu") == S.CONFIRMED
    page.get_by_role("checkbox", name="Override: change this applicant's decision").check()
    with page.expect_navigation():
        page.get_by_role("button", name="Save Decision").click()
    expect(page.get_by_role("region", name="Ada Lovelace").get_by_text("Rejected")).to_be_visible()
    assert status_of("conf@princeton.edu") == S.REJECTED

    phone = new_page(phone=True)
    make_application(make_student("decl@princeton.edu"), S.DECLINED)
    sign_in(phone, organizer, next="/admin/users/decl@princeton.edu")
    note = phone.get_by_text(re.compile("has declined their offer; changing the decision needs Override"))
    expect(note).to_be_visible()
    no_horizontal_scroll(phone)
    note.scroll_into_view_if_needed()
    shot(phone, "safety-user-declined-phone", full_page=False)

    # Checked in at the door: the server guards it as it guards an answer, so the page offers
    # Override too (it once showed none, and Save could only be refused).
    make_application(make_student("door@princeton.edu"), S.CHECKED_IN)
    page.goto("/admin/users/door@princeton.edu")
    expect(page.get_by_text("This applicant has checked in; changing the decision needs Override.")).to_be_visible()
    page.get_by_label("Decision", exact=True).select_option("rejected")
    page.get_by_role("checkbox", name="Override: change this applicant's decision").check()
    with page.expect_navigation():
        page.get_by_role("button", name="Save Decision").click()
    assert status_of("door@princeton.edu") == S.REJECTED
    assert page.js_errors == [] and phone.js_errors == []


def test_releasing_shows_the_counts_and_emails_only_when_confirmed(new_page, make_admin, make_student):
    """Trap 4: one select and one Save sent 23 emails unseen. Now the Save asks, with the counts."""
    organizer = make_admin()
    for email, status in [
        ("a1@princeton.edu", S.ACCEPTED),
        ("a2@princeton.edu", S.ACCEPTED),
        ("r1@princeton.edu", S.REJECTED),
        ("s1@princeton.edu", S.SUBMITTED),
    ]:
        make_application(make_student(email), status)
    cycle_set_status(cycle=current_cycle(), status=C.CLOSED)
    mail.outbox = []

    page = new_page()
    sign_in(page, organizer, next="/admin/config")
    page.get_by_label("Hackathon status").select_option("released")
    page.get_by_role("button", name="Save Configuration").click()
    dialog = page.get_by_role("alertdialog", name="Release decisions and email applicants?")
    expect(dialog).to_contain_text("emails 3 applicants their decision at once")
    per_decision = dialog.get_by_role("list", name="Emails per decision")
    expect(per_decision.get_by_role("listitem")).to_have_text(
        ["Accepted: 2", "Waitlisted: 0", "Rejected: 1", "Waitlist accepted: 0"]
    )
    # Keyboard: focus starts on the safe choice and Tab stays in the dialog.
    cancel = dialog.get_by_role("button", name="Cancel")
    confirm = dialog.get_by_role("button", name="Release and email 3 applicants")
    expect(cancel).to_be_focused()
    page.keyboard.press("Tab")
    expect(confirm).to_be_focused()
    page.keyboard.press("Tab")
    expect(cancel).to_be_focused()
    page.keyboard.press("Shift+Tab")
    expect(confirm).to_be_focused()
    shot(page, "safety-release-dialog-desktop", full_page=False)

    page.keyboard.press("Escape")
    expect(dialog).to_be_hidden()
    expect(page.get_by_role("button", name="Save Configuration")).to_be_focused()
    assert current_cycle().status == C.CLOSED and mail.outbox == []
    # Cancelled: the field reads as stored again, not as the release that was not saved.
    expect(page.get_by_label("Hackathon status")).to_have_value("closed")

    page.get_by_label("Hackathon status").select_option("released")
    page.get_by_role("button", name="Save Configuration").click()
    page.get_by_role("alertdialog").get_by_role("button", name="Release and email 3 applicants").click()
    expect(page.get_by_text("Configuration updated successfully")).to_be_visible()
    assert current_cycle().status == C.RELEASED
    assert sorted(m.to[0] for m in mail.outbox) == ["a1@princeton.edu", "a2@princeton.edu", "r1@princeton.edu"]

    # Saved again while released, with nothing left to send: no question.
    page.get_by_label("Location").fill("Friend Center")
    page.get_by_role("button", name="Save Configuration").click()
    expect(page.get_by_text("Configuration updated successfully")).to_be_visible()
    assert page.get_by_role("alertdialog").count() == 0 and len(mail.outbox) == 3
    assert page.js_errors == []


def test_the_release_dialog_on_a_phone(new_page, make_admin, make_student):
    organizer = make_admin()
    make_application(make_student("a1@princeton.edu"), S.ACCEPTED)
    make_application(make_student("w1@princeton.edu"), S.WAITLISTED)
    cycle_set_status(cycle=current_cycle(), status=C.CLOSED)
    page = new_page(phone=True)
    sign_in(page, organizer, next="/admin/config")
    page.get_by_label("Hackathon status").select_option("released")
    page.get_by_role("button", name="Save Configuration").click()
    dialog = page.get_by_role("alertdialog")
    expect(dialog.get_by_role("button", name="Release and email 2 applicants")).to_be_in_viewport()
    no_horizontal_scroll(page)
    shot(page, "safety-release-dialog-phone", full_page=False)
    dialog.get_by_role("button", name="Cancel").click()
    assert current_cycle().status == C.CLOSED
    assert page.js_errors == []


@pytest.mark.parametrize("phone", [False, True], ids=["desktop", "phone"])
def test_removing_an_admin_asks_first(new_page, make_admin, phone):
    organizer = make_admin()
    make_admin("alan@princeton.edu")
    page = new_page(phone=phone)
    sign_in(page, organizer, next="/admin/administrators")
    remove = page.get_by_role("button", name="Remove Email alan@princeton.edu")
    remove.click()
    dialog = page.get_by_role("alertdialog", name="Remove this admin?")
    expect(dialog).to_contain_text("alan@princeton.edu will no longer be able to open applications")
    shot(page, f"safety-admin-dialog-{'phone' if phone else 'desktop'}", full_page=False)
    page.keyboard.press("Escape")
    expect(dialog).to_be_hidden()
    expect(remove).to_be_focused()
    assert User.objects.get(email="alan@princeton.edu").role == Role.ADMIN
    remove.click()
    page.get_by_role("alertdialog").get_by_role("button", name="Remove admin").click()
    expect(page.get_by_text("alan@princeton.edu is no longer an admin.")).to_be_visible()
    assert User.objects.get(email="alan@princeton.edu").role == Role.USER
    assert page.js_errors == []


@pytest.mark.parametrize("phone", [False, True], ids=["desktop", "phone"])
def test_declining_a_place_asks_first(new_page, make_student, phone):
    make_application(make_student("ada@princeton.edu"), S.ACCEPTED)
    cycle_set_status(cycle=current_cycle(), status=C.RELEASED)
    page = new_page(phone=phone)
    sign_in(page, "ada@princeton.edu")
    page.get_by_role("radio", name="No, unfortunately I can no longer attend.").check()
    page.get_by_role("button", name="Submit").click()
    dialog = page.get_by_role("alertdialog", name="Give up your place?")
    expect(dialog.get_by_role("button", name="Keep my place")).to_be_focused()
    # Let the confetti finish so the picture shows the dialog.
    expect(page.locator("canvas.confetti")).to_have_count(0, timeout=6000)
    shot(page, f"safety-decline-dialog-{'phone' if phone else 'desktop'}", full_page=False)
    dialog.get_by_role("button", name="Keep my place").click()
    expect(dialog).to_be_hidden()
    assert status_of("ada@princeton.edu") == S.ACCEPTED
    page.get_by_role("button", name="Submit").click()
    with page.expect_navigation():
        page.get_by_role("alertdialog").get_by_role("button", name="Yes, decline my place").click()
    expect(page.get_by_role("heading", level=1)).to_have_text("We're Sorry You Can't Make It")
    assert status_of("ada@princeton.edu") == S.DECLINED
    assert page.js_errors == []


@pytest.mark.parametrize("phone", [False, True], ids=["desktop", "phone"])
def test_the_review_page_shows_the_application_first_and_a_decision_completes_the_review(
    new_page, make_admin, make_student, phone
):
    reviewer = make_admin()
    application = make_application(make_student("ada@princeton.edu"), S.SUBMITTED, first="Ada", last="Lovelace")
    assign(reviewer=reviewer, application_id=application.pk)
    cycle_set_status(cycle=current_cycle(), status=C.CLOSED)

    page = new_page(phone=phone)
    sign_in(page, reviewer, next="/admin/reviewapps/0")
    answers = page.get_by_role("heading", name="Application details")
    decision = page.get_by_role("heading", name="Record a decision")
    expect(answers).to_be_visible()
    assert answers.bounding_box()["y"] < decision.bounding_box()["y"]
    expect(page.get_by_label("Review status")).to_have_value("to_review")
    expect(page.get_by_text("Saving a decision marks this review Complete.")).to_be_visible()
    shot(page, f"safety-review-{'phone' if phone else 'desktop'}")
    if phone:
        no_horizontal_scroll(page)

    page.get_by_label("Accept / Reject Hacker").select_option("accepted")
    with page.expect_navigation():
        page.get_by_role("button", name="Save Decision").click()
    expect(page.get_by_label("Review status")).to_have_value("complete")
    assert Assignment.objects.get(reviewer=reviewer).status == "complete"
    assert status_of("ada@princeton.edu") == S.ACCEPTED
    assert page.js_errors == []
