"""`/api/auth/*`: thin views over apps.accounts.services, shaped as the API contract says."""

from __future__ import annotations

from django.middleware.csrf import get_token
from django.utils.translation import gettext_lazy as _
from drf_spectacular.utils import OpenApiResponse, extend_schema, extend_schema_field, extend_schema_view
from rest_framework import serializers, status
from rest_framework.permissions import IsAuthenticated
from rest_framework.response import Response

from apps.core.api import AdminApiView, ApiView, EmailField, PublicApiView
from apps.core.emails import EMAIL_SCHEMA_PATTERN
from apps.core.schema import STRING_LIST, MessageSerializer, error_responses, path_str

from . import language, rules, selectors, services, social, throttle
from .models import Role, WhitelistRule


def user_payload(user) -> dict:
    return {"email": user.email, "role": user.role}


class CredentialsSerializer(serializers.Serializer):
    email = EmailField()
    password = serializers.CharField(max_length=512, trim_whitespace=False)


@extend_schema_field({"type": "string", "maxLength": 254, "pattern": rules.student_email_schema_pattern()})
class StudentEmailField(EmailField):
    """An address registration takes by the student rule (or one an organizer whitelisted)."""


class NewPasswordField(serializers.CharField):
    """A password the password rule takes: 8 characters or more, with a digit and a special.

    The service checks the rule (with the spec's message); the schema describes it."""

    schema_min_length = rules.PASSWORD_MIN_LENGTH
    schema_pattern = rules.PASSWORD_SCHEMA_PATTERN

    def __init__(self, **kwargs):
        super().__init__(max_length=512, trim_whitespace=False, **kwargs)


class RegisterSerializer(serializers.Serializer):
    email = StudentEmailField()
    password = NewPasswordField()


class EmailSerializer(serializers.Serializer):
    email = EmailField()


class PasswordSerializer(serializers.Serializer):
    password = NewPasswordField()


class UserOutputSerializer(serializers.Serializer):
    email = serializers.CharField()
    role = serializers.ChoiceField(choices=Role.values)


class LoginOutputSerializer(serializers.Serializer):
    user = UserOutputSerializer()


class WhitelistRuleOutputSerializer(serializers.Serializer):
    id = serializers.IntegerField()
    kind = serializers.ChoiceField(choices=["email", "pattern"])
    value = serializers.CharField()


@extend_schema(
    summary="The signed-in user (sets the CSRF cookie either way)",
    responses={200: UserOutputSerializer, **error_responses(401)},
)
class UserApi(PublicApiView):
    def get(self, request):
        get_token(request)  # every page and this call set the CSRF cookie
        if not request.user.is_authenticated:
            return Response({"message": _("You are not signed in.")}, status=status.HTTP_401_UNAUTHORIZED)
        return Response(user_payload(request.user))


@extend_schema(
    summary="Sign in",
    description="401 for a wrong email or password; 403 when the password is right but the address "
    "was never verified (POST resend_verification sends a new link).",
    request=CredentialsSerializer,
    responses={200: LoginOutputSerializer, **error_responses(401, 403, 429)},
)
class LoginApi(PublicApiView):
    def post(self, request):
        data = self.validate(CredentialsSerializer, request.data)
        user = services.user_login(request=request._request, email=data["email"], password=data["password"])
        response = Response({"user": user_payload(user)})
        throttle.issue_device_cookie(response, user)
        return response


@extend_schema(summary="Sign out", request=None, responses={200: MessageSerializer})
class LogoutApi(PublicApiView):
    def post(self, request):
        services.user_logout(request=request._request)
        return Response({"message": _("Signed out.")})


@extend_schema(
    summary="Register a student account; a verification email is queued",
    description="The address must follow the student rule (the pattern) or match an organizer's whitelist.",
    request=RegisterSerializer,
    responses={201: MessageSerializer, **error_responses(409, 429)},
)
class RegisterApi(PublicApiView):
    def post(self, request):
        data = self.validate(CredentialsSerializer, request.data)
        # The rules themselves (and their messages) are the service's: RegisterSerializer only
        # describes them in the schema.
        services.user_register(request=request._request, email=data["email"], password=data["password"])
        return Response({"message": services.REGISTERED}, status=status.HTTP_201_CREATED)


class VerifyOutputSerializer(serializers.Serializer):
    message = serializers.CharField()
    already_verified = serializers.BooleanField(help_text="The link was opened before: the account is verified.")
    address_added = serializers.BooleanField(
        help_text="The link was for a university address added to an existing account, which is now its address."
    )


