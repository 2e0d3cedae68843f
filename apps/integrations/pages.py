"""/admin/integrations: the webhook endpoints page (organizers only)."""

from __future__ import annotations

from django.conf import settings
from django.views.decorators.http import require_safe

from apps.core.pages import admin_only, island

from . import services
from .models import Event


@require_safe
@admin_only
def integrations_page(request):
    return island(
        request,
        "admin-integrations",
        {
            "endpoints": services.endpoints_list(),
            "events": [{"value": value, "label": str(label)} for value, label in Event.choices],
            "require_https": settings.WEBHOOKS_REQUIRE_HTTPS,
        },
        title="Integrations",
    )
