"""The batch decision: one decision for many applicants at once (POST `batch-status`).

The addresses are read as every batch of addresses is (apps.applications.organizer: pasted
text or a list, at most MAX_BATCH); each decision goes through the status machine.
"""

from __future__ import annotations

from apps.applications import status_machine
from apps.applications.organizer import NO_APPLICATION, NOT_AN_EMAIL, applications_by_email, parse_batch_emails
from apps.core.exceptions import ApplicationError
from apps.cycles.selectors import current_cycle

NOT_SUBMITTED = "Not submitted yet."


def batch_decide(
    *,
    actor,
    emails,
    status: str,
    travel_reimbursement: bool | None = None,
    housing_accommodations: bool | None = None,
) -> dict:
    """Record one decision for many applicants: the whole batch in one call, each application
    in its own transaction through the status machine, so one refusal never undoes the rest.

    Returns `{"approved": [email], "failed": [{"email", "reason"}]}` in the order given.
    """
    if status not in status_machine.BATCH_DECISIONS:
        raise ApplicationError(f"'{status}' is not a batch decision.", errors={"status": ["Not a batch decision."]})
    addresses, malformed = parse_batch_emails(emails)
    cycle = current_cycle()
    ids = applications_by_email(emails=addresses, cycle=cycle)
    approved: list[str] = []
    failed: list[dict] = [{"email": value, "reason": NOT_AN_EMAIL} for value in malformed]
    for email in addresses:
        application_id = ids.get(email)
        if application_id is None:
            failed.append({"email": email, "reason": NO_APPLICATION})
            continue
        try:
            status_machine.decide(
                application_id=application_id,
                status=status,
                actor=actor,
                travel_reimbursement=travel_reimbursement,
                housing_accommodations=housing_accommodations,
                choices=status_machine.BATCH_DECISIONS,
            )
        except ApplicationError as exc:
            # 409: still a draft; 404: deleted between the lookup and the lock.
            reason = {409: NOT_SUBMITTED, 404: NO_APPLICATION}.get(exc.status, exc.message)
            failed.append({"email": email, "reason": reason})
        else:
            approved.append(email)
    return {"approved": approved, "failed": failed}
