"""Browser journeys after acceptance: travel support (asked → granted → receipt uploaded →
rejected without a reason refused at its field → approved, seen on the dashboard) and
checkpoints at the event (checked in at the door, then Saturday lunch with the dietary needs
large, a second lunch refused with when; offline, the door and lunch wait and sync in order).
Each page on a phone (390×844) and a desktop (1440×900), with its axe audit clean."""

from __future__ import annotations

import re
from decimal import Decimal

from apps.accounts.models import Role
from apps.applications.models import Answer
from apps.applications.models import ApplicationStatus as S
from apps.checkin.models import CheckIn, Checkpoint, CheckpointPass
from apps.cycles.selectors import current_cycle
from apps.travel import grants
from apps.travel.models import TravelGrant, TravelReceipt
from e2e.conftest import PASSWORD, expect, shot, sign_in
from e2e.test_accessibility import FAILING_IMPACTS, audit
from e2e.test_checkin import applicant, camera_page, live_token, result, set_up_event, staff, start_camera

__all__ = ["camera_page"]  # the fixture, used here as in the door's journeys

WIDE = {"width": 1440, "height": 900}
PDF = b"%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\n%%EOF\n"
# Where the reviewers look at this work's screenshots, beside the gallery's copy.


def keep(page, name: str) -> None:
    shot(page, name)


def clean(page) -> None:
    assert [v for v in audit(page) if v["impact"] in FAILING_IMPACTS] == []


def test_travel_support_asked_granted_receipt_approved(new_page, tmp_path, settings):
    settings.STORAGES = {
        **settings.STORAGES,
        "resumes": {"BACKEND": "apps.core.storage.PrivateFileSystemStorage", "OPTIONS": {"location": str(tmp_path)}},
    }
    set_up_event()
    ada = applicant("ada@princeton.edu", S.CONFIRMED, "Ada", "Lovelace")
    Answer.objects.bulk_create(
        [
            Answer(application=ada, question_id="travel_from", value="Porto"),
            Answer(application=ada, question_id="country", value="Portugal"),
        ]
    )
    grants.set_budget(cycle=current_cycle(), amount=Decimal("1000"), currency="USD", receipts_due=None)

    # The applicant asks for travel support from the dashboard, on a phone.
    phone = new_page(phone=True)
    sign_in(phone, "ada@princeton.edu", PASSWORD)
    card = phone.get_by_role("region", name="Travel support")
    # The form starts from where the application said they travel from, and says so.
    origin = card.get_by_label("Travelling from (city)")
    expect(origin).to_have_value("Porto")
    expect(card.get_by_label("Country")).to_have_value("Portugal")
    expect(card.get_by_label("Country")).to_have_accessible_description("From your application")
    keep(phone, "travel-request-from-application-phone")
    card.get_by_label("Amount you need").fill("-5")
    origin.fill("Lisbon")
    expect(origin).not_to_have_accessible_description("From your application")
    card.get_by_role("button", name="Ask for travel support").click()
    expect(card.get_by_text("Ensure this value is greater than or equal to 0.01.")).to_be_visible()
    card.get_by_label("Amount you need").fill("320")
    card.get_by_role("button", name="Ask for travel support").click()
    expect(card).to_contain_text("You asked for 320.00 USD to travel from Lisbon, Portugal.")
    keep(phone, "travel-asked-phone")
    clean(phone)

    # The organizer grants it, on a desktop: what they asked is suggested.
    desk = new_page()
    desk.set_viewport_size(WIDE)
    sign_in(desk, staff("grace@princeton.edu", Role.ADMIN), next="/admin/travel")
    expect(desk.get_by_role("heading", name="Travel grants", level=1)).to_be_visible()
    amount = desk.get_by_label("Grant for Ada Lovelace (USD)")
    expect(amount).to_have_value("320.00")
    amount.fill("1200")
    desk.get_by_role("button", name="Grant", exact=True).click()
    expect(desk.get_by_text("This would exceed the travel budget: 1000.00 USD is left.")).to_be_visible()
    assert not TravelGrant.objects.exists()
    amount.fill("300")
    desk.get_by_role("button", name="Grant", exact=True).click()
    expect(desk.get_by_text(re.compile(r"Granted\s+300\.00\s+of 1,000\.00 USD"))).to_be_visible()
    ada.refresh_from_db()
    assert ada.travel_reimbursement is True

    # The applicant sees the grant and uploads a receipt.
    phone.reload()
    card = phone.get_by_role("region", name="Travel support")
    expect(card).to_contain_text("You have a travel grant of 300.00 USD.")
    receipt = tmp_path / "train-ticket.pdf"
    receipt.write_bytes(PDF)
    card.get_by_label("Receipt (PDF or image, at most 5 MB)").set_input_files(str(receipt))
    card.get_by_label("Amount on the receipt").fill("182.40")
    card.get_by_role("button", name="Upload receipt").click()
    expect(card.get_by_role("list", name="Your receipts")).to_contain_text("Waiting for review")
    keep(phone, "travel-receipt-uploaded-phone")
    clean(phone)

    # The organizer: a rejection needs a reason (said at the field, nothing changes); approve.
    desk.reload()
    receipts = desk.get_by_role("list", name="Receipts of Ada Lovelace")
    expect(receipts).to_contain_text("182.40 USD")
    receipts.get_by_role("button", name="Reject train-ticket.pdf of Ada Lovelace").click()
    expect(receipts.get_by_text("Say why the receipt is rejected: the applicant is told.")).to_be_visible()
    assert TravelReceipt.objects.get().status == "pending"
    keep(desk, "travel-organizer-review-desktop")
    clean(desk)
    receipts.get_by_role("button", name="Approve train-ticket.pdf of Ada Lovelace").click()
    expect(receipts).to_contain_text("Approved")
    assert TravelReceipt.objects.get().status == "approved"
    keep(desk, "travel-organizer-approved-desktop")

    # The applicant sees it approved.
    phone.reload()
    card = phone.get_by_role("region", name="Travel support")
    expect(card.get_by_role("list", name="Your receipts")).to_contain_text("Approved")
    expect(card).to_contain_text("Approved so far: 182.40 USD.")
    keep(phone, "travel-approved-phone")
    phone.set_viewport_size(WIDE)
    keep(phone, "travel-approved-desktop")
    clean(phone)
    assert phone.js_errors == [] and desk.js_errors == []


