"""The review calls under `/api/applications/`: assignments and review status. Thin views."""

from __future__ import annotations

from rest_framework import serializers
from rest_framework.response import Response

from apps.applications.organizer_api import EmailsInputField
from apps.core.api import AdminApiView

from . import selectors, services


class AssignApplicationApi(AdminApiView):
    """POST assign-application/{member}/{applicantEmail}."""

    def post(self, request, member: str, applicant_email: str):
        assignment = services.assign_one(member=member, applicant_email=applicant_email)
        return Response({"email": assignment.application.email, "status": assignment.status})


class AssignApplicationsApi(AdminApiView):
    """POST assign-applications: `{"member", "emails"}` → approved and failed addresses."""

    class InputSerializer(serializers.Serializer):
        member = serializers.CharField(max_length=254)
        emails = EmailsInputField()

    def post(self, request):
        data = self.validate(self.InputSerializer, request.data)
        return Response(services.assign_many(member=data["member"], emails=data["emails"]))


class AssignedApplicationsApi(AdminApiView):
    """GET assigned-applications/{reviewerEmail}: the reviewer's list in assignment order."""

    def get(self, request, reviewer_email: str):
        return Response({"assigned": selectors.assigned_applications(reviewer_email=reviewer_email)})


class ApplicationIndexApi(AdminApiView):
    """GET application-index/{reviewerEmail}/{index}: one position, or `{"email": "dne"}`."""

    def get(self, request, reviewer_email: str, index: str):
        return Response(selectors.assignment_at(reviewer_email=reviewer_email, index=int(index)))


class ChangeReviewStatusApi(AdminApiView):
    """PUT change-review-status/{reviewerEmail}/{applicantEmail}/{reviewStatus}."""

    def put(self, request, reviewer_email: str, applicant_email: str, review_status: str):
        assignment = services.change_review_status(
            reviewer_email=reviewer_email, applicant_email=applicant_email, status=review_status
        )
        return Response({"email": applicant_email.strip().lower(), "status": assignment.status})
