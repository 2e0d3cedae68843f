"""The review calls under `/api/applications/`: assignments and review status. Thin views."""

from __future__ import annotations

from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiParameter, extend_schema, extend_schema_serializer
from rest_framework import serializers
from rest_framework.response import Response

from apps.applications.organizer_api import BatchResultSerializer, EmailsInputField
from apps.core.api import AdminApiView, ApiView
from apps.core.exceptions import ApplicationError
from apps.core.permissions import CanReview
from apps.core.schema import error_responses, path_email, path_str
from apps.core.text import clean_path_email
from apps.cycles.selectors import current_cycle

from . import selectors, services


class AssignmentSerializer(serializers.Serializer):
    """One assignment; `{"email": "dne"}` alone past the end of a reviewer's list. In blind
    mode a reviewer gets `email: ""` and the `application_id` instead."""

    email = serializers.CharField(allow_blank=True)
    status = serializers.ChoiceField(choices=["to_review", "complete"], required=False)
    application_id = serializers.IntegerField(required=False)


OWN_LIST_ONLY = "Reviewers can only see and change their own assignments."


class OwnListApiView(ApiView):
    """Organizers for anyone; a reviewer only for their own address. In blind mode a reviewer
    sees no applicant addresses (`blinded`)."""

    permission_classes = [CanReview]

    def check_own(self, request, reviewer_email: str) -> None:
        if not request.user.is_admin and clean_path_email(reviewer_email) != request.user.email:
            raise ApplicationError(OWN_LIST_ONLY, status=403)

    def blind_for(self, request) -> bool:
        return not request.user.is_admin and current_cycle().blind_review


class AssignedListSerializer(serializers.Serializer):
    assigned = AssignmentSerializer(many=True)


@extend_schema(
    summary="Assign one application to a reviewer",
    parameters=[path_email("member", "The reviewer (an organizer)."), path_email("applicant_email", "The applicant.")],
    request=None,
    responses={200: AssignmentSerializer, **error_responses(400, 404)},
)
class AssignApplicationApi(AdminApiView):
    """POST assign-application/{member}/{applicantEmail}."""

    def post(self, request, member: str, applicant_email: str):
        assignment = services.assign_one(member=member, applicant_email=applicant_email)
        return Response({"email": assignment.application.email, "status": assignment.status})


class AssignApplicationsApi(AdminApiView):
    """POST assign-applications: `{"member", "emails"}` → approved and failed addresses."""

    @extend_schema_serializer(component_name="AssignApplicationsInput")
    class InputSerializer(serializers.Serializer):
        member = serializers.CharField(max_length=254)
        emails = EmailsInputField()

    @extend_schema(
        summary="Assign many applications to a reviewer",
        request=InputSerializer,
        responses={200: BatchResultSerializer, **error_responses(404)},
    )
    def post(self, request):
        data = self.validate(self.InputSerializer, request.data)
        return Response(services.assign_many(member=data["member"], emails=data["emails"]))


@extend_schema(
    summary="A reviewer's assignments, in assignment order",
    parameters=[path_email("reviewer_email", "The reviewer.")],
    responses={200: AssignedListSerializer, **error_responses(403, 404)},
)
class AssignedApplicationsApi(OwnListApiView):
    """GET assigned-applications/{reviewerEmail}: the reviewer's list in assignment order."""

    def get(self, request, reviewer_email: str):
        self.check_own(request, reviewer_email)
        if self.blind_for(request):
            mine = selectors.assigned_rows(reviewer_email=reviewer_email)
            items = [{"email": "", "status": status, "application_id": pk} for pk, status in mine]
            return Response({"assigned": items})
        return Response({"assigned": selectors.assigned_applications(reviewer_email=reviewer_email)})


@extend_schema(
    summary="The index-th (0-based) assignment of a reviewer",
    parameters=[
        path_email("reviewer_email", "The reviewer."),
        OpenApiParameter(
            "index",
            OpenApiTypes.INT,
            OpenApiParameter.PATH,
            description='0-based; negative or past the end answers {"email": "dne"}',
        ),
    ],
    responses={200: AssignmentSerializer, **error_responses(403, 404)},
)
class ApplicationIndexApi(OwnListApiView):
    """GET application-index/{reviewerEmail}/{index}: one position, or `{"email": "dne"}`."""

    def get(self, request, reviewer_email: str, index: str):
        self.check_own(request, reviewer_email)
        if self.blind_for(request):
            row = selectors.assignment_row_at(reviewer_email=reviewer_email, index=int(index))
            if row is None:
                return Response(dict(selectors.DOES_NOT_EXIST))
            return Response({"email": "", "status": row[2], "application_id": row[0]})
        return Response(selectors.assignment_at(reviewer_email=reviewer_email, index=int(index)))


@extend_schema(
    summary="Mark a review to do or complete",
    parameters=[
        path_email("reviewer_email", "The reviewer."),
        path_email("applicant_email", "The applicant."),
        path_str("review_status", "to_review or complete"),
    ],
    request=None,
    responses={200: AssignmentSerializer, **error_responses(403, 404)},
)
class ChangeReviewStatusApi(OwnListApiView):
    """PUT change-review-status/{reviewerEmail}/{applicantEmail}/{reviewStatus}."""

    def put(self, request, reviewer_email: str, applicant_email: str, review_status: str):
        self.check_own(request, reviewer_email)
        assignment = services.change_review_status(
            reviewer_email=reviewer_email, applicant_email=applicant_email, status=review_status
        )
        return Response({"email": applicant_email.strip().lower(), "status": assignment.status})
