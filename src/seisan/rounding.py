"""The eight ways to treat the fraction of 1000 points (端数処理).

From the local-rules wiki page スコア清算 (seed 001): the points part of every
player but first, (final − return) ÷ 1000, is rounded one of these ways. Its
tables are authoritative: the one titled 「プラスなら四捨五入、マイナスなら五捨六入」
rounds halves toward zero (30500 → 0, 28500 → −1), so that is what
``half-toward-zero`` does.
"""

from __future__ import annotations

import math
from enum import StrEnum
from fractions import Fraction

from seisan.errors import UnknownNameError
from seisan.i18n import TERMS, Lang, term


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

    def label(self, lang: Lang | str = Lang.EN) -> str:
        """The mode's name in ``lang``."""
        return term(f"rounding.{self.value}", lang)

    def apply(self, value: Fraction) -> Fraction:
        """Round ``value`` (in pt) the way this mode says; exact, never a float."""
        if self is Rounding.NONE:
            return value
        if self is Rounding.HALF_UP:
            whole = math.floor(value + Fraction(1, 2))
        elif self is Rounding.HALF_DOWN:
            whole = math.ceil(value - Fraction(1, 2))
        elif self is Rounding.CEIL:
            whole = math.ceil(value)
        elif self is Rounding.FLOOR:
            whole = math.floor(value)
        elif self is Rounding.TOWARD_ZERO:
            whole = math.trunc(value)
        elif self is Rounding.HALF_TOWARD_ZERO:
            magnitude = math.ceil(abs(value) - Fraction(1, 2))
            whole = magnitude if value >= 0 else -magnitude
        else:  # HALF_EVEN: Fraction's own round() rounds halves to even
            whole = round(value)
        return Fraction(whole)


_ALIASES: dict[str, Rounding] = {
    "round": Rounding.HALF_UP,
    "四捨五入": Rounding.HALF_UP,
    "五捨六入": Rounding.HALF_DOWN,
    "切り上げ": Rounding.CEIL,
    "切上げ": Rounding.CEIL,
    "切り捨て": Rounding.FLOOR,
    "切捨て": Rounding.FLOOR,
    "jis": Rounding.HALF_EVEN,
    "jis丸め": Rounding.HALF_EVEN,
    "bankers": Rounding.HALF_EVEN,
    "端数を放置": Rounding.NONE,
    "exact": Rounding.NONE,
}


def find_rounding(name: str) -> Rounding:
    """The rounding mode called ``name``: its id, or its name in any language."""
    key = name.strip().lower()
    for mode in Rounding:
        forms = TERMS[f"rounding.{mode.value}"]
        if key == mode.value or key in {form.lower() for form in forms}:
            return mode
    if key in _ALIASES:
        return _ALIASES[key]
    raise UnknownNameError("rounding mode", name, [mode.value for mode in Rounding])
