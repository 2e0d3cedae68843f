"""The admin home's numbers, mounted at /api/admin/."""

from django.urls import path

from . import api

urlpatterns = [
    path("home", api.AdminHomeApi.as_view(), name="home"),
]
