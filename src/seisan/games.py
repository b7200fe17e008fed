"""Hand-by-hand game records: the running points, the dealer, honba and riichi
deposits, the end of the game, and its settlement.

A record is a list of hands; seisan works out the round, the dealer and the
honba itself and checks them against what the record states. A bad hand is an
error naming the hand; nothing of the record is applied.

Rules of play (the rules' ``[game]`` and ``[scoring]`` tables):

- the dealer keeps the deal (連荘) after winning or being tenpai at an exhaustive
  draw, and after an abortive draw; the honba counter grows with every renchan
  and every draw, and goes back to 0 when a non-dealer wins;
- riichi deposits (1000 each) go to the winner, to the winner nearest the
  discarder on a double ron (with the honba); they stay on the table over draws;
- after South 4 (East 4 in an east-only game), if nobody has the return points
  the game goes on into West (seed 004): sudden death, ending after West 4
  (Tenhou) or going on through North, as the rules say;
- a player below zero ends the game (unless turned off); the leading dealer may
  stop in the last hand where the rules allow it.
"""

from __future__ import annotations

import json
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace
from decimal import Decimal
from pathlib import Path
from typing import Any

from seisan.errors import SeisanError
from seisan.hands import HandError, HandValue, half_up100, hand_value, three_player_tsumo
from seisan.presets import rules_from_spec
from seisan.rules import Extension, Length, Rules, TripleRon
from seisan.settlement import Settlement, check_names, places, settle
from seisan.sidebets import find_player

WINDS = "ESWN"
_ROUND = re.compile(r"^\s*([ESWN東南西北])\s*([1-4])\s*$")
_KANJI = {"東": "E", "南": "S", "西": "W", "北": "N"}
RESULTS = ("ron", "tsumo", "draw", "abort")
ABORTS = ("kyuushu", "suufon", "suucha-riichi", "suukan", "sanchahou")


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

    def play(self) -> GamePlay:
        return play(self)

    def to_dict(self) -> dict[str, Any]:
        """The record as JSON data; :func:`record_from_dict` reads it back."""
        lines = play(self, check_end=False).lines
        data: dict[str, Any] = {}
        if self.title:
            data["title"] = self.title
        if self.rules_data is not None:
            data["rules"] = self.rules_data
        elif self.rules != Rules():
            data["rules"] = self.rules.to_dict(meta=False)
        data["players"] = list(self.names)
        data["hands"] = [
            _hand_dict(h, line, self.names) for h, line in zip(self.hands, lines, strict=True)
        ]
        return data


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
    summary: str


@dataclass(frozen=True)
class GamePlay:
    """A record played out: every hand's line, the final points and the settlement."""

    record: GameRecord
    lines: tuple[HandLine, ...]
    final_points: tuple[int, ...]
    leftover: int
    ended: str
    settlement: Settlement | None = field(default=None)

    def to_dict(self) -> dict[str, Any]:
        assert self.settlement is not None
        return {
            "record": self.record.to_dict(),
            "hands": [
                {
                    "number": line.number,
                    "round": line.round,
                    "dealer": line.dealer,
                    "honba": line.honba,
                    "summary": line.summary,
                    "deltas": list(line.deltas),
                    "deposits": line.deposits_after,
                    "points": list(line.points),
                }
                for line in self.lines
            ],
            "ended": self.ended,
            "final_points": list(self.final_points),
            "leftover_deposits": self.leftover,
            "settlement": self.settlement.to_dict(),
        }


def _round_name(wind: int, number: int) -> str:
    return f"{WINDS[wind]}{number + 1}"


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
        self.ended = ""

    @property
    def last_wind(self) -> int:
        """The last wind of the game's length: East (0) or South (1)."""
        return 0 if self.rules.game.length is Length.EAST else 1

    @property
    def last_regular(self) -> bool:
        """Whether this is the last hand of the game's length (オーラス)."""
        return self.wind == self.last_wind and self.number == self.n - 1

    def leader(self) -> int:
        return places(self.points, self.rules.ties).index(1)


