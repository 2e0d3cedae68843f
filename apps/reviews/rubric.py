"""A cycle's rubric (its criteria) and its blind-review setting: reads, the organizer's edit,
and the copy a new current cycle gets.

A cycle always has a rubric: the data migration gave existing cycles the default one, a cycle
that becomes current gets the previous cycle's copy (or the default), and a read of a cycle
without one (a cycle created some other way) creates the default on the spot.
"""

from __future__ import annotations

from decimal import Decimal, InvalidOperation

from django.db import IntegrityError, transaction
from django.utils.translation import gettext_lazy as _

from apps.applications.status_machine import POST_RELEASE
from apps.core.exceptions import ApplicationError
from apps.cycles.models import Cycle

from .models import DEFAULT_RUBRIC, Criterion

MAX_CRITERIA = 10
SCALE_LIMIT = 100
WEIGHT_LIMIT = Decimal(100)
LOCKED = _("The rubric is locked: decisions were released, so the criteria can't change any more.")
# Reviews are closed then too: an assignment made after release could never be done.
ASSIGNING_CLOSED = _("Reviews are closed: decisions were released, so nothing can be assigned for review any more.")
HAS_SCORES = _("'%(name)s' has scores already: it can't be removed. Rename it or change its description instead.")


def is_locked(cycle: Cycle) -> bool:
    """Reviews and the rubric's criteria close once the cycle's decisions are released."""
    return cycle.status in POST_RELEASE


def criteria_of(cycle: Cycle) -> list[Criterion]:
    """The cycle's criteria in order, the default ones created first if it has none."""
    criteria = list(Criterion.objects.filter(cycle=cycle).order_by("position", "pk"))
    if criteria:
        return criteria
    ensure_rubric(cycle)
    return list(Criterion.objects.filter(cycle=cycle).order_by("position", "pk"))


def ensure_rubric(cycle: Cycle, *, copy_from: Cycle | None = None) -> None:
    """Give `cycle` a rubric if it has none: a copy of `copy_from`'s (criteria and the blind
    setting), else the default two."""
    if Criterion.objects.filter(cycle=cycle).exists():
        return
    source = []
    if copy_from is not None and copy_from.pk != cycle.pk:
        source = [
            {
                "name": c.name,
                "description": c.description,
                "scale_min": c.scale_min,
                "scale_max": c.scale_max,
                "weight": c.weight,
            }
            for c in Criterion.objects.filter(cycle=copy_from).order_by("position", "pk")
        ]
        if copy_from.blind_review and not cycle.blind_review:
            Cycle.objects.filter(pk=cycle.pk).update(blind_review=True)
            cycle.blind_review = True
    if not source:
        source = [dict(item, weight=Decimal(1)) for item in DEFAULT_RUBRIC]
    try:
        with transaction.atomic():
            Criterion.objects.bulk_create([Criterion(cycle=cycle, position=i, **item) for i, item in enumerate(source)])
    except IntegrityError:
        # Another request gave it the rubric meanwhile (two first reads at once): that one stands.
        pass


def rubric_payload(cycle: Cycle, criteria: list[Criterion] | None = None) -> dict:
    criteria = criteria_of(cycle) if criteria is None else criteria
    return {
        "criteria": [criterion_payload(c) for c in criteria],
        "blind": cycle.blind_review,
        "locked": is_locked(cycle),
    }


def criterion_payload(c: Criterion) -> dict:
    return {
        "id": c.pk,
        "name": c.name,
        "description": c.description,
        "scale_min": c.scale_min,
        "scale_max": c.scale_max,
        "weight": float(c.weight),
        "position": c.position,
    }


