"""The conditions of the last hands (条件): the smallest win that lifts a player to
each better place.

In オーラス players ask what they need: 「満貫ツモ条件」, 「3900 の直撃でいい」, 「跳満
出あがり」. The answer depends on the house rules (the point system, kiriage, honba,
how ties are placed, three-player tsumo) and on the sticks and honba on the table, so
it is worked out here from the same hand tables and payments as a played game.

A need is the win of least value that leaves the player on the place asked for (or a
better one) once the hand is paid: by ron from each opponent (a direct hit, 直撃, also
takes the points from the one it hits) or by tsumo. Hands of equal value are told apart
by the one of 40 fu or less (2000 is 2han30fu, not 1han60fu), then fewer han and
fu, so a need reads the way players say it.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache

from seisan.errors import SeisanError
from seisan.games import tsumo_payments
from seisan.hands import HandError, HandValue, hand_value, three_player_tsumo
from seisan.i18n import Lang, _, _n
from seisan.rules import PointSystem, Rules, Scoring
from seisan.settlement import places

_FU = (20, 25, *range(30, 120, 10))
_EXACT_FU = (25, *range(20, 112, 2))  #: 精算法 pays every even fu as it is
_COMMON_FU = 40  #: of two hands that pay the same, the one of 40 fu or less is named
_MOST_YAKUMAN = 2  #: past a double yakuman nobody asks; such a need is out of reach


class ConditionsError(SeisanError):
    """A table the conditions cannot be worked out for: says what is wrong."""


@dataclass(frozen=True)
class HanFu:
    """A winning hand's size as a need names it: han and fu (翻・符), or yakuman."""

    han: int = 0
    fu: int | None = None
    yakuman: int = 0

    def text(self, value: HandValue, lang: Lang | str | None = None) -> str:
        """``3han30fu``, ``mangan``, ``yakuman``: as the hand tables name it."""
        if self.yakuman or value.limit:
            return value.limit_text(lang)
        if self.fu is None:
            return _("{han}han", han=self.han).text(lang)
        return _("{han}han{fu}fu", han=self.han, fu=self.fu).text(lang)


@dataclass(frozen=True)
class Need:
    """What ``seat`` needs to finish on ``place`` or better, one way of winning.

    ``discarder`` is the player a ron comes from (None for a tsumo). ``hand`` is the
    smallest hand that does it and ``value`` what it pays; both are None when not even
    a double yakuman does (届かない), and ``hand`` is the smallest hand there is when
    any win will do (a win of any size is enough).
    """

    seat: int
    place: int
    discarder: int | None
    hand: HanFu | None
    value: HandValue | None
    #: what the winner takes in all: the hand, the honba and the sticks on the table
    gain: int = 0

    @property
    def tsumo(self) -> bool:
        return self.discarder is None

    def describe(self, names: Sequence[str], lang: Lang | str | None = None) -> str:
        """``ron from Ben: 3900 (3han30fu)``, ``tsumo 1000/2000 (3han30fu)``."""
        if self.hand is None or self.value is None:
            return _("out of reach").text(lang)
        if self.discarder is None:
            paid = self.value.tsumo_non_dealer
            if self.value.tsumo_dealer is not None:
                paid_text = f"{self.value.tsumo_non_dealer}/{self.value.tsumo_dealer}"
            else:
                paid_text = _("{points} all", points=paid).text(lang)
            return _("tsumo {paid} ({hand})", paid=paid_text,
                     hand=self.hand.text(self.value, lang)).text(lang)  # fmt: skip
        return _(
            "ron from {name}: {points} ({hand})",
            name=names[self.discarder],
            points=self.value.ron,
            hand=self.hand.text(self.value, lang),
        ).text(lang)


@cache
def _hands(scoring: Scoring) -> tuple[tuple[HanFu, HandValue, HandValue], ...]:
    """Every hand the tables know, with its value for a non-dealer and for the dealer."""
    if scoring.system in (PointSystem.THIRTY_FU, PointSystem.GORIN):
        shapes = [HanFu(han) for han in range(1, 14)]
    else:
        fus = _EXACT_FU if scoring.system is PointSystem.EXACT else _FU
        shapes = [HanFu(han, fu) for han in range(1, 5) for fu in fus]
        shapes += [HanFu(han) for han in range(5, 14)]
    shapes += [HanFu(yakuman=count) for count in range(1, _MOST_YAKUMAN + 1)]
    found = []
    for shape in shapes:
        try:
            found.append(
                (
                    shape,
                    hand_value(shape.han, shape.fu, False, scoring, yakuman=shape.yakuman),
                    hand_value(shape.han, shape.fu, True, scoring, yakuman=shape.yakuman),
                )
            )
        except HandError:  # 1 han 20 fu, 1 han 25 fu, a han past the table's last line
            continue
    return tuple(found)


