"""The waitlist that refills itself: a spot freed (a decline, a spot given up, an expired offer)
is offered to the next person on the waitlist, with their own deadline and the waitlist offer's
email. Off by default (the cycle's `waitlist_refill`), and `waitlist_refill_paused` holds it.

How many may hold a place is fill to capacity's target (admission.target_admitted: the plan's
capacity over its attendance rate), so the refill and the fill share one arithmetic: a refill
offers `target - admitted` spots, never more. Without a saved plan there is no capacity and the
refill offers nothing.

The next person is the best-ranked on the waitlist (the combined review score the ranking
copies onto each application) when the waitlist has scores, otherwise the earliest
waitlisted. A team waitlisted together is one unit at its best member's place, offered
together only if the spots allow; otherwise it is passed over for the next.

Refills of a cycle take turns on the row of its admission plan (locked for the whole refill),
and each counts the places held after the one before committed: ten declines at once, each
queuing a refill, give exactly ten offers. The offers go through the status machine's decision
(`decide`, narrowed to the waitlist's statuses), whose history says "by the waitlist" and
whose after-release announcement sends the email.
"""

from __future__ import annotations

from django.db import transaction
from django.db.models import Min, OuterRef, Q, Subquery

from apps.applications import selections, status_machine
from apps.applications.models import NO_REVIEW_SCORE, Application, ApplicationEvent
from apps.applications.models import ApplicationStatus as S
from apps.core.exceptions import ApplicationError
from apps.core.tasks import delay
from apps.cycles.models import Cycle
from apps.cycles.services import cycle_set_offer_settings

from .admission import ADMITTED, target_admitted
from .models import AdmissionPlan

WAITING = (S.WAITLISTED, S.WAITLIST_CONFIRMED)
# A spot frees when someone holding one answers no or lets the offer lapse.
FREEING = (S.DECLINED, S.EXPIRED)
HOLDING = selections.get(ADMITTED).statuses
# The cycle statuses in which a waitlist offer can still be confirmed: the refill offers only then.
OPEN_CYCLES = status_machine.CONFIRM_WINDOWS[S.WAITLIST_ACCEPTED]
WAITLIST_RULE = status_machine.Rule(
    allowed_from=frozenset(WAITING), refusal="This applicant is no longer on the waitlist."
)
# How many waiting people the preview lists.
PREVIEW_SIZE = 10


def frees_a_spot(old: str, new: str) -> bool:
    return old in HOLDING and new in FREEING


def _waiting(cycle: Cycle) -> list[dict]:
    """Everyone on the cycle's waitlist, in the order they would be offered a spot."""
    waitlisted_at = Subquery(
        ApplicationEvent.objects.filter(application=OuterRef("pk"), field="status", to_value=S.WAITLISTED)
        .order_by()
        .values("application")
        .annotate(first=Min("at"))
        .values("first")[:1]
    )
    rows = Application.objects.filter(cycle=cycle, status__in=WAITING).annotate(waitlisted_at=waitlisted_at)
    ranked = rows.filter(review_score_key__gt=NO_REVIEW_SCORE).exists()
    order = ["waitlisted_at", "submitted_at", "pk"]
    if ranked:
        order = ["-review_score_key", *order]
    values = rows.order_by(*order).values(
        "pk", "email", "first", "last", "status", "teamcode", "review_score_key", "waitlisted_at"
    )
    return [
        {
            "application_id": v["pk"],
            "email": v["email"],
            "name": f"{v['first']} {v['last']}".strip(),
            "status": v["status"],
            "team": v["teamcode"] or None,
            "score": v["review_score_key"] if v["review_score_key"] > NO_REVIEW_SCORE else None,
            "waitlisted_at": v["waitlisted_at"],
            "ranked": ranked,
        }
        for v in values
    ]


def units(waiting: list[dict]) -> list[list[dict]]:
    """The waiting people as offer units in order: one person, or a team at its best member's
    place with every waiting member."""
    teams: dict[str, list[dict]] = {}
    for row in waiting:
        if row["team"]:
            teams.setdefault(row["team"], []).append(row)
    seen: set[str] = set()
    found = []
    for row in waiting:
        team = row["team"]
        if team is None:
            found.append([row])
        elif team not in seen:
            seen.add(team)
            found.append(teams[team])
    return found


