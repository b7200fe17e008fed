"""The eight rounding tables of seed 001 (スコア清算), cell for cell.

Each table maps final points (return points 30000) to the score. Row pairs in
the seed: 28000..30000 and 30000..32000, nine columns each.
"""

from __future__ import annotations

from decimal import Decimal
from fractions import Fraction

import pytest

from seisan import Rounding, Rules, find_rounding, settle

POINTS = [28000, 28300, 28500, 28700, 29000, 29300, 29500, 29700, 30000,
          30000, 30300, 30500, 30700, 31000, 31300, 31500, 31700, 32000]  # fmt: skip

# (mode, its Japanese heading in 001, the 18 scores as printed)
TABLES = [
    (Rounding.HALF_UP, "四捨五入",
     "-2 -2 -1 -1 -1 -1 0 0 0 0 0 +1 +1 +1 +1 +2 +2 +2"),
    (Rounding.HALF_DOWN, "五捨六入",
     "-2 -2 -2 -1 -1 -1 -1 0 0 0 0 0 +1 +1 +1 +1 +2 +2"),
    (Rounding.CEIL, "切り上げ",
     "-2 -1 -1 -1 -1 0 0 0 0 0 +1 +1 +1 +1 +2 +2 +2 +2"),
    (Rounding.FLOOR, "切り捨て",
     "-2 -2 -2 -2 -1 -1 -1 -1 0 0 0 0 0 +1 +1 +1 +1 +2"),
    (Rounding.TOWARD_ZERO, "プラスなら切り捨て、マイナスなら切り上げ",
     "-2 -1 -1 -1 -1 0 0 0 0 0 0 0 0 +1 +1 +1 +1 +2"),
    (Rounding.HALF_TOWARD_ZERO, "プラスなら四捨五入、マイナスなら五捨六入",
     "-2 -2 -1 -1 -1 -1 0 0 0 0 0 0 +1 +1 +1 +1 +2 +2"),
    (Rounding.HALF_EVEN, "最近接偶数",
     "-2 -2 -2 -1 -1 -1 0 0 0 0 0 0 +1 +1 +1 +2 +2 +2"),
    (Rounding.NONE, "端数放置",
     "-2.0 -1.7 -1.5 -1.3 -1.0 -0.7 -0.5 -0.3 0.0 "
     "0.0 +0.3 +0.5 +0.7 +1.0 +1.3 +1.5 +1.7 +2.0"),
]  # fmt: skip

CELLS = [
    pytest.param(mode, points, Decimal(score), id=f"{mode.value}-{points}-{i}")
    for mode, _, row in TABLES
    for i, (points, score) in enumerate(zip(POINTS, row.split(), strict=True))
]


def _table_points(points: int) -> list[int]:
    """A 30000/30000 game where seat 1 holds ``points`` and is not first."""
    return [50000, points, 20000, 50000 - points]


@pytest.mark.parametrize(("mode", "points", "score"), CELLS)
def test_rounding_table_cell_library(mode: Rounding, points: int, score: Decimal) -> None:
    assert mode.apply(Fraction(points - 30000, 1000)) == Fraction(score)
    rules = Rules(start=30000, return_points=30000, rounding=mode)
    assert settle(_table_points(points), rules)[1].score == Fraction(score)


@pytest.mark.parametrize(("mode", "points", "score"), CELLS)
def test_rounding_table_cell_cli(cli, mode: Rounding, points: int, score: Decimal) -> None:
    args = [str(p) for p in _table_points(points)]
    scores = cli.scores(*args, "--start", "30000", "--return-points", "30000",
                        "--uma", "none", "--rounding", mode.value)  # fmt: skip
    assert scores[1] == score


@pytest.mark.parametrize(("mode", "heading"), [(m, h) for m, h, _ in TABLES])
def test_rounding_found_by_its_japanese_heading(mode: Rounding, heading: str) -> None:
    assert find_rounding(heading) is mode
    assert find_rounding(mode.value) is mode


@pytest.mark.parametrize(
    ("name", "mode"),
    [("Half Up", Rounding.HALF_UP), ("  toward ZERO ", Rounding.TOWARD_ZERO),
     ("half to even", Rounding.HALF_EVEN), ("반올림", Rounding.HALF_UP),
     ("Exact", Rounding.NONE)],
)  # fmt: skip
def test_rounding_found_by_its_name_in_any_language_and_case(name: str, mode: Rounding) -> None:
    assert find_rounding(name) is mode


def test_an_unknown_rounding_is_named_with_the_known_ones() -> None:
    from seisan.errors import UnknownNameError  # noqa: PLC0415

    with pytest.raises(UnknownNameError) as raised:
        find_rounding(" quarter ")
    assert raised.value.message.text("en") == (
        "unknown rounding mode “ quarter ”; known: half-up, half-down, ceil, floor, "
        "toward-zero, half-toward-zero, half-even, none, points-half-away"
    )


def test_rounding_by_japanese_name_on_the_cli(cli) -> None:
    scores = cli.scores("50000", "28500", "20000", "21500", "--rounding", "五捨六入")
    assert scores[1] == Decimal(-2)


#: each mode on every side of its lines: -1.5, -0.6, -0.5, -0.4, 0, 0.4, 0.5, 0.6, 1.5
TENTHS = [-15, -6, -5, -4, 0, 4, 5, 6, 15]
WHOLES = {
    Rounding.FLOOR: [-2, -1, -1, -1, 0, 0, 0, 0, 1],
    Rounding.CEIL: [-1, 0, 0, 0, 0, 1, 1, 1, 2],
    Rounding.TOWARD_ZERO: [-1, 0, 0, 0, 0, 0, 0, 0, 1],
    Rounding.HALF_UP: [-1, -1, 0, 0, 0, 0, 1, 1, 2],
    Rounding.HALF_DOWN: [-2, -1, -1, 0, 0, 0, 0, 1, 1],
    Rounding.HALF_TOWARD_ZERO: [-1, -1, 0, 0, 0, 0, 0, 1, 1],
    Rounding.HALF_EVEN: [-2, -1, 0, 0, 0, 0, 0, 1, 2],
    Rounding.POINTS: [-2, -1, -1, 0, 0, 0, 1, 1, 2],  # halves away from zero
}


@pytest.mark.parametrize(("mode", "tenths", "whole"),
                         [(mode, n, w) for mode, row in WHOLES.items()
                          for n, w in zip(TENTHS, row, strict=True)])  # fmt: skip
def test_each_mode_divides_on_each_side_of_its_lines(
    mode: Rounding, tenths: int, whole: int
) -> None:
    assert mode.divide(tenths, 10) == whole
    assert mode.apply(Fraction(tenths, 10)) == whole
