"""The OpenAPI schema's shared parts: the one error shape, common shapes and the schema class.

The schema is served at /api/schema/ (Swagger UI at /api/docs/) and checked by
apps/core/tests/test_openapi_schema.py, which runs schemathesis over every operation, so what
is declared here must be what the views really answer.
"""

from __future__ import annotations

from django.core.validators import ProhibitNullCharactersValidator
from drf_spectacular.extensions import OpenApiAuthenticationExtension
from drf_spectacular.openapi import AutoSchema
from drf_spectacular.plumbing import force_instance
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiParameter, OpenApiResponse
from rest_framework import serializers
from rest_framework.permissions import AllowAny

from apps.core.permissions import CanCheckIn, CanReview, IsAdmin

UNSAFE_METHODS = ("POST", "PUT", "PATCH", "DELETE")


class ErrorSerializer(serializers.Serializer):
    """Every API error (apps/core/exceptions.py): a sentence, and field errors when there are."""

    message = serializers.CharField()
    errors = serializers.DictField(child=serializers.ListField(child=serializers.CharField()), required=False)
    code = serializers.CharField(
        required=False,
        help_text="A machine-readable reason, in English whatever the language of `message`, on the few "
        "refusals a client acts on (`invalid_reset_link`).",
    )


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
    415: "The body's Content-Type is not one the call takes (JSON; multipart for uploads)",
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


def query_int(name: str, minimum: int, maximum: int, description: str = "") -> OpenApiParameter:
    """An optional whole-number query parameter and its range (out of range: 400)."""
    schema = {"type": "integer", "minimum": minimum, "maximum": maximum}
    return OpenApiParameter(name, schema, OpenApiParameter.QUERY, description=description)


def binary_response(media_type: str, description: str) -> dict:
    """A file download: `responses={200: binary_response(...)}` is merged per media type."""
    return {(200, media_type): OpenApiResponse(OpenApiTypes.BINARY, description=description)}


# DRF's CharField refuses a NUL character, and one that trims whitespace and may not be blank
# refuses text that is only whitespace: said in the schema as patterns, so a client (and the
# schema's own tests) knows such text is refused rather than finding out by a 400.
NO_NUL_PATTERN = r"^[^\u0000]*$"
NOT_BLANK_PATTERN = r"^[^\u0000]*[^\s\u0000][^\u0000]*$"


def _constrain_text(field, schema: dict) -> None:
    """Add the NUL and blank refusals of a request's text field to its schema, in place (and a
    list of nested objects' length limits, which drf-spectacular leaves out)."""
    if not isinstance(schema, dict):
        return
    if isinstance(field, serializers.ListSerializer) and schema.get("type") == "array":
        if field.min_length is not None:
            schema["minItems"] = field.min_length
        if field.max_length is not None:
            schema["maxItems"] = field.max_length
        return
    if isinstance(field, serializers.ListField) and schema.get("type") == "array":
        _constrain_text(field.child, schema.get("items"))
        return
    if isinstance(field, serializers.DictField) and schema.get("type") == "object":
        _constrain_text(field.child, schema.get("additionalProperties"))
        return
    if getattr(field, "schema_min_length", None) is not None and schema.get("type") == "string":
        # A length the service checks (with its own message) rather than the field.
        schema["minLength"] = field.schema_min_length
    if getattr(field, "schema_pattern", None) and schema.get("type") == "string":
        schema["pattern"] = field.schema_pattern() if callable(field.schema_pattern) else field.schema_pattern
        return
    if (
        not isinstance(field, serializers.CharField)
        or schema.get("type") != "string"
        or {"pattern", "enum", "format"} & set(schema)
    ):
        return
    nul_refused = any(isinstance(v, ProhibitNullCharactersValidator) for v in field.validators)
    if field.trim_whitespace and not field.allow_blank:
        schema["pattern"] = NOT_BLANK_PATTERN
    elif nul_refused:
        schema["pattern"] = NO_NUL_PATTERN


class PortalAutoSchema(AutoSchema):
    """drf-spectacular's schema, plus the errors every call can answer by who may call it.

    Declared once here rather than on each of the ~56 views: 401 where a sign-in is needed,
    403 for staff-only calls (organizers, reviewers, volunteers) and for every unsafe call (the
    CSRF check), 400 and 413 for every call with a body (malformed, too large, an unsupported
    Content-Type). Views declare only their own extra errors.
    """

    def _permission_errors(self) -> set[int]:
        codes: set[int] = set()
        # The generator gives the view a mock request of this method, so per-method
        # permissions (QuestionsApi: GET signed in, PUT admin) come out right.
        permissions = self.view.get_permissions()
        if not all(isinstance(p, AllowAny) for p in permissions):
            codes.add(401)
        if any(isinstance(p, (IsAdmin, CanReview, CanCheckIn)) for p in permissions):
            codes.add(403)
        if self.method in UNSAFE_METHODS:
            codes.update({400, 403, 413, 415})
        return codes

    def _map_basic_serializer(self, serializer, direction):
        schema = super()._map_basic_serializer(serializer, direction)
        if direction == "request":
            for name, field in force_instance(serializer).fields.items():
                _constrain_text(field, schema.get("properties", {}).get(name))
        return schema

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
