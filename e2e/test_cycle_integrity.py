"""Browser journeys of the event's decisive moments (screenshots of each dialog at desktop and
phone widths: e2e/screenshots/integrity-*.png):

- withdrawing released decisions asks first with the count of decisions that disappear, and is
  refused (with the reason on the page) once someone has confirmed;
- a date out of order is shown at its field and cleared when the field changes;
- a confirmed applicant gives up the spot from the dashboard, behind a dialog that says what
  happens; the ticket is gone;
- the ticket is on the dashboard right after confirming, without a reload, however late the
  mail worker is.
"""

from __future__ import annotations

import datetime

import pytest
from django.core import mail
from django.utils import timezone

from apps.applications import status_machine as sm
from apps.applications.models import Application, ApplicationEvent
from apps.applications.models import ApplicationStatus as S
from apps.applications.tests.test_status_machine import make_application
from apps.checkin import tasks as checkin_tasks
from apps.checkin.models import Ticket
from apps.cycles.models import Cycle
from apps.cycles.models import CycleStatus as C
from apps.cycles.selectors import current_cycle
from apps.decisions import cycle_release
from e2e.conftest import expect, shot, sign_in


def no_horizontal_scroll(page):
    overflow = page.evaluate("document.documentElement.scrollWidth - document.documentElement.clientWidth")
    assert overflow <= 0, f"the page scrolls sideways by {overflow}px"


def event_in_days(days: int) -> None:
    """The event starts `days` from today (UTC) and every date keeps the order."""
    start = timezone.now().date() + datetime.timedelta(days=days)
    Cycle.objects.filter(pk=current_cycle().pk).update(
        start=start,
        end=start + datetime.timedelta(days=1),
        due=start - datetime.timedelta(days=30),
        housing=start - datetime.timedelta(days=12),
        confirmation_first_deadline=start - datetime.timedelta(days=10),
        confirmation_second_deadline=start - datetime.timedelta(days=5),
        waitlist_deadline=start - datetime.timedelta(days=5),
        location="Friend Center, Princeton, NJ",
    )


def release() -> None:
    cycle = current_cycle()
    cycle_release.change_status(
        cycle=cycle, status=C.RELEASED, confirm_emails=cycle_release.release_preview(cycle)["total"]
    )


@pytest.mark.parametrize("phone", [False, True], ids=["desktop", "phone"])
def test_withdrawing_released_decisions_asks_with_the_count_then_is_refused_after_a_confirmation(
    new_page, make_admin, make_student, phone
):
    organizer = make_admin()
    event_in_days(30)
    for email, status in [
        ("a1@princeton.edu", S.ACCEPTED),
        ("a2@princeton.edu", S.ACCEPTED),
        ("r1@princeton.edu", S.REJECTED),
        ("s1@princeton.edu", S.SUBMITTED),
    ]:
        make_application(make_student(email), status)
    release()
    mail.outbox = []

    page = new_page(phone=phone)
    sign_in(page, organizer, next="/admin/config")
    page.get_by_label("Hackathon status").select_option("closed")
    page.get_by_role("button", name="Save Configuration").click()
    dialog = page.get_by_role("alertdialog", name="Withdraw the released decisions?")
    expect(dialog).to_contain_text("takes 3 applicants' decisions off their dashboards")
    expect(dialog.get_by_role("list", name="Decisions hidden per decision").get_by_role("listitem")).to_have_text(
        ["Accepted: 2", "Waitlisted: 0", "Rejected: 1", "Waitlist accepted: 0"]
    )
    keep = dialog.get_by_role("button", name="Keep them released")
    expect(keep).to_be_focused()
    expect(dialog.get_by_role("button", name="Hide 3 decisions")).to_be_in_viewport()
    if phone:
        no_horizontal_scroll(page)
    shot(page, f"integrity-unrelease-dialog-{'phone' if phone else 'desktop'}", full_page=False)
    keep.click()
    expect(dialog).to_be_hidden()
    assert current_cycle().status == C.RELEASED
    # Kept: the field reads as stored again, so the form doesn't look as if the cycle had moved.
    expect(page.get_by_label("Hackathon status")).to_have_value("released")

    page.get_by_label("Hackathon status").select_option("closed")
    page.get_by_role("button", name="Save Configuration").click()
    page.get_by_role("alertdialog").get_by_role("button", name="Hide 3 decisions").click()
    expect(page.get_by_text("Configuration updated successfully")).to_be_visible()
    assert current_cycle().status == C.CLOSED
    hidden = ApplicationEvent.objects.filter(field="decision_visible", to_value="False")
    assert sorted(hidden.values_list("application__email", flat=True)) == [
        "a1@princeton.edu",
        "a2@princeton.edu",
        "r1@princeton.edu",
    ]
    assert mail.outbox == []

    # Released again, and one applicant confirms: now the decisions can't be withdrawn.
    release()
    a1 = Application.objects.get(email="a1@princeton.edu")
    sm.applicant_act(application_id=a1.pk, action=sm.CONFIRM)
    page.reload()
    page.get_by_label("Hackathon status").select_option("closed")
    page.get_by_role("button", name="Save Configuration").click()
    refusal = page.get_by_text("1 applicant has already answered an offer or checked in", exact=False)
    expect(refusal).to_be_visible()
    expect(page.get_by_text("Stays released: applicants have answered their offers.")).to_be_visible()
    # Nothing was saved: the field shows the status as stored, not the refused one.
    expect(page.get_by_label("Hackathon status")).to_have_value("released")
    expect(page.get_by_role("alertdialog")).to_have_count(0)
    refusal.scroll_into_view_if_needed()
    shot(page, f"integrity-unrelease-refused-{'phone' if phone else 'desktop'}", full_page=False)
    assert current_cycle().status == C.RELEASED
    a1.refresh_from_db()
    assert a1.status == S.CONFIRMED
    assert Ticket.objects.filter(application=a1, voided_at__isnull=True).exists()
    assert page.js_errors == []


