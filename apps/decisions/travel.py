"""A decision's travel reimbursement, kept by a travel grant (apps.travel.grants.follow_decision).

The decision and its grant are one transaction: a grant the budget can't cover refuses the
decision, with the reason, and changes nothing. The budget row is locked before the
application rows, as every grant locks it first, so a decision and a grant made at once take
turns instead of deadlocking.
"""

from __future__ import annotations

from django.db import transaction

from apps.applications import status_machine
from apps.applications.models import Application
from apps.core.exceptions import ApplicationError
from apps.cycles.selectors import current_cycle
from apps.travel import grants


def check_offer(status: str, travel_reimbursement: bool | None) -> None:
    """Travel reimbursement is granted with an offer of a place: a 400 for "Yes" with any other
    decision (a waitlisted applicant gets it with the offer that takes them off the list)."""
    if travel_reimbursement and status not in status_machine.OFFERS:
        raise ApplicationError(grants.OFFER_ONLY, errors={"travel_reimbursement": [grants.OFFER_ONLY]})


def decide_with_travel(
    *,
    application_id: int,
    status: str,
    actor,
    travel_reimbursement: bool | None,
    housing_accommodations: bool | None,
    override: bool,
) -> Application:
    """One organizer's decision through the status machine, with its grant."""
    check_offer(status, travel_reimbursement)
    decision = {
        "application_id": application_id,
        "status": status,
        "actor": actor,
        "travel_reimbursement": travel_reimbursement,
        "housing_accommodations": housing_accommodations,
        "override": override,
    }
    if travel_reimbursement is None:
        # No travel answer, no grant to follow: the status machine's own transaction, as before.
        return status_machine.decide(**decision)
    with transaction.atomic():
        cycle = current_cycle()
        budget = grants.budget_of(cycle, lock=True)
        # In this transaction, without a savepoint of its own: a refusal fails the whole.
        application = status_machine.decide(**decision, savepoint=False)
        grants.follow_decision(
            cycle=cycle, application_ids=[application.pk], travel=travel_reimbursement, actor=actor, budget=budget
        )
    return application
