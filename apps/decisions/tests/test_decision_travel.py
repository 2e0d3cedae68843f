"""A decision's "Travel reimbursement: Yes" is a travel grant (apps/decisions/travel.py).

Before, the flag alone made the acceptance email promise the spec's "up to $100", and nothing
tracked it: no receipts could be uploaded against it and the payout left it out. Now the
decision grants DEFAULT_GRANT where no grant stands, within the budget, in one transaction.
"""

from __future__ import annotations

from decimal import Decimal
from urllib.parse import quote

import pytest

from apps.applications.models import Application
from apps.applications.models import ApplicationStatus as S
from apps.applications.tests.organizer_data import make_application
from apps.travel import grants
from apps.travel.models import TravelGrant, TravelReceipt
from apps.travel.tests.helpers import budget

pytestmark = pytest.mark.django_db
JSON = "application/json"


def decide(client, email: str, **body):
    return client.post(f"/api/applications/status/{quote(email)}", body, content_type=JSON)


def batch(client, **body):
    return client.post("/api/applications/batch-status", body, content_type=JSON)


def grant_of(email: str) -> TravelGrant | None:
    return TravelGrant.objects.filter(application__email=email, status=TravelGrant.Status.GRANTED).first()


def flag_of(email: str) -> bool:
    return Application.objects.get(email=email).travel_reimbursement


def test_accepting_with_travel_grants_the_default_amount_in_the_budgets_currency(admin_client):
    budget("500", currency="EUR")
    make_application("ada@princeton.edu")
    r = decide(admin_client, "ada@princeton.edu", status="accepted", travel_reimbursement=True)
    assert r.status_code == 200, r.json()
    grant = grant_of("ada@princeton.edu")
    assert grant is not None and grant.amount == grants.DEFAULT_GRANT == Decimal("100.00")
    assert flag_of("ada@princeton.edu") is True
    # What the Travel page shows the organizers: granted, counted against the budget.
    page = admin_client.get("/api/travel/overview").json()
    assert (page["granted"], page["left"], page["currency"]) == ("100.00", "400.00", "EUR")
    [ada] = [p for p in page["people"] if p["email"] == "ada@princeton.edu"]
    assert ada["grant"]["amount"] == "100.00"


def test_a_standing_grant_is_kept_as_it_is(admin_client):
    budget("500")
    application = make_application("ada@princeton.edu", status="accepted")
    grants.grant(cycle=application.cycle, application_id=application.pk, amount=Decimal("250"), actor=None)
    r = decide(
        admin_client, "ada@princeton.edu", status="accepted", travel_reimbursement=True, housing_accommodations=True
    )
    assert r.status_code == 200, r.json()
    assert grant_of("ada@princeton.edu").amount == Decimal("250.00")


def test_a_budget_that_cannot_cover_it_refuses_the_decision_and_changes_nothing(admin_client):
    budget("50")
    make_application("ada@princeton.edu")
    history = Application.objects.get(email="ada@princeton.edu").events.count()
    r = decide(admin_client, "ada@princeton.edu", status="accepted", travel_reimbursement=True)
    assert r.status_code == 409, r.json()
    assert "50.00 USD is left" in r.json()["message"] and "travel_reimbursement" in r.json()["errors"]
    ada = Application.objects.get(email="ada@princeton.edu")
    assert (ada.status, ada.travel_reimbursement) == (S.SUBMITTED, False)
    assert not TravelGrant.objects.exists()
    assert ada.events.count() == history  # no history line of a decision that did not happen


@pytest.mark.parametrize("status", ["waitlisted", "rejected", "submitted"])
def test_travel_goes_with_an_offer_only(admin_client, status):
    budget("500")
    make_application("ada@princeton.edu")
    r = decide(admin_client, "ada@princeton.edu", status=status, travel_reimbursement=True)
    assert r.status_code == 400, r.json()
    assert r.json()["errors"]["travel_reimbursement"] == [str(grants.OFFER_ONLY)]
    assert Application.objects.get(email="ada@princeton.edu").status == S.SUBMITTED
    r = batch(admin_client, emails="ada@princeton.edu", status="waitlisted", travel_reimbursement=True)
    assert r.status_code == 400 and "travel_reimbursement" in r.json()["errors"], r.json()


