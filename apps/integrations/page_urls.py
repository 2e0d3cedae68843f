from django.urls import path

from . import pages

urlpatterns = [
    path("admin/integrations", pages.integrations_page, name="admin-integrations"),
    path("calendar/<str:token>.ics", pages.calendar_feed, name="calendar-feed"),
]
