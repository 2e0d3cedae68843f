"""The status machine: the one door through which every application status change passes.

Applicants, organizers, batch updates, the Django admin and operator commands all call
`transition` (directly or through the helpers below). It locks the application row inside a
transaction, checks the move, records the history and saves, so two simultaneous changes are
serialised and neither is lost.
"""

from __future__ import annotations

from collections.abc import Iterable

from django.db import transaction
from django.utils import timezone

from apps.core.exceptions import ApplicationError
from apps.cycles.models import CycleStatus

from .models import Application, ApplicationEvent
from .models import ApplicationStatus as S

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

# The applicant's windows (spec section 4), as {current status: cycle statuses that allow it}.
CONFIRM_WINDOWS = {
    S.ACCEPTED: {CycleStatus.RELEASED},
    S.WAITLIST_ACCEPTED: {CycleStatus.RELEASED, CycleStatus.CONFIRMATION_CLOSED, CycleStatus.WAITLIST_CLOSED},
}
WAITLIST_WINDOWS = {S.WAITLISTED: {CycleStatus.RELEASED, CycleStatus.CONFIRMATION_CLOSED}}
DECLINE_WINDOWS = {**CONFIRM_WINDOWS, **WAITLIST_WINDOWS}

APPLICANT_ACTIONS = {
    "confirm": (CONFIRM_WINDOWS, S.CONFIRMED, "You can't confirm your attendance right now."),
    "confirm_waitlist": (WAITLIST_WINDOWS, S.WAITLIST_CONFIRMED, "You can't join the waitlist right now."),
    "decline": (DECLINE_WINDOWS, S.DECLINED, "You can't decline right now."),
}


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


@transaction.atomic
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
    application = Application.objects.select_for_update().get(pk=application_id)
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


def decide(
    *,
    application_id: int,
    status: str,
    actor,
    travel_reimbursement: bool | None = None,
    housing_accommodations: bool | None = None,
    choices: Iterable[str] = DECISIONS,
) -> Application:
    """An organizer's decision. Drafts can't be decided on; decided ones move freely."""
    if status not in set(choices):
        raise ApplicationError(f"'{status}' is not a decision. Choose one of: {', '.join(choices)}.")
    allowed = [s for s in S.values if s not in DRAFTS]
    return transition(
        application_id=application_id,
        to=status,
        actor=actor,
        allowed_from=allowed,
        travel_reimbursement=travel_reimbursement,
        housing_accommodations=housing_accommodations,
        refusal="This application has not been submitted yet, so no decision can be recorded.",
    )


@transaction.atomic
def applicant_act(*, application: Application, action: str, cycle_status: str) -> Application:
    """An applicant's confirm / confirm-waitlist / decline, allowed only in its window."""
    windows, to, refusal = APPLICANT_ACTIONS[action]
    locked = Application.objects.select_for_update().get(pk=application.pk)
    allowed_cycles = windows.get(locked.status, set())
    if cycle_status not in allowed_cycles:
        raise ApplicationError(refusal, status=409)
    return transition(application_id=locked.pk, to=to, actor=locked.user)


def visible_status(application: Application | None, cycle_status: str) -> dict:
    """What the applicant may see: decisions stay hidden (as submitted) until release."""
    if application is None:
        return {
            "status": S.UNSUBMITTED,
            "travel_reimbursement": False,
            "housing_accommodations": False,
            "teamcode": None,
        }
    hidden = cycle_status in PRE_RELEASE and application.status not in (*DRAFTS, S.SUBMITTED)
    return {
        "status": S.SUBMITTED if hidden else application.status,
        "travel_reimbursement": False if hidden else application.travel_reimbursement,
        "housing_accommodations": False if hidden else application.housing_accommodations,
        "teamcode": application.teamcode or None,
    }
