"""Hostile bodies and paths a fuzzer found: each is a 4xx with a JSON `{"message"}`, never a 500.

The routes come from the no-500 sweep's enumeration of the URL configuration
(test_no_server_errors.py), so a new endpoint is covered the day it is added. The clients
here enforce CSRF with a valid token, as browsers do: the CSRF check reads `request.POST`,
which is where a multipart body without a boundary used to blow up.
"""

from __future__ import annotations

import pytest
from django.middleware.csrf import _get_new_csrf_string

from apps.core.parsers import MAX_DEPTH
from apps.core.tests.test_no_server_errors import ROUTES, SIGN_OUT, concrete_paths
from apps.cycles.selectors import current_cycle
from apps.cycles.services import cycle_set_status
from conftest import PortalClient

MALFORMED = {"message": "Malformed request body."}
HOSTILE_BODIES = [
    # 990 nested arrays: json's recursive parser raised RecursionError, which DRF let through.
    ("nested-arrays", "application/json", "[" * 990),
    ("nested-objects", "application/json", '{"a":' * 990),
    # Parses, but nested far deeper than any body of this API: refused before code walks it.
    ("deep-but-closed", "application/json", "[" * (MAX_DEPTH + 10) + "]" * (MAX_DEPTH + 10)),
    # No boundary at all: Django's multipart parser refuses it when the CSRF check reads POST.
    ("no-boundary", "multipart/form-data", "--x\r\nnot a part\r\n--x--"),
]


def csrf_client(user=None) -> PortalClient:
    """A client that passes a real CSRF check: the cookie and the header, like the islands."""
    client = PortalClient(enforce_csrf_checks=True)
    client.raise_request_exception = False  # list every 500, not just the first
    if user is not None:
        client.force_login(user)
    token = _get_new_csrf_string()
    client.cookies["csrftoken"] = token
    client.defaults["HTTP_X_CSRFTOKEN"] = token
    return client


def problems_of(response, label: str) -> list[str]:
    if response.status_code >= 500:
        return [f"{label} -> {response.status_code}"]
    if response.status_code >= 400:
        if not response.get("Content-Type", "").startswith("application/json"):
            return [f"{label} -> {response.status_code} {response.get('Content-Type')}"]
        if "message" not in response.json():
            return [f"{label} -> {response.status_code} without a message"]
    return []


# One test per route and role, so pytest-xdist shares the sweep out. In an open cycle only:
# each body here is refused where it is read (the CSRF check's form parsing, or the JSON
# parser), before any view logic, so the cycle's status can't change the answer; a view that
# never reads its body answers as it does to any junk body, which the no-500 sweep sends in an
# open and a released cycle alike (test_no_server_errors.py).
@pytest.mark.django_db
@pytest.mark.parametrize("route", ROUTES)
@pytest.mark.parametrize("who", ["anonymous", "student", "organizer"])
def test_no_endpoint_answers_a_hostile_body_with_a_500_or_html(route, who, request):
    if route == SIGN_OUT and who != "anonymous":
        pytest.skip("signing out would turn every later call into an anonymous one")
    cycle_set_status(cycle=current_cycle(), status="open")
    user = request.getfixturevalue(who) if who != "anonymous" else None
    client = csrf_client(user)
    failures = []
    path = concrete_paths(route)[0]  # the body is the subject here, not the path
    for method in ("post", "put", "patch"):
        for name, content_type, body in HOSTILE_BODIES:
            response = getattr(client, method)(path, body, content_type=content_type)
            failures += problems_of(response, f"{method.upper()} {path} [{name}]")
    assert failures == []
    if user is not None:
        assert client.get("/api/auth/user").status_code == 200  # the sweep ran as the role it names


@pytest.mark.django_db
@pytest.mark.parametrize("name,content_type,body", [b for b in HOSTILE_BODIES], ids=[b[0] for b in HOSTILE_BODIES])
def test_a_hostile_body_is_the_malformed_body_400(name, content_type, body):
    """The answer is the one every unreadable body gets, not a validation message about it."""
    response = csrf_client().post("/api/auth/login", body, content_type=content_type)
    assert response.status_code == 400
    assert response.json() == MALFORMED


@pytest.mark.django_db
def test_a_body_nested_to_the_limit_is_still_read():
    """The depth limit refuses only what no client of this API sends."""
    body = (
        '{"email": "ada@princeton.edu", "password": "x", "extra": '
        + "[" * (MAX_DEPTH - 1)
        + "]" * (MAX_DEPTH - 1)
        + "}"
    )
    response = csrf_client().post("/api/auth/login", body, content_type="application/json")
    assert response.status_code == 401, response.content  # read, then refused as bad credentials


@pytest.mark.django_db
def test_every_api_path_ending_in_an_encoded_newline_answers_json():
    """`.` in the catch-all didn't match a newline, so `/api/auth/user%0a` fell to the HTML 404."""
    client = csrf_client()
    for path in ("/api/auth/user%0a", "/api/nothing%0a", "/api/%0a", "/api/auth/user%0d%0a"):
        response = client.get(path)
        assert response.status_code == 404, path
        assert response.json() == {"message": "No such API endpoint."}, path
    failures = []
    for route in ROUTES:
        path = concrete_paths(route)[0] + "%0a"
        for method in ("get", "post"):
            response = getattr(client, method)(path)
            failures += problems_of(response, f"{method.upper()} {path}")
            if response.status_code < 400:
                failures.append(
                    f"{method.upper()} {path} -> {response.status_code}: a newline is not part of any route"
                )
    assert failures == []


@pytest.mark.django_db
@pytest.mark.parametrize("path", ["/dashboard%0a", "/nothing%0a", "/login%0a", "/admin/users%0a"])
def test_a_page_path_ending_in_an_encoded_newline_is_the_portals_404_page(path):
    response = csrf_client().get(path)
    assert response.status_code == 404
    assert response["Content-Type"].startswith("text/html")
    assert "Oops! You've reached a 404 Error." in response.content.decode()


@pytest.mark.django_db
def test_an_error_django_itself_answers_on_an_api_path_is_json(settings):
    """A bad Host header is refused by Django before any view: its 400 page was HTML."""
    settings.ALLOWED_HOSTS = ["portal.example"]
    response = csrf_client().get("/api/auth/user", HTTP_HOST="evil.example")
    assert response.status_code == 400
    assert response.json() == {"message": "Malformed request."}
    response = csrf_client().get("/login", HTTP_HOST="evil.example")
    assert response.status_code == 400
    assert response["Content-Type"].startswith("text/html")  # pages keep Django's page


@pytest.mark.django_db
@pytest.mark.parametrize("url", ["/api/applications/all", "/api/applications/export"])
@pytest.mark.parametrize(
    "filters", ["[" * 990, '{"status": ' * 990, '{"status": {"$in": ' + "[" * 990 + "]" * 990 + "}}"]
)
def test_query_string_filters_nested_to_the_recursion_limit_are_a_400(organizer, url, filters):
    """The table's and the export's `filters` are JSON too, parsed by their own json.loads."""
    response = csrf_client(organizer).get(url, {"filters": filters})
    assert response.status_code == 400, response.content
    assert response.json()["message"]
