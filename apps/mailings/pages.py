"""The automated emails page: each automated email's subject and HTML, a preview and a test send."""

from django.views.decorators.http import require_safe

from apps.core.pages import admin_only, island


@require_safe
@admin_only
def automated_emails_page(request):
    return island(request, "admin-automated-emails", {"email": request.user.email}, title="Automated Emails")
