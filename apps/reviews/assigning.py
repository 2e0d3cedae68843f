"""Auto-assign: give every submitted application N reviewers, balanced across the chosen ones.

One request, a constant number of statements whatever the size: the facts are read in a few
grouped queries, the choice is made in memory (a heap of reviewer loads), and the new rows go
in with one INSERT ... SELECT FROM unnest(...) per chunk. Two presses at once take turns on a
per-cycle advisory lock, and the second one sees the first's rows, so no application gets N+1.
"""

from __future__ import annotations

import heapq
from collections import defaultdict

from django.db import connection, transaction
from django.db.models import Count, Max, OuterRef, Subquery, Value
from django.db.models.functions import Coalesce
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

from apps.accounts.models import Role, User
from apps.applications.models import Application, ApplicationStatus
from apps.core.exceptions import ApplicationError
from apps.cycles.models import Cycle

from .models import Assignment, Conflict, Review, ReviewOutcome, ReviewStatus
from .rubric import ASSIGNING_CLOSED, is_locked

INSERT_CHUNK = 20_000
# pg_advisory_xact_lock(key1, key2): key1 names the lock's purpose, key2 is the cycle.
LOCK_NAMESPACE = 1_207_012  # "reviews auto-assign"
NOT_REVIEWERS = _("Every address must be an organizer or a reviewer.")


def _lock(cycle: Cycle) -> None:
    if connection.vendor == "postgresql":
        with connection.cursor() as cursor:
            cursor.execute("SELECT pg_advisory_xact_lock(%s, %s)", [LOCK_NAMESPACE, cycle.pk])
    else:
        # Elsewhere, the cycle's row. SQLite (make run) has no row locks and Django drops the
        # FOR UPDATE there; its transactions begin IMMEDIATE (config/settings/base.py), so this
        # whole transaction already holds the database's one write lock, and a second press waits
        # at its BEGIN until the first commits.
        Cycle.objects.select_for_update().filter(pk=cycle.pk).values_list("pk", flat=True).first()


def _reviewers(emails: list[str]) -> list[User]:
    wanted = list(dict.fromkeys(e.strip().lower() for e in emails))
    found = {u.email: u for u in User.objects.filter(email__in=wanted, role__in=(Role.ADMIN, Role.REVIEWER))}
    missing = [e for e in wanted if e not in found]
    if missing:
        raise ApplicationError(
            _("%(refusal)s Not one: %(emails)s")
            % {"refusal": NOT_REVIEWERS, "emails": ", ".join(missing[:5]) + ("…" if len(missing) > 5 else "")},
            errors={"reviewers": [_("%(email)s: not an organizer or reviewer.") % {"email": e} for e in missing[:50]]},
        )
    return [found[e] for e in wanted]


def _count_of(queryset):
    """The number of `queryset`'s rows of the outer application (a correlated subquery, 0 when none)."""
    return Coalesce(
        Subquery(
            queryset.filter(application_id=OuterRef("pk"))
            .order_by()
            .values("application_id")
            .annotate(n=Count("pk"))
            .values("n")
        ),
        Value(0),
    )


