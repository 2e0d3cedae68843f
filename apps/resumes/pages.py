"""The resume book: one resume by email, or every confirmed attendee's as one zip."""

from django.utils.translation import gettext_lazy as _
from django.views.decorators.http import require_safe

from apps.core.pages import admin_only, island


@require_safe
@admin_only
def resumebook_page(request):
    return island(request, "admin-resumebook", {}, title=_("Resume Book"))
