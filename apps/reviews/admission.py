"""Admission from the ranking: fill to capacity (preview, then decisions through the status
machine in one request) and the capacity figures."""

from __future__ import annotations

from django.db import transaction
from django.db.models import Count, Q

from apps.applications import status_machine
from apps.applications.models import Application
from apps.applications.models import ApplicationStatus as S
from apps.core.exceptions import ApplicationError
from apps.cycles.models import Cycle

from .models import AdmissionPlan
from .ranking import ROW_FIELDS, SUMMARY_FIELDS, ensure_fresh, row_of

# Who already holds a place: admitted and not declined.
ADMITTED = (S.ACCEPTED, S.WAITLIST_ACCEPTED, S.CONFIRMED)
CONFIRM_FIRST = "Accepting now records {n} acceptances. Confirm that number (confirm_count) to record them."


def target_admitted(capacity: int, attendance_rate: float) -> int:
    """How many to admit so that about `capacity` come: capacity / attendance rate, rounded."""
    return round(capacity / attendance_rate)


def _units(candidates: list[dict], *, keep_teams: bool, team_members: dict[str, list[dict]]) -> list[list[dict]]:
    """The candidates as decision units in rank order: one application each, or with
    `keep_teams` each team once, at its best member's rank, with all its undecided members."""
    if not keep_teams:
        return [[row] for row in candidates]
    units, seen = [], set()
    for row in candidates:
        team = row["team"]
        if team is None:
            units.append([row])
        elif team not in seen:
            seen.add(team)
            units.append(team_members[team])
    return units


def _fill(units: list[list[dict]], spots: int) -> tuple[list[dict], list[list[dict]]]:
    """Take whole units in order while they fit; a unit too big for the spots left is passed
    over for the next. Returns what was taken and the units left, in order."""
    taken: list[dict] = []
    left: list[list[dict]] = []
    for unit in units:
        if len(unit) <= spots - len(taken):
            taken.extend(unit)
        else:
            left.append(unit)
    return taken, left


def plan(*, cycle: Cycle, capacity: int, attendance_rate: float, waitlist_size: int, keep_teams: bool) -> dict:
    """Who would be accepted and waitlisted now. Undecided (`submitted`) applications with a
    score are the candidates, by rank. Four queries after the ranking is fresh."""
    ensure_fresh(cycle)
    counts = Application.objects.filter(cycle=cycle).aggregate(
        admitted=Count("pk", filter=Q(status__in=ADMITTED)),
        decided=Count("pk", filter=~Q(status__in=(S.SUBMITTED, S.STARTED, S.UNSUBMITTED))),
    )
    target = target_admitted(capacity, attendance_rate)
    to_accept = max(0, target - counts["admitted"])
    candidates = [
        row_of(v)
        for v in Application.objects.filter(cycle=cycle, status=S.SUBMITTED, review_summary__rank__isnull=False)
        .order_by("review_summary__rank")
        .values(*ROW_FIELDS, *SUMMARY_FIELDS)
    ]
    team_members: dict[str, list[dict]] = {}
    if keep_teams:
        codes = {row["team"] for row in candidates if row["team"]}
        # Every undecided member, scored or not (unscored ones after the scored, by address).
        members = (
            Application.objects.filter(cycle=cycle, status=S.SUBMITTED, teamcode__in=codes)
            .order_by("review_summary__rank", "email")
            .values(*ROW_FIELDS, *SUMMARY_FIELDS)
        )
        for v in members:
            team_members.setdefault(v["teamcode"], []).append(row_of(v))
    units = _units(candidates, keep_teams=keep_teams, team_members=team_members)
    accept, rest = _fill(units, to_accept)
    waitlist, _ = _fill(rest, waitlist_size)
    teams = {row["team"] for row in accept + waitlist if row["team"]} if keep_teams else set()
    teams_kept = sum(1 for code in teams if len(team_members.get(code, [])) > 1)
    return {
        "accept": accept,
        "waitlist": waitlist,
        "counts": {
            "accept": len(accept),
            "waitlist": len(waitlist),
            "already_decided": counts["decided"],
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
    accept count it would record, so what the organizer saw is what happens (409 otherwise)."""
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
            CONFIRM_FIRST.format(n=n),
            status=409,
            errors={"confirm_count": [f"The preview now accepts {n}: confirm that number."]},
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


def capacity(cycle: Cycle) -> dict:
    """Spots filled against the plan's capacity (two queries)."""
    plan_row = AdmissionPlan.objects.filter(cycle=cycle).first()
    counts = Application.objects.filter(cycle=cycle).aggregate(
        accepted=Count("pk", filter=Q(status__in=(S.ACCEPTED, S.WAITLIST_ACCEPTED))),
        confirmed=Count("pk", filter=Q(status=S.CONFIRMED)),
        waitlisted=Count("pk", filter=Q(status__in=(S.WAITLISTED, S.WAITLIST_CONFIRMED))),
    )
    cap = plan_row.capacity if plan_row else None
    return {
        "capacity": cap,
        "attendance_rate": plan_row.attendance_rate if plan_row else None,
        "waitlist_size": plan_row.waitlist_size if plan_row else None,
        "keep_teams": plan_row.keep_teams if plan_row else False,
        **counts,
        # Check-in isn't recorded by the portal yet.
        "checked_in": None,
        "spots_left": max(0, cap - counts["confirmed"]) if cap is not None else None,
    }
