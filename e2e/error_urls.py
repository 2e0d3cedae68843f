"""A URLconf for the browser journeys: the portal's URLs plus one route that fails on purpose,
so the real 500 handler can be looked at in a browser."""

from django.urls import path

from apps.core.pages import service_unavailable
from config.urls import handler404, handler500
from config.urls import urlpatterns as portal_urlpatterns


def boom(request):
    raise RuntimeError("A failure on purpose, to show the 500 page.")


def unavailable(request):
    """The 503 page an outage shows (the database or cache down), without an outage."""
    return service_unavailable(request)


urlpatterns = [path("e2e-boom", boom), path("e2e-unavailable", unavailable), *portal_urlpatterns]

__all__ = ["handler404", "handler500", "urlpatterns"]
