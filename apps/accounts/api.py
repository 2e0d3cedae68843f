"""`/api/auth/*`: thin views over apps.accounts.services, shaped as the API contract says."""

from __future__ import annotations

from django.middleware.csrf import get_token
from rest_framework import serializers, status
from rest_framework.permissions import IsAuthenticated
from rest_framework.response import Response

from apps.core.api import AdminApiView, ApiView, EmailField, PublicApiView

from . import selectors, services, throttle
from .models import WhitelistRule


def user_payload(user) -> dict:
    return {"email": user.email, "role": user.role}


class CredentialsSerializer(serializers.Serializer):
    email = EmailField()
    password = serializers.CharField(max_length=512, trim_whitespace=False)


class EmailSerializer(serializers.Serializer):
    email = EmailField()


class PasswordSerializer(serializers.Serializer):
    password = serializers.CharField(max_length=512, trim_whitespace=False)


class UserApi(PublicApiView):
    def get(self, request):
        get_token(request)  # every page and this call set the CSRF cookie
        if not request.user.is_authenticated:
            return Response({"message": "You are not signed in."}, status=status.HTTP_401_UNAUTHORIZED)
        return Response(user_payload(request.user))


class LoginApi(PublicApiView):
    def post(self, request):
        data = self.validate(CredentialsSerializer, request.data)
        user = services.user_login(request=request._request, email=data["email"], password=data["password"])
        response = Response({"user": user_payload(user)})
        throttle.issue_device_cookie(response, user)
        return response


class LogoutApi(PublicApiView):
    def post(self, request):
        services.user_logout(request=request._request)
        return Response({"message": "Signed out."})


class RegisterApi(PublicApiView):
    def post(self, request):
        data = self.validate(CredentialsSerializer, request.data)
        services.user_register(request=request._request, email=data["email"], password=data["password"])
        return Response({"message": services.REGISTERED}, status=status.HTTP_201_CREATED)


class VerifyApi(PublicApiView):
    def get(self, request, key: str):
        services.user_verify(request=request._request, key=key)
        return Response({"message": "Account Created! Please login and apply!"})


class WhitelistApi(PublicApiView):
    def get(self, request):
        return Response(selectors.whitelist_patterns())


class ResetRequestApi(PublicApiView):
    def post(self, request):
        data = request.data if isinstance(request.data, dict) else {}
        services.password_reset_request(request=request._request, email=data.get("email"))
        return Response({"message": services.RESET_SENT})


class ResetConfirmApi(PublicApiView):
    def post(self, request, key: str):
        data = self.validate(PasswordSerializer, request.data)
        services.password_reset_confirm(request=request._request, key=key, password=data["password"])
        return Response({"message": services.RESET_DONE})


class TokenRefreshApi(ApiView):
    """Keeps a live session alive: its expiry moves forward, up to the session's absolute end.
    401 when there is none or it has ended."""

    permission_classes = [IsAuthenticated]

    def post(self, request):
        services.session_refresh(request=request._request)
        return Response({"message": "Session refreshed."})


class PromoteApi(AdminApiView):
    def post(self, request):
        data = self.validate(EmailSerializer, request.data)
        user = services.user_promote(email=data["email"])
        return Response(user_payload(user))


class DemoteApi(AdminApiView):
    def post(self, request):
        data = self.validate(EmailSerializer, request.data)
        user = services.user_demote(email=data["email"])
        return Response(user_payload(user))


class AdminsApi(AdminApiView):
    def get(self, request):
        return Response(selectors.admin_emails())


class WhitelistExceptionsApi(AdminApiView):
    def get(self, request):
        return Response(selectors.whitelist_exceptions())


class WhitelistExceptionDeleteApi(AdminApiView):
    def delete(self, request, rule_id: int):
        services.whitelist_remove(rule_id=rule_id)
        return Response(status=status.HTTP_204_NO_CONTENT)


class WhitelistEmailApi(AdminApiView):
    def post(self, request, value: str):
        rule = services.whitelist_add(kind=WhitelistRule.Kind.EMAIL, value=value)
        return Response({"id": rule.pk, "kind": rule.kind, "value": rule.value}, status=201)


class WhitelistPatternApi(AdminApiView):
    def post(self, request, value: str):
        rule = services.whitelist_add(kind=WhitelistRule.Kind.PATTERN, value=value)
        return Response({"id": rule.pk, "kind": rule.kind, "value": rule.value}, status=201)
