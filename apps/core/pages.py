"""Server-rendered pages: each mounts one React island with its initial props.

The guards live here, on the server: public-only pages send a signed-in user home (an
organizer to /admin, a student to /dashboard), protected pages send a signed-out visitor to
/login?next=…, admin pages send a non-admin to /dashboard.
"""

from __future__ import annotations

import json
import logging
import sys
from functools import wraps
from urllib.parse import urlencode

from django.conf import settings
from django.http import HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import redirect, render
from django.template import loader
from django.utils.html import escape
from django.utils.http import url_has_allowed_host_and_scheme
from django.utils.translation import get_language, gettext
from django.utils.translation import gettext_lazy as _
from django.views.decorators.http import require_safe
from rest_framework.renderers import JSONRenderer

from apps.core.badge import trust_badge_season
from apps.core.exceptions import RETRY_AFTER_SECONDS, SERVICE_UNAVAILABLE, unavailable_message

logger = logging.getLogger(__name__)


def island(
    request: HttpRequest,
    page: str,
    props: dict | None = None,
    *,
    title: str,
    status: int = 200,
    template: str = "island.html",
    context: dict | None = None,
):
    """Render the island `page` (entry `src/pages/<page>.tsx`) with its props. A page that draws
    more than a spinner until its island mounts names its own template, which extends
    island.html's `placeholder` block, and the `context` that template reads."""
    context = {
        **(context or {}),
        "page": page,
        "page_props": props or {},
        "page_props_id": f"{page}-props",
        "title": title,
    }
    return render(request, template, context, status=status)


def as_api_json(data):
    """`data` as an API view's Response renders it (DRF's JSON: times as text, decimals as
    numbers, lazy strings in the request's language), for props that stand in for an API call's
    answer: the island reads the one or the other the same way."""
    return json.loads(JSONRenderer().render(data))


def select_options(values, choices) -> list[dict]:
    """A select's options as props: `[{"value", "label"}]` for `values`, labelled from `choices`."""
    labels = dict(choices)
    return [{"value": str(v), "label": str(labels[v])} for v in values]


# Where each staff role belongs; everyone else (students) on their dashboard.
HOMES = {"admin": "/admin", "reviewer": "/admin/reviewapps", "volunteer": "/checkin"}


def home_for(user) -> str:
    """Where a signed-in person belongs: organizers on the admin panel, reviewers on their
    review list, volunteers on the check-in page, students on their dashboard."""
    return HOMES.get(getattr(user, "role", ""), "/dashboard")


def safe_next(request: HttpRequest, default: str = "/dashboard") -> str:
    """The `next` parameter if it is a same-site path, else the default."""
    target = request.GET.get("next") or request.POST.get("next") or ""
    if (
        target.startswith("/")
        and not target.startswith("//")
        and url_has_allowed_host_and_scheme(
            target, allowed_hosts={request.get_host()}, require_https=request.is_secure()
        )
    ):
        return target
    return default


def public_only(view):
    @wraps(view)
    def wrapper(request, *args, **kwargs):
        if request.user.is_authenticated:
            return redirect(home_for(request.user))
        return view(request, *args, **kwargs)

    return wrapper


def page_for(allowed, otherwise: str | None = None):
    """A page for the signed-in users that `allowed(user)` accepts: a signed-out visitor signs
    in first (and comes back here); anyone else goes to `otherwise`, by default their own home
    (a student's dashboard, a reviewer's list, a volunteer's check-in). Every gated page's rule."""

    def decorator(view):
        @wraps(view)
        def wrapper(request, *args, **kwargs):
            if not request.user.is_authenticated:
                return redirect(f"/login?{urlencode({'next': request.get_full_path()})}")
            if not allowed(request.user):
                return redirect(otherwise or home_for(request.user))
            return view(request, *args, **kwargs)

        return wrapper

    return decorator


# Any signed-in user.
signed_in = page_for(lambda user: True)


def admin_page(non_admin_to: str | None = None):
    """Organizers only: a signed-out visitor signs in first; anyone else goes to `non_admin_to`,
    by default their own home (a student's dashboard, a reviewer's list, a volunteer's check-in)."""
    return page_for(lambda user: user.is_admin, non_admin_to)


admin_only = admin_page()


@require_safe
def home(request):
    return island(request, "home", title=_("Home"))


@require_safe
def loading(request):
    return island(request, "loading", {"redirectTo": "/login", "delayMs": 7000}, title=_("Loading"))


def not_found(request, exception=None, path: str = ""):
    return render(request, "404.html", {"title": _("Not found")}, status=404)


SERVER_ERROR = _("Something went wrong on our side. Please try again in a moment.")


def is_api_request(request: HttpRequest) -> bool:
    return request.path_info.startswith("/api/")


def server_error(request):
    """Django's 500 handler: also where an outage raised outside a view ends up.

    Called inside Django's `except` block, so the exception is at hand: a lost database or
    cache (say, the session saved by SessionMiddleware) is a 503, not a 500. API paths get
    the contract's JSON shape.
    """
    message = unavailable_message(sys.exc_info()[1])
    if message is not None:
        return service_unavailable(request, message)
    if is_api_request(request):
        return JsonResponse({"message": str(SERVER_ERROR)}, status=500)
    # Rendered without the request's context processors: the failure may be the database.
    html = loader.render_to_string("500.html", {"title": _("Error"), "error_page": True})
    return HttpResponse(html, status=500)


_STATIC_503 = """<!doctype html>
<html lang="{lang}"><head><meta charset="utf-8"><title>{title}</title></head>
<body><main><h1>{heading}</h1><p>{message}</p></main></body></html>
"""


def service_unavailable(request: HttpRequest, message: str = SERVICE_UNAVAILABLE) -> HttpResponse:
    """503 while the database, cache or broker is down: JSON for the API, a page otherwise.

    The page extends the site's base template but runs no context processor (they read the
    database): its navbar and footer facts come from settings. Should even that fail, a
    plain static page still says what happened.
    """
    if is_api_request(request):
        response = JsonResponse({"message": str(message)}, status=503)
    else:
        context = {
            "title": _("Temporarily unavailable"),
            "message": message,
            "error_page": True,
            "event_name": settings.EVENT_NAME,
            "event_site_url": settings.EVENT_SITE_URL,
            "trust_badge_url": settings.TRUST_BADGE_URL,
            "trust_badge_season": trust_badge_season(),
            "social_links": settings.SOCIAL_LINKS,
            "contact_email": settings.CONTACT_EMAIL,
        }
        try:
            html = loader.render_to_string("503.html", context)
        except Exception:  # noqa: BLE001 - the outage page must not become a 500 itself
            logger.exception("Could not render the 503 page; answering the static one")
            html = _STATIC_503.format(
                lang=escape(get_language() or settings.LANGUAGE_CODE),
                title=escape(gettext("Temporarily unavailable")),
                heading=escape(gettext("We'll be right back.")),
                message=escape(message),
            )
        response = HttpResponse(html, status=503)
    response["Retry-After"] = str(RETRY_AFTER_SECONDS)
    return response
