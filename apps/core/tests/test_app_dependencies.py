"""The rule between the apps: their imports form no circle, and `core` (the plumbing) imports
no domain app. Inside an app the same holds between its modules: no two import each other,
directly or through others (tasks call services, never the reverse).

Every module under apps/ is read with `ast`, module-level imports and the ones inside
functions alike (a deferred import is still a dependency; it only hides it from the import
system). Tests are left out: a test may build whatever objects it needs from any app.
"""

from __future__ import annotations

import ast
from collections import defaultdict
from functools import cache
from pathlib import Path

import pytest

APPS_DIR = Path(__file__).resolve().parents[2]
PLUMBING = "core"


def _app_of(module: str) -> str | None:
    parts = module.split(".")
    return parts[1] if len(parts) > 1 and parts[0] == "apps" else None


@cache
def _modules() -> tuple[tuple[str, Path, ast.AST], ...]:
    """(app, path, syntax tree) of every module under apps/ but the tests'. Read and parsed once
    a process: each test here walked all of them again, 11 s of a run's CPU for the file."""
    found = []
    for path in sorted(APPS_DIR.rglob("*.py")):
        relative = path.relative_to(APPS_DIR)
        # A stem with a dot is no importable module: such as the `<file>.txt.py` makemessages
        # writes for a moment beside a text file it reads (another test worker may be running it).
        if len(relative.parts) < 2 or "tests" in relative.parts or "." in path.stem:
            continue
        found.append((relative.parts[0], path, ast.parse(path.read_text(), filename=str(path))))
    return tuple(found)


