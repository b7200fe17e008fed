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

import os
from collections.abc import Callable
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

import numpy as np
import numpy.typing as npt

from seisan.errors import SeisanError
from seisan.i18n import _, _n
from seisan.rounding import Rounding
from seisan.rules import MAX_POINTS, Rules

IntArray = npt.NDArray[Any]  #: integer columns (int8 counts, int64 points and quanta)

__all__ = ["BulkError", "BulkResult", "engine_for", "settle_arrays"]


class BulkError(SeisanError):
    """Rows that cannot be settled: names the first bad row (counted from 1, the first
    game) and why."""


@dataclass(frozen=True)
class BulkResult:
    """Settled games: one row per game, one column per seat."""

    places: npt.NDArray[np.int8]
    #: each score in quanta (``per_pt`` to a pt)
    quanta: IntArray
    per_pt: int
    #: the points as given (games × seats, a copy: the caller may fill its array with the
    #: next games) and the sticks left on each game's table (one count, or one a game),
    #: with a stick's points (0 where they are lost, or where ``given`` holds the final
    #: points already): the final points are worked out from them only when asked
    #: (:attr:`points`), which the files never do
    given: IntArray
    sticks: IntArray
    stick: int

    @property
    def points(self) -> IntArray:
        """The final points, games × seats: a sole first place has taken the riichi
        sticks left on the table into its points (tied firsts under split ties leave
        them, and so does a rule where they are lost)."""
        points = np.asarray(self.given).astype(np.int64)
        if not self.stick:
            return points
        firsts = self.places == 1
        alone = firsts & (np.count_nonzero(firsts, axis=1) == 1)[:, None]
        table = np.broadcast_to(np.asarray(self.sticks).astype(np.int64) * self.stick,
                                points.shape[:1])  # fmt: skip
        return points + np.where(alone, table[:, None], 0)

    def scores(self, row: int) -> list[Fraction]:
        """One game's scores as exact pt (for checks and small outputs)."""
        return [Fraction(int(q), self.per_pt) for q in self.quanta[row]]


