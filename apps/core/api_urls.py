"""/api/schema/ (the OpenAPI document) and /api/docs/ (Swagger UI), for organizers.

The docs page is drf-spectacular's "split" Swagger view: its start-up script is served from
the same URL (`?script`) instead of inline, and Swagger UI's own files come from the sidecar's
static files, so the page runs under a `script-src 'self'` Content-Security-Policy with no CDN.
"""

from django.urls import path
from drf_spectacular.views import SpectacularAPIView, SpectacularSwaggerSplitView

from apps.core.pages import admin_page

urlpatterns = [
    path("schema/", SpectacularAPIView.as_view(), name="schema"),
    # A page for people: signed-out visitors go to the login page, students to their dashboard.
    path("docs/", admin_page()(SpectacularSwaggerSplitView.as_view(url_name="api:core:schema")), name="docs"),
]
