"""Decisions and the applicant's answers to them under `/api/applications/`: thin views over
the status machine (apps.applications.status_machine, the one door for status changes).

- POST `confirm`, `confirm-waitlist`, `decline` (signed in): the applicant's answer, allowed only
  in its window (409 otherwise); `decline` also gives up a confirmed spot before the event
  starts (answers.py).
- GET / POST `status/{email}` (admin): read or record a decision on the current cycle's
  application of that email. POST body
  `{"status", "travel_reimbursement"?, "housing_accommodations"?, "override"?}`; 409 when the
  applicant already confirmed or declined and `override` is not true (`errors.override` says
  so): a decision overwrites an applicant's own answer only when asked to.

The batch decision (POST `batch-status`) is in batch_api.py.
"""

from __future__ import annotations

from django.utils.translation import gettext_lazy as _
from drf_spectacular.utils import extend_schema, extend_schema_serializer
from rest_framework import serializers
from rest_framework.response import Response

from apps.applications import rsvp, status_machine
from apps.applications.api import ApplicantStatusSerializer, VisibleStatusSerializer
from apps.applications.models import Application
from apps.applications.rsvp_api import RsvpInputSerializer, json_body
from apps.core.api import AdminApiView, ApiView
from apps.core.exceptions import ApplicationError
from apps.core.schema import error_responses, path_email
from apps.core.text import clean_path_email
from apps.cycles.selectors import current_cycle, rsvp_question_set

from . import answers
from .travel import decide_with_travel

NO_APPLICATION = _("No application with this email in the current cycle.")


def _current_application_of(user) -> Application | None:
    return Application.objects.filter(cycle=current_cycle(), user=user).first()


def _current_application_by_email(email: str) -> Application:
    # Emails are stored lower-cased; the path arrives URL-decoded by Django.
    cleaned = clean_path_email(email)
    application = Application.objects.filter(cycle=current_cycle(), email=cleaned).first() if cleaned else None
    if application is None:
        raise ApplicationError(NO_APPLICATION, status=404)
    return application


def decision_payload(application: Application) -> dict:
    return {
        "status": application.status,
        "travel_reimbursement": application.travel_reimbursement,
        "housing_accommodations": application.housing_accommodations,
    }


class _ApplicantActApi(ApiView):
    """One applicant answer; subclasses name the status machine's action."""

    action: str = ""

    def post(self, request):
        application = _current_application_of(request.user)
        if application is None:
            no_offer = status_machine.APPLICANT_ACTIONS[self.action][2]
            raise ApplicationError(no_offer, status=409)
        application = answers.answer(application_id=application.pk, action=self.action, actor=request.user)
        cycle_status = application.cycle.status
        return Response(status_machine.visible_status(application, cycle_status))


@extend_schema(
    summary="Confirm your place (accepted, or accepted from the waitlist)",
    description=(
        "The body carries the answers to the cycle's RSVP set (GET `rsvp`), encoded as an "
        "application's; every required one must be answered. 400 with the problems at their "
        "question_id, 409 outside the confirm window; either way nothing changes."
    ),
    request=RsvpInputSerializer,
    responses={200: ApplicantStatusSerializer, **error_responses(400, 409)},
)
class ConfirmApi(_ApplicantActApi):
    action = status_machine.CONFIRM

    def post(self, request):
        application = _current_application_of(request.user)
        if application is None:
            no_offer = status_machine.APPLICANT_ACTIONS[self.action][2]
            raise ApplicationError(no_offer, status=409)
        # Checked before the lock (it reads only the set); stored in the confirm's transaction.
        answers_given = rsvp.check(rsvp_question_set(application.cycle), json_body(request))
        application = answers.answer(
            application_id=application.pk, action=self.action, actor=request.user, rsvp_answers=answers_given
        )
        return Response(status_machine.visible_status(application, application.cycle.status))


@extend_schema(
    summary="Stay on the waitlist",
    request=None,
    responses={200: ApplicantStatusSerializer, **error_responses(409)},
)
class ConfirmWaitlistApi(_ApplicantActApi):
    action = status_machine.CONFIRM_WAITLIST


@extend_schema(
    summary="Decline your offer or waitlist place, or give up your confirmed spot before the event starts",
    description=(
        "From any state and window in which the matching confirm call is allowed; also from "
        "`confirmed` until the event's start date (UTC): the ticket is voided, the spot freed and "
        "the applicant emailed once. 409 otherwise (from the start date on, or once checked in)."
    ),
    request=None,
    responses={200: ApplicantStatusSerializer, **error_responses(409)},
)
class DeclineApi(_ApplicantActApi):
    action = status_machine.DECLINE


class DecisionApi(AdminApiView):
    @extend_schema_serializer(component_name="DecisionInput")
    class InputSerializer(serializers.Serializer):
        status = serializers.ChoiceField(
            choices=[(s, s) for s in status_machine.DECISIONS],
            error_messages={"invalid_choice": "'{input}' is not a decision."},
        )
        travel_reimbursement = serializers.BooleanField(
            required=False,
            help_text=(
                "With an offer of a place only (accepted, waitlist_accepted): true grants the default travel "
                "support where no grant stands, within the budget (else 409); false takes back a grant "
                "without receipts."
            ),
        )
        housing_accommodations = serializers.BooleanField(required=False)
        override = serializers.BooleanField(
            required=False,
            help_text="Needed to change the decision of an applicant who already confirmed or declined.",
        )

    @extend_schema(
        summary="An applicant's recorded decision",
        operation_id="applications_decision_retrieve",
        parameters=[path_email()],
        responses={200: VisibleStatusSerializer, **error_responses(404)},
    )
    def get(self, request, email: str):
        return Response(decision_payload(_current_application_by_email(email)))

    @extend_schema(
        summary="Record a decision",
        operation_id="applications_decision_create",
        parameters=[path_email()],
        request=InputSerializer,
        responses={200: VisibleStatusSerializer, **error_responses(404, 409)},
    )
    def post(self, request, email: str):
        data = self.validate(self.InputSerializer, request.data)
        application = _current_application_by_email(email)
        application = decide_with_travel(
            application_id=application.pk,
            status=data["status"],
            actor=request.user,
            travel_reimbursement=data.get("travel_reimbursement"),
            housing_accommodations=data.get("housing_accommodations"),
            override=data.get("override", False),
        )
        return Response(decision_payload(application))
