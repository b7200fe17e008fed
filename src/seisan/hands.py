"""What one winning hand pays, under four point systems.

- ``standard``: fu rounded up to 10 (25 for seven pairs), base = fu × 2^(han+2),
  each payment rounded up to 100, mangan and the limits above it.
- ``30fu``: the 30符ベース式 table of seed 003, read from ``data/points/30fu.toml``.
- ``gorin``: the 五輪ルール table of seed 003, from ``data/points/gorin.toml``.
- ``exact``: 精算法, fu × 2^(han+2) × 4 or × 6 with nothing rounded (003).

``han`` is always the han of yaku and dora the user counts; the 30-fu table's
two 場ゾロ han are added by seisan, not by the user.
"""

from __future__ import annotations

import tomllib
from dataclasses import dataclass
from functools import cache
from importlib import resources
from typing import Any

from seisan.errors import SeisanError
from seisan.rules import Kazoe, PointSystem, SanmaTsumo, Scoring


class HandError(SeisanError):
    """A hand that cannot be scored: names the hand and what is wrong."""


@dataclass(frozen=True)
class HandValue:
    """What each payer pays for one win, before honba and deposits.

    For a non-dealer's win: ``ron`` from the discarder, or on a tsumo
    ``tsumo_non_dealer`` from each non-dealer and ``tsumo_dealer`` from the
    dealer. For the dealer's win: ``ron``, or ``tsumo_non_dealer`` from each other
    player (``tsumo_dealer`` is None). None where that way of winning cannot occur.
    """

    dealer: bool
    ron: int | None
    tsumo_non_dealer: int | None
    tsumo_dealer: int | None
    limit: str = ""  #: mangan, haneman, ... or "" below the limits

    def to_dict(self) -> dict[str, Any]:
        """``{"ron": 3900, "tsumo": {"dealer": 2000, "non_dealer": 1000}}``, the dealer's
        own win without the ``dealer`` key; ``null`` where that win cannot occur."""
        if self.tsumo_non_dealer is None:
            tsumo: dict[str, int] | None = None
        elif self.dealer:
            tsumo = {"non_dealer": self.tsumo_non_dealer}
        else:
            assert self.tsumo_dealer is not None
            tsumo = {"dealer": self.tsumo_dealer, "non_dealer": self.tsumo_non_dealer}
        return {"ron": self.ron, "tsumo": tsumo}

    def with_honba(self, honba: int, per_honba: int = 300) -> HandValue:
        """The payments with ``honba`` counters: ``per_honba`` more on a ron, a third
        of it more from each payer on a tsumo."""
        ron_extra, tsumo_extra = honba * per_honba, honba * per_honba // 3
        return HandValue(
            self.dealer,
            None if self.ron is None else self.ron + ron_extra,
            None if self.tsumo_non_dealer is None else self.tsumo_non_dealer + tsumo_extra,
            None if self.tsumo_dealer is None else self.tsumo_dealer + tsumo_extra,
            self.limit,
        )


