"""Test data for check-in: applicants brought to their status through the status machine, and
tickets issued the way a confirmation issues them."""

from __future__ import annotations

import uuid

from apps.accounts.models import Role
from apps.applications.models import Answer, Application
from apps.checkin import tickets
from apps.checkin.models import Ticket
from apps.core.tests.factories import ApplicationFactory, UserFactory
from conftest import PortalClient


def applicant(email: str, status: str = "confirmed", **kwargs) -> Application:
    user = UserFactory(email=email)
    application = ApplicationFactory(user=user, status=status, **kwargs)
    Answer.objects.create(application=application, question_id="tshirt_size", value="M")
    Answer.objects.create(application=application, question_id="dietary_restrictions", value="Vegan,Nut allergy")
    return application


def ticket_for(application: Application) -> Ticket:
    """The confirmation's ticket (what the status_changed receiver does after commit)."""
    ticket = tickets.issue_if_missing(application_id=application.pk)
    if ticket is None:
        # With real commits (transactional tests) the receiver has issued it already.
        ticket = Ticket.objects.get(application=application, voided_at__isnull=True)
    return ticket


def token(ticket: Ticket) -> str:
    return tickets.token_of(ticket)


def staff_client(role: str = Role.VOLUNTEER, email: str | None = None) -> PortalClient:
    user = UserFactory(role=role, **({"email": email} if email else {}))
    client = PortalClient()
    client.force_login(user)
    client.user = user
    return client


def scan(client, token_value: str, scan_id: str | None = None):
    return client.post(
        "/api/checkin/scan",
        {"token": token_value, "scan_id": scan_id or str(uuid.uuid4())},
        content_type="application/json",
    )
