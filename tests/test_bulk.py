"""seisan.bulk settles arrays of games exactly as the core's settle() does, game by
game: every preset, random games with ties, negative points and sticks left on the
table, 100,000 per preset (and every rounding mode and tie rule on top)."""

from __future__ import annotations

from dataclasses import replace

import numpy as np
import pytest

from seisan import find_preset, settle
from seisan.bulk import BulkError, settle_arrays
from seisan.presets import presets, rules_from_data
from seisan.rounding import Rounding
from seisan.rules import Deposits, Rules, Ties

GAMES = 100_000


def random_games(rules: Rules, count: int, seed: int) -> tuple[np.ndarray, np.ndarray]:
    """Final points that add up with 0-3 sticks left: a third coarse (many ties), the
    rest fine; some below zero, some exactly on the return points."""
    rng = np.random.default_rng(seed)
    n, unit = rules.players, rules.unit
    sticks = rng.integers(0, 4, count)
    total = rules.start * n - sticks * rules.scoring.riichi
    step = np.where(rng.random(count) < 0.35, 1000, unit)[:, None]
    spread = rules.start // 1000 + 30
    # in steps of 1,000 or of the points unit (100, 10, 1): whole thousands never reach
    # a rounding rule's fractions (the fine third was whole thousands too before)
    head = rng.integers(-10 * 1000 // step, spread * 1000 // step, (count, n - 1)) * step
    head = np.where(rng.random((count, n - 1)) < 0.05, rules.return_points, head)
    points = np.concatenate([head, (total - head.sum(axis=1))[:, None]], axis=1)
    return points.astype(np.int64), sticks


def core_rows(rules: Rules, points: np.ndarray, sticks: np.ndarray) -> tuple[list, list, list]:
    places, quanta, finals = [], [], []
    per_pt = 1000 // rules.unit
    for row, deposits in zip(points.tolist(), sticks.tolist(), strict=True):
        s = settle(row, rules, deposits=deposits)
        places.append(list(s.places))
        quanta.append([int(score * per_pt) for score in s.scores])
        finals.append(list(s.points))
    return places, quanta, finals


def assert_same(rules: Rules, count: int, seed: int) -> None:
    points, sticks = random_games(rules, count, seed)
    if rules.fast.floating is not None:  # a count of floating players with no list: skip it
        keep = np.ones(count, dtype=bool)
        for row in range(count):
            try:
                settle(points[row].tolist(), rules, deposits=int(sticks[row]))
            except Exception:
                keep[row] = False
        points, sticks = points[keep], sticks[keep]
    result = settle_arrays(points, rules, sticks)
    places, quanta, finals = core_rows(rules, points, sticks)
    assert result.places.tolist() == places
    assert result.quanta.tolist() == quanta
    assert result.points.tolist() == finals


@pytest.mark.parametrize("rules", presets(), ids=lambda r: r.name)
def test_every_preset_on_100000_games(rules: Rules) -> None:
    assert_same(rules, GAMES, seed=hash(rules.name) % 2**32)


VARIANTS = [
    (mode, ties, deposits)
    for mode in Rounding
    for ties in Ties
    for deposits in (Deposits.FIRST, Deposits.LOST)
]


@pytest.mark.parametrize(("mode", "ties", "deposits"), VARIANTS,
                         ids=lambda v: getattr(v, "value", str(v)))  # fmt: skip
@pytest.mark.parametrize("base", ["mleague", "tenhou-sanma", "jpml"])
def test_every_rounding_tie_rule_and_deposit_rule(
    base: str, mode: Rounding, ties: Ties, deposits: Deposits
) -> None:
    rules = replace(find_preset(base), rounding=mode, ties=ties, deposits=deposits)
    assert_same(rules, 5_000, seed=7)


@pytest.mark.parametrize("mode", list(Rounding), ids=lambda m: m.value)
def test_every_rounding_in_single_points_with_a_return_off_the_thousand(mode: Rounding) -> None:
    """Points in ones (points_unit 1) reach every fraction of a thousand, the halves
    (…499, …500, …501) too, and a return of 30,500 puts the last place's 0 points half
    a pt away from a whole one: each rounding rule decides those, as the core does."""
    rules = rules_from_data({"extends": "mleague", "points_unit": 1, "return": 30500,
                             "rounding": mode.value})  # fmt: skip
    assert_same(rules, 20_000, seed=5)


def test_the_exact_system() -> None:
    preset = find_preset("mleague")
    rules = replace(preset, scoring=replace(preset.scoring, system="exact"))
    assert rules.unit == 1
    assert_same(rules, 20_000, seed=3)


@pytest.mark.parametrize(
    ("points", "deposits", "message"),
    [
        ([[42600, 31000, 16400, 10000], [42600, 31000, 16400, 9000]], 0,
         "row 2: points that do not add up to 100000"),
        ([[42650, 31000, 16400, 9950]], 0, "row 1: points not a multiple of 100"),
        ([[42600, 31000, 16400, 10000]], -1, "row 1: a negative count of riichi sticks"),
        ([[42600, 31000, 16400]], 0, "give 4 point columns"),
        ([[42600.0, 31000.0, 16400.0, 10000.0]], 0, "whole numbers"),
    ],
)  # fmt: skip
def test_bad_rows_are_named(points: list, deposits: int, message: str) -> None:
    with pytest.raises(BulkError, match=message):
        settle_arrays(np.array(points), find_preset("mleague"), deposits)
