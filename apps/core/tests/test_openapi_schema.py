"""The OpenAPI schema is complete and true: it generates cleanly, names every API route, and
schemathesis finds no server error and no answer outside it, for every operation, as a
signed-out visitor, a student and an organizer.

The schemathesis run calls the Django app in-process (WSGI) inside the test's transaction, so
it sees the users made here and leaves nothing behind. Examples are bounded and derandomized
so the run is the same every time and stays well under two minutes on two cores.
"""

from __future__ import annotations

import json
import re
from contextlib import contextmanager

import pytest
import schemathesis
from django.conf import settings
from django.core import signals
from django.core.wsgi import get_wsgi_application
from django.db import close_old_connections
from django.test import Client
from django.urls import URLPattern, URLResolver, get_resolver
from django.utils import timezone
from drf_spectacular.generators import SchemaGenerator
from drf_spectacular.renderers import OpenApiJsonRenderer
from drf_spectacular.validation import validate_schema
from hypothesis import HealthCheck, reject
from hypothesis import settings as hypothesis_settings
from schemathesis.checks import not_a_server_error
from schemathesis.specs.openapi.checks import (
    content_type_conformance,
    response_schema_conformance,
    status_code_conformance,
)

from apps.accounts.models import Role, User, WhitelistRule
from apps.applications.tests.organizer_data import make_application
from apps.core.api import api_not_found
from apps.mailings.models import Mailing

# Routes that are not API calls: the schema document and its docs page.
NOT_IN_SCHEMA = {"/api/schema/", "/api/docs/"}
CHECKS = [not_a_server_error, status_code_conformance, content_type_conformance, response_schema_conformance]
# A fixed CSRF secret: the API wants the X-CSRFToken header equal to the csrftoken cookie.
CSRF_TOKEN = "a" * 32
# The in-process client does not decompress; the name lists answer gzip to those who ask.
HEADERS = {"X-CSRFToken": CSRF_TOKEN, "Accept-Encoding": "identity"}
EXAMPLES_PER_OPERATION = 5


def generate_schema() -> tuple[dict, list[str]]:
    """The schema as /api/schema/ serves it, and every warning or error drf-spectacular logged."""
    from drf_spectacular.drainage import GENERATOR_STATS

    GENERATOR_STATS.reset()
    GENERATOR_STATS.enable_trace_lineno()
    schema = SchemaGenerator().get_schema(request=None, public=True)
    problems = [*GENERATOR_STATS._warn_cache, *GENERATOR_STATS._error_cache]
    return json.loads(OpenApiJsonRenderer().render(schema, renderer_context={})), problems


SCHEMA, SCHEMA_PROBLEMS = generate_schema()


def _api_routes(resolver=None, prefix: str = "") -> list[str]:
    """Every concrete route under /api/, as an OpenAPI path template (`{name}` for parameters)."""
    out = []
    for entry in (resolver or get_resolver()).url_patterns:
        pattern = str(entry.pattern)
        if isinstance(entry, URLResolver):
            out += _api_routes(entry, prefix + pattern)
        elif isinstance(entry, URLPattern):
            route = "/" + prefix + pattern
            route = re.sub(r"\(\?P<(\w+)>[^)]*\)", r"{\1}", route)  # re_path() groups
            route = re.sub(r"<(?:\w+:)?(\w+)>", r"{\1}", route)  # path() converters
            route = route.replace("^", "").replace("$", "")
            if route.startswith("/api/") and entry.callback is not api_not_found:
                out.append(route)
    return out


def test_the_schema_generates_with_no_warning_or_error():
    """`manage.py spectacular --validate --fail-on-warn` would pass: no warning, a valid document."""
    assert SCHEMA_PROBLEMS == []
    validate_schema(SCHEMA)


def test_every_api_route_is_in_the_schema():
    """Each /api/ route the URLconf serves is documented (and nothing else is)."""
    routes = set(_api_routes()) - NOT_IN_SCHEMA
    assert len(routes) >= 50
    assert routes == set(SCHEMA["paths"])


def test_every_operation_documents_its_answers_and_errors_in_the_one_error_shape():
    """Every operation has a success answer, and its 4xx answers all use ErrorResponse."""
    for path, item in SCHEMA["paths"].items():
        for method, operation in item.items():
            codes = set(operation["responses"])
            assert codes & {"200", "201", "204"}, (method, path)
            for code, response in operation["responses"].items():
                if code.startswith("4"):
                    ref = response["content"]["application/json"]["schema"]["$ref"]
                    assert ref == "#/components/schemas/Error", (method, path, code)
            if method in ("post", "put", "delete"):
                assert {"400", "403", "413", "415"} <= codes, (method, path)


