"""The whole way from an offer to lunch at the event, from the applicant's side (a phone), with
the organizer and a volunteer at a desktop: accepted → reminded before the offer's deadline →
the RSVP form → confirmed → a travel grant → a receipt → approved → checked in at the door →
Saturday lunch, where the card shows the dietary needs the RSVP form gave.

Each step goes through the door that exists for it (the status machine, the outbox's reminder,
the one answer validation, the private storage of receipts, the check-in and its checkpoint),
and the page's axe audit stays clean on the applicant's phone."""

from __future__ import annotations

import datetime
import re
from decimal import Decimal

from django.core import mail
from django.utils import timezone

from apps.accounts.models import Role
from apps.applications.models import Application, RsvpAnswers
from apps.applications.models import ApplicationStatus as S
from apps.checkin.models import CheckIn, Checkpoint, CheckpointPass
from apps.cycles.selectors import current_cycle
from apps.decisions import tasks
from apps.travel import grants
from apps.travel.models import TravelReceipt
from e2e.conftest import PASSWORD, expect, sign_in
from e2e.test_checkin import applicant, staff
from e2e.test_offers_and_waitlist import future_cycle, no_serious_violations, release, snap
from e2e.test_travel_and_checkpoints import PDF, WIDE


def test_from_an_offer_to_lunch(new_page, tmp_path, settings):
    settings.STORAGES = {
        **settings.STORAGES,
        "resumes": {"BACKEND": "apps.core.storage.PrivateFileSystemStorage", "OPTIONS": {"location": str(tmp_path)}},
    }
    future_cycle(offer_days=2)
    ada = applicant("ada@princeton.edu", S.ACCEPTED, "Ada", "Lovelace", dietary="")
    release()
    grants.set_budget(cycle=current_cycle(), amount=Decimal("1000"), currency="USD", receipts_due=None)
    Checkpoint.objects.create(cycle=current_cycle(), name="Saturday lunch", kind="meal")

    # Accepted an hour ago, with two days to answer: the periodic task sends the 48-hour
    # reminder once, however often it runs.
    Application.objects.filter(pk=ada.pk).update(offered_at=timezone.now() - datetime.timedelta(hours=1))
    mail.outbox.clear()
    tasks.expire_offers()
    tasks.expire_offers()
    reminders = [m for m in mail.outbox if "Please confirm your spot" in m.subject]
    assert [m.to for m in reminders] == [[ada.email]]

    # The applicant, on a phone: the deadline with its countdown, then the RSVP form.
    phone = new_page(phone=True)
    sign_in(phone, ada.email, PASSWORD)
    expect(phone.get_by_role("status").filter(has_text="Please answer by")).to_contain_text("left")
    phone.get_by_role("radio", name="Yes, I'm looking forward to it!").check()
    expect(phone.get_by_role("group", name="Before you confirm: a few questions for the event")).to_be_visible()
    phone.get_by_role("textbox", name="A phone number we can reach you at during the event").fill("+1 609 555 0100")
    phone.get_by_role("checkbox", name="Vegan").check()
    phone.get_by_role("combobox", name="Your t-shirt size (unisex)").select_option("M")
    no_serious_violations(phone)
    with phone.expect_navigation():
        phone.get_by_role("button", name="Submit").click()
    expect(phone.get_by_role("heading", level=1)).to_have_text("You're All Set!")
    ada.refresh_from_db()
    assert ada.status == S.CONFIRMED
    assert RsvpAnswers.objects.get(application=ada).answers["rsvp_dietary"] == "Vegan"

    # Travel support: asked on the dashboard, granted by the organizer.
    card = phone.get_by_role("region", name="Travel support")
    card.get_by_label("Amount you need").fill("320")
    card.get_by_label("Travelling from (city)").fill("Lisbon")
    card.get_by_label("Country").fill("Portugal")
    card.get_by_role("button", name="Ask for travel support").click()
    expect(card).to_contain_text("You asked for 320.00 USD to travel from Lisbon, Portugal.")

    desk = new_page()
    desk.set_viewport_size(WIDE)
    sign_in(desk, staff("grace@princeton.edu", Role.ADMIN), next="/admin/travel")
    desk.get_by_label("Grant for Ada Lovelace (USD)").fill("300")
    desk.get_by_role("button", name="Grant", exact=True).click()
    expect(desk.get_by_text(re.compile(r"Granted\s+300\.00\s+of 1,000\.00 USD"))).to_be_visible()

    # The receipt, uploaded from the phone and approved at the desk.
    phone.reload()
    card = phone.get_by_role("region", name="Travel support")
    expect(card).to_contain_text("You have a travel grant of 300.00 USD.")
    receipt = tmp_path / "train-ticket.pdf"
    receipt.write_bytes(PDF)
    card.get_by_label("Receipt (PDF or image, at most 5 MB)").set_input_files(str(receipt))
    card.get_by_label("Amount on the receipt").fill("182.40")
    card.get_by_role("button", name="Upload receipt").click()
    expect(card.get_by_role("list", name="Your receipts")).to_contain_text("Waiting for review")
    desk.reload()
    receipts = desk.get_by_role("list", name="Receipts of Ada Lovelace")
    receipts.get_by_role("button", name="Approve train-ticket.pdf of Ada Lovelace").click()
    expect(receipts).to_contain_text("Approved")
    phone.reload()
    card = phone.get_by_role("region", name="Travel support")
    expect(card).to_contain_text("Approved so far: 182.40 USD.")
    no_serious_violations(phone)
    snap(phone, "after-acceptance-approved-phone")
    assert TravelReceipt.objects.get().status == "approved"

    # The event: a volunteer checks Ada in at the door, then records her at lunch, where the
    # card shows the dietary needs her RSVP gave.
    door = new_page()
    door.set_viewport_size(WIDE)
    sign_in(door, staff("sam@princeton.edu"), expect_path="/checkin")
    search = door.get_by_label("Name or email")
    search.fill("ada")
    hits = door.get_by_role("list", name="Search results")
    hits.get_by_role("button", name="Check in Ada Lovelace").click()
    expect(door.get_by_role("region", name="Checked in")).to_be_visible()
    door.get_by_label("Scanning at").select_option(label="Saturday lunch (Meal)")
    search.fill("ada l")
    hits.get_by_role("button", name="Record Ada Lovelace at Saturday lunch").click()
    lunch = door.get_by_role("region", name="Saturday lunch: go ahead")
    expect(lunch.locator(".checkin-diet__value")).to_have_text("Vegan")
    snap(door, "after-acceptance-lunch-desktop")

    ada.refresh_from_db()
    assert ada.status == S.CHECKED_IN
    assert CheckIn.objects.filter(application=ada).count() == 1
    assert CheckpointPass.objects.filter(application=ada).count() == 1
    assert phone.js_errors == [] and desk.js_errors == [] and door.js_errors == []
