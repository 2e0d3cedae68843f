from django.urls import path

from . import api

urlpatterns = [
    path("ticket", api.TicketApi.as_view(), name="ticket"),
    path("ticket.ics", api.TicketIcsApi.as_view(), name="ticket-ics"),
    path("ticket/reissue", api.TicketReissueApi.as_view(), name="ticket-reissue"),
    path("ticket/reissue/<str:email>", api.OrganizerTicketReissueApi.as_view(), name="ticket-reissue-for"),
    path("scan", api.ScanApi.as_view(), name="scan"),
    path("check-in", api.CheckInApi.as_view(), name="check-in"),
    path("search", api.SearchApi.as_view(), name="search"),
    path("stats", api.StatsApi.as_view(), name="stats"),
    path("walk-in", api.WalkInApi.as_view(), name="walk-in"),
]
