from django.urls import path

from . import report_pages

urlpatterns = [
    path("admin/stats", report_pages.stats_page, name="admin-stats"),
    path("admin/demographics", report_pages.demographics_page, name="admin-demographics"),
]
