from django.contrib import admin

from .models import Cycle


@admin.register(Cycle)
class CycleAdmin(admin.ModelAdmin):
    list_display = ["__str__", "status", "is_current", "due", "start", "location"]
    list_filter = ["status", "season", "is_current"]
    search_fields = ["location"]
    readonly_fields = ["created_at", "updated_at"]
