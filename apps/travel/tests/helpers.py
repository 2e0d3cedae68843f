"""Test data for travel: applicants at a status (factories), their requests, a budget, clients."""

from __future__ import annotations

from decimal import Decimal

from django.core.files.uploadedfile import SimpleUploadedFile

from apps.accounts.models import Role
from apps.core.tests.factories import ApplicationFactory, UserFactory
from apps.cycles.selectors import current_cycle
from apps.travel import grants
from apps.travel.models import TravelRequest
from conftest import PortalClient

PDF = b"%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n"
PNG = b"\x89PNG\r\n\x1a\n" + b"\x00" * 64


def client_of(user) -> PortalClient:
    client = PortalClient()
    client.force_login(user)
    client.user = user
    return client


def organizer() -> PortalClient:
    return client_of(UserFactory(role=Role.ADMIN))


def person(email: str, status: str = "confirmed", *, amount="300", origin="Lisbon", country="Portugal", **kwargs):
    application = ApplicationFactory(user=UserFactory(email=email), status=status, **kwargs)
    if amount is not None:
        TravelRequest.objects.create(
            application=application, amount=Decimal(amount), currency="EUR", origin=origin, country=country
        )
    return application


def budget(amount="1000", **kwargs):
    return grants.set_budget(
        cycle=current_cycle(),
        amount=Decimal(amount),
        currency=kwargs.get("currency", "USD"),
        receipts_due=kwargs.get("due"),
    )


def receipt_file(content: bytes = PDF, name: str = "train.pdf", content_type: str = "application/pdf"):
    return SimpleUploadedFile(name, content, content_type=content_type)
