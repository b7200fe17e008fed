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
from typing import Any

from seisan.errors import SeisanError
from seisan.i18n import PACKAGE, Term, _, term
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
    times: int = 1  #: how many yakuman (a double yakuman is 2)

    def __init__(
        self,
        dealer: bool,
        ron: int | None,
        tsumo_non_dealer: int | None,
        tsumo_dealer: int | None,
        limit: str = "",
        times: int = 1,
    ) -> None:
        # the fields at once (as Settlement does): the generated __init__ of a frozen
        # dataclass sets each through object.__setattr__, a third of a value worked out
        self.__dict__.update(dealer=dealer, ron=ron, tsumo_non_dealer=tsumo_non_dealer,
                             tsumo_dealer=tsumo_dealer, limit=limit, times=times)  # fmt: skip

    def limit_text(self, lang: str | None = None) -> str:
        """The limit's name in ``lang`` (``役満 ×2`` for a double yakuman)."""
        if not self.limit:
            return ""
        name = term(f"limit.{self.limit}", lang)
        return name if self.times == 1 else f"{name} ×{self.times}"

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

    def with_honba(self, honba: int, ron: int = 300, tsumo: int | None = None) -> HandValue:
        """The payments with ``honba`` counters: ``ron`` more a counter on a ron,
        ``tsumo`` (default: a third of ``ron``) more from each payer on a tsumo."""
        each = ron // 3 if tsumo is None else tsumo
        ron_extra, tsumo_extra = honba * ron, honba * each
        return HandValue(
            self.dealer,
            None if self.ron is None else self.ron + ron_extra,
            None if self.tsumo_non_dealer is None else self.tsumo_non_dealer + tsumo_extra,
            None if self.tsumo_dealer is None else self.tsumo_dealer + tsumo_extra,
            self.limit,
            self.times,
        )


#: the largest count a hand takes where nothing else bounds it (a record's han, fu, dora,
#: honba; ``seisan hand --honba``): beyond any hand, far below the points' limit
MAX_COUNT = 9999


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


MAX_HAN = 99
"""More han than any hand can hold, even with every dora (the count is a typo)."""


def _check(han: int, fu: int | None, yakuman: int, ankan: int) -> None:
    for name, value in (("han", han), ("yakuman", yakuman), ("ankan", ankan)):
        if isinstance(value, bool) or not isinstance(value, int) or value < 0:
            raise HandError(
                _(
                    "{field} {value} must be a whole number, 0 or more",
                    field=Term(f"record.{name}"),
                    value=value,
                )
            )
    if fu is not None and (isinstance(fu, bool) or not isinstance(fu, int)):
        raise HandError(_("fu {value} must be a whole number", value=fu))
    if yakuman and han:
        raise HandError(_("give han or yakuman, not both"))
    if han > MAX_HAN:
        raise HandError(_("{han} han cannot occur ({most} at the most)", han=han, most=MAX_HAN))
    if yakuman > 6:
        raise HandError(_("{count} yakuman cannot occur (6 at the most)", count=yakuman))
    if ankan > 4:
        raise HandError(_("{count} concealed kans cannot occur (4 at the most)", count=ankan))
    if not yakuman and han < 1:
        raise HandError(_("a win needs at least one han of yaku"))
    if fu is not None and not (fu == 25 or (20 <= fu <= 110 and fu % 2 == 0)):
        raise HandError(
            _("{fu} fu cannot occur (fu are even, 20 to 110, or 25 for seven pairs)", fu=fu)
        )


_STANDARD = Scoring()  #: the default scoring, built once (a Scoring checks itself when made)


def hand_value(
    han: int,
    fu: int | None,
    dealer: bool,
    scoring: Scoring | None = None,
    *,
    yakuman: int = 0,
    ankan: int = 0,
) -> HandValue:
    """The payments for a win of ``han`` (yaku and dora) and ``fu`` under ``scoring``.

    ``yakuman`` counts yakuman (2 for a double); ``ankan`` counts concealed kans,
    which add a han each under the 30-fu system (003).

    >>> hand_value(3, 30, dealer=False).to_dict()
    {'ron': 3900, 'tsumo': {'dealer': 2000, 'non_dealer': 1000}}
    """
    scoring = _STANDARD if scoring is None else scoring
    if (type(han) is int and type(dealer) is bool and (fu is None or type(fu) is int)
            and type(yakuman) is int and type(ankan) is int):  # fmt: skip
        key = (han, fu, dealer, id(scoring), yakuman, ankan)
        known = _VALUES.get(key)
        if known is not None and known[0] is scoring:
            return known[1]
        value = _value(han, fu, dealer, scoring, yakuman, ankan)
        if len(_VALUES) >= _MOST_VALUES:
            _VALUES.clear()
        _VALUES[key] = (scoring, value)
        return value
    return _value(han, fu, dealer, scoring, yakuman, ankan)


_VALUES: dict[tuple[int, int | None, bool, int, int, int], tuple[Scoring, HandValue]] = {}
"""Values worked out, by (han, fu, dealer, the scoring's id, yakuman, ankan): a value is
a function of these alone, and a log's replay or a table's night asks for the same few
hundred again and again (issue 20: faster than ``mahjong``'s calculator). The scoring is
kept beside its values, so its id cannot be reused while they are kept. Only exact ints
and bools are looked up: ``3.0`` or ``True`` as han must still be refused."""

