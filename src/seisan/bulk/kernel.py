"""The bulk engine's fused kernel (Numba): one pass over the games, each settled in
registers from its row of points (four games at once where LLVM can: the common game
with no tie, see :func:`settle_rows`), instead of NumPy's dozens of passes over whole
columns. Identical to :func:`seisan.bulk.settle_arrays`'s NumPy path game by game
(the tests compare both with the core on every preset, rounding, tie and deposit
rule); that path stays the reference and is used where Numba is not installed.

Imported only when Numba is (``pip install 'seisan[bulk]'`` brings it); compiled on
first use and cached on disk (in the package's ``__pycache__``, or Numba's own cache
folder when that is not writable).
"""

from __future__ import annotations

import threading
from typing import Any

import numpy as np
from numba import njit, types
from numba.extending import intrinsic

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
def _exact_rows(  # pragma: no cover (compiled)
    points: Any,
    sticks: Any,
    begin: int,
    end: int,
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
    prefix: Any,  # int64 (seats + 1, seats + 1): the uma summed by place
    known: Any,
    mode: int,
    places: Any,
    scores: Any,
) -> tuple[int, int]:
    """Rows ``begin`` to ``end`` settled one by one in 64-bit integers, stopping at the
    first the checks refuse: every row :func:`settle_rows`'s loop of four games at a
    time leaves (a tie, a bad row, numbers beyond its span), and every row where that
    loop cannot run.

    Three or four seats, each in its own variables: the comparisons, places and parts
    of a game written out seat by seat, with no loop over the seats and no small
    arrays (a loop over a count known only at run time, and its arrays, took three
    times as long)."""
    n = points.shape[1]
    four = n == 4
    floating = uma.shape[0] > 1
    for r in range(begin, end):
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


#: rows the vectorised loop settles at a time; then the rows it left are settled one by
#: one (a tie, a bad row, numbers beyond its span), in order
BLOCK = 4096

#: the points, and the points of the sticks on the table, a row the vectorised loop
#: settles holds (a row beyond, valid or not, is left to the 64-bit loop): with the
#: return within it too, every number it divides, points − return and a rounding's
#: bias on top, is below 2**30 + 1000, well within the 32 bits it divides in
SPAN = 1 << 28


def _in_32_bits(name: str, what: str) -> Any:
    """An intrinsic of LLVM's ``name`` on the low 32 bits of two integers (all there is
    of them: see :data:`SPAN`), widened back to 64: LLVM vectorises a 32-bit division
    by a constant (a multiply), not a 64-bit one (no such multiply on AVX2), and
    Numba's own ``//`` branches where LLVM's does not."""

    def typer(typingctx: Any, x: Any, d: Any) -> Any:  # pragma: no cover (compiled)
        def codegen(context: Any, builder: Any, signature: Any, args: Any) -> Any:
            low = [context.cast(builder, value, kind, types.int32)
                   for value, kind in zip(args, signature.args, strict=True)]  # fmt: skip
            return context.cast(builder, getattr(builder, name)(*low), types.int32, types.int64)

        return types.int64(x, d), codegen

    typer.__name__ = typer.__qualname__ = f"_{name}32"
    typer.__doc__ = what
    return intrinsic(typer)


_div32 = _in_32_bits("sdiv", "``x / d`` truncated toward zero")
_rem32 = _in_32_bits("srem", "what ``x / d`` truncated leaves (with the sign of ``x``)")


@njit(cache=True, nogil=True, inline="always")
def _floor32(x: Any, d: int) -> Any:  # pragma: no cover (compiled)
    """``x // d`` (floor) for a constant ``d`` > 0 and ``x`` within 32 bits."""
    return x if d == 1 else _div32(x, d) - (_rem32(x, d) < 0)


@njit(cache=True, nogil=True, inline="always")
def _pick(i: Any, p0: Any, p1: Any, p2: Any, p3: Any, p4: Any) -> Any:  # pragma: no cover
    """``(p0, …, p4)[i]`` for ``i`` of 0 to 4, as a sum with one term not zero: a load at
    an index read from the points keeps LLVM from running the loop four games at a time
    (it cannot bound the reads), and so did a chain of ``if`` (its cost model)."""
    return p0 * (i == 0) + p1 * (i == 1) + p2 * (i == 2) + p3 * (i == 3) + p4 * (i == 4)


