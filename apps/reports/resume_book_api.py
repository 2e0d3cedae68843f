"""GET /api/resume/download-all: the confirmed applicants' resumes as one streamed zip."""

from __future__ import annotations

from django.http import StreamingHttpResponse
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiResponse, extend_schema

from apps.core.api import AdminApiView
from apps.core.exceptions import ApplicationError
from apps.core.schema import error_responses
from apps.cycles.selectors import current_cycle
from apps.resumes import zip as resume_zip

from . import resume_book


@extend_schema(
    summary="The confirmed applicants' resumes as one zip (<email>.pdf each), streamed",
    responses={
        (200, "application/zip"): OpenApiResponse(OpenApiTypes.BINARY, description="A zip archive"),
        **error_responses(404),
    },
)
class ResumeDownloadAllApi(AdminApiView):
    def get(self, request):
        cycle = current_cycle()
        if not resume_book.has_confirmed_resumes(cycle=cycle):
            raise ApplicationError("No confirmed applicant has uploaded a resume yet.", status=404)
        stream = resume_zip.stream_zip(resume_book.confirmed_resume_entries(cycle=cycle))
        response = StreamingHttpResponse(stream, content_type="application/zip")
        response["Content-Disposition"] = f'attachment; filename="resumes-confirmed-{cycle.season}-{cycle.year}.zip"'
        response["Cache-Control"] = "no-store"
        return response
