from django.contrib import admin
from django.db import models, transaction

from . import services
from .models import Cycle


@admin.register(Cycle)
class CycleAdmin(admin.ModelAdmin):
    list_display = ["__str__", "status", "is_current", "due", "start", "location"]
    list_filter = ["status", "season", "is_current"]
    search_fields = ["location"]
    # Switching the current cycle copies the question set: it happens through the portal's
    # configuration page (services.cycle_make_current), never by ticking a box here.
    readonly_fields = ["is_current", "created_at", "updated_at"]
    formfield_overrides = {models.URLField: {"assume_scheme": "https"}}

    @transaction.atomic
    def save_model(self, request, obj, form, change):
        """A status change goes through the cycle's one door, so a release sends its emails."""
        new_status = obj.status
        if change and "status" in form.changed_data:
            obj.status = form.initial["status"]
            super().save_model(request, obj, form, change)
            services.cycle_set_status(cycle=obj, status=new_status)
            obj.refresh_from_db()
        else:
            super().save_model(request, obj, form, change)
