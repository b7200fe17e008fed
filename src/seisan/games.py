"""Hand-by-hand game records: the running points, the dealer, honba and riichi
deposits, the end of the game, and its settlement.

A record is a list of hands; seisan works out the round, the dealer and the
honba itself and checks them against what the record states. A bad hand is an
error naming the hand; nothing of the record is applied.

Rules of play (the rules' ``[game]`` and ``[scoring]`` tables):

- the dealer keeps the deal (連荘) after winning or being tenpai at an exhaustive
  draw, and after an abortive draw; the honba counter grows with every renchan
  and every draw, and goes back to 0 when a non-dealer wins;
- riichi deposits go to the winner, to the winner nearest the discarder on a
  double ron (with the honba); they stay on the table over draws;
- 流し満貫 is paid like a mangan tsumo at an exhaustive draw, with no honba and
  no noten payments, the deposits staying on the table;
- after the last hand (South 4, or East 4 in an east-only game) the game ends,
  or, where the rules play on (西入, seed 004), goes into West when nobody has
  the target: sudden death, in which a dealer who keeps the deal plays on, and
  the game ends after West 4 whatever the points (Tenhou);
- a player below zero ends the game (where the rules say so); the leading
  dealer of the last hand may stop (or stops by itself, on Tenhou);
- a record may end early by time or by agreement (``"end": "time"``).
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterator, Mapping, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field, replace
from decimal import Decimal
from pathlib import Path
from typing import Any

from seisan.errors import RulesError, SeisanError, as_written, file_problem, where_in_text
from seisan.hands import (
    MAX_COUNT,
    HandError,
    HandValue,
    half_up100,
    hand_value,
    three_player_tsumo,
)
from seisan.i18n import (
    LIST_SEPARATORS,
    Lang,
    Message,
    Term,
    _,
    _n,
    current_language,
    name_key,
    plain_text,
    term,
)
from seisan.presets import rules_from_spec
from seisan.pt import pt_value, to_pt
from seisan.rules import (
    ChomboPayment,
    DealerStop,
    Extension,
    Length,
    MultiRon,
    PointSystem,
    Rules,
    TripleRon,
)
from seisan.settlement import Penalty, Settlement, Substitute, check_names, places, settle
from seisan.sidebets import find_player
from seisan.transfers import house_name, is_house

WINDS = "ESWN"
_ROUND = re.compile(r"^\s*([ESWN東南西北])\s*([1-4])\s*$")
_KANJI = {"東": "E", "南": "S", "西": "W", "北": "N"}
_WIND_NAMES = {
    Lang.EN: "ESWN",
    Lang.JA: "東南西北",
    Lang.KO: "동남서북",
}
RESULTS = ("ron", "tsumo", "draw", "abort", "chombo")
ABORTS = ("kyuushu", "suufon", "suucha-riichi", "suukan", "sanchahou")
#: the abortive draws only four players make: four winds, four riichi, three rons
FOUR_PLAYER_ABORTS = ("suufon", "suucha-riichi", "sanchahou")
ENDS = ("time", "agreement")
"""Why a record may stop before the rules end the game (tournaments stop on time)."""


class GameError(SeisanError):
    """A record that cannot be played: names the hand and what is wrong."""


@dataclass(frozen=True)
class Win:
    """One winner's hand: han and fu (or yakuman), and who is responsible (包)."""

    winner: int
    han: int = 0
    fu: int | None = None
    yakuman: int = 0
    ankan: int = 0
    pao: int | None = None  #: 責任払い for 大三元 / 大四喜
    #: the yaku by name (役), as a log gives them: for the record, not for the points
    yaku: tuple[str, ...] = ()
    dora: int = 0  #: han of dora, aka and ura dora (already in ``han``)
    #: a 嶺上開花 after a 大明槓: the seat whose discard was called for the kan (who
    #: pays it all when the rules say 大明槓の責任払い)
    daiminkan: int | None = None


@dataclass(frozen=True)
class Hand:
    """One hand as recorded. ``round`` and ``honba``, when given, are checked."""

    result: str
    wins: tuple[Win, ...] = ()
    discarder: int | None = None
    riichi: tuple[int, ...] = ()
    tenpai: tuple[int, ...] = ()
    reason: str = ""
    stop: bool = False  #: the leading dealer stops in the last hand
    round: str | None = None
    honba: int | None = None
    nagashi: tuple[int, ...] = ()  #: 流し満貫 at this draw
    offender: int | None = None  #: who made the chombo (錯和)
    calls: tuple[int, ...] = ()  #: who made an open call (副露: chi, pon, open kan)


@dataclass(frozen=True)
class GameRecord:
    """A game: the rules, the players in seat order (seat 0 is 起家), the hands."""

    rules: Rules
    names: tuple[str, ...]
    hands: tuple[Hand, ...]
    title: str = ""
    #: the rules as the file gave them (a preset name or a table), written back as read
    rules_data: str | Mapping[str, Any] | None = None
    source: str = ""  #: the file it came from, named in errors
    end: str = ""  #: "time" or "agreement": the game stopped before the rules end it
    penalties: tuple[Penalty, ...] = ()  #: a referee's penalties, in pt after uma
    substitute: Substitute | None = None  #: a seat played by a substitute (代走)

    def play(self) -> GamePlay:
        return play(self)

    def to_dict(self, lines: Sequence[HandLine] | None = None) -> dict[str, Any]:
        """The record as JSON data; :func:`record_from_dict` reads it back. ``lines``
        (from a play already made) spare playing it again."""
        if lines is None:
            lines = play(self, check_end=False).lines
        data: dict[str, Any] = {}
        if self.title:
            data["title"] = self.title
        if self.rules_data is not None:
            data["rules"] = self.rules_data
        elif self.rules != Rules():
            data["rules"] = self.rules.to_dict(meta=False)
        data["players"] = list(self.names)
        if self.end:
            data["end"] = self.end
        if self.substitute is not None:
            data["substitute"] = {"seat": self.names[self.substitute.seat],
                                  "by": self.substitute.name}  # fmt: skip
            if not self.substitute.from_start:
                data["substitute"]["from_start"] = False
        if self.penalties:
            data["penalties"] = [_penalty_dict(p, self.names) for p in self.penalties]
        data["hands"] = [
            _hand_dict(h, line, self.names) for h, line in zip(self.hands, lines, strict=True)
        ]
        return data


