"""/admin/integrations: the webhook endpoints page (organizers only)."""

from __future__ import annotations

from django.conf import settings
from django.http import HttpResponse
from django.utils.translation import gettext_lazy as _
from django.views.decorators.http import require_safe

from apps.core.pages import admin_only, island, not_found

from . import calendar, notices, services
from .models import ChatChannel, Event


@require_safe
@admin_only
def integrations_page(request):
    return island(
        request,
        "admin-integrations",
        {
            "endpoints": services.endpoints_list(),
            "channels": [notices.channel_payload(c) for c in ChatChannel.objects.order_by("pk")],
            "events": [{"value": value, "label": str(label)} for value, label in Event.choices],
            "require_https": settings.WEBHOOKS_REQUIRE_HTTPS,
        },
        title=_("Integrations"),
    )


@require_safe
def calendar_feed(request, token: str):
    """A calendar app's request: no session, the token in the address is the key."""
    text = calendar.ics_for_token(token)
    if text is None:
        return not_found(request)
    response = HttpResponse(text, content_type="text/calendar; charset=utf-8")
    # Read afresh each time: the dates are the cycle's as they are now. Private: the address
    # names one person.
    response["Cache-Control"] = "private, no-cache"
    response["X-Robots-Tag"] = "noindex"
    return response
