"""An offer's deadline: the one rule, read by the dashboard (what the applicant sees), the
deadline task that sends reminders and expires offers (apps.decisions.offers), and the
organizers' pages.

An offer (accepted, waitlist accepted) must be answered by the end of the cycle's
confirmation date for it (the first deadline for an acceptance, the second for an offer from
the waitlist), or within the cycle's `offer_days` after it was made, whichever comes first.
The cycle's dates are UTC days (as the applicant's windows count them), so a date's deadline is
the midnight UTC that ends it.
"""

from __future__ import annotations

import datetime

from apps.cycles.models import Cycle

from .models import ApplicationStatus as S

# Which of the cycle's dates closes each kind of offer.
DEADLINE_DATES = {
    S.ACCEPTED: "confirmation_first_deadline",
    S.WAITLIST_ACCEPTED: "confirmation_second_deadline",
}


def end_of_day(day: datetime.date) -> datetime.datetime:
    return datetime.datetime.combine(day + datetime.timedelta(days=1), datetime.time(), tzinfo=datetime.UTC)


def offer_deadline(*, status: str, offered_at: datetime.datetime | None, cycle: Cycle) -> datetime.datetime | None:
    """When an offer in `status`, made at `offered_at`, lapses; None when `status` is no offer.
    Without `offered_at` (an offer made before it was kept) the cycle's date alone counts."""
    date_field = DEADLINE_DATES.get(status)
    if date_field is None:
        return None
    deadline = end_of_day(getattr(cycle, date_field))
    if cycle.offer_days and offered_at is not None:
        deadline = min(deadline, offered_at + datetime.timedelta(days=cycle.offer_days))
    return deadline
