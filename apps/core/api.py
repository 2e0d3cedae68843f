"""Base classes for the portal's API views."""

from __future__ import annotations

import functools

from django.http import JsonResponse, QueryDict
from django.middleware.csrf import CsrfViewMiddleware
from django.utils.translation import gettext_lazy as _
from drf_spectacular.utils import extend_schema_field
from rest_framework import exceptions, serializers
from rest_framework.permissions import AllowAny
from rest_framework.views import APIView

from apps.core.emails import EMAIL_SCHEMA_PATTERN
from apps.core.permissions import IsAdmin


class _CsrfCheck(CsrfViewMiddleware):
    def _reject(self, request, reason):
        return reason


class ApiView(APIView):
    """An API view that checks the CSRF token on every unsafe call, signed in or not.

    DRF's session authentication only checks CSRF for signed-in users; login and register
    need it too (login CSRF), so the check happens here for everyone.
    """

    # The methods only organizers may call on a view whose reads are open to more people (its
    # permission_classes), such as a set everyone reads and organizers edit. (A comment, not
    # the docstring: the docstring is the schema's description of views without their own.)
    admin_methods: tuple[str, ...] = ()

    def get_permissions(self):
        if self.request is not None and self.request.method in self.admin_methods:
            return [IsAdmin()]
        return super().get_permissions()

    def initial(self, request, *args, **kwargs):
        if request.method not in ("GET", "HEAD", "OPTIONS", "TRACE"):
            check = _CsrfCheck(lambda req: None)
            check.process_request(request._request)
            reason = check.process_view(request._request, None, (), {})
            if reason:
                raise exceptions.PermissionDenied(f"CSRF check failed: {reason}")
        super().initial(request, *args, **kwargs)

    @staticmethod
    def validate(serializer_class, data, *, from_text: bool | None = None):
        """Validated data of an input serializer, or a 400 in the contract's shape.

        A JSON body's values must have the JSON types the schema gives them (json_type_errors);
        a query string or a multipart form holds only text, which the fields convert
        (`from_text`, by default: `data` is a QueryDict).
        """
        if not isinstance(data, dict):
            raise exceptions.ValidationError({"non_field_errors": [_("Expected a JSON object.")]})
        serializer = serializer_class(data=data)
        if from_text is None:
            from_text = isinstance(data, QueryDict)
        if not from_text:
            errors = json_type_errors(serializer, data)
            if errors:
                raise exceptions.ValidationError(errors)
        serializer.is_valid(raise_exception=True)
        return serializer.validated_data


@functools.cache
def _output_serializer(serializer_class: type[serializers.Serializer]) -> serializers.Serializer:
    return serializer_class()


def represent(serializer_class: type[serializers.Serializer], data) -> dict:
    """What `serializer_class(data).data` gives, from fields built once per process and class.

    DRF deep-copies every declared field (and each nested serializer's) whenever a serializer
    is made: for a small answer on a hot path (a scan at the door) that copy cost more than
    the rest of the serializing. Reading through fields already built is safe for an output
    serializer that needs no context (no request, no view): its fields only read the data. Not
    for one whose fields are built from state that changes (choices read from the database when
    the field is made): those would keep the first process-wide.
    """
    return _output_serializer(serializer_class).to_representation(data)


class PublicApiView(ApiView):
    permission_classes = [AllowAny]


class AdminApiView(ApiView):
    permission_classes = [IsAdmin]


@extend_schema_field({"type": "string", "maxLength": 254, "pattern": EMAIL_SCHEMA_PATTERN})
class EmailField(serializers.CharField):
    """A free-form email string, lower-cased; the business rule decides what is acceptable.

    The schema describes the well-formed addresses (an unknown one is a 401 or 404, not a 400)."""

    def __init__(self, **kwargs):
        kwargs.setdefault("max_length", 254)
        super().__init__(**kwargs)

    def to_internal_value(self, data):
        return super().to_internal_value(data).strip().lower()


def api_not_found(request, *args, **kwargs):
    """Any /api/ path no route matches: the API's JSON 404, never the HTML page."""
    return JsonResponse({"message": str(_("No such API endpoint."))}, status=404)


# --- JSON types ----------------------------------------------------------------------------
# DRF's fields are lenient converters made for HTML forms: a CharField takes 12 as "12", a
# BooleanField takes "yes", 1 and "true", an IntegerField takes "7" and 7.0. For a JSON body
# that is input the schema forbids (it says string, boolean, integer), so it is refused as the
# schema says rather than silently converted.

NOT_TEXT = _("Must be text.")
NOT_BOOLEAN = _("Must be true or false.")
NOT_INTEGER = _("Must be a whole number.")
NOT_NUMBER = _("Must be a number.")
NOT_LIST = _("Must be a list.")
NOT_OBJECT = _("Must be an object.")


def _json_type_error(field, value) -> str | None:
    """The message when `value` is not of the JSON type `field` is described with, else None."""
    if isinstance(field, serializers.BooleanField):
        return None if isinstance(value, bool) else NOT_BOOLEAN
    if isinstance(value, bool) and isinstance(field, serializers.IntegerField | serializers.FloatField):
        return NOT_INTEGER if isinstance(field, serializers.IntegerField) else NOT_NUMBER
    if isinstance(field, serializers.IntegerField):
        # 7.0 is a JSON integer too (its fraction is zero).
        whole = isinstance(value, int) or (isinstance(value, float) and value.is_integer())
        return None if whole else NOT_INTEGER
    if isinstance(field, serializers.FloatField):
        return None if isinstance(value, int | float) else NOT_NUMBER
    if isinstance(field, serializers.ChoiceField):
        # Choices are strings (the schema's enums); DRF would match 1 against "1".
        textual = all(isinstance(choice, str) for choice in field.choices)
        return NOT_TEXT if textual and not isinstance(value, str) else None
    if isinstance(field, serializers.CharField | serializers.DateField | serializers.DateTimeField):
        return None if isinstance(value, str) else NOT_TEXT
    if isinstance(field, serializers.ListField | serializers.ListSerializer):
        return None if isinstance(value, list) else NOT_LIST
    if isinstance(field, serializers.DictField | serializers.Serializer):
        return None if isinstance(value, dict) else NOT_OBJECT
    return None


def _walk(field, value, key: str, errors: dict[str, list[str]]) -> None:
    if value is None:
        return  # allow_null (or its refusal) is the field's own check
    message = _json_type_error(field, value)
    if message:
        errors[key] = [message]
        return
    if isinstance(field, serializers.ListSerializer):
        for index, item in enumerate(value):
            _walk(field.child, item, f"{key}.{index}", errors)
    elif isinstance(field, serializers.ListField):
        for index, item in enumerate(value):
            _walk(field.child, item, f"{key}.{index}", errors)
    elif isinstance(field, serializers.DictField):
        for name, item in value.items():
            _walk(field.child, item, f"{key}.{name}", errors)
    elif isinstance(field, serializers.Serializer):
        for name, child in field.fields.items():
            if name in value and not child.read_only:
                _walk(child, value[name], f"{key}.{name}" if key else name, errors)


def json_type_errors(serializer: serializers.Serializer, data: dict) -> dict[str, list[str]]:
    """`{field: [message]}` for each value of a JSON body whose type is not the field's."""
    errors: dict[str, list[str]] = {}
    _walk(serializer, data, "", errors)
    return errors