def round_text(code: str, lang: Lang | str | None = None) -> str:
    """A round as players say it: ``E1`` is 東1局 in Japanese, 동1국 in Korean."""
    chosen = current_language() if lang is None else Lang(lang)
    wind = _WIND_NAMES[chosen][WINDS.index(code[0])]
    if chosen is Lang.JA:
        return f"{wind}{code[1:]}局"
    if chosen is Lang.KO:
        return f"{wind}{code[1:]}국"
    return code


def round_label(code: str, honba: int, lang: Lang | str | None = None) -> str:
    """A round and its counters: ``E1-1`` in English, 東1局 1本場, 동1국 1본장."""
    chosen = current_language() if lang is None else Lang(lang)
    if chosen is Lang.EN:
        return f"{code}-{honba}"
    return f"{round_text(code, chosen)} {term('honba.count', chosen, n=honba)}"


@dataclass(frozen=True)
class HandLine:
    """One row of the hand-by-hand table: where it was played and what changed."""

    number: int
    round: str  #: E1 .. N4
    dealer: int
    honba: int
    deposits_before: int
    deltas: tuple[int, ...]  #: each seat's change, riichi deposits paid included
    deposits_after: int
    points: tuple[int, ...]  #: after the hand
    summary: Message
    #: each win's value in points, without counters and riichi sticks: (winner, points)
    won: tuple[tuple[int, int], ...] = ()


@dataclass(frozen=True)
class NextHand:
    """Where a game that has not ended stands: the hand to play next (what a scorer's
    screen shows before it is dealt)."""

    round: str  #: E1 .. N4
    dealer: int
    honba: int
    deposits: int  #: riichi sticks on the table, in points
    points: tuple[int, ...]
    #: オーラス or the extension: the hand whose result may end the game
    last: bool


@dataclass(frozen=True)
class GamePlay:
    """A record played out: every hand's line, the final points and the settlement."""

    record: GameRecord
    lines: tuple[HandLine, ...]
    final_points: tuple[int, ...]
    leftover: int
    ended: Message
    end: str  #: why: bust, stop, sudden-death, length, time, agreement ("" if not ended)
    settlement: Settlement | None = field(default=None)
    #: the next hand when the game has not ended (played with ``check_end=False``)
    next: NextHand | None = None

    @property
    def claim_unused(self) -> bool:
        """Whether the record says the game was stopped (``end``) where its rules had
        ended it: the claim is read only when the rules have not ended the game, so
        that re-settling under other rules keeps it."""
        return bool(self.record.end) and self.end not in ("time", "agreement")

    def check_claims(self) -> None:
        """Refuse an unused stop (:attr:`claim_unused`) in new input: played under the
        rules of the game it records, it is a mistake."""
        if self.claim_unused:
            said = _("end = “{end}”: the game was not stopped, it ended by its rules ({why}); "
                     "leave end out", end=self.record.end, why=self.ended)  # fmt: skip
            if self.record.source:
                said = _("{where}: {error}", where=self.record.source, error=said)
            raise GameError(said, field="end")

    def to_dict(self) -> dict[str, Any]:
        assert self.settlement is not None
        return {
            "record": self.record.to_dict(self.lines),
            "hands": [
                {
                    "number": line.number,
                    "round": line.round,
                    "dealer": line.dealer,
                    "honba": line.honba,
                    "summary": str(line.summary),
                    "deltas": list(line.deltas),
                    "deposits": line.deposits_after,
                    "points": list(line.points),
                }
                for line in self.lines
            ],
            "ended": str(self.ended),
            "end": self.end,
            "final_points": list(self.final_points),
            "leftover_deposits": self.leftover,
            "settlement": self.settlement.to_dict(),
        }


def _round_name(wind: int, number: int) -> str:
    return f"{WINDS[wind]}{number + 1}"


@dataclass(frozen=True)
class RoundName:
    """A round in a message, put into words in the reader's language when shown
    (``E1`` in English, 東1局, 동1국)."""

    code: str

    def text(self, lang: Lang | str | None = None) -> str:
        return round_text(self.code, lang)

    def __str__(self) -> str:
        return self.text()


def _nearest(discarder: int, winners: Sequence[int], players: int) -> int:
    """The winner next after the discarder in turn order (上家取り/頭ハネ)."""
    return min(winners, key=lambda seat: (seat - discarder) % players)


class _Table:
    """The state of play between hands."""

    def __init__(self, record: GameRecord) -> None:
        rules = record.rules
        self.rules = rules
        self.n = rules.players
        self.names = record.names
        self.points = [rules.start] * self.n
        self.wind = 0
        self.number = 0  # hand within the wind: the dealer's seat
        self.honba = 0
        self.deposits = 0
        self.ended: Message | None = None
        self.end = ""
        self.penalties: list[Penalty] = []  #: chombo paid in pt, hand by hand
        self.won: list[tuple[int, int]] = []  #: this hand's wins and their values

    @property
    def last_wind(self) -> int:
        """The last wind of the game's length: East (0) or South (1)."""
        return 0 if self.rules.game.length is Length.EAST else 1

    @property
    def final_wind(self) -> int:
        """The last wind that can be played: the extension's, if the rules have one."""
        extra = {Extension.NONE: 0, Extension.WEST: 1, Extension.NORTH: 2}
        return self.last_wind + extra[self.rules.game.extension]

    @property
    def last_regular(self) -> bool:
        """Whether this is the last hand of the game's length (オーラス)."""
        return self.wind == self.last_wind and self.number == self.n - 1

    def leader(self) -> int:
        return places(self.points, self.rules.ties).index(1)

    def finish(self, why: str, message: Message) -> None:
        self.end, self.ended = why, message


def play(record: GameRecord, *, check_end: bool = True) -> GamePlay:
    """Play every hand of ``record``; errors name the hand (and the file) and apply
    nothing."""
    try:
        return _play(record, check_end)
    except GameError as err:
        if record.source:
            raise GameError(err.within(record.source), field=err.field) from None
        raise


