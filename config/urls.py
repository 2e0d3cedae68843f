"""The portal's URLs. Every app has the same two URL modules: `api_urls.py` (paths under /api/,
in the namespace `api:<app>`) and `page_urls.py` (the pages). Each holds its paths whole, so
the contract's address of a call is read in one place, and no route can shadow another: an
email in a path is `<email:...>` (a segment holding an `@`, which no fixed segment holds), so
the order of the includes below decides nothing. apps/core/tests/test_routes.py checks that
no two routes can match the same path; the two catch-alls at the end are the only fallbacks."""

from django.conf import settings
from django.contrib import admin
from django.urls import include, path, re_path

from apps.accounts.admin_login import admin_login
from apps.core import pages as core_pages
from apps.core.api import api_not_found

# The order decides nothing about which view answers (see above), but the resolver tries the
# patterns in turn: the calls made most often come first, the ones pages poll (the statistics,
# a student's status) and the door's scan, so they are found after a few patterns, not
# after most of the API (measured: stats 103 to 21 µs, status 56 to 27 µs to resolve).
API_APPS = ("reports", "applications", "checkin", "cycles", "accounts", "core", "decisions", "mailings", "privacy")
API_APPS += ("resumes", "reviews", "cockpit", "travel", "integrations")
# Every app has its pages' module (privacy's holds the page shown after an account is deleted).
PAGE_APPS = API_APPS

api_patterns = [
    *(path("", include((f"apps.{app}.api_urls", app))) for app in API_APPS),
    # Any character, newlines included (a decoded %0A), so no /api/ path gets the HTML 404.
    re_path(r"^[\s\S]*$", api_not_found),
]

urlpatterns = [
    # Django's admin: its URL from DJANGO_ADMIN_URL; its login behind the sign-in throttle.
    path(f"{settings.DJANGO_ADMIN_URL}login/", admin_login, name="django-admin-login"),
    path(settings.DJANGO_ADMIN_URL, admin.site.urls),
    path("api/", include((api_patterns, "api"))),
    *(path("", include(f"apps.{app}.page_urls")) for app in PAGE_APPS),
    # Every other path is the portal's 404 page, in every settings mode.
    re_path(r"^(?P<path>[\s\S]*)$", core_pages.not_found),
]

handler404 = "apps.core.pages.not_found"
handler500 = "apps.core.pages.server_error"
