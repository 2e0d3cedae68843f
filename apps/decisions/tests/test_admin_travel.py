"""The Django admin's application page decides as the organizers' pages do: "Travel
reimbursement: Yes" is a grant from the budget, refused whole when the budget can't cover it,
and never a flag set beside the grants by another move."""

from __future__ import annotations

from decimal import Decimal

import pytest
from django.contrib import admin

from apps.applications.models import Application, ApplicationEvent
from apps.applications.tests.organizer_data import make_application, small_question_set
from apps.applications.tests.test_admin_site import form_data, su_client, superuser  # noqa: F401 - fixtures
from apps.decisions.admin import DecidingApplicationAdmin
from apps.travel.models import TravelGrant
from apps.travel.tests.helpers import budget

pytestmark = pytest.mark.django_db


@pytest.fixture
def ada(superuser):  # noqa: F811
    small_question_set()
    return make_application("ada@princeton.edu", first="Ada")


def post(su_client, application, **changes):  # noqa: F811
    url = f"/django-admin/applications/application/{application.pk}/change/"
    data = form_data(su_client.get(url))
    data.update(changes)
    return su_client.post(url, data, follow=True)


def test_the_page_registered_is_the_one_that_grants():
    assert type(admin.site._registry[Application]) is DecidingApplicationAdmin


def test_accepting_with_travel_grants_the_default_amount(su_client, superuser, ada):  # noqa: F811
    budget("250")
    r = post(su_client, ada, new_status="accepted", new_travel_reimbursement="yes")
    assert r.status_code == 200 and "was changed successfully" in r.content.decode()
    ada.refresh_from_db()
    assert ada.status == "accepted" and ada.travel_reimbursement is True
    grant = TravelGrant.objects.get(application=ada)
    assert (grant.amount, grant.status, grant.granted_by) == (Decimal("100.00"), "granted", superuser)


def test_a_budget_that_cant_cover_it_refuses_the_whole_save(su_client, ada):  # noqa: F811
    budget("50")
    r = post(su_client, ada, new_status="accepted", new_travel_reimbursement="yes", first="Augusta")
    page = r.content.decode()
    assert r.status_code == 200 and "Nothing was saved" in page and "was changed successfully" not in page
    ada.refresh_from_db()
    assert (ada.status, ada.travel_reimbursement, ada.first) == ("submitted", False, "Ada")
    assert not TravelGrant.objects.exists()
    assert not ApplicationEvent.objects.filter(application=ada).exclude(field="status", to_value="submitted").exists()


@pytest.mark.parametrize(
    ("changes", "message"),
    [
        # Yes with a decision that offers no place.
        ({"new_status": "rejected", "new_travel_reimbursement": "yes"}, "goes with an offer of a place"),
        # Yes with the status kept, submitted: no offer either.
        ({"new_travel_reimbursement": "yes"}, "goes with an offer of a place"),
        # Travel with a move that is no decision: the flag alone, beside the grants.
        ({"new_status": "confirmed", "new_travel_reimbursement": "no"}, "part of a decision"),
        ({"new_status": "started", "new_travel_reimbursement": "no"}, "part of a decision"),
    ],
)
def test_travel_outside_an_offer_is_refused_by_the_form(su_client, ada, changes, message):  # noqa: F811
    budget("1000")
    r = post(su_client, ada, **changes)
    assert r.status_code == 200 and message in r.content.decode()
    ada.refresh_from_db()
    assert (ada.status, ada.travel_reimbursement) == ("submitted", False)
    assert not TravelGrant.objects.exists()


def test_no_takes_back_a_grant_without_receipts(su_client, ada):  # noqa: F811
    budget("1000")
    post(su_client, ada, new_status="accepted", new_travel_reimbursement="yes")
    assert TravelGrant.objects.filter(application=ada).exists()
    r = post(su_client, ada, new_status="accepted", new_travel_reimbursement="no")
    assert "was changed successfully" in r.content.decode()
    ada.refresh_from_db()
    assert ada.travel_reimbursement is False
    assert not TravelGrant.objects.filter(application=ada, status="granted").exists()
