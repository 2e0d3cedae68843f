"""The check-in page: /checkin, for the people who may check others in (organizers and
volunteers). Anyone else signed in goes to their own home; a visitor signs in first."""

from __future__ import annotations

from django.utils import timezone
from django.utils.translation import gettext as _
from django.views.decorators.http import require_safe

from apps.core.pages import island, page_for
from apps.cycles.questions import TSHIRT_SIZES
from apps.cycles.selectors import current_cycle

from . import checkins, checkpoints
from .api import CheckpointListSerializer, StatsOutputSerializer

# Organizers and volunteers: the people who may check others in.
check_in_staff = page_for(lambda user: user.can_check_in)


def _event_days() -> dict | None:
    cycle = current_cycle()  # the counts beside it need one too (503 without)
    if not cycle.start or not cycle.end:
        return None
    return {"start": cycle.start.isoformat(), "end": cycle.end.isoformat(), "today": timezone.now().date().isoformat()}


@require_safe
@check_in_staff
def checkin_page(request):
    user = request.user
    props = {
        "email": user.email,
        # Walk-ins create accounts: organizers only (the API refuses volunteers as well).
        "canRegisterWalkIns": user.is_admin,
        # The walk-in form's sizes: the ones POST walk-in accepts.
        "tshirtSizes": list(TSHIRT_SIZES),
        # The header's counts and the checkpoints, as GET checkin/stats and checkin/checkpoints
        # answer: drawn with the page, not fetched after it (they pushed the scanner down).
        "stats": StatsOutputSerializer(checkins.stats()).data,
        "checkpoints": CheckpointListSerializer({"checkpoints": checkpoints.checkpoints()}).data,
        # The event's days and today's (UTC, as the cycle's dates are days): the page says when
        # the door opens far from them, as each check-in counts all the same.
        "eventDays": _event_days(),
    }
    return island(request, "checkin", props, title=_("Check-in"))