@njit(cache=True, nogil=True, inline="always")
def _off(x: Any, span: int, unit: int) -> Any:  # pragma: no cover (compiled)
    """Points the vectorised loop leaves: beyond its span, or off the unit (a constant)."""
    beyond = (x < -span) | (x > span)
    return beyond if unit == 1 else beyond | (_rem32(x, unit) != 0)


#: how the vectorised loop rounds (points − return) to whole pt, as
#: ``(points − return + bias) // 1000``: not at all; one bias; a bias by the sign of
#: points − return; by the sign of the points themselves; half-even (back to the even
#: whole on a half)
_PLAIN, _BIASED, _BY_SIGN, _BY_POINTS, _TO_EVEN = range(5)

#: each rounding rule's way and its biases, at or above zero and below
_ROUNDS = {_NONE: (_PLAIN, 0, 0), _FLOOR: (_BIASED, 0, 0), _CEIL: (_BIASED, 999, 999),
           _HALF_UP: (_BIASED, 500, 500), _HALF_DOWN: (_BIASED, 499, 499),
           _TOWARD_ZERO: (_BY_SIGN, 0, 999), _HALF_TOWARD_ZERO: (_BY_SIGN, 499, 500),
           _POINTS: (_BY_POINTS, 500, 499), _HALF_EVEN: (_TO_EVEN, 500, 500)}  # fmt: skip


