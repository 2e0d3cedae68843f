"""The check-in page: /checkin, for the people who may check others in (organizers and
volunteers). Anyone else signed in goes to their own home; a visitor signs in first."""

from __future__ import annotations

from functools import wraps
from urllib.parse import urlencode

from django.shortcuts import redirect
from django.views.decorators.http import require_safe

from apps.core.pages import home_for, island
from apps.cycles.questions import TSHIRT_SIZES


def check_in_staff(view):
    @wraps(view)
    def wrapper(request, *args, **kwargs):
        if not request.user.is_authenticated:
            return redirect(f"/login?{urlencode({'next': request.get_full_path()})}")
        if not request.user.can_check_in:
            return redirect(home_for(request.user))
        return view(request, *args, **kwargs)

    return wrapper


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
    }
    return island(request, "checkin", props, title="Check-in")
