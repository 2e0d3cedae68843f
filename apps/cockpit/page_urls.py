from django.urls import path

from . import pages

urlpatterns = [
    path("admin", pages.admin_panel, name="admin-panel"),
]
