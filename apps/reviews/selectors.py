"""Reads of review assignments: a reviewer's list in assignment order, and one position."""

from __future__ import annotations

from django.db.models import QuerySet

from apps.applications.models import Application
from apps.applications.organizer import clean_path_email
from apps.applications.status_machine import DRAFTS
from apps.cycles.models import Cycle
from apps.cycles.selectors import current_cycle

from .models import Assignment

# Past any real list; keeps the SQL OFFSET inside a 64-bit integer.
MAX_INDEX = 10_000_000
# How many unassigned applications the assign page offers at most (its props stay small).
OFFER_LIMIT = 1000
DOES_NOT_EXIST = {"email": "dne"}


def _assignments(*, reviewer_email: str, cycle: Cycle | None = None) -> QuerySet[Assignment]:
    """The reviewer's assignments on the current cycle's applications, in assignment order."""
    email = clean_path_email(reviewer_email)
    if email is None:
        return Assignment.objects.none()
    cycle = cycle or current_cycle()
    return Assignment.objects.filter(reviewer__email=email, application__cycle=cycle).order_by("position", "pk")


def assigned_applications(*, reviewer_email: str) -> list[dict]:
    """`[{"email", "status"}]`, the status being the review status (one query)."""
    rows = _assignments(reviewer_email=reviewer_email).values_list("application__email", "status")
    return [{"email": email, "status": status} for email, status in rows]


def assignment_at(*, reviewer_email: str, index: int) -> dict:
    """The index-th (0-based) assignment as `{"email", "status"}`, or `{"email": "dne"}`."""
    if index < 0 or index > MAX_INDEX:
        return dict(DOES_NOT_EXIST)
    row = _assignments(reviewer_email=reviewer_email).values_list("application__email", "status")[index : index + 1]
    found = list(row)
    if not found:
        return dict(DOES_NOT_EXIST)
    email, status = found[0]
    return {"email": email, "status": status}


def assignment_row_at(*, reviewer_email: str, index: int) -> tuple[int, str, str] | None:
    """The index-th (0-based) assignment as (application id, email, status), or None."""
    if index < 0 or index > MAX_INDEX:
        return None
    rows = _assignments(reviewer_email=reviewer_email).values_list("application_id", "application__email", "status")
    found = list(rows[index : index + 1])
    return found[0] if found else None


def unassigned_applications(*, cycle: Cycle | None = None, limit: int = OFFER_LIMIT) -> tuple[list[str], bool]:
    """The emails of the cycle's submitted applications that no one reviews yet, in email
    order, at most `limit`, and whether there are more: what the assign page offers. Drafts
    are never offered: they can't be assigned (services.assign). One query."""
    cycle = cycle or current_cycle()
    emails = list(
        Application.objects.filter(cycle=cycle, assignments__isnull=True)
        .exclude(status__in=DRAFTS)
        .order_by("email")
        .values_list("email", flat=True)[: limit + 1]
    )
    return emails[:limit], len(emails) > limit
