from django.conf import settings
from django.db.models import Case, F, When
from django.utils.translation import get_language
from django.utils.translation import gettext_lazy as _
from django.views.decorators.http import require_safe

from apps.accounts.services import apply_blocker
from apps.core.db import Prepared
from apps.core.pages import island, signed_in
from apps.cycles.selectors import current_cycle, cycle_config

from . import consents, rsvp
from .deadlines import offer_deadline
from .first_paint import dashboard_first_paint
from .models import Application
from .models import ApplicationStatus as S
from .status_machine import DRAFTS, POST_RELEASE, visible_status

# The dashboard's read of the applicant's application, with the sponsors' consent in the same
# query, compiled once per process: two ORM reads were 2 ms of the page's 7.7 in gunicorn
# against 4.2 for the 404 page, most of it building and compiling their SQL.
_DASHBOARD_APPLICATION = Prepared(
    lambda cycle, user: Application.objects.filter(cycle_id=cycle, user_id=user).annotate(
        shares_resume=consents.newest_given(consents.SHARE_RESUME),
        # The standing travel grant and the budget's currency, for the confirmation details' "up
        # to" (the decision emails say the same: apps.travel.selectors.told_grants). Named
        # through the relations, as apps.travel builds on this app and is not imported here.
        travel_granted=Case(When(travel_grant__status="granted", then=F("travel_grant__amount"))),
        travel_currency=F("cycle__travel_budget__currency"),
    ),
    ints=("cycle", "user"),
)


def dashboard_props(user) -> dict:
    """Everything the dashboard's first paint needs: what GET status, GET cycle/config and
    GET cycle/status would return, with decisions hidden until release."""
    cycle = current_cycle()
    application = _DASHBOARD_APPLICATION.first(cycle=cycle.pk, user=user.pk)
    seen = visible_status(application, cycle.status)
    deadline = None
    if application is not None and cycle.status in POST_RELEASE:
        deadline = offer_deadline(status=application.status, offered_at=application.offered_at, cycle=cycle)
    return {
        "email": user.email,
        "status": seen["status"],
        "travelReimbursement": seen["travel_reimbursement"],
        # What the travel reimbursement is up to: the grant, or null for the spec's $100.
        "travelGrant": {"amount": f"{application.travel_granted:.2f}", "currency": application.travel_currency}
        if seen["travel_reimbursement"] and application.travel_granted is not None
        else None,
        "housingAccommodations": seen["housing_accommodations"],
        "teamcode": seen["teamcode"],
        "cycleStatus": cycle.status,
        # When an unanswered offer lapses (ISO, UTC), for the countdown; None without an offer.
        "offerDeadline": deadline.isoformat() if deadline else None,
        "config": cycle_config(cycle),
        # The privacy panel's switch (apps/privacy's API changes it).
        "shareResumeWithSponsors": bool(application is not None and application.shares_resume),
        # The RSVP form (asked with the confirm) and the answers given, while there is an offer
        # to confirm or a confirmed place whose answers may change; None otherwise.
        "rsvp": rsvp.payload(application, cycle) if seen["status"] in RSVP_STATUSES else None,
        # Why this account may not apply yet (its address is not a university one), or None.
        "universityEmailNeeded": apply_blocker(user) if application is None or application.status in DRAFTS else None,
    }


RSVP_STATUSES = (S.ACCEPTED, S.WAITLIST_ACCEPTED, S.CONFIRMED)


@require_safe
@signed_in
def dashboard_page(request, template: str = "dashboard.html"):
    # `template`: the page-load benchmark draws the same page without its island (benchmarks/urls.py).
    props = dashboard_props(request.user)
    # The headline, status and "Dashboard" card drawn into the placeholder, in the page's
    # language (as the islands' portal-config names it), for the first paint.
    first_paint = dashboard_first_paint(props, get_language() or settings.LANGUAGE_CODE)
    return island(
        request,
        "dashboard",
        props,
        title=_("Dashboard"),
        template=template,
        context={"first_paint": first_paint},
    )
