from django.contrib import admin
from django.urls import include, path, re_path

from apps.accounts import pages as account_pages
from apps.accounts.urls import whitelist_urlpatterns
from apps.applications import pages as application_pages
from apps.core import pages as core_pages
from apps.core.api_urls import api_not_found

api_patterns = [
    path("auth/", include("apps.accounts.urls", namespace="auth")),
    path("applications/", include((whitelist_urlpatterns, "whitelist"))),
    path("applications/", include(("apps.cycles.urls", "cycles"))),
    path("applications/", include(("apps.applications.urls", "applications"))),
    path("applications/", include(("apps.reviews.urls", "reviews"))),
    path("resume/", include(("apps.resumes.urls", "resumes"))),
    path("mailings", include(("apps.mailings.urls", "mailings"))),
    re_path(r"^.*$", api_not_found),
]

urlpatterns = [
    path("django-admin/", admin.site.urls),
    path("api/", include((api_patterns, "api"))),
    path("", core_pages.home, name="home"),
    path("loading", core_pages.loading, name="loading"),
    path("login", account_pages.login_page, name="login"),
    path("register", account_pages.register_page, name="register"),
    path("logout", account_pages.logout_page, name="logout"),
    path("reset", account_pages.reset_request_page, name="reset"),
    path("reset/<str:key>", account_pages.reset_confirm_page, name="reset-confirm"),
    path("verify/<str:key>", account_pages.verify_page, name="verify"),
    path("dashboard", application_pages.dashboard_page, name="dashboard"),
    # Every other path is the portal's 404 page, in every settings mode.
    re_path(r"^(?P<path>.*)$", core_pages.not_found),
]

handler404 = "apps.core.pages.not_found"
handler500 = "apps.core.pages.server_error"