def _whole(rounding: Rounding, per_pt: int, ret: int) -> Callable[[IntArray], IntArray] | None:
    """Vectorised :meth:`Rounding.whole_pt`: points (final − return) to whole pt in
    quanta, in integers; None for ``none``."""
    d = 1000

    def half_toward_zero(n: IntArray) -> IntArray:
        return np.sign(n) * -((d - 2 * np.abs(n)) // (2 * d))  # type: ignore[no-any-return]

    def half_even(n: IntArray) -> IntArray:
        whole, rest = np.divmod(n, d)
        return whole + ((2 * rest > d) | ((2 * rest == d) & (whole % 2 == 1)))  # type: ignore[no-any-return]

    modes: dict[Rounding, Callable[[IntArray], IntArray] | None] = {
        Rounding.NONE: None,
        Rounding.POINTS: lambda n: np.where(n + ret >= 0, (n + 500) // d, -((500 - n) // d)),
        Rounding.HALF_UP: lambda n: (n + 500) // d,
        Rounding.FLOOR: lambda n: n // d,
        Rounding.CEIL: lambda n: -(-n // d),
        Rounding.TOWARD_ZERO: lambda n: np.sign(n) * (np.abs(n) // d),
        Rounding.HALF_DOWN: lambda n: -((d - 2 * n) // (2 * d)),
        Rounding.HALF_TOWARD_ZERO: half_toward_zero,
        Rounding.HALF_EVEN: half_even,
    }
    whole = modes[rounding]  # every mode is here (tests/test_bulk.py tries each)
    return None if whole is None else lambda n: whole(n) * per_pt


def _shaped(points: Any, deposits: Any, rules: Rules) -> tuple[IntArray, IntArray]:
    """The points as an array of one column a seat and the sticks' counts, both of
    integers (checked before any row is read)."""
    values = np.asarray(points)
    n = rules.players
    if values.ndim != 2 or values.shape[1] != n:
        raise BulkError(
            _("{rules} is for {players} players: give {players} point columns", rules=rules,
              players=n)
        )  # fmt: skip
    if not np.issubdtype(values.dtype, np.integer):
        raise BulkError(_("points must be whole numbers (an integer column)"))
    counts = np.asarray(deposits)
    if not np.issubdtype(counts.dtype, np.integer):  # 1.7 sticks were read as 1
        raise BulkError(_("riichi sticks must be counted in whole numbers (an integer column)"))
    return values, counts


def max_sticks(rules: Rules) -> int:
    """The most riichi sticks a row can leave on the table: their points, with every
    seat's points within the limit, must add up to the table's."""
    return (rules.start + MAX_POINTS) * rules.players // max(rules.scoring.riichi, 1)


def check_arrays(
    points: Any, deposits: Any, rules: Rules
) -> tuple[list[IntArray], IntArray, IntArray]:
    """Points as int64 columns (one per seat) and deposits per row, checked as
    :func:`~seisan.settlement.check_points` checks one game; the first bad row is
    named. Also returns the points as given (for error messages)."""
    values, counts = _shaped(points, deposits, rules)
    n, rows = rules.players, values.shape[0]
    columns = [values[:, s].astype(np.int64) for s in range(n)]
    sticks = np.broadcast_to(counts.astype(np.int64), (rows,))
    beyond = np.zeros(rows, dtype=bool)
    uneven = np.zeros(rows, dtype=bool)
    for s, column in enumerate(columns):  # beyond: read as given (2**64 - 100 is not −100)
        beyond |= (values[:, s] > MAX_POINTS) | (values[:, s] < -MAX_POINTS)
        uneven |= column % rules.unit != 0
    # more sticks than the points could hold: not added up (int64 would wrap their points)
    given = np.broadcast_to(counts, (rows,))  # the counts as given, one a row
    heaps = given > max_sticks(rules)
    total = sum(columns, np.where(heaps, 0, sticks) * rules.scoring.riichi)
    problems: list[tuple[npt.NDArray[np.bool_], Any]] = [
        (beyond, _("points beyond {limit}", limit=MAX_POINTS)),
        (uneven, _("points not a multiple of {unit}", unit=rules.unit)),
        (given < 0, _("a negative count of riichi sticks")),
        ((total != rules.start * n) | heaps,
         _("points that do not add up to {total} with the sticks left on the table",
           total=rules.start * n)),
    ]  # fmt: skip
    for bad, why in problems:
        if bad.any():
            row = int(np.argmax(bad))
            shown = [int(v) for v in values[row]]
            raise BulkError(  # rows counted from 1, the first game, as a player counts
                _n("row {row}: {problem} ({points}, {deposits} stick)",
                   "row {row}: {problem} ({points}, {deposits} sticks)", "deposits", row=row + 1,
                   problem=why, points=shown, deposits=int(given[row]))
            )  # fmt: skip
    return columns, np.ascontiguousarray(sticks), values


def settle_arrays(
    points: Any,
    rules: Rules,
    deposits: Any = 0,
    *,
    engine: str | None = None,
    threads: int | None = None,
) -> BulkResult:
    """Settle every row of ``points`` (games × seats, seat 0 the first dealer) with
    ``deposits`` riichi sticks left on the table (one count, or one per row).

    ``engine``: ``"numba"`` (the fused kernel, :mod:`seisan.bulk.kernel`), ``"numpy"``
    (whole columns: the reference), or ``None``: the kernel where Numba is installed
    and there are at least :data:`KERNEL_ROWS` games, else NumPy. ``threads``: how
    many the kernel may use (None: every core this process may run on,
    :func:`cores`), each given at least :data:`CHUNK_ROWS` games."""
    if engine is None:
        engine = engine_for(np.shape(points)[0] if np.ndim(points) else 0)
    if engine == "numba":
        return _settle_kernel(points, deposits, rules, threads or cores())
    if engine != "numpy":
        raise ValueError(f"engine: numba or numpy, not {engine!r}")
    return _settle_columns(*check_arrays(points, deposits, rules), rules)


#: games from which the fused kernel is used when Numba is installed (below, importing
#: Numba and loading its compiled code, about a second, outweighs NumPy's passes; the
#: line is a choice, not yet measured)
KERNEL_ROWS = 50_000


def engine_for(rows: int) -> str:
    """The engine :func:`settle_arrays` takes for ``rows`` games when none is named."""
    return "numba" if rows >= KERNEL_ROWS and _kernel() is not None else "numpy"


def _kernel() -> Any:
    """:mod:`seisan.bulk.kernel`, or None where Numba is not installed."""
    try:
        from seisan.bulk import kernel  # noqa: PLC0415
    except ImportError:
        return None
    return kernel


def _settle_kernel(points: Any, deposits: Any, rules: Rules, threads: int = 1) -> BulkResult:
    """The fused kernel over the points (int32 rows as given; other points copied
    once), on up to ``threads`` threads; a row it stops at is worded by the NumPy path,
    which finds the same first bad row."""
    kernel = _kernel()
    if kernel is None:
        raise BulkError(_("the fused kernel needs Numba: pip install 'seisan[bulk]'"))
    values, counts = _shaped(points, deposits, rules)
    if not values.dtype.isnative:  # Numba reads its machine's byte order only
        values = values.astype(values.dtype.newbyteorder("="))
    if not counts.dtype.isnative:
        counts = counts.astype(counts.dtype.newbyteorder("="))
    most = max_sticks(rules)
    # the loops are compiled for int32 points alone (each type of points compiles every
    # loop again, 5-8 s of CPU a loop: the tests had compiled 42): every game within the
    # limit fits (MAX_POINTS < 2**31); wider points beyond it are the NumPy path's
    if values.dtype != np.int32:
        wide = values.dtype.itemsize >= 4  # (8 and 16 bits fit)
        if wide and values.size and (values.max() > MAX_POINTS or values.min() < -MAX_POINTS):
            return _settle_columns(*check_arrays(points, deposits, rules), rules)
        values = values.astype(np.int32, order="C")
    # the kernel reads the rows in C order (another layout is copied first) and a count a
    # row (one count for every row is made a column)
    values = np.ascontiguousarray(values)
    # the counts as int32, read-only, whatever their type and shape (each type, and a
    # writable copy beside a read-only view, compiled every loop again: 4 of the 27 loops
    # the tests compiled on a clean cache); a count beyond int32 (2**64 − 100 unsigned
    # among them, which a signed read makes −100) is the NumPy path's to refuse, never
    # narrowed
    int32 = np.iinfo(np.int32)
    if (
        counts.dtype != np.int32
        and counts.size
        and (counts.max() > int32.max or counts.min() < int32.min)
    ):
        return _settle_columns(*check_arrays(points, deposits, rules), rules)
    sticks = np.ascontiguousarray(np.broadcast_to(counts, values.shape[:1]), dtype=np.int32)
    sticks.flags.writeable = False
    fast = rules.fast
    uma, known = kernel.uma_tables(fast, rules.players)
    rows, n = values.shape
    places = np.empty((rows, n), dtype=np.int8)
    scores = np.empty((rows, n), dtype=np.int64)
    # copies of the given points and sticks (a caller may fill its arrays with the next
    # games while the result is kept: helper-62), written by the kernel block by block;
    # one count for every row is kept as it was given
    given = np.empty(values.shape, dtype=values.dtype)
    kept = np.empty(rows if counts.ndim else 0, dtype=np.int32)

    def part(begin: int, end: int) -> bool:
        """The kernel over rows ``begin`` to ``end`` (Numba lets go of the GIL): whether
        it stopped at a row."""
        _row, why = kernel.settle_rows(
            values[begin:end], sticks[begin:end], MAX_POINTS, rules.unit,
            rules.scoring.riichi, rules.start * n, most, fast.split, fast.lost, fast.stick,
            fast.ret, fast.per_pt, fast.oka_q, uma, known, kernel.MODES[rules.rounding],
            places[begin:end], scores[begin:end], given[begin:end], kept[begin:end],
        )  # fmt: skip
        return bool(why != kernel.FINE)

    count = max(1, min(threads, rows // CHUNK_ROWS))
    bounds = [rows * k // count for k in range(count + 1)]
    if count == 1:
        stopped = [part(0, rows)]
    else:
        stopped = list(_pool(count).map(part, bounds[:-1], bounds[1:]))
    if any(stopped):  # the reference words the refusal
        _settle_columns(*check_arrays(points, deposits, rules), rules)
        raise AssertionError("the kernel refused a row the NumPy path settles")
    if not counts.ndim:
        sticks_kept = np.array(counts)
    else:  # (as given: a file's int32 column is written back as int32)
        sticks_kept = kept if kept.dtype == counts.dtype else kept.astype(counts.dtype)
    return BulkResult(places, scores, fast.per_pt, given, sticks_kept,
                      0 if fast.lost else fast.stick)  # fmt: skip


assert MAX_POINTS < 2**31  # (the kernel's points are int32: _settle_kernel)


#: the fewest games a thread of the kernel is given (fewer: one thread does them all)
CHUNK_ROWS = 1 << 16


def cores() -> int:
    """The cores this process may run on: the kernel's threads unless told otherwise."""
    return len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count() or 1


_POOLS: dict[int, Any] = {}
if hasattr(os, "register_at_fork"):  # a forked child has none of its parent's threads:
    os.register_at_fork(after_in_child=_POOLS.clear)  # its own pools, not dead ones


def _pool(size: int) -> Any:
    """The kernel's threads, ``size`` of them, made once."""
    if size not in _POOLS:
        from concurrent.futures import ThreadPoolExecutor  # noqa: PLC0415

        _POOLS[size] = ThreadPoolExecutor(size, thread_name_prefix="seisan-bulk")
    return _POOLS[size]


def _settle_columns(v: list[IntArray], sticks: IntArray, given: Any, rules: Rules) -> BulkResult:
    """Seat by seat, with no sort: a seat's place is how many seats hold more points
    (and, without split ties, how many lower seats hold as many); every part of the
    score is then a handful of whole-column integer operations."""
    fast = rules.fast
    n = len(v)
    rows = len(sticks)
    small = np.int8  # counts of seats: 0 to 3
    above = [np.zeros(rows, dtype=small) for _ in range(n)]  # seats with more points
    same = [np.ones(rows, dtype=small) for _ in range(n)]  # seats with as many (self too)
    before = [np.zeros(rows, dtype=small) for _ in range(n)]  # lower seats with as many
    for s in range(n):
        for t in range(s + 1, n):
            more, tie = v[s] > v[t], v[s] == v[t]
            above[t] += more
            above[s] += ~(more | tie)
            same[s] += tie
            same[t] += tie
            before[t] += tie
    split = fast.split
    rank = above if split else [above[s] + before[s] for s in range(n)]  # place − 1
    first = [r == 0 for r in rank]
    on_table = sticks * fast.stick
    if not fast.lost:
        for s in range(n):  # a sole first place takes the sticks into its points
            takes = first[s] & (same[s] == 1) if split else first[s]  # (no sticks: takes 0)
            v[s] = v[s] + np.where(takes, on_table, 0)
            on_table = np.where(takes, 0, on_table)
    uma = _uma_table(v, rules, fast, rows, (given, sticks))
    if split:
        prefix = np.concatenate([np.zeros_like(uma[..., :1]), np.cumsum(uma, axis=-1)], axis=-1)
        first_size = sum(first)  # how many share first place
    whole = _whole(rules.rounding, fast.per_pt, fast.ret)
    natural, own = [], []
    for s in range(n):
        exact = (v[s] - fast.ret) // fast.unit
        if split:
            size, start = same[s], above[s]
            oka = np.where(first[s], fast.oka_q, 0)
            uma_sum = _take(prefix, start + size) - _take(prefix, start)
            bonus = _split(oka + uma_sum, size, before[s])
        else:
            bonus = _take(uma, rank[s]) + np.where(first[s], fast.oka_q, 0)
        natural.append(exact + bonus)
        # (first place's own rounding is never used: it takes the balance)
        rounded = 0 if whole is None else whole(v[s] - fast.ret) - exact
        own.append((natural[s], rounded))
    shared = 0 if fast.lost else on_table // fast.unit
    balance = shared + sum(np.where(first[s], natural[s], -own[s][1]) for s in range(n))
    scores = []
    for s in range(n):
        share = _split(balance, first_size, before[s]) if split else balance
        scores.append(np.where(first[s], share, own[s][0] + own[s][1]))
    # stacked, not written into int64 columns: a float that crept in shows in the dtype
    places = np.stack([r + 1 for r in rank], axis=1)
    # the final points, worked out here anyway (the sticks already in first place's)
    return BulkResult(places, np.stack(scores, axis=1), fast.per_pt, np.stack(v, axis=1),
                      np.zeros((), dtype=np.int64), 0)  # fmt: skip


def _take(table: npt.NDArray[np.int64], index: IntArray) -> IntArray:
    """``table[index]`` for a fixed table, or ``table[row, index[row]]`` per row."""
    if table.ndim == 1:
        return np.take(table, index)
    return table[np.arange(len(index)), index]


def _split(total: Any, size: Any, rank: Any) -> IntArray:
    """:func:`seisan.pt.split_even` per row: the leftover units to the first ranks."""
    base, extra = np.divmod(total, size)
    return base + (rank < extra)  # type: ignore[no-any-return]


def _uma_table(
    v: list[IntArray], rules: Rules, fast: Any, rows: int, shown: tuple[Any, IntArray]
) -> npt.NDArray[np.int64]:
    """The uma by place in quanta: one list (the rank uma), or one per row (the floating
    list for the count of players at or above the return points, after first place
    took the sticks); a count with no list is the first such row's error."""
    n = len(v)
    if fast.floating is None:
        return np.asarray(fast.uma_q)
    count = sum((column >= fast.ret).astype(np.int64) for column in v)
    uma = np.zeros((rows, n), dtype=np.int64)
    for floating in np.flatnonzero(np.bincount(count)).tolist():  # the counts that occur
        here = count == floating
        if floating not in fast.floating:
            row = int(np.argmax(here))
            try:  # the core's words: how many afloat, and that the rules have no list
                rules.uma.for_points([int(column[row]) for column in v], fast.ret)
            except SeisanError as err:
                given, sticks = shown
                raise BulkError(
                    _n("row {row}: {problem} ({points}, {deposits} stick)",
                       "row {row}: {problem} ({points}, {deposits} sticks)", "deposits",
                       row=row + 1, problem=err.message, points=[int(p) for p in given[row]],
                       deposits=int(sticks[row]))
                ) from None  # fmt: skip
        uma[here] = fast.floating[floating]
    return uma
