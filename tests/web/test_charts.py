"""The season chart's names at its lines' ends: never drawn one over the other."""

from __future__ import annotations

import re
from fractions import Fraction

import pytest

from seisan.web.clubs.charts import LABEL_GAP, SERIES_COLOURS, season_chart, spread


@pytest.mark.parametrize(
    ("wanted", "placed"),
    [
        ([20.0, 50.0, 80.0], [20.0, 50.0, 80.0]),  # apart already: where they are
        ([50.0, 50.0], [50.0, 61.0]),  # equal: the later one a gap below
        ([61.0, 50.0, 50.0], [72.0, 50.0, 61.0]),  # in the order given, not sorted
        ([16.0, 27.0], [16.0, 27.0]),  # exactly a gap apart
        ([16.0, 26.5], [16.0, 27.0]),  # just under
        ([10.0], [16.0]),  # above the top
        ([190.0], [180.0]),  # below the bottom
        ([170.0, 170.0], [169.0, 180.0]),  # pushed past the bottom: moved up
        ([16.0, 16.0, 180.0, 180.0], [16.0, 27.0, 169.0, 180.0]),
    ],
)  # fmt: skip
def test_labels_spread_a_gap_apart_within_the_chart(
    wanted: list[float], placed: list[float]
) -> None:
    assert spread(wanted, 11.0, 16.0, 180.0) == placed


def test_two_players_on_equal_totals_are_named_apart() -> None:
    """Ana and Ben end the season on the same total: each name in its line's colour,
    a line of text apart, the first where its line ends."""
    series = {
        "Ana": [Fraction(0), Fraction(25), Fraction(40)],
        "Ben": [Fraction(0), Fraction(-5), Fraction(40)],
        "Chie": [Fraction(0), Fraction(-20), Fraction(-40)],
    }
    svg = season_chart(series, 2, "Running totals (pt)")
    labels = re.findall(r'<text class="tick" x="[\d.]+" y="([\d.]+)" fill="(#\w+)">(\w+)</text>',
                        svg)  # fmt: skip
    assert [(colour, name) for _y, colour, name in labels] == list(
        zip(SERIES_COLOURS[:3], ["Ana", "Ben", "Chie"], strict=False)
    )
    ana, ben, chie = (float(y) for y, _colour, _name in labels)
    assert ana == 16.0  # its line ends at the top (a label at 15): kept inside, at 16
    assert ben - ana == LABEL_GAP
    assert chie == 179.0  # its line's end at the bottom, not moved
