from django.urls import path

from . import organizer_pages as pages

urlpatterns = [
    path("admin/users", pages.users_page, name="admin-users"),
    path("admin/users/<str:email>", pages.user_detail_page, name="admin-user"),
    path("admin/administrators", pages.administrators_page, name="admin-administrators"),
    path("admin/config", pages.config_page, name="admin-config"),
    path("admin/whitelist-emails", pages.whitelist_page, name="admin-whitelist"),
    path("admin/batch", pages.batch_page, name="admin-batch"),
    path("admin/assignapps", pages.assign_page, name="admin-assign"),
    path("admin/createapp", pages.createapp_page, name="admin-createapp"),
]
