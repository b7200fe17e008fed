"""seisan.bulk settles arrays of games exactly as the core's settle() does, game by
game: every preset, random games with ties, negative points and sticks left on the
table, 100,000 per preset (and every rounding mode and tie rule on top), by both of
its engines (the NumPy columns and the fused Numba kernel), and both refuse a bad row
in the same words."""

from __future__ import annotations

import os
from dataclasses import replace
from fractions import Fraction
from typing import Any

import numpy as np
import pytest

from seisan import find_preset, settle
from seisan.bulk import BulkError, settle_arrays
from seisan.presets import presets, rules_from_data
from seisan.rounding import Rounding
from seisan.rules import Deposits, Rules, Ties

GAMES = 100_000
ENGINES = ("numpy", "numba")  #: Numba is in the bulk extra: a missing one fails here


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


def core_rows(
    rules: Rules, points: np.ndarray, sticks: np.ndarray
) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
    """The core's places, scores (in quanta), final points and which rows it settles:
    under a floating uma, a count of floating players with no list is refused, and the
    row is left out (every other rule settles every row, or the test fails here)."""
    places, quanta, finals, keep = [], [], [], []
    per_pt = 1000 // rules.unit
    skip = rules.fast.floating is not None
    for row, deposits in zip(points.tolist(), sticks.tolist(), strict=True):
        try:
            s = settle(row, rules, deposits=deposits)
        except Exception:
            if not skip:
                raise
            keep.append(False)
            continue
        keep.append(True)
        places.append(s.places)
        # the scores' quanta, read from the exact pt values every 101st game (the rest
        # summed from the parts: the same number, 8 times faster than a Fraction each)
        if len(quanta) % 101 == 0:
            quanta.append([int(score * per_pt) for score in s.scores])
        else:
            quanta.append([sum(parts) for parts in s.quanta])
        finals.append(s.points)
    return np.array(places), np.array(quanta), np.array(finals), np.array(keep, dtype=bool)


def assert_same(rules: Rules, count: int, seed: int) -> None:
    points, sticks = random_games(rules, count, seed)
    places, quanta, finals, keep = core_rows(rules, points, sticks)
    points, sticks = points[keep], sticks[keep]
    assert len(points) > count * 0.6  # (a floating uma's refused rows are a few)
    # the points as a file's columns give them (int32 when they fit), and a view
    for given in (points, points.astype(np.int32), np.asfortranarray(points)):
        for engine in ENGINES if given is points else ("numba",):  # it reads them as given
            result = settle_arrays(given, rules, sticks, engine=engine)
            assert (result.places.dtype, result.quanta.dtype) == (np.int8, np.int64)
            assert np.array_equal(result.places, places), engine
            assert np.array_equal(result.quanta, quanta), engine
            assert np.array_equal(result.points, finals), engine


@pytest.mark.parametrize("kind", [np.int64, np.int32, np.int16, np.uint8, "one count"])
def test_the_sticks_of_any_type_settle_alike_and_are_kept_as_given(kind: Any) -> None:
    """The kernel reads the counts as one type (each type of counts, and a copy of one
    count for every row beside a column, had compiled every loop again): the places,
    scores and final points are the same whatever the counts' type, and the result keeps
    them as given (a file's int32 column is written back as int32)."""
    rules = find_preset("tenhou")
    points, sticks = random_games(rules, 60_000, seed=5)
    _places, _quanta, _finals, keep = core_rows(rules, points, sticks)
    points, sticks = points[keep], sticks[keep]
    given = np.int64(1) if kind == "one count" else sticks.astype(kind)
    if kind == "one count":  # (one count for every game: the games with one stick)
        points = np.ascontiguousarray(points[sticks == 1])
        assert len(points) > 10_000
    reference = settle_arrays(points, rules, given, engine="numpy")
    result = settle_arrays(points, rules, given, engine="numba")
    assert np.array_equal(result.places, reference.places)
    assert np.array_equal(result.quanta, reference.quanta)
    assert np.array_equal(result.points, reference.points)
    assert result.sticks.dtype == np.asarray(given).dtype
    assert np.array_equal(result.sticks, given)


