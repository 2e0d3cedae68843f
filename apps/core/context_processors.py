from __future__ import annotations

from collections.abc import Callable

from django.conf import settings
from django.middleware.csrf import get_token
from django.utils import translation

from apps.core.badge import trust_badge_season

# What domain apps add to every page, registered in their AppConfig.ready (the cycles app: the
# current cycle's status), so core, the plumbing, imports no domain app. A contributor takes
# the request and returns {"config": {...}, "context": {...}}: entries for the islands' global
# config object and for the template context.
Contributor = Callable[[object], dict]
_contributors: list[Contributor] = []


def contribute(contributor: Contributor) -> None:
    """Add `contributor`'s facts to every page (idempotent: a second registration is ignored)."""
    if contributor not in _contributors:
        _contributors.append(contributor)


def portal(request) -> dict:
    """The navbar's facts and the one global config object that every island reads.

    No API addresses here: the islands take them from frontend/src/api/urls.ts, typed against
    the OpenAPI schema's paths, so there is one source and a renamed route fails `tsc`."""
    from apps.core.pages import home_for  # the pages import this module's neighbours

    user = getattr(request, "user", None)
    signed_in = bool(user and user.is_authenticated)
    language = translation.get_language() or settings.LANGUAGE_CODE
    config = {
        # The page's language, for the islands' translations and Intl formats (docs/i18n.md).
        "language": language,
        "csrfToken": get_token(request),
        "csrfHeaderName": "X-CSRFToken",
        "loginUrl": settings.LOGIN_URL,
        "user": {"email": user.email, "role": user.role} if signed_in else None,
        "studentDomains": [d.strip().lower() for d in settings.EXTRA_STUDENT_DOMAINS if d.strip()],
        "event": {
            "name": settings.EVENT_NAME,
            "themedName": settings.EVENT_THEMED_NAME,
            "siteUrl": settings.EVENT_SITE_URL,
            "hostSchool": settings.HOST_SCHOOL,
            "contactEmail": settings.CONTACT_EMAIL,
            "codeOfConductUrl": settings.SOCIAL_LINKS["code_of_conduct"],
        },
    }
    context = {
        "portal_config": config,
        "nav_signed_in": signed_in,
        # The logo goes home, inside the portal: the signed-in person's own (home_for), else
        # the landing page. Leaving for the event's site from an admin page was a trap.
        "nav_home": home_for(user) if signed_in else "/",
        "nav_is_admin": signed_in and getattr(user, "is_admin", False),
        # A volunteer's one page (organizers reach it from the Admin Panel).
        "nav_is_volunteer": signed_in and getattr(user, "role", "") == "volunteer",
        # A reviewer's one page (organizers reach it from the Admin Panel too).
        "nav_is_reviewer": signed_in and getattr(user, "role", "") == "reviewer",
        "event_name": settings.EVENT_NAME,
        "event_site_url": settings.EVENT_SITE_URL,
        "trust_badge_url": settings.TRUST_BADGE_URL,
        "trust_badge_season": trust_badge_season(),
        "social_links": settings.SOCIAL_LINKS,
        "contact_email": settings.CONTACT_EMAIL,
        # The language switch (navbar and footer): only when there is a choice to make.
        "page_language": language,
        "language_choices": [{"code": code, "name": name} for code, name in settings.LANGUAGES]
        if len(settings.LANGUAGES) > 1
        else [],
    }
    for contributor in _contributors:
        facts = contributor(request)
        config.update(facts.get("config", {}))
        context.update(facts.get("context", {}))
    return context
