from django.urls import path

from . import api

urlpatterns = [
    path("resume/upload", api.ResumeUploadApi.as_view(), name="upload"),
    path("resume/submitted", api.ResumeSubmittedApi.as_view(), name="submitted"),
    path("resume/submitted/<str:email>", api.ResumeSubmittedForEmailApi.as_view(), name="submitted-for-email"),
    path("resume/download/<str:email>", api.ResumeDownloadApi.as_view(), name="download"),
]