@extend_schema(
    summary="Verify an account from its emailed link",
    description="200 also for a genuine link opened again (already_verified true); 400 for a link "
    "that is invalid, or expired before it was used.",
    parameters=[path_str("key", "The token of the /verify/<token> link.")],
    responses={200: VerifyOutputSerializer, **error_responses(400, 404, 429)},
)
class VerifyApi(PublicApiView):
    def get(self, request, key: str):
        address, already = services.user_verify(request=request._request, key=key)
        added = not already and services.is_added_address(address)
        if already:
            message = services.ALREADY_VERIFIED
        else:
            message = services.UNIVERSITY_EMAIL_VERIFIED if added else services.VERIFIED
        return Response({"message": message, "already_verified": already, "address_added": added})


@extend_schema(
    summary="Send a new verification link (the same answer whether or not such an account exists)",
    request=EmailSerializer,
    responses={200: MessageSerializer, **error_responses(400, 429)},
)
class VerificationResendApi(PublicApiView):
    def post(self, request):
        data = request.data if isinstance(request.data, dict) else {}
        services.verification_resend(request=request._request, email=data.get("email"))
        return Response({"message": services.RESEND_SENT})


@extend_schema(summary="The whitelist's pattern rules", responses={200: OpenApiResponse(STRING_LIST)})
class WhitelistApi(PublicApiView):
    def get(self, request):
        return Response(selectors.whitelist_patterns())


@extend_schema(
    summary="Ask for a password-reset email (the same answer whether or not the account exists)",
    request=EmailSerializer,
    responses={200: MessageSerializer, **error_responses(429)},
)
class ResetRequestApi(PublicApiView):
    def post(self, request):
        data = request.data if isinstance(request.data, dict) else {}
        services.password_reset_request(request=request._request, email=data.get("email"))
        return Response({"message": services.RESET_SENT})


@extend_schema_view(
    post=extend_schema(
        summary="Set a new password with a reset token",
        operation_id="auth_reset_password_confirm",
        parameters=[path_str("key", "The token of the /reset/<token> link.")],
        request=PasswordSerializer,
        responses={200: MessageSerializer, **error_responses(404, 429)},
    )
)
class ResetConfirmApi(PublicApiView):
    def post(self, request, key: str):
        data = self.validate(PasswordSerializer, request.data)
        services.password_reset_confirm(request=request._request, key=key, password=data["password"])
        return Response({"message": services.RESET_DONE})


@extend_schema(summary="Extend the session", request=None, responses={200: MessageSerializer})
class TokenRefreshApi(ApiView):
    """Keeps a live session alive: its expiry moves forward, up to the session's absolute end.
    401 when there is none or it has ended."""

    permission_classes = [IsAuthenticated]

    def post(self, request):
        services.session_refresh(request=request._request)
        return Response({"message": _("Session refreshed.")})


@extend_schema(
    summary="Make an account an organizer",
    request=EmailSerializer,
    responses={200: UserOutputSerializer, **error_responses(404)},
)
class PromoteApi(AdminApiView):
    def post(self, request):
        data = self.validate(EmailSerializer, request.data)
        user = services.user_promote(email=data["email"])
        return Response(user_payload(user))


@extend_schema(
    summary="Make an organizer a plain user",
    request=EmailSerializer,
    responses={200: UserOutputSerializer, **error_responses(404, 409)},
)
class DemoteApi(AdminApiView):
    def post(self, request):
        data = self.validate(EmailSerializer, request.data)
        user = services.user_demote(email=data["email"])
        return Response(user_payload(user))


class StaffRoleSerializer(serializers.Serializer):
    email = EmailField()
    role = serializers.ChoiceField(choices=Role.values)


@extend_schema(
    summary="Give an account a role: organizer (admin), reviewer, volunteer or none (user)",
    request=StaffRoleSerializer,
    responses={200: UserOutputSerializer, **error_responses(404, 409)},
)
class StaffRoleApi(AdminApiView):
    def post(self, request):
        data = self.validate(StaffRoleSerializer, request.data)
        user = services.user_set_role(email=data["email"], role=data["role"])
        return Response(user_payload(user))


@extend_schema(summary="Every staff account and its role", responses={200: UserOutputSerializer(many=True)})
class StaffApi(AdminApiView):
    def get(self, request):
        return Response(UserOutputSerializer(selectors.staff(), many=True).data)


@extend_schema(summary="The organizers' emails", responses={200: OpenApiResponse(STRING_LIST)})
class AdminsApi(AdminApiView):
    def get(self, request):
        return Response(selectors.admin_emails())


@extend_schema(summary="Every whitelist rule", responses={200: WhitelistRuleOutputSerializer(many=True)})
class WhitelistExceptionsApi(AdminApiView):
    def get(self, request):
        return Response(selectors.whitelist_exceptions())


