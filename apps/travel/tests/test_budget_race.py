"""Organizers granting at the same moment never pass the budget: each grant locks the budget
row, so the later ones wait and count what the earlier ones granted. Real transactions and
threads on PostgreSQL (SQLite runs one writer at a time, so there is no race to test there)."""

from __future__ import annotations

import threading
from decimal import Decimal

import pytest
from django.db import connection

from apps.cycles.selectors import current_cycle
from apps.travel import grants
from apps.travel.models import TravelGrant

from .helpers import budget, person

pytestmark = [
    pytest.mark.django_db(transaction=True),
    pytest.mark.skipif(connection.vendor != "postgresql", reason="row locks: PostgreSQL only"),
]


def test_concurrent_grants_stop_at_the_budget(monkeypatch):
    budget("1000")
    people = [person(f"p{i}@princeton.edu") for i in range(6)]
    cycle = current_cycle()
    barrier = threading.Barrier(len(people), timeout=20)
    real_budget_of = grants.budget_of

    def budget_of_together(*args, **kwargs):
        # Every thread asks for the budget at the same moment: without the row lock each would
        # read the same total and all six grants of 300 would pass a budget of 1000.
        if kwargs.get("lock"):
            barrier.wait()
        return real_budget_of(*args, **kwargs)

    monkeypatch.setattr(grants, "budget_of", budget_of_together)
    outcomes: list = [None] * len(people)

    def run(index, application):
        try:
            grants.grant(cycle=cycle, application_id=application.pk, amount=Decimal("300"), actor=None)
            outcomes[index] = "granted"
        except Exception as exc:  # noqa: BLE001 - counted below
            outcomes[index] = getattr(exc, "status", repr(exc))
        finally:
            connection.close()

    threads = [threading.Thread(target=run, args=(i, a)) for i, a in enumerate(people)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(30)
    assert sorted(outcomes, key=str) == sorted(["granted"] * 3 + [409] * 3, key=str), outcomes
    assert TravelGrant.objects.count() == 3
    assert grants.granted_total(cycle) == Decimal("900")
