from django.urls import path

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
]
