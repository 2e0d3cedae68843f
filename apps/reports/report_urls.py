"""Organizer reports, mounted under /api/applications/ (before the organizer's <email> routes)."""

from django.urls import path

from . import report_api

urlpatterns = [
    path("stats", report_api.StatsApi.as_view(), name="stats"),
    path("stats/trend", report_api.TrendApi.as_view(), name="stats-trend"),
    path("export", report_api.ExportApi.as_view(), name="export"),
    path("demographics", report_api.DemographicsApi.as_view(), name="demographics"),
]
