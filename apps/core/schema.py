"""The OpenAPI schema's shared parts: the one error shape, common shapes and the schema class.

The schema is served at /api/schema/ (Swagger UI at /api/docs/) and checked by
apps/core/tests/test_openapi_schema.py, which runs schemathesis over every operation, so what
is declared here must be what the views really answer.
"""

from __future__ import annotations

from drf_spectacular.extensions import OpenApiAuthenticationExtension
from drf_spectacular.openapi import AutoSchema
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiParameter, OpenApiResponse
from rest_framework import serializers
from rest_framework.permissions import AllowAny

from apps.core.permissions import IsAdmin

UNSAFE_METHODS = ("POST", "PUT", "PATCH", "DELETE")


class ErrorSerializer(serializers.Serializer):
    """Every API error (apps/core/exceptions.py): a sentence, and field errors when there are."""

    message = serializers.CharField()
    errors = serializers.DictField(child=serializers.ListField(child=serializers.CharField()), required=False)


class MessageSerializer(serializers.Serializer):
    """A success that only says what happened."""

    message = serializers.CharField()


ERROR_DESCRIPTIONS = {
    400: "Invalid input, or a malformed body",
    401: "Not signed in",
    403: "Signed in but not allowed, or the CSRF check failed",
    404: "No such thing",
    409: "Not allowed in the current state",
    413: "The request body is too large",
    415: "The body's Content-Type is neither JSON nor multipart",
    422: "Understood, but the stored content can't be served this way",
    429: "Too many attempts; try again later",
    503: "Busy; try again",
}


def error_responses(*codes: int) -> dict[int, OpenApiResponse]:
    """`responses=` entries for these error codes, all in the one error shape."""
    return {code: OpenApiResponse(ErrorSerializer, description=ERROR_DESCRIPTIONS[code]) for code in codes}


# JSON bodies that are not objects.
STRING_LIST = {"type": "array", "items": {"type": "string"}}


def string_enum(values) -> dict:
    return {"type": "string", "enum": list(values)}


def path_email(name: str = "email", description: str = "An email address (URL-encoded).") -> OpenApiParameter:
    """An email in the path; any other text simply finds nothing (404)."""
    return OpenApiParameter(name, OpenApiTypes.EMAIL, OpenApiParameter.PATH, description=description)


def path_str(name: str, description: str = "", **kwargs) -> OpenApiParameter:
    return OpenApiParameter(name, OpenApiTypes.STR, OpenApiParameter.PATH, description=description, **kwargs)


def binary_response(media_type: str, description: str) -> dict:
    """A file download: `responses={200: binary_response(...)}` is merged per media type."""
    return {(200, media_type): OpenApiResponse(OpenApiTypes.BINARY, description=description)}


class PortalAutoSchema(AutoSchema):
    """drf-spectacular's schema, plus the errors every call can answer by who may call it.

    Declared once here rather than on each of the ~56 views: 401 where a sign-in is needed,
    403 for organizer-only calls and for every unsafe call (the CSRF check), 400 and 413 for
    every call with a body (malformed, too large, an unsupported Content-Type). Views declare
    only their own extra errors.
    """

    def _permission_errors(self) -> set[int]:
        codes: set[int] = set()
        # The generator gives the view a mock request of this method, so per-method
        # permissions (QuestionsApi: GET signed in, PUT admin) come out right.
        permissions = self.view.get_permissions()
        if not all(isinstance(p, AllowAny) for p in permissions):
            codes.add(401)
        if any(isinstance(p, IsAdmin) for p in permissions):
            codes.add(403)
        if self.method in UNSAFE_METHODS:
            codes.update({400, 403, 413, 415})
        return codes

    def _get_response_bodies(self, direction="response"):
        responses = super()._get_response_bodies(direction=direction)
        for code in sorted(self._permission_errors()):
            if str(code) not in responses:
                responses[str(code)] = self._get_response_for_code(
                    OpenApiResponse(ErrorSerializer, description=ERROR_DESCRIPTIONS[code]),
                    str(code),
                    direction=direction,
                )
        return dict(sorted(responses.items()))


class SessionScheme(OpenApiAuthenticationExtension):
    """The portal's session cookie (apps.core.authentication), named in the schema."""

    target_class = "apps.core.authentication.SessionAuthentication"
    name = "sessionCookie"

    def get_security_definition(self, auto_schema):
        return {
            "type": "apiKey",
            "in": "cookie",
            "name": "sessionid",
            "description": "Sign in with POST /api/auth/login. Unsafe methods also need the `X-CSRFToken` "
            "header equal to the `csrftoken` cookie.",
        }
