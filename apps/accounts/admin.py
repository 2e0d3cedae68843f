from django.contrib import admin
from django.contrib.auth.admin import UserAdmin as DjangoUserAdmin

from .admin_login import ThrottledAdminLoginForm
from .models import User, WhitelistRule

# Every admin sign-in passes the portal's sign-in throttle (see admin_login.py).
admin.site.login_form = ThrottledAdminLoginForm


@admin.register(User)
class UserAdmin(DjangoUserAdmin):
    ordering = ["email"]
    list_display = ["email", "role", "is_active", "is_superuser", "date_joined", "last_login"]
    list_filter = ["role", "is_active", "is_superuser"]
    search_fields = ["email"]
    readonly_fields = ["date_joined", "last_login"]
    fieldsets = [
        (None, {"fields": ["email", "password"]}),
        ("Role", {"fields": ["role", "is_active", "is_staff", "is_superuser"]}),
        ("Dates", {"fields": ["date_joined", "last_login"]}),
    ]
    add_fieldsets = [(None, {"classes": ["wide"], "fields": ["email", "password1", "password2", "role"]})]
    filter_horizontal: list = []


@admin.register(WhitelistRule)
class WhitelistRuleAdmin(admin.ModelAdmin):
    list_display = ["value", "kind", "created_at"]
    list_filter = ["kind"]
    search_fields = ["value"]