def test_one_compiled_loop_whatever_the_sticks_type() -> None:
    """Counts of any type and a single count share the loop compiled for the rules (4 of
    the 27 loops the tests compiled had differed only in the counts' type or flags)."""
    from seisan.bulk import kernel  # noqa: PLC0415

    rules = find_preset("tenhou")
    points = np.array([[42600, 31000, 16400, 10000]] * 60_000, dtype=np.int32)
    for given in (np.zeros(60_000, np.int64), np.zeros(60_000, np.int32), np.int64(0),
                  np.zeros(60_000, np.uint8)):  # fmt: skip
        settle_arrays(points, rules, given, engine="numba")
    way = kernel._ROUNDS[kernel.MODES[rules.rounding]][0]
    assert len(kernel._loop(4, rules.unit, way).signatures) == 1
    # read as int32, a count past it is refused in words, never narrowed: 2**32 + 1
    # sticks narrowed would be the one stick these points are short of
    short = np.array([[42600, 31000, 16400, 9000]] * 60_000, dtype=np.int32)
    with pytest.raises(BulkError, match=r"^row 1: .*4294967297 sticks"):
        settle_arrays(short, rules, np.full(60_000, 2**32 + 1, np.int64), engine="numba")
    assert settle_arrays(short, rules, np.ones(60_000, np.int64), engine="numba").quanta[0, 0]


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


@pytest.mark.parametrize("mode", list(Rounding), ids=lambda m: m.value)
def test_every_rounding_in_points_of_ten(mode: Rounding) -> None:
    """Points in tens (``points_unit = 10``): a score in hundredths of a pt, each
    rounding's halves at …450, …500 and …550 reached; the kernel divides by ten as a
    constant here, and must give what the core and the NumPy columns give."""
    rules = rules_from_data({"extends": "mleague", "points_unit": 10, "rounding": mode.value})
    assert rules.unit == 10
    assert_same(rules, 5_000, seed=9)


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
        ([[42600, 31000, 16400, 9000]], 1.7, "riichi sticks must be counted in whole numbers"),
        ([[42600, 31000, 16400, 9000]], [1.0], "riichi sticks must be counted in whole numbers"),
    ],
)  # fmt: skip
@pytest.mark.parametrize("engine", ENGINES)
def test_bad_rows_are_named(points: list, deposits: int, message: str, engine: str) -> None:
    with pytest.raises(BulkError, match=message):
        settle_arrays(np.array(points), find_preset("mleague"), deposits, engine=engine)


@pytest.mark.parametrize("engine", ENGINES)
def test_a_floating_uma_with_no_list_for_a_count_names_the_first_such_row(engine: str) -> None:
    """Lists for 1 and 3 players afloat only (start and return 30,000): the third game
    has 2 afloat (38,000 and 32,000), the fourth too; the core's words, the row and the
    points as given. 45,000 alone afloat: +15 and the list's 12 = +27."""
    from seisan.rules import Rules  # noqa: PLC0415
    from seisan.uma import parse_floating  # noqa: PLC0415

    rules = Rules(uma=parse_floating({"1": [12, -1, -3, -8], "3": [8, 3, 1, -12]}))
    games = np.array([[45000, 29000, 26000, 20000], [31000, 30000, 30000, 29000],
                      [38000, 32000, 28000, 22000], [32000, 38000, 22000, 28000]])  # fmt: skip
    result = settle_arrays(games[:2], rules, engine=engine)
    assert result.scores(0) == list(settle(games[0].tolist(), rules).scores) == [
        Fraction(27), Fraction(-2), Fraction(-7), Fraction(-18)]  # fmt: skip
    assert result.scores(1) == list(settle(games[1].tolist(), rules).scores)
    with pytest.raises(BulkError) as err:
        settle_arrays(games, rules, np.array([0, 0, 0, 0]), engine=engine)
    assert str(err.value) == (
        "row 3: rules: floating_uma = “1: 12,-1,-3,-8; 3: 8,3,1,-12”: has no uma for 2 players"
        " at or above 30000 (38000, 32000, 28000, 22000, 0 sticks)"
    )


M = 10**9  # seisan.rules.MAX_POINTS


