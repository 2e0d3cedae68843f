"""The organizers' travel page: budget, grants, receipts to review, the payout CSV."""

from django.utils.translation import gettext_lazy as _
from django.views.decorators.http import require_safe

from apps.core.pages import admin_only, island


@require_safe
@admin_only
def travel_page(request):
    return island(request, "admin-travel", {}, title=_("Travel grants"))