def _check(items: list[dict]) -> dict[str, list[str]]:
    errors: dict[str, list[str]] = {}
    if not 1 <= len(items) <= MAX_CRITERIA:
        errors["criteria"] = [_("A rubric has between 1 and %(limit)s criteria.") % {"limit": MAX_CRITERIA}]
    seen: set[str] = set()
    ids: set[int] = set()
    for i, item in enumerate(items):
        where = f"criteria.{i}"
        if item.get("id") is not None:
            if item["id"] in ids:
                errors[f"{where}.id"] = [_("Two criteria have this id.")]
            ids.add(item["id"])
        name = item["name"].strip()
        if not name:
            errors[f"{where}.name"] = [_("A criterion needs a name.")]
        elif name.casefold() in seen:
            errors[f"{where}.name"] = [_("Two criteria have this name.")]
        seen.add(name.casefold())
        if not 0 <= item["scale_min"] < item["scale_max"] <= SCALE_LIMIT:
            scale = _("The scale must satisfy 0 ≤ min < max ≤ %(limit)s.") % {"limit": SCALE_LIMIT}
            errors[f"{where}.scale_max"] = [scale]
        try:
            weight = Decimal(str(item["weight"])).quantize(Decimal("0.01"))
        except InvalidOperation:
            weight = Decimal(0)
        if not Decimal(0) < weight <= WEIGHT_LIMIT:
            weight_error = _("The weight must be above 0 and at most %(limit)s.") % {"limit": WEIGHT_LIMIT}
            errors[f"{where}.weight"] = [weight_error]
    return errors


@transaction.atomic
def rubric_update(*, cycle: Cycle, criteria: list[dict], blind: bool) -> dict:
    """Replace the cycle's rubric (organizers): criteria with an `id` are updated, the others
    created, the missing ones removed; `blind` sets blind review.

    Refused with 409 when a removed criterion has scores (the scores would lose their meaning)
    or, for any change of the criteria, once the cycle is released; the blind setting can
    still change then. Validation errors are keyed `criteria.<i>.<field>`."""
    cycle = Cycle.objects.select_for_update().get(pk=cycle.pk)
    errors = _check(criteria)
    if errors:
        first = next(iter(errors.values()))[0]
        raise ApplicationError(first, errors=errors)
    existing = {c.pk: c for c in criteria_of(cycle)}
    unknown = [item["id"] for item in criteria if item.get("id") is not None and item["id"] not in existing]
    if unknown:
        raise ApplicationError(
            _("A criterion of another rubric (or a removed one) can't be edited here: reload the rubric."),
            errors={"criteria": [_("Unknown criterion id %(id)s.") % {"id": unknown[0]}]},
        )
    kept = {item["id"] for item in criteria if item.get("id") is not None}
    removed = [c for pk, c in existing.items() if pk not in kept]
    changed = bool(removed) or any(
        item.get("id") is None
        or (
            item["name"].strip(),
            item["description"].strip(),
            item["scale_min"],
            item["scale_max"],
            Decimal(str(item["weight"])).quantize(Decimal("0.01")),
            position,
        )
        != (
            existing[item["id"]].name,
            existing[item["id"]].description,
            existing[item["id"]].scale_min,
            existing[item["id"]].scale_max,
            existing[item["id"]].weight,
            existing[item["id"]].position,
        )
        for position, item in enumerate(criteria)
    )
    if changed and is_locked(cycle):
        raise ApplicationError(LOCKED, status=409)
    scored = set(
        Criterion.objects.filter(pk__in=[c.pk for c in removed], scores__isnull=False)
        .values_list("pk", flat=True)
        .distinct()
    )
    if scored:
        name = next(c.name for c in removed if c.pk in scored)
        message = HAS_SCORES % {"name": name}
        raise ApplicationError(message, status=409, errors={"criteria": [message]})
    if changed:
        Criterion.objects.filter(pk__in=[c.pk for c in removed]).delete()
        # Names are unique per cycle: park the kept ones on temporary names first, so a swap
        # of two names (or a rename onto a removed one) never trips the constraint midway.
        for c in existing.values():
            if c.pk in kept:
                Criterion.objects.filter(pk=c.pk).update(name=f"\x01{c.pk}")
        for position, item in enumerate(criteria):
            values = {
                "name": item["name"].strip(),
                "description": item["description"].strip(),
                "scale_min": item["scale_min"],
                "scale_max": item["scale_max"],
                "weight": Decimal(str(item["weight"])).quantize(Decimal("0.01")),
                "position": position,
            }
            if item.get("id") is None:
                Criterion.objects.create(cycle=cycle, **values)
            else:
                Criterion.objects.filter(pk=item["id"]).update(**values)
    if cycle.blind_review != blind:
        Cycle.objects.filter(pk=cycle.pk).update(blind_review=blind)
        cycle.blind_review = blind
    return rubric_payload(cycle)
