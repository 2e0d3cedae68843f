"""Admission from the ranking: fill to capacity (preview, then decisions through the status
machine in one request) and the capacity figures."""

from __future__ import annotations

from collections.abc import Iterator

from django.db import transaction
from django.utils.translation import gettext_lazy as _

from apps.applications import selections, status_machine
from apps.applications.models import Application
from apps.applications.models import ApplicationStatus as S
from apps.core.exceptions import ApplicationError
from apps.cycles.models import Cycle

from .models import AdmissionPlan
from .ranking import ROW_FIELDS, SUMMARY_FIELDS, ensure_fresh, row_of

# Who already holds a place (accepted, waitlist-accepted, confirmed, checked in): the one
# "admitted" count, so the preview's "already admitted" and its arithmetic are the same number.
ADMITTED = selections.ADMITTED
CONFIRM_FIRST = _("Accepting now records %(n)s acceptances. Confirm that number (confirm_count) to record them.")


def target_admitted(capacity: int, attendance_rate: float) -> int:
    """How many to admit so that about `capacity` come: capacity / attendance rate, rounded."""
    return round(capacity / attendance_rate)


CANDIDATE_CHUNK = 2000


def _candidates(cycle: Cycle) -> Iterator[dict]:
    """Undecided scored applications in rank order, read CANDIDATE_CHUNK at a time by the rank
    index (a keyset: one statement per chunk), so a plan for 1,000 reads ~1,000 rows, not all."""
    after = 0
    while True:
        chunk = list(
            Application.objects.filter(
                cycle=cycle, status=S.SUBMITTED, review_summary__rank__isnull=False, review_summary__rank__gt=after
            )
            .order_by("review_summary__rank")
            .values(*ROW_FIELDS, *SUMMARY_FIELDS)[:CANDIDATE_CHUNK]
        )
        for values in chunk:
            yield row_of(values)
        if len(chunk) < CANDIDATE_CHUNK:
            return
        after = chunk[-1]["review_summary__rank"]


def _units(candidates, *, keep_teams: bool, team_members: dict[str, list[dict]]) -> Iterator[list[dict]]:
    """The candidates as decision units in rank order: one application each, or with
    `keep_teams` each team once, at its best member's rank, with all its undecided members."""
    seen: set[str] = set()
    for row in candidates:
        team = row["team"] if keep_teams else None
        if team is None:
            yield [row]
        elif team not in seen:
            seen.add(team)
            yield team_members.get(team) or [row]


def plan(*, cycle: Cycle, capacity: int, attendance_rate: float, waitlist_size: int, keep_teams: bool) -> dict:
    """Who would be accepted and waitlisted now. Undecided (`submitted`) applications with a
    score are the candidates, by rank. A constant number of queries per CANDIDATE_CHUNK
    candidates read (the reading stops once both lists are full).

    The accept count is the target less the people already admitted (`already_admitted`:
    accepted, waitlist-accepted, confirmed, checked in); rejected, waitlisted and declined
    applicants hold no place, so they are not subtracted."""
    ensure_fresh(cycle)
    admitted = selections.count(cycle, [ADMITTED])[ADMITTED]
    target = target_admitted(capacity, attendance_rate)
    to_accept = max(0, target - admitted)
    team_members: dict[str, list[dict]] = {}
    if keep_teams:
        # Every undecided team member, scored or not (unscored ones after the scored, by address).
        members = (
            Application.objects.filter(cycle=cycle, status=S.SUBMITTED, teamcode__isnull=False)
            .exclude(teamcode="")
            .order_by("review_summary__rank", "email")
            .values(*ROW_FIELDS, *SUMMARY_FIELDS)
        )
        for v in members:
            team_members.setdefault(v["teamcode"], []).append(row_of(v))
    accept: list[dict] = []
    waitlist: list[dict] = []
    # One pass in rank order, a page of CANDIDATE_CHUNK at a time, stopping once both lists are
    # full: a unit goes to the accepted if it fits, else to the waitlist if it fits there, else
    # it is passed over for the next (the same as filling the accepted first, then the waitlist
    # from what was passed over, in order).
    units = _units(_candidates(cycle), keep_teams=keep_teams, team_members=team_members)
    while len(accept) < to_accept or len(waitlist) < waitlist_size:
        unit = next(units, None)
        if unit is None:
            break
        if len(unit) <= to_accept - len(accept):
            accept.extend(unit)
        elif len(unit) <= waitlist_size - len(waitlist):
            waitlist.extend(unit)
    teams = {row["team"] for row in accept + waitlist if row["team"]} if keep_teams else set()
    teams_kept = sum(1 for code in teams if len(team_members.get(code, [])) > 1)
    return {
        "accept": accept,
        "waitlist": waitlist,
        "counts": {
            "accept": len(accept),
            "waitlist": len(waitlist),
            "already_admitted": admitted,
            "teams_kept": teams_kept,
            "target": target,
        },
    }


