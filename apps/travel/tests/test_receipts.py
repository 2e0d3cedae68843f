"""Receipts: uploaded (PDF or image, at most 5 MB, checked by content, stored privately) before
the deadline; approved or rejected with a reason, each mailed once through the outbox; the
payout CSV; grants without receipts lapse; account deletion and the retention purge remove the
files; the privacy export lists them."""

from __future__ import annotations

import csv
import datetime
import io
import re
from decimal import Decimal

import pytest
from django.core import mail
from django.test import TestCase
from django.utils import timezone

from apps.applications.models import Application
from apps.cycles.models import Cycle
from apps.cycles.selectors import current_cycle
from apps.cycles.services import cycle_make_current
from apps.mailings.models import Delivery
from apps.privacy import retention
from apps.privacy.services import account_delete
from apps.travel import grants, lapse
from apps.travel.models import TravelGrant, TravelReceipt
from apps.travel.tasks import lapse_grants

from .helpers import PDF, PNG, budget, client_of, organizer, person, receipt_file

pytestmark = pytest.mark.django_db

LATER = timezone.now() + datetime.timedelta(days=7)


@pytest.fixture
def granted():
    budget("1000", due=LATER)
    ada = person("ada@princeton.edu", first="Ada")
    grants.grant(cycle=current_cycle(), application_id=ada.pk, amount=Decimal("300"), actor=None)
    return ada, client_of(ada.user)


def upload(client, file=None, amount="120.50"):
    return client.post("/api/travel/receipts", {"file": file or receipt_file(), "amount": amount})


def review(client, receipt_id, decision, reason=""):
    return client.post(
        f"/api/travel/receipts/{receipt_id}/review",
        {"decision": decision, "reason": reason},
        content_type="application/json",
    )


def test_a_pdf_or_an_image_is_stored_privately_and_listed(granted, _private_storage):
    ada, client = granted
    response = upload(client)
    assert response.status_code == 201, response.json()
    assert response.json()["status"] == "pending" and response.json()["amount"] == "120.50"
    image = upload(client, receipt_file(PNG, "bus.png", "image/png"), "20")
    assert image.status_code == 201 and image.json()["content_type"] == "image/png"
    stored = TravelReceipt.objects.order_by("pk")
    assert [r.path.split(".")[-1] for r in stored] == ["pdf", "png"]
    assert all((_private_storage / r.path).read_bytes() for r in stored)
    # A random name, nothing about its owner or the file's own name. (A hex name can contain
    # "ada" by chance, so the test states the name's shape instead of looking for the owner.)
    assert re.fullmatch(r"receipts/[0-9a-f]{32}\.pdf", stored[0].path), stored[0].path
    assert "train" not in stored[0].path
    mine = client.get("/api/travel/mine").json()
    assert [r["original_name"] for r in mine["grant"]["receipts"]] == ["train.pdf", "bus.png"]


@pytest.mark.parametrize(
    ("content", "status"),
    [
        (b"MZ\x90\x00 not a receipt", 400),
        (b"%PDF-1.4 cut short", 400),
        (b"<svg xmlns='http://www.w3.org/2000/svg'/>", 400),
        (b"%PDF-1.4\n" + b"0" * (5 * 1024 * 1024) + b"\n%%EOF", 413),
    ],
)
def test_anything_else_is_refused_at_the_file_and_nothing_is_stored(granted, _private_storage, content, status):
    _, client = granted
    response = upload(client, receipt_file(content, "receipt.pdf"))
    assert response.status_code == status
    assert "file" in response.json()["errors"]
    assert not TravelReceipt.objects.exists()
    assert not list(_private_storage.rglob("receipts/*"))


@pytest.mark.parametrize("amount", ["", "-1", "abc", "1e999"])
def test_a_bad_amount_is_refused_at_its_field(granted, amount):
    _, client = granted
    response = upload(client, amount=amount)
    assert response.status_code == 400 and "amount" in response.json()["errors"]
    assert not TravelReceipt.objects.exists()


def test_no_receipt_without_a_grant_or_after_the_deadline(granted):
    other = person("bob@princeton.edu")
    assert upload(client_of(other.user)).status_code == 404
    _, client = granted
    grants.set_budget(
        cycle=current_cycle(), amount=None, currency=None, receipts_due=timezone.now() - datetime.timedelta(minutes=1)
    )
    response = upload(client)
    assert response.status_code == 409
    assert not TravelReceipt.objects.exists()


def test_an_organizer_approves_and_rejects_with_a_reason_each_mailed_once(granted):
    ada, client = granted
    first = upload(client, amount="200").json()["id"]
    second = upload(client, amount="50").json()["id"]
    org = organizer()
    no_reason = review(org, second, "reject")
    assert no_reason.status_code == 400 and "reason" in no_reason.json()["errors"]
    assert TravelReceipt.objects.get(pk=second).status == "pending"
    assert review(org, first, "approve").json()["status"] == "approved"
    rejected = review(org, second, "reject", "The date of travel is missing.")
    assert rejected.json()["status"] == "rejected"
    assert review(org, second, "approve").status_code == 409  # reviewed once
    subjects = sorted(m.subject for m in mail.outbox)
    assert len(subjects) == 2
    assert any("approved" in s for s in subjects) and any("another look" in s for s in subjects)
    rejection = next(m for m in mail.outbox if "another look" in m.subject)
    assert "The date of travel is missing." in rejection.body and rejection.to == ["ada@princeton.edu"]
    assert Delivery.objects.filter(dedupe_key__startswith="travel-receipt:", state="sent").count() == 2
    mine = client.get("/api/travel/mine").json()
    assert mine["grant"]["approved"] == "200.00"


