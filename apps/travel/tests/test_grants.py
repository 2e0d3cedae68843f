"""Travel requests and grants: the applicant asks, organizers grant within the budget, one by
one or in bulk; the decision's travel_reimbursement flag follows the grant."""

from __future__ import annotations

from decimal import Decimal

import pytest

from apps.applications.models import Answer, ApplicationEvent
from apps.core.tests.factories import ApplicationFactory, UserFactory
from apps.cycles.selectors import question_set
from apps.travel.models import TravelGrant, TravelRequest

from .helpers import budget, client_of, organizer, person

pytestmark = pytest.mark.django_db


def put_grant(client, application_id, amount):
    return client.put(f"/api/travel/grants/{application_id}", {"amount": amount}, content_type="application/json")


def test_an_applicant_asks_for_travel_support_and_sees_it():
    application = ApplicationFactory(user=UserFactory(email="ada@princeton.edu"), status="submitted")
    client = client_of(application.user)
    body = {"amount": "250.50", "currency": "eur", "origin": " Lisbon ", "country": "Portugal"}
    response = client.put("/api/travel/request", body, content_type="application/json")
    assert response.status_code == 200, response.json()
    assert response.json() == {"amount": "250.50", "currency": "EUR", "origin": "Lisbon", "country": "Portugal"}
    mine = client.get("/api/travel/mine").json()
    assert mine["request"]["amount"] == "250.50" and mine["grant"] is None


@pytest.mark.parametrize(
    ("body", "field"),
    [
        ({"amount": "-3", "currency": "EUR", "origin": "Lisbon", "country": "Portugal"}, "amount"),
        ({"amount": "abc", "currency": "EUR", "origin": "Lisbon", "country": "Portugal"}, "amount"),
        ({"amount": "10", "currency": "EURO", "origin": "Lisbon", "country": "Portugal"}, "currency"),
        ({"amount": "10", "currency": "EUR", "origin": "", "country": "Portugal"}, "origin"),
        ({"amount": "10", "currency": "EUR", "origin": "Lisbon"}, "country"),
    ],
)
def test_a_bad_request_is_refused_at_its_field_and_saves_nothing(body, field):
    application = ApplicationFactory(user=UserFactory(email="ada@princeton.edu"), status="submitted")
    response = client_of(application.user).put("/api/travel/request", body, content_type="application/json")
    assert response.status_code == 400
    assert field in response.json()["errors"]
    assert not TravelRequest.objects.exists()


def test_a_grant_sets_the_amount_and_the_old_flag_with_its_history():
    budget("1000")
    ada = person("ada@princeton.edu")
    org = organizer()
    response = put_grant(org, ada.pk, "300")
    assert response.status_code == 200, response.json()
    assert response.json() == {"application_id": ada.pk, "amount": "300.00", "status": "granted"}
    ada.refresh_from_db()
    assert ada.travel_reimbursement is True
    event = ApplicationEvent.objects.filter(application=ada, field="travel_reimbursement").first()
    assert (event.from_value, event.to_value, event.actor_id) == ("False", "True", org.user.pk)
    overview = org.get("/api/travel/overview").json()
    assert (overview["budget"], overview["granted"], overview["left"]) == ("1000.00", "300.00", "700.00")
    mine = client_of(ada.user).get("/api/travel/mine").json()
    assert mine["grant"]["amount"] == "300.00" and mine["currency"] == "USD"


def test_a_grant_past_the_budget_is_refused_with_what_is_left_and_changes_nothing():
    budget("500")
    ada, bob = person("ada@princeton.edu"), person("bob@princeton.edu")
    org = organizer()
    assert put_grant(org, ada.pk, "400").status_code == 200
    response = put_grant(org, bob.pk, "150")
    assert response.status_code == 409
    assert response.json()["errors"]["amount"] == ["This would exceed the travel budget: 100.00 USD is left."]
    assert not TravelGrant.objects.filter(application=bob).exists()
    bob.refresh_from_db()
    assert bob.travel_reimbursement is False
    # Raising a grant counts what it already holds.
    assert put_grant(org, ada.pk, "500").status_code == 200


