from django.urls import path

from . import pages

urlpatterns = [
    path("admin/travel", pages.travel_page, name="admin-travel"),
]
