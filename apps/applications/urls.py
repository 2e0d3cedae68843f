from django.urls import path

from . import api

urlpatterns = [
    path("schools", api.SchoolsApi.as_view(), name="schools"),
    path("countries", api.CountriesApi.as_view(), name="countries"),
    path("application", api.ApplicationApi.as_view(), name="application"),
    path("save", api.ApplicationSaveApi.as_view(), name="save"),
    path("status", api.ApplicationStatusApi.as_view(), name="status"),
    path("teamcode", api.TeamCodeApi.as_view(), name="teamcode"),
]
