"""One error shape for the API, and a 503 instead of a 500 when a service is down.

DRF's views already answer `{"message"}` through apps.core.exceptions. What this middleware
adds is for what happens outside them:

- a page view that loses the database (or the cache) answers the designed 503 page, and
  nothing is reported as an internal error of the request;
- an error response that Django itself produced for an /api/ path (its 400 page for a bad
  Host header, a 405 from a plain view, a 404 from a handler…) leaves as JSON `{"message"}`
  rather than HTML, whatever produced it.

It sits first in MIDDLEWARE so it sees every response last.
"""

from __future__ import annotations

import json
import logging

from django.http import HttpRequest, HttpResponse
from django.utils.translation import gettext_lazy as _

from apps.core.exceptions import SERVICE_UNAVAILABLE, ApplicationError, unavailable_message
from apps.core.pages import SERVER_ERROR, is_api_request, service_unavailable

logger = logging.getLogger(__name__)

API_MESSAGES = {
    400: _("Malformed request."),
    401: _("You are not signed in."),
    403: _("You do not have permission to do this."),
    404: _("No such API endpoint."),
    405: _("Method not allowed."),
    413: _("The request is too large."),
    500: SERVER_ERROR,
    503: SERVICE_UNAVAILABLE,
}


def _is_json(response: HttpResponse) -> bool:
    return response.get("Content-Type", "").split(";")[0].strip() == "application/json"


class ApiErrorsMiddleware:
    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        response = self.get_response(request)
        if (
            is_api_request(request)
            and response.status_code >= 400
            and not response.streaming
            and not _is_json(response)
        ):
            message = API_MESSAGES.get(response.status_code) or f"{response.reason_phrase}."
            # In place, so the headers (Allow, Retry-After, cookies…) stay as they were.
            response.content = json.dumps({"message": str(message)}).encode()
            response["Content-Type"] = "application/json"
            if response.has_header("Content-Length"):
                response["Content-Length"] = str(len(response.content))
        return response

    def process_exception(self, request: HttpRequest, exception: Exception):
        message = unavailable_message(exception)
        if message is None and isinstance(exception, ApplicationError) and exception.status == 503:
            # A service's own "can't serve this now" (e.g. no current cycle) raised in a page
            # view, where DRF's handler doesn't run: the 503 page with its message, not a 500.
            message = exception.message
        if message is None:
            return None  # a real bug: Django's 500 handling, logging and page
        logger.error("Answered 503 for %s: %s", request.path, message, exc_info=exception)
        return service_unavailable(request, message)