def _play(record: GameRecord, check_end: bool) -> GamePlay:
    table = _Table(record)
    lines = []
    for index, hand in enumerate(record.hands, start=1):
        where = _("hand {number}", number=index)
        if table.ended is not None:
            raise GameError(
                _("{where}: the game already ended ({why})", where=where, why=table.ended),
                field=f"hands.{index - 1}",
            )
        try:
            lines.append(_play_hand(table, hand, index, where))
        except GameError as err:  # the hand as a field too (the API's, the assistant's)
            raise GameError(err.message, field=f"hands.{index - 1}") from None
    if table.ended is None and record.end:
        at = _round_name(table.wind, table.number)
        if record.end == "time":
            table.finish("time", _("stopped on time before {round}", round=RoundName(at)))
        else:
            table.finish("agreement", _("stopped by agreement before {round}", round=RoundName(at)))
    if check_end and table.ended is None:
        raise GameError(
            _("the record stops at {round} with {honba} honba, but the game has not ended (a "
              "game stopped early says \"end\": \"time\")",
              round=RoundName(_round_name(table.wind, table.number)), honba=table.honba),
            field="end",
        )  # fmt: skip
    final = tuple(table.points)
    leftover = table.deposits
    result = None
    if check_end:
        stick = record.rules.scoring.riichi
        try:
            result = settle(
                final, record.rules, list(record.names), leftover // stick if stick else 0,
                penalties=[*table.penalties, *record.penalties], substitute=record.substitute,
            )  # fmt: skip
        except SeisanError as err:
            raise GameError(
                _("the final points cannot be settled: {error}", error=err.message),
                field=err.field,
            ) from None
        final = result.points  # first place may have taken the deposits
        leftover = result.leftover_deposits
    ended = table.ended if table.ended is not None else _("not ended")
    upcoming = None
    if table.ended is None:
        upcoming = NextHand(
            _round_name(table.wind, table.number), table.number, table.honba, table.deposits,
            tuple(table.points), table.last_regular or table.wind > table.last_wind,
        )  # fmt: skip
    return GamePlay(record, tuple(lines), final, leftover, ended, table.end, result, upcoming)


def _play_hand(table: _Table, hand: Hand, index: int, where: Message) -> HandLine:
    rules = table.rules
    n = table.n
    round_name = _round_name(table.wind, table.number)
    if hand.round is not None and hand.round != round_name:
        raise GameError(
            _("{where}: the record says {said}, but the game is at {round}", where=where,
              said=RoundName(hand.round), round=RoundName(round_name))
        )  # fmt: skip
    if hand.honba is not None and hand.honba != table.honba:
        raise GameError(
            _("{where}: the record says {said} honba, but the game has {honba}", where=where,
              said=hand.honba, honba=table.honba)
        )  # fmt: skip
    dealer = table.number
    deposits_before = table.deposits
    deltas = [0] * n
    if len(set(hand.riichi)) != len(hand.riichi):
        raise GameError(_("{where}: a player declares riichi twice", where=where))
    stick = rules.scoring.riichi
    for seat in hand.riichi:
        if table.points[seat] < stick and not rules.scoring.riichi_in_debt:
            raise GameError(
                _n("{where}: {name} cannot declare riichi with {points} point (a deposit is "
                   "{stick})",
                   "{where}: {name} cannot declare riichi with {points} points (a deposit is "
                   "{stick})", "points", where=where, name=table.names[seat],
                   points=table.points[seat], stick=stick)
            )  # fmt: skip
        deltas[seat] -= stick
    deposits = table.deposits + stick * len(hand.riichi)
    table.won = []
    summary, renchan, deposits = _result(table, hand, dealer, deltas, deposits, where, index)
    table.points = [p + d for p, d in zip(table.points, deltas, strict=True)]
    table.deposits = deposits
    line = HandLine(
        index,
        round_name,
        dealer,
        table.honba,
        deposits_before,
        tuple(deltas),
        deposits,
        tuple(table.points),
        summary,
        tuple(table.won),
    )
    if hand.result == "chombo" and rules.penalties.chombo_replay:
        return line  # the hand is dealt again: same dealer, same honba
    _advance(table, hand, renchan, where)
    return line


def _result(
    table: _Table,
    hand: Hand,
    dealer: int,
    deltas: list[int],
    deposits: int,
    where: Message,
    index: int = 0,
) -> tuple[Message, bool, int]:
    """Apply the hand's result to ``deltas``; the summary, whether the dealer keeps
    the deal, and the deposits left on the table."""
    if hand.result == "chombo":
        return _chombo(table, hand, dealer, deltas, deposits, where, index)
    if hand.result == "ron":
        return _ron(table, hand, dealer, deltas, deposits, where)
    if hand.result == "tsumo":
        return _tsumo(table, hand, dealer, deltas, deposits, where)
    if hand.result == "draw":
        return _draw(table, hand, dealer, deltas, deposits, where)
    if hand.result == "abort":
        if not table.rules.game.aborts:
            raise GameError(
                _("{where}: these rules have no abortive draws (途中流局)", where=where)
            )
        if hand.reason == "suucha-riichi" and len(set(hand.riichi)) != 4:
            raise GameError(
                _("{where}: 四家立直 (suucha-riichi) needs all four riichi in the hand",
                  where=where)
            )  # fmt: skip
        if hand.reason and hand.reason not in ABORTS:
            raise GameError(
                _("{where}: unknown abortive draw “{reason}”; known: {known}", where=where,
                  reason=hand.reason, known=ABORTS)
            )  # fmt: skip
        if table.n == 3 and hand.reason in FOUR_PLAYER_ABORTS:  # (a three-player table had
            # taken four winds and three rons; four riichi was refused for its riichi)
            raise GameError(_("{where}: {abort} cannot happen at a table of three", where=where,
                              abort=Term(f"abort.{hand.reason}")))  # fmt: skip
        if hand.reason:
            reason = Term(f"abort.{hand.reason}")
            return _("abortive draw ({reason})", reason=reason), True, deposits
        return _("abortive draw"), True, deposits
    raise GameError(
        _("{where}: unknown result “{result}”; known: {known}", where=where, result=hand.result,
          known=RESULTS)
    )  # fmt: skip


