"""The admin home's numbers at /api/admin/home (the /admin page itself is core's admin panel,
whose island reads them)."""

from django.urls import path

from . import api

urlpatterns = [
    path("admin/home", api.AdminHomeApi.as_view(), name="home"),
]
