from django.contrib.auth import logout
from django.http import HttpResponseBadRequest
from django.shortcuts import redirect
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST, require_safe

from apps.core.exceptions import ApplicationError
from apps.core.pages import home_for, island, public_only, safe_next, signed_in

from . import language, services, social


def _social_props(request) -> dict:
    """The configured providers' buttons, and why a provider's sign-in was refused (a code of
    ours in the URL, turned into our sentence here)."""
    return {
        "providers": social.configured(),
        "social_error": social.refusal_message(request.GET.get("social"), request.GET.get("provider")),
    }


@require_safe
@public_only
def login_page(request):
    # No `next`: the page sends an organizer to /admin and a student to /dashboard once the
    # sign-in answer says which one signed in.
    props = {"next": safe_next(request, default=""), **_social_props(request)}
    return social.allow_provider_redirects(island(request, "login", props, title=_("Login")))


@require_safe
@public_only
def register_page(request):
    return social.allow_provider_redirects(island(request, "register", _social_props(request), title=_("Get Started")))


@require_safe
def reset_request_page(request):
    return island(request, "reset", title=_("Reset Password"))


@require_safe
def reset_confirm_page(request, key: str):
    # Checked now, so a used or expired link says so before anyone types a new password twice.
    valid = services.reset_key_is_valid(key)
    return island(request, "reset-key", {"token": key, "valid": valid}, title=_("Choose a New Password"))


@require_safe
def verify_page(request, key: str):
    return island(request, "verify-key", {"token": key}, title=_("Verify Email"))


@require_POST
def language_page(request):
    """The language switch's form (navbar and footer): the chosen language saved (signed in) and
    remembered in the cookie, then back to the page it was chosen on."""
    try:
        code = language.choose(request, (request.POST.get("language") or "").strip().lower())
    except ApplicationError as refusal:
        return HttpResponseBadRequest(refusal.message, content_type="text/plain; charset=utf-8")
    response = redirect(safe_next(request, default=home_for(request.user) if request.user.is_authenticated else "/"))
    language.set_cookie(response, code)
    return response


@require_POST
def logout_page(request):
    logout(request)
    return redirect("/login")


@require_safe
@signed_in
def sign_in_methods_page(request):
    """Link a provider (signed in with the password: no address check needed) or unlink one."""
    page = island(request, "account-sign-in", social.sign_in_methods(request.user), title=_("Sign-in methods"))
    return social.allow_provider_redirects(page)
