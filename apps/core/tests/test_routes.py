"""No route can shadow another, and every address of the API contract reaches its view.

The URL configuration is walked whole (every app's `api_urls.py` and `page_urls.py` as
config/urls.py includes them). Each route is turned into one regular expression for the whole
path, and concrete sample paths are made from it: each parameter filled with ordinary values
and, one parameter at a time, with every fixed segment that any route has (`stats`, `history`,
`all`...), because that is how one route swallows another (`<email>` taking `stats`,
`status/<email>` and `<email>/history` both taking `status/history`). Each sample must resolve
to its own route, and match no other. The two catch-alls (the API's JSON 404 and the pages'
404) are the only routes allowed to overlap the rest, and only as the last of their list.

Django's admin (DJANGO_ADMIN_URL) is Django's own URL configuration and is left out, except
that the portal's throttled admin login, placed before it on purpose, is a route like any other.
"""

from __future__ import annotations

import functools
import itertools
import re
from dataclasses import dataclass

import pytest
from django.urls import URLPattern, URLResolver, get_resolver, resolve
from django.utils.regex_helper import normalize

from apps.core import pages as core_pages
from apps.core.api import api_not_found

FALLBACKS = {api_not_found, core_pages.not_found}
# Values a parameter gets besides the fixed segments: a word, a number, a negative number, an
# email address, and two segments (a `<path:...>` takes slashes).
ORDINARY = ["sample", "42", "-1", "ada@princeton.edu", "a/b"]
_GROUP_NAME = re.compile(r"\(\?P<(\w+)>")


@dataclass(frozen=True)
class Route:
    regex: str  # the whole path, without the leading slash and without anchors
    callback: object
    label: str  # "api/applications/<email:email>/history (api:applications:history)"

    def matches(self, path: str) -> bool:
        return re.fullmatch(self.regex, path) is not None


def _regex_of(pattern) -> str:
    """A route's part as an unanchored expression, each named group renamed so the parts of
    one route never repeat a name."""
    text = pattern.pattern.regex.pattern
    text = text.removeprefix("^")
    for end in (r"\Z", "$"):
        text = text.removesuffix(end)
    return text


def all_routes() -> list[Route]:
    found: list[Route] = []

    def walk(entries, regex: str, text: str, namespace: str) -> None:
        for entry in entries:
            if isinstance(entry, URLResolver):
                if entry.namespace == "admin":
                    continue
                inner = ":".join(filter(None, [namespace, entry.namespace]))
                walk(entry.url_patterns, regex + _regex_of(entry), text + str(entry.pattern), inner)
            elif isinstance(entry, URLPattern):
                name = ":".join(filter(None, [namespace, entry.name]))
                found.append(Route(regex + _regex_of(entry), entry.callback, f"{text}{entry.pattern} ({name})"))

    walk(get_resolver().url_patterns, "", "", "")
    counter = itertools.count()
    return [
        Route(_GROUP_NAME.sub(lambda m: f"(?P<{m.group(1)}_{next(counter)}>", r.regex), r.callback, r.label)
        for r in found
    ]


def _fixed_segments(routes: list[Route]) -> list[str]:
    segments: set[str] = set()
    for route in routes:
        for template, _params in normalize(route.regex):
            for segment in template.split("/"):
                if segment and "%(" not in segment:
                    segments.add(segment.replace("%%", "%"))
    return sorted(segments)


def _fill(template: str, params: list[str], values) -> str:
    return template % dict(zip(params, values, strict=True))


def samples(route: Route, fixed: list[str]) -> list[str]:
    """Concrete paths of `route`: a base filling from the ordinary values, then each parameter
    in turn given every ordinary value and every fixed segment that the route accepts there."""
    paths: set[str] = set()
    for template, params in normalize(route.regex):
        fill = functools.partial(_fill, template, params)
        if not params:
            if route.matches(template.replace("%%", "%")):
                paths.add(template.replace("%%", "%"))
            continue
        base = next(
            (list(values) for values in itertools.product(ORDINARY, repeat=len(params)) if route.matches(fill(values))),
            None,
        )
        if base is None:
            continue
        paths.add(fill(base))
        for index, value in itertools.product(range(len(params)), [*ORDINARY, *fixed]):
            values = [*base[:index], value, *base[index + 1 :]]
            if route.matches(fill(values)):
                paths.add(fill(values))
    return sorted(paths)