def _ron(
    table: _Table, hand: Hand, dealer: int, deltas: list[int], deposits: int, where: Message
) -> tuple[Message, bool, int]:
    names = table.names
    scoring = table.rules.scoring
    if hand.discarder is None or not hand.wins:
        raise GameError(_("{where}: a ron needs the discarder and a winner", where=where))
    winners = [w.winner for w in hand.wins]
    if len(set(winners)) != len(winners):
        raise GameError(_("{where}: a player wins twice", where=where))
    if any(w.daiminkan is not None for w in hand.wins):
        raise GameError(
            _("{where}: a 嶺上開花 after a 大明槓 (daiminkan) is a tsumo, not a ron",
              where=where)
        )  # fmt: skip
    if hand.discarder in winners:
        raise GameError(
            _("{where}: {name} cannot win on their own discard", where=where,
              name=names[hand.discarder])
        )  # fmt: skip
    if len(winners) == 3 and scoring.triple_ron is TripleRon.ABORT:
        if not table.rules.game.aborts:
            raise GameError(
                _("{where}: these rules have no abortive draws (途中流局)", where=where)
            )
        return _("triple ron: abortive draw (sanchahou)"), True, deposits
    nearest = _nearest(hand.discarder, winners, table.n)
    wins = [w for w in hand.wins if w.winner == nearest] if scoring.atamahane else hand.wins
    # EMA: riichi declarers that win get their own stick back; the rest to the nearest
    stick = table.rules.scoring.riichi
    own_back = scoring.multi_ron_deposits is MultiRon.OWN_BACK and len(wins) > 1
    returned = [w.winner for w in wins if own_back and w.winner in hand.riichi]
    parts = []
    for win in wins:
        value = _value(win, dealer, table, where)
        if value.ron is None:
            raise GameError(
                _("{where}: {name}'s hand cannot win by ron", where=where, name=names[win.winner])
            )
        amount = value.ron
        table.won.append((win.winner, amount))
        paid_honba = scoring.multi_ron_honba is MultiRon.EACH or win.winner == nearest
        bonus = table.honba * scoring.honba if paid_honba else 0
        _pay_ron(deltas, win, hand.discarder, amount, bonus)
        if win.winner in returned:
            deltas[win.winner] += stick
        if win.winner == nearest:
            deltas[win.winner] += deposits - stick * len(returned)
        parts.append(_("{name} {hand} {points}", name=names[win.winner], hand=_describe(win),
                       points=amount))  # fmt: skip
    renchan = any(w.winner == dealer for w in wins)
    summary = _("ron from {name}: {wins}", name=names[hand.discarder], wins=_Joined(parts))
    return summary, renchan, 0


def _tsumo(
    table: _Table, hand: Hand, dealer: int, deltas: list[int], deposits: int, where: Message
) -> tuple[Message, bool, int]:
    scoring = table.rules.scoring
    if len(hand.wins) != 1 or hand.discarder is not None:
        raise GameError(_("{where}: a tsumo has one winner and no discarder", where=where))
    win = hand.wins[0]
    value = _value(win, dealer, table, where)
    if table.n == 3:
        value = three_player_tsumo(value, scoring)
    if value.tsumo_non_dealer is None:
        raise GameError(
            _("{where}: {name}'s hand cannot win by tsumo", where=where,
              name=table.names[win.winner])
        )  # fmt: skip
    base = sum(tsumo_payments(value, win.winner, dealer, table.n).values())
    table.won.append((win.winner, base))
    value = value.with_honba(table.honba, scoring.honba, scoring.tsumo_honba)
    owed = tsumo_payments(value, win.winner, dealer, table.n)
    total = sum(owed.values())
    if win.pao is not None:
        owed = {win.pao: total}
    elif win.daiminkan is not None and scoring.daiminkan_pao:  # 大明槓の責任払い
        owed = {win.daiminkan: total}
    for seat, amount in owed.items():
        deltas[seat] -= amount
    deltas[win.winner] += total + deposits
    pays = "/".join(str(a) for a in sorted(set(owed.values())))
    summary = _("{name} tsumo {hand} {pays}", name=table.names[win.winner], hand=_describe(win),
                pays=pays)  # fmt: skip
    return summary, win.winner == dealer, 0


def tsumo_payments(value: HandValue, winner: int, dealer: int, n: int) -> dict[int, int]:
    """What each other player pays on a tsumo of ``value``."""
    owed = {}
    for seat in range(n):
        if seat == winner:
            continue
        from_dealer = seat == dealer and value.tsumo_dealer is not None
        owed[seat] = (value.tsumo_dealer if from_dealer else value.tsumo_non_dealer) or 0
    return owed


def _draw(
    table: _Table, hand: Hand, dealer: int, deltas: list[int], deposits: int, where: Message
) -> tuple[Message, bool, int]:
    names = table.names
    n = table.n
    scoring = table.rules.scoring
    tenpai = set(hand.tenpai)
    if len(tenpai) != len(hand.tenpai):
        raise GameError(_("{where}: a player is listed tenpai twice", where=where))
    for seat in hand.riichi:
        if seat not in tenpai:
            raise GameError(
                _("{where}: {name} declared riichi but is not listed tenpai", where=where,
                  name=names[seat])
            )  # fmt: skip
    listed = [names[s] for s in sorted(tenpai)]
    tenpai_text = _("tenpai: {names}", names=listed) if listed else _("nobody tenpai")
    if hand.nagashi:
        if not scoring.nagashi:
            raise GameError(_("{where}: these rules have no 流し満貫 (nagashi)", where=where))
        if scoring.system is PointSystem.GORIN:
            raise GameError(
                _("{where}: the {system} system has no mangan, so no 流し満貫 (nagashi)",
                  where=where, system=Term(f"system.{scoring.system.value}"))
            )  # fmt: skip
        if len(set(hand.nagashi)) != len(hand.nagashi):
            raise GameError(_("{where}: a player makes 流し満貫 twice", where=where))
        for seat in hand.nagashi:
            try:
                value = hand_value(5, None, seat == dealer, scoring)
            except HandError as err:
                raise GameError(err.within(where)) from None
            if n == 3:
                value = three_player_tsumo(value, scoring)
            for payer, amount in tsumo_payments(value, seat, dealer, n).items():
                deltas[payer] -= amount
                deltas[seat] += amount
        made = [names[s] for s in sorted(set(hand.nagashi))]
        summary = _("draw, nagashi mangan: {names}; {tenpai}", names=made, tenpai=tenpai_text)
        return summary, dealer in tenpai, deposits
    if 0 < len(tenpai) < n:
        total = scoring.noten
        gets, left_in = divmod(total, len(tenpai))
        gives, left_out = divmod(total, n - len(tenpai))
        if left_in or left_out:
            raise GameError(
                _("{where}: {total} noten points do not split here", where=where, total=total)
            )
        for seat in range(n):
            deltas[seat] += gets if seat in tenpai else -gives
    return _("draw, {tenpai}", tenpai=tenpai_text), dealer in tenpai, deposits