def play(record: GameRecord, *, check_end: bool = True) -> GamePlay:
    """Play every hand of ``record``; errors name the hand (and the file) and apply
    nothing."""
    try:
        return _play(record, check_end)
    except GameError as err:
        raise GameError(f"{record.source}: {err}" if record.source else str(err)) from None


def _play(record: GameRecord, check_end: bool) -> GamePlay:
    table = _Table(record)
    lines = []
    for index, hand in enumerate(record.hands, start=1):
        where = f"hand {index}"
        if table.ended:
            raise GameError(f"{where}: the game already ended ({table.ended})")
        lines.append(_play_hand(table, hand, index, where))
    if check_end and not table.ended:
        raise GameError(
            f"the record stops at {_round_name(table.wind, table.number)} "
            f"{table.honba}本場 but the game has not ended"
        )
    final = tuple(table.points)
    leftover = table.deposits
    result = None
    if check_end:
        stick = record.rules.scoring.riichi
        try:
            result = settle(
                final, record.rules, list(record.names), leftover // stick if stick else 0
            )
        except SeisanError as err:
            raise GameError(f"the final points cannot be settled: {err}") from None
        final = tuple(r.points for r in result)  # first place may have taken the deposits
        leftover = result.leftover_deposits
    return GamePlay(record, tuple(lines), final, leftover, table.ended, result)


def _play_hand(table: _Table, hand: Hand, index: int, where: str) -> HandLine:
    rules = table.rules
    n = table.n
    round_name = _round_name(table.wind, table.number)
    if hand.round is not None and hand.round != round_name:
        raise GameError(f"{where}: the record says {hand.round}, but the game is at {round_name}")
    if hand.honba is not None and hand.honba != table.honba:
        raise GameError(
            f"{where}: the record says {hand.honba} honba, but the game has {table.honba}"
        )
    dealer = table.number
    deposits_before = table.deposits
    deltas = [0] * n
    if len(set(hand.riichi)) != len(hand.riichi):
        raise GameError(f"{where}: a player declares riichi twice")
    stick = rules.scoring.riichi
    for seat in hand.riichi:
        if table.points[seat] < stick:
            raise GameError(
                f"{where}: {table.names[seat]} cannot declare riichi with "
                f"{table.points[seat]} points (a deposit is {stick})"
            )
        deltas[seat] -= stick
    deposits = table.deposits + stick * len(hand.riichi)
    summary, renchan, deposits = _result(table, hand, dealer, deltas, deposits, where)
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
    )
    _advance(table, hand, renchan, where)
    return line


