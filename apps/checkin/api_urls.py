from django.urls import path

from apps.core import converters  # noqa: F401 - registers <rid:...>

from . import api

urlpatterns = [
    path("checkin/ticket", api.TicketApi.as_view(), name="ticket"),
    path("checkin/ticket.ics", api.TicketIcsApi.as_view(), name="ticket-ics"),
    path("checkin/ticket/reissue", api.TicketReissueApi.as_view(), name="ticket-reissue"),
    path("checkin/ticket/reissue/<str:email>", api.OrganizerTicketReissueApi.as_view(), name="ticket-reissue-for"),
    path("checkin/scan", api.ScanApi.as_view(), name="scan"),
    path("checkin/check-in", api.CheckInApi.as_view(), name="check-in"),
    path("checkin/search", api.SearchApi.as_view(), name="search"),
    path("checkin/stats", api.StatsApi.as_view(), name="stats"),
    path("checkin/walk-in", api.WalkInApi.as_view(), name="walk-in"),
    path("checkin/checkpoints", api.CheckpointListApi.as_view(), name="checkpoints"),
    path("checkin/checkpoints/<rid:checkpoint_id>", api.CheckpointApi.as_view(), name="checkpoint"),
    path("checkin/checkpoints/<rid:checkpoint_id>/scan", api.CheckpointScanApi.as_view(), name="checkpoint-scan"),
    path("checkin/checkpoints/<rid:checkpoint_id>/pass", api.CheckpointPassApi.as_view(), name="checkpoint-pass"),
]
