from __future__ import annotations

from django.db import transaction
from django.utils import timezone

from .models import DATE_FIELDS, Cycle, CycleStatus, Season


def default_season_year() -> tuple[str, int]:
    today = timezone.now().date()
    return (Season.FALL if today.month >= 7 else Season.SPRING), today.year


@transaction.atomic
def cycle_update_config(*, cycle: Cycle, dates: dict, status: str, location: str, housing_link: str) -> Cycle:
    """Replace the cycle's configuration. Status changes go through cycle_set_status."""
    cycle = Cycle.objects.select_for_update().get(pk=cycle.pk)
    for name in DATE_FIELDS:
        setattr(cycle, name, dates[name])
    cycle.location = location
    cycle.housing_link = housing_link
    cycle.save()
    return cycle_set_status(cycle=cycle, status=status)


@transaction.atomic
def cycle_set_status(*, cycle: Cycle, status: str) -> Cycle:
    """The one door for cycle status changes; later issues hang release mail off it."""
    cycle = Cycle.objects.select_for_update().get(pk=cycle.pk)
    if cycle.status != status:
        cycle.status = status
        cycle.save(update_fields=["status", "updated_at"])
    if status == CycleStatus.RELEASED:
        # Idempotent: a second release only sends what is new or still pending.
        from apps.applications.tasks import queue_release_emails

        cycle_id = cycle.pk
        transaction.on_commit(lambda: queue_release_emails.delay(cycle_id))
    return cycle


@transaction.atomic
def cycle_make_current(*, season: str, year: int) -> Cycle:
    """Switch the current cycle, creating it if new, and start its season for applicants.

    A cycle without a question set gets a copy of the previous current cycle's set (so the
    organizers can edit it), or the default set if there is none. Accounts and resumes belong
    to people, not cycles, so they stay; applications stay with the cycle they were made in.
    """
    previous = Cycle.objects.select_for_update().filter(is_current=True).first()
    if previous is not None and (previous.season, previous.year) != (season, year):
        # Clear the flag first: at most one cycle may be current (a unique constraint).
        previous.is_current = False
        previous.save(update_fields=["is_current", "updated_at"])
    cycle, _created = Cycle.objects.select_for_update().get_or_create(season=season, year=year)
    if not cycle.is_current:
        cycle.is_current = True
        cycle.save(update_fields=["is_current", "updated_at"])
    ensure_question_set(cycle, copy_from=previous)
    return cycle


def ensure_question_set(cycle: Cycle, *, copy_from: Cycle | None = None) -> None:
    """Give a cycle without questions a copy of `copy_from`'s set, else the default set."""
    # Imported here: the applications app depends on cycles, not the other way round.
    from apps.applications.services import question_set_ensure

    question_set_ensure(cycle, copy_from=copy_from)
