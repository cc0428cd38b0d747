"""Geometry of the points-per-trick chart, drawn as SVG by a template on the server."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

WIDTH = 320
HEIGHT = 120
PAD = 16


@dataclass(frozen=True)
class Bar:
    """One trick's bar: its points, the side that took them and where it is drawn."""

    n: int
    at: int
    points: int
    side: int | None
    x: float
    y: float
    width: float
    height: float


@dataclass(frozen=True)
class Chart:
    """Bars per trick and the running total of the defenders' points as a polyline."""

    bars: list[Bar]
    line: str
    top: int
    width: int = WIDTH
    height: int = HEIGHT
    pad: int = PAD

    @property
    def base(self) -> int:
        """The y of the axis."""
        return self.height - self.pad

    @property
    def right(self) -> int:
        """The x where the axis ends."""
        return self.width - self.pad


def points_chart(tricks: list[dict[str, Any]]) -> Chart | None:
    """The chart of ``tricks`` (the story's), or ``None`` when the deal had no trick."""
    if not tricks:
        return None
    running = [t["defender_points"] or 0 for t in tricks]
    top = max(10, max(t["points"] for t in tricks), max(running))
    step = (WIDTH - 2 * PAD) / len(tricks)
    scale = (HEIGHT - 2 * PAD) / top
    base = HEIGHT - PAD
    bars = [
        Bar(
            t["n"],
            t["at"],
            t["points"],
            t["side"],
            PAD + i * step + step * 0.15,
            base - t["points"] * scale,
            step * 0.7,
            t["points"] * scale,
        )
        for i, t in enumerate(tricks)
    ]
    line = " ".join(f"{PAD + (i + 0.5) * step:.1f},{base - p * scale:.1f}" for i, p in enumerate(running))
    return Chart(bars, line, top)
