"""`grant_promised_travel`: the applications promised travel by a decision made before a
decision's "Yes" became a grant get the default grant, within the budget, all or none."""

from __future__ import annotations

import io
from decimal import Decimal

import pytest
from django.core.management import call_command
from django.core.management.base import CommandError

from apps.applications import status_machine
from apps.applications.models import Application
from apps.applications.tests.organizer_data import make_application
from apps.travel.models import TravelGrant
from apps.travel.tests.helpers import budget

pytestmark = pytest.mark.django_db


def run(*args) -> str:
    out = io.StringIO()
    call_command("grant_promised_travel", *args, stdout=out, stderr=io.StringIO())
    return out.getvalue()


def promised(email: str, status: str) -> Application:
    """Decided with travel the old way: the flag alone (the status machine takes no grant)."""
    application = make_application(email)
    status_machine.decide(application_id=application.pk, status=status, actor=None, travel_reimbursement=True)
    return application


def test_the_offered_get_the_default_grant_within_the_budget_all_or_none():
    ada, bo = promised("ada@princeton.edu", "accepted"), promised("bo@princeton.edu", "waitlist_accepted")
    promised("cy@princeton.edu", "waitlisted")
    budget("150")
    with pytest.raises(CommandError, match="150.00 USD is left"):
        run()
    assert not TravelGrant.objects.exists()

    budget("500")
    assert "Would grant 100.00 USD to each of 2." in run("--dry-run")
    assert not TravelGrant.objects.exists()
    out = run()
    assert "Granted 100.00 USD to each of 2." in out
    assert "1 promised travel without an offer of a place" in out
    assert sorted(TravelGrant.objects.values_list("application_id", "amount")) == sorted(
        [(ada.pk, Decimal("100.00")), (bo.pk, Decimal("100.00"))]
    )
    # Run again: nothing left to grant, nothing granted twice.
    assert "Every applicant offered a place and promised travel has a grant." in run()
    assert TravelGrant.objects.count() == 2