def _chombo(
    table: _Table,
    hand: Hand,
    dealer: int,
    deltas: list[int],
    deposits: int,
    where: Message,
    index: int,
) -> tuple[Message, bool, int]:
    """錯和: the offender pays the rules' way; the hand's riichi sticks go back."""
    rules = table.rules
    policy = rules.penalties
    if hand.offender is None or hand.wins or hand.discarder is not None:
        raise GameError(_("{where}: a chombo names its player, and no winner", where=where))
    offender = hand.offender
    if policy.chombo_riichi_back:  # the sticks of this hand go back to their owners
        for seat in hand.riichi:
            deltas[seat] += rules.scoring.riichi
            deposits -= rules.scoring.riichi
    name = table.names[offender]
    if policy.chombo is ChomboPayment.MANGAN:  # a reverse mangan tsumo
        value = hand_value(5, None, offender == dealer, rules.scoring)
        if table.n == 3:
            value = three_player_tsumo(value, rules.scoring)
        for other, amount in tsumo_payments(value, offender, dealer, table.n).items():
            deltas[other] += amount
            deltas[offender] -= amount
        summary = _("chombo: {name} pays a mangan", name=name)
    else:
        table.penalties.append(Penalty(offender, policy.chombo_pt, "chombo", index))
        summary = _("chombo: {name}, {pt} pt after uma", name=name, pt=policy.chombo_pt)
    return summary, False, deposits


class _Joined(Message):
    """Several messages joined by "; " (each translated), 「、」 in Japanese (a double
    ron's wins: 「Ben 1翻30符 1000、Dae 3翻30符 3900」)."""

    def __init__(self, parts: Sequence[Message]) -> None:
        super().__init__("{parts}", parts=list(parts))

    def text(self, lang: Lang | str | None = None) -> str:
        between = LIST_SEPARATORS.get(Lang(lang or current_language()), "; ")
        return between.join(part.text(lang) for part in self.params["parts"])  # type: ignore[attr-defined]


def _value(win: Win, dealer: int, table: _Table, where: Message) -> HandValue:
    if win.pao is not None and not win.yakuman:
        raise GameError(
            _("{where}: 包 (pao) is for a yakuman (大三元, 大四喜), not a {han} han hand",
              where=where, han=win.han)
        )  # fmt: skip
    name = table.names[win.winner]
    if win.dora < 0:
        _int(win.dora, _in_field(where, "dora"))  # says why
    if win.dora and win.yakuman:
        raise GameError(
            _("{where}: {name}'s yakuman takes no dora (they count for nothing in it)",
              where=where, name=name)
        )  # fmt: skip
    if win.dora and win.dora >= win.han:
        raise GameError(
            _("{where}: {name}'s {dora} han of dora leave no han of yaku in a {han} han hand",
              where=where, name=name, dora=win.dora, han=win.han)
        )  # fmt: skip
    if win.winner in (win.pao, win.daiminkan):
        raise GameError(
            _("{where}: {name} cannot be responsible (包) for their own hand", where=where,
              name=table.names[win.winner])
        )  # fmt: skip
    try:
        return hand_value(
            win.han,
            win.fu,
            win.winner == dealer,
            table.rules.scoring,
            yakuman=win.yakuman,
            ankan=win.ankan,
        )
    except HandError as err:
        raise GameError(err.within(_("{where}: {name}", where=where,
                                     name=table.names[win.winner]))) from None  # fmt: skip


def _pay_ron(deltas: list[int], win: Win, discarder: int, amount: int, bonus: int) -> None:
    """The discarder pays; with 包 on someone else, they share the hand's value."""
    deltas[win.winner] += amount + bonus
    if win.pao is None or win.pao == discarder:
        deltas[discarder] -= amount + bonus
        return
    half = half_up100(amount)  # from the responsible player
    deltas[win.pao] -= half
    deltas[discarder] -= amount - half + bonus


def _describe(win: Win) -> Message:
    if win.yakuman:
        if win.yakuman == 1:
            return _("yakuman")
        return _("{count}x yakuman", count=win.yakuman)
    if win.fu is not None:
        return _("{han}han{fu}fu", han=win.han, fu=win.fu)
    return _("{han}han", han=win.han)


def _advance(table: _Table, hand: Hand, renchan: bool, where: Message) -> None:
    """Move to the next hand, or end the game."""
    rules = table.rules
    flow = rules.game
    dealer = table.number
    at = _round_name(table.wind, dealer)
    in_extension = table.wind > table.last_wind
    target = flow.target or rules.return_points
    kept = renchan and hand.result in ("ron", "tsumo", "draw")
    may_stop = (
        (table.last_regular or in_extension)
        and kept
        and table.leader() == dealer
        and (flow.extension is Extension.NONE or table.points[dealer] >= target)
    )
    if hand.stop:
        if flow.dealer_stop is DealerStop.NONE:
            raise GameError(
                _("{where}: these rules do not let the dealer stop (dealer_stop)", where=where)
            )
        if not (table.last_regular or in_extension) or not kept or table.leader() != dealer:
            raise GameError(
                _("{where}: only the dealer who wins or is tenpai in the last hand, as the "
                  "leader, may stop", where=where)
            )  # fmt: skip
        if not may_stop:
            raise GameError(
                _("{where}: the dealer cannot stop below {target}: the game goes on into the "
                  "extension", where=where, target=target)
            )  # fmt: skip
    if flow.bust_ends and any(p < 0 for p in table.points):
        busted = [table.names[s] for s, p in enumerate(table.points) if p < 0]
        table.finish("bust", _("{names} went below zero", names=busted))
        return
    auto = flow.dealer_stop is DealerStop.AUTO or (
        flow.dealer_stop is DealerStop.AUTO_WIN and hand.result in ("ron", "tsumo")
    )
    if hand.stop:  # アガリやめ / テンパイやめ: the dealer chose to stop
        table.finish("stop", _("the dealer stopped as the leader in {round}", round=RoundName(at)))
        return
    if may_stop and auto:  # the rules end it (Tenhou: the leading last dealer)
        table.finish("stop", _("the dealer led in {round}, where the rules end the game",
                               round=RoundName(at)))  # fmt: skip
        return
    reached = any(p >= target for p in table.points)
    final_hand = table.wind == table.final_wind and dealer == table.n - 1
    if in_extension:
        if reached and not renchan:
            table.finish("sudden-death", _("sudden death in {round}", round=RoundName(at)))
            return
        if final_hand and not renchan:  # 004: after West 4 whatever the points
            table.finish("length", _("after {round}", round=RoundName(at)))
            return
    if renchan:
        table.honba += 1
        return
    if hand.result in ("draw", "abort", "chombo"):  # a chombo counted as played: like a draw
        table.honba += 1
    else:
        table.honba = 0
    table.number += 1
    if table.number < table.n:
        return
    table.number = 0
    if table.wind == table.last_wind and (reached or flow.extension is Extension.NONE):
        table.finish("length", _("after {round}", round=RoundName(at)))
        return
    table.wind += 1


