"""The engine layer stands alone: no framework imports, importable without Django installed."""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

import pytest

from tests.servers import ROOT

FORBIDDEN = ("django", "channels", "celery", "redis", "psycopg", "daphne", "league", "replays", "cardclub")
ENGINE_FILES = sorted((ROOT / "engine").rglob("*.py"))


def imported_roots(path: Path) -> set[str]:
    """Top-level package names a module imports."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    roots: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            roots.update(alias.name.split(".")[0] for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            roots.add(node.module.split(".")[0])
    return roots


@pytest.mark.parametrize("path", ENGINE_FILES, ids=lambda p: str(p.relative_to(ROOT)))
def test_it_keeps_engine_modules_free_of_other_layers(path: Path) -> None:
    """No engine module imports Django, Channels, Celery, Redis, psycopg or the services."""
    assert not imported_roots(path) & set(FORBIDDEN)


def test_it_imports_the_engine_and_every_game_without_site_packages() -> None:
    """`import engine` works with no third-party package available at all (python -S)."""
    code = f"import sys; sys.path.insert(0, {str(ROOT)!r}); import engine; print(engine.game_names())"
    proc = subprocess.run([sys.executable, "-S", "-c", code], capture_output=True, text=True, timeout=60)
    assert proc.returncode == 0, proc.stderr
