from django.contrib import admin

from .models import CheckIn, Checkpoint, CheckpointPass, Ticket


@admin.register(Ticket)
class TicketAdmin(admin.ModelAdmin):
    list_display = ("application", "version", "issued_at", "voided_at")
    raw_id_fields = ("application",)
    # Tickets change only through apps.checkin.tickets (void and re-issue, with the email).
    readonly_fields = ("application", "version", "code", "issued_at", "voided_at")


@admin.register(CheckIn)
class CheckInAdmin(admin.ModelAdmin):
    list_display = ("application", "at", "by_email", "method", "device")
    raw_id_fields = ("application", "ticket", "by")
    readonly_fields = ("application", "scan_id", "ticket", "by", "by_email", "at", "method", "device")


@admin.register(Checkpoint)
class CheckpointAdmin(admin.ModelAdmin):
    list_display = ("name", "kind", "cycle", "created_at")


@admin.register(CheckpointPass)
class CheckpointPassAdmin(admin.ModelAdmin):
    list_display = ("checkpoint", "application", "at", "by_email")
    raw_id_fields = ("application", "by")
    # A pass is a scan's record: made only by apps.checkin.checkpoints.
    readonly_fields = ("checkpoint", "application", "scan_id", "by", "by_email", "at", "device")
