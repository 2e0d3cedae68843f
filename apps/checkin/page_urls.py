from django.urls import path

from . import pages

urlpatterns = [
    path("checkin", pages.checkin_page, name="checkin"),
]
