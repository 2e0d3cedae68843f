"""The release of a cycle's decisions, and its undoing: the one function every status change
of a cycle goes through (the configuration page, `set_cycle_status`, Django's admin).

A release (a move from before `released` to `released` or later, or a save of `released`
again) shows the decisions to the applicants and emails them. It must carry `confirm_emails`,
the number of emails the organizer was shown (`release_preview`) and confirmed: without it, or
when the number has changed since (another organizer decided meanwhile), nothing changes and
the answer is a 409 that states the current counts. A count rather than a yes: a client that
never showed the count cannot send the right one, and a confirmation of 23 emails does not
send 523. The emails are queued once the release has committed.

Undoing a release (a move from `released` or later back to not_open, open or closed) hides
the decisions again. Once any applicant has answered an offer (confirmed, waitlist-confirmed,
declined) or checked in, it is refused (409) and nothing changes: their answer, ticket and
check-in would be left hanging on a decision they can no longer see. Before that it must
carry `confirm_unrelease`, the number of applicants whose decision disappears from their
dashboard (`unrelease_preview`), as a release carries its count.

Both directions write one history row per application whose decision they show or hide
(field `decision_visible`), in chunks of a constant number of statements.
"""

from __future__ import annotations

from django.db import transaction
from django.db.models import Count

from apps.applications.models import Application, ApplicationEvent, ApplicationStatus
from apps.applications.status_machine import CHUNK_SIZE, POST_RELEASE, PRE_RELEASE, RELEASE_DECISIONS
from apps.core.db import one_at_a_time
from apps.core.exceptions import ApplicationError
from apps.cycles import services as cycle_services
from apps.cycles.models import Cycle, CycleStatus

from .release import release_counts
from .signals import decisions_released

# The history's field for a decision shown to (True) or hidden from (False) its applicant.
VISIBLE_FIELD = "decision_visible"
# An applicant's own answer to an offer, the door's check-in, or an offer the deadline took
# back (its applicant was mailed): a release can't be undone past these.
ANSWERED = (
    ApplicationStatus.CONFIRMED,
    ApplicationStatus.WAITLIST_CONFIRMED,
    ApplicationStatus.DECLINED,
    ApplicationStatus.CHECKED_IN,
    ApplicationStatus.EXPIRED,
)


def is_release(old: str, new: str) -> bool:
    """Whether moving a cycle from `old` to `new` releases its decisions (or repeats the release,
    which sends what is new since)."""
    return new in POST_RELEASE and (old in PRE_RELEASE or new == CycleStatus.RELEASED)


def is_unrelease(old: str, new: str) -> bool:
    return old in POST_RELEASE and new in PRE_RELEASE


# --- Previews -------------------------------------------------------------------------------


def release_preview(cycle: Cycle) -> dict:
    """What releasing `cycle` now would email: `{"total", "counts": [{"status", "label",
    "count"}]}` (one query)."""
    counts = release_counts(cycle_id=cycle.pk)
    return {"total": sum(item["count"] for item in counts), "counts": counts}


def release_refusal(preview: dict) -> str:
    """'Releasing now emails 23 applicants (10 Accepted, 13 Rejected).'"""
    parts = ", ".join(f"{item['count']} {item['label']}" for item in preview["counts"] if item["count"])
    noun = "applicant" if preview["total"] == 1 else "applicants"
    return (
        f"Releasing now emails {preview['total']} {noun} ({parts}). Confirm that number (confirm_emails) to send them."
    )


def _unrelease_rows(cycle: Cycle, *, lock: bool) -> list[tuple[int, str]]:
    """(id, status) of the cycle's decided and answered applications, in id order. Locked for
    the undoing itself: an applicant's confirmation holds its row's lock while it reads the
    cycle's status, so either it commits first (and is seen here as an answer) or it waits and
    then finds the cycle no longer released."""
    rows = Application.objects.filter(cycle=cycle, status__in=(*RELEASE_DECISIONS, *ANSWERED)).order_by("pk")
    if lock:
        rows = rows.select_for_update()
    return list(rows.values_list("pk", "status"))


def unrelease_preview(cycle: Cycle) -> dict:
    """What undoing the release of `cycle` now would do: `{"total", "counts", "answered"}` —
    how many applicants' decisions disappear from their dashboards, per decision, and how many
    applicants already answered or checked in (more than 0: it is refused). One query."""
    found = dict(
        Application.objects.filter(cycle=cycle, status__in=(*RELEASE_DECISIONS, *ANSWERED))
        .order_by()
        .values_list("status")
        .annotate(n=Count("pk"))
    )
    return _unrelease_summary(found)


def _unrelease_summary(per_status: dict[str, int]) -> dict:
    labels = dict(ApplicationStatus.choices)
    counts = [{"status": s, "label": labels[s], "count": per_status.get(s, 0)} for s in RELEASE_DECISIONS]
    return {
        "total": sum(item["count"] for item in counts),
        "counts": counts,
        "answered": sum(per_status.get(s, 0) for s in ANSWERED),
    }