def test_an_approval_past_the_grant_tells_the_applicant_the_grant_is_the_most_paid(granted):
    """Grant 300: approving 180 promises it whole; approving 150.25 more says the approved
    receipts come to 330.25 and the reimbursement is the grant, in the email and on the card."""
    _, client = granted
    org = organizer()
    review(org, upload(client, amount="180").json()["id"], "approve")
    first = mail.outbox[-1]
    assert "will be included in your travel reimbursement" in first.body and "more than your" not in first.body
    review(org, upload(client, amount="150.25").json()["id"], "approve")
    second = mail.outbox[-1]
    said = (
        "Your approved receipts now come to 330.25 USD, more than your travel grant: "
        "we reimburse up to the grant, 300.00 USD."
    )
    assert said in second.body and said in second.alternatives[0][0]
    mine = client.get("/api/travel/mine").json()
    assert mine["grant"]["approved"] == "300.00"  # capped, as the payout is
    assert sorted(r["amount"] for r in mine["grant"]["receipts"]) == ["150.25", "180.00"]


def test_the_organizer_downloads_a_receipt_the_applicant_does_not(granted):
    _, client = granted
    receipt_id = upload(client).json()["id"]
    assert client.get(f"/api/travel/receipts/{receipt_id}/file").status_code == 403
    response = organizer().get(f"/api/travel/receipts/{receipt_id}/file")
    assert response.status_code == 200
    assert b"".join(response.streaming_content) == PDF


def test_the_payout_csv_lists_approved_amounts_capped_at_the_grant_and_formula_safe(granted):
    ada, client = granted
    Application.objects.filter(pk=ada.pk).update(first="=HYPERLINK(1)")
    for amount in ("250", "100"):
        review(organizer(), upload(client, amount=amount).json()["id"], "approve")
    bob = person("bob@princeton.edu")
    grants.grant(cycle=current_cycle(), application_id=bob.pk, amount=Decimal("100"), actor=None)
    response = organizer().get("/api/travel/payout.csv")
    assert response.status_code == 200 and response.streaming
    rows = list(csv.reader(io.StringIO(b"".join(response.streaming_content).decode())))
    assert rows[0][:3] == ["email", "first_name", "last_name"]
    assert len(rows) == 2  # Bob has no approved receipt
    row = dict(zip(rows[0], rows[1], strict=True))
    assert row["first_name"] == "'=HYPERLINK(1)"
    assert (row["granted"], row["approved"], row["payout"], row["currency"]) == ("300.00", "350.00", "300.00", "USD")


def test_grants_without_receipts_lapse_once_with_a_mail(granted):
    ada, client = granted
    bob = person("bob@princeton.edu")
    grants.grant(cycle=current_cycle(), application_id=bob.pk, amount=Decimal("100"), actor=None)
    upload(client_of(bob.user))
    assert lapse.lapse_due() == 0  # before the deadline nothing lapses
    grants.set_budget(
        cycle=current_cycle(), amount=None, currency=None, receipts_due=timezone.now() - datetime.timedelta(minutes=1)
    )
    with TestCase.captureOnCommitCallbacks(execute=True):
        assert lapse_grants.delay().get() == 1
    with TestCase.captureOnCommitCallbacks(execute=True):
        assert lapse_grants.delay().get() == 0  # a second run finds nothing
    assert TravelGrant.objects.get(application=ada).status == "lapsed"
    assert TravelGrant.objects.get(application=bob).status == "granted"
    ada.refresh_from_db()
    assert ada.travel_reimbursement is False
    lapsed = [m for m in mail.outbox if "lapsed" in m.subject]
    assert len(lapsed) == 1 and lapsed[0].to == ["ada@princeton.edu"]
    assert upload(client).status_code == 409
    # The lapsed grant's money is back in the budget.
    assert grants.granted_total(current_cycle()) == Decimal("100")


def test_deleting_the_account_removes_the_receipts_and_their_files(granted, _private_storage):
    ada, client = granted
    upload(client)
    path = TravelReceipt.objects.get().path
    assert (_private_storage / path).exists()
    with TestCase.captureOnCommitCallbacks(execute=True):
        account_delete(user=ada.user, typed_email="ada@princeton.edu")
    assert not TravelReceipt.objects.exists() and not TravelGrant.objects.exists()
    assert not (_private_storage / path).exists()


def test_the_retention_purge_removes_the_receipts_and_their_files(granted, _private_storage):
    ada, client = granted
    upload(client)
    path = TravelReceipt.objects.get().path
    old = current_cycle()
    Cycle.objects.filter(pk=old.pk).update(retention_date=datetime.date(2024, 6, 1))
    cycle_make_current(season="spring", year=2031)
    old.refresh_from_db()
    with TestCase.captureOnCommitCallbacks(execute=True):
        report = retention.purge_cycle(cycle=old, today=datetime.date(2030, 1, 1))
    assert report.receipt_files == 1
    assert not TravelReceipt.objects.exists()
    assert not (_private_storage / path).exists()


def test_the_privacy_export_lists_the_request_grant_and_receipts(granted):
    ada, client = granted
    upload(client)
    from apps.privacy.export import personal_data

    data = personal_data(ada.user)
    (travel,) = data["travel"]
    assert travel["application_id"] == ada.pk
    assert travel["request"]["origin"] == "Lisbon"
    assert travel["grant"]["amount"] == "300.00"
    assert [r["original_name"] for r in travel["grant"]["receipts"]] == ["train.pdf"]
    assert "path" not in travel["grant"]["receipts"][0]
