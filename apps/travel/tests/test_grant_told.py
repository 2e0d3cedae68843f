"""A travel grant is told to its applicant with the decision, and with its own amount.

Grants go to people offered a spot, and organizers may grant before release (while deciding).
Before release the grant would tell its applicant the decision that their status still hides,
so nothing of it reaches them: not their travel card, not a receipt upload, not their data
export, not the dashboard. From release on, the acceptance email and the dashboard say "up to"
the grant's amount, not the spec's $100 (which stays for travel offered without a grant).
"""

from __future__ import annotations

import io
import json
import zipfile
from decimal import Decimal

import pytest
from django.core import mail
from django.utils import translation

from apps.applications.models import ApplicationStatus as S
from apps.core.tests.factories import ApplicationFactory, UserFactory
from apps.core.tests.test_pages import page_props
from apps.cycles.models import Cycle, CycleStatus
from apps.cycles.selectors import current_cycle, cycle_config
from apps.decisions import release
from apps.mailings import automated
from apps.travel import grants

from .helpers import budget, client_of, organizer, receipt_file

pytestmark = pytest.mark.django_db
JSON = "application/json"


@pytest.fixture
def closed(db):
    """The cycle closed, decisions being made: nothing released yet."""
    Cycle.objects.filter(pk=current_cycle().pk).update(status=CycleStatus.CLOSED)


def accepted(email="ada@princeton.edu", status=S.ACCEPTED, **user):
    return ApplicationFactory(user=UserFactory(email=email, **user), status=status, first="Ada")


def export_travel(client) -> list:
    response = client.get("/api/privacy/export")
    assert response.status_code == 200
    archive = zipfile.ZipFile(io.BytesIO(b"".join(response.streaming_content)))
    return json.loads(archive.read("data.json"))["travel"]


def release_decisions(org) -> None:
    body = {**cycle_config(current_cycle()), "status": CycleStatus.RELEASED}
    body["confirm_emails"] = org.get("/api/applications/cycle/release-preview").json()["total"]
    response = org.post("/api/applications/cycle/config", body, content_type=JSON)
    assert response.status_code == 200, response.json()


def test_a_grant_before_release_reaches_its_applicant_only_with_the_decision(closed):
    ada = accepted()
    ada.travel_reimbursement = False
    ada.save(update_fields=["travel_reimbursement"])
    org = organizer()
    budget("1000")
    assert org.put(f"/api/travel/grants/{ada.pk}", {"amount": "350"}, content_type=JSON).status_code == 200
    me = client_of(ada.user)

    # Before release: no grant anywhere the applicant looks, and none to send receipts for.
    assert me.get("/api/travel/mine").json()["grant"] is None
    upload = me.post("/api/travel/receipts", {"file": receipt_file(), "amount": "20.00"})
    assert upload.status_code == 404 and upload.json()["message"] == "You have no travel grant to upload receipts for."
    assert export_travel(me) == []
    dashboard = page_props(me.get("/dashboard"), "dashboard")
    shown = (dashboard["status"], dashboard["travelReimbursement"], dashboard["travelGrant"])
    assert shown == (S.SUBMITTED, False, None)
    # The organizers see it all the while.
    [row] = org.get("/api/travel/overview").json()["people"]
    assert row["grant"]["amount"] == "350.00"

    release_decisions(org)

    # The acceptance email says the grant's amount, in its text and its HTML, not the spec's $100.
    [message] = [m for m in mail.outbox if m.to == [ada.email]]
    for body in (message.body, message.alternatives[0][0]):
        assert "We will reimburse your travel up to 350.00 USD through a peer-to-peer payment service." in body
        assert "$100" not in body
    # And so do the card, the export and the dashboard.
    mine = me.get("/api/travel/mine").json()
    assert (mine["grant"]["amount"], mine["currency"]) == ("350.00", "USD")
    assert export_travel(me)[0]["grant"]["amount"] == "350.00"
    dashboard = page_props(me.get("/dashboard"), "dashboard")
    assert dashboard["travelGrant"] == {"amount": "350.00", "currency": "USD"}
    assert me.post("/api/travel/receipts", {"file": receipt_file(), "amount": "20.00"}).status_code == 201


def test_without_a_grant_the_travel_offered_is_the_specs_100_dollars():
    ada = accepted(status=S.ACCEPTED)
    ada.travel_reimbursement = True
    ada.save(update_fields=["travel_reimbursement"])
    context = release.decision_context(ada)
    assert (context["travel_amount"], context["travel_currency"]) == (None, None)
    assert page_props(client_of(ada.user).get("/dashboard"), "dashboard")["travelGrant"] is None
    _subject, text, html = _rendered(ada, "decision_accepted")
    assert "up to $100" in text and "up to $100" in html


@pytest.mark.parametrize("status", [S.ACCEPTED, S.WAITLIST_ACCEPTED])
def test_each_acceptance_email_says_the_grant_in_the_recipients_language(status, settings):
    settings.LANGUAGES = [("en", "English"), ("es", "Español")]
    ana = accepted("ana@princeton.edu", status=status, language="es")
    budget("2000", currency="EUR")
    grants.grant(cycle=current_cycle(), application_id=ana.pk, amount=Decimal("1250.5"), actor=None)
    ana.refresh_from_db()
    _subject, text, html = _rendered(ana, f"decision_{status}")
    for body in (text, html):
        assert "Te reembolsaremos el viaje hasta 1250,50 EUR" in body, body
        assert "100 $" not in body


def test_a_lapsed_or_withdrawn_grant_is_no_longer_named():
    ada = accepted()
    budget("1000")
    cycle = current_cycle()
    grants.grant(cycle=cycle, application_id=ada.pk, amount=Decimal("300"), actor=None)
    assert release.decision_context(ada)["travel_amount"] == "300.00"
    grants.withdraw(cycle=cycle, application_id=ada.pk, actor=None)
    assert release.decision_context(ada)["travel_amount"] is None


def _rendered(application, key: str):
    """The decision email as its recipient reads it, from the context a release records (in
    English, the organizer's language here)."""
    context = release.decision_context(application)
    with translation.override(automated.recipient_language(application.email)):
        return automated.render(key, context)