def test_no_takes_back_a_grant_without_receipts_and_keeps_one_with_them(admin_client):
    budget("500")
    make_application("ada@princeton.edu")
    make_application("bo@princeton.edu")
    for email in ("ada@princeton.edu", "bo@princeton.edu"):
        assert decide(admin_client, email, status="accepted", travel_reimbursement=True).status_code == 200
    TravelReceipt.objects.create(
        grant=grant_of("bo@princeton.edu"),
        amount=Decimal("40"),
        path="receipts/x.pdf",
        size=10,
        content_type="application/pdf",
    )

    r = decide(admin_client, "ada@princeton.edu", status="rejected", travel_reimbursement=False)
    assert r.status_code == 200, r.json()
    assert grant_of("ada@princeton.edu") is None and flag_of("ada@princeton.edu") is False

    r = decide(admin_client, "bo@princeton.edu", status="rejected", travel_reimbursement=False)
    assert r.status_code == 409 and "receipts" in r.json()["message"].lower(), r.json()
    bo = Application.objects.get(email="bo@princeton.edu")
    assert (bo.status, bo.travel_reimbursement, grant_of(bo.email).amount) == (S.ACCEPTED, True, Decimal("100.00"))


def test_a_batch_with_travel_grants_all_of_them_or_none(admin_client):
    emails = [f"p{n}@princeton.edu" for n in range(3)]
    for email in emails:
        make_application(email)
    budget("250")
    body = {"emails": "\n".join(emails), "status": "accepted", "travel_reimbursement": True}
    for dry_run in (True, False):
        r = batch(admin_client, **body, dry_run=dry_run)
        assert r.status_code == 409, r.json()
        assert "300.00 in all" in r.json()["message"], r.json()
    assert set(Application.objects.values_list("status", flat=True)) == {S.SUBMITTED}
    assert not TravelGrant.objects.exists()

    budget("300")
    assert batch(admin_client, **body, dry_run=True).status_code == 200
    assert not TravelGrant.objects.exists()
    r = batch(admin_client, **body)
    assert r.status_code == 200 and r.json()["approved"] == emails, r.json()
    assert [grant_of(email).amount for email in emails] == [Decimal("100.00")] * 3
    assert all(flag_of(email) for email in emails)


def test_a_batch_that_says_nothing_of_travel_leaves_the_grants_alone(admin_client):
    budget("500")
    make_application("ada@princeton.edu")
    assert decide(admin_client, "ada@princeton.edu", status="accepted", travel_reimbursement=True).status_code == 200
    r = batch(admin_client, emails="ada@princeton.edu", status="waitlisted")
    assert r.status_code == 200, r.json()
    assert grant_of("ada@princeton.edu") is not None


def test_a_batch_with_travel_takes_as_many_statements_for_six_as_for_two(admin_client):
    """The grants are written in bulk: the statements don't grow with the people decided."""
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    budget("5000")
    admin_client.get("/api/travel/overview")  # warms the session and the user
    counted = []
    for n, prefix in ((2, "a"), (6, "b")):
        emails = [f"{prefix}{i}@princeton.edu" for i in range(n)]
        for email in emails:
            make_application(email)
        body = {"emails": "\n".join(emails), "status": "accepted", "travel_reimbursement": True}
        with CaptureQueriesContext(connection) as ctx:
            assert batch(admin_client, **body).status_code == 200
        counted.append(len(ctx.captured_queries))
        assert TravelGrant.objects.filter(application__email__in=emails).count() == n
    assert counted[0] == counted[1], counted
