"""The frontend's TypeScript types of the API (frontend/src/api/schema.d.ts) are generated from
the OpenAPI schema and committed; this test regenerates them, as `make schema` does, and fails
when the committed file is stale, so a changed serializer or route can't ship with types that
describe the old API.
"""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import pytest
from django.conf import settings
from drf_spectacular.generators import SchemaGenerator
from drf_spectacular.renderers import OpenApiYamlRenderer

FRONTEND = Path(settings.BASE_DIR) / "frontend"
COMMITTED = FRONTEND / "src" / "api" / "schema.d.ts"
GENERATOR = FRONTEND / "node_modules" / ".bin" / "openapi-typescript"


def _regenerate(tmp_path: Path) -> str:
    """What `make schema` would write: the spectacular YAML, turned into TypeScript."""
    schema = SchemaGenerator().get_schema(request=None, public=True)
    yaml_file = tmp_path / "openapi.yaml"
    yaml_file.write_bytes(OpenApiYamlRenderer().render(schema, renderer_context={}))
    out = tmp_path / "schema.d.ts"
    subprocess.run(
        [str(GENERATOR), str(yaml_file), "--output", str(out)],
        check=True,
        capture_output=True,
        timeout=120,
    )
    return out.read_text(encoding="utf-8")


NO_NODE = "node is not installed, so the TypeScript types can't be regenerated here"


@pytest.mark.skipif(shutil.which("node") is None, reason=NO_NODE)
def test_committed_typescript_types_match_the_openapi_schema(tmp_path):
    """frontend/src/api/schema.d.ts is exactly what openapi-typescript makes of today's schema."""
    assert GENERATOR.exists(), f"{GENERATOR} is missing: install the npm packages (`make setup`)"
    regenerated = _regenerate(tmp_path)
    committed = COMMITTED.read_text(encoding="utf-8")
    assert regenerated == committed, (
        "frontend/src/api/schema.d.ts is stale: the API's schema changed. Run `make schema`, "
        "then fix what `npm --prefix frontend run typecheck` reports."
    )


def test_the_question_set_answered_always_carries_options_and_conditional_on():
    """GET `questions` answers every question with `options` and every section with
    `conditional_on` (the contract), so the schema requires them there, while a PUT may leave them
    out: the generated types then need no `?? []` for a list that is never missing."""
    schema = SchemaGenerator().get_schema(request=None, public=True)
    operation = schema["paths"]["/api/applications/questions"]
    components = schema["components"]["schemas"]

    def resolve(ref_holder: dict) -> dict:
        return components[ref_holder["$ref"].rsplit("/", 1)[1]]

    answered = resolve(operation["get"]["responses"]["200"]["content"]["application/json"]["schema"]["items"])
    assert "conditional_on" in answered["required"]
    assert "options" in resolve(answered["properties"]["questions"]["items"])["required"]

    sent = resolve(operation["put"]["requestBody"]["content"]["application/json"]["schema"]["items"])
    assert "conditional_on" not in sent["required"]
    assert "options" not in resolve(sent["properties"]["questions"]["items"])["required"]
