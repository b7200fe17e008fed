"""Settle millions of games at once (NumPy): final points in, places and exact scores
out, identical to :func:`seisan.settle` game by game.

Imported explicitly (``import seisan.bulk``); the core does not need NumPy. Scores are
whole *quanta* (tenths of pt, or thousandths under the exact system): integers all
the way, never floats. Side bets between named people are the core's (per game).

>>> import numpy as np
>>> from seisan import find_preset
>>> result = settle_arrays(np.array([[42600, 31000, 16400, 10000],
...                                  [35200, 35200, 24800, 4800]]), find_preset("mleague"))
>>> result.places.tolist()
[[1, 2, 3, 4], [1, 1, 3, 4]]
>>> result.quanta.tolist()  # tenths of pt
[[626, 110, -236, -500], [352, 352, -152, -552]]
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

import numpy as np
import numpy.typing as npt

from seisan.errors import SeisanError
from seisan.i18n import _
from seisan.rounding import Rounding
from seisan.rules import MAX_POINTS, Rules

IntArray = npt.NDArray[np.int64]

__all__ = ["BulkError", "BulkResult", "settle_arrays"]


class BulkError(SeisanError):
    """Rows that cannot be settled: names the first bad row (counted from 0) and why."""


@dataclass(frozen=True)
class BulkResult:
    """Settled games: one row per game, one column per seat."""

    #: final points (riichi sticks left on the table already in first place's)
    points: IntArray
    places: npt.NDArray[np.int8]
    #: each score in quanta (``per_pt`` to a pt)
    quanta: IntArray
    per_pt: int

    def scores(self, row: int) -> list[Fraction]:
        """One game's scores as exact pt (for checks and small outputs)."""
        return [Fraction(int(q), self.per_pt) for q in self.quanta[row]]


