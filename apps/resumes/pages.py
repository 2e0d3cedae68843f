"""The resume book: one resume by email, or every confirmed attendee's as one zip."""

from django.views.decorators.http import require_safe

from apps.core.pages import admin_only, island


@require_safe
@admin_only
def resumebook_page(request):
    return island(request, "admin-resumebook", {}, title="Resume Book")
