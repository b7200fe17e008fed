"""Charts drawn on the server as SVG: no script, no CDN, readable on a phone and
printable. Coordinates are pixels (floats are fine there); every label is exact."""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction
from html import escape

from seisan.settlement import format_score

WIDTH, HEIGHT = 360, 200
PAD_LEFT, PAD_RIGHT, PAD_TOP, PAD_BOTTOM = 44, 10, 12, 24
PLACE_COLOURS = ("#2e7d32", "#1565c0", "#f9a825", "#c62828")


def line_chart(values: Sequence[Fraction], title: str) -> str:
    """A cumulative score line, with the zero line and the first and last values."""
    if not values:
        return ""
    points = [Fraction(0), *values]
    low, high = min(points), max(points)
    if low == high:
        low, high = low - 1, high + 1
    inner_w = WIDTH - PAD_LEFT - PAD_RIGHT
    inner_h = HEIGHT - PAD_TOP - PAD_BOTTOM

    def x(i: int) -> float:
        return PAD_LEFT + inner_w * i / max(len(points) - 1, 1)

    def y(v: Fraction) -> float:
        return PAD_TOP + inner_h * float((high - v) / (high - low))

    path = " ".join(f"{'M' if i == 0 else 'L'}{x(i):.1f},{y(v):.1f}" for i, v in enumerate(points))
    zero = y(Fraction(0))
    dots = "".join(
        f'<circle cx="{x(i):.1f}" cy="{y(v):.1f}" r="2.5" />' for i, v in enumerate(points) if i
    )
    return (
        f'<svg class="chart" viewBox="0 0 {WIDTH} {HEIGHT}" role="img" '
        f'aria-label="{escape(title)}" xmlns="http://www.w3.org/2000/svg">'
        f"<title>{escape(title)}</title>"
        f'<line class="axis" x1="{PAD_LEFT}" x2="{WIDTH - PAD_RIGHT}" y1="{zero:.1f}" '
        f'y2="{zero:.1f}" />'
        f'<text class="tick" x="{PAD_LEFT - 4}" y="{y(high) + 4:.1f}" text-anchor="end">'
        f"{escape(format_score(high))}</text>"
        f'<text class="tick" x="{PAD_LEFT - 4}" y="{y(low) + 4:.1f}" text-anchor="end">'
        f"{escape(format_score(low))}</text>"
        f'<text class="tick" x="{PAD_LEFT - 4}" y="{zero + 4:.1f}" text-anchor="end">0</text>'
        f'<path class="line" d="{path}" />{dots}'
        f'<text class="tick" x="{WIDTH - PAD_RIGHT}" y="{HEIGHT - 6}" text-anchor="end">'
        f"{len(values)}</text></svg>"
    )


def place_histogram(counts: Sequence[int], labels: Sequence[str], title: str) -> str:
    """Bars of how often a player finished in each place."""
    if not counts or not any(counts):
        return ""
    most = max(counts)
    inner_w = WIDTH - PAD_LEFT - PAD_RIGHT
    inner_h = HEIGHT - PAD_TOP - PAD_BOTTOM
    slot = inner_w / len(counts)
    bars = []
    for i, (count, label) in enumerate(zip(counts, labels, strict=True)):
        height = inner_h * count / most
        left = PAD_LEFT + slot * i + slot * 0.15
        top = PAD_TOP + inner_h - height
        colour = PLACE_COLOURS[i % len(PLACE_COLOURS)]
        bars.append(
            f'<rect x="{left:.1f}" y="{top:.1f}" width="{slot * 0.7:.1f}" height="{height:.1f}" '
            f'fill="{colour}" />'
            f'<text class="tick" x="{left + slot * 0.35:.1f}" y="{top - 3:.1f}" '
            f'text-anchor="middle">{count}</text>'
            f'<text class="tick" x="{left + slot * 0.35:.1f}" y="{HEIGHT - 6}" '
            f'text-anchor="middle">{escape(label)}</text>'
        )
    return (
        f'<svg class="chart" viewBox="0 0 {WIDTH} {HEIGHT}" role="img" '
        f'aria-label="{escape(title)}" xmlns="http://www.w3.org/2000/svg">'
        f"<title>{escape(title)}</title>{''.join(bars)}</svg>"
    )