def _up100(points: int) -> int:
    return -(-points // 100) * 100


def half_up100(points: int) -> int:
    """Half of ``points``, rounded up to 100 (a share split between two payers)."""
    return -(-points // 200) * 100


def _limit_base(han: int, kazoe: Kazoe) -> tuple[int, str]:
    if han >= 13:
        return (8000, "yakuman") if kazoe is Kazoe.YAKUMAN else (6000, "sanbaiman")
    if han >= 11:
        return 6000, "sanbaiman"
    if han >= 8:
        return 4000, "baiman"
    if han >= 6:
        return 3000, "haneman"
    return 2000, "mangan"


def _check(han: int, fu: int | None, yakuman: int, ankan: int, where: str) -> None:
    for name, value in (("han", han), ("yakuman", yakuman), ("ankan", ankan)):
        if isinstance(value, bool) or not isinstance(value, int) or value < 0:
            raise HandError(f"{where}{name} {value!r} must be a whole number, 0 or more")
    if fu is not None and (isinstance(fu, bool) or not isinstance(fu, int)):
        raise HandError(f"{where}fu {fu!r} must be a whole number")
    if yakuman and han:
        raise HandError(f"{where}give han or yakuman, not both")
    if yakuman > 6:
        raise HandError(f"{where}{yakuman} yakuman cannot occur (6 at the most)")
    if ankan > 4:
        raise HandError(f"{where}{ankan} concealed kans cannot occur (4 at the most)")
    if not yakuman and han < 1:
        raise HandError(f"{where}a win needs at least one han of yaku")
    if fu is not None and not (fu == 25 or (20 <= fu <= 110 and fu % 2 == 0)):
        raise HandError(
            f"{where}{fu} fu cannot occur (fu are even, 20 to 110, or 25 for seven pairs)"
        )


def hand_value(
    han: int,
    fu: int | None,
    dealer: bool,
    scoring: Scoring | None = None,
    *,
    yakuman: int = 0,
    ankan: int = 0,
    where: str = "",
) -> HandValue:
    """The payments for a win of ``han`` (yaku and dora) and ``fu`` under ``scoring``.

    ``yakuman`` counts yakuman (2 for a double); ``ankan`` counts concealed kans,
    which add a han each under the 30-fu system (003). ``where`` prefixes errors
    (``"hand 5: "``).

    >>> hand_value(3, 30, dealer=False).to_dict()
    {'ron': 3900, 'tsumo': {'dealer': 2000, 'non_dealer': 1000}}
    """
    scoring = scoring or Scoring()
    _check(han, fu, yakuman, ankan, where)
    if ankan and scoring.system is not PointSystem.THIRTY_FU:
        raise HandError(f"{where}only the 30fu system adds a han for an 暗槓")
    if scoring.system is PointSystem.THIRTY_FU:
        return _table_value(han + ankan, fu, dealer, scoring, yakuman, where)
    if scoring.system is PointSystem.GORIN:
        return _gorin_value(han, fu, dealer, yakuman, where)
    return _fu_value(han, fu, dealer, scoring, yakuman, where)


def _payments(base: int, dealer: bool, exact: bool) -> tuple[int, int, int | None]:
    up = (lambda x: x) if exact else _up100
    if dealer:
        return up(base * 6), up(base * 2), None
    return up(base * 4), up(base), up(base * 2)


def _fu_value(
    han: int, fu: int | None, dealer: bool, scoring: Scoring, yakuman: int, where: str
) -> HandValue:
    exact = scoring.system is PointSystem.EXACT
    if yakuman:
        base, limit = 8000 * yakuman, "yakuman" if yakuman == 1 else f"{yakuman}x yakuman"
        ron, each, from_dealer = _payments(base, dealer, exact)
        return HandValue(dealer, ron, each, from_dealer, limit)
    if han >= 5:
        base, limit = _limit_base(han, scoring.kazoe)
        ron, each, from_dealer = _payments(base, dealer, exact)
        return HandValue(dealer, ron, each, from_dealer, limit)
    if fu is None:
        raise HandError(f"{where}a hand of {han} han needs its fu")
    if not exact and fu != 25:
        fu = -(-fu // 10) * 10
    if (fu == 20 and han == 1) or (fu == 25 and han == 1):
        raise HandError(f"{where}{han} han {fu} fu cannot occur")
    base = fu * 2 ** (han + 2)
    limit = ""
    if base > 2000 or (scoring.kiriage and not exact and base == 1920):
        base, limit = 2000, "mangan"
    ron, each, from_dealer = _payments(base, dealer, exact)
    # ways of winning the standard table marks as impossible (---)
    no_ron = fu == 20  # 20 fu is pinfu tsumo only
    no_tsumo = (fu == 25 and han == 2) or (fu == 110 and han == 1)
    return HandValue(
        dealer,
        None if no_ron else ron,
        None if no_tsumo else each,
        None if no_tsumo else from_dealer,
        limit,
    )


@cache
def _table(name: str) -> dict[str, Any]:
    text = resources.files("seisan").joinpath(f"data/points/{name}.toml").read_text("utf-8")
    return tomllib.loads(text)


def _row(name: str, han: int, yakuman: int, where: str) -> dict[str, Any]:
    rows = _table(name)["rows"]
    if yakuman:
        return next(r for r in rows if r.get("yakuman"))
    for row in rows:
        low, high = row["han"]
        if low <= han <= high:
            return dict(row)
    raise HandError(f"{where}{han} han is not in the {name} table")


def _no_fu(fu: int | None, system: str, where: str) -> None:
    if fu is not None:
        raise HandError(f"{where}the {system} system has no fu: leave the fu out")


def _table_value(
    han: int, fu: int | None, dealer: bool, scoring: Scoring, yakuman: int, where: str
) -> HandValue:
    _no_fu(fu, "30fu", where)
    row = _row("30fu", han, yakuman, where)
    if scoring.thirty_fu_variant and not yakuman:
        for variant in _table("30fu")["variant"].values():
            if variant["han"] == han:
                row |= {k: v for k, v in variant.items() if k != "han"}
    times = max(yakuman, 1)
    limit = row.get("limit", "")
    if dealer:
        return HandValue(True, row["dealer_ron"] * times, row["dealer_tsumo"] * times, None, limit)
    each, from_dealer = row["non_dealer_tsumo"]
    return HandValue(False, row["non_dealer_ron"] * times, each * times, from_dealer * times, limit)


def _gorin_value(han: int, fu: int | None, dealer: bool, yakuman: int, where: str) -> HandValue:
    _no_fu(fu, "gorin", where)
    row = _row("gorin", han, yakuman, where)
    ron, each, from_dealer = _payments(row["base"] * max(yakuman, 1), dealer, exact=True)
    return HandValue(dealer, ron, each, from_dealer, row.get("limit", ""))


def three_player_tsumo(value: HandValue, scoring: Scoring) -> HandValue:
    """A tsumo's payments at a three-player table: the north who is not there pays
    nothing (ツモ損), or the two payers split that share, each half rounded up to 100."""
    if value.tsumo_non_dealer is None or scoring.sanma_tsumo is SanmaTsumo.LOSS:
        return value
    half = half_up100(value.tsumo_non_dealer)
    return HandValue(
        value.dealer,
        value.ron,
        value.tsumo_non_dealer + half,
        None if value.tsumo_dealer is None else value.tsumo_dealer + half,
        value.limit,
    )