@transaction.atomic
def auto_assign(*, cycle: Cycle, emails: list[str], per_application: int, avoid_own_school: bool) -> dict:
    """Assign every submitted application of `cycle` until it has `per_application` live
    assignments (a skipped one doesn't count), least-loaded reviewer first. Only adds. Nobody
    gets their own application, one they skipped or are in conflict with, nor (with
    `avoid_own_school`) one from the school of their own application in this cycle."""
    reviewers = _reviewers(emails)
    if is_locked(cycle):
        raise ApplicationError(ASSIGNING_CLOSED, status=409)
    _lock(cycle)
    ids = [r.pk for r in reviewers]

    # The applications still short of N live assignments (a skipped one doesn't count), with
    # their counts, in one statement: a re-run after everything is assigned reads no rows.
    needy = (
        Application.objects.filter(cycle=cycle, status=ApplicationStatus.SUBMITTED)
        .annotate(
            live=_count_of(Assignment.objects.all()) - _count_of(Review.objects.filter(outcome=ReviewOutcome.SKIPPED))
        )
        .filter(live__lt=per_application)
    )
    applications = list(needy.order_by("submitted_at", "pk").values_list("pk", "user_id", "school", "live"))
    live = {row[0]: row[3] for row in applications}
    taken: dict[int, set[int]] = defaultdict(set)  # application -> reviewers it may not get again
    if applications:
        needy_ids = needy.values("pk")
        for model in (Assignment, Conflict):
            pairs = model.objects.filter(application_id__in=needy_ids).values_list("application_id", "reviewer_id")
            for application_id, reviewer_id in pairs:
                taken[application_id].add(reviewer_id)

    own_school: dict[int, str] = {}
    if avoid_own_school:
        for user_id, school in Application.objects.filter(cycle=cycle, user_id__in=ids).values_list(
            "user_id", "school"
        ):
            if school.strip():
                own_school[user_id] = school.strip().casefold()

    loads = dict(
        Assignment.objects.filter(application__cycle=cycle, reviewer_id__in=ids, status=ReviewStatus.TO_REVIEW)
        .values_list("reviewer_id")
        .annotate(n=Count("pk"))
    )
    positions = dict(
        Assignment.objects.filter(reviewer_id__in=ids).values_list("reviewer_id").annotate(last=Max("position"))
    )
    # (open assignments, email, id): the least loaded first, ties by address, so a re-run is
    # deterministic.
    order = {r.pk: r.email for r in reviewers}
    heap = [(loads.get(pk, 0), order[pk], pk) for pk in ids]
    heapq.heapify(heap)

    new_reviewer: list[int] = []
    new_application: list[int] = []
    new_position: list[int] = []
    touched = 0
    for application_id, applicant_id, school, _live in applications:
        need = per_application - live[application_id]
        if need <= 0:
            continue
        blocked = taken[application_id]
        school_key = school.strip().casefold()
        picked, passed = [], []
        while heap and len(picked) < need:
            entry = heapq.heappop(heap)
            pk = entry[2]
            if (
                pk in blocked
                or pk == applicant_id
                or (avoid_own_school and school_key and own_school.get(pk) == school_key)
            ):
                passed.append(entry)
            else:
                picked.append(entry)
        for load, email, pk in picked:
            positions[pk] = positions.get(pk) or 0
            positions[pk] += 1
            new_reviewer.append(pk)
            new_application.append(application_id)
            new_position.append(positions[pk])
            heapq.heappush(heap, (load + 1, email, pk))
        for entry in passed:
            heapq.heappush(heap, entry)
        if picked:
            touched += 1

    _insert(new_reviewer, new_application, new_position)
    final = {pk: load for load, _email, pk in heap}
    return {
        "assigned": len(new_reviewer),
        "applications": touched,
        "loads": {r.email: final.get(r.pk, 0) for r in reviewers},
    }


def _insert(reviewers: list[int], applications: list[int], positions: list[int]) -> None:
    """The new assignments, one statement per INSERT_CHUNK rows. A pair assigned by hand
    meanwhile (the manual assign doesn't take the cycle lock) is left as it is."""
    now = timezone.now()
    for start in range(0, len(reviewers), INSERT_CHUNK):
        end = start + INSERT_CHUNK
        if connection.vendor == "postgresql":
            with connection.cursor() as cursor:
                cursor.execute(
                    f"INSERT INTO {Assignment._meta.db_table} "
                    "(created_at, updated_at, reviewer_id, application_id, position, status) "
                    "SELECT %s, %s, r, a, p, %s FROM unnest(%s::bigint[], %s::bigint[], %s::integer[]) AS t(r, a, p) "
                    "ON CONFLICT (reviewer_id, application_id) DO NOTHING",
                    [
                        now,
                        now,
                        ReviewStatus.TO_REVIEW,
                        reviewers[start:end],
                        applications[start:end],
                        positions[start:end],
                    ],
                )
        else:
            Assignment.objects.bulk_create(
                [
                    Assignment(reviewer_id=r, application_id=a, position=p, status=ReviewStatus.TO_REVIEW)
                    for r, a, p in zip(reviewers[start:end], applications[start:end], positions[start:end], strict=True)
                ],
                ignore_conflicts=True,
            )
