"""The status machine: the one door through which every application status change passes.

Applicants, organizers, batch updates, the Django admin and operator commands all call
`transition` (directly or through `decide` and `applicant_act`). It locks the application row
inside a transaction, checks the move, records the history and saves, so two simultaneous
changes are serialised and neither is lost.
"""

from __future__ import annotations

from collections.abc import Iterable

from django.db import transaction
from django.utils import timezone

from apps.core.db import one_at_a_time
from apps.core.exceptions import ApplicationError
from apps.cycles.models import Cycle, CycleStatus

from .models import Application, ApplicationEvent
from .models import ApplicationStatus as S
from .signals import decision_changed_after_release

# Statuses an organizer may record as a decision (spec section 4: no restriction between them).
DECISIONS = (S.SUBMITTED, S.ACCEPTED, S.WAITLISTED, S.REJECTED, S.WAITLIST_ACCEPTED)
# Batch updates offer the decisions without "No Decision".
BATCH_DECISIONS = (S.ACCEPTED, S.WAITLISTED, S.REJECTED, S.WAITLIST_ACCEPTED)
# An application that was never submitted can't be decided on.
DRAFTS = (S.UNSUBMITTED, S.STARTED)
# Decisions that a release announces by email.
RELEASE_DECISIONS = (S.ACCEPTED, S.WAITLISTED, S.REJECTED, S.WAITLIST_ACCEPTED)
# Before release, applicants see a decided application as submitted.
PRE_RELEASE = (CycleStatus.NOT_OPEN, CycleStatus.OPEN, CycleStatus.CLOSED)
# From release on, decisions are visible and announced.
POST_RELEASE = (
    CycleStatus.RELEASED,
    CycleStatus.CONFIRMATION_CLOSED,
    CycleStatus.WAITLIST_CLOSED,
    CycleStatus.SECOND_CONFIRMATION_CLOSED,
)

# The applicant's windows (contract: confirm, confirm-waitlist, decline), as
# {current status: cycle statuses that allow the call}.
CONFIRM_WINDOWS = {
    S.ACCEPTED: frozenset({CycleStatus.RELEASED}),
    S.WAITLIST_ACCEPTED: frozenset(
        {CycleStatus.RELEASED, CycleStatus.CONFIRMATION_CLOSED, CycleStatus.WAITLIST_CLOSED}
    ),
}
WAITLIST_WINDOWS = {S.WAITLISTED: frozenset({CycleStatus.RELEASED, CycleStatus.CONFIRMATION_CLOSED})}
# Decline is open wherever the matching confirm call is (the waitlist offer included).
DECLINE_WINDOWS = {**CONFIRM_WINDOWS, **WAITLIST_WINDOWS}

CONFIRM = "confirm"
CONFIRM_WAITLIST = "confirm_waitlist"
DECLINE = "decline"

# action: (windows, target status, refusal when the status has no such offer, refusal when
# the offer exists but its window is closed).
APPLICANT_ACTIONS = {
    CONFIRM: (
        CONFIRM_WINDOWS,
        S.CONFIRMED,
        "You have no offer of admission to confirm.",
        "The confirmation window has closed, so your attendance can no longer be confirmed.",
    ),
    CONFIRM_WAITLIST: (
        WAITLIST_WINDOWS,
        S.WAITLIST_CONFIRMED,
        "You have no waitlist offer to accept.",
        "The waitlist window has closed, so you can no longer join the waitlist.",
    ),
    DECLINE: (
        DECLINE_WINDOWS,
        S.DECLINED,
        "You have no offer to decline.",
        "The window to respond has closed, so your offer can no longer be declined.",
    ),
}


def _lock(application_id: int) -> Application:
    application = Application.objects.select_for_update().filter(pk=application_id).first()
    if application is None:
        raise ApplicationError("No such application.", status=404)
    return application


def _record(application: Application, actor, field: str, old, new) -> ApplicationEvent | None:
    if str(old) == str(new):
        return None
    return ApplicationEvent(
        application=application,
        actor=actor if getattr(actor, "pk", None) else None,
        field=field,
        from_value="" if old is None else str(old),
        to_value="" if new is None else str(new),
    )


