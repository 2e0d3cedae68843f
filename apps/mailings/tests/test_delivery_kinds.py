"""The one outbox table holds two kinds of rows: a batch email's recipients and automated emails
(keyed, with their template and its values). What each kind may hold, how an automated one is
sent, and how the Django admin tells them apart."""

from __future__ import annotations

import pytest
from django.core import mail
from django.db import IntegrityError, transaction
from django.utils import timezone

from apps.accounts.models import User
from apps.mailings import automated, outbox
from apps.mailings.models import Delivery, Mailing
from conftest import PortalClient

pytestmark = pytest.mark.django_db


@pytest.fixture
def mailing():
    return Mailing.objects.create(subject="Hi", audience="custom", html="<p>Hi</p>", send_at=timezone.now())


def automated_row(key: str = "decision:7:accepted", email: str = "ada@princeton.edu", **fields) -> Delivery:
    fields.setdefault("template_key", "decision_accepted")
    fields.setdefault("context", {"first_name": "Ada", "status": "accepted"})
    return Delivery(email=email, dedupe_key=key, **fields)


def refused(row: Delivery) -> bool:
    try:
        with transaction.atomic():
            row.save()
    except IntegrityError:
        return True
    return False


def test_a_row_is_a_mailings_recipient_or_an_automated_email_never_both_nor_neither(mailing):
    assert refused(Delivery(email="a@princeton.edu"))
    assert refused(Delivery(mailing=mailing, email="a@princeton.edu", template_key="decision_accepted"))
    assert not refused(Delivery(mailing=mailing, email="a@princeton.edu"))
    assert not refused(automated_row())


def test_a_key_is_recorded_once_and_a_mailing_reaches_an_address_once(mailing):
    """Recording the same automated email again adds nothing (a second release); the same
    address may get many automated emails and many mailings, each mailing once."""
    Delivery.objects.bulk_create([automated_row()])
    Delivery.objects.bulk_create([automated_row(), automated_row("decision:7:rejected")], ignore_conflicts=True)
    assert sorted(Delivery.objects.values_list("dedupe_key", flat=True)) == [
        "decision:7:accepted",
        "decision:7:rejected",
    ]
    Delivery.objects.create(mailing=mailing, email="ada@princeton.edu")
    assert refused(Delivery(mailing=mailing, email="ada@princeton.edu"))


def test_the_message_id_comes_from_the_key_or_the_mailing(mailing):
    row = automated_row()
    assert row.message_id() == "<decision-7-accepted@testserver>" == outbox.message_id("decision", 7, "accepted")
    delivery = Delivery.objects.create(mailing=mailing, email="ada@princeton.edu")
    assert delivery.message_id() == f"<mailing-{mailing.pk}-delivery-{delivery.pk}@testserver>"
    assert (row.kind, delivery.kind) == ("decision_accepted", "mailing")


def test_an_automated_row_is_sent_with_its_template_its_values_and_its_message_id():
    row = automated_row(context={"first_name": "Grace", "status": "accepted", "travel_reimbursement": True})
    row.save()
    attempt = outbox.deliver(outbox.claim(Delivery.objects.filter(pk=row.pk)), automated.send_delivery)
    assert attempt.sent
    [message] = mail.outbox
    assert message.to == ["ada@princeton.edu"]
    assert message.extra_headers["Message-ID"] == "<decision-7-accepted@testserver>"
    assert "Grace" in message.body and "accepted" in message.subject.lower()


def test_the_admin_lists_both_kinds_and_filters_by_kind(mailing):
    Delivery.objects.create(mailing=mailing, email="batch@princeton.edu")
    automated_row(email="ada@princeton.edu").save()
    automated_row("decision:8:rejected", email="alan@princeton.edu", template_key="decision_rejected").save()
    client = PortalClient()
    client.force_login(User.objects.create_superuser(email="root@princeton.edu", password="Coffee-Beans-42"))
    url = "/django-admin/mailings/delivery/"

    def listed(**query) -> list[str]:
        r = client.get(url, query)
        assert r.status_code == 200
        return sorted(row.email for row in r.context["cl"].result_list)

    assert listed() == ["ada@princeton.edu", "alan@princeton.edu", "batch@princeton.edu"]
    assert listed(kind="mailing") == ["batch@princeton.edu"]
    assert listed(kind="automated") == ["ada@princeton.edu", "alan@princeton.edu"]
    assert listed(kind="decision_rejected") == ["alan@princeton.edu"]
    assert listed(q="decision:7") == ["ada@princeton.edu"]
    page = client.get(url).content.decode()
    assert "decision_accepted" in page and "Batch email" in page
