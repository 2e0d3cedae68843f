"""Browser journeys of offers' deadlines and the waitlist that refills itself, on desktop and
phone: a decline that refills from the waitlist, an offer that expires (time driven by a
deadline in the past and the deadline task called as Celery beat would), and an accepted
applicant reminded before the deadline who then confirms."""

from __future__ import annotations

import datetime

import pytest
from django.core import mail
from django.utils import timezone

from apps.applications.models import Application, ApplicationEvent
from apps.applications.models import ApplicationStatus as S
from apps.applications.tests.test_status_machine import make_application
from apps.cycles.models import Cycle
from apps.cycles.models import CycleStatus as C
from apps.cycles.selectors import current_cycle
from apps.decisions import cycle_release, tasks
from apps.reviews.models import AdmissionPlan
from e2e.conftest import expect, shot, sign_in
from e2e.test_accessibility import audit, settle

FAILING = {"serious", "critical"}


def future_cycle(**fields) -> None:
    today = timezone.now().date()
    days = datetime.timedelta
    Cycle.objects.filter(pk=current_cycle().pk).update(
        due=today - days(10),
        start=today + days(30),
        end=today + days(31),
        housing=today + days(20),
        confirmation_first_deadline=today + days(10),
        confirmation_second_deadline=today + days(20),
        waitlist_deadline=today + days(20),
        **fields,
    )


def release() -> None:
    cycle = current_cycle()
    cycle_release.change_status(
        cycle=cycle, status=C.RELEASED, confirm_emails=cycle_release.release_preview(cycle)["total"]
    )


def snap(page, name: str) -> None:
    """A screenshot once the page has settled (its island's stylesheet and data loaded)."""
    settle(page)
    shot(page, name)


def no_serious_violations(page) -> None:
    serious = [v for v in audit(page) if v["impact"] in FAILING]
    assert serious == [], serious


