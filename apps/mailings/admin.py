"""Django admin for mailings, deliveries (the outbox: batch and automated emails) and
automated-email overrides.

Mailings are created from /admin/batch (which resolves the audience and takes the Markdown or HTML)
and sent by the periodic task; here they can be looked at, searched and cancelled. Email
template overrides are edited at /admin/automated-emails, where they are checked to render;
here they can be viewed or deleted (which restores the default template). The suppression list
is viewed and searched here, and a row deleted when an address works again (added by hand too,
for an address that asked by email).
"""

from django.contrib import admin, messages
from django.db.models import Count, Q

from apps.core.admin import ReadOnlyInline
from apps.core.exceptions import ApplicationError

from . import services
from .models import Delivery, EmailTemplate, Mailing, Suppression


class ReadOnlyAdminMixin:
    """Viewed and (where the admin allows it) deleted or cancelled, never added or edited."""

    def has_add_permission(self, request, obj=None) -> bool:
        return False

    def has_change_permission(self, request, obj=None) -> bool:
        return False


class DeliveryInline(ReadOnlyInline):
    model = Delivery
    fields = ["email", "state", "attempts", "sent_at", "last_error"]
    readonly_fields = fields
    ordering = ["email"]
    classes = ["collapse"]


@admin.register(Mailing)
class MailingAdmin(ReadOnlyAdminMixin, admin.ModelAdmin):
    list_display = ["subject", "audience", "send_at", "status", "recipient_count", "sent_count", "failed_count"]
    list_filter = ["status", "audience"]
    search_fields = ["subject", "deliveries__email"]
    date_hierarchy = "send_at"
    ordering = ["-send_at", "-pk"]
    fields = ["subject", "audience", "send_at", "status", "created_by", "markdown", "html", "created_at", "updated_at"]
    readonly_fields = fields
    actions = ["cancel_mailings"]

    def get_queryset(self, request):
        return (
            super()
            .get_queryset(request)
            .annotate(
                _recipients=Count("deliveries"),
                _sent=Count("deliveries", filter=Q(deliveries__state=Delivery.State.SENT)),
                _failed=Count("deliveries", filter=Q(deliveries__state=Delivery.State.FAILED)),
            )
        )

    def get_inlines(self, request, obj):
        # Inline rows only for small mailings; large ones are browsed in the Delivery list.
        if obj is not None and obj._recipients <= 200:
            return [DeliveryInline]
        return []

    @admin.display(description="Recipients", ordering="_recipients")
    def recipient_count(self, obj) -> int:
        return obj._recipients

    @admin.display(description="Sent", ordering="_sent")
    def sent_count(self, obj) -> int:
        return obj._sent

    @admin.display(description="Failed", ordering="_failed")
    def failed_count(self, obj) -> int:
        return obj._failed

    @admin.action(description="Cancel the selected mailings (only those not yet sending)")
    def cancel_mailings(self, request, queryset):
        cancelled, refused = 0, []
        for mailing_id, subject in queryset.values_list("pk", "subject"):
            try:
                services.mailing_cancel(mailing_id=mailing_id)
            except ApplicationError as exc:
                refused.append(f"{subject}: {exc.message}")
            else:
                cancelled += 1
        if cancelled:
            self.message_user(request, f"Cancelled {cancelled} mailing(s).", messages.SUCCESS)
        for message in refused:
            self.message_user(request, message, messages.WARNING)

    def has_delete_permission(self, request, obj=None) -> bool:
        # Deleting would lose the record of who was sent what; cancel instead.
        return False


class KindFilter(admin.SimpleListFilter):
    """A batch email's recipients, the automated emails, or one automated template's emails
    (a release's decisions: decision_accepted, …)."""

    title = "kind"
    parameter_name = "kind"
    MAILING = "mailing"
    AUTOMATED = "automated"

    def lookups(self, request, model_admin):
        keys = (
            Delivery.objects.filter(mailing__isnull=True)
            .order_by("template_key")
            .values_list("template_key", flat=True)
            .distinct()
        )
        return [(self.MAILING, "Batch email"), (self.AUTOMATED, "Automated (all)"), *((key, key) for key in keys)]

    def queryset(self, request, queryset):
        value = self.value()
        if value == self.MAILING:
            return queryset.filter(mailing__isnull=False)
        if value == self.AUTOMATED:
            return queryset.filter(mailing__isnull=True)
        if value:
            return queryset.filter(mailing__isnull=True, template_key=value)
        return queryset


@admin.register(Delivery)
class DeliveryAdmin(ReadOnlyAdminMixin, admin.ModelAdmin):
    """Every email of the outbox table: batch emails' recipients and automated emails (the
    release decisions, keyed "decision:<application id>:<status>")."""

    list_display = ["email", "kind", "mailing", "state", "attempts", "sent_at"]
    list_filter = [KindFilter, "state"]
    search_fields = ["email", "mailing__subject", "dedupe_key"]
    list_select_related = ["mailing"]
    ordering = ["-pk"]
    show_full_result_count = False

    def get_readonly_fields(self, request, obj=None):
        return [f.name for f in Delivery._meta.fields]

    def has_delete_permission(self, request, obj=None) -> bool:
        return False


@admin.register(EmailTemplate)
class EmailTemplateAdmin(ReadOnlyAdminMixin, admin.ModelAdmin):
    list_display = ["key", "language", "subject", "updated_at"]
    search_fields = ["key", "subject", "html"]
    ordering = ["key", "language"]
    fields = ["key", "language", "subject", "html", "created_at", "updated_at"]
    readonly_fields = fields


@admin.register(Suppression)
class SuppressionAdmin(admin.ModelAdmin):
    list_display = ["email", "reason", "created_at", "detail"]
    list_filter = ["reason"]
    search_fields = ["email"]
    ordering = ["-created_at"]
    readonly_fields = ["created_at"]