def test_only_applicants_offered_a_spot_are_granted():
    budget("500")
    submitted = person("ada@princeton.edu", status="submitted")
    response = put_grant(organizer(), submitted.pk, "100")
    assert response.status_code == 409
    assert not TravelGrant.objects.exists()


def test_bulk_by_country_is_all_or_nothing():
    budget("700")
    person("ada@princeton.edu", country="Portugal")
    person("bob@princeton.edu", country="portugal", origin="Porto")
    person("cy@princeton.edu", country="Spain", origin="Madrid")
    org = organizer()
    too_much = org.post(
        "/api/travel/grants/bulk",
        {"by": "country", "value": "Portugal", "amount": "400"},
        content_type="application/json",
    )
    assert too_much.status_code == 409 and "amount" in too_much.json()["errors"]
    assert not TravelGrant.objects.exists()
    done = org.post(
        "/api/travel/grants/bulk",
        {"by": "country", "value": "Portugal", "amount": "300"},
        content_type="application/json",
    )
    assert done.status_code == 200 and done.json()["granted"] == 2
    by_city = org.post(
        "/api/travel/grants/bulk", {"by": "origin", "value": "madrid", "amount": "100"}, content_type="application/json"
    )
    assert by_city.status_code == 200 and by_city.json()["granted"] == 1
    assert sorted(TravelGrant.objects.values_list("amount", flat=True)) == [
        Decimal("100"),
        Decimal("300"),
        Decimal("300"),
    ]
    nobody = org.post(
        "/api/travel/grants/bulk",
        {"by": "country", "value": "Portugal", "amount": "1"},
        content_type="application/json",
    )
    assert nobody.status_code == 409 and "value" in nobody.json()["errors"]


def test_the_budget_cannot_drop_below_what_is_granted():
    budget("500")
    ada = person("ada@princeton.edu")
    org = organizer()
    put_grant(org, ada.pk, "400")
    response = org.put(
        "/api/travel/budget",
        {"amount": "300", "currency": "USD", "receipts_due": None},
        content_type="application/json",
    )
    assert response.status_code == 409 and "amount" in response.json()["errors"]
    assert org.get("/api/travel/overview").json()["budget"] == "500.00"


def test_a_withdrawn_grant_returns_the_money_and_clears_the_flag():
    budget("500")
    ada = person("ada@princeton.edu")
    org = organizer()
    put_grant(org, ada.pk, "400")
    assert org.delete(f"/api/travel/grants/{ada.pk}").status_code == 204
    ada.refresh_from_db()
    assert ada.travel_reimbursement is False
    assert org.get("/api/travel/overview").json()["left"] == "500.00"


def test_students_cannot_grant():
    budget("500")
    ada = person("ada@princeton.edu")
    assert put_grant(client_of(ada.user), ada.pk, "100").status_code == 403
    assert not TravelGrant.objects.exists()


def test_the_request_form_starts_from_where_the_application_said_they_travel_from():
    """Asked once, not twice: before a request, the application's travel-from and country
    answers come with the applicant's travel, for the form to start from."""
    application = ApplicationFactory(user=UserFactory(email="ada@princeton.edu"), status="submitted")
    assert any(q["question_type"] == "country" for s in question_set(application.cycle) for q in s["questions"])
    client = client_of(application.user)
    assert client.get("/api/travel/mine").json()["answered"] == {"origin": "", "country": ""}
    Answer.objects.bulk_create(
        [
            Answer(application=application, question_id="travel_from", value="Porto"),
            Answer(application=application, question_id="country", value="Portugal"),
            Answer(application=application, question_id="major", value="Maths"),
        ]
    )
    assert client.get("/api/travel/mine").json()["answered"] == {"origin": "Porto", "country": "Portugal"}
    body = {"amount": "250", "currency": "EUR", "origin": "Lisbon", "country": "Portugal"}
    assert client.put("/api/travel/request", body, content_type="application/json").status_code == 200
    mine = client.get("/api/travel/mine").json()
    assert mine["answered"] is None and mine["request"]["origin"] == "Lisbon"