def pick(offer_units: list[list[dict]], free: int) -> list[list[dict]]:
    """The units offered `free` spots: in order, each that fits; a team too big for what is
    left is passed over for the next unit."""
    chosen = []
    for unit in offer_units:
        if free <= 0:
            break
        if len(unit) <= free:
            chosen.append(unit)
            free -= len(unit)
    return chosen


def _figures(cycle: Cycle, plan: AdmissionPlan | None) -> dict:
    admitted = selections.count(cycle, [ADMITTED])[ADMITTED]
    target = target_admitted(plan.capacity, plan.attendance_rate) if plan else None
    return {
        "capacity": plan.capacity if plan else None,
        "attendance_rate": plan.attendance_rate if plan else None,
        "target": target,
        "admitted": admitted,
        "free": max(0, target - admitted) if target is not None else 0,
    }


def why_idle(cycle: Cycle, plan: AdmissionPlan | None) -> str:
    """Why the refill would offer nothing now ("" when it would run)."""
    if not cycle.waitlist_refill:
        return "The waitlist refill is off."
    if cycle.waitlist_refill_paused:
        return "The waitlist refill is paused."
    if plan is None:
        return "No capacity is set: save a fill to capacity first."
    if cycle.status not in OPEN_CYCLES:
        return "Waitlist offers can't be confirmed in the cycle's current status."
    return ""


def preview(cycle: Cycle) -> dict:
    """The switches, the capacity figures, and the next people on the waitlist, each marked
    `next` if the refill would offer them a spot now (were it on)."""
    plan = AdmissionPlan.objects.filter(cycle=cycle).first()
    figures = _figures(cycle, plan)
    waiting = _waiting(cycle)
    offer_units = units(waiting)
    chosen = {row["application_id"] for unit in pick(offer_units, figures["free"]) for row in unit}
    listed = [row for unit in offer_units for row in unit][:PREVIEW_SIZE]
    return {
        "enabled": cycle.waitlist_refill,
        "paused": cycle.waitlist_refill_paused,
        "idle_reason": why_idle(cycle, plan),
        "ranked": bool(waiting) and waiting[0]["ranked"],
        "waiting": len(waiting),
        **figures,
        "next": [{**row, "next": row["application_id"] in chosen} for row in listed],
    }


def refill(cycle_id: int) -> list[int]:
    """Offer the free spots of the cycle to the waitlist, if the refill is on; returns the
    application ids offered a spot. Safe to run any number of times, at once or not."""
    with transaction.atomic():
        # The refills of a cycle take turns here, each counting after the last committed.
        plan = AdmissionPlan.objects.select_for_update().filter(cycle_id=cycle_id).first()
        cycle = Cycle.objects.filter(pk=cycle_id).first()
        if cycle is None or why_idle(cycle, plan):
            return []
        free = _figures(cycle, plan)["free"]
        if free <= 0:
            return []
        offered: list[int] = []
        for unit in units(_waiting(cycle)):
            if free <= 0:
                break
            if len(unit) > free:
                continue
            try:
                # A team is offered whole or not at all.
                with transaction.atomic():
                    for row in unit:
                        status_machine.decide(
                            application_id=row["application_id"],
                            status=S.WAITLIST_ACCEPTED,
                            actor=None,
                            choices=(S.WAITLIST_ACCEPTED,),
                            rule=WAITLIST_RULE,
                            source=status_machine.BY_WAITLIST,
                        )
            except ApplicationError:
                continue  # someone left the waitlist since it was read: the next unit
            offered += [row["application_id"] for row in unit]
            free -= len(unit)
        return offered


def save_switches(cycle: Cycle, **values) -> Cycle:
    """Store the refill's switches; if that leaves it running, the spots free now are offered
    once it commits (a task by name, as a freed spot queues it)."""
    with transaction.atomic():
        cycle = cycle_set_offer_settings(cycle=cycle, **values)
        if cycle.waitlist_refill and not cycle.waitlist_refill_paused:
            transaction.on_commit(lambda pk=cycle.pk: delay("apps.reviews.tasks.refill_waitlist", pk))
    return cycle


def cycles_with_freed_spots(changes: list[tuple[int, str, str]]) -> list[int]:
    """The cycles whose applications in `changes` gave up a place (one query, or none)."""
    ids = [pk for pk, old, new in changes if frees_a_spot(old, new)]
    if not ids:
        return []
    return sorted(
        set(
            Application.objects.filter(pk__in=ids)
            .filter(Q(cycle__waitlist_refill=True) & Q(cycle__waitlist_refill_paused=False))
            .values_list("cycle_id", flat=True)
        )
    )