# -- records as JSON -------------------------------------------------------------------


def _hand_dict(hand: Hand, line: HandLine, names: Sequence[str]) -> dict[str, Any]:
    data: dict[str, Any] = {"round": line.round, "honba": line.honba}
    if hand.riichi:
        data["riichi"] = [names[s] for s in hand.riichi]
    data["result"] = hand.result
    if hand.discarder is not None:
        data["from"] = names[hand.discarder]
    if hand.wins:
        data["wins"] = [_win_dict(w, names) for w in hand.wins]
    if hand.tenpai:
        data["tenpai"] = [names[s] for s in hand.tenpai]
    if hand.nagashi:
        data["nagashi"] = [names[s] for s in hand.nagashi]
    if hand.calls:
        data["calls"] = [names[s] for s in hand.calls]
    if hand.offender is not None:
        data["player"] = names[hand.offender]
    if hand.reason:
        data["reason"] = hand.reason
    if hand.stop:
        data["stop"] = True
    return data


def _win_dict(win: Win, names: Sequence[str]) -> dict[str, Any]:
    data: dict[str, Any] = {"winner": names[win.winner]}
    if win.yakuman:
        data["yakuman"] = win.yakuman
    else:
        data["han"] = win.han
        if win.fu is not None:
            data["fu"] = win.fu
    if win.ankan:
        data["ankan"] = win.ankan
    if win.pao is not None:
        data["pao"] = names[win.pao]
    if win.yaku:
        data["yaku"] = list(win.yaku)
    if win.dora:
        data["dora"] = win.dora
    if win.daiminkan is not None:
        data["daiminkan"] = names[win.daiminkan]
    return data


_HAND_FIELDS = {
    "player",
    "round",
    "honba",
    "riichi",
    "result",
    "from",
    "wins",
    "tenpai",
    "nagashi",
    "reason",
    "stop",
    "calls",
}
_WIN_FIELDS = {"winner", "han", "fu", "yakuman", "ankan", "pao", "yaku", "dora", "daiminkan"}
_RECORD_FIELDS = ("title", "rules", "players", "end", "substitute", "penalties", "hands")


def record_from_dict(
    data: Mapping[str, Any], rules: Rules | None = None, folder: Path | None = None
) -> GameRecord:
    """A game record from its JSON data (see the README); errors name the hand and field.
    A rules file the record names is looked for in ``folder``."""
    unknown = set(data) - set(_RECORD_FIELDS)
    if unknown:
        raise GameError(
            _("“{field}” is not a record field ({known})", field=sorted(unknown)[0],
              known=_RECORD_FIELDS), field=sorted(unknown)[0],
        )  # fmt: skip
    spec = data.get("rules")
    if rules is None:
        try:
            rules = rules_from_spec(spec, folder)
        except SeisanError as err:
            raise GameError(
                err.message, field=f"rules.{err.field}" if err.field else "rules"
            ) from None
        rules_data = spec
    else:
        rules_data = None  # replaced: written out in full
    names_data = data.get("players")
    if not isinstance(names_data, list):
        raise GameError(
            _("players: give the names in seat order (seat 0 is the first dealer)"), field="players"
        )
    names = tuple(check_names(names_data, rules.players))
    hands_data = data.get("hands")
    if not isinstance(hands_data, list) or not hands_data:
        raise GameError(_("hands: give the list of hands"), field="hands")
    hands = tuple(_hands(hands_data, names))
    title = data.get("title", "")
    if not isinstance(title, str) or not plain_text(title):
        raise GameError(_("title: must be text"), field="title")
    end = data.get("end", "")
    if end and end not in ENDS:
        raise GameError(_("end: “{end}” must be one of {known}", end=end, known=ENDS), field="end")
    penalties = penalties_from(data.get("penalties", []), names)
    for penalty in penalties:
        if penalty.hand is not None and penalty.hand > len(hands):
            raise GameError(
                _n("penalties: hand {hand} is not in the record ({count} hand)",
                   "penalties: hand {hand} is not in the record ({count} hands)", "count",
                   hand=penalty.hand, count=len(hands)), field="penalties",
            )  # fmt: skip
    substitute = substitute_from(data.get("substitute"), names)
    return GameRecord(rules, names, hands, title, rules_data, end=end, penalties=penalties,
                      substitute=substitute)  # fmt: skip


def _hands(items: list[Any], names: Sequence[str]) -> Iterator[Hand]:
    """A record's hands; an error names its hand in words (“hand 2”) and as a field
    counted from 0, as the API's fields count a list's items, down to the value
    (``hands.1.wins.0.han``)."""
    for i, item in enumerate(items):
        with _within(f"hands.{i}"):
            hand = _hand(item, names, _("hand {number}", number=i + 1))
        yield hand


