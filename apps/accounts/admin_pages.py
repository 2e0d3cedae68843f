"""The organizers' account pages: administrators and the whitelist (behind `admin_only`)."""

from __future__ import annotations

from django.views.decorators.http import require_safe

from apps.core.pages import admin_only, island

from .selectors import admin_emails, whitelist_exceptions


@require_safe
@admin_only
def administrators_page(request):
    return island(
        request,
        "admin-administrators",
        {"admins": admin_emails(), "me": request.user.email},
        title="Administrators",
    )


@require_safe
@admin_only
def whitelist_page(request):
    return island(
        request,
        "admin-whitelist-emails",
        {"exceptions": whitelist_exceptions()},
        title="Whitelist Emails",
    )