# At the status field; the message says how many and why.
ANSWERED_FIELD_ERROR = "Stays released: applicants have answered their offers."


def answered_refusal(answered: int) -> str:
    noun = "applicant has" if answered == 1 else "applicants have"
    return (
        f"{answered} {noun} already answered an offer or checked in, so the decisions can no longer be "
        "withdrawn: the cycle stays released."
    )


def unrelease_refusal(total: int) -> str:
    noun = "applicant's decision disappears" if total == 1 else "applicants' decisions disappear"
    return (
        f"Moving the cycle back before release hides decisions: {total} {noun} from their dashboards. "
        "Confirm that number (confirm_unrelease) to go ahead."
    )


# --- The change -----------------------------------------------------------------------------


def _record_visibility(application_ids: list[int], *, visible: bool, actor) -> None:
    """One history row per application, bulk-inserted a chunk at a time."""
    old, new = ("False", "True") if visible else ("True", "False")
    actor_id = getattr(actor, "pk", None)
    for start in range(0, len(application_ids), CHUNK_SIZE):
        ApplicationEvent.objects.bulk_create(
            [
                ApplicationEvent(
                    application_id=pk, actor_id=actor_id, field=VISIBLE_FIELD, from_value=old, to_value=new
                )
                for pk in application_ids[start : start + CHUNK_SIZE]
            ]
        )


def _queue_release_emails(cycle_id: int) -> None:
    from .tasks import queue_release_emails

    transaction.on_commit(lambda: queue_release_emails.delay(cycle_id))


@one_at_a_time
def change_status(
    *,
    cycle: Cycle,
    status: str,
    actor=None,
    confirm_emails: int | None = None,
    confirm_unrelease: int | None = None,
) -> Cycle:
    """Move `cycle` to `status`, releasing or undoing a release as the move means (see the
    module's docstring). The cycle's row is locked first, so two saves are judged one after
    the other."""
    if status not in CycleStatus.values:
        raise ApplicationError(f"Unknown cycle status '{status}'.", errors={"status": ["Not a cycle status."]})
    locked = Cycle.objects.select_for_update().get(pk=cycle.pk)
    old = locked.status
    if is_release(old, status):
        preview = release_preview(locked)
        if preview["total"] and confirm_emails != preview["total"]:
            raise ApplicationError(
                release_refusal(preview),
                status=409,
                errors={"confirm_emails": [f"Releasing now emails {preview['total']}: confirm that number."]},
            )
        if old in PRE_RELEASE:
            shown = list(
                Application.objects.filter(cycle=locked, status__in=RELEASE_DECISIONS)
                .order_by("pk")
                .values_list("pk", flat=True)
            )
            _record_visibility(shown, visible=True, actor=actor)
        changed = cycle_services.cycle_set_status(cycle=locked, status=status)
        # Also on a repeated release: the emails are idempotent (a second release only sends
        # what is new or still pending).
        _queue_release_emails(locked.pk)
        decisions_released.send(sender=Cycle, cycle_id=locked.pk)
        return changed
    if is_unrelease(old, status):
        rows = _unrelease_rows(locked, lock=True)
        per_status: dict[str, int] = {}
        for _pk, row_status in rows:
            per_status[row_status] = per_status.get(row_status, 0) + 1
        summary = _unrelease_summary(per_status)
        if summary["answered"]:
            raise ApplicationError(
                answered_refusal(summary["answered"]),
                status=409,
                errors={"status": [ANSWERED_FIELD_ERROR]},
            )
        if summary["total"] and confirm_unrelease != summary["total"]:
            raise ApplicationError(
                unrelease_refusal(summary["total"]),
                status=409,
                errors={"confirm_unrelease": [f"{summary['total']} decisions would be hidden: confirm that number."]},
            )
        _record_visibility([pk for pk, _s in rows], visible=False, actor=actor)
    return cycle_services.cycle_set_status(cycle=locked, status=status)


@one_at_a_time
def save_config(
    *,
    cycle: Cycle,
    dates: dict,
    status: str,
    location: str,
    housing_link: str,
    actor=None,
    confirm_emails: int | None = None,
    confirm_unrelease: int | None = None,
    retention_date=cycle_services.UNCHANGED,
) -> Cycle:
    """The configuration page's save: the cycle's fields (cycles checks them, dates in order
    included) and its status, in one transaction, so a refused release or undoing saves
    nothing. The fields are stored first: the release's emails, queued on commit, carry the
    dates just saved."""
    cycle_services.cycle_update_config(
        cycle=cycle, dates=dates, location=location, housing_link=housing_link, retention_date=retention_date
    )
    return change_status(
        cycle=cycle,
        status=status,
        actor=actor,
        confirm_emails=confirm_emails,
        confirm_unrelease=confirm_unrelease,
    )
