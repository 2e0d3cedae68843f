"""Base classes for the portal's API views."""

from __future__ import annotations

from django.http import JsonResponse
from django.middleware.csrf import CsrfViewMiddleware
from rest_framework import exceptions, serializers
from rest_framework.permissions import AllowAny
from rest_framework.views import APIView

from apps.core.permissions import IsAdmin


class _CsrfCheck(CsrfViewMiddleware):
    def _reject(self, request, reason):
        return reason


class ApiView(APIView):
    """An API view that checks the CSRF token on every unsafe call, signed in or not.

    DRF's session authentication only checks CSRF for signed-in users; login and register
    need it too (login CSRF), so the check happens here for everyone.
    """

    def initial(self, request, *args, **kwargs):
        if request.method not in ("GET", "HEAD", "OPTIONS", "TRACE"):
            check = _CsrfCheck(lambda req: None)
            check.process_request(request._request)
            reason = check.process_view(request._request, None, (), {})
            if reason:
                raise exceptions.PermissionDenied(f"CSRF check failed: {reason}")
        super().initial(request, *args, **kwargs)

    @staticmethod
    def validate(serializer_class, data):
        """Validated data of an input serializer, or a 400 in the contract's shape."""
        if not isinstance(data, dict):
            raise exceptions.ValidationError({"non_field_errors": ["Expected a JSON object."]})
        serializer = serializer_class(data=data)
        serializer.is_valid(raise_exception=True)
        return serializer.validated_data


class PublicApiView(ApiView):
    permission_classes = [AllowAny]


class AdminApiView(ApiView):
    permission_classes = [IsAdmin]


class EmailField(serializers.CharField):
    """A free-form email string, lower-cased; the business rule decides what is acceptable."""

    def __init__(self, **kwargs):
        kwargs.setdefault("max_length", 254)
        super().__init__(**kwargs)

    def to_internal_value(self, data):
        return super().to_internal_value(data).strip().lower()


def api_not_found(request, *args, **kwargs):
    """Any /api/ path no route matches: the API's JSON 404, never the HTML page."""
    return JsonResponse({"message": "No such API endpoint."}, status=404)
