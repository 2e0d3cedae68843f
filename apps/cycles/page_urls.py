from django.urls import path

from . import pages

urlpatterns = [
    path("admin/config", pages.config_page, name="admin-config"),
    path("admin/createapp", pages.createapp_page, name="admin-createapp"),
]
