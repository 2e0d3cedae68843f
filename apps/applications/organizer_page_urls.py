from django.urls import path

from . import organizer_pages as pages

urlpatterns = [
    path("admin/users", pages.users_page, name="admin-users"),
    path("admin/users/<str:email>", pages.user_detail_page, name="admin-user"),
]
