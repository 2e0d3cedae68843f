"""The accounts API, under /api/auth/, and whitelist management, which the contract puts under
/api/applications/."""

from django.urls import path

from . import api

urlpatterns = [
    path("auth/user", api.UserApi.as_view(), name="user"),
    path("auth/login", api.LoginApi.as_view(), name="login"),
    path("auth/logout", api.LogoutApi.as_view(), name="logout"),
    path("auth/register", api.RegisterApi.as_view(), name="register"),
    path("auth/verify/<str:key>", api.VerifyApi.as_view(), name="verify"),
    path("auth/resend_verification", api.VerificationResendApi.as_view(), name="resend-verification"),
    path("auth/whitelist", api.WhitelistApi.as_view(), name="whitelist"),
    path("auth/whitelist/exceptions", api.WhitelistExceptionsApi.as_view(), name="whitelist-exceptions"),
    path(
        "auth/whitelist/exceptions/<int:rule_id>",
        api.WhitelistExceptionDeleteApi.as_view(),
        name="whitelist-exception",
    ),
    path("auth/reset_password", api.ResetRequestApi.as_view(), name="reset-request"),
    path("auth/reset_password/<str:key>", api.ResetConfirmApi.as_view(), name="reset-confirm"),
    path("auth/sign-in-methods", api.SignInMethodsApi.as_view(), name="sign-in-methods"),
    path("auth/university-email", api.UniversityEmailApi.as_view(), name="university-email"),
    path("auth/sign-in-methods/<str:provider>", api.UnlinkProviderApi.as_view(), name="sign-in-method"),
    path("auth/language", api.LanguageApi.as_view(), name="language"),
    path("auth/token/refresh", api.TokenRefreshApi.as_view(), name="token-refresh"),
    path("auth/promote", api.PromoteApi.as_view(), name="promote"),
    path("auth/demote", api.DemoteApi.as_view(), name="demote"),
    path("auth/admins", api.AdminsApi.as_view(), name="admins"),
    path("auth/staff", api.StaffApi.as_view(), name="staff"),
    path("auth/staff-role", api.StaffRoleApi.as_view(), name="staff-role"),
    path("applications/whitelistemail/<path:value>", api.WhitelistEmailApi.as_view(), name="whitelist-email"),
    path("applications/whitelistpattern/<path:value>", api.WhitelistPatternApi.as_view(), name="whitelist-pattern"),
]