def _result(
    table: _Table, hand: Hand, dealer: int, deltas: list[int], deposits: int, where: str
) -> tuple[str, bool, int]:
    """Apply the hand's result to ``deltas``; the summary, whether the dealer keeps
    the deal, and the deposits left on the table."""
    rules = table.rules
    n = table.n
    names = table.names
    scoring = rules.scoring
    if hand.result == "ron":
        if hand.discarder is None or not hand.wins:
            raise GameError(f"{where}: a ron needs the discarder and a winner")
        winners = [w.winner for w in hand.wins]
        if len(set(winners)) != len(winners):
            raise GameError(f"{where}: a player wins twice")
        if hand.discarder in winners:
            raise GameError(f"{where}: {names[hand.discarder]} cannot win on their own discard")
        if len(winners) == 3 and scoring.triple_ron is TripleRon.ABORT:
            return "triple ron: abortive draw (sanchahou)", True, deposits
        nearest = _nearest(hand.discarder, winners, n)
        wins = [w for w in hand.wins if w.winner == nearest] if scoring.atamahane else hand.wins
        parts = []
        for win in wins:
            value = _value(win, dealer, table, where)
            if value.ron is None:
                raise GameError(f"{where}: {names[win.winner]}'s hand cannot win by ron")
            amount = value.ron
            bonus = table.honba * scoring.honba if win.winner == nearest else 0
            _pay_ron(deltas, win, hand.discarder, amount, bonus)
            if win.winner == nearest:
                deltas[win.winner] += deposits
            parts.append(f"{names[win.winner]} {_describe(win)} {amount}")
        deposits = 0
        renchan = any(w.winner == dealer for w in wins)
        return f"ron from {names[hand.discarder]}: " + "; ".join(parts), renchan, deposits
    if hand.result == "tsumo":
        if len(hand.wins) != 1 or hand.discarder is not None:
            raise GameError(f"{where}: a tsumo has one winner and no discarder")
        win = hand.wins[0]
        value = _value(win, dealer, table, where)
        if n == 3:
            value = three_player_tsumo(value, scoring)
        if value.tsumo_non_dealer is None:
            raise GameError(f"{where}: {names[win.winner]}'s hand cannot win by tsumo")
        value = value.with_honba(table.honba, scoring.honba)
        owed = {}
        for seat in range(n):
            if seat == win.winner:
                continue
            from_dealer = seat == dealer and value.tsumo_dealer is not None
            owed[seat] = (value.tsumo_dealer if from_dealer else value.tsumo_non_dealer) or 0
        total = sum(owed.values())
        if win.pao is not None:
            owed = {win.pao: total}
        for seat, amount in owed.items():
            deltas[seat] -= amount
        deltas[win.winner] += total + deposits
        pays = "/".join(str(a) for a in sorted(set(owed.values())))
        return f"{names[win.winner]} tsumo {_describe(win)} {pays}", win.winner == dealer, 0
    if hand.result == "draw":
        tenpai = set(hand.tenpai)
        if len(tenpai) != len(hand.tenpai):
            raise GameError(f"{where}: a player is listed tenpai twice")
        for seat in hand.riichi:
            if seat not in tenpai:
                raise GameError(f"{where}: {names[seat]} declared riichi but is not listed tenpai")
        if 0 < len(tenpai) < n:
            total = scoring.noten
            gets, left_in = divmod(total, len(tenpai))
            gives, left_out = divmod(total, n - len(tenpai))
            if left_in or left_out:
                raise GameError(f"{where}: {total} noten points do not split here")
            for seat in range(n):
                deltas[seat] += gets if seat in tenpai else -gives
        listed = ", ".join(names[s] for s in sorted(tenpai)) or "nobody"
        return f"draw, tenpai: {listed}", dealer in tenpai, deposits
    if hand.result == "abort":
        if hand.reason == "suucha-riichi" and len(set(hand.riichi)) != 4:
            raise GameError(f"{where}: 四家立直 (suucha-riichi) needs all four riichi in the hand")
        if hand.reason and hand.reason not in ABORTS:
            raise GameError(
                f"{where}: unknown abortive draw {hand.reason!r}; known: {', '.join(ABORTS)}"
            )
        return f"abortive draw{' (' + hand.reason + ')' if hand.reason else ''}", True, deposits
    raise GameError(f"{where}: unknown result {hand.result!r}; known: {', '.join(RESULTS)}")


def _value(win: Win, dealer: int, table: _Table, where: str) -> HandValue:
    if win.pao is not None and not win.yakuman:
        raise GameError(
            f"{where}: 包 (pao) is for a yakuman (大三元, 大四喜), not a {win.han} han hand"
        )
    if win.pao == win.winner:
        raise GameError(
            f"{where}: {table.names[win.winner]} cannot be responsible (包) for their own hand"
        )
    try:
        return hand_value(
            win.han,
            win.fu,
            win.winner == dealer,
            table.rules.scoring,
            yakuman=win.yakuman,
            ankan=win.ankan,
            where=f"{where}: {table.names[win.winner]}: ",
        )
    except HandError as err:
        raise GameError(str(err)) from None


def _pay_ron(deltas: list[int], win: Win, discarder: int, amount: int, bonus: int) -> None:
    """The discarder pays; with 包 on someone else, they share the hand's value."""
    deltas[win.winner] += amount + bonus
    if win.pao is None or win.pao == discarder:
        deltas[discarder] -= amount + bonus
        return
    half = half_up100(amount)  # from the responsible player
    deltas[win.pao] -= half
    deltas[discarder] -= amount - half + bonus