def after_win(
    points: Sequence[int],
    seat: int,
    discarder: int | None,
    value: HandValue,
    dealer: int,
    rules: Rules,
    *,
    honba: int = 0,
    deposits: int = 0,
) -> list[int]:
    """Each player's points once ``seat`` wins ``value`` (from ``discarder``, or by
    tsumo when None), with ``honba`` counters and ``deposits`` sticks on the table."""
    scoring = rules.scoring
    after = list(points)
    sticks = deposits * scoring.riichi
    if discarder is not None:
        assert value.ron is not None
        paid = value.ron + honba * scoring.honba
        after[discarder] -= paid
        after[seat] += paid + sticks
        return after
    if len(points) == 3:
        value = three_player_tsumo(value, scoring)
    value = value.with_honba(honba, scoring.honba, scoring.tsumo_honba)
    owed = tsumo_payments(value, seat, dealer, len(points))
    for payer, amount in owed.items():
        after[payer] -= amount
    after[seat] += sum(owed.values()) + sticks
    return after


def conditions(
    points: Sequence[int],
    dealer: int,
    rules: Rules,
    *,
    honba: int = 0,
    deposits: int = 0,
) -> list[Need]:
    """Every player's needs for every better place, by ron from each opponent and by
    tsumo: by seat, then place (the next one up first), then ron by seat, then tsumo.

    South 4, the dealer D in seat 3, one honba and one stick on the table: what C
    (22,000) needs to finish first, under Tenhou's rules (a tie goes to the lower seat)

    >>> from seisan.presets import find_preset
    >>> tenhou = find_preset("tenhou")
    >>> need = conditions([31000, 27000, 22000, 20000], 3, tenhou, honba=1, deposits=1)
    >>> for n in need:
    ...     if n.seat == 2 and n.place == 1:
    ...         print(n.describe("ABCD", "en"))
    ron from A: 3900 (3han30fu)
    ron from B: 8000 (mangan)
    ron from D: 8000 (mangan)
    tsumo 1600/3200 (4han25fu)
    """
    n = len(points)
    if n != rules.players:
        raise ConditionsError(
            _n(
                "{count} player's points for a game of {players}",
                "{count} players' points for a game of {players}",
                "count",
                count=n,
                players=rules.players,
            )
        )
    if not 0 <= dealer < n:
        raise ConditionsError(_("the dealer must be one of the {count} seats", count=n))
    if honba < 0 or deposits < 0:
        raise ConditionsError(_("honba and riichi sticks are counted from 0"))
    standing = places(points, rules.ties)
    needs = []
    for seat in range(n):
        for place in range(standing[seat] - 1, 0, -1):
            for discarder in [*(s for s in range(n) if s != seat), None]:
                needs.append(
                    _smallest(points, seat, discarder, place, dealer, rules, honba, deposits)
                )
    return needs


def _smallest(
    points: Sequence[int],
    seat: int,
    discarder: int | None,
    place: int,
    dealer: int,
    rules: Rules,
    honba: int,
    deposits: int,
) -> Need:
    """The first hand, in the order of what it pays, that reaches ``place``."""

    def pays(item: tuple[HanFu, HandValue, HandValue]) -> tuple[int, ...]:
        value = item[2] if seat == dealer else item[1]
        if discarder is not None:
            paid = -1 if value.ron is None else value.ron
        elif value.tsumo_non_dealer is None:
            paid = -1
        else:
            paid = value.tsumo_non_dealer + (value.tsumo_dealer or 0)
        shape = item[0]
        rare = shape.fu is not None and shape.fu > _COMMON_FU
        return paid, rare, shape.yakuman, shape.han, shape.fu or 0

    for item in sorted(_hands(rules.scoring), key=pays):
        if pays(item)[0] < 0:
            continue  # cannot be won this way (20 fu by ron, 25 fu 2 han by tsumo)
        value = item[2] if seat == dealer else item[1]
        after = after_win(
            points, seat, discarder, value, dealer, rules, honba=honba, deposits=deposits
        )
        if places(after, rules.ties)[seat] <= place:
            gain = after[seat] - points[seat]
            return Need(seat, place, discarder, item[0], value, gain)
    return Need(seat, place, discarder, None, None)
