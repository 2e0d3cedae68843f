"""Django's admin login behind the portal's sign-in throttle (the API login's counters).

Without it `/django-admin/login/` accepted unlimited guesses, and an attacker could alternate
between it and `/api/auth/login`. The form runs throttle.LoginGuard around the password check;
the view answers a refused attempt with 429 and gives a signed-in browser its device cookie.
"""

from __future__ import annotations

from django.contrib import admin
from django.contrib.admin.forms import AdminAuthenticationForm
from django.core.exceptions import ValidationError

from . import rules, throttle
from .services import TOO_MANY

GUARD_ATTRIBUTE = "portal_login_guard"


class ThrottledAdminLoginForm(AdminAuthenticationForm):
    def clean(self):
        email = rules.normalize_email(self.cleaned_data.get("username") or "")
        if not email or not self.cleaned_data.get("password"):
            return super().clean()  # Django's own "required" errors; no password was checked
        guard = throttle.LoginGuard(self.request, email)
        setattr(self.request, GUARD_ATTRIBUTE, guard)
        if not guard.allows():
            raise ValidationError(TOO_MANY, code="throttled")
        try:
            cleaned = super().clean()
        except ValidationError:
            guard.failed()  # a wrong password, or a right one for a non-staff account
            raise
        guard.succeeded(self.get_user())
        return cleaned


def admin_login(request, extra_context=None):
    response = admin.site.login(request, extra_context)
    guard = getattr(request, GUARD_ATTRIBUTE, None)
    if guard is not None:
        if guard.refused:
            response.status_code = 429
        elif response.status_code in (301, 302):
            guard.finish(response)
    return response
