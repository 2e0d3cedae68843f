"""The organizers' application calls. Included last under /api/applications/ because the
`<email>` patterns would otherwise shadow every one-segment route of the other modules."""

from django.urls import path

from . import organizer_api as api
from . import table_api

urlpatterns = [
    path("all", table_api.ApplicationTableApi.as_view(), name="table"),
    path("teammates/<str:teamcode>", api.TeammatesApi.as_view(), name="teammates"),
    path("<str:email>/history", api.ApplicationHistoryApi.as_view(), name="history"),
    path("<str:email>", api.ApplicationDetailApi.as_view(), name="detail"),
]
