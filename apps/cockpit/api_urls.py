"""The admin home's numbers at /api/admin/home, which the /admin page (page_urls.py) also
brings in its props; its island asks here to refresh them."""

from django.urls import path

from . import api

urlpatterns = [
    path("admin/home", api.AdminHomeApi.as_view(), name="home"),
]
