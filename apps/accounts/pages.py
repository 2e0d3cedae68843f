from django.contrib.auth import logout
from django.shortcuts import redirect
from django.views.decorators.http import require_POST, require_safe

from apps.core.pages import island, public_only, safe_next


@require_safe
@public_only
def login_page(request):
    return island(request, "accounts-login", {"next": safe_next(request)}, title="Login")


@require_safe
@public_only
def register_page(request):
    return island(request, "accounts-register", title="Get Started")


@require_safe
def reset_request_page(request):
    return island(request, "accounts-reset", title="Reset Password")


@require_safe
def reset_confirm_page(request, key: str):
    return island(request, "accounts-reset-confirm", {"token": key}, title="Choose a New Password")


@require_safe
def verify_page(request, key: str):
    return island(request, "accounts-verify", {"token": key}, title="Verify Email")


@require_POST
def logout_page(request):
    logout(request)
    return redirect("/login")
