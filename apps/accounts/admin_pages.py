"""The organizers' account pages: administrators and the whitelist (behind `admin_only`)."""

from __future__ import annotations

from django.utils.translation import gettext_lazy as _
from django.views.decorators.http import require_safe

from apps.core.pages import admin_only, island

from .models import Role, User
from .selectors import admin_emails, whitelist_exceptions


def reviewers_and_volunteers() -> list[dict]:
    """The staff beside the organizers, each with their role (the page's role list)."""
    rows = User.objects.filter(role__in=[Role.REVIEWER, Role.VOLUNTEER]).order_by("role", "email")
    return [{"email": email, "role": role} for email, role in rows.values_list("email", "role")]


@require_safe
@admin_only
def administrators_page(request):
    return island(
        request,
        "admin-administrators",
        {"admins": admin_emails(), "staff": reviewers_and_volunteers(), "me": request.user.email},
        title=_("Administrators"),
    )


@require_safe
@admin_only
def whitelist_page(request):
    return island(
        request,
        "admin-whitelist-emails",
        {"exceptions": whitelist_exceptions()},
        title=_("Whitelist Emails"),
    )