@one_at_a_time
def transition(
    *,
    application_id: int,
    to: str,
    actor=None,
    allowed_from: Iterable[str] | None = None,
    travel_reimbursement: bool | None = None,
    housing_accommodations: bool | None = None,
    refusal: str = "This change is not allowed for this application's current status.",
) -> Application:
    """Move an application to `to`, under a row lock, recording what changed and who did it."""
    if to not in S.values:
        raise ApplicationError(f"Unknown status '{to}'.")
    application = _lock(application_id)
    if allowed_from is not None and application.status not in set(allowed_from):
        raise ApplicationError(refusal, status=409)
    events = [_record(application, actor, "status", application.status, to)]
    application.status = to
    fields = ["status", "updated_at"]
    if travel_reimbursement is not None:
        events.append(
            _record(application, actor, "travel_reimbursement", application.travel_reimbursement, travel_reimbursement)
        )
        application.travel_reimbursement = travel_reimbursement
        fields.append("travel_reimbursement")
    if housing_accommodations is not None:
        events.append(
            _record(
                application, actor, "housing_accommodations", application.housing_accommodations, housing_accommodations
            )
        )
        application.housing_accommodations = housing_accommodations
        fields.append("housing_accommodations")
    if to == S.SUBMITTED and application.submitted_at is None:
        application.submitted_at = timezone.now()
        fields.append("submitted_at")
    application.save(update_fields=fields)
    ApplicationEvent.objects.bulk_create([e for e in events if e is not None])
    return application


def _cycle_status(cycle_id: int) -> str:
    return Cycle.objects.filter(pk=cycle_id).values_list("status", flat=True).get()


@one_at_a_time
def decide(
    *,
    application_id: int,
    status: str,
    actor,
    travel_reimbursement: bool | None = None,
    housing_accommodations: bool | None = None,
    choices: Iterable[str] = DECISIONS,
) -> Application:
    """An organizer's decision. Drafts can't be decided on; decided ones move freely.

    A decision recorded after release (a waitlist admit during the waitlist period, say) is
    announced at once (`decision_changed_after_release`, after commit; apps.decisions sends
    its email), since no later release would send it.
    """
    choices = tuple(choices)
    if status not in choices:
        raise ApplicationError(
            f"'{status}' is not a decision. Choose one of: {', '.join(choices)}.",
            errors={"status": [f"Choose one of: {', '.join(choices)}."]},
        )
    # Lock before reading, so "did the decision change?" is judged against the row we move.
    previous = _lock(application_id).status
    allowed = [s for s in S.values if s not in DRAFTS]
    application = transition(
        application_id=application_id,
        to=status,
        actor=actor,
        allowed_from=allowed,
        travel_reimbursement=travel_reimbursement,
        housing_accommodations=housing_accommodations,
        refusal="This application has not been submitted yet, so no decision can be recorded.",
    )
    if status in RELEASE_DECISIONS and status != previous and _cycle_status(application.cycle_id) in POST_RELEASE:
        application_id = application.pk
        transaction.on_commit(
            lambda: decision_changed_after_release.send(sender=Application, application_id=application_id)
        )
    return application


@one_at_a_time
def applicant_act(*, application_id: int, action: str, actor=None) -> Application:
    """An applicant's confirm / confirm-waitlist / decline, allowed only in its window.

    The application row is locked first and the cycle status read after, so the check and the
    change see one consistent state: a concurrent decision or a second click waits for this one
    and then finds the status already moved.
    """
    windows, to, no_offer, closed = APPLICANT_ACTIONS[action]
    locked = _lock(application_id)
    cycle_status = _cycle_status(locked.cycle_id)
    allowed_cycles = windows.get(locked.status)
    # Before release a decision is hidden: the applicant must not learn it from our refusal.
    if allowed_cycles is None or cycle_status in PRE_RELEASE:
        raise ApplicationError(no_offer, status=409)
    if cycle_status not in allowed_cycles:
        raise ApplicationError(closed, status=409)
    return transition(application_id=locked.pk, to=to, actor=actor if actor is not None else locked.user)


def visible_status(application: Application | None, cycle_status: str) -> dict:
    """What the applicant may see: decisions (and travel and housing) stay hidden until release."""
    if application is None:
        return {
            "status": S.UNSUBMITTED,
            "travel_reimbursement": False,
            "housing_accommodations": False,
            "teamcode": None,
        }
    before_release = cycle_status in PRE_RELEASE
    hidden = before_release and application.status not in (*DRAFTS, S.SUBMITTED)
    return {
        "status": S.SUBMITTED if hidden else application.status,
        "travel_reimbursement": False if before_release else application.travel_reimbursement,
        "housing_accommodations": False if before_release else application.housing_accommodations,
        "teamcode": application.teamcode or None,
    }