_MOST_VALUES = 65_536


def _value(
    han: int, fu: int | None, dealer: bool, scoring: Scoring, yakuman: int, ankan: int
) -> HandValue:
    _check(han, fu, yakuman, ankan)
    if ankan and scoring.system is not PointSystem.THIRTY_FU:
        raise HandError(_("only the 30fu system adds a han for an 暗槓"))
    if scoring.system is PointSystem.THIRTY_FU:
        return _table_value(han + ankan, fu, dealer, scoring, yakuman)
    if scoring.system is PointSystem.GORIN:
        return _gorin_value(han, fu, dealer, yakuman)
    return _fu_value(han, fu, dealer, scoring, yakuman)


def _payments(base: int, dealer: bool, exact: bool) -> tuple[int, int, int | None]:
    up = (lambda x: x) if exact else _up100
    if dealer:
        return up(base * 6), up(base * 2), None
    return up(base * 4), up(base), up(base * 2)


def _fu_value(han: int, fu: int | None, dealer: bool, scoring: Scoring, yakuman: int) -> HandValue:
    exact = scoring.system is PointSystem.EXACT
    if yakuman:
        ron, each, from_dealer = _payments(8000 * yakuman, dealer, exact)
        return HandValue(dealer, ron, each, from_dealer, "yakuman", yakuman)
    if han >= 5:
        base, limit = _limit_base(han, scoring.kazoe)
        ron, each, from_dealer = _payments(base, dealer, exact)
        return HandValue(dealer, ron, each, from_dealer, limit)
    if fu is None:
        raise HandError(_("a hand of {han} han needs its fu", han=han))
    if not exact and fu != 25:
        fu = -(-fu // 10) * 10
    if (fu == 20 and han == 1) or (fu == 25 and han == 1):
        raise HandError(_("{han} han {fu} fu cannot occur", han=han, fu=fu))
    base = fu * 2 ** (han + 2)
    limit = ""
    kiriage = scoring.kiriage or (scoring.kiriage_dealer and dealer)
    if base > 2000 or (kiriage and not exact and base == 1920):
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
    text = (PACKAGE / "data" / "points" / f"{name}.toml").read_text(encoding="utf-8")
    return tomllib.loads(text)


def _row(name: str, han: int, yakuman: int, kazoe: Kazoe = Kazoe.YAKUMAN) -> dict[str, Any]:
    rows = _table(name)["rows"]
    if yakuman:
        return next(r for r in rows if r.get("yakuman"))
    for index, row in enumerate(rows):
        low, high = row["han"]
        if low <= han <= high:
            if row.get("yakuman") and kazoe is Kazoe.SANBAIMAN:
                return dict(rows[index - 1])  # 数え役満 capped at the line below it
            return dict(row)
    raise HandError(_("{han} han is not in the {table} table", han=han, table=name))


def _no_fu(fu: int | None, system: str) -> None:
    if fu is not None:  # (the system by its name: 「30符ベース式」, not “30fu 方式”)
        raise HandError(_("{system} counts no fu of the hand: leave the fu out",
                          system=Term(f"system.{system}")))  # fmt: skip


def _table_value(
    han: int, fu: int | None, dealer: bool, scoring: Scoring, yakuman: int
) -> HandValue:
    _no_fu(fu, "30fu")
    row = _row("30fu", han, yakuman, scoring.kazoe)
    if scoring.thirty_fu_variant and not yakuman:
        for variant in _table("30fu")["variant"].values():
            if variant["han"] == han:
                row |= {k: v for k, v in variant.items() if k != "han"}
    times = max(yakuman, 1)
    limit = row.get("limit", "")
    if dealer:
        return HandValue(
            True, row["dealer_ron"] * times, row["dealer_tsumo"] * times, None, limit, times
        )
    each, from_dealer = row["non_dealer_tsumo"]
    return HandValue(
        False, row["non_dealer_ron"] * times, each * times, from_dealer * times, limit, times
    )


def _gorin_value(han: int, fu: int | None, dealer: bool, yakuman: int) -> HandValue:
    _no_fu(fu, "gorin")
    row = _row("gorin", han, yakuman)
    times = max(yakuman, 1)
    ron, each, from_dealer = _payments(row["base"] * times, dealer, exact=True)
    return HandValue(dealer, ron, each, from_dealer, row.get("limit", ""), times)


def three_player_tsumo(value: HandValue, scoring: Scoring) -> HandValue:
    """A tsumo's payments at a three-player table: the north who is not there pays
    nothing (ツモ損), or the two payers split that share, each half rounded up to 100
    (to the point under 精算法, which rounds no payment)."""
    if value.tsumo_non_dealer is None or scoring.sanma_tsumo is SanmaTsumo.LOSS:
        return value
    if scoring.system is PointSystem.EXACT:
        half = -(-value.tsumo_non_dealer // 2)
    else:
        half = half_up100(value.tsumo_non_dealer)
    return HandValue(
        value.dealer,
        value.ron,
        value.tsumo_non_dealer + half,
        None if value.tsumo_dealer is None else value.tsumo_dealer + half,
        value.limit,
        value.times,
    )
