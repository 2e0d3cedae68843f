"""Every API endpoint answers malformed input with a 4xx and a message, never a 500.

The endpoints are enumerated from the URL configuration, so a new endpoint is covered the day
it is added. Path parameters get odd values and bodies get every malformed shape we could
think of, for a signed-out visitor, a student and an organizer.
"""

from __future__ import annotations

import re
from types import SimpleNamespace

import pytest
from django.contrib.auth.models import AnonymousUser
from django.urls import URLPattern, URLResolver, get_resolver

from apps.cycles.selectors import current_cycle
from apps.cycles.services import cycle_set_status
from conftest import PortalClient

PARAM_VALUES = {
    "int": ["0", "999999999999"],
    # Application ids (apps/core/converters.py): digits only, at most 18 of them.
    "rid": ["1", "999999999999999999"],
    # A segment holding an `@` (apps/core/converters.py).
    "email": ["ada%40princeton.edu", "nobody%40nowhere.edu", "%00%40x.edu", "x" * 300 + "%40x.edu", "%40"],
    "str": ["ada%40princeton.edu", "nobody%40nowhere.edu", "%00", "x" * 300, "..%2F..%2Fetc%2Fpasswd"],
    "path": ["a%2Fb", "[unclosed", "%F0%9F%92%A5"],
}
BODIES = [
    ("application/json", "{not json"),
    ("application/json", "[]"),
    ("application/json", '"a string"'),
    ("application/json", "null"),
    ("application/json", '{"email": {"$ne": 1}, "password": [1], "status": 7, "emails": {"a": 1}}'),
    ("application/json", '{"sections": "x", "checkboxes": "yes", "teamcode": {"x": 1}, "dates": 5}'),
    # Text no database column can hold: a NUL (PostgreSQL) and a lone surrogate (not UTF-8).
    (
        "application/json",
        r'{"email": "a\u0000b@princeton.edu", "password": "\ud800-Pass-1", "first": "\u0000", "last": "\ud800",'
        r' "subject": "\ud800", "member": "\u0000", "sections": [{"answers": [{"question_id": "major",'
        r' "answer": "\u0000\ud800"}]}], "status": "accepted", "emails": "x\u0000@y.edu"}',
    ),
    ("text/plain", "hello"),
    ("multipart/form-data; boundary=zzz", "--zzz\r\nnot a part\r\n--zzz--"),
]
SIGN_OUT = "api/auth/logout"
# A method the route does not serve is refused (405) before its body is read: DRF checks the
# method after authentication and before any parser runs, and no middleware reads an API
# body. Two refused bodies prove that of a method; the other seven would repeat it (they were
# half of this sweep's requests, a minute of CPU in each run of the suite).
# (test_hostile_input.py still sends each of its bodies to every method: its clients enforce
# CSRF, whose check reads a form body before the method is looked at.)
REFUSED_BODIES = 2
CONVERTER = re.compile(r"<(?:(\w+):)?(\w+)>")


def api_routes() -> list[str]:
    """Every /api/ route as a template like 'api/applications/status/<str:email>'."""
    routes: list[str] = []

    def walk(patterns, prefix: str) -> None:
        for entry in patterns:
            if isinstance(entry, URLResolver):
                walk(entry.url_patterns, prefix + str(entry.pattern))
            elif isinstance(entry, URLPattern):
                routes.append(prefix + str(entry.pattern))

    walk(get_resolver().url_patterns, "")
    return sorted({r for r in routes if r.startswith("api/") and not r.endswith("]*$")})  # not the catch-all


def concrete_paths(route: str) -> list[str]:
    names = CONVERTER.findall(route)
    if not names:
        return ["/" + route]
    paths = []
    for variant in range(max(len(PARAM_VALUES["str"]), len(PARAM_VALUES["path"]))):
        path = route
        for converter, _name in names:
            # A converter without sample values fails here: its routes would only ever get a 404.
            values = PARAM_VALUES[converter or "str"]
            path = CONVERTER.sub(values[variant % len(values)], path, count=1)
        paths.append("/" + path)
    return paths


