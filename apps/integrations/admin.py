"""Webhook endpoints and their deliveries, for a superuser looking into a problem. Endpoints are
added at /admin/integrations (which checks the URL); deliveries are the outbox's rows, written
by apps.integrations.services only, so both are read-only here (an endpoint may be deleted)."""

from django.contrib import admin

from apps.core.admin import ReadOnlyAdmin

from .models import CalendarFeed, ChatChannel, WebhookDelivery, WebhookEndpoint


@admin.register(WebhookEndpoint)
class WebhookEndpointAdmin(admin.ModelAdmin):
    list_display = ("url", "description", "include_email", "created_at")
    search_fields = ("url", "description")
    # The URL passed the address guard when it was added; an edit here would skip it.
    readonly_fields = ("url", "description", "events", "include_email", "created_at", "updated_at")
    exclude = ("secret",)

    def has_add_permission(self, request, obj=None) -> bool:
        return False


@admin.register(WebhookDelivery)
class WebhookDeliveryAdmin(ReadOnlyAdmin):
    list_display = ("pk", "event", "endpoint", "application_id", "state", "attempts", "response_status", "created_at")
    list_filter = ("state", "event")
    search_fields = ("dedupe_key",)
    raw_id_fields = ("endpoint",)


@admin.register(ChatChannel)
class ChatChannelAdmin(ReadOnlyAdmin):
    list_display = ("kind", "url", "include_names", "last_sent_at", "last_error")


@admin.register(CalendarFeed)
class CalendarFeedAdmin(ReadOnlyAdmin):
    list_display = ("user", "created_at")
    raw_id_fields = ("user",)
    exclude = ("token",)
