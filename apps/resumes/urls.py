from django.urls import path

from . import api

urlpatterns = [
    path("upload", api.ResumeUploadApi.as_view(), name="upload"),
    path("submitted", api.ResumeSubmittedApi.as_view(), name="submitted"),
    path("submitted/<str:email>", api.ResumeSubmittedForEmailApi.as_view(), name="submitted-for-email"),
    path("download/<str:email>", api.ResumeDownloadApi.as_view(), name="download"),
]
