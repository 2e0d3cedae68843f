"""Overlapping batch senders (Celery beat starts one every 30 s) still send each recipient once."""

from __future__ import annotations

import collections
import threading

import pytest
from django.core import mail
from django.db import connection
from django.utils import timezone

from apps.mailings import services
from apps.mailings.models import Delivery, Mailing

SENDERS = 4
RECIPIENTS = 400


def _run_senders(count: int) -> list:
    """Run `count` send_due_mailings at once, each in its own thread with its own connection."""
    barrier = threading.Barrier(count)
    reports, errors = [], []

    def sender():
        try:
            barrier.wait()
            reports.append(services.send_due_mailings())
        except Exception as error:  # noqa: BLE001 - surfaced by the assertion below
            errors.append(error)
        finally:
            connection.close()

    threads = [threading.Thread(target=sender) for _ in range(count)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=120)
    assert not any(thread.is_alive() for thread in threads), "a sender hung"
    assert errors == []
    return reports


@pytest.mark.django_db(transaction=True)
def test_four_overlapping_senders_send_each_recipient_exactly_once():
    """Four senders on one mailing, each on its own connection: every recipient gets exactly
    one message, the work is shared, and the mailing ends sent. (SQLite: the claims take turns
    on the database's write lock, BEGIN IMMEDIATE, where PostgreSQL skips locked rows.)"""
    mailing = Mailing.objects.create(subject="Overlap", audience="custom", html="<p>Hi</p>", send_at=timezone.now())
    emails = [f"hacker{i:04d}@princeton.edu" for i in range(RECIPIENTS)]
    Delivery.objects.bulk_create([Delivery(mailing=mailing, email=email) for email in emails])
    mail.outbox.clear()

    reports = _run_senders(SENDERS)

    copies = collections.Counter(message.to[0] for message in mail.outbox)
    duplicates = {email: n for email, n in copies.items() if n > 1}
    assert duplicates == {}, f"{sum(duplicates.values()) - len(duplicates)} extra copies"
    assert sorted(copies) == emails
    assert sum(report.sent for report in reports) == RECIPIENTS
    assert set(Delivery.objects.filter(mailing=mailing).values_list("state", "attempts")) == {("sent", 1)}
    assert Mailing.objects.get(pk=mailing.pk).status == "sent"
