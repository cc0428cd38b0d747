"""The two statistics searches and duels report: a mean and its standard error."""

from __future__ import annotations

import math
from collections.abc import Sequence


def mean(xs: Sequence[float]) -> float:
    """The mean (0 for no values)."""
    return sum(xs) / len(xs) if xs else 0.0


def stderr(xs: Sequence[float]) -> float:
    """The standard error of the mean (0 for fewer than two values)."""
    n = len(xs)
    if n < 2:
        return 0.0
    m = mean(xs)
    return math.sqrt(sum((x - m) ** 2 for x in xs) / (n - 1) / n)
