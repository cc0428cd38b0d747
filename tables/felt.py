"""Where the seats and their plays sit on the table page's felt: an oval, in percent of the felt.

Seats are equally far apart along the rim (with equal angles they crowd at the narrow ends of a
flat oval), the viewer's seat at the bottom and play running counter-clockwise (下家 to the
right). A seat's play of the trick lies a fixed distance in front of it, in from the rim (as a
player pushes cards forward), so on a crowded felt it stays nearer its own seat than the
neighbours, as a fixed share of the way to the middle would not on a tall oval. The page has two
ovals, a desktop's and a phone's, and picks one by the screen's width (static/css/table.css).
"""

from __future__ import annotations

import bisect
import itertools
import math
from dataclasses import dataclass

STEPS = 720  # points along the rim when measuring its length


def unit(x: float, y: float) -> tuple[float, float]:
    """The vector (x, y) scaled to length 1."""
    length = math.hypot(x, y)
    return x / length, y / length


@dataclass(frozen=True)
class Oval:
    """A felt's oval: the felt's width over its height, the rim's radii (percent of the felt's
    width and height) and how far in front of a seat its play lies (percent of the felt's height)."""

    aspect: float
    rx: float
    ry: float
    inset: float

    def places(self, count: int) -> list[tuple[float, float]]:
        """``count`` places on the rim, the first at the bottom, equally far apart along it."""
        angles = [2 * math.pi * i / STEPS for i in range(STEPS + 1)]
        rim = [0.0]
        for a, b in itertools.pairwise(angles):
            rim.append(rim[-1] + math.dist(self._point(a), self._point(b)))
        out = []
        for k in range(count):
            target = rim[-1] * k / count
            at = max(1, bisect.bisect_left(rim, target))
            share = (target - rim[at - 1]) / (rim[at] - rim[at - 1])
            out.append(self._percent(angles[at - 1] + (angles[at] - angles[at - 1]) * share))
        return out

    def in_front(self, count: int) -> list[tuple[float, float]]:
        """Where each place's play lies: ``inset`` in from the rim, half along the oval's inward
        normal and half toward the middle (the normal alone bunches the plays of a tall oval's
        upper and lower seats together; the ray to the middle alone leans them on a neighbour)."""
        out = []
        for x, y in self.places(count):
            # In units of the felt's height: the normal of (X/a)² + (Y/b)² = 1 is (X/a², Y/b²).
            a, b = self.rx * self.aspect, self.ry
            dx, dy = (x - 50) * self.aspect, y - 50
            nx, ny = unit(dx / a**2, dy / b**2)
            ux, uy = unit(nx + dx / math.hypot(dx, dy), ny + dy / math.hypot(dx, dy))
            qx, qy = dx - self.inset * ux, dy - self.inset * uy
            out.append((round(50 + qx / self.aspect, 1), round(50 + qy, 1)))
        return out

    def _point(self, angle: float) -> tuple[float, float]:
        # On the rim, in units of the felt's height (so lengths compare across both axes).
        return self.aspect * self.rx * math.sin(angle), self.ry * math.cos(angle)

    def _percent(self, angle: float) -> tuple[float, float]:
        return round(50 + self.rx * math.sin(angle), 1), round(50 + self.ry * math.cos(angle), 1)


# A desktop's felt is wide (table.css: about 1.4 times as wide as tall from six seats, wider for
# four, where the places are symmetric whatever the width); a phone's is tall and narrow.
DESKTOP = {"few": Oval(1.4, 40, 40, 20), "many": Oval(1.4, 40, 40, 10)}
PHONE = {"few": Oval(1.0, 32, 36, 18), "many": Oval(0.6, 32, 36, 8.5)}


def layout(count: int) -> list[dict[str, float]]:
    """For places 0..count-1 counted from the bottom: the seat and its play on both ovals
    (``x y`` the desktop's seat, ``qx qy`` its play; ``px py`` and ``pqx pqy`` the phone's)."""
    size = "many" if count >= 6 else "few"
    desk, phone = DESKTOP[size], PHONE[size]
    seats, plays = desk.places(count), desk.in_front(count)
    rows = zip(seats, plays, phone.places(count), phone.in_front(count), strict=True)
    return [
        {"x": x, "y": y, "qx": qx, "qy": qy, "px": px, "py": py, "pqx": pqx, "pqy": pqy}
        for (x, y), (qx, qy), (px, py), (pqx, pqy) in rows
    ]
