"""The bulk engine's fused kernel (Numba): one pass over the games, each settled in
registers from its row of points, instead of NumPy's dozens of passes over whole
columns. Identical to :func:`seisan.bulk.settle_arrays`'s NumPy path game by game
(the tests compare both with the core on every preset, rounding, tie and deposit
rule); that path stays the reference and is used where Numba is not installed.

Imported only when Numba is (``pip install 'seisan[bulk]'`` brings it); compiled on
first use and cached on disk (in the package's ``__pycache__``, or Numba's own cache
folder when that is not writable).
"""

from __future__ import annotations

from typing import Any

import numpy as np
from numba import njit

from seisan.rounding import Rounding

#: the rounding rules as the kernel's codes (``Rounding.NONE`` rounds nothing)
MODES = {mode: code for code, mode in enumerate(Rounding)}
_POINTS, _HALF_UP, _FLOOR, _CEIL = (MODES[Rounding.POINTS], MODES[Rounding.HALF_UP],
                                    MODES[Rounding.FLOOR], MODES[Rounding.CEIL])  # fmt: skip
_TOWARD_ZERO, _HALF_DOWN = MODES[Rounding.TOWARD_ZERO], MODES[Rounding.HALF_DOWN]
_HALF_TOWARD_ZERO, _HALF_EVEN = MODES[Rounding.HALF_TOWARD_ZERO], MODES[Rounding.HALF_EVEN]
_NONE = MODES[Rounding.NONE]