def penalties_from(items: object, names: Sequence[str]) -> tuple[Penalty, ...]:
    """Referee penalties from a record or a session: ``"NAME:PT[:REASON]"`` or a table
    ``{player, pt, reason, hand}``; players by name or seat, pt after uma."""
    if not isinstance(items, list | tuple):
        raise GameError(
            _("penalties: give a list of NAME:PT (or NAME:PT:REASON)"), field="penalties"
        )
    out = []
    for item in items:
        if isinstance(item, str):
            player, colon, rest = item.partition(":")
            pt_text, _colon2, reason = rest.partition(":")
            if not colon or not pt_text.strip():
                raise GameError(_("penalties: “{item}” should be NAME:PT[:REASON]", item=item),
                                field="penalties")  # fmt: skip
            fields: Mapping[str, Any] = {"player": player, "pt": pt_text, "reason": reason}
        elif isinstance(item, Mapping):
            fields = item
        else:
            raise GameError(_("penalties: “{item}” should be NAME:PT[:REASON]", item=item),
                            field="penalties")  # fmt: skip
        unknown = set(fields) - {"player", "pt", "reason", "hand"}
        if unknown or "player" not in fields or "pt" not in fields:
            raise GameError(_("penalties: “{item}” should be NAME:PT[:REASON]", item=item),
                            field="penalties")  # fmt: skip
        seat = _seat(fields["player"], names, Term("record.penalties"), "penalties")
        try:
            pt = to_pt(fields["pt"], "penalties.pt")
        except RulesError as err:  # a penalty is not a house rule: no "rules:" before it
            raise GameError(
                _("penalties: pt = {pt}: {problem}", pt=err.value, problem=err.problem),
                field="penalties",
            ) from None
        if pt <= 0:
            raise GameError(_("penalties: {pt} pt must be more than 0", pt=pt), field="penalties")
        reason = fields.get("reason", "")
        hand = fields.get("hand")
        if not isinstance(reason, str) or not plain_text(reason):
            raise GameError(_("penalties: a reason is text"), field="penalties")
        if isinstance(hand, str):
            raise GameError(_("{what}: “{value}” is text: write the number without quotes",
                              what="penalties.hand", value=hand), field="penalties")  # fmt: skip
        if hand is not None and (isinstance(hand, bool) or not isinstance(hand, int) or hand < 1):
            raise GameError(_("penalties: hand = {hand}: the number of a hand, 1 or more",
                              hand=as_written(hand)), field="penalties")  # fmt: skip
        out.append(Penalty(seat, pt, reason.strip(), hand))
    return tuple(out)


def substitute_from(
    data: object, names: Sequence[str], taken: Sequence[str] = ()
) -> Substitute | None:
    """``{"seat": PLAYER, "by": NAME, "from_start": true}``: a seat played by a substitute
    (whose name is none of ``names``, nor of ``taken``: the seats' winds where they are
    the players' names, in any language)."""
    if data is None:
        return None
    if isinstance(data, str):  # "PLAYER:NAME", or "PLAYER:NAME:later" from a later hand
        parts = [part.strip() for part in data.split(":")]
        if len(parts) not in (2, 3) or (len(parts) == 3 and parts[2] != "later"):
            raise GameError(_("substitute: “{item}” should be PLAYER:NAME (or PLAYER:NAME:later)",
                              item=data), field="substitute")  # fmt: skip
        data = {"seat": parts[0], "by": parts[1], "from_start": len(parts) == 2}
    if not isinstance(data, Mapping) or set(data) - {"seat", "by", "from_start"} or not {
        "seat", "by"} <= set(data):  # fmt: skip
        raise GameError(_("substitute: give {{seat = PLAYER, by = NAME, from_start = true}}"),
                        field="substitute")  # fmt: skip
    by, from_start = data["by"], data.get("from_start", True)
    if (
        not isinstance(by, str)
        or not by.strip()
        or not plain_text(by)
        or not isinstance(from_start, bool)
    ):
        raise GameError(_("substitute: “by” is a name and from_start true or false"),
                        field="substitute")  # fmt: skip
    if is_house(by):  # the ledger's house: a name no player or spectator takes either
        raise GameError(house_name(by.strip()), field="substitute")
    if name_key(by) in {name_key(name) for name in (*names, *taken)}:
        raise GameError(
            _("substitute: {name} plays at this table already; give the substitute's own name",
              name=by.strip()), field="substitute",
        )  # fmt: skip
    seat = _seat(data["seat"], names, Term("record.substitute"), "substitute")
    return Substitute(seat, by.strip(), from_start)


def _penalty_dict(penalty: Penalty, names: Sequence[str]) -> dict[str, Any]:
    data: dict[str, Any] = {"player": names[penalty.seat], "pt": pt_value(penalty.pt)}
    if penalty.reason:
        data["reason"] = penalty.reason
    if penalty.hand is not None:
        data["hand"] = penalty.hand
    return data


def _seat(
    value: object, names: Sequence[str], what: Message | Term, field: str | None = None
) -> int:
    try:
        return find_player(value, names, what, field)
    except SeisanError as err:
        raise GameError(err.message, field=err.field) from None


def _int(value: object, what: object) -> int:
    if isinstance(value, str) and value.strip().isdigit():  # (“2” shown bare read as the
        # number it is not; “x” is no number at all: the count's own words below)
        raise GameError(_("{what}: “{value}” is text: write the number without quotes",
                          what=what, value=value))  # fmt: skip
    if isinstance(value, bool) or not isinstance(value, int) or value < 0:
        raise GameError(
            _("{what}: {value} must be a whole number, 0 or more", what=what, value=value)
        )
    if value > MAX_COUNT:
        raise GameError(
            _("{what}: {value} is beyond {most}", what=what, value=value, most=MAX_COUNT)
        )
    return value


@contextmanager
def _within(key: str) -> Iterator[None]:
    """Errors raised within a record's field ``key`` name it first (``hands.1``, then
    ``hands.1.wins.0.han``), as the API names a field within a list's items (from 0)."""
    try:
        yield
    except GameError as err:
        raise GameError(err.message, field=f"{key}.{err.field}" if err.field else key) from None


def _fields(item: object, known: set[str], what: Message, where: Message) -> Mapping[str, Any]:
    """``item`` as a table with only ``known`` fields; errors name the field."""
    if not isinstance(item, Mapping):
        raise GameError(_("{where}: each {what} is a table", where=where, what=what))
    unknown = set(item) - known
    if unknown:
        raise GameError(
            _("{where}: “{field}” is not a field of a {what}; known: {known}", where=where,
              field=sorted(unknown)[0], what=what, known=sorted(known)),
            field=sorted(unknown)[0],
        )  # fmt: skip
    return item