@pytest.mark.parametrize("phone", [False, True], ids=["desktop", "phone"])
def test_a_date_out_of_order_shows_at_its_field_until_it_changes(new_page, make_admin, phone):
    organizer = make_admin()
    event_in_days(30)
    page = new_page(phone=phone)
    sign_in(page, organizer, next="/admin/config")
    start = page.get_by_label("Event start").input_value()
    end = page.get_by_label("Event end")
    day_before = (datetime.date.fromisoformat(start) - datetime.timedelta(days=1)).isoformat()
    end.fill(day_before)
    page.get_by_role("button", name="Save Configuration").click()
    shown = datetime.date.fromisoformat(start)
    message = page.get_by_text(f"Must be on or after the event's start ({shown:%B} {shown.day}, {shown.year}).")
    expect(message).to_be_visible()
    expect(end).to_have_attribute("aria-invalid", "true")
    expect(page.get_by_text("Error updating configuration")).to_be_visible()
    # The focus is at the field in error and the field is on screen, not left on the Save
    # button a screen below it (on a phone the dates are far above the button).
    expect(end).to_be_focused()
    expect(end).to_be_in_viewport()
    shot(page, f"integrity-date-error-{'phone' if phone else 'desktop'}", full_page=False)
    assert current_cycle().end.isoformat() != day_before

    end.fill(start)
    expect(message).to_have_count(0)
    page.get_by_role("button", name="Save Configuration").click()
    expect(page.get_by_text("Configuration updated successfully")).to_be_visible()
    assert current_cycle().end.isoformat() == start
    assert page.js_errors == []


@pytest.mark.parametrize("phone", [False, True], ids=["desktop", "phone"])
def test_a_confirmed_applicant_gives_up_the_spot_from_the_dashboard(new_page, make_student, phone):
    event_in_days(10)
    ada = make_application(make_student("ada@princeton.edu"), S.ACCEPTED, first="Ada", last="Lovelace")
    release()
    sm.applicant_act(application_id=ada.pk, action=sm.CONFIRM)
    mail.outbox = []

    page = new_page(phone=phone)
    sign_in(page, "ada@princeton.edu")
    expect(page.get_by_role("heading", level=1)).to_have_text("You're All Set!")
    expect(page.get_by_role("img", name="QR code of your ticket")).to_be_visible()
    # Let the confetti finish so the picture shows the dialog.
    expect(page.locator("canvas.confetti")).to_have_count(0, timeout=6000)
    page.get_by_role("button", name="I can't come anymore").click()
    dialog = page.get_by_role("alertdialog", name="Give up your spot?")
    expect(dialog).to_contain_text("offered to someone else")
    expect(dialog).to_contain_text("ticket stops working at the door right away")
    expect(dialog).to_contain_text("We will email you to confirm")
    expect(dialog.get_by_role("button", name="Keep my spot")).to_be_focused()
    if phone:
        no_horizontal_scroll(page)
    shot(page, f"integrity-give-up-dialog-{'phone' if phone else 'desktop'}", full_page=False)
    dialog.get_by_role("button", name="Keep my spot").click()
    expect(dialog).to_be_hidden()
    assert Application.objects.get(pk=ada.pk).status == S.CONFIRMED

    page.get_by_role("button", name="I can't come anymore").click()
    with page.expect_navigation():
        page.get_by_role("alertdialog").get_by_role("button", name="Yes, give up my spot").click()
    expect(page.get_by_role("heading", level=1)).to_have_text("We're Sorry You Can't Make It")
    expect(page.get_by_role("region", name="Your ticket")).to_have_count(0)
    assert Application.objects.get(pk=ada.pk).status == S.DECLINED
    assert not Ticket.objects.filter(application=ada, voided_at__isnull=True).exists()
    assert [m.to for m in mail.outbox] == [["ada@princeton.edu"]]
    assert page.js_errors == []


def test_the_ticket_is_on_the_dashboard_right_after_confirming(new_page, make_student, monkeypatch):
    """However late the worker: the task that used to make the ticket never runs here, and the
    QR code is on the page the confirmation leads to, with no reload. (Once run four times over
    to catch a race; the ticket is now made in the confirmation's own transaction, so one run
    says as much as four.)"""
    monkeypatch.setattr(checkin_tasks.issue_ticket, "delay", lambda *args, **kwargs: None)
    event_in_days(10)
    email = "ada@princeton.edu"
    make_application(make_student(email), S.ACCEPTED, first="Ada", last="Lovelace")
    release()
    page = new_page()
    sign_in(page, email)
    page.get_by_role("radio", name="Yes, I'm looking forward to it!").check()
    with page.expect_navigation():
        page.get_by_role("button", name="Submit").click()
    expect(page.get_by_role("heading", level=1)).to_have_text("You're All Set!")
    ticket = page.get_by_role("region", name="Your ticket")
    expect(ticket.get_by_role("img", name="QR code of your ticket")).to_be_visible()
    expect(ticket).not_to_contain_text("You have no ticket yet")
    assert page.js_errors == []
