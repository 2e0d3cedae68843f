from django.urls import path

from . import api

app_name = "auth"

urlpatterns = [
    path("user", api.UserApi.as_view(), name="user"),
    path("login", api.LoginApi.as_view(), name="login"),
    path("logout", api.LogoutApi.as_view(), name="logout"),
    path("register", api.RegisterApi.as_view(), name="register"),
    path("verify/<str:key>", api.VerifyApi.as_view(), name="verify"),
    path("resend_verification", api.VerificationResendApi.as_view(), name="resend-verification"),
    path("whitelist", api.WhitelistApi.as_view(), name="whitelist"),
    path("whitelist/exceptions", api.WhitelistExceptionsApi.as_view(), name="whitelist-exceptions"),
    path("whitelist/exceptions/<int:rule_id>", api.WhitelistExceptionDeleteApi.as_view(), name="whitelist-exception"),
    path("reset_password", api.ResetRequestApi.as_view(), name="reset-request"),
    path("reset_password/<str:key>", api.ResetConfirmApi.as_view(), name="reset-confirm"),
    path("token/refresh", api.TokenRefreshApi.as_view(), name="token-refresh"),
    path("promote", api.PromoteApi.as_view(), name="promote"),
    path("demote", api.DemoteApi.as_view(), name="demote"),
    path("admins", api.AdminsApi.as_view(), name="admins"),
    path("staff", api.StaffApi.as_view(), name="staff"),
    path("staff-role", api.StaffRoleApi.as_view(), name="staff-role"),
]

# Whitelist management lives under /api/applications/ in the contract.
whitelist_urlpatterns = [
    path("whitelistemail/<path:value>", api.WhitelistEmailApi.as_view(), name="whitelist-email"),
    path("whitelistpattern/<path:value>", api.WhitelistPatternApi.as_view(), name="whitelist-pattern"),
]