def _whole(rounding: Rounding, per_pt: int, ret: int) -> Callable[[IntArray], IntArray] | None:
    """Vectorised :meth:`Rounding.whole_pt`: points (final − return) to whole pt in
    quanta, in integers; None for ``none``."""
    d = 1000
    if rounding is Rounding.NONE:
        return None

    def scale(f: Callable[[IntArray], IntArray]) -> Callable[[IntArray], IntArray]:
        return lambda n: f(n) * per_pt

    if rounding is Rounding.POINTS:
        return scale(lambda n: np.where(n + ret >= 0, (n + 500) // d, -((500 - n) // d)))
    if rounding is Rounding.HALF_UP:
        return scale(lambda n: (n + 500) // d)
    if rounding is Rounding.FLOOR:
        return scale(lambda n: n // d)
    if rounding is Rounding.CEIL:
        return scale(lambda n: -(-n // d))
    if rounding is Rounding.TOWARD_ZERO:
        return scale(lambda n: np.where(n >= 0, n // d, -(-n // d)))
    if rounding is Rounding.HALF_DOWN:
        return scale(lambda n: -((d - 2 * n) // (2 * d)))
    if rounding is Rounding.HALF_TOWARD_ZERO:

        def half_toward_zero(n: IntArray) -> IntArray:
            magnitude = -((d - 2 * np.abs(n)) // (2 * d))
            return np.where(n >= 0, magnitude, -magnitude)

        return scale(half_toward_zero)
    if rounding is Rounding.HALF_EVEN:

        def half_even(n: IntArray) -> IntArray:
            whole, rest = np.divmod(n, d)
            up = (2 * rest > d) | ((2 * rest == d) & (whole % 2 == 1))
            return np.asarray(whole + up, dtype=np.int64)

        return scale(half_even)
    raise AssertionError(rounding)  # every mode is above


def _split_even(total: IntArray, size: IntArray, rank: IntArray) -> IntArray:
    """:func:`seisan.pt.split_even` per element: ``total`` in ``size`` parts, the
    leftover units one each to the first ranks."""
    base, extra = np.divmod(total, size)
    return base + (rank < extra)


def check_arrays(points: Any, deposits: Any, rules: Rules) -> tuple[IntArray, IntArray]:
    """Points and deposits as int64 arrays, checked as :func:`check_points` checks one
    game; the first bad row is named."""
    values = np.asarray(points)
    n = rules.players
    if values.ndim != 2 or values.shape[1] != n:
        raise BulkError(
            _("{rules} is for {players} players: give {players} point columns", rules=rules.title(),
              players=n)
        )  # fmt: skip
    if not np.issubdtype(values.dtype, np.integer):
        raise BulkError(_("points must be whole numbers (an integer column)"))
    values = values.astype(np.int64, copy=False)
    rows = values.shape[0]
    sticks = np.broadcast_to(np.asarray(deposits, dtype=np.int64), (rows,))
    problems: list[tuple[npt.NDArray[np.bool_], Any]] = [
        (np.any(np.abs(values) > MAX_POINTS, axis=1),
         _("points beyond {limit}", limit=MAX_POINTS)),
        (np.any(values % rules.unit != 0, axis=1),
         _("points not a multiple of {unit}", unit=rules.unit)),
        (sticks < 0, _("a negative count of riichi sticks")),
        (values.sum(axis=1) + sticks * rules.scoring.riichi != rules.start * n,
         _("points that do not add up to {total} with the sticks left on the table",
           total=rules.start * n)),
    ]  # fmt: skip
    for bad, why in problems:
        if bad.any():
            row = int(np.argmax(bad))
            shown = [int(v) for v in values[row]]
            raise BulkError(
                _("row {row}: {problem} ({points}, {deposits} sticks)", row=row, problem=why,
                  points=shown, deposits=int(sticks[row]))
            )  # fmt: skip
    return values, np.ascontiguousarray(sticks)


def settle_arrays(points: Any, rules: Rules, deposits: Any = 0) -> BulkResult:
    """Settle every row of ``points`` (games × seats, seat 0 the first dealer) with
    ``deposits`` riichi sticks left on the table (one count, or one per row)."""
    fast = rules.fast
    values, sticks = check_arrays(points, deposits, rules)
    values = values.copy()
    rows, n = values.shape
    seats = np.arange(n)
    order = np.argsort(-values, axis=1, kind="stable")  # best first, ties by seat
    ranked = np.take_along_axis(values, order, axis=1)
    on_table = sticks * fast.stick
    if not fast.lost:
        tied_first = ranked[:, 1] == ranked[:, 0]
        takes = (on_table > 0) & ~(tied_first & fast.split)
        first_seat = order[:, 0]
        values[np.arange(rows), first_seat] += np.where(takes, on_table, 0)
        ranked[:, 0] += np.where(takes, on_table, 0)
        on_table = np.where(takes, 0, on_table)
    uma = _uma_rows(values, rules, fast)
    # groups of equal points in the ranking (split ties), or each place alone
    if fast.split:
        new = np.ones((rows, n), dtype=bool)
        new[:, 1:] = ranked[:, 1:] != ranked[:, :-1]
        start = np.maximum.accumulate(np.where(new, seats, 0), axis=1)
        last = np.ones((rows, n), dtype=bool)
        last[:, :-1] = new[:, 1:]
        end = np.minimum.accumulate(np.where(last, seats, n - 1)[:, ::-1], axis=1)[:, ::-1]
    else:
        start = np.broadcast_to(seats, (rows, n))
        end = start
    size = end - start + 1
    rank = seats - start
    cumulative = np.zeros((rows, n + 1), dtype=np.int64)
    np.cumsum(uma, axis=1, out=cumulative[:, 1:])
    uma_sum = np.take_along_axis(cumulative, end + 1, axis=1) - np.take_along_axis(
        cumulative, start, axis=1
    )
    in_first = start == 0
    oka = np.where(in_first, fast.oka_q, 0)
    bonus = _split_even(oka + uma_sum, size, rank)
    oka_share = _split_even(oka, size, rank)
    exact = (ranked - fast.ret) // fast.unit
    if fast.whole is None:
        rounded = np.zeros_like(exact)
    else:
        whole = _whole(rules.rounding, fast.per_pt, fast.ret)
        assert whole is not None
        rounded = np.where(in_first, 0, whole(ranked - fast.ret) - exact)
    natural = exact + bonus  # points, oka and uma parts
    shared = np.where(fast.lost, 0, on_table // fast.unit)
    others = np.where(in_first, 0, rounded).sum(axis=1)
    first_size = size[:, 0]
    first_natural = np.where(in_first, natural, 0).sum(axis=1)
    balance_total = first_natural + shared - others
    balance = np.where(
        in_first, _split_even(balance_total[:, None], first_size[:, None], rank) - natural, 0
    )
    score_ranked = natural + rounded + balance
    places_ranked = (start + 1).astype(np.int8)
    quanta = np.empty_like(score_ranked)
    places = np.empty((rows, n), dtype=np.int8)
    np.put_along_axis(quanta, order, score_ranked, axis=1)
    np.put_along_axis(places, order, places_ranked, axis=1)
    del oka_share
    return BulkResult(values, places, quanta, fast.per_pt)


def _uma_rows(values: IntArray, rules: Rules, fast: Any) -> IntArray:
    """Each row's uma list in quanta: the rank uma, or the floating list for the count
    of players at or above the return points (after first place took the sticks)."""
    rows, n = values.shape
    if fast.floating is None:
        return np.broadcast_to(np.asarray(fast.uma_q, dtype=np.int64), (rows, n))
    count = (values >= fast.ret).sum(axis=1)
    table = np.zeros((n + 1, n), dtype=np.int64)
    known = np.zeros(n + 1, dtype=bool)
    for floating, umas in fast.floating.items():
        table[floating] = umas
        known[floating] = True
    if not known[count].all():
        row = int(np.argmax(~known[count]))
        rules.uma.for_points([int(v) for v in values[row]], fast.ret)  # raises, naming it
    return np.asarray(table[count], dtype=np.int64)
