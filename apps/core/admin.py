"""Read-only building blocks for Django's admin (/django-admin/), shared by every app.

Many of the portal's rows are written by one service that checks the rules (the status machine,
the outbox, a review, a consent): edited by hand in the admin they would skip those checks or
no longer prove anything. Such rows are shown for reference, with nothing added, changed or
deleted from the admin.
"""

from __future__ import annotations

from django.contrib import admin


class NoWrites:
    """Refuses every write the admin offers: add, change, delete (the page stays viewable)."""

    def has_add_permission(self, request, obj=None) -> bool:
        return False

    def has_change_permission(self, request, obj=None) -> bool:
        return False

    def has_delete_permission(self, request, obj=None) -> bool:
        return False


class ReadOnlyAdmin(NoWrites, admin.ModelAdmin):
    """A model browsed, filtered and searched, never edited here."""


class ReadOnlyInline(NoWrites, admin.TabularInline):
    """Rows shown for reference under their parent."""

    extra = 0
    can_delete = False
    show_change_link = False
