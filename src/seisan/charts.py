"""Terminal charts (plotext): cumulative totals over a session.

Kept apart from the core so the core needs nothing outside the standard
library; only the command line imports it.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from fractions import Fraction

import plotext as plt

MARKERS = "●■▲◆✚✖★◉" + "ABCDEFGHJKLMNPQRSTUVWXYZ" + "abdefghkmnpqrstuvwxyz"
"""One marker per line, so the lines tell apart without colour (distinct for 50)."""


def cumulative_chart(
    running: Mapping[str, Sequence[Fraction]],
    title: str,
    width: int = 80,
    height: int = 18,
) -> str:
    """A line per person of their cumulative total after each game (game 0 is the
    start, at 0), as plain text with a legend of markers underneath."""
    figure = plt.figure
    figure.clear()
    figure.plot_size(width, height)
    figure.theme("colorless")
    figure.title(title)
    games = max((len(row) for row in running.values()), default=0)
    xs = sampled(games + 1, width)
    legend = []
    if len(running) > len(MARKERS):
        raise ValueError(f"at most {len(MARKERS)} lines can be told apart")
    for index, (name, row) in enumerate(running.items()):
        marker = MARKERS[index % len(MARKERS)]
        totals: list[Fraction | int] = [0, *row]
        ys = [float(totals[x]) for x in xs if x < len(totals)]  # drawing only: exact elsewhere
        figure.draw(figure.signal(xs[: len(ys)], ys, marker=marker).lines())
        legend.append(f"{marker} {name}")
    if games <= 30:  # a tick a game; beyond that plotext picks them
        figure.ruler("x").ticks(xs, [str(x) for x in xs])
    text = plt.uncolorize(str(figure.build()))
    figure.clear()
    lines = [line.rstrip() for line in text.splitlines()]
    current, legend_lines = "", []
    for item in legend:  # the legend wraps at the chart's width
        if current and len(current) + 3 + len(item) > width:
            legend_lines.append(current)
            current = ""
        current = f"{current}   {item}" if current else f"  {item}"
    legend_lines.append(current)
    return "\n".join([*lines, *legend_lines])


POINTS_A_COLUMN = 4
"""A chart of a long session draws at most this many games a column of its width: a
terminal cell cannot show more, and drawing 10,000 games took half a second a line."""


def sampled(count: int, width: int) -> list[int]:
    """The indices of ``count`` points to draw at ``width``: all of them while they fit,
    else evenly spaced ones, the first and the last always among them."""
    most = max(POINTS_A_COLUMN * width, 2)
    if count <= most:
        return list(range(count))
    return sorted({round(i * (count - 1) / (most - 1)) for i in range(most)})


def bar_chart(
    labels: Sequence[str],
    series: Mapping[str, Sequence[Fraction]],
    title: str,
    width: int = 40,
) -> str:
    """Horizontal bars, a group per series (a seat) and a bar per label (a place), in
    eighths of a cell; the value (a percentage) written after each bar."""
    from rich.cells import cell_len  # noqa: PLC0415 - terminal cells: 席 is two

    most = max((v for row in series.values() for v in row), default=Fraction(1)) or Fraction(1)
    head = max((cell_len(name) for name in series), default=0)
    lines = [title]
    for name, row in series.items():
        shown_name = name + " " * (head - cell_len(name))
        for index, (label, value) in enumerate(zip(labels, row, strict=True)):
            eighths = int(value / most * width * 8 + Fraction(1, 2))
            bar = "█" * (eighths // 8) + ("", "▏", "▎", "▍", "▌", "▋", "▊", "▉")[eighths % 8]
            tenths = int(value * 10 + Fraction(1, 2))
            shown = f"{tenths // 10}.{tenths % 10}%"
            lines.append(
                f"{shown_name if index == 0 else ' ' * head}  {label} {bar:<{width + 1}} {shown}"
            )
    return "\n".join(lines)
