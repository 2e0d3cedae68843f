"""The review calls under `/api/applications/`: assignments and review status. Thin views."""

from __future__ import annotations

from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiParameter, extend_schema, extend_schema_serializer
from rest_framework import serializers
from rest_framework.response import Response

from apps.applications.organizer_api import BatchResultSerializer, EmailsInputField
from apps.core.api import AdminApiView
from apps.core.schema import error_responses, path_email, path_str

from . import selectors, services


class AssignmentSerializer(serializers.Serializer):
    """One assignment; `{"email": "dne"}` alone past the end of a reviewer's list."""

    email = serializers.CharField()
    status = serializers.ChoiceField(choices=["to_review", "complete"], required=False)


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
    responses={200: AssignedListSerializer, **error_responses(404)},
)
class AssignedApplicationsApi(AdminApiView):
    """GET assigned-applications/{reviewerEmail}: the reviewer's list in assignment order."""

    def get(self, request, reviewer_email: str):
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
    responses={200: AssignmentSerializer, **error_responses(404)},
)
class ApplicationIndexApi(AdminApiView):
    """GET application-index/{reviewerEmail}/{index}: one position, or `{"email": "dne"}`."""

    def get(self, request, reviewer_email: str, index: str):
        return Response(selectors.assignment_at(reviewer_email=reviewer_email, index=int(index)))


@extend_schema(
    summary="Mark a review to do or complete",
    parameters=[
        path_email("reviewer_email", "The reviewer."),
        path_email("applicant_email", "The applicant."),
        path_str("review_status", "to_review or complete"),
    ],
    request=None,
    responses={200: AssignmentSerializer, **error_responses(404)},
)
class ChangeReviewStatusApi(AdminApiView):
    """PUT change-review-status/{reviewerEmail}/{applicantEmail}/{reviewStatus}."""

    def put(self, request, reviewer_email: str, applicant_email: str, review_status: str):
        assignment = services.change_review_status(
            reviewer_email=reviewer_email, applicant_email=applicant_email, status=review_status
        )
        return Response({"email": applicant_email.strip().lower(), "status": assignment.status})