ROUTES = all_routes()
CHECKED = [route for route in ROUTES if route.callback not in FALLBACKS]
FIXED = _fixed_segments(ROUTES)


def test_the_walk_sees_the_whole_configuration():
    labels = " ".join(route.label for route in ROUTES)
    assert len(CHECKED) > 100
    for expected in ("api:applications:detail", "api:reviews:rubric", "api:reviews:assign-application", "admin-users"):
        assert f"({expected})" in labels, expected


def test_the_catch_alls_are_last_in_their_lists():
    """The API's JSON 404 after every /api/ route, the 404 page after every route."""
    assert ROUTES[-1].callback is core_pages.not_found
    api = [route for route in ROUTES if route.label.startswith("api/")]
    assert api[-1].callback is api_not_found
    assert [route.callback for route in ROUTES].count(api_not_found) == 1


@pytest.mark.parametrize("route", CHECKED, ids=lambda route: route.label)
def test_a_route_is_the_only_one_to_match_its_paths(route):
    paths = samples(route, FIXED)
    assert paths, f"no sample path could be made for {route.label}: teach ORDINARY its parameter"
    problems = []
    for path in paths:
        others = [other.label for other in CHECKED if other is not route and other.matches(path)]
        if others:
            problems.append(f"/{path} also matches {others}")
        elif resolve("/" + path).func is not route.callback:
            problems.append(f"/{path} resolves to {resolve('/' + path).func}")
    assert not problems, "\n".join(problems)


def test_the_check_finds_a_shadowing_route():
    """The check is not blind: an `<str:...>` route beside fixed ones is caught, and a route
    that takes another's path with a parameter of its own is too."""
    loose = Route(r"api/applications/(?P<email>[^/]+)", object(), "api/applications/<str:email>")
    history = Route(r"api/applications/(?P<email>[^/]+)/history", object(), "api/applications/<str:email>/history")
    stats = next(route for route in CHECKED if route.label.startswith("api/applications/stats "))
    decision = next(route for route in CHECKED if route.label.startswith("api/applications/status/<str:email> "))
    assert any(loose.matches(path) for path in samples(stats, FIXED))
    assert any(history.matches(path) for path in samples(decision, FIXED))


