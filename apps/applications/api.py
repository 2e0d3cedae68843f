"""`/api/applications/*`, the applicant's calls: questions, schools, countries, own
application (submit, save, status) and team codes. Thin views over services and selectors."""

from __future__ import annotations

from allauth.core import ratelimit
from django.http import HttpResponse
from django.utils.cache import get_conditional_response, patch_cache_control, patch_vary_headers
from rest_framework.response import Response

from apps.core.api import ApiView, PublicApiView
from apps.core.exceptions import ApplicationError
from apps.core.permissions import IsAdmin
from apps.cycles.selectors import current_cycle

from . import selectors, services
from .status_machine import one_at_a_time

# The lists change only with a deploy; a day of caching, revalidated by ETag afterwards.
NAME_LIST_MAX_AGE = 60 * 60 * 24


class QuestionsApi(ApiView):
    """GET (signed in) the current cycle's question set; PUT (admin) replaces it."""

    def get_permissions(self):
        if self.request.method == "PUT":
            return [IsAdmin()]
        return super().get_permissions()

    def get(self, request):
        return Response(selectors.question_set(current_cycle()))

    def put(self, request):
        sections = services.questions_replace(current_cycle(), request.data)
        return Response(sections)


class _NameListApi(PublicApiView):
    kind = ""

    def get(self, request):
        body, gzipped, etag = selectors.name_list_response_body(self.kind)
        response = get_conditional_response(request._request, etag=etag)
        if response is None:
            if "gzip" in request.META.get("HTTP_ACCEPT_ENCODING", ""):
                response = HttpResponse(gzipped, content_type="application/json")
                response["Content-Encoding"] = "gzip"
            else:
                response = HttpResponse(body, content_type="application/json")
        response["ETag"] = etag
        patch_cache_control(response, public=True, max_age=NAME_LIST_MAX_AGE)
        patch_vary_headers(response, ["Accept-Encoding"])
        return response


class SchoolsApi(_NameListApi):
    kind = "schools"


class CountriesApi(_NameListApi):
    kind = "countries"


@one_at_a_time
def _write_and_render(write, *, user, data, message: str) -> dict:
    """Run a submit or save and render the result in the same transaction.

    The response then shows exactly what was committed, and on SQLite (which refuses readers
    while another connection writes) the whole unit is what gets retried.
    """
    application = write(user=user, data=data)
    payload = selectors.application_payload(application, cycle=current_cycle(), email=user.email)
    return {"message": message, **payload}


class ApplicationApi(ApiView):
    """GET own application; POST submits it."""

    def get(self, request):
        cycle = current_cycle()
        application = selectors.own_application(user=request.user, cycle=cycle)
        return Response(selectors.application_payload(application, cycle=cycle, email=request.user.email))

    def post(self, request):
        data = request.data
        return Response(
            _write_and_render(
                services.application_submit, user=request.user, data=data, message="Application submitted successfully"
            )
        )


class ApplicationSaveApi(ApiView):
    def post(self, request):
        data = request.data
        return Response(
            _write_and_render(
                services.application_save, user=request.user, data=data, message="Application saved successfully"
            )
        )


class ApplicationStatusApi(ApiView):
    def get(self, request):
        return Response(selectors.applicant_status(user=request.user, cycle=current_cycle()))


class TeamCodeApi(ApiView):
    """POST: a fresh, unused team code for the "yes, start a team" choice."""

    def post(self, request):
        # Each call reserves a row: limited per user (ACCOUNT_RATE_LIMITS["teamcode"]).
        if not ratelimit.consume(request._request, action="teamcode", user=request.user):
            raise ApplicationError("Too many team codes requested. Please wait a while and try again.", status=429)
        return Response({"teamcode": services.team_code_generate(user=request.user)}, status=201)