@njit(cache=True, nogil=True, inline="always")
def _whole(n: int, ret: int, mode: int) -> int:  # pragma: no cover (compiled)
    """:meth:`Rounding.whole_pt` of points − return ``n``: whole pt (floor division
    and modulo are Python's, as Numba keeps them for integers)."""
    d = 1000
    if mode == _POINTS:
        return (n + 500) // d if n + ret >= 0 else -((500 - n) // d)
    if mode == _HALF_UP:
        return (n + 500) // d
    if mode == _FLOOR:
        return n // d
    if mode == _CEIL:
        return -(-n // d)
    # the sign of n as arithmetic, not a branch: the points decide it, game by game
    sign = (n > 0) - (n < 0)
    if mode == _TOWARD_ZERO:
        return sign * (abs(n) // d)
    if mode == _HALF_DOWN:
        return -((d - 2 * n) // (2 * d))
    if mode == _HALF_TOWARD_ZERO:
        return sign * -((d - 2 * abs(n)) // (2 * d))
    whole, rest = n // d, n % d  # _HALF_EVEN: up past the half, or on it from an odd
    # whole (summed, not branched on: the points decide, and a guess missed half the time)
    return whole + (2 * rest > d) + ((2 * rest == d) & (whole % 2 == 1))


@njit(cache=True, nogil=True, inline="always")
def _by(x: int, unit: int) -> int:  # pragma: no cover (compiled)
    """``x // unit`` (floor), the usual units by a constant: a multiply, not a division
    (a division a seat, four a game, was most of the kernel's time)."""
    if unit == 100:
        return x // 100
    if unit == 10:
        return x // 10
    if unit == 1:
        return x
    return x // unit


#: why the kernel stopped at a row: nothing, a row the checks refuse, a count afloat
#: with no uma (the NumPy path then words the error, as it always has)
FINE, REFUSED, NO_UMA = 0, 1, 2

#: a three-player table's missing fourth seat: below every seat's points (at least
#: −MAX_POINTS), so tied with none and never above anyone
_MISSING = -(1 << 62)


@njit(cache=True, nogil=True, inline="always")
def _fine(x: int, limit: int, unit: int) -> bool:  # pragma: no cover (compiled)
    """Points the checks take: within the limit, a multiple of the unit."""
    return -limit <= x <= limit and _by(x, unit) * unit == x


@njit(cache=True, nogil=True, inline="always")
def _parts(  # pragma: no cover (compiled)
    v: int,
    rank: int,
    above: int,
    same: int,
    before: int,
    row: int,
    uma: Any,
    prefix: Any,
    split: bool,
    ret: int,
    unit: int,
    per_pt: int,
    oka_q: int,
    mode: int,
) -> tuple[int, int]:
    """One seat's exact score (points, oka and uma, in quanta) and what rounding adds."""
    exact = _by(v - ret, unit)
    oka = oka_q if rank == 0 else 0
    if split and same > 1:  # tied players share the uma and oka of their places,
        # the leftover by seat (a division only for a tie: most games have none)
        bonus = oka + prefix[row, above + same] - prefix[row, above]
        bonus = bonus // same + (1 if before < bonus % same else 0)
    else:
        bonus = uma[row, rank] + oka
    rounded = 0 if mode == _NONE else _whole(v - ret, ret, mode) * per_pt - exact
    return exact + bonus, rounded


@njit(cache=True, nogil=True)
def settle_rows(  # pragma: no cover (compiled)
    points: Any,  # integers (games, seats), as given: any integer type, any layout
    sticks: Any,  # integers (games,): one count a game (a single count broadcast)
    limit: int,
    unit: int,
    riichi: int,
    total: int,
    most_sticks: int,  # more sticks than the points could hold: refused (int64 wraps)
    split: bool,
    lost: bool,
    stick: int,
    ret: int,
    per_pt: int,
    oka_q: int,
    uma: Any,  # int64 (seats + 1, seats): the uma by place for each count afloat
    known: Any,  # bool (seats + 1,): which counts afloat have a list
    mode: int,
    places: Any,  # int8 (games, seats)
    scores: Any,  # int64 (games, seats), in quanta
) -> tuple[int, int]:
    """Every game of ``points`` checked and settled as :func:`seisan.bulk.settle_arrays`
    checks and settles it, in one pass, into the arrays given (NumPy's: it asks the
    system for large pages, where Numba's own allocations fault in every 4 KB page, a
    third of the time on this machine): places and scores. The final points are not
    written: they are the given ones and the sticks a sole first place takes, which
    :attr:`~seisan.bulk.BulkResult.points` adds when asked (the files never ask; writing
    them was a third of the kernel's bytes). Returns where and why it stopped (the row
    and :data:`REFUSED` or :data:`NO_UMA`; −1 and :data:`FINE` when every game settled).

    Three or four seats, each in its own variables: the comparisons, places and parts
    of a game written out seat by seat, with no loop over the seats and no small
    arrays (a loop over a count known only at run time, and its arrays, took three
    times as long)."""
    rows, n = points.shape
    four = n == 4
    floating = uma.shape[0] > 1
    prefix = np.zeros((uma.shape[0], n + 1), dtype=np.int64)  # uma summed by place
    for row in range(uma.shape[0]):
        for k in range(n):
            prefix[row, k + 1] = prefix[row, k] + uma[row, k]
    for r in range(rows):
        count = int(sticks[r])
        v0, v1, v2 = int(points[r, 0]), int(points[r, 1]), int(points[r, 2])
        v3 = int(points[r, 3]) if four else _MISSING
        held = count * riichi + v0 + v1 + v2 + (v3 if four else 0)
        if not (_fine(v0, limit, unit) and _fine(v1, limit, unit) and _fine(v2, limit, unit)
                and (not four or _fine(v3, limit, unit))):  # fmt: skip
            return r, REFUSED
        if count < 0 or count > most_sticks or held != total:
            return r, REFUSED
        # seats with more points, lower seats with as many, seats with as many (self too)
        a0 = (v1 > v0) + (v2 > v0) + (v3 > v0)
        a1 = (v0 > v1) + (v2 > v1) + (v3 > v1)
        a2 = (v0 > v2) + (v1 > v2) + (v3 > v2)
        a3 = (v0 > v3) + (v1 > v3) + (v2 > v3)
        b1 = int(v0 == v1)
        b2 = (v0 == v2) + (v1 == v2)
        b3 = (v0 == v3) + (v1 == v3) + (v2 == v3)
        e0 = 1 + (v1 == v0) + (v2 == v0) + (v3 == v0)
        e1 = 1 + b1 + (v2 == v1) + (v3 == v1)
        e2 = 1 + b2 + (v3 == v2)
        e3 = 1 + b3
        if split:
            k0, k1, k2, k3 = a0, a1, a2, a3
        else:
            k0, k1, k2, k3 = a0, a1 + b1, a2 + b2, a3 + b3
        firsts = (k0 == 0) + (k1 == 0) + (k2 == 0) + (k3 == 0)  # the missing seat: last
        on_table = count * stick
        if not lost:  # a sole first place takes the sticks into its points
            if k0 == 0 and (not split or e0 == 1):
                v0 += on_table
                on_table = 0
            elif k1 == 0 and (not split or e1 == 1):
                v1 += on_table
                on_table = 0
            elif k2 == 0 and (not split or e2 == 1):
                v2 += on_table
                on_table = 0
            elif k3 == 0 and (not split or e3 == 1):
                v3 += on_table
                on_table = 0
        row = 0
        if floating:
            row = (v0 >= ret) + (v1 >= ret) + (v2 >= ret) + (four and v3 >= ret)
        if not known[row]:
            return r, NO_UMA
        n0, o0 = _parts(v0, k0, a0, e0, 0, row, uma, prefix, split, ret, unit, per_pt, oka_q,
                        mode)  # fmt: skip
        n1, o1 = _parts(v1, k1, a1, e1, b1, row, uma, prefix, split, ret, unit, per_pt, oka_q,
                        mode)  # fmt: skip
        n2, o2 = _parts(v2, k2, a2, e2, b2, row, uma, prefix, split, ret, unit, per_pt, oka_q,
                        mode)  # fmt: skip
        balance = 0 if lost else _by(on_table, unit)
        balance += n0 if k0 == 0 else -o0
        balance += n1 if k1 == 0 else -o1
        balance += n2 if k2 == 0 else -o2
        if four:
            n3, o3 = _parts(v3, k3, a3, e3, b3, row, uma, prefix, split, ret, unit, per_pt,
                            oka_q, mode)  # fmt: skip
            balance += n3 if k3 == 0 else -o3
        share, left = (balance // firsts, balance % firsts) if firsts > 1 else (balance, 0)
        places[r, 0], places[r, 1], places[r, 2] = k0 + 1, k1 + 1, k2 + 1
        scores[r, 0] = n0 + o0 if k0 != 0 else share + (1 if left > 0 else 0)
        scores[r, 1] = n1 + o1 if k1 != 0 else share + (1 if b1 < left else 0)
        scores[r, 2] = n2 + o2 if k2 != 0 else share + (1 if b2 < left else 0)
        if four:
            places[r, 3] = k3 + 1
            scores[r, 3] = n3 + o3 if k3 != 0 else share + (1 if b3 < left else 0)
    return -1, FINE


def uma_tables(fast: Any, n: int) -> tuple[Any, Any]:
    """The uma by place in quanta as the kernel reads it: one row (the rank uma), or
    one per count of players afloat with which counts have a list."""
    if fast.floating is None:
        return np.asarray([fast.uma_q], dtype=np.int64), np.ones(1, dtype=np.bool_)
    uma = np.zeros((n + 1, n), dtype=np.int64)
    known = np.zeros(n + 1, dtype=np.bool_)
    for count, values in fast.floating.items():
        uma[count] = values
        known[count] = True
    return uma, known
