"""`/api/resume/*`: upload and "submitted" for the applicant; lookups and downloads for
organizers. Files stream through these views only; no storage URL is ever handed out."""

from __future__ import annotations

from django.http import FileResponse, Http404
from rest_framework.permissions import IsAuthenticated
from rest_framework.response import Response

from apps.core.api import AdminApiView, ApiView
from apps.core.exceptions import ApplicationError

from . import selectors, services

# Multipart framing around a 2 MB file is a few hundred bytes; anything far larger is refused
# from its Content-Length before the body is read.
MULTIPART_ALLOWANCE = 64 * 1024


class ResumeUploadApi(ApiView):
    permission_classes = [IsAuthenticated]

    def post(self, request):
        try:
            length = int(request.META.get("CONTENT_LENGTH") or 0)
        except ValueError:
            length = 0
        if length > services.MAX_RESUME_BYTES + MULTIPART_ALLOWANCE:
            raise ApplicationError(services.TOO_LARGE, status=413, errors={"resume": [services.TOO_LARGE]})
        upload = request.FILES.get("resume")
        resume = services.resume_upload(user=request.user, upload=upload)
        return Response({"message": services.UPLOADED, "submitted": True, "size": resume.size}, status=201)


class ResumeSubmittedApi(ApiView):
    def get(self, request):
        return Response({"submitted": selectors.has_resume(request.user)})


class ResumeSubmittedForEmailApi(AdminApiView):
    def get(self, request, email: str):
        return Response({"submitted": selectors.has_resume_for_email(email)})


class ResumeDownloadApi(AdminApiView):
    def get(self, request, email: str):
        resume = selectors.resume_for_email(email)
        if resume is None:
            raise Http404("Error Occurred: User Does Not Exist")
        return FileResponse(
            selectors.resume_open(resume),
            as_attachment=True,
            filename=f"{resume.user.email}.pdf",
            content_type="application/pdf",
        )
