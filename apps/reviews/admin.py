from django.contrib import admin

from .models import Assignment


@admin.register(Assignment)
class AssignmentAdmin(admin.ModelAdmin):
    """Review assignments. Positions are given by the assign service under the reviewer's lock,
    so they are shown, not edited; the review status can be changed here."""

    list_display = ["reviewer", "position", "application_email", "status", "created_at"]
    list_filter = ["status", ("reviewer", admin.RelatedOnlyFieldListFilter), "application__cycle"]
    search_fields = ["reviewer__email", "application__email"]
    list_select_related = ["reviewer", "application"]
    ordering = ["reviewer__email", "position"]
    fields = ["reviewer", "application", "position", "status", "created_at", "updated_at"]
    readonly_fields = ["reviewer", "application", "position", "created_at", "updated_at"]

    def has_add_permission(self, request) -> bool:
        # Assignments are made from /admin/assignapps, which checks the reviewer is an organizer.
        return False

    @admin.display(description="Application", ordering="application__email")
    def application_email(self, obj) -> str:
        return obj.application.email
