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


def generate_schema(*, line_numbers: bool = False) -> tuple[dict, list[str]]:
    """The schema as /api/schema/ serves it, and every warning or error drf-spectacular logged.

    The problems name the view's file; with line_numbers, its line too. Finding the lines reads
    and parses the source of each of the ~290 views and serializers, 2-3 s in each test process
    that imports this module: so a clean schema is generated without them, and one with
    problems again with them, for the message.
    """
    from drf_spectacular.drainage import GENERATOR_STATS, _get_source_location

    GENERATOR_STATS.reset()
    _get_source_location.cache_clear()
    GENERATOR_STATS._trace_lineno = line_numbers
    schema = SchemaGenerator().get_schema(request=None, public=True)
    problems = [*GENERATOR_STATS._warn_cache, *GENERATOR_STATS._error_cache]
    if problems and not line_numbers:
        return generate_schema(line_numbers=True)
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