def test_checked_in_then_lunch_and_a_second_lunch_refused(new_page):
    set_up_event()
    applicant("ada@princeton.edu", S.CONFIRMED, "Ada", "Lovelace", dietary="Vegan,Nut allergy")

    # The organizer adds the checkpoint from the door's page (desktop).
    desk = new_page()
    desk.set_viewport_size(WIDE)
    sign_in(desk, staff("grace@princeton.edu", Role.ADMIN), next="/checkin")
    form = desk.get_by_role("form", name="Add a checkpoint")
    form.get_by_role("button", name="Add checkpoint").click()
    expect(form.get_by_text("This field may not be blank.")).to_be_visible()
    assert not Checkpoint.objects.exists()
    form.get_by_label("Checkpoint name").fill("Saturday lunch")
    form.get_by_label("Kind").select_option("meal")
    form.get_by_role("button", name="Add checkpoint").click()
    expect(form.get_by_text("Saturday lunch added")).to_be_visible()

    # A volunteer on a phone checks Ada in at the door…
    door = new_page(phone=True)
    sign_in(door, staff("sam@princeton.edu"), expect_path="/checkin")
    search = door.get_by_label("Name or email")
    search.fill("ada")
    hits = door.get_by_role("list", name="Search results")
    hits.get_by_role("button", name="Check in Ada Lovelace").click()
    expect(door.get_by_role("region", name="Checked in")).to_be_visible()

    # …then moves to lunch: the same person, recorded once, the dietary needs large.
    door.get_by_label("Scanning at").select_option(label="Saturday lunch (Meal)")
    expect(door.get_by_role("heading", name="Saturday lunch", level=1)).to_be_visible()
    search.fill("ada l")
    hits.get_by_role("button", name="Record Ada Lovelace at Saturday lunch").click()
    card = door.get_by_role("region", name="Saturday lunch: go ahead")
    expect(card.locator(".checkin-diet__value")).to_have_text("Vegan, Nut allergy")
    expect(door.get_by_text("1 of 1 in at Saturday lunch")).to_be_visible()
    keep(door, "checkpoint-lunch-phone")
    clean(door)

    # A second lunch is refused with when (the event's time zone).
    hits.get_by_role("button", name="Record Ada Lovelace at Saturday lunch").click()
    card = door.get_by_role("region", name="Already scanned here")
    expect(card).to_contain_text(re.compile(r"Already had Saturday lunch at \d\d:\d\d\."))
    keep(door, "checkpoint-second-lunch-phone")
    clean(door)
    assert CheckpointPass.objects.count() == 1

    # The organizer's desktop view counts it, here and in the statistics.
    desk.reload()
    desk.get_by_label("Scanning at").select_option(label="Saturday lunch (Meal)")
    expect(desk.get_by_role("list", name="People scanned at each checkpoint")).to_contain_text("Saturday lunch1")
    keep(desk, "checkpoint-door-desktop")
    clean(desk)
    desk.goto("/admin/stats")
    expect(desk.get_by_role("row", name="Saturday lunch meal 1")).to_be_visible()
    keep(desk, "checkpoint-statistics-desktop")
    clean(desk)
    assert door.js_errors == [] and desk.js_errors == []


