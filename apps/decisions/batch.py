"""The batch decision: one decision for many applicants at once (POST `batch-status`).

The addresses are read as every batch of addresses is (apps.applications.organizer: pasted
text or a list, at most MAX_BATCH); the decisions go through the status machine's bulk door
(`decide_many`): chunk by chunk, each chunk's rows locked once, updated in one statement and
recorded in one, by the same rules as a single decision.
"""

from __future__ import annotations

from django.db import transaction
from django.utils.translation import gettext_lazy as _

from apps.applications import status_machine
from apps.applications.organizer import NO_APPLICATION, NOT_AN_EMAIL, applications_by_email, parse_batch_emails
from apps.core.exceptions import ApplicationError
from apps.cycles.selectors import current_cycle
from apps.travel import grants

from .travel import check_offer

NOT_SUBMITTED = _("Not submitted yet.")


DONE_LABELS = {status.value: status.label for status in status_machine.BATCH_DECISIONS}


def batch_decide(
    *,
    actor,
    emails,
    status: str,
    travel_reimbursement: bool | None = None,
    housing_accommodations: bool | None = None,
    override: bool = False,
    dry_run: bool = False,
) -> dict:
    """Record one decision for many applicants in one call. A refusal (a draft, an applicant's
    own answer without `override`) skips its address and never undoes the rest.

    Returns, in the order given:
    `{"approved": [email], "failed": [{"email", "reason"}], "skipped": [{"email", "reason"}],
    "emailed": n}` — `skipped` the applicants who already confirmed or declined (reason
    "already confirmed" / "already declined"; `override` decides them too), `emailed` how many
    decision emails the batch queues (after release only). A `dry_run` answers the same
    without changing anything.
    """
    if status not in status_machine.BATCH_DECISIONS:
        raise ApplicationError(
            _("'%(status)s' is not a batch decision.") % {"status": status},
            errors={"status": [_("Not a batch decision.")]},
        )
    check_offer(status, travel_reimbursement)
    addresses, malformed = parse_batch_emails(emails)
    cycle = current_cycle()
    ids = applications_by_email(emails=addresses, cycle=cycle)

    def decide():
        return status_machine.decide_many(
            application_ids=ids.values(),
            status=status,
            actor=actor,
            cycle_id=cycle.pk,
            travel_reimbursement=travel_reimbursement,
            housing_accommodations=housing_accommodations,
            override=override,
            dry_run=dry_run,
        )

    if not grants.decision_changes_grants(cycle=cycle, application_ids=ids.values(), travel=travel_reimbursement):
        # Chunk by chunk, each committed as it is done (status_machine.transition_many).
        outcome = decide()
    else:
        # With the grants the travel answer makes or takes back: all in one transaction, the
        # budget locked first (apps/decisions/travel.py), so a batch the budget can't cover, or
        # one that would take back a grant with receipts, changes nothing, in a dry run too.
        with transaction.atomic():
            budget = grants.budget_of(cycle, lock=True)
            outcome = decide()
            grants.follow_decision(
                cycle=cycle,
                application_ids=outcome.moved,
                travel=travel_reimbursement,
                actor=actor,
                dry_run=dry_run,
                budget=budget,
            )
    moved = set(outcome.moved)
    approved: list[str] = []
    failed: list[dict] = [{"email": value, "reason": str(NOT_AN_EMAIL)} for value in malformed]
    skipped: list[dict] = []
    for email in addresses:
        application_id = ids.get(email)
        refused = outcome.refused.get(application_id) if application_id is not None else None
        if application_id in moved:
            approved.append(email)
        elif refused is None:
            # No application, or deleted between the lookup and the lock.
            failed.append({"email": email, "reason": str(NO_APPLICATION)})
        elif refused.reason == "not_allowed":
            failed.append({"email": email, "reason": str(NOT_SUBMITTED)})
        else:
            # The reason in the reader's words; the code (its English word) is what clients compare.
            skipped.append(
                {"email": email, "reason": str(status_machine.SKIP_WORDS[refused.reason]), "code": refused.reason}
            )
    return {
        "approved": approved,
        "failed": failed,
        "skipped": skipped,
        "emailed": len(outcome.announced),
        # What the decided list is headed by: the decision made ("Waitlisted"), never a
        # generic "Approved" (the key keeps its old name for the clients that read it).
        "done_label": str(DONE_LABELS[status]),
    }