def _describe(win: Win) -> str:
    if win.yakuman:
        return "yakuman" if win.yakuman == 1 else f"{win.yakuman}x yakuman"
    return f"{win.han}han" + (f"{win.fu}fu" if win.fu is not None else "")


def _advance(table: _Table, hand: Hand, renchan: bool, where: str) -> None:
    """Move to the next hand, or end the game."""
    rules = table.rules
    flow = rules.game
    last = table.last_regular
    in_extension = table.wind > table.last_wind
    target = flow.target or rules.return_points
    if hand.stop:
        if not flow.dealer_stop:
            raise GameError(f"{where}: these rules do not let the dealer stop (dealer_stop)")
        kept = renchan and hand.result in ("ron", "tsumo", "draw")
        if not (last and kept and table.leader() == table.number):
            raise GameError(
                f"{where}: only the dealer who wins or is tenpai in the last hand, as the "
                "leader, may stop"
            )
        if flow.extension is not Extension.NONE and table.points[table.number] < target:
            raise GameError(
                f"{where}: the dealer cannot stop below {target}: the game goes on into the "
                "extension"
            )
    if flow.bust_ends and any(p < 0 for p in table.points):
        table.ended = f"{_who_busted(table)} went below zero"
        return
    if hand.stop:
        table.ended = f"the dealer stopped as the leader in {_round_name(table.wind, table.number)}"
        return
    reached = any(p >= target for p in table.points)
    if in_extension and reached:
        table.ended = f"sudden death in {_round_name(table.wind, table.number)}"
        return
    if renchan:
        table.honba += 1
        return
    if hand.result in ("draw", "abort"):
        table.honba += 1
    else:
        table.honba = 0
    table.number += 1
    if table.number < table.n:
        return
    # past the last hand of a wind
    table.number = 0
    finishing = _round_name(table.wind, table.n - 1)
    if last:
        if reached or flow.extension is Extension.NONE:
            table.ended = f"after {finishing}"
            return
    elif in_extension:
        # one more wind (Tenhou: West after a hanchan), or two (through North)
        final_wind = table.last_wind + (1 if flow.extension is Extension.WEST else 2)
        if table.wind >= final_wind:
            table.ended = f"after {finishing}"
            return
    table.wind += 1


def _who_busted(table: _Table) -> str:
    return ", ".join(table.names[s] for s, p in enumerate(table.points) if p < 0)


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
    return data


_HAND_FIELDS = {"round", "honba", "riichi", "result", "from", "wins", "tenpai", "reason", "stop"}
_WIN_FIELDS = {"winner", "han", "fu", "yakuman", "ankan", "pao"}


def record_from_dict(
    data: Mapping[str, Any], rules: Rules | None = None, folder: Path | None = None
) -> GameRecord:
    """A game record from its JSON data (see the README); errors name the hand and field.
    A rules file the record names is looked for in ``folder``."""
    unknown = set(data) - {"title", "rules", "players", "hands"}
    if unknown:
        raise GameError(
            f"{sorted(unknown)[0]!r} is not a record field (title, rules, players, hands)"
        )
    spec = data.get("rules")
    if rules is None:
        try:
            rules = rules_from_spec(spec, folder)
        except SeisanError as err:
            raise GameError(str(err) if str(err).startswith("rules") else f"rules: {err}") from None
        rules_data = spec
    else:
        rules_data = None  # replaced: written out in full
    names_data = data.get("players")
    if not isinstance(names_data, list):
        raise GameError("players: give the names in seat order (seat 0 is the first dealer)")
    names = tuple(check_names(names_data, rules.players))
    hands_data = data.get("hands")
    if not isinstance(hands_data, list) or not hands_data:
        raise GameError("hands: give the list of hands")
    hands = tuple(_hand(item, names, f"hand {i}") for i, item in enumerate(hands_data, start=1))
    title = data.get("title", "")
    if not isinstance(title, str):
        raise GameError("title: must be text")
    return GameRecord(rules, names, hands, title, rules_data)


def _seat(value: object, names: Sequence[str], what: str) -> int:
    try:
        return find_player(value, names, what)
    except SeisanError as err:
        raise GameError(str(err)) from None