def _hand(data: object, names: Sequence[str], where: Message) -> Hand:
    item = _fields(data, _HAND_FIELDS, _("hand"), where)
    result = item.get("result")
    if result is None:
        raise GameError(
            _("{where}: no result: give one of {known}", where=where, known=RESULTS),
            field="result",
        )  # fmt: skip
    if result not in RESULTS:
        raise GameError(
            _("{where}: result “{result}” must be one of {known}", where=where, result=result,
              known=RESULTS), field="result",
        )  # fmt: skip
    round_text = item.get("round")
    if round_text is not None:
        match = _ROUND.match(str(round_text))
        if not match:
            raise GameError(
                _("{where}: round “{round}” should be like E1, S4, W1 (or 東1)", where=where,
                  round=round_text), field="round",
            )  # fmt: skip
        round_text = _KANJI.get(match[1], match[1]) + match[2]
    honba = item.get("honba")
    if honba is not None:
        with _within("honba"):
            honba = _int(honba, _in_field(where, "honba"))

    def seats(key: str) -> tuple[int, ...]:
        what, chosen = _in_field(where, key), []
        for i, seat in enumerate(_list(item, key, where)):
            with _within(f"{key}.{i}"):
                chosen.append(_seat(seat, names, what))
        return tuple(chosen)

    riichi, tenpai, nagashi = seats("riichi"), seats("tenpai"), seats("nagashi")
    calls = seats("calls")
    discarder = _seat_at(item, "from", names, where)
    wins = []
    for i, win in enumerate(_list(item, "wins", where)):
        with _within(f"wins.{i}"):
            wins.append(_win(win, names, where))
    offender = _seat_at(item, "player", names, where)
    if result == "chombo" and offender is None:
        raise GameError(_("{where}: a chombo names who made it (player = …)", where=where),
                        field="player")  # fmt: skip
    if result != "chombo" and offender is not None:
        raise GameError(_("{where}: only a chombo names a player (player = …)", where=where),
                        field="player")  # fmt: skip
    reason = item.get("reason", "")
    stop = item.get("stop", False)
    if not isinstance(reason, str) or not isinstance(stop, bool):
        raise GameError(_("{where}: reason is text and stop is true or false", where=where),
                        field="stop" if isinstance(reason, str) else "reason")  # fmt: skip
    if result in ("draw", "abort") and (wins or discarder is not None):
        raise GameError(
            _("{where}: a hand ending in “{result}” has no winner", where=where,
              result=Term(f"record.result.{result}")), field="wins" if wins else "from",
        )  # fmt: skip
    if result != "draw" and tenpai:
        raise GameError(_("{where}: tenpai is listed only at a draw", where=where),
                        field="tenpai")  # fmt: skip
    if result != "draw" and nagashi:
        raise GameError(_("{where}: 流し満貫 (nagashi) is made only at a draw", where=where),
                        field="nagashi")  # fmt: skip
    if result != "abort" and reason:
        raise GameError(_("{where}: a reason is given only for an abortive draw", where=where),
                        field="reason")  # fmt: skip
    return Hand(
        result, tuple(wins), discarder, riichi, tenpai, reason, stop, round_text, honba, nagashi,
        offender, calls,
    )  # fmt: skip


def _seat_at(item: Mapping[str, Any], key: str, names: Sequence[str], where: Message) -> int | None:
    """The seat a hand's or a win's ``key`` names (None where it is not given); an error
    names the key as its field."""
    if key not in item:
        return None
    with _within(key):
        return _seat(item[key], names, _in_field(where, key))


def _in_field(where: Message, key: str) -> Message:
    """A record's field ``key`` at ``where``, named in the reader's words (本場(honba))."""
    return _("{where}: {field}", where=where, field=Term(f"record.{key}"))


def _list(item: Mapping[str, Any], key: str, where: Message) -> list[Any]:
    value = item.get(key, [])
    if not isinstance(value, list):
        raise GameError(
            _("{where}: {field} must be a list", where=where, field=Term(f"record.{key}")),
            field=key,
        )
    return value


def _win(data: object, names: Sequence[str], where: Message) -> Win:
    item = _fields(data, _WIN_FIELDS, _("win"), where)
    if "winner" not in item:
        raise GameError(_("{where}: a win needs its winner", where=where), field="winner")
    fu = item.get("fu")

    def number(key: str) -> int:
        with _within(key):
            return _int(item.get(key, 0), _in_field(where, key))

    def texts(key: str) -> tuple[str, ...]:
        with _within(key):
            return _texts(item.get(key, []), _in_field(where, key))

    with _within("winner"):
        winner = _seat(item["winner"], names, _in_field(where, "winner"))
    return Win(
        winner, number("han"), None if fu is None else number("fu"), number("yakuman"),
        number("ankan"), _seat_at(item, "pao", names, where), texts("yaku"), number("dora"),
        _seat_at(item, "daiminkan", names, where),
    )  # fmt: skip


def _texts(value: object, what: Message) -> tuple[str, ...]:
    if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
        raise GameError(_("{what}: give a list of names", what=what))
    return tuple(value)


def read_json(path: Path, what: Message) -> Any:
    """A JSON file's data, numbers exact; errors name the file."""
    try:
        text = path.read_text(encoding="utf-8-sig")
    except OSError as err:
        raise GameError(
            _("cannot read {what} {path}: {problem}", what=what, path=path,
              problem=file_problem(err))
        ) from None  # fmt: skip
    except UnicodeDecodeError:
        raise GameError(_("{path}: not UTF-8 text", path=path)) from None
    return json_data(text, path)


def json_data(text: str, path: object) -> Any:
    """JSON text's data, numbers exact, each key of a table given once (``json`` keeps
    the last of two, where TOML refuses them); errors name ``path``."""
    try:
        return json.loads(text, parse_float=Decimal, object_pairs_hook=_once)
    except _TwiceError as err:  # a key given twice: TOML refuses it, JSON kept the last
        raise GameError(
            _("{path}: “{key}” is given twice in one table", path=path, key=err.key)
        ) from None
    except (ValueError, RecursionError) as err:  # JSONDecodeError, Python's own limits
        raise GameError(
            _("{path}: not valid JSON ({where})", path=path, where=where_in_text(err))
        ) from None


class _TwiceError(Exception):
    def __init__(self, key: str) -> None:
        self.key = key


def _once(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    """A JSON object whose keys are each given once (``json`` keeps the last of two)."""
    table: dict[str, Any] = {}
    for key, value in pairs:
        if key in table:
            raise _TwiceError(key)
        table[key] = value
    return table


def load_record(path: Path, rules: Rules | None = None) -> GameRecord:
    """A game record from a JSON file; errors name the file."""
    try:
        data = read_json(path, _("game record"))
    except GameError:
        if path.suffix.lower() == ".json" or not path.is_file():
            raise
        # (a TOML or a log given to `seisan game`: “not valid JSON” had said nothing of why)
        raise GameError(_("{path}: not a game record: a record is a JSON file (.json); a log "
                          "is read by `seisan import`", path=path)) from None  # fmt: skip
    if not isinstance(data, Mapping):
        raise GameError(_("{path}: a record is a JSON object", path=path))
    try:
        record = record_from_dict(data, rules, path.parent)
    except SeisanError as err:
        raise GameError(err.within(path), field=err.field) from None
    return replace(record, source=str(path))
