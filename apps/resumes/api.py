"""`/api/resume/*`: upload and "submitted" for the applicant; lookups and downloads for
organizers. Files stream through these views only; no storage URL is ever handed out."""

from __future__ import annotations

from django.http import FileResponse, Http404
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiResponse, extend_schema, extend_schema_view
from rest_framework import serializers
from rest_framework.parsers import MultiPartParser
from rest_framework.permissions import IsAuthenticated
from rest_framework.response import Response

from apps.core.api import AdminApiView, ApiView
from apps.core.schema import error_responses, path_email
from apps.core.text import path_email_or_404
from apps.core.uploads import refuse_oversized_upload

from . import selectors, services
from .models import ResumeAccess

NO_RESUME = "No resume has been uploaded for this email address."


class ResumeUploadInputSerializer(serializers.Serializer):
    resume = serializers.FileField(help_text="A PDF of at most 2,097,152 bytes (checked by content).")


class ResumeUploadedSerializer(serializers.Serializer):
    message = serializers.CharField()
    submitted = serializers.BooleanField()
    size = serializers.IntegerField()


class SubmittedSerializer(serializers.Serializer):
    submitted = serializers.BooleanField()


@extend_schema(
    summary="Upload your resume (replaces the previous one)",
    request={"multipart/form-data": ResumeUploadInputSerializer},
    responses={201: ResumeUploadedSerializer},
)
class ResumeUploadApi(ApiView):
    permission_classes = [IsAuthenticated]
    parser_classes = [MultiPartParser]

    def post(self, request):
        refuse_oversized_upload(request, services.MAX_RESUME_BYTES, services.TOO_LARGE, "resume")
        upload = request.FILES.get("resume")
        resume = services.resume_upload(user=request.user, upload=upload)
        return Response({"message": services.UPLOADED, "submitted": True, "size": resume.size}, status=201)


@extend_schema(summary="Whether you have uploaded a resume", responses={200: SubmittedSerializer})
class ResumeSubmittedApi(ApiView):
    def get(self, request):
        return Response({"submitted": selectors.has_resume(request.user)})


@extend_schema_view(
    get=extend_schema(
        summary="Whether an applicant has uploaded a resume",
        operation_id="resume_submitted_for_email_retrieve",
        parameters=[path_email()],
        responses={200: SubmittedSerializer, **error_responses(404)},
    )
)
class ResumeSubmittedForEmailApi(AdminApiView):
    def get(self, request, email: str):
        path_email_or_404(email)
        return Response({"submitted": selectors.has_resume_for_email(email)})


@extend_schema(
    summary="An applicant's resume, as a PDF attachment",
    parameters=[path_email()],
    responses={
        (200, "application/pdf"): OpenApiResponse(OpenApiTypes.BINARY, description="<email>.pdf"),
        **error_responses(404),
    },
)
class ResumeDownloadApi(AdminApiView):
    def get(self, request, email: str):
        resume = selectors.resume_for_email(email)
        if resume is None:
            raise Http404(NO_RESUME)
        opened = selectors.resume_open(resume)
        services.log_access(resumes=[(resume.user_id, resume.path)], actor=request.user, how=ResumeAccess.How.SINGLE)
        return FileResponse(
            opened,
            as_attachment=True,
            filename=f"{resume.user.email}.pdf",
            content_type="application/pdf",
        )
