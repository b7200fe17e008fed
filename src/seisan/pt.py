"""Exact pt values (1 pt = 1000 points): parsing, splitting and writing them.

Scores, uma and bets are :class:`~fractions.Fraction` values, never floats.
Every number that leaves seisan goes through :func:`pt_value` (an int or an
exact Decimal) or :func:`pt_text`.
"""

from __future__ import annotations

from decimal import Decimal, InvalidOperation
from fractions import Fraction

from seisan.errors import RulesError

_MAX_PT = 1000  # a larger value is almost surely points given as pt


def to_pt(value: object, field: str, *, limit: bool = True) -> Fraction:
    """``value`` (int, Decimal, Fraction or numeric text) as an exact multiple of 0.1 pt.

    ``limit`` refuses 1000 pt or more, which is points given by mistake.
    """
    if isinstance(value, bool):
        raise RulesError(field, value, "must be a number of pt")
    if isinstance(value, float):
        # floats reach us only from callers that skipped the exact TOML parser
        value = Decimal(repr(value))
    if isinstance(value, str):
        try:
            value = Decimal(value.strip())
        except InvalidOperation:
            raise RulesError(field, value, "must be a number of pt") from None
    if not isinstance(value, int | Decimal | Fraction):
        raise RulesError(field, value, "must be a number of pt")
    if isinstance(value, Decimal) and not value.is_finite():
        raise RulesError(field, str(value), "must be a finite number of pt")
    pt = Fraction(value)
    if (pt * 10).denominator != 1:
        raise RulesError(field, str(value), "must be a multiple of 0.1 pt (100 points)")
    if limit and abs(pt) >= _MAX_PT:
        raise RulesError(field, str(value), "is in pt (1 pt = 1000 points): did you give points?")
    return pt


def pt_value(value: Fraction) -> int | Decimal:
    """An exact value for serialising: an int, or a Decimal with its decimals.

    Raises ValueError for a value with no finite decimal form (never a pt value).
    """
    if value.denominator == 1:
        return value.numerator
    # scale to a power of ten exactly (no Decimal context precision involved)
    for digits in range(1, 64):
        scaled = value * 10**digits
        if scaled.denominator == 1:
            return Decimal(f"{scaled.numerator}E-{digits}")  # exact: no context rounding
    raise ValueError(f"{value} has no exact decimal form")


def pt_text(value: Fraction) -> str:
    """``value`` as the shortest exact decimal text (``-10``, ``12.5``)."""
    return str(pt_value(value))


def split_tenths(total: Fraction, shares: int) -> list[Fraction]:
    """``total`` (a multiple of 0.1) in ``shares`` parts, each rounded down to 0.1,
    the leftover tenths one each to the first parts (seat order)."""
    tenths = total * 10
    if tenths.denominator != 1:
        raise ValueError(f"{total} is not a multiple of 0.1 pt")
    base, extra = divmod(tenths.numerator, shares)
    return [Fraction(base + (1 if i < extra else 0), 10) for i in range(shares)]
