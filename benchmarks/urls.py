"""The portal's routes plus the floors the benchmarks compare with: a bare DRF view behind the
same session authentication and middleware, which does nothing else (alone, with one read, with
one write), and the dashboard without its island or without its JavaScript preloads."""

import re

from django.db import connection
from django.urls import path
from rest_framework.response import Response
from rest_framework.views import APIView

from apps.applications.pages import dashboard_page
from config.urls import urlpatterns as portal_urlpatterns


class BareApi(APIView):
    """Session authentication (the session and the user, both from the cache once warm), then nothing."""

    def get(self, request):
        return Response({"ok": True})


class BareQueryApi(APIView):
    """The bare view plus one indexed single-row SELECT: the one database round trip GET status
    is allowed, and nothing else, so the status call can be read against what that round trip
    costs by itself."""

    def get(self, request):
        with connection.cursor() as cursor:
            cursor.execute("SELECT status FROM applications_application WHERE user_id = %s LIMIT 1", [request.user.pk])
            row = cursor.fetchone()
        return Response({"ok": True, "status": row[0] if row else None})


class BareWriteApi(APIView):
    """The bare view (a POST: session authentication and the CSRF check) plus one durable write,
    an UPDATE of the caller's own row committed on its own: the least a request that changes
    something costs, the floor a check-in scan can be read against beside the read-only one."""

    def post(self, request):
        with connection.cursor() as cursor:
            cursor.execute("UPDATE accounts_user SET last_login = last_login WHERE id = %s", [request.user.pk])
        return Response({"ok": True})


_MODULE_PRELOAD = re.compile(rb'<link [^>]*rel="modulepreload"[^>]*>\s*')


def dashboard_without_js_preloads(request):
    """The dashboard as it is, less the `<link rel="modulepreload">` of its script and the
    script's imports (its stylesheets' preloads stay): the browser then asks for the imports
    once the script has come and named them. benchmarks/pageload.py times it beside the
    dashboard, on the loopback and over an emulated phone's network."""
    response = dashboard_page(request)
    response.content = _MODULE_PRELOAD.sub(b"", response.content)
    return response


urlpatterns = [
    path("bench/bare", BareApi.as_view()),
    path("bench/bare-query", BareQueryApi.as_view()),
    path("bench/bare-write", BareWriteApi.as_view()),
    # The dashboard's view drawing the dashboard as a plain Django page (its template says how).
    path("bench/dashboard-plain", dashboard_page, {"template": "bench/dashboard-plain.html"}),
    path("bench/dashboard-without-js-preloads", dashboard_without_js_preloads),
    *portal_urlpatterns,
]
