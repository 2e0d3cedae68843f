from django.contrib import admin
from django.urls import reverse
from django.utils.html import format_html

from .models import Resume


@admin.register(Resume)
class ResumeAdmin(admin.ModelAdmin):
    """Resumes, for reference. Files arrive only through the upload checks (a real PDF of at most
    2 MB) and leave only through the organizer-only download; neither happens here."""

    list_display = ["user", "original_name", "size", "updated_at"]
    search_fields = ["user__email", "original_name"]
    list_select_related = ["user"]
    ordering = ["-updated_at"]
    fields = ["user", "original_name", "size", "download", "created_at", "updated_at"]
    readonly_fields = fields

    def has_add_permission(self, request) -> bool:
        return False

    def has_change_permission(self, request, obj=None) -> bool:
        return False

    def has_delete_permission(self, request, obj=None) -> bool:
        # Deleting the row would orphan the stored file; an applicant replaces theirs by upload.
        return False

    @admin.display(description="File")
    def download(self, obj):
        url = reverse("api:resumes:download", args=[obj.user.email])
        return format_html('<a href="{}">Download {}.pdf</a>', url, obj.user.email)
