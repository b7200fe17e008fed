"""The eight ways to treat the fraction of 1000 points (端数処理).

From the local-rules wiki page スコア清算 (seed 001): the points part of every
player but first, (final − return) ÷ 1000, is rounded one of these ways. Its
tables are authoritative: the one titled 「プラスなら四捨五入、マイナスなら五捨六入」
rounds halves toward zero (30500 → 0, 28500 → −1), so that is what
``half-toward-zero`` does.
"""

from __future__ import annotations

from collections.abc import Callable
from enum import StrEnum
from fractions import Fraction

from seisan.errors import UnknownNameError
from seisan.i18n import Lang, _, term, term_forms


class Rounding(StrEnum):
    """How the points part is rounded to a whole pt (or kept, for ``none``)."""

    HALF_UP = "half-up"  #: 四捨五入: halves toward +∞ (−1.5 → −1)
    HALF_DOWN = "half-down"  #: 五捨六入: halves toward −∞ (+0.5 → 0, −1.5 → −2)
    CEIL = "ceil"  #: 切り上げ
    FLOOR = "floor"  #: 切り捨て
    TOWARD_ZERO = "toward-zero"  #: プラスなら切り捨て、マイナスなら切り上げ
    HALF_TOWARD_ZERO = "half-toward-zero"  #: プラスなら四捨五入、マイナスなら五捨六入 (as tabled)
    HALF_EVEN = "half-even"  #: 最近接偶数 (JIS丸め)
    NONE = "none"  #: 端数放置: keep the first decimal
    #: 天鳳 (to 2020): the final points are rounded to 1000 (1000点未満を四捨五入),
    #: halves away from zero (-4500 points → -5000), and the score follows: halves
    #: up for final points at or above zero, down below it
    POINTS = "points-half-away"

    def label(self, lang: Lang | str | None = None) -> str:
        """The mode's name in ``lang``."""
        return term(f"rounding.{self.value}", lang)

    def apply(self, value: Fraction) -> Fraction:
        """Round ``value`` (in pt) the way this mode says; exact, never a float."""
        if self is Rounding.NONE:
            return value
        return Fraction(self.divide(value.numerator, value.denominator))

    def divide(self, n: int, d: int) -> int:
        """``n / d`` (``d`` > 0) rounded to a whole number this way, in integers only
        (``none`` has no whole form: it rounds half up, and callers keep the exact value)."""
        if self is Rounding.FLOOR:
            return n // d
        if self is Rounding.CEIL:
            return -(-n // d)
        if self is Rounding.TOWARD_ZERO:
            return n // d if n >= 0 else -(-n // d)
        if self is Rounding.HALF_DOWN:
            return -((d - 2 * n) // (2 * d))  # ceil(n/d - 1/2)
        if self is Rounding.HALF_TOWARD_ZERO:
            magnitude = -((d - 2 * abs(n)) // (2 * d))  # ceil(|n/d| - 1/2)
            return magnitude if n >= 0 else -magnitude
        if self is Rounding.HALF_EVEN:
            whole, rest = divmod(n, d)
            return whole + 1 if 2 * rest > d or (2 * rest == d and whole % 2) else whole
        if self is Rounding.POINTS:  # a score without its points: halves away from zero
            magnitude = (2 * abs(n) + d) // (2 * d)
            return magnitude if n >= 0 else -magnitude
        return (2 * n + d) // (2 * d)  # HALF_UP (and NONE): floor(n/d + 1/2)

    def whole_pt(self, per_pt: int, return_points: int = 0) -> Callable[[int], int] | None:
        """A function from points (final − return) to this mode's whole pt, in quanta
        (``per_pt`` a pt); None for ``none``, which keeps the exact value."""
        if self is Rounding.NONE:
            return None
        if self is Rounding.POINTS:  # halves up for final points >= 0, down below zero

            def whole(points: int) -> int:
                if points + return_points >= 0:
                    return (points + 500) // 1000 * per_pt
                return -((500 - points) // 1000) * per_pt

            return whole
        if self is Rounding.HALF_UP:
            return lambda points: (points + 500) // 1000 * per_pt
        if self is Rounding.FLOOR:
            return lambda points: points // 1000 * per_pt
        divide = self.divide
        return lambda points: divide(points, 1000) * per_pt


_ALIASES: dict[str, Rounding] = {
    "round": Rounding.HALF_UP,
    "四捨五入": Rounding.HALF_UP,
    "五捨六入": Rounding.HALF_DOWN,
    "切り上げ": Rounding.CEIL,
    "切上げ": Rounding.CEIL,
    "切り捨て": Rounding.FLOOR,
    "切捨て": Rounding.FLOOR,
    "jis": Rounding.HALF_EVEN,
    "tenhou": Rounding.POINTS,
    "jis丸め": Rounding.HALF_EVEN,
    "bankers": Rounding.HALF_EVEN,
    "端数を放置": Rounding.NONE,
    "exact": Rounding.NONE,
}


_BY_ID = {mode.value: mode for mode in Rounding}


def find_rounding(name: str) -> Rounding:
    """The rounding mode called ``name``: its id, or its name in any language."""
    key = name.strip().lower()
    if key in _BY_ID:  # before every language's catalogue is read for the names
        return _BY_ID[key]
    for mode in Rounding:
        forms = term_forms(f"rounding.{mode.value}")
        if key in {form.lower() for form in forms}:  # (an id was found above)
            return mode
    if key in _ALIASES:
        return _ALIASES[key]
    raise UnknownNameError(_("rounding mode"), name, [mode.value for mode in Rounding])