def _imported(tree: ast.AST, path: Path) -> list[tuple[str, int]]:
    """Every `apps.<x>...` module the file imports, with the line, wherever the import is."""
    package = ".".join(("apps", *path.relative_to(APPS_DIR).with_suffix("").parts[:-1]))
    names = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names += [(alias.name, node.lineno) for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            if node.level:  # relative: resolve against the file's package
                base = package.split(".")
                base = base[: len(base) - (node.level - 1)]
                module = ".".join([*base, node.module] if node.module else base)
            else:
                module = node.module or ""
            if module == "apps":  # `from apps import cycles`
                names += [(f"apps.{alias.name}", node.lineno) for alias in node.names]
            else:
                names.append((module, node.lineno))
    return names


def app_graph() -> dict[tuple[str, str], list[str]]:
    """(importing app, imported app) → the places ("apps/x/y.py:12") that make the edge."""
    edges: dict[tuple[str, str], list[str]] = defaultdict(list)
    for app, path, tree in _modules():
        for module, line in _imported(tree, path):
            target = _app_of(module)
            if target and target != app:
                edges[(app, target)].append(f"apps/{path.relative_to(APPS_DIR)}:{line}")
    return edges


def _cycles(edges) -> list[list[str]]:
    """The strongly connected components with more than one node (Tarjan)."""
    graph: dict[str, set[str]] = defaultdict(set)
    for source, target in edges:
        graph[source].add(target)
        graph[target]
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    components: list[list[str]] = []

    def visit(node: str) -> None:
        index[node] = low[node] = len(index)
        stack.append(node)
        on_stack.add(node)
        for nxt in sorted(graph[node]):
            if nxt not in index:
                visit(nxt)
                low[node] = min(low[node], low[nxt])
            elif nxt in on_stack:
                low[node] = min(low[node], index[nxt])
        if low[node] == index[node]:
            component = []
            while True:
                top = stack.pop()
                on_stack.discard(top)
                component.append(top)
                if top == node:
                    break
            if len(component) > 1:
                components.append(sorted(component))

    for node in sorted(graph):
        if node not in index:
            visit(node)
    return components


def _describe(edges, pairs) -> str:
    lines = []
    for source, target in sorted(pairs):
        lines.append(f"  {source} -> {target}:")
        lines += [f"      {place}" for place in edges[(source, target)]]
    return "\n".join(lines)


def test_the_apps_import_each_other_without_a_circle():
    """No app depends, directly or through others, on an app that depends on it."""
    edges = app_graph()
    circles = _cycles(edges)
    inside = [(s, t) for (s, t) in edges for c in circles if s in c and t in c]
    assert not circles, f"import circles between apps: {circles}\nthe edges inside them:\n{_describe(edges, inside)}"


def test_core_imports_no_domain_app():
    """`core` is plumbing every app builds on; a domain import would put it inside a circle."""
    edges = app_graph()
    offending = [(s, t) for (s, t) in edges if s == PLUMBING]
    assert not offending, f"core imports domain apps:\n{_describe(edges, offending)}"


def test_the_graph_sees_deferred_and_relative_imports():
    """The walk is not blind: a function-level import and a relative one both count."""
    source = "def f():\n    from apps.cycles.selectors import current_cycle\nfrom ..cycles import models\n"
    tree = ast.parse(source)
    names = [name for name, _line in _imported(tree, APPS_DIR / "mailings" / "services.py")]
    assert sorted(names) == ["apps.cycles", "apps.cycles.selectors"]


# Apps split out of another keep a direction: the one they came from never imports them back.
# Each entry: app → the only apps it may import.
ALLOWED = {
    # Decisions act on applications through the status machine, send through mailings' outbox
    # and own the release of a cycle (storing its status through cycles' door); applications
    # learns of them only through its signals, and cycles not at all. The acceptance emails read
    # the travel grant they name (travel's selectors), and travel never imports decisions.
    "decisions": {"applications", "cycles", "mailings", "travel", "core"},
}


@pytest.mark.parametrize("app", sorted(ALLOWED))
def test_a_split_out_app_imports_only_the_apps_below_it(app):
    edges = app_graph()
    offending = [(s, t) for (s, t) in edges if s == app and t not in ALLOWED[app]]
    assert not offending, f"{app} imports apps outside {sorted(ALLOWED[app])}:\n{_describe(edges, offending)}"


@pytest.mark.parametrize("app", sorted(ALLOWED))
def test_nothing_below_a_split_out_app_imports_it(app):
    """What decisions builds on (applications above all) never imports it: the status machine
    announces a decision made after release (apps.applications.signals) instead of queuing its
    email, and cycles' configuration save is served by decisions, which calls cycles."""
    edges = app_graph()
    offending = [(s, t) for (s, t) in edges if t == app and s in ALLOWED[app]]
    assert not offending, f"imported back by the apps below it:\n{_describe(edges, offending)}"


def test_the_split_out_apps_are_seen():
    """The checks above look at real modules: decisions imports applications today."""
    assert ("decisions", "applications") in app_graph()


def _module_name(path: Path) -> str:
    parts = ("apps", *path.relative_to(APPS_DIR).with_suffix("").parts)
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def module_graph() -> dict[tuple[str, str], list[str]]:
    """(importing module, imported module) → the places that make the edge, for two modules of
    the same app. `from . import tasks` names the module `tasks`, not its package."""
    modules = {_module_name(path): (app, path, tree) for app, path, tree in _modules()}
    edges: dict[tuple[str, str], list[str]] = defaultdict(list)
    for name, (app, path, tree) in modules.items():
        package = name if path.name == "__init__.py" else name.rpartition(".")[0]
        for node in ast.walk(tree):
            if isinstance(node, ast.Import):
                targets = [alias.name for alias in node.names]
            elif isinstance(node, ast.ImportFrom):
                if node.level:
                    base = package.split(".")
                    base = base[: len(base) - (node.level - 1)]
                    module = ".".join([*base, node.module] if node.module else base)
                else:
                    module = node.module or ""
                targets = [module, *(f"{module}.{alias.name}" for alias in node.names)]
            else:
                continue
            for target in targets:
                if target in modules and target != name and modules[target][0] == app:
                    edges[(name, target)].append(f"apps/{path.relative_to(APPS_DIR)}:{node.lineno}")
    # A package's __init__ is imported with any of its modules: its edges are not a loop.
    return {(s, t): places for (s, t), places in edges.items() if not _is_package_of(t, s)}


def _is_package_of(package: str, module: str) -> bool:
    return module.startswith(package + ".")


def test_no_two_modules_of_an_app_import_each_other():
    """A loop between two modules (tasks.py importing tickets.py and tickets.py importing
    tasks.py back, even inside a function) means neither can be read, tested or moved without
    the other; the one that is lower (a service) queues the other's work by name instead."""
    edges = module_graph()
    circles = _cycles(edges)
    inside = [(s, t) for (s, t) in edges for c in circles if s in c and t in c]
    assert not circles, f"import circles inside apps: {circles}\nthe edges inside them:\n{_describe(edges, inside)}"


def test_the_module_graph_sees_deferred_and_package_imports():
    """The walk is not blind: the edges that made the loops fixed here are seen where they still
    stand one way (a task module importing its service, a relative `from . import x`)."""
    edges = module_graph()
    assert ("apps.checkin.tasks", "apps.checkin.tickets") in edges  # `from . import tickets`
    assert ("apps.mailings.tasks", "apps.mailings.services") in edges
    assert ("apps.reviews.tasks", "apps.reviews.ranking") in edges  # inside the task's function


def test_the_import_graph_page_matches_the_code():
    """docs/architecture/apps.md draws the graph these tests read; a change of the apps' imports
    regenerates it (the command is on the page)."""
    from .import_graph import render

    page = APPS_DIR.parent / "docs" / "architecture" / "apps.md"
    assert page.read_text() == render(), "regenerate: .venv/bin/python -m apps.core.tests.import_graph"
