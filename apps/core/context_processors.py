from django.conf import settings
from django.middleware.csrf import get_token
from django.urls import reverse


def portal(request) -> dict:
    """The navbar's facts and the one global config object that every island reads."""
    from apps.cycles.selectors import current_status

    user = getattr(request, "user", None)
    signed_in = bool(user and user.is_authenticated)
    cycle_status = current_status()
    config = {
        "csrfToken": get_token(request),
        "csrfHeaderName": "X-CSRFToken",
        "loginUrl": settings.LOGIN_URL,
        "user": {"email": user.email, "role": user.role} if signed_in else None,
        "cycleStatus": cycle_status,
        "studentDomains": [d.strip().lower() for d in settings.EXTRA_STUDENT_DOMAINS if d.strip()],
        "event": {
            "name": settings.EVENT_NAME,
            "themedName": settings.EVENT_THEMED_NAME,
            "siteUrl": settings.EVENT_SITE_URL,
            "hostSchool": settings.HOST_SCHOOL,
            "contactEmail": settings.CONTACT_EMAIL,
            "codeOfConductUrl": settings.SOCIAL_LINKS["code_of_conduct"],
        },
        "api": {
            "tokenRefresh": reverse("api:auth:token-refresh"),
            "login": reverse("api:auth:login"),
            "logout": reverse("api:auth:logout"),
            "register": reverse("api:auth:register"),
            "user": reverse("api:auth:user"),
            "resetRequest": reverse("api:auth:reset-request"),
            "whitelist": reverse("api:auth:whitelist"),
        },
    }
    return {
        "portal_config": config,
        "nav_signed_in": signed_in,
        "nav_is_admin": signed_in and getattr(user, "is_admin", False),
        "nav_cycle_open": cycle_status == "open",
        "event_name": settings.EVENT_NAME,
        "event_site_url": settings.EVENT_SITE_URL,
        "trust_badge_url": settings.TRUST_BADGE_URL,
        "social_links": settings.SOCIAL_LINKS,
        "contact_email": settings.CONTACT_EMAIL,
    }