# Every address of the API contract and every page of the route table, with a sample value in
# each parameter, and the view that must answer it.
CONTRACT = [
    ("/api/auth/user", "UserApi"),
    ("/api/auth/login", "LoginApi"),
    ("/api/auth/logout", "LogoutApi"),
    ("/api/auth/register", "RegisterApi"),
    ("/api/auth/verify/abc-123", "VerifyApi"),
    ("/api/auth/whitelist", "WhitelistApi"),
    ("/api/auth/whitelist/exceptions", "WhitelistExceptionsApi"),
    ("/api/auth/whitelist/exceptions/7", "WhitelistExceptionDeleteApi"),
    ("/api/auth/reset_password", "ResetRequestApi"),
    ("/api/auth/reset_password/abc-123", "ResetConfirmApi"),
    ("/api/auth/token/refresh", "TokenRefreshApi"),
    ("/api/auth/promote", "PromoteApi"),
    ("/api/auth/demote", "DemoteApi"),
    ("/api/auth/admins", "AdminsApi"),
    ("/api/applications/whitelistemail/ada@princeton.edu", "WhitelistEmailApi"),
    ("/api/applications/whitelistpattern/^.*@yale\\.edu$", "WhitelistPatternApi"),
    ("/api/applications/cycle/status", "CycleStatusApi"),
    ("/api/applications/cycle/config", "CycleConfigApi"),
    ("/api/applications/cycle/current", "CycleCurrentApi"),
    ("/api/applications/status", "ApplicationStatusApi"),
    ("/api/applications/questions", "QuestionsApi"),
    ("/api/applications/schools", "SchoolsApi"),
    ("/api/applications/countries", "CountriesApi"),
    ("/api/applications/application", "ApplicationApi"),
    ("/api/applications/save", "ApplicationSaveApi"),
    ("/api/applications/confirm-waitlist", "ConfirmWaitlistApi"),
    ("/api/applications/confirm", "ConfirmApi"),
    ("/api/applications/decline", "DeclineApi"),
    ("/api/applications/all", "ApplicationTableApi"),
    ("/api/applications/ada@princeton.edu", "ApplicationDetailApi"),
    ("/api/applications/ada@princeton.edu/history", "ApplicationHistoryApi"),
    ("/api/applications/teammates/424242", "TeammatesApi"),
    ("/api/applications/status/ada@princeton.edu", "DecisionApi"),
    ("/api/applications/batch-status", "BatchStatusApi"),
    ("/api/applications/stats", "StatsApi"),
    ("/api/applications/export", "ExportApi"),
    ("/api/applications/demographics", "DemographicsApi"),
    ("/api/applications/assign-application/rev@princeton.edu/ada@princeton.edu", "AssignApplicationApi"),
    ("/api/applications/assign-applications", "AssignApplicationsApi"),
    ("/api/applications/assigned-applications/rev@princeton.edu", "AssignedApplicationsApi"),
    ("/api/applications/application-index/rev@princeton.edu/0", "ApplicationIndexApi"),
    ("/api/applications/application-index/rev@princeton.edu/-1", "ApplicationIndexApi"),
    ("/api/applications/change-review-status/rev@princeton.edu/ada@princeton.edu/complete", "ChangeReviewStatusApi"),
    ("/api/resume/submitted", "ResumeSubmittedApi"),
    ("/api/resume/submitted/ada@princeton.edu", "ResumeSubmittedForEmailApi"),
    ("/api/resume/upload", "ResumeUploadApi"),
    ("/api/resume/download/ada@princeton.edu", "ResumeDownloadApi"),
    ("/api/resume/download-all", "ResumeDownloadAllApi"),
    ("/api/mailings", "MailingCreateApi"),
    ("/api/mailings/7", "MailingCancelApi"),
    ("/api/mailings/templates", "TemplateListApi"),
    ("/api/mailings/templates/verification", "TemplateDetailApi"),
    ("/api/reviews/rubric", "RubricApi"),
    ("/api/reviews/assigned", "AssignedApi"),
    ("/api/reviews/applications/7/review", "OwnReviewApi"),
    ("/api/reviews/ranking", "RankingApi"),
    ("/api/checkin/scan", "ScanApi"),
    ("/api/privacy/export", "ExportApi"),
    ("/api/schema/", "SpectacularAPIView"),
]
PAGES = [
    ("/", "home"),
    ("/login", "login_page"),
    ("/register", "register_page"),
    ("/reset", "reset_request_page"),
    ("/reset/abc-123", "reset_confirm_page"),
    ("/verify/abc-123", "verify_page"),
    ("/loading", "loading"),
    ("/dashboard", "dashboard_page"),
    ("/apply", "apply_page"),
    ("/admin", "admin_panel"),
    ("/admin/users", "users_page"),
    ("/admin/users/ada@princeton.edu", "user_detail_page"),
    ("/admin/stats", "stats_page"),
    ("/admin/administrators", "administrators_page"),
    ("/admin/config", "config_page"),
    ("/admin/resumebook", "resumebook_page"),
    ("/admin/batch", "batch_page"),
    ("/admin/demographics", "demographics_page"),
    ("/admin/whitelist-emails", "whitelist_page"),
    ("/admin/assignapps", "assign_page"),
    ("/admin/reviewapps", "review_list_page"),
    ("/admin/reviewapps/3", "review_detail_page"),
    ("/admin/createapp", "createapp_page"),
    ("/admin/automated-emails", "automated_emails_page"),
    ("/no/such/page", "not_found"),
]


@pytest.mark.parametrize(("path", "view"), CONTRACT, ids=[path for path, _ in CONTRACT])
def test_every_contract_address_reaches_its_view(path, view):
    func = resolve(path).func
    assert getattr(func, "view_class", func).__name__ == view


@pytest.mark.parametrize(("path", "view"), PAGES, ids=[path for path, _ in PAGES])
def test_every_page_of_the_route_table_reaches_its_view(path, view):
    assert getattr(resolve(path).func, "__name__", None) == view