@transaction.atomic
def fill_to_capacity(
    *,
    cycle: Cycle,
    actor,
    capacity: int,
    attendance_rate: float,
    waitlist_size: int,
    keep_teams: bool,
    dry_run: bool,
    confirm_count: int | None = None,
) -> dict:
    """The preview, or (`dry_run` false) the decisions: the accepted and waitlisted recorded by
    the status machine's batch decision (history, after-release emails), each in chunks of a
    constant number of statements, and the plan saved. Needs `confirm_count` equal to the
    accept count it would record, so what the organizer saw is what happens (409 otherwise).

    The plan's row is locked first, as the waitlist refill locks it (apps.reviews.refill)
    before the applications it decides: the same order, so the two never deadlock."""
    if not dry_run:
        AdmissionPlan.objects.select_for_update().filter(cycle=cycle).first()
    result = plan(
        cycle=cycle,
        capacity=capacity,
        attendance_rate=attendance_rate,
        waitlist_size=waitlist_size,
        keep_teams=keep_teams,
    )
    if dry_run:
        return result
    n = result["counts"]["accept"]
    if confirm_count != n:
        raise ApplicationError(
            CONFIRM_FIRST % {"n": n},
            status=409,
            errors={"confirm_count": [_("The preview now accepts %(n)s: confirm that number.") % {"n": n}]},
        )
    for status, rows in ((S.ACCEPTED, result["accept"]), (S.WAITLISTED, result["waitlist"])):
        if rows:
            status_machine.decide_many(
                application_ids=[row["application_id"] for row in rows], status=status, actor=actor, cycle_id=cycle.pk
            )
    AdmissionPlan.objects.update_or_create(
        cycle=cycle,
        defaults={
            "capacity": capacity,
            "attendance_rate": attendance_rate,
            "waitlist_size": waitlist_size,
            "keep_teams": keep_teams,
        },
    )
    for row in result["accept"]:
        row["status"] = S.ACCEPTED
    for row in result["waitlist"]:
        row["status"] = S.WAITLISTED
    return result


CAPACITY_COUNTS = ("accepted", "confirmed", "waitlisted", "checked_in", ADMITTED)


def capacity(cycle: Cycle, counts: selections.Counts | None = None) -> dict:
    """Spots filled against the plan's capacity (two queries: the plan, the counts; one when
    `counts`, the CAPACITY_COUNTS selections' counts, were taken with others: the /admin page's).

    Every figure is a named selection (apps/applications/selections.py): a spot is filled by
    someone confirmed, checked in or not (`spots_filled`, the same number as `confirmed`);
    `accepted` are offers not answered yet; `admitted` everyone holding a place, the number
    fill to capacity subtracts."""
    plan_row = AdmissionPlan.objects.filter(cycle=cycle).first()
    counts = counts if counts is not None else selections.count(cycle, CAPACITY_COUNTS)
    cap = plan_row.capacity if plan_row else None
    filled = counts[selections.SPOTS_FILLED]
    return {
        "capacity": cap,
        "attendance_rate": plan_row.attendance_rate if plan_row else None,
        "waitlist_size": plan_row.waitlist_size if plan_row else None,
        "keep_teams": plan_row.keep_teams if plan_row else False,
        "accepted": counts["accepted"],
        "confirmed": counts["confirmed"],
        "waitlisted": counts["waitlisted"],
        "checked_in": counts["checked_in"],
        "admitted": counts[ADMITTED],
        "spots_filled": filled,
        "spots_left": max(0, cap - filled) if cap is not None else None,
    }
