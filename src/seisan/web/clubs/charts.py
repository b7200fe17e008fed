"""Charts drawn on the server as SVG: no script, no CDN, readable on a phone and
printable. Coordinates are pixels (floats are fine there); every label is exact."""

from __future__ import annotations

from bisect import bisect_left
from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction
from html import escape
from math import lcm
from typing import Any

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


SERIES_COLOURS = ("#0b6e4f", "#1565c0", "#c62828", "#f9a825", "#6a1b9a", "#00838f", "#ef6c00",
                  "#5d4037")  # fmt: skip
MOST_POINTS = 200  #: a long season is drawn through this many points, evenly spaced


def season_series(
    lines: Sequence[Sequence[Any]], names: Sequence[str]
) -> dict[str, list[Fraction]]:
    """Each named player's running total over the season's games (at most 200 points
    a line: a season of thousands of games is sampled evenly)."""
    played: dict[str, list[tuple[int, Fraction]]] = {name: [] for name in names}
    for index, game in enumerate(lines):
        for line in game:
            if line.name in played:
                played[line.name].append((index, line.total))
    return {name: sampled_totals(played[name], len(lines)) for name in names}


def sampled_totals(played: Sequence[tuple[int, Fraction]], games: int) -> list[Fraction]:
    """A player's running total, from 0, after every ``games // 200``-th game of a
    season of ``games`` and after its last, from their own games only (``played``:
    each game's index in the season and its total, in order): a kept season table
    follows its leaders without going through every game again."""
    return sampled(Trail.of(played), games)


@dataclass(frozen=True)
class Trail:
    """A player's running total through their own games: each game's index in the
    season and the total after it, as integers over one denominator (a season's totals
    have a few: tenths, thousandths). Kept with a season table while the player's
    games and their places in the season stay as they were, and sampled again for a
    season grown longer."""

    at: tuple[int, ...]
    running: tuple[int, ...]
    common: int

    @classmethod
    def of(cls, played: Sequence[tuple[int, Fraction]]) -> Trail:
        """From ``played`` (each game's index and total, in order)."""
        common = lcm(*{value.denominator for _index, value in played})
        total = 0
        running = []
        for _index, value in played:
            total += value.numerator * (common // value.denominator)
            running.append(total)
        return cls(tuple(index for index, _value in played), tuple(running), common)


def sampled(trail: Trail, games: int) -> list[Fraction]:
    """:func:`sampled_totals` from a player's :class:`Trail`: the total before each
    mark, found by bisection, a Fraction at each mark only."""
    step = max(1, games // MOST_POINTS)
    marks = list(range(step, games + 1, step))
    if games and marks[-1] != games:
        marks.append(games)
    out = [Fraction(0)]
    for mark in marks:
        count = bisect_left(trail.at, mark)  # the games played before the mark
        out.append(Fraction(trail.running[count - 1], trail.common) if count else Fraction(0))
    return out


LABEL_GAP = 11.0  #: pixels between two names at the lines' ends (the ticks' text is 10px)


def spread(wanted: Sequence[float], gap: float, top: float, bottom: float) -> list[float]:
    """``wanted`` positions kept at least ``gap`` apart and within ``top`` and
    ``bottom`` (when they fit there): each moved down from the one above it as far as
    the gap needs, then up from ``bottom`` if pushed past it; their order kept."""
    order = sorted(range(len(wanted)), key=lambda i: (wanted[i], i))
    placed = list(wanted)
    floor = top - gap
    for i in order:  # down from the top: each at least a gap below the one above
        placed[i] = floor = max(wanted[i], floor + gap)
    ceiling = bottom + gap
    for i in reversed(order):  # then up from the bottom, if pushed past it
        placed[i] = ceiling = min(placed[i], ceiling - gap)
    return placed


def season_chart(series: dict[str, list[Fraction]], games: int, title: str) -> str:
    """Lines of running totals (from :func:`season_series`), each named at its end."""
    if not series or not games:
        return ""
    values = [v for row in series.values() for v in row]
    low, high = min(values), max(values)
    if low == high:
        low, high = low - 1, high + 1
    inner_w = WIDTH - PAD_LEFT - 60
    inner_h = HEIGHT - PAD_TOP - PAD_BOTTOM
    count = len(next(iter(series.values())))
    top, span = float(high), float(high - low)  # pixels: floats are fine; labels stay exact

    def x(i: int) -> float:
        return PAD_LEFT + inner_w * i / max(count - 1, 1)

    def y(v: Fraction | float) -> float:
        return PAD_TOP + inner_h * (top - float(v)) / span

    # each name beside its line's end, moved apart where two ends are closer than a line
    # of text (two players on equal totals were drawn one over the other)
    labels = spread([y(row[-1]) + 3 for row in series.values()], LABEL_GAP,
                    PAD_TOP + 4, HEIGHT - PAD_BOTTOM + 4)  # fmt: skip
    paths = []
    for number, ((name, row), label) in enumerate(zip(series.items(), labels, strict=True)):
        colour = SERIES_COLOURS[number % len(SERIES_COLOURS)]
        floats = [float(v) for v in row]
        d = " ".join(f"{'M' if i == 0 else 'L'}{x(i):.1f},{y(v):.1f}" for i, v in enumerate(floats))
        paths.append(
            f'<path class="series" stroke="{colour}" d="{d}" />'
            f'<text class="tick" x="{x(count - 1) + 3:.1f}" y="{label:.1f}" '
            f'fill="{colour}">{escape(name[:10])}</text>'
        )
    zero = y(Fraction(0))
    return (
        f'<svg class="chart" viewBox="0 0 {WIDTH} {HEIGHT}" role="img" '
        f'aria-label="{escape(title)}" xmlns="http://www.w3.org/2000/svg">'
        f"<title>{escape(title)}</title>"
        f'<line class="axis" x1="{PAD_LEFT}" x2="{PAD_LEFT + inner_w}" y1="{zero:.1f}" '
        f'y2="{zero:.1f}" />'
        f'<text class="tick" x="{PAD_LEFT - 4}" y="{y(high) + 4:.1f}" text-anchor="end">'
        f"{escape(format_score(high))}</text>"
        f'<text class="tick" x="{PAD_LEFT - 4}" y="{y(low) + 4:.1f}" text-anchor="end">'
        f"{escape(format_score(low))}</text>"
        f"{''.join(paths)}"
        f'<text class="tick" x="{PAD_LEFT + inner_w}" y="{HEIGHT - 6}" text-anchor="end">'
        f"{games}</text></svg>"
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
