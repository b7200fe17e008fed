"""Exact pt values (1 pt = 1000 points): parsing, splitting and writing them.

Scores, uma and bets are :class:`~fractions.Fraction` values, never floats.
Inside the settlement they are whole numbers of a *quantum* (the points unit
over 1000: 0.1 pt for 100-point sticks, 0.001 pt under the exact system) and
become Fractions only at the edge (:func:`from_quanta`). Every number that
leaves seisan goes through :func:`pt_value` (an int or an exact Decimal) or
:func:`pt_text`.
"""

from __future__ import annotations

from decimal import Decimal, InvalidOperation
from fractions import Fraction
from functools import lru_cache
from math import gcd

from seisan.errors import RulesError
from seisan.i18n import _, decimal_text, too_long

_MAX_PT = 1000  # a larger value is almost surely points given as pt


def to_pt(value: object, field: str, *, limit: bool = True) -> Fraction:
    """``value`` (int, Decimal, Fraction or numeric text) as an exact multiple of 0.1 pt.

    ``limit`` refuses 1000 pt or more, which is points given by mistake.
    """
    if isinstance(value, bool):
        raise RulesError(field, value, _("must be a number of pt"))
    if isinstance(value, float):
        # floats reach us only from callers that skipped the exact TOML parser
        value = Decimal(repr(value))
    if isinstance(value, str):
        try:
            value = Decimal(value.strip())
        except InvalidOperation:
            raise RulesError(field, value, _("must be a number of pt")) from None
    if not isinstance(value, int | Decimal | Fraction):
        raise RulesError(field, value, _("must be a number of pt"))
    if isinstance(value, Decimal) and not value.is_finite():
        raise RulesError(field, value, _("must be a finite number of pt"))
    if isinstance(value, Decimal) and too_long(value):  # never made a Fraction: minutes
        if value.adjusted() > 0:
            raise RulesError(field, value, _("is in pt (1 pt = 1000 points): did you give "
                                             "points?"))  # fmt: skip
        raise RulesError(field, value, _("must be a multiple of 0.1 pt (100 points)"))
    pt = Fraction(value)
    if (pt * 10).denominator != 1:
        raise RulesError(field, value, _("must be a multiple of 0.1 pt (100 points)"))
    if limit and abs(pt) >= _MAX_PT:
        raise RulesError(field, value, _("is in pt (1 pt = 1000 points): did you give points?"))
    return pt


def pt_value(value: Fraction) -> int | Decimal:
    """An exact value for serialising: an int, or a Decimal with its decimals.

    Raises ValueError for a value with no finite decimal form (never a pt value).
    """
    if value.denominator == 1:
        return value.numerator
    return _decimal(value.numerator, value.denominator)


@lru_cache(maxsize=1 << 16)
def quanta_value(quanta: int, per_pt: int) -> int | Decimal:
    """:func:`pt_value` of ``quanta`` whole quanta of ``1/per_pt`` pt."""
    whole, rest = divmod(quanta, per_pt)
    return whole if not rest else _decimal(quanta, per_pt)


#: the most decimals a value is written with (a value with more has no decimal form here)
MAX_DECIMALS = 39


def decimal_form(value: Fraction) -> bool:
    """Whether ``value`` has a finite decimal form at all (1/8 has, 1/3 has not), however
    many decimals it takes: its denominator a product of 2s and 5s."""
    rest = value.denominator
    for prime in (2, 5):
        while rest % prime == 0:
            rest //= prime
    return rest == 1


@lru_cache(maxsize=1 << 16)
def _decimal(numerator: int, denominator: int) -> Decimal:
    common = gcd(numerator, denominator)  # 1500/1000 is 1.5, not 1.500
    numerator, denominator = numerator // common, denominator // common
    for digits in range(1, MAX_DECIMALS + 1):  # the fewest decimals that hold it exactly
        scale, rest = divmod(10**digits, denominator)
        if not rest:  # from text: exact, no context rounding
            return Decimal(f"{numerator * scale}E-{digits}")
    raise ValueError(f"{numerator}/{denominator} has no exact decimal form")


def quanta_text(quanta: int, per_pt: int) -> str:
    """:func:`quanta_value` as JSON text (what :func:`seisan.output.dumps_json` writes),
    made from the integers for a step of 1/10, 1/1000 pt (no Decimal made: a
    10,000-game session's running totals, most of them new values, spent a sixth of
    writing its JSON there, issue 20)."""
    whole, rest = divmod(quanta, per_pt)
    if not rest:
        return str(whole)
    digits = _decimals(per_pt)
    if digits is None:
        return str(_decimal(quanta, per_pt))
    head, tail = divmod(abs(quanta) * (10**digits // per_pt), 10**digits)
    return f"{'-' if quanta < 0 else ''}{head}.{tail:0{digits}d}".rstrip("0")


@lru_cache(maxsize=64)
def _decimals(per_pt: int) -> int | None:
    """How many decimals write every multiple of 1/``per_pt`` exactly, if at most six
    (past them Decimal writes a small value with an exponent: 1E-7), else None."""
    for digits in range(1, 7):
        if not 10**digits % per_pt:
            return digits
    return None


#: kept: a game's rows ask for the same few values again and again
quanta_json = lru_cache(maxsize=1 << 16)(quanta_text)


def pt_json(value: Fraction) -> str:
    """:func:`pt_value` as JSON text (what :func:`seisan.output.dumps_json` writes)."""
    return str(pt_value(value))


@lru_cache(maxsize=1 << 12)
def json_string(text: str) -> str:
    """``text`` as a JSON string, non-ASCII kept readable (as ``dumps_json`` writes it)."""
    if text.isascii() and text.isalnum():  # (most names and labels: nothing to escape)
        return f'"{text}"'
    import json  # noqa: PLC0415 - the rest only: the core's import stays without json

    return json.dumps(text, ensure_ascii=False)


class JSONText:
    """A value already written as compact JSON text: a long session's game rows
    (:meth:`seisan.ledger.GameResult.json_row`) and running totals, made directly and
    written as they are by :func:`seisan.output.write_json`. Not a ``str``: anything
    else that meets one refuses it rather than writing it as a quoted string."""

    __slots__ = ("text",)

    def __init__(self, text: str) -> None:
        self.text = text

    def __repr__(self) -> str:
        return f"JSONText({self.text!r})"


def pt_text(value: Fraction) -> str:
    """``value`` as the shortest exact decimal text (``-10``, ``12.5``)."""
    return decimal_text(value)


@lru_cache(maxsize=1 << 16)
def from_quanta(quanta: int, per_pt: int) -> Fraction:
    """``quanta`` whole quanta of ``1/per_pt`` pt as a Fraction (cached: settling
    millions of games builds the same few hundred values)."""
    return Fraction(quanta, per_pt)


def split_even(total: int, shares: int) -> list[int]:
    """``total`` whole units in ``shares`` parts: each the share rounded down, the
    leftover units one each to the first parts (seat order)."""
    base, extra = divmod(total, shares)
    return [base + 1 if i < extra else base for i in range(shares)]