@njit(cache=True, nogil=True, inline="always")
def _seat(  # pragma: no cover (compiled)
    v: Any, ret: int, unit: int, way: int, up: int, down: int
) -> tuple[Any, Any]:
    """:func:`_parts` of a seat alone in its place but for the uma, with no branch on
    the points: its exact points in quanta, and what rounding adds (the unit and the
    rounding's way constants, its biases not)."""
    n = v - ret
    exact = _floor32(n, unit)
    if way == _PLAIN:
        return exact, 0
    sign = v if way == _BY_POINTS else n  # (one bias: both the same)
    x = n + (up if way == _BIASED or sign >= 0 else down)
    whole = _floor32(x, 1000)
    if way == _TO_EVEN:  # on a half (x a whole thousand), back to an even whole
        whole -= (x - whole * 1000 == 0) & (whole & 1 == 1)
    return exact, whole * (1000 // unit) - exact


_LOOPS: dict[tuple[int, int, int], Any] = {}
_MAKING = threading.Lock()  # (the threads of one settlement ask for the same loop at once)


def _loop(n: int, unit: int, way: int) -> Any:
    """:func:`settle_rows` for ``n`` seats, the points ``unit`` and the rounding's
    ``way`` (:data:`_ROUNDS`), constants of its own compiled code, made and compiled
    when first asked for and cached on disk as the rest: its loop of four games at a
    time divides by constants and does only its rounding's steps (with the rounding a
    value read at run time, LLVM ran it one game at a time)."""
    with _MAKING:
        if (n, unit, way) not in _LOOPS:
            _LOOPS[n, unit, way] = _make_loop(n, unit, way)
        return _LOOPS[n, unit, way]


def _make_loop(n: int, unit: int, way: int) -> Any:
    """The loop :func:`_loop` gives (the constants in its closure)."""

    @njit(cache=True, nogil=True)
    def settle(  # pragma: no cover (compiled)
        points: Any,
        sticks: Any,
        limit: int,
        riichi: int,
        total: int,
        most_sticks: int,
        split: bool,
        lost: bool,
        stick: int,
        ret: int,
        per_pt: int,  # 1000 // unit (the loop's own rounding works it out)
        oka_q: int,
        uma: Any,
        known: Any,
        places: Any,
        scores: Any,
        given: Any,
        kept: Any,
        mode: int,
        up: int,
        down: int,
    ) -> tuple[int, int]:
        """:func:`settle_rows` (the way of rounding's biases given, and its mode for the
        rows left)."""
        rows = points.shape[0]
        prefix = np.zeros((uma.shape[0], n + 1), dtype=np.int64)  # uma summed by place
        table = np.zeros((5, 4), dtype=np.int64)  # the uma, padded for _pick
        bits = np.int64(0)  # a bit for each count afloat with a list
        for row in range(uma.shape[0]):
            bits |= np.int64(known[row]) << row
            for k in range(n):
                prefix[row, k + 1] = prefix[row, k] + uma[row, k]
                table[row, k] = uma[row, k]
        u0 = (table[0, 0], table[1, 0], table[2, 0], table[3, 0], table[4, 0])
        u1 = (table[0, 1], table[1, 1], table[2, 1], table[3, 1], table[4, 1])
        u2 = (table[0, 2], table[1, 2], table[2, 2], table[3, 2], table[4, 2])
        u3 = (table[0, 3], table[1, 3], table[2, 3], table[3, 3], table[4, 3])
        fl, keep = np.int64(uma.shape[0] > 1), np.int64(not lost)
        span = min(limit, SPAN)
        # a return beyond the span: every row one by one (a count of sticks beyond it
        # leaves its row: their points fit in the span)
        fast = abs(ret) <= SPAN
        few = min(most_sticks, SPAN // max(abs(stick), 1))
        flat, all_places = points.reshape(-1), places.reshape(-1)
        all_scores, all_given = scores.reshape(-1), given.reshape(-1)
        left = np.ones(BLOCK, dtype=np.bool_)  # (all of them where the loop is not run)
        words = left.view(np.uint64)
        for begin in range(0, rows, BLOCK):
            end = min(begin + BLOCK, rows)
            # the block's own arrays, indexed from 0 (so LLVM knows no index is negative)
            p, c = flat[n * begin : n * end], sticks[begin:end]
            pl, sc = all_places[n * begin : n * end], all_scores[n * begin : n * end]
            gv, kp = all_given[n * begin : n * end], kept[begin:end]
            for j in range(p.shape[0]):  # the copy the result keeps, while in the cache
                gv[j] = p[j]  # (an element loop: Numba's gv[:] = p broadcasts, slowly)
            for j in range(kp.shape[0]):
                kp[j] = c[j]
            any_left = not fast
            for r in range(end - begin if fast else 0):
                i = n * r
                count = np.int64(c[r])
                v0, v1, v2 = np.int64(p[i]), np.int64(p[i + 1]), np.int64(p[i + 2])
                v3 = np.int64(p[i + 3]) if n == 4 else np.int64(_MISSING)
                held = count * riichi + v0 + v1 + v2 + (v3 if n == 4 else 0)
                out = (count < 0) | (count > few) | (held != total)
                out |= _off(v0, span, unit) | _off(v1, span, unit) | _off(v2, span, unit)
                if n == 4:
                    out |= _off(v3, span, unit)
                # no two seats on the same points: no tie rule applies, each place is
                # one seat's, and one first place takes the sticks
                out |= (v0 == v1) | (v0 == v2) | (v1 == v2) | (v0 == v3) | (v1 == v3) | (v2 == v3)
                k0 = (v1 > v0) + (v2 > v0) + (v3 > v0)  # the seats above: the place − 1
                k1 = (v0 > v1) + (v2 > v1) + (v3 > v1)
                k2 = (v0 > v2) + (v1 > v2) + (v3 > v2)
                k3 = (v0 > v3) + (v1 > v3) + (v2 > v3)
                f0, f1, f2, f3 = k0 == 0, k1 == 0, k2 == 0, k3 == 0
                on_table = count * stick * keep  # first place takes them, or they are lost
                v0, v1 = v0 + on_table * f0, v1 + on_table * f1
                v2, v3 = v2 + on_table * f2, v3 + on_table * f3
                row = fl * ((v0 >= ret) + (v1 >= ret) + (v2 >= ret) + (v3 >= ret))  # afloat
                out |= (bits >> row) & 1 == 0
                w0 = _pick(row, u0[0], u0[1], u0[2], u0[3], u0[4])
                w1 = _pick(row, u1[0], u1[1], u1[2], u1[3], u1[4])
                w2 = _pick(row, u2[0], u2[1], u2[2], u2[3], u2[4])
                w3 = _pick(row, u3[0], u3[1], u3[2], u3[3], u3[4])
                e0, o0 = _seat(v0, ret, unit, way, up, down)
                e1, o1 = _seat(v1, ret, unit, way, up, down)
                e2, o2 = _seat(v2, ret, unit, way, up, down)
                n0 = e0 + _pick(k0, w0, w1, w2, w3, 0) + oka_q * f0
                n1 = e1 + _pick(k1, w0, w1, w2, w3, 0) + oka_q * f1
                n2 = e2 + _pick(k2, w0, w1, w2, w3, 0) + oka_q * f2
                # first place's balance: its own exact score, the others' rounding back
                balance = (n0 if f0 else -o0) + (n1 if f1 else -o1) + (n2 if f2 else -o2)
                pl[i], pl[i + 1], pl[i + 2] = k0 + 1, k1 + 1, k2 + 1
                if n == 4:
                    e3, o3 = _seat(v3, ret, unit, way, up, down)
                    n3 = e3 + _pick(k3, w0, w1, w2, w3, 0) + oka_q * f3
                    balance += n3 if f3 else -o3
                    pl[i + 3] = k3 + 1
                    sc[i + 3] = balance if f3 else n3 + o3
                sc[i] = balance if f0 else n0 + o0
                sc[i + 1] = balance if f1 else n1 + o1
                sc[i + 2] = balance if f2 else n2 + o2
                left[r] = out
                any_left |= out
            # the rows left, in order: eight flags read at once (most words are all clear)
            for word in range((end - begin + 7) // 8 if any_left else 0):
                if not words[word]:
                    continue
                for r in range(8 * word, min(8 * word + 8, end - begin)):
                    if left[r]:
                        row, why = _exact_rows(points, sticks, begin + r, begin + r + 1, limit,
                                               unit, riichi, total, most_sticks, split, lost,
                                               stick, ret, per_pt, oka_q, uma, prefix,
                                               known, mode, places, scores)  # fmt: skip
                        if why != FINE:
                            return row, why
        return -1, FINE

    return settle


def settle_rows(
    points: Any,  # integers (games, seats) in C order (settle_arrays copies any other)
    sticks: Any,  # integers (games,): one count a game, C order
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
    given: Any,  # (games, seats), the points' type: the copy of them the result keeps
    kept: Any,  # (games,) the sticks' type: their copy (none: empty)
) -> tuple[int, int]:
    """Every game of ``points`` checked and settled as :func:`seisan.bulk.settle_arrays`
    checks and settles it, in one pass, into the arrays given (NumPy's: it asks the
    system for large pages, where Numba's own allocations fault in every 4 KB page, a
    third of the time on this machine): places, scores, and the copies of the points and
    of the sticks the result keeps, each block's written while it is in the cache. The
    final points are not written: they are the given ones and the sticks a sole first
    place takes, which :attr:`~seisan.bulk.BulkResult.points` adds when asked (the
    files never ask).
    Returns where and why it stopped (the row and :data:`REFUSED` or :data:`NO_UMA`; −1
    and :data:`FINE` when every game settled).

    Four games at a time, block by block (:data:`BLOCK` rows), where one at a time,
    branching on the points, had taken 40–80 ns a game: the common game, with no two
    seats on the same points and within :data:`SPAN`, with no branch; every other row
    of the block, in order, by :func:`_exact_rows` (the 64-bit loop, one game at a
    time), which finds the first bad row. The loop is compiled for each seat count,
    points unit and way of rounding used (:func:`_loop`)."""
    way, up, down = _ROUNDS[mode]
    return _loop(points.shape[1], unit, way)(  # type: ignore[no-any-return]
        points, sticks, limit, riichi, total, most_sticks, split, lost, stick, ret, per_pt, oka_q,
        uma, known, places, scores, given, kept, mode, up, down,
    )  # fmt: skip


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