def refuses_signed_out(route: str) -> bool:
    """Whether a permission of the route's API view refuses a signed-out caller, for every method
    the sweep sends. DRF checks permissions before it looks the method up or reads the body, so
    such a caller gets the same refusal whatever the body and whatever the cycle's status."""
    view_class = getattr(get_resolver().resolve(concrete_paths(route)[0]).func, "cls", None)
    if view_class is None:
        return False
    for method in ("GET", "DELETE", "POST", "PUT"):
        request = SimpleNamespace(method=method, user=AnonymousUser())
        view = view_class()
        view.request = request
        try:
            if all(permission.has_permission(request, view) for permission in view.get_permissions()):
                return False
        except Exception:  # noqa: BLE001 - a permission that needs more than this: keep the route swept
            return False
    return True


ROUTES = api_routes()


def test_the_route_list_is_not_empty():
    assert len(ROUTES) > 40
    assert "api/auth/login" in ROUTES


# One test per route, role and cycle status (not one per role looping over every route), so
# pytest-xdist shares the sweep out between its workers and a failure names its route.
# A signed-out caller of a route that refuses them (refuses_signed_out) is swept in an open cycle
# only: the refusal comes before anything the cycle's status could change.
CASES = [
    pytest.param(cycle_status, who, route, id=f"{cycle_status}-{who}-{route}")
    for cycle_status in ("open", "released")
    for who in ("anonymous", "student", "organizer")
    for route in ROUTES
    if not (cycle_status == "released" and who == "anonymous" and refuses_signed_out(route))
]


def test_a_signed_out_caller_is_swept_in_both_cycle_states_where_a_route_lets_them_in():
    signed_out_released = {
        route for status, who, route in (c.values for c in CASES) if (status, who) == ("released", "anonymous")
    }
    assert "api/auth/login" in signed_out_released  # open to everyone
    assert "api/auth/register" in signed_out_released
    assert "api/applications/all" not in signed_out_released  # organizers only
    assert "api/applications/status" not in signed_out_released  # signed in


@pytest.mark.django_db
@pytest.mark.parametrize(("cycle_status", "who", "route"), CASES)
def test_no_endpoint_answers_a_500(route, who, cycle_status, request):
    if route == SIGN_OUT and who != "anonymous":
        pytest.skip("signing out would turn every later call into an anonymous one")
    cycle_set_status(cycle=current_cycle(), status=cycle_status)
    client = PortalClient()
    client.raise_request_exception = False  # list every 500, not just the first
    if who != "anonymous":
        # Signed in without the sign-in call: the sweep runs 600 times, and sign-in is tested
        # where it is the subject.
        client.force_login(request.getfixturevalue(who))
    failures = []
    for path in concrete_paths(route):
        calls = [("get", None, None), ("delete", None, None)]
        calls += [(m, ct, body) for m in ("post", "put") for ct, body in BODIES]
        refused: dict[str, int] = {}  # method → bodies it answered 405
        for method, content_type, body in calls:
            if refused.get(method, 0) >= REFUSED_BODIES:
                continue
            kwargs = {"content_type": content_type} if content_type else {}
            response = (
                getattr(client, method)(path, body, **kwargs) if body is not None else getattr(client, method)(path)
            )
            if response.status_code == 405:
                refused[method] = refused.get(method, 0) + 1
            if response.status_code >= 500:
                failures.append(f"{method.upper()} {path} [{content_type}] -> {response.status_code}")
            elif response.status_code >= 400 and response.get("Content-Type", "").startswith("application/json"):
                if "message" not in response.json():
                    failures.append(f"{method.upper()} {path} -> {response.status_code} without a message")
    assert failures == []
    if who != "anonymous":
        # The sweep ran as the role it names: the session outlived every call.
        assert client.get("/api/auth/user").status_code == 200