def test_the_schema_and_docs_page_are_for_organizers(client, admin_client, student_client):
    """Signed out: 401 and a redirect to login; a student: 403 and the dashboard; an organizer: both."""
    assert client.get("/api/schema/").status_code == 401
    assert client.get("/api/docs/")["Location"].startswith("/login")
    assert student_client.get("/api/schema/").status_code == 403
    assert student_client.get("/api/docs/")["Location"] == "/dashboard"
    response = admin_client.get("/api/schema/", HTTP_ACCEPT="application/json")
    assert response.status_code == 200
    assert set(json.loads(response.content)["paths"]) == set(SCHEMA["paths"])
    page = admin_client.get("/api/docs/")
    assert page.status_code == 200
    html = page.content.decode()
    # No CDN and no inline script: Swagger UI from the sidecar's static files, its start-up
    # script from this URL (`?script`), so a `script-src 'self'` policy lets it run.
    assert "cdn" not in html.lower()
    scripts = re.findall(r"<script([^>]*)>(.*?)</script>", html, re.S)
    assert scripts and all('src="/' in attrs and not body.strip() for attrs, body in scripts)
    assert f"{settings.STATIC_URL}drf_spectacular_sidecar/swagger-ui-dist/" in html
    script = admin_client.get("/api/docs/?script=")
    assert script.status_code == 200
    assert script["Content-Type"].startswith("application/javascript")


# --- schemathesis over every operation ---------------------------------------------------

api = schemathesis.openapi.from_dict(SCHEMA)
api.config.generation.update(
    max_examples=EXAMPLES_PER_OPERATION,
    deterministic=True,
    # The session cookie is supplied per role below, not generated.
    with_security_parameters=False,
    database="none",
)
# The fuzzing phase only, bounded by max_examples: the coverage phase enumerates every boundary
# value of every field and takes minutes here.
api.config.phases.coverage.enabled = False
WSGI_APP = get_wsgi_application()


@contextmanager
def in_process_request():
    """Keep the test's database connection across an in-process request.

    Django's WSGI handler closes "old" connections when a request starts and ends, and one in
    the test's transaction looks old; Django's own test client switches this off the same way.
    """
    signals.request_started.disconnect(close_old_connections)
    signals.request_finished.disconnect(close_old_connections)
    try:
        yield
    finally:
        signals.request_started.connect(close_old_connections)
        signals.request_finished.connect(close_old_connections)


def seed_portal() -> dict:
    """A portal with something in it, so that lists and reports answer real rows: a student
    with an accepted application on a team, other applicants, an organizer, a whitelist rule,
    a scheduled mailing and a decision in an application's history."""
    # Made directly (no registration mails): each case signs in with force_login anyway.
    organizer = User.objects.create_user(email="grace@princeton.edu", password="Coffee-Beans-42", role=Role.ADMIN)
    student = make_application("ada@princeton.edu", status="accepted", teamcode="123456").user
    make_application("alan@princeton.edu", status="waitlisted", teamcode="123456")
    make_application("edsger@mit.edu", status="started")
    WhitelistRule.objects.create(kind=WhitelistRule.Kind.PATTERN, value=r".*@example\.org")
    WhitelistRule.objects.create(kind=WhitelistRule.Kind.EMAIL, value="guest@example.com")
    Mailing.objects.create(subject="Hello", audience="accepted", html="<p>Hi</p>", send_at=timezone.now())
    return {"student": student, "organizer": organizer}


@pytest.fixture
def as_role(request, db):
    """The role's user (None: a signed-out visitor) in a seeded portal, made once per operation."""
    role = request.param
    users = seed_portal()
    return {"role": role, "user": users.get(role)}


def _session_cookies(state) -> dict:
    """A fresh session for each case: logout, a demotion or a password reset in an earlier case
    must not turn the later ones into signed-out calls."""
    cookies = {settings.CSRF_COOKIE_NAME: CSRF_TOKEN}
    user = state["user"]
    if user is None:
        return cookies
    if state["role"] == "organizer" and not User.objects.filter(pk=user.pk, role=Role.ADMIN).exists():
        User.objects.filter(pk=user.pk).update(role=Role.ADMIN)
    client = Client()
    client.force_login(user)
    cookies[settings.SESSION_COOKIE_NAME] = client.cookies[settings.SESSION_COOKIE_NAME].value
    return cookies


@pytest.mark.parametrize("as_role", ["visitor", "student", "organizer"], indirect=True)
@api.parametrize()
@hypothesis_settings(
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow, HealthCheck.filter_too_much],
)
def test_the_api_answers_as_its_schema_says(case, as_role):
    """No 500, and every answer's status, content type and body are the documented ones."""
    # A path parameter of "." or ".." is resolved away by the client, leaving the operation
    # (and possibly /api/): that request is not this operation's.
    segments = [s for v in (case.path_parameters or {}).values() for s in str(v).split("/")]
    if any(s in (".", "..") for s in segments):
        reject()
    cookies = _session_cookies(as_role)
    with in_process_request():
        case.call_and_validate(app=WSGI_APP, headers=HEADERS, cookies=cookies, checks=CHECKS)
