"""Writes docs/architecture/apps.md, the apps' import graph, from the same reading of the code
that the architecture tests make (test_app_dependencies.py):

    .venv/bin/python -m apps.core.tests.import_graph > docs/architecture/apps.md
"""

from __future__ import annotations

from .test_app_dependencies import app_graph


def render() -> str:
    edges = app_graph()
    lines = [
        "# The apps' import graph",
        "",
        "An arrow `a --> b` means a module of app `a` imports a module of app `b` (at the top of the",
        "file or inside a function alike; tests left out). There is no circle between the apps, `core`",
        "imports none of them, and inside each app no module imports another that imports it back:",
        "`apps/core/tests/test_app_dependencies.py` checks all three, and fails here when this page",
        "no longer matches the code. Regenerate it with",
        "`.venv/bin/python -m apps.core.tests.import_graph > docs/architecture/apps.md`.",
        "",
        "```mermaid",
        "graph TD",
        *(f"  {source} --> {target}" for source, target in sorted(edges)),
        "```",
        "",
        "",
    ]
    return "\n".join(lines)


if __name__ == "__main__":
    print(render(), end="")
