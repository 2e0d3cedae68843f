"""A URLconf for the 500-page tests: the portal's URLs plus one view that fails on purpose."""

from django.urls import path

from config.urls import handler404, handler500
from config.urls import urlpatterns as portal_urlpatterns


def fail(request):
    raise RuntimeError("A failure on purpose, to exercise the 500 handler.")


urlpatterns = [path("fail-on-purpose", fail), *portal_urlpatterns]

__all__ = ["handler404", "handler500", "urlpatterns"]
