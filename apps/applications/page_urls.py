from django.urls import path

from . import apply_pages, pages

urlpatterns = [
    path("dashboard", pages.dashboard_page, name="dashboard"),
    path("apply", apply_pages.apply_page, name="apply"),
]