def test_offline_the_door_and_lunch_wait_on_the_phone_and_sync_in_order(camera_page):
    """Offline, the door's check-in (search) and then a lunch scan (camera) of the same person
    wait on the phone; back online they are sent oldest first: checked in, then lunch."""
    set_up_event()
    eve = applicant("eve@princeton.edu", S.CONFIRMED, "Eve", "Evans", dietary="Halal")
    Checkpoint.objects.create(cycle=current_cycle(), name="Saturday lunch", kind="meal")
    door = camera_page(live_token(eve))
    sign_in(door, staff("kim@princeton.edu"), expect_path="/checkin")
    door.get_by_label("Name or email").fill("eve")
    hits = door.get_by_role("list", name="Search results")
    expect(hits).to_contain_text("eve@princeton.edu")

    door.context.set_offline(True)
    hits.get_by_role("button", name="Check in Eve Evans").click()
    expect(result(door, "Saved offline")).to_contain_text(
        "Eve Evans: it will be checked in when the connection is back."
    )
    door.get_by_label("Scanning at").select_option(label="Saturday lunch (Meal)")
    start_camera(door)
    expect(door.get_by_text("Offline · 2 waiting to sync")).to_be_visible(timeout=30_000)
    expect(result(door, "Saved offline")).to_contain_text("it will be recorded at Saturday lunch")
    keep(door, "checkpoint-offline-queued-phone")
    clean(door)
    assert CheckIn.objects.count() == 0 and CheckpointPass.objects.count() == 0

    door.context.set_offline(False)
    synced = door.get_by_role("list", name="Synced from this device")
    expect(synced.get_by_role("listitem")).to_have_count(2, timeout=15_000)
    expect(synced).to_contain_text("Checked in")
    expect(synced).to_contain_text("Saturday lunch: go ahead")
    expect(result(door, "Saturday lunch: go ahead").locator(".checkin-diet__value")).to_have_text("Halal")
    keep(door, "checkpoint-offline-synced-phone")
    assert CheckIn.objects.filter(application=eve).count() == 1
    assert CheckpointPass.objects.filter(application=eve).count() == 1
    assert door.js_errors == []


def test_travel_support_asked_on_the_apply_form(new_page):
    """The apply form's optional last section: an applicant with a saved application asks for
    travel support there, on a phone and then on a desktop."""
    from apps.cycles.models import CycleStatus as C
    from apps.travel.models import TravelRequest

    set_up_event(C.OPEN)
    applicant("bob@princeton.edu", S.SUBMITTED, "Bob", "Moses")
    phone = new_page(phone=True)
    sign_in(phone, "bob@princeton.edu", PASSWORD)
    phone.goto("/apply")
    section = phone.get_by_role("region", name="Travel support (optional)")
    section.get_by_label("Amount you need").fill("180")
    section.get_by_label("Travelling from (city)").fill("Porto")
    section.get_by_label("Country").fill("Portugal")
    section.get_by_role("button", name="Ask for travel support").click()
    expect(section.get_by_text("Your travel request is saved.")).to_be_visible()
    section.scroll_into_view_if_needed()
    keep(phone, "travel-apply-section-phone")
    clean(phone)
    request = TravelRequest.objects.get()
    assert (request.amount, request.origin, request.country) == (Decimal("180"), "Porto", "Portugal")
    phone.set_viewport_size(WIDE)
    keep(phone, "travel-apply-section-desktop")
    clean(phone)
    assert phone.js_errors == []
