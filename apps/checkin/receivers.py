"""apps.checkin's answer to the status machine's announcement (connected in CheckinConfig.ready).

`status_changed` arrives inside the transaction that changed the statuses, so the ticket is
issued (or voided) in it: a confirmation's response, and any status read after it, already
find the ticket, and a rolled-back confirmation leaves none. The ticket's email is recorded in
the outbox with it and sent once the transaction commits.
"""

from __future__ import annotations

from apps.applications.models import ApplicationStatus as S


def tickets_follow_status(sender, *, changes: list[tuple[int, str, str]], **kwargs) -> None:
    """A confirmation gets its ticket; someone who holds one and is no longer confirmed (gave
    up their spot, or an organizer overrode the decision) has it voided."""
    from . import tickets

    confirmed = [pk for pk, _old, new in changes if new == S.CONFIRMED]
    left = [pk for pk, old, new in changes if old in tickets.HOLDERS and new not in tickets.HOLDERS]
    for application_id in confirmed:
        tickets.issue_if_missing(application_id=application_id, locked=True)
    if left:
        tickets.void_live(application_ids=left)
