from django.urls import path

from . import pages

urlpatterns = [
    path("", pages.home, name="home"),
    path("loading", pages.loading, name="loading"),
]
