from django.urls import path

from . import resume_book_api

# Mounted at /api/resume/ (next to apps.resumes.urls): the resume book is a report over the
# confirmed applicants, so its view lives with the other reports.
urlpatterns = [
    path("download-all", resume_book_api.ResumeDownloadAllApi.as_view(), name="download-all"),
]
