"""No import circles inside the engine and the services: every module reads top-down.

The graph has an edge for every import a module makes of another module of these packages:
at the top, inside functions, and under ``TYPE_CHECKING`` alike (an import deferred into a
function still makes the two modules need each other; it only hides the circle until run time).
A package's ``__init__`` run on the way to a submodule is not an edge: only what is named counts.
"""

from __future__ import annotations

import ast
from pathlib import Path

from tests.servers import ROOT

PACKAGES = ("engine", "tables", "league", "replays")


def module_name(path: Path) -> str:
    """``tables/services/moves.py`` → ``tables.services.moves``; a package's ``__init__`` is the package."""
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def project_modules() -> dict[str, Path]:
    """Every module of the four packages, migrations included, by dotted name."""
    return {module_name(p): p for package in PACKAGES for p in sorted((ROOT / package).rglob("*.py"))}


def imports_of(name: str, path: Path, known: set[str]) -> set[str]:
    """The project modules that ``name`` imports anywhere in its source."""
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                anchor = package.split(".")[: len(package.split(".")) - (node.level - 1)]
                base = ".".join([*anchor, base] if base else anchor)
            # ``from tables.services import moves`` names the module moves; ``from x import f`` names x.
            found.update(f"{base}.{a.name}" if f"{base}.{a.name}" in known else base for a in node.names)
    return {m for m in found if m in known and m != name}


def import_graph() -> dict[str, set[str]]:
    """Module → the project modules it imports."""
    modules = project_modules()
    known = set(modules)
    return {name: imports_of(name, path, known) for name, path in modules.items()}


def cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """One circle per strongly connected component of more than one module (Tarjan), as a path."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    components: list[list[str]] = []

    def visit(node: str) -> None:
        index[node] = low[node] = len(index)
        stack.append(node)
        on_stack.add(node)
        for target in sorted(graph[node]):
            if target not in index:
                visit(target)
                low[node] = min(low[node], low[target])
            elif target in on_stack:
                low[node] = min(low[node], index[target])
        if low[node] == index[node]:
            component = []
            while True:
                member = stack.pop()
                on_stack.discard(member)
                component.append(member)
                if member == node:
                    break
            if len(component) > 1:
                components.append(component)

    for node in sorted(graph):
        if node not in index:
            visit(node)
    return [circle_in(graph, set(c)) for c in components]


def circle_in(graph: dict[str, set[str]], component: set[str]) -> list[str]:
    """A shortest path from the component's first module back to itself, for the failure message."""
    start = min(component)
    paths = {start: [start]}
    frontier = [start]
    while frontier:
        following = []
        for node in frontier:
            for target in sorted(graph[node] & component):
                if target == start:
                    return [*paths[node], start]
                if target not in paths:
                    paths[target] = [*paths[node], target]
                    following.append(target)
        frontier = following
    return sorted(component)


def test_it_finds_a_circle_through_function_level_imports() -> None:
    """The checker itself sees a circle closed by an import inside a function."""
    graph = {"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}
    assert cycles(graph) == [["a", "b", "c", "a"]]


def test_it_reads_function_level_and_type_checking_imports(tmp_path: Path) -> None:
    """Imports inside functions and under TYPE_CHECKING are edges like top-level ones."""
    source = (
        "from typing import TYPE_CHECKING\n"
        "if TYPE_CHECKING:\n    from tables.services.info import TableInfo\n"
        "def f():\n    from tables.services import moves\n"
    )
    path = tmp_path / "x.py"
    path.write_text(source, encoding="utf-8")
    known = {"tables.services.info", "tables.services.moves", "tables.services"}
    assert imports_of("tables.services.x", path, known) == {"tables.services.info", "tables.services.moves"}


def test_it_has_no_import_circle_in_the_engine_or_the_services() -> None:
    """engine/, tables/, league/ and replays/ import one way: no module reaches itself again."""
    found = cycles(import_graph())
    assert not found, "import circles:\n" + "\n".join(" → ".join(c) for c in found)