def _int(value: object, what: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or value < 0:
        raise GameError(f"{what}: {value!r} must be a whole number, 0 or more")
    return value


def _fields(item: object, known: set[str], what: str, where: str) -> Mapping[str, Any]:
    """``item`` as a table with only ``known`` fields; errors name the field."""
    if not isinstance(item, Mapping):
        raise GameError(f"{where}: each {what} is a table")
    unknown = set(item) - known
    if unknown:
        raise GameError(f"{where}: {sorted(unknown)[0]!r} is not a {what} field")
    return item


def _hand(data: object, names: Sequence[str], where: str) -> Hand:
    item = _fields(data, _HAND_FIELDS, "hand", where)
    result = item.get("result")
    if result not in RESULTS:
        raise GameError(f"{where}: result {result!r} must be one of {', '.join(RESULTS)}")
    round_text = item.get("round")
    if round_text is not None:
        match = _ROUND.match(str(round_text))
        if not match:
            raise GameError(f"{where}: round {round_text!r} should be like E1, S4, W1 (or 東1)")
        round_text = _KANJI.get(match[1], match[1]) + match[2]
    honba = item.get("honba")
    if honba is not None:
        honba = _int(honba, f"{where}: honba")
    riichi = tuple(_seat(s, names, f"{where}: riichi") for s in _list(item, "riichi", where))
    tenpai = tuple(_seat(s, names, f"{where}: tenpai") for s in _list(item, "tenpai", where))
    discarder = _seat(item["from"], names, f"{where}: from") if "from" in item else None
    wins = tuple(_win(w, names, where) for w in _list(item, "wins", where))
    reason = item.get("reason", "")
    stop = item.get("stop", False)
    if not isinstance(reason, str) or not isinstance(stop, bool):
        raise GameError(f"{where}: reason is text and stop is true or false")
    if result in ("draw", "abort") and (wins or discarder is not None):
        raise GameError(f"{where}: a {result} has no winner")
    if result != "draw" and tenpai:
        raise GameError(f"{where}: tenpai is listed only at a draw")
    if result != "abort" and reason:
        raise GameError(f"{where}: a reason is given only for an abortive draw")
    return Hand(result, wins, discarder, riichi, tenpai, reason, stop, round_text, honba)


def _list(item: Mapping[str, Any], key: str, where: str) -> list[Any]:
    value = item.get(key, [])
    if not isinstance(value, list):
        raise GameError(f"{where}: {key} must be a list")
    return value


def _win(data: object, names: Sequence[str], where: str) -> Win:
    item = _fields(data, _WIN_FIELDS, "win", where)
    if "winner" not in item:
        raise GameError(f"{where}: a win needs its winner")
    fu = item.get("fu")
    return Win(
        _seat(item["winner"], names, f"{where}: winner"),
        _int(item.get("han", 0), f"{where}: han"),
        None if fu is None else _int(fu, f"{where}: fu"),
        _int(item.get("yakuman", 0), f"{where}: yakuman"),
        _int(item.get("ankan", 0), f"{where}: ankan"),
        _seat(item["pao"], names, f"{where}: pao") if "pao" in item else None,
    )


def load_record(path: Path, rules: Rules | None = None) -> GameRecord:
    """A game record from a JSON file; errors name the file."""
    try:
        data = json.loads(path.read_text(encoding="utf-8-sig"), parse_float=Decimal)
    except OSError as err:
        raise GameError(f"cannot read game record {path}: {err.strerror}") from None
    except (UnicodeDecodeError, json.JSONDecodeError) as err:
        raise GameError(f"{path}: not valid JSON: {err}") from None
    except RecursionError:
        raise GameError(f"{path}: not valid JSON: nested too deeply") from None
    if not isinstance(data, Mapping):
        raise GameError(f"{path}: a record is a JSON object")
    try:
        record = record_from_dict(data, rules, path.parent)
    except SeisanError as err:
        raise GameError(f"{path}: {err}") from None
    return replace(record, source=str(path))
