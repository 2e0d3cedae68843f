from django.urls import path

from . import pages

urlpatterns = [
    path("dashboard", pages.dashboard_page, name="dashboard"),
]
