"""The OpenAPI schema is complete: it generates cleanly, names every API route, and declares
the one error shape. That the API answers as the schema says is test_api_conformance.py's.
"""

from __future__ import annotations

import inspect
import json
import re

from django.conf import settings
from django.urls import URLPattern, URLResolver, get_resolver
from drf_spectacular.validation import validate_schema

from apps.core.api import api_not_found
from apps.core.tests import openapi
from apps.core.tests.openapi import SCHEMA, SCHEMA_PROBLEMS

# Routes that are not API calls: the schema document and its docs page.
NOT_IN_SCHEMA = {"/api/schema/", "/api/docs/"}


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


def test_a_problem_is_reported_with_the_views_file_and_line(monkeypatch):
    """A clean schema is generated without looking up source lines (openapi.generate_schema);
    a warning makes it generate again with them, so the message points at the line."""
    from drf_spectacular import drainage
    from drf_spectacular.generators import SchemaGenerator

    original = SchemaGenerator.get_schema

    def with_a_warning(self, *args, **kwargs):
        schema = original(self, *args, **kwargs)
        with drainage.add_trace_message(api_not_found):
            drainage.warn("a warning planted by the test")
        return schema

    monkeypatch.setattr(SchemaGenerator, "get_schema", with_a_warning)
    _schema, problems = openapi.generate_schema()
    line = inspect.getsourcelines(api_not_found)[1]
    assert problems == [
        f"{inspect.getsourcefile(api_not_found)}:{line}: Warning [api_not_found]: a warning planted by the test"
    ]
    drainage.GENERATOR_STATS.reset()


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
