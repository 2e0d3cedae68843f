from django.contrib import admin

from .models import TravelBudget, TravelGrant, TravelReceipt, TravelRequest


@admin.register(TravelRequest)
class TravelRequestAdmin(admin.ModelAdmin):
    list_display = ("application", "amount", "currency", "origin", "country")
    raw_id_fields = ("application",)


@admin.register(TravelBudget)
class TravelBudgetAdmin(admin.ModelAdmin):
    list_display = ("cycle", "amount", "currency", "receipts_due")


@admin.register(TravelGrant)
class TravelGrantAdmin(admin.ModelAdmin):
    list_display = ("application", "amount", "status", "granted_at")
    raw_id_fields = ("application", "granted_by")
    # Grants change through apps.travel.grants only: the budget's lock keeps them within it.
    readonly_fields = ("application", "amount", "status", "granted_by", "granted_at", "lapsed_at")


@admin.register(TravelReceipt)
class TravelReceiptAdmin(admin.ModelAdmin):
    list_display = ("grant", "amount", "status", "uploaded_at")
    raw_id_fields = ("grant", "reviewed_by")
    readonly_fields = ("grant", "path", "size", "content_type", "original_name", "amount", "uploaded_at", "status")
