"""The portal's URLs. Each app owns its API and page URL modules; the order here matters only
for the organizer routes under /api/applications/<email>, which must come last."""

from django.conf import settings
from django.contrib import admin
from django.urls import include, path, re_path

from apps.accounts.admin_login import admin_login
from apps.accounts.urls import whitelist_urlpatterns
from apps.applications.organizer_urls import urlpatterns as organizer_urlpatterns
from apps.core import pages as core_pages
from apps.core.api_urls import api_not_found
from apps.core.schema_urls import schema_urlpatterns
from apps.decisions.urls import batch_urlpatterns

api_patterns = [
    path("auth/", include("apps.accounts.urls", namespace="auth")),
    path("applications/", include((whitelist_urlpatterns, "whitelist"))),
    path("applications/", include(("apps.cycles.urls", "cycles"))),
    path("applications/", include(("apps.applications.urls", "applications"))),
    path("applications/", include(("apps.reviews.urls", "reviews"))),
    path("applications/", include(("apps.decisions.urls", "decisions"))),
    path("applications/", include(("apps.reports.report_urls", "reports"))),
    # Last: its patterns include /api/applications/<email>. The batch decision shares the
    # organizers' namespace (organizer:batch-status) and comes before those patterns.
    path("applications/", include(([*batch_urlpatterns, *organizer_urlpatterns], "organizer"))),
    path("resume/", include(("apps.resumes.urls", "resumes"))),
    # The confirmed applicants' resume book (reports asks resumes for the zip).
    path("resume/", include(("apps.reports.resume_book_urls", "resume-book"))),
    path("mailings", include(("apps.mailings.urls", "mailings"))),
    path("privacy/", include(("apps.privacy.urls", "privacy"))),
    path("reviews/", include(("apps.reviews.review_urls", "review"))),
    path("checkin/", include(("apps.checkin.urls", "checkin"))),
    path("admin/", include(("apps.cockpit.urls", "admin-home"))),
    # The OpenAPI schema and its docs page (organizers only), before the catch-all.
    *schema_urlpatterns,
    # Any character, newlines included (a decoded %0A), so no /api/ path gets the HTML 404.
    re_path(r"^[\s\S]*$", api_not_found),
]

urlpatterns = [
    # Django's admin: its URL from DJANGO_ADMIN_URL; its login behind the sign-in throttle.
    path(f"{settings.DJANGO_ADMIN_URL}login/", admin_login, name="django-admin-login"),
    path(settings.DJANGO_ADMIN_URL, admin.site.urls),
    path("api/", include((api_patterns, "api"))),
    path("", core_pages.home, name="home"),
    path("loading", core_pages.loading, name="loading"),
    path("admin", core_pages.admin_panel, name="admin-panel"),
    path("", include("apps.accounts.page_urls")),
    path("", include("apps.cycles.page_urls")),
    path("", include("apps.applications.page_urls")),
    path("", include("apps.applications.organizer_page_urls")),
    path("", include("apps.decisions.page_urls")),
    path("", include("apps.reports.report_page_urls")),
    path("", include("apps.reviews.page_urls")),
    path("", include("apps.resumes.page_urls")),
    path("", include("apps.mailings.page_urls")),
    path("", include("apps.checkin.page_urls")),
    # Every other path is the portal's 404 page, in every settings mode.
    re_path(r"^(?P<path>[\s\S]*)$", core_pages.not_found),
]

handler404 = "apps.core.pages.not_found"
handler500 = "apps.core.pages.server_error"
