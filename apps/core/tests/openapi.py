"""The OpenAPI schema as /api/schema/ serves it, and the plumbing to call the app in-process.

Shared by the schema's own tests (test_openapi_schema.py) and the schemathesis run over every
operation (test_api_conformance.py).
"""

from __future__ import annotations

import json
from contextlib import contextmanager

from django.core import signals
from django.core.wsgi import get_wsgi_application
from django.db import close_old_connections
from drf_spectacular.generators import SchemaGenerator
from drf_spectacular.renderers import OpenApiJsonRenderer


def generate_schema() -> tuple[dict, list[str]]:
    """The schema as /api/schema/ serves it, and every warning or error drf-spectacular logged."""
    from drf_spectacular.drainage import GENERATOR_STATS

    GENERATOR_STATS.reset()
    GENERATOR_STATS.enable_trace_lineno()
    schema = SchemaGenerator().get_schema(request=None, public=True)
    problems = [*GENERATOR_STATS._warn_cache, *GENERATOR_STATS._error_cache]
    return json.loads(OpenApiJsonRenderer().render(schema, renderer_context={})), problems


SCHEMA, SCHEMA_PROBLEMS = generate_schema()
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
