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
    xs = list(range(games + 1))
    legend = []
    if len(running) > len(MARKERS):
        raise ValueError(f"at most {len(MARKERS)} lines can be told apart")
    for index, (name, row) in enumerate(running.items()):
        marker = MARKERS[index % len(MARKERS)]
        ys = [0.0, *(float(value) for value in row)]  # drawing only; the numbers stay exact
        figure.draw(figure.signal(xs, ys, marker=marker).lines())
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


def bar_chart(
    labels: Sequence[str],
    series: Mapping[str, Sequence[Fraction]],
    title: str,
    width: int = 40,
) -> str:
    """Horizontal bars, a group per series (a seat) and a bar per label (a place), in
    eighths of a cell; the value (a percentage) written after each bar."""
    most = max((v for row in series.values() for v in row), default=Fraction(1)) or Fraction(1)
    head = max((len(name) for name in series), default=0)
    lines = [title]
    for name, row in series.items():
        for index, (label, value) in enumerate(zip(labels, row, strict=True)):
            eighths = int(value / most * width * 8 + Fraction(1, 2))
            bar = "█" * (eighths // 8) + ("", "▏", "▎", "▍", "▌", "▋", "▊", "▉")[eighths % 8]
            tenths = int(value * 10 + Fraction(1, 2))
            shown = f"{tenths // 10}.{tenths % 10}%"
            lines.append(
                f"{name if index == 0 else '':<{head}}  {label} {bar:<{width + 1}} {shown}"
            )
    return "\n".join(lines)
