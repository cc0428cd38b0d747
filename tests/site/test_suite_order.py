"""The test files start longest first: by their hang guard, then by their number of tests."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

from tests.conftest import longest_first

pytestmark = pytest.mark.backend_free


@dataclass
class Collected:
    """What ``longest_first`` reads of a collected test: its file and its ``timeout`` mark."""

    path: Path
    name: str
    timeout: int | None = None

    def get_closest_marker(self, name: str) -> Any:
        return pytest.mark.timeout(self.timeout).mark if name == "timeout" and self.timeout else None


def order(tests: list[Collected]) -> list[str]:
    return [t.name for t in longest_first(tests)]  # type: ignore[arg-type]


def test_a_file_with_a_longer_hang_guard_starts_before_files_of_more_tests() -> None:
    """The leak check (900 s, one test) before the fault test (600 s) before three quick tests."""
    quick = [Collected(Path("quick.py"), f"quick {n}") for n in range(3)]
    fault = Collected(Path("fault.py"), "fault", 600)
    leak = Collected(Path("leak.py"), "leak", 900)
    assert order([*quick, fault, leak]) == ["leak", "fault", "quick 0", "quick 1", "quick 2"]


def test_among_equal_guards_the_file_of_more_tests_starts_first_and_each_keeps_its_order() -> None:
    """Two files with no guard of their own: the one of three tests first, its tests in order."""
    one = Collected(Path("one.py"), "one")
    three = [Collected(Path("three.py"), f"three {n}") for n in range(3)]
    assert order([one, *three]) == ["three 0", "three 1", "three 2", "one"]
