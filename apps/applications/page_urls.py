from django.urls import path

from . import apply_pages, organizer_pages, pages

urlpatterns = [
    path("dashboard", pages.dashboard_page, name="dashboard"),
    path("apply", apply_pages.apply_page, name="apply"),
    path("apply/blocked", apply_pages.apply_blocked_page, name="apply-blocked"),
    path("admin/users", organizer_pages.users_page, name="admin-users"),
    path("admin/users/<str:email>", organizer_pages.user_detail_page, name="admin-user"),
]
