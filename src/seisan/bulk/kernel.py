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


@njit(cache=True, nogil=True)
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
    if mode == _TOWARD_ZERO:
        return n // d if n >= 0 else -(-n // d)
    if mode == _HALF_DOWN:
        return -((d - 2 * n) // (2 * d))
    if mode == _HALF_TOWARD_ZERO:
        sign = 1 if n > 0 else (-1 if n < 0 else 0)
        return sign * -((d - 2 * abs(n)) // (2 * d))
    whole, rest = n // d, n % d  # _HALF_EVEN
    if 2 * rest > d or (2 * rest == d and whole % 2 == 1):
        return whole + 1
    return whole


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


@njit(cache=True, nogil=True)
def settle_rows(  # pragma: no cover (compiled)
    points: Any,  # integers (games, seats), as given: any integer type, any layout
    sticks: Any,  # integers (games,): one count a game (a single count broadcast)
    limit: int,
    unit: int,
    riichi: int,
    total: int,
    split: bool,
    lost: bool,
    stick: int,
    ret: int,
    per_pt: int,
    oka_q: int,
    uma: Any,  # int64 (seats + 1, seats): the uma by place for each count afloat
    known: Any,  # bool (seats + 1,): which counts afloat have a list
    mode: int,
    out_points: Any,  # int64 (seats, games): the final points, written here
    places: Any,  # int8 (games, seats)
    scores: Any,  # int64 (games, seats), in quanta
) -> tuple[int, int]:
    """Every game of ``points`` checked and settled as :func:`seisan.bulk.settle_arrays`
    checks and settles it, in one pass, into the arrays given (NumPy's: it asks the
    system for large pages, where Numba's own allocations fault in every 4 KB page, a
    third of the time on this machine): final points, places and scores; returns where
    and why it stopped (the row and :data:`REFUSED` or :data:`NO_UMA`; −1 and
    :data:`FINE` when every game settled)."""
    rows, n = points.shape
    v = np.empty(n, dtype=np.int64)
    above = np.empty(n, dtype=np.int64)
    same = np.empty(n, dtype=np.int64)
    before = np.empty(n, dtype=np.int64)
    rank = np.empty(n, dtype=np.int64)
    natural = np.empty(n, dtype=np.int64)
    rounded = np.empty(n, dtype=np.int64)
    prefix = np.empty(n + 1, dtype=np.int64)
    for r in range(rows):
        count = int(sticks[r])
        held = count * riichi
        for s in range(n):
            v[s] = points[r, s]
            held += v[s]
            if v[s] > limit or v[s] < -limit or _by(v[s], unit) * unit != v[s]:
                return r, REFUSED
            above[s] = 0
            same[s] = 1
            before[s] = 0
        if count < 0 or held != total:
            return r, REFUSED
        for s in range(n):
            for t in range(s + 1, n):
                if v[s] > v[t]:
                    above[t] += 1
                elif v[s] == v[t]:
                    same[s] += 1
                    same[t] += 1
                    before[t] += 1
                else:
                    above[s] += 1
        firsts = 0
        for s in range(n):
            rank[s] = above[s] if split else above[s] + before[s]
            if rank[s] == 0:
                firsts += 1
        on_table = count * stick
        if not lost:
            for s in range(n):  # a sole first place takes the sticks into its points
                if rank[s] == 0 and (not split or same[s] == 1):
                    v[s] += on_table
                    on_table = 0
        afloat = 0
        for s in range(n):
            if v[s] >= ret:
                afloat += 1
        row = afloat if uma.shape[0] > 1 else 0
        if not known[row]:
            return r, NO_UMA
        prefix[0] = 0
        for k in range(n):
            prefix[k + 1] = prefix[k] + uma[row, k]
        balance = 0 if lost else _by(on_table, unit)
        for s in range(n):
            exact = _by(v[s] - ret, unit)
            oka = oka_q if rank[s] == 0 else 0
            if split:
                size = same[s]
                bonus = oka + prefix[above[s] + size] - prefix[above[s]]
                bonus = bonus // size + (1 if before[s] < bonus % size else 0)
            else:
                bonus = uma[row, rank[s]] + oka
            natural[s] = exact + bonus
            rounded[s] = 0 if mode == _NONE else _whole(v[s] - ret, ret, mode) * per_pt - exact
            balance += natural[s] if rank[s] == 0 else -rounded[s]
        for s in range(n):
            out_points[s, r] = v[s]
            places[r, s] = rank[s] + 1
            if rank[s] != 0:
                scores[r, s] = natural[s] + rounded[s]
            elif split:
                scores[r, s] = balance // firsts + (1 if before[s] < balance % firsts else 0)
            else:
                scores[r, s] = balance
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
