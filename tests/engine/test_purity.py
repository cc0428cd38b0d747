"""The engine stays pure: no web stack, no clock outside the benchmark, no global randomness."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

ENGINE = Path(__file__).resolve().parents[2] / "engine"
# Every package of the engine (search/, review/, sisepai/, zhaopengyou/), not only its top level.
MODULES = sorted(ENGINE.rglob("*.py"))
IDS = [str(p.relative_to(ENGINE)) for p in MODULES]
FORBIDDEN = re.compile(r"^\s*(import|from)\s+(django|channels|celery|redis|psycopg)\b", re.M)
CLOCK = re.compile(r"^\s*(import time|from time import|import datetime|from datetime import)", re.M)
GLOBAL_RANDOM = re.compile(
    r"\brandom\.(shuffle|choice|choices|random|randint|randrange|sample|seed|getrandbits)\("
)


@pytest.mark.parametrize("path", MODULES, ids=IDS)
def test_no_web_stack_imports(path: Path) -> None:
    """engine/ never imports Django, Channels, Celery, Redis or psycopg."""
    assert not FORBIDDEN.search(path.read_text(encoding="utf-8"))


UNTIMED = [p for p in MODULES if p.name != "bench.py"]


@pytest.mark.parametrize("path", UNTIMED, ids=[str(p.relative_to(ENGINE)) for p in UNTIMED])
def test_no_clock(path: Path) -> None:
    """Only the benchmarks (engine/tools/bench.py, engine/games/sisepai/bench.py) read a clock."""
    assert not CLOCK.search(path.read_text(encoding="utf-8"))


@pytest.mark.parametrize("path", MODULES, ids=IDS)
def test_no_global_randomness(path: Path) -> None:
    """Randomness only through a passed-in random.Random."""
    assert not GLOBAL_RANDOM.search(path.read_text(encoding="utf-8"))


@pytest.mark.parametrize("path", MODULES, ids=IDS)
def test_modules_stay_small(path: Path) -> None:
    """One concept per module, under ~600 lines."""
    assert len(path.read_text(encoding="utf-8").splitlines()) < 600
