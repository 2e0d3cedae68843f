"""Organizer reports: the statistics, the CSV export and the demographics under
/api/applications/, and the confirmed applicants' resume book under /api/resume/ (a report over
the confirmed applicants, beside the resume calls)."""

from django.urls import path

from . import report_api, resume_book_api

urlpatterns = [
    path("applications/stats", report_api.StatsApi.as_view(), name="stats"),
    path("applications/stats/trend", report_api.TrendApi.as_view(), name="stats-trend"),
    path("applications/export", report_api.ExportApi.as_view(), name="export"),
    path("applications/demographics", report_api.DemographicsApi.as_view(), name="demographics"),
    path("resume/download-all", resume_book_api.ResumeDownloadAllApi.as_view(), name="download-all"),
]