@pytest.mark.parametrize(
    ("points", "message"),
    [
        ([[M, -M, 0, 100000]], None),  # exactly on the limit, both ways
        ([[0, 100000, M, -M]], None),
        ([[42600, 31000, 16400, 10000], [0, M + 100, 100000 - M - 100, 0]],
         f"row 2: points beyond {M} (0, {M + 100}, {100000 - M - 100}, 0, 0 sticks)"),
        ([[0, 100000, M + 100, -M - 100]], f"row 1: points beyond {M}"),
        ([[0, 100000, -M - 100, M + 100]], f"row 1: points beyond {M}"),
        ([[42600, 30950, 16450, 10000]], "row 1: points not a multiple of 100 (42600, 30950"),
    ],
)  # fmt: skip
@pytest.mark.parametrize("engine", ENGINES)
def test_points_on_and_beyond_the_limit_and_off_the_unit(
    points: list[list[int]], message: str | None, engine: str
) -> None:
    """The limit is the core's (MAX_POINTS): on it is allowed, beyond it named in any
    column, as is a point off the unit in a middle column."""
    rules = find_preset("mleague")
    if message is None:
        assert settle_arrays(np.array(points), rules, engine=engine).quanta.shape == (1, 4)
        return
    with pytest.raises(BulkError) as err:
        settle_arrays(np.array(points), rules, engine=engine)
    assert str(err.value).startswith(message)


@pytest.mark.parametrize("engine", ENGINES)
def test_numbers_past_what_int64_holds_are_refused_not_wrapped(engine: str) -> None:
    """Found by the review of the threaded kernel: 2**64 − 100 in an unsigned column
    is beyond the limit (read as −100 it had settled, or stopped the kernel with an
    AssertionError), and 2**61 sticks cannot add up (their points had wrapped to 0 in
    int64); a big-endian column settles as any other."""
    rules = find_preset("mleague")
    huge = np.array([[2**64 - 100, 50100, 25000, 25000]], dtype=np.uint64)
    with pytest.raises(BulkError) as err:
        settle_arrays(huge, rules, engine=engine)
    assert str(err.value) == (
        f"row 1: points beyond {M} ({2**64 - 100}, 50100, 25000, 25000, 0 sticks)"
    )
    with pytest.raises(BulkError) as err:
        settle_arrays(np.array([[40000, 30000, 20000, 10000]]), rules, np.array([2**61]),
                      engine=engine)  # fmt: skip
    assert str(err.value) == (
        "row 1: points that do not add up to 100000 with the sticks left on the table "
        f"(40000, 30000, 20000, 10000, {2**61} sticks)"
    )
    with pytest.raises(BulkError, match=f"^row 1: points that do not add up .* {2**64 - 1} st"):
        settle_arrays(np.array([[40000, 30000, 20000, 10000]], dtype=np.uint64), rules,
                      np.array([2**64 - 1], dtype=np.uint64), engine=engine)  # fmt: skip
    points, sticks = random_games(rules, 1000, seed=9)
    big = settle_arrays(points.astype(">i8"), rules, sticks.astype(">i4"), engine=engine)
    assert np.array_equal(big.quanta, settle_arrays(points, rules, sticks, engine="numpy").quanta)


SPAN = 1 << 28  # seisan.bulk.kernel.SPAN


