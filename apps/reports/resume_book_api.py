"""GET /api/resume/download-all: the confirmed applicants' resumes as one streamed zip."""

from __future__ import annotations

from django.http import StreamingHttpResponse
from django.utils.translation import gettext_lazy as _
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiParameter, OpenApiResponse, extend_schema

from apps.core.api import AdminApiView
from apps.core.exceptions import ApplicationError
from apps.core.schema import error_responses
from apps.cycles.selectors import current_cycle
from apps.resumes import services as resume_services
from apps.resumes import zip as resume_zip
from apps.resumes.models import ResumeAccess

from . import resume_book

HOW = {"organizers": ResumeAccess.How.BOOK, "sponsors": ResumeAccess.How.SPONSOR_BOOK}
EMPTY = {
    "organizers": _("No confirmed applicant has uploaded a resume yet."),
    "sponsors": _("No confirmed applicant who agreed to share their resume with sponsors has uploaded one yet."),
}


@extend_schema(
    summary="The confirmed applicants' resumes as one zip (<email>.pdf each), streamed",
    parameters=[
        OpenApiParameter(
            "for",
            str,
            enum=list(HOW),
            description="`sponsors`: only those who agreed to share their resume with sponsors"
            " (default `organizers`: every confirmed applicant).",
        )
    ],
    responses={
        (200, "application/zip"): OpenApiResponse(OpenApiTypes.BINARY, description="A zip archive"),
        **error_responses(400, 404),
    },
)
class ResumeDownloadAllApi(AdminApiView):
    def get(self, request):
        book = request.query_params.get("for") or "organizers"
        if book not in HOW:
            message = _("Unknown resume book: use for=organizers or for=sponsors.")
            raise ApplicationError(message, errors={"for": [message]})
        cycle = current_cycle()
        if not resume_book.has_confirmed_resumes(cycle=cycle, book=book):
            raise ApplicationError(EMPTY[book], status=404)
        # Logged as the download starts: whoever got the first byte may have the whole book.
        resume_services.log_book_access(users=resume_book.book_users(cycle, book), actor=request.user, how=HOW[book])
        stream = resume_zip.stream_zip(resume_book.confirmed_resume_entries(cycle=cycle, book=book))
        response = StreamingHttpResponse(stream, content_type="application/zip")
        name = "confirmed" if book == "organizers" else "sponsors"
        response["Content-Disposition"] = f'attachment; filename="resumes-{name}-{cycle.season}-{cycle.year}.zip"'
        response["Cache-Control"] = "no-store"
        return response
