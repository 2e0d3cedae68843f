"""Writes of review assignments: assigning applications to reviewers (organizers) in order,
and setting a review status."""

from __future__ import annotations

from django.db import IntegrityError, transaction
from django.db.models import Max
from django.utils.translation import gettext_lazy as _

from apps.accounts.models import Role, User
from apps.applications.models import Application
from apps.applications.organizer import (
    NO_APPLICATION,
    NOT_AN_EMAIL,
    applications_by_email,
    clean_path_email,
    get_application,
    parse_batch_emails,
)
from apps.applications.status_machine import DRAFTS
from apps.core.exceptions import ApplicationError
from apps.cycles.selectors import current_cycle

from .models import Assignment, ReviewStatus
from .rubric import ASSIGNING_CLOSED, is_locked

NOT_AN_ORGANIZER = _("No organizer or reviewer with this email.")
NO_ASSIGNMENT = _("This application is not assigned to this reviewer.")
DRAFT_NOT_ASSIGNABLE = _("This application is still a draft: only submitted applications can be assigned for review.")
# A draft's line in a batch's Failed list, in the batch decisions' words.
NOT_SUBMITTED = _("Not submitted yet.")


def get_reviewer(email: str) -> User:
    """The organizer or reviewer with this email, or a 404: only they review."""
    cleaned = clean_path_email(email)
    reviewer = User.objects.filter(email=cleaned, role__in=(Role.ADMIN, Role.REVIEWER)).first() if cleaned else None
    if reviewer is None:
        raise ApplicationError(NOT_AN_ORGANIZER, status=404)
    return reviewer


@transaction.atomic
def assign(*, reviewer: User, application_id: int) -> Assignment:
    """Put a submitted application at the end of the reviewer's list; assigning it again
    changes nothing, and a draft is refused (400).

    The reviewer's row is locked first, so two simultaneous assignments to one reviewer take
    turns and never get the same position.
    """
    User.objects.select_for_update().filter(pk=reviewer.pk).values_list("pk", flat=True).first()
    # A draft has nothing to review yet, and may never be submitted. (An application never
    # goes back to being a draft, so the check needs no lock on it.)
    found = Application.objects.filter(pk=application_id).select_related("cycle").only("status", "cycle").first()
    if found is None:
        raise ApplicationError(NO_APPLICATION, status=404)
    status = found.status
    if is_locked(found.cycle):
        raise ApplicationError(ASSIGNING_CLOSED, status=409)
    if status in DRAFTS:
        raise ApplicationError(DRAFT_NOT_ASSIGNABLE, errors={"applicant_email": [NOT_SUBMITTED]})
    existing = Assignment.objects.filter(reviewer=reviewer, application_id=application_id).first()
    if existing is not None:
        return existing
    last = Assignment.objects.filter(reviewer=reviewer).aggregate(last=Max("position"))["last"]
    return Assignment.objects.create(
        reviewer=reviewer, application_id=application_id, position=1 if last is None else last + 1
    )


def assign_one(*, member: str, applicant_email: str) -> Assignment:
    """POST assign-application/{member}/{applicant}: 404 for a non-organizer or no application,
    400 for a draft."""
    reviewer = get_reviewer(member)
    application = get_application(email=applicant_email)
    return assign(reviewer=reviewer, application_id=application.pk)


def assign_many(*, member: str, emails) -> dict:
    """POST assign-applications: every address found, each assigned in its own transaction.

    Returns `{"approved": [email], "failed": [{"email", "reason"}]}` in the order given.
    """
    reviewer = get_reviewer(member)
    addresses, malformed = parse_batch_emails(emails)
    ids = applications_by_email(emails=addresses, cycle=current_cycle())
    approved: list[str] = []
    failed: list[dict] = [{"email": value, "reason": NOT_AN_EMAIL} for value in malformed]
    for email in addresses:
        application_id = ids.get(email)
        if application_id is None:
            failed.append({"email": email, "reason": NO_APPLICATION})
            continue
        try:
            assign(reviewer=reviewer, application_id=application_id)
        except IntegrityError:
            # The application was deleted between the lookup and the insert.
            failed.append({"email": email, "reason": NO_APPLICATION})
        except ApplicationError as exc:
            # 400: still a draft; 404: deleted since the lookup.
            failed.append({"email": email, "reason": NOT_SUBMITTED if exc.status == 400 else NO_APPLICATION})
        else:
            approved.append(email)
    return {"approved": approved, "failed": failed}


@transaction.atomic
def change_review_status(*, reviewer_email: str, applicant_email: str, status: str) -> Assignment:
    """Either review status may be set at any time: a review can be reopened."""
    if status not in ReviewStatus.values:
        raise ApplicationError(
            _("Unknown review status '%(status)s'. Choose one of: %(choices)s.")
            % {"status": status[:40], "choices": ", ".join(ReviewStatus.values)},
            errors={"reviewStatus": [_("Choose one of: %(choices)s.") % {"choices": ", ".join(ReviewStatus.values)}]},
        )
    reviewer = clean_path_email(reviewer_email)
    applicant = clean_path_email(applicant_email)
    assignment = (
        Assignment.objects.select_for_update()
        .filter(reviewer__email=reviewer, application__email=applicant, application__cycle=current_cycle())
        .first()
        if reviewer and applicant
        else None
    )
    if assignment is None:
        raise ApplicationError(NO_ASSIGNMENT, status=404)
    if assignment.status != status:
        assignment.status = status
        assignment.save(update_fields=["status", "updated_at"])
    return assignment