@pytest.mark.parametrize("phone", [False, True], ids=["desktop", "phone"])
def test_a_decline_refills_from_the_waitlist_and_an_offer_expires(new_page, make_student, make_admin, phone):
    future_cycle()
    size = "phone" if phone else "desktop"
    AdmissionPlan.objects.create(cycle=current_cycle(), capacity=2, attendance_rate=1.0)
    ada = make_application(make_student("ada@princeton.edu"), S.ACCEPTED)
    bo = make_application(make_student("bo@princeton.edu"), S.ACCEPTED)
    make_application(make_student("wen@princeton.edu"), S.WAITLISTED)
    make_application(make_student("xi@princeton.edu"), S.WAITLISTED)
    # Wen was waitlisted first: without a ranking, she is next.
    for minutes, email in ((10, "wen@princeton.edu"), (5, "xi@princeton.edu")):
        ApplicationEvent.objects.filter(application__email=email, to_value=S.WAITLISTED).update(
            at=timezone.now() - datetime.timedelta(minutes=minutes)
        )
    release()
    make_admin()

    # The organizer turns the refill on, on the ranking page: nobody is offered yet (no spot free).
    organizer = new_page(phone=phone)
    sign_in(organizer, "grace@princeton.edu", next="/admin/ranking")
    panel = organizer.get_by_role("region", name="Waitlist refill")
    expect(panel.get_by_role("heading", name="Waitlist refill")).to_contain_text("Off")
    expect(panel.get_by_role("row").nth(1)).to_contain_text("wen@princeton.edu")
    # The box shows what the server saved: it ticks once the answer is back.
    switch = panel.get_by_role("checkbox", name="Refill the waitlist automatically")
    switch.click()
    expect(switch).to_be_checked()
    expect(panel.get_by_role("heading", name="Waitlist refill")).to_contain_text("On")
    expect(panel).to_contain_text("2 people hold a place of 2")
    snap(organizer, f"waitlist-refill-panel-{size}")
    no_serious_violations(organizer)

    # Ada declines her place; the spot goes to Wen at once, with her own deadline and an email.
    applicant = new_page(phone=phone)
    sign_in(applicant, ada.email)
    applicant.get_by_role("radio", name="No, unfortunately I can no longer attend.").check()
    applicant.get_by_role("button", name="Submit").click()
    with applicant.expect_navigation():
        applicant.get_by_role("button", name="Yes, decline my place").click()
    expect(applicant.get_by_role("heading", level=1)).to_have_text("We're Sorry You Can't Make It")
    assert Application.objects.get(email="wen@princeton.edu").status == S.WAITLIST_ACCEPTED
    opened = [m for m in mail.outbox if m.to == ["wen@princeton.edu"] and "has opened up" in m.subject]
    assert len(opened) == 1

    wen = new_page(phone=phone)
    sign_in(wen, "wen@princeton.edu")
    expect(wen.get_by_role("heading", level=1)).to_have_text("Congratulations, You Have Been Accepted!")
    expect(wen.get_by_text("A spot has opened up for you!", exact=False)).to_be_visible()
    expect(wen.get_by_role("status").filter(has_text="Please answer by")).to_contain_text("left")
    snap(wen, f"waitlist-offer-countdown-{size}")
    no_serious_violations(wen)

    # Bo never answers: his offer (one day to answer) was made two days ago; the task runs.
    Cycle.objects.filter(pk=current_cycle().pk).update(offer_days=1)
    Application.objects.filter(pk=bo.pk).update(offered_at=timezone.now() - datetime.timedelta(days=2))
    tasks.expire_offers()
    assert Application.objects.get(pk=bo.pk).status == S.EXPIRED
    assert any(m.to == [bo.email] and "expired" in m.subject for m in mail.outbox)
    # His spot went to the next on the waitlist.
    assert Application.objects.get(email="xi@princeton.edu").status == S.WAITLIST_ACCEPTED

    expired = new_page(phone=phone)
    sign_in(expired, bo.email)
    expect(expired.get_by_role("heading", level=1)).to_have_text("Your Offer Has Expired")
    expect(expired.get_by_text("sorry we couldn't keep it longer", exact=False)).to_be_visible()
    expect(expired.get_by_role("radio")).to_have_count(0)
    snap(expired, f"offer-expired-{size}")
    no_serious_violations(expired)

    # The organizer's history of Xi says the waitlist decided.
    organizer.goto("/admin/users/xi@princeton.edu")
    expect(organizer.get_by_text("By the waitlist").first).to_be_visible()


@pytest.mark.parametrize("phone", [False, True], ids=["desktop", "phone"])
def test_an_accepted_applicant_is_reminded_then_confirms(new_page, make_student, phone):
    future_cycle(offer_days=2)
    ada = make_application(make_student("ada@princeton.edu"), S.ACCEPTED)
    release()
    Application.objects.filter(pk=ada.pk).update(offered_at=timezone.now() - datetime.timedelta(hours=1))
    mail.outbox.clear()
    tasks.expire_offers()
    tasks.expire_offers()
    reminders = [m for m in mail.outbox if "Please confirm your spot" in m.subject]
    assert [m.to for m in reminders] == [[ada.email]]
    assert "/dashboard" in reminders[0].body

    page = new_page(phone=phone)
    sign_in(page, ada.email)
    deadline = page.get_by_role("status").filter(has_text="Please answer by")
    expect(deadline).to_contain_text("1 day 22 hours left")
    snap(page, f"offer-reminded-{'phone' if phone else 'desktop'}")
    yes = page.get_by_role("radio", name="Yes, I'm looking forward to it!")
    expect(yes).not_to_be_checked()  # no answer is chosen for the applicant
    yes.check()
    with page.expect_navigation():
        page.get_by_role("button", name="Submit").click()
    expect(page.get_by_role("heading", level=1)).to_have_text("You're All Set!")
    expect(page.get_by_role("status").filter(has_text="Please answer by")).to_have_count(0)
