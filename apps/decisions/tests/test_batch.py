"""The batch decision: POST batch-status (one decision for every address in pasted text or a
list) and the /admin/batch page's props."""

from __future__ import annotations

import pytest
from django.urls import reverse

from apps.applications import status_machine
from apps.applications.models import Application
from apps.applications.tests.organizer_data import make_application, other_cycle
from apps.travel.tests.helpers import budget

JSON = "application/json"


@pytest.fixture
def batch_people(db):
    make_application("alice@princeton.edu")
    make_application("bob@mit.edu", status="rejected")
    make_application("carol@yale.edu", status="started")
    make_application("dave@yale.edu")
    make_application("old@yale.edu", cycle=other_cycle())


def batch(client, body):
    return client.post("/api/applications/batch-status", body, content_type=JSON)


def test_batch_from_free_text_gives_exact_results(admin_client, organizer, batch_people):
    budget("1000")  # the travel reimbursement grants (test_decision_travel.py)
    """Addresses are found anywhere in the text, lower-cased and de-duplicated; unknown ones,
    drafts and other cycles' applicants fail with a reason; a piece meant as an address and
    not one is listed as failed, not dropped (names around the addresses are not)."""
    text = (
        "Alice <ALICE@Princeton.edu>, bob@mit.edu; carol@yale.edu\n"
        "nobody@harvard.edu  broken@ @nope.edu x@y@z.edu\n"
        "old@yale.edu alice@princeton.edu"
    )
    r = batch(admin_client, {"emails": text, "status": "accepted", "travel_reimbursement": True})
    assert r.status_code == 200, r.json()
    assert r.json() == {
        "approved": ["alice@princeton.edu", "bob@mit.edu"],
        "failed": [
            {"email": "broken@", "reason": "Not a valid email address."},
            {"email": "@nope.edu", "reason": "Not a valid email address."},
            {"email": "x@y@z.edu", "reason": "Not a valid email address."},
            {"email": "carol@yale.edu", "reason": "Not submitted yet."},
            {"email": "nobody@harvard.edu", "reason": "No application for this email."},
            {"email": "old@yale.edu", "reason": "No application for this email."},
        ],
        "skipped": [],
        "emailed": 0,
        "done_label": "Accepted",
    }
    statuses = dict(Application.objects.values_list("email", "status"))
    assert statuses["alice@princeton.edu"] == "accepted" and statuses["bob@mit.edu"] == "accepted"
    assert statuses["carol@yale.edu"] == "started" and statuses["dave@yale.edu"] == "submitted"
    assert statuses["old@yale.edu"] == "submitted"
    alice = Application.objects.get(email="alice@princeton.edu", cycle__is_current=True)
    assert alice.travel_reimbursement is True and alice.housing_accommodations is False
    assert set(alice.events.filter(actor=organizer).values_list("field", "to_value")) == {
        ("status", "accepted"),
        ("travel_reimbursement", "True"),
    }


def test_batch_from_a_list_reports_malformed_entries(admin_client, batch_people):
    r = batch(
        admin_client,
        {"emails": ["dave@yale.edu", "not an email", "", "DAVE@yale.edu", "eve@"], "status": "waitlisted"},
    )
    assert r.status_code == 200, r.json()
    assert r.json() == {
        "approved": ["dave@yale.edu"],
        "failed": [
            {"email": "not an email", "reason": "Not a valid email address."},
            {"email": "eve@", "reason": "Not a valid email address."},
        ],
        "skipped": [],
        "emailed": 0,
        # A waitlist batch's list is headed by what was done.
        "done_label": "Waitlisted",
    }
    assert Application.objects.get(email="dave@yale.edu", cycle__is_current=True).status == "waitlisted"


def test_batch_leaves_travel_and_housing_alone_when_not_sent(admin_client, organizer, batch_people):
    alice = Application.objects.get(email="alice@princeton.edu", cycle__is_current=True)
    status_machine.decide(application_id=alice.pk, status="accepted", actor=organizer, housing_accommodations=True)
    assert batch(admin_client, {"emails": "alice@princeton.edu", "status": "waitlist_accepted"}).status_code == 200
    alice.refresh_from_db()
    assert alice.status == "waitlist_accepted" and alice.housing_accommodations is True


def test_batch_with_no_addresses_does_nothing(admin_client, batch_people):
    r = batch(admin_client, {"emails": "no addresses here", "status": "rejected"})
    assert r.json() == {"approved": [], "failed": [], "skipped": [], "emailed": 0, "done_label": "Rejected"}


@pytest.mark.parametrize(
    "body",
    [
        {"emails": "alice@princeton.edu", "status": "submitted"},
        {"emails": "alice@princeton.edu", "status": "confirmed"},
        {"emails": "alice@princeton.edu"},
        {"status": "accepted"},
        {"emails": 42, "status": "accepted"},
        {"emails": [1, 2], "status": "accepted"},
        {"emails": {"a": "b"}, "status": "accepted"},
        {"emails": "alice@princeton.edu", "status": "accepted", "travel_reimbursement": "maybe"},
        [],
    ],
)
def test_batch_refuses_malformed_requests(admin_client, batch_people, body):
    r = batch(admin_client, body)
    assert r.status_code == 400, r.content
    assert Application.objects.get(email="alice@princeton.edu", cycle__is_current=True).status == "submitted"


def test_batch_refuses_too_many_addresses(admin_client, db):
    emails = " ".join(f"p{i}@yale.edu" for i in range(10_001))
    r = batch(admin_client, {"emails": emails, "status": "accepted"})
    assert r.status_code == 400 and "emails" in r.json()["errors"]


def test_batch_anonymous_401_student_403(client, student_client, batch_people):
    body = {"emails": "alice@princeton.edu", "status": "accepted"}
    assert batch(client, body).status_code == 401
    assert batch(student_client, body).status_code == 403
    assert Application.objects.get(email="alice@princeton.edu", cycle__is_current=True).status == "submitted"


@pytest.mark.django_db
def test_batch_props_offer_four_decisions_with_accepted_first_and_default(admin_client):
    props = admin_client.get("/admin/batch").context["page_props"]
    assert [s["value"] for s in props["statuses"]] == ["accepted", "waitlisted", "rejected", "waitlist_accepted"]
    assert props["defaultStatus"] == "accepted"


def test_the_decision_routes_keep_their_names_and_addresses():
    assert reverse("api:decisions:batch-status") == "/api/applications/batch-status"
    assert reverse("api:decisions:decision", args=["ada@princeton.edu"]) == "/api/applications/status/ada@princeton.edu"
    assert reverse("api:decisions:confirm-waitlist") == "/api/applications/confirm-waitlist"
    assert reverse("admin-batch") == "/admin/batch"
