from __future__ import annotations

from django.db import transaction
from django.utils import timezone

from apps.core.exceptions import ApplicationError

from .models import DATE_FIELDS, Cycle, CycleStatus, Season
from .signals import cycle_became_current, cycle_released, release_emails


def default_season_year() -> tuple[str, int]:
    today = timezone.now().date()
    return (Season.FALL if today.month >= 7 else Season.SPRING), today.year


def release_preview(cycle: Cycle) -> dict:
    """What releasing `cycle` now would email: `{"total", "counts": [{"status", "label",
    "count"}]}`, as the apps that send the emails answer (`release_emails`)."""
    merged: dict[str, dict] = {}
    for _receiver, answer in release_emails.send(sender=Cycle, cycle_id=cycle.pk):
        for item in answer or []:
            entry = merged.setdefault(item["status"], {**item, "count": 0})
            entry["count"] += item["count"]
    counts = list(merged.values())
    return {"total": sum(item["count"] for item in counts), "counts": counts}


def release_refusal(preview: dict) -> str:
    """'Releasing now emails 23 applicants (10 Accepted, 13 Rejected).'"""
    parts = ", ".join(f"{item['count']} {item['label']}" for item in preview["counts"] if item["count"])
    noun = "applicant" if preview["total"] == 1 else "applicants"
    return (
        f"Releasing now emails {preview['total']} {noun} ({parts}). Confirm that number (confirm_emails) to send them."
    )


@transaction.atomic
def cycle_update_config(
    *, cycle: Cycle, dates: dict, status: str, location: str, housing_link: str, confirm_emails: int | None = None
) -> Cycle:
    """Replace the cycle's configuration. Status changes go through cycle_set_status.

    A save that releases decision emails (status `released` while any is still to send) must
    carry `confirm_emails`, the number the organizer was shown (GET cycle/release-preview) and
    confirmed; without it, or when the number has changed since (another organizer decided
    meanwhile), nothing is saved and the answer is a 409 that states the current counts. A
    count rather than a yes: a client that never showed the count cannot send the right one
    (an old page, a script), and a confirmation of 23 emails does not send 523.
    """
    cycle = Cycle.objects.select_for_update().get(pk=cycle.pk)
    if status == CycleStatus.RELEASED:
        preview = release_preview(cycle)
        if preview["total"] and confirm_emails != preview["total"]:
            raise ApplicationError(
                release_refusal(preview),
                status=409,
                errors={"confirm_emails": [f"Releasing now emails {preview['total']}: confirm that number."]},
            )
    for name in DATE_FIELDS:
        setattr(cycle, name, dates[name])
    cycle.location = location
    cycle.housing_link = housing_link
    cycle.save()
    return cycle_set_status(cycle=cycle, status=status)


@transaction.atomic
def cycle_set_status(*, cycle: Cycle, status: str) -> Cycle:
    """The one door for cycle status changes. A release is announced (`cycle_released`) once
    it has committed; the decisions app sends the decision emails from it."""
    cycle = Cycle.objects.select_for_update().get(pk=cycle.pk)
    if cycle.status != status:
        cycle.status = status
        cycle.save(update_fields=["status", "updated_at"])
    if status == CycleStatus.RELEASED:
        # Announced on every release, also a repeated one: the receivers are idempotent (a
        # second release only sends what is new or still pending).
        cycle_id = cycle.pk
        transaction.on_commit(lambda: cycle_released.send(sender=Cycle, cycle_id=cycle_id))
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
    # The question set lives in applications (for now): it gives the cycle its set.
    cycle_became_current.send(sender=Cycle, cycle=cycle, previous=previous)
    return cycle


@transaction.atomic
def ensure_current_cycle() -> Cycle:
    """The current cycle, recreated (this season's, with the default question set) if someone
    deleted it. Only for the places that may create one (seeding, test setup after a flushed
    database); reads use `selectors.current_cycle`, which never writes."""
    cycle = Cycle.objects.select_for_update().filter(is_current=True).first()
    if cycle is None:
        season, year = default_season_year()
        cycle, _ = Cycle.objects.get_or_create(season=season, year=year)
        cycle.is_current = True
        cycle.save(update_fields=["is_current", "updated_at"])
        cycle_became_current.send(sender=Cycle, cycle=cycle, previous=None)
    return cycle
