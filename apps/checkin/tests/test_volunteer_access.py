"""A volunteer checks people in and sees nothing else: every /api/ route, walked as a volunteer,
answers 403 except the check-in calls and the ones that act only on the caller's own account."""

from __future__ import annotations

import re
import uuid

import pytest

from apps.accounts.models import Role
from apps.core.tests.test_no_server_errors import ROUTES, concrete_paths

from .helpers import applicant, staff_client, ticket_for, token

pytestmark = pytest.mark.django_db

# What a volunteer may reach: the door's calls...
CHECK_IN = {
    "api/checkin/scan",
    # Checkpoints: the list and the scans (defining them is the organizers').
    "api/checkin/checkpoints",
    "api/checkin/checkpoints/<rid:checkpoint_id>/scan",
    "api/checkin/checkpoints/<rid:checkpoint_id>/pass",
    "api/checkin/check-in",
    "api/checkin/search",
    "api/checkin/stats",
    # ...their own ticket, if they applied themselves (each acts on the caller's own data only)...
    "api/checkin/ticket",
    "api/checkin/ticket.ics",
    "api/checkin/ticket/reissue",
}
# ...and the calls about the caller's own account and own application, which every signed-in
# person has (each takes no one else's email or id).
OWN_ACCOUNT = {
    "api/auth/user",
    # Travel support on one's own application: the request, the grant, one's receipts.
    "api/travel/mine",
    "api/travel/request",
    "api/travel/receipts",
    "api/travel/receipts/<rid:receipt_id>",
    "api/auth/login",
    "api/auth/logout",
    "api/auth/register",
    "api/auth/verify/<str:key>",
    "api/auth/resend_verification",
    "api/auth/reset_password",
    "api/auth/reset_password/<str:key>",
    "api/auth/token/refresh",
    "api/auth/whitelist",
    # A university address added to one's own account (mailed to it, then made its address).
    "api/auth/university-email",
    "api/applications/application",
    "api/applications/save",
    "api/applications/submit",
    "api/applications/status",
    "api/applications/confirm",
    "api/applications/confirm-waitlist",
    "api/applications/decline",
    "api/applications/rsvp",
    "api/applications/rsvp-questions",
    "api/applications/teammates",
    "api/applications/teamcode",
    "api/applications/teamcode/check",
    # One's own sign-in methods (providers linked to the account) and calendar feed address.
    "api/auth/sign-in-methods",
    "api/auth/sign-in-methods/<str:provider>",
    # One's own language, saved on one's own account.
    "api/auth/language",
    "api/integrations/calendar-feed",
    "api/applications/questions",
    "api/applications/cycle/status",
    "api/applications/cycle/config",
    "api/resume/upload",
    "api/resume/own",
    "api/resume",
    "api/privacy/export",
    "api/privacy/delete-account",
    "api/privacy/consents/sponsors",
    "api/resume/submitted",
    # Public reads anyone may make (the form's lists, the cycle's public status).
    "api/applications/countries",
    "api/applications/schools",
    "api/applications/cycle/current",
}
# A page, not an API: it sends everyone but organizers away.
REDIRECTS = {"api/docs/"}
METHODS = ("get", "post", "put", "patch", "delete")
REGEX_GROUP = re.compile(r"\(\?P<(\w+)>[^)]*\)")


def _paths(route: str) -> list[str]:
    """One concrete path of a route; a regular-expression route gets a plausible value per group."""
    if route.endswith("$") and "(?P<" in route:
        sample = {"index": "0"}
        path = REGEX_GROUP.sub(lambda m: sample.get(m.group(1), "ada@princeton.edu"), route)
        return ["/" + path.replace("^", "").rstrip("$")]
    return concrete_paths(route)[:1]


def test_a_volunteer_gets_403_everywhere_but_the_door_and_their_own_account():
    volunteer = staff_client(Role.VOLUNTEER)
    volunteer.raise_request_exception = False
    reached: dict[str, set[int]] = {}
    for route in ROUTES:
        if route in ("api/auth/logout", "api/privacy/delete-account"):
            continue  # would end the walk (and their account)
        for path in _paths(route):
            for method in METHODS:
                response = getattr(volunteer, method)(path, {}, content_type="application/json")
                assert response.status_code < 500, (method, path, response.status_code)
                if route in REDIRECTS:
                    assert response.status_code in (302, 405), (method, path, response.status_code)
                    if response.status_code == 302:
                        assert not response["Location"].startswith("/api/docs"), response["Location"]
                    continue
                if response.status_code != 403:
                    reached.setdefault(route, set()).add(response.status_code)
    outside = sorted(set(reached) - CHECK_IN - OWN_ACCOUNT)
    assert outside == [], "\n".join(f"{route}: {sorted(reached[route])}" for route in outside)
    # The door's calls were really reached, not refused.
    assert {"api/checkin/scan", "api/checkin/search", "api/checkin/stats", "api/checkin/check-in"} <= set(reached)
    # The walk ran as a volunteer all along.
    assert volunteer.get("/api/auth/user").json()["role"] == "volunteer"


@pytest.mark.parametrize(
    ("method", "url", "body"),
    [
        ("post", "/api/checkin/walk-in", {"email": "w@x.edu", "first_name": "W", "last_name": "X", "school": "Y"}),
        ("post", "/api/checkin/ticket/reissue/ada@princeton.edu", {}),
        ("get", "/api/applications/stats", None),
        ("get", "/api/applications/ada@princeton.edu", None),
        ("post", "/api/applications/status/ada@princeton.edu", {"status": "rejected"}),
        ("post", "/api/auth/staff-role", {"email": "ada@princeton.edu", "role": "admin"}),
        ("get", "/api/auth/staff", None),
        ("post", "/api/auth/promote", {"email": "ada@princeton.edu"}),
        ("get", "/api/applications/export", None),
    ],
)
def test_a_volunteer_calling_organizer_apis_gets_a_clear_403_and_changes_nothing(method, url, body):
    ada = applicant("ada@princeton.edu")
    volunteer = staff_client(Role.VOLUNTEER)
    kwargs = {"content_type": "application/json"} if body is not None else {}
    response = getattr(volunteer, method)(url, body or {}, **kwargs) if body is not None else volunteer.get(url)
    assert response.status_code == 403
    assert response.json()["message"] == "Only organizers can do this."
    ada.refresh_from_db()
    assert ada.status == "confirmed"
    assert volunteer.get("/api/auth/user").json()["role"] == "volunteer"


def test_a_volunteer_checks_in(django_assert_max_num_queries):
    ada = applicant("ada@princeton.edu")
    response = staff_client(Role.VOLUNTEER).post(
        "/api/checkin/scan",
        {"token": token(ticket_for(ada)), "scan_id": str(uuid.uuid4())},
        content_type="application/json",
    )
    assert response.status_code == 200
