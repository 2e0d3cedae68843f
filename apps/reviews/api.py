"""The review calls under `/api/applications/`: assignments and review status. Thin views."""

from __future__ import annotations

from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiParameter, extend_schema, extend_schema_serializer
from rest_framework import serializers
from rest_framework.response import Response

from apps.applications.organizer_api import BatchResultSerializer, EmailsInputField
from apps.core.api import AdminApiView
from apps.core.schema import error_responses, path_email, path_str
from apps.core.text import path_email_or_404

from . import selectors, services


class AssignmentSerializer(serializers.Serializer):
    """One assignment; `{"email": "dne"}` alone past the end of a reviewer's list."""

    email = serializers.CharField(allow_blank=True)
    status = serializers.ChoiceField(choices=["to_review", "complete"], required=False)


BY_ID_ONLY = "Reviewers address applications by id, never by email: your assignments are at /api/reviews/assigned."


class EmailRouteApiView(AdminApiView):
    """A route that names an applicant or a reviewer by email: organizers only. A reviewer is
    refused by the permission check, before any lookup, so the answer is the same whatever the
    address: an email can't be tested against blind assignments. Reviewers work by
    application id (`/api/reviews/...`)."""

    def permission_denied(self, request, message=None, code=None):
        if request.user and request.user.is_authenticated and getattr(request.user, "can_review", False):
            message = BY_ID_ONLY
        super().permission_denied(request, message=message, code=code)


class AssignedListSerializer(serializers.Serializer):
    assigned = AssignmentSerializer(many=True)


@extend_schema(
    summary="Assign one application to a reviewer",
    parameters=[path_email("member", "The reviewer (an organizer)."), path_email("applicant_email", "The applicant.")],
    request=None,
    responses={200: AssignmentSerializer, **error_responses(400, 404)},
)
class AssignApplicationApi(EmailRouteApiView):
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
class AssignedApplicationsApi(EmailRouteApiView):
    """GET assigned-applications/{reviewerEmail}: the reviewer's list in assignment order."""

    def get(self, request, reviewer_email: str):
        path_email_or_404(reviewer_email)
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
class ApplicationIndexApi(EmailRouteApiView):
    """GET application-index/{reviewerEmail}/{index}: one position, or `{"email": "dne"}`."""

    def get(self, request, reviewer_email: str, index: str):
        path_email_or_404(reviewer_email)
        return Response(selectors.assignment_at(reviewer_email=reviewer_email, index=int(index)))


@extend_schema(
    summary="Mark a review to do or complete",
    parameters=[
        path_email("reviewer_email", "The reviewer."),
        path_email("applicant_email", "The applicant."),
        path_str("review_status", "to_review or complete", enum=["to_review", "complete"]),
    ],
    request=None,
    responses={200: AssignmentSerializer, **error_responses(403, 404)},
)
class ChangeReviewStatusApi(EmailRouteApiView):
    """PUT change-review-status/{reviewerEmail}/{applicantEmail}/{reviewStatus}."""

    def put(self, request, reviewer_email: str, applicant_email: str, review_status: str):
        assignment = services.change_review_status(
            reviewer_email=reviewer_email, applicant_email=applicant_email, status=review_status
        )
        return Response({"email": applicant_email.strip().lower(), "status": assignment.status})