@pytest.mark.parametrize(
    "rules",
    [find_preset("mleague"), find_preset("tenhou-sanma-2020"),
     replace(find_preset("tenhou"), rounding=Rounding.HALF_EVEN, deposits=Deposits.LOST),
     rules_from_data({"extends": "mleague", "points_unit": 1, "rounding": "toward-zero"}),
     rules_from_data({"extends": "mleague", "start": 300_000_000, "return": 300_000_000})],
    ids=["mleague", "tenhou-sanma-2020", "half-even-lost", "ones", "return-past-the-span"],
)  # fmt: skip
def test_the_kernel_on_and_past_the_span_of_its_loop_of_four_games(rules: Rules) -> None:
    """The kernel settles four games at a time only within its span (points within
    2**28, the sticks' points too; a return past it, no game): the rows on both sides
    of it, valid all, settle as the NumPy columns settle them, as do big games that
    tie and big refused rows (the same words)."""
    n, unit, riichi = rules.players, rules.unit, rules.scoring.riichi
    total = rules.start * n
    rng = np.random.default_rng(13)
    count = 4000
    edge = SPAN // unit * unit  # the last multiple of the unit within the span
    near = rng.choice([edge, edge + unit, edge - unit, -edge, -edge - unit, 0], (count, n - 2))
    sticks = rng.choice([0, 1, SPAN // riichi, SPAN // riichi + 1], count)
    sticks = np.where(np.abs(near).max(axis=1) > edge // 2, sticks % 2, sticks)  # in range
    spare = rng.integers(-1000, 1000, count) * unit
    last = total - sticks * riichi - near.sum(axis=1) - spare
    points = np.concatenate([near, spare[:, None], last[:, None]], axis=1)
    was = points[::7, 1].copy()
    points[::7, 1] = points[::7, 0]  # ties among the big ones
    points[::7, -1] += was - points[::7, 0]  # (still adding up)
    fits = np.abs(points).max(axis=1) <= M  # (the last seat's points within the limit)
    points, sticks = points[fits], sticks[fits]
    assert len(points) > count // 10  # (a return past the span leaves a few hundred)
    # on the limit (no tie), first place taking sticks worth more than 2**31 points: what
    # a loop dividing in 32 bits with no span would get wrong
    limit = np.array([[M] + [-M + k * unit for k in range(n - 1)],
                      [M - unit] + [-M + k * unit for k in range(n - 1)]])  # fmt: skip
    more = (total - limit.sum(axis=1)) // riichi
    limit[:, -1] += total - limit.sum(axis=1) - more * riichi  # (adding up)
    points, sticks = np.concatenate([points, limit]), np.concatenate([sticks, more])
    assert np.array_equal(points.sum(axis=1) + sticks * riichi, np.full(len(points), total))
    reference = settle_arrays(points, rules, sticks, engine="numpy")
    for given in (points, points.astype(np.int32)) if np.abs(points).max() < 2**31 else (points,):
        result = settle_arrays(given, rules, sticks, engine="numba")
        assert np.array_equal(result.places, reference.places)
        assert np.array_equal(result.quanta, reference.quanta)
        assert np.array_equal(result.points, reference.points)
    bad = points.copy()
    bad[-1, 0] += unit  # no longer adding up, in a big game
    with pytest.raises(BulkError) as expected:
        settle_arrays(bad, rules, sticks, engine="numpy")
    with pytest.raises(BulkError) as err:
        settle_arrays(bad, rules, sticks, engine="numba")
    assert str(err.value) == str(expected.value)


@pytest.mark.parametrize(
    "rules",
    [find_preset("mleague"), find_preset("tenhou-sanma"),
     replace(find_preset("tenhou"), deposits=Deposits.LOST, rounding=Rounding.HALF_EVEN)],
    ids=["mleague", "tenhou-sanma", "lost-half-even"],
)  # fmt: skip
def test_the_kernel_on_several_threads_is_the_kernel_on_one(rules: Rules) -> None:
    """Games shared among threads (each given at least CHUNK_ROWS) give what one thread
    and the NumPy columns give, across every boundary; a bad row in the last thread's
    share is the same error, its row counted from the first game."""
    from seisan import bulk  # noqa: PLC0415

    count = 3 * bulk.CHUNK_ROWS + 7
    points, sticks = random_games(rules, count, seed=5)
    reference = settle_arrays(points, rules, sticks, engine="numpy")
    for threads in (1, 2, 3, 4):  # 4: three shares, no thread with fewer than the least
        result = settle_arrays(points, rules, sticks, engine="numba", threads=threads)
        assert np.array_equal(result.places, reference.places), threads
        assert np.array_equal(result.quanta, reference.quanta), threads
        assert np.array_equal(result.points, reference.points), threads
    bad = points.copy()
    bad[-2, 0] += 1  # not a multiple of the unit, and no longer adding up
    with pytest.raises(BulkError) as expected:
        settle_arrays(bad, rules, sticks, engine="numpy")
    with pytest.raises(BulkError) as err:
        settle_arrays(bad, rules, sticks, engine="numba", threads=3)
    assert str(err.value) == str(expected.value)
    assert str(err.value).startswith(f"row {count - 1}: ")


def _settle_in_child(queue: Any) -> None:  # (a forked child's: module level, for pickling)
    from seisan import bulk  # noqa: PLC0415

    rules = find_preset("mleague")
    points, sticks = random_games(rules, 2 * bulk.CHUNK_ROWS, seed=3)
    result = settle_arrays(points, rules, sticks, engine="numba", threads=2)
    queue.put(int(result.quanta.sum()))


@pytest.mark.skipif(not hasattr(os, "fork"), reason="no fork on this system")
def test_a_forked_process_settles_on_threads_of_its_own() -> None:
    """The kernel's threads are made once a process; a process forked after they were
    made has none of them, and makes its own (with the parent's dead ones it would wait
    for ever)."""
    import multiprocessing  # noqa: PLC0415

    from seisan import bulk  # noqa: PLC0415

    rules = find_preset("mleague")
    points, sticks = random_games(rules, 2 * bulk.CHUNK_ROWS, seed=3)
    expected = int(settle_arrays(points, rules, sticks, engine="numba", threads=2).quanta.sum())
    context = multiprocessing.get_context("fork")
    queue = context.Queue()
    child = context.Process(target=_settle_in_child, args=(queue,))
    child.start()
    child.join(120)
    alive = child.is_alive()
    if alive:
        child.kill()
    assert not alive, "the forked process waited for its parent's threads"
    assert queue.get(timeout=5) == expected


def test_the_engine_is_chosen_by_the_count_of_games_and_named_when_unknown() -> None:
    """The kernel from :data:`KERNEL_ROWS` games (Numba installed), NumPy below: both
    give the same; an engine neither is refused; a row the kernel stops at on its own
    (a count afloat with no uma) is worded by the NumPy path."""
    from seisan import bulk  # noqa: PLC0415

    assert bulk.engine_for(bulk.KERNEL_ROWS) == "numba"
    assert bulk.engine_for(bulk.KERNEL_ROWS - 1) == bulk.engine_for(0) == "numpy"
    rules = find_preset("tenhou")
    points, sticks = random_games(rules, bulk.KERNEL_ROWS, seed=11)
    whole = settle_arrays(points, rules, sticks)
    fewer = settle_arrays(points[:-1], rules, sticks[:-1])
    assert whole.quanta[:-1].tolist() == fewer.quanta.tolist()
    with pytest.raises(ValueError, match="engine: numba or numpy, not 'cuda'"):
        settle_arrays(points, rules, sticks, engine="cuda")


@pytest.mark.parametrize("engine", ENGINES)
def test_the_final_points_are_the_games_settled_whatever_the_caller_does_next(engine: str) -> None:
    """helper-62: the final points were worked out, when asked, from the caller's own
    arrays; a caller that filled them with the next games then read that game's points
    beside the first game's places and scores."""
    rules = find_preset("tenhou")
    points, sticks = np.array([[42600, 31000, 16400, 9000]]), np.array([1])
    result = settle_arrays(points, rules, sticks, engine=engine)
    points[:] = [[10000, 31000, 16400, 42600]]  # the next game, in the same buffer
    sticks[:] = 0
    assert result.points.tolist() == [[43600, 31000, 16400, 9000]]
    assert result.places.tolist() == [[1, 2, 3, 4]]


@pytest.mark.parametrize(
    ("dtype", "value"),
    [(np.int64, 2**40), (np.int64, 2**32 + 40000), (np.int64, -(2**35)),
     (np.uint64, 2**63 + 5), (np.uint32, 2**31 + 7), (np.int64, 10**9 + 100)],
)  # fmt: skip
def test_points_wider_than_the_kernels_int32_are_refused_not_wrapped(dtype, value) -> None:
    """The kernel's loops read int32 points (one compiled loop a rule, not one a type):
    points of a wider type beyond the limit are refused with the NumPy path's words,
    never narrowed (2**32 + 40000 would have read as 40000)."""
    rules = find_preset("tenhou")
    points = np.array([[40000, 30000, 20000, 10000]] * 60000, dtype=dtype)
    points[30000, 0] = value
    words = []
    for engine in ("numpy", "numba"):
        with pytest.raises(BulkError) as err:
            settle_arrays(points, rules, engine=engine)
        words.append(str(err.value))
    assert words[0] == words[1] and words[1].startswith("row 30001: points beyond 1000000000")
