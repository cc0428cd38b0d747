"""A rating history drawn as inline SVG on the server: no JavaScript, readable on a phone."""

from __future__ import annotations

from collections.abc import Sequence

from django.utils.html import format_html
from django.utils.safestring import SafeString, mark_safe

WIDTH, HEIGHT, PAD = 600, 200, 28


def rating_svg(points: Sequence[int], title: str) -> SafeString:
    """A polyline of ratings (the first value is the rating before the first game)."""
    if len(points) < 2:
        return mark_safe("")
    low, high = min(points), max(points)
    span = max(high - low, 20)
    step = (WIDTH - 2 * PAD) / (len(points) - 1)

    def y(value: int) -> float:
        return HEIGHT - PAD - (value - low) * (HEIGHT - 2 * PAD) / span

    coords = " ".join(f"{PAD + i * step:.1f},{y(v):.1f}" for i, v in enumerate(points))
    last_x, last_y = PAD + (len(points) - 1) * step, y(points[-1])
    # Every value is a number formatted here, and the title is escaped: the markup is safe.
    body = (
        f'<line x1="{PAD}" y1="{y(low):.1f}" x2="{WIDTH - PAD}" y2="{y(low):.1f}" class="axis"/>'
        f'<line x1="{PAD}" y1="{y(high):.1f}" x2="{WIDTH - PAD}" y2="{y(high):.1f}" class="axis"/>'
        f'<text x="2" y="{y(high) + 4:.1f}" class="label">{high}</text>'
        f'<text x="2" y="{y(low) + 4:.1f}" class="label">{low}</text>'
        f'<polyline points="{coords}" class="line"/>'
        f'<circle cx="{last_x:.1f}" cy="{last_y:.1f}" r="3" class="dot"/>'
    )
    return format_html(
        '<svg class="rating-chart" viewBox="0 0 {} {}" role="img" aria-label="{}"><title>{}</title>{}</svg>',
        WIDTH,
        HEIGHT,
        title,
        title,
        mark_safe(body),  # noqa: S308 - numbers only, built above
    )