@extend_schema(summary="Remove a whitelist rule", responses={204: None, **error_responses(404)})
class WhitelistExceptionDeleteApi(AdminApiView):
    def delete(self, request, rule_id: int):
        services.whitelist_remove(rule_id=rule_id)
        return Response(status=status.HTTP_204_NO_CONTENT)


@extend_schema(
    summary="Whitelist one email address",
    parameters=[path_str("value", "The address (URL-encoded).", pattern=EMAIL_SCHEMA_PATTERN)],
    request=None,
    responses={201: WhitelistRuleOutputSerializer, **error_responses(400, 404)},
)
class WhitelistEmailApi(AdminApiView):
    def post(self, request, value: str):
        rule = services.whitelist_add(kind=WhitelistRule.Kind.EMAIL, value=value)
        return Response({"id": rule.pk, "kind": rule.kind, "value": rule.value}, status=201)


@extend_schema(
    summary="Whitelist a regular expression",
    parameters=[path_str("value", "The pattern (URL-encoded).")],
    request=None,
    responses={201: WhitelistRuleOutputSerializer, **error_responses(400, 404)},
)
class WhitelistPatternApi(AdminApiView):
    def post(self, request, value: str):
        rule = services.whitelist_add(kind=WhitelistRule.Kind.PATTERN, value=value)
        return Response({"id": rule.pk, "kind": rule.kind, "value": rule.value}, status=201)


class SignInProviderSerializer(serializers.Serializer):
    id = serializers.CharField()
    name = serializers.CharField()
    linked = serializers.BooleanField()
    configured = serializers.BooleanField()
    login_url = serializers.CharField()


class SignInMethodsSerializer(serializers.Serializer):
    email = serializers.CharField()
    has_password = serializers.BooleanField()
    university_email_needed = serializers.CharField(
        allow_null=True, help_text="Why this account may not apply yet (its address is not a university one), or null."
    )
    pending_email = serializers.CharField(
        allow_null=True, help_text="A university address added whose emailed link has not been opened yet, or null."
    )
    providers = SignInProviderSerializer(many=True)


@extend_schema(summary="Your ways to sign in: the password and each provider", responses={200: SignInMethodsSerializer})
class SignInMethodsApi(ApiView):
    """The signed-in person's password and provider links."""

    def get(self, request):
        return Response(social.sign_in_methods(request.user))


@extend_schema(
    summary="Unlink a sign-in provider (never the last way to sign in)",
    parameters=[path_str("provider", "mymlh, github or google", pattern="^[a-z]{1,32}$")],
    responses={200: SignInMethodsSerializer, **error_responses(404, 409)},
)
class UnlinkProviderApi(ApiView):
    """Removes the link; a person without a password keeps at least one."""

    def delete(self, request, provider: str):
        social.unlink(user=request.user, provider=provider)
        return Response(social.sign_in_methods(request.user))


class LanguageSerializer(serializers.Serializer):
    language = serializers.CharField(
        max_length=16,
        help_text="A code of the enabled languages (the LANGUAGES setting, e.g. en, es).",
    )


@extend_schema(
    summary="Choose the portal's language",
    description="Saved on the account when signed in (pages and mail then use it everywhere), and "
    "remembered in a cookie for this browser either way. A code that is not enabled is a 400 at "
    "`language`.",
    request=LanguageSerializer,
    responses={200: LanguageSerializer, **error_responses(400)},
)
class LanguageApi(PublicApiView):
    def post(self, request):
        code = self.validate(LanguageSerializer, request.data)["language"].strip().lower()
        code = language.choose(request._request, code)
        response = Response({"language": code})
        language.set_cookie(response, code)
        return response


class UniversityEmailSerializer(serializers.Serializer):
    email = StudentEmailField()


class UniversityEmailOutputSerializer(SignInMethodsSerializer):
    message = serializers.CharField()


@extend_schema(
    summary="Add a university address to your account (it becomes its address once verified)",
    description="Mails the address a verification link; opening it (/verify/<token>) makes it the account's "
    "address, the one the application uses. Refused at the field: not a student address (nor "
    "whitelisted), already the account's, or another account's.",
    request=UniversityEmailSerializer,
    responses={200: UniversityEmailOutputSerializer, **error_responses(400, 429)},
)
class UniversityEmailApi(ApiView):
    def post(self, request):
        data = self.validate(EmailSerializer, request.data)
        address = services.university_email_add(request=request._request, user=request.user, email=data["email"])
        request.user.refresh_from_db()
        payload = social.sign_in_methods(request.user)
        return Response({**payload, "message": services.UNIVERSITY_EMAIL_SENT % {"email": address.email}})
