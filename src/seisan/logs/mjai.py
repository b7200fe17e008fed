"""mjai logs (JSON lines, one event a line) as seisan game records, hand by hand.

mjai is the protocol of mahjong AIs: Mortal and its arena, the mjai simulator
(mjai.app), mjai-reviewer's converter of Tenhou logs, gimite's original mjai server and
akochan write it. Writers differ in what a result carries (docs/decisions.md): gimite's
gives ``fan`` and ``fu``; most give the points only (``deltas``), or nothing but who won.
So the reader replays the tiles of every hand (``start_kyoku``'s hands, each draw,
discard and call) and, where a win carries no han and fu, scores the winning hand from
its tiles with the ``mahjong`` package, knowing how it was won (riichi, 一発, 嶺上開花,
槍槓, 海底, 河底, ダブル立直, 天和, 地和, dora, 赤ドラ, 裏ドラ, 抜きドラ). A draw's
tenpai hands come from the log where it says them, else from the tiles.

Where a riichi win's ura dora indicators are not in the log (mjai-reviewer's converter
before November 2021), its ura dora are the count that gives the log's points; every
other han is the tiles'. :func:`~seisan.logs.check` compares every hand's points with
the log's (``deltas``, ``scores``, or the next hand's start).
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field, replace
from enum import Enum, auto
from pathlib import Path
from typing import Any

from seisan.errors import SeisanError, where_in_text
from seisan.games import GameRecord, Hand, RoundName, Win
from seisan.hands import HandError, hand_value
from seisan.i18n import _, file_text
from seisan.logs import (
    LogError,
    LoggedGame,
    as_logged,
    deal_digest,
    read_text,
    seat_names,
    tile_kind,
)
from seisan.presets import find_preset
from seisan.rules import Length, Rules

_TILE = re.compile(r"^(?:[1-9][mps]r?|[ESWNPFC])$")
_HONOURS = {"E": "1z", "S": "2z", "W": "3z", "N": "4z", "P": "5z", "F": "6z", "C": "7z"}
_WINDS = "ESWN"
_DRAGONS = frozenset("PFC")
#: abortive draws by the ``reason`` writers give them (gimite's; RiichiEnv's spellings)
_ABORTS = {
    "kyushukyuhai": "kyuushu", "kyushu_kyuhai": "kyuushu",
    "sufonrenta": "suufon", "sufuurenta": "suufon",
    "suchareach": "suucha-riichi", "suucha_riichi": "suucha-riichi",
    "sukaikan": "suukan", "suukansansen": "suukan",
    "sanchaho": "sanchahou",
}  # fmt: skip
#: draws from the wall in a hand: 136 tiles less the dead wall and the deal (3 players:
#: 108); a kan's or a North's replacement tile takes one from the live wall's end
_WALL = {4: 70, 3: 55}
_DAISANGEN, _DAISUUSHI = 103, 111  #: the ``mahjong`` package's ids: 責任払い yakuman


def _mpsz(tile: str) -> str:
    """An mjai tile in mpsz (``5mr``: ``0m``; ``E``: ``1z``)."""
    if tile in _HONOURS:
        return _HONOURS[tile]
    return "0" + tile[1] if tile.endswith("r") else tile


def _kind(tile: str) -> str:
    """A tile whatever its colour (``5mr`` is ``5m``)."""
    return tile[:2]


def _terminal(tile: str) -> bool:
    return tile in _HONOURS or tile[0] in "19"


def events(text: str) -> Iterator[tuple[int, dict[str, Any]]]:
    """Each event with its line number: one JSON object a line (a line may hold a list
    of them, as mjai.app's streams do; a whole file may be one JSON list)."""
    stripped = text.lstrip()
    if stripped.startswith("["):
        try:
            whole = json.loads(text)
        except json.JSONDecodeError as err:
            raise LogError(_("line {line}: not JSON (column {column})", line=err.lineno,
                             column=err.colno)) from None  # fmt: skip
        except (ValueError, RecursionError) as err:  # Python's own limits
            raise LogError(_("not valid JSON ({where})", where=where_in_text(err))) from None
        lines = [(1, whole)]
    else:
        lines = []
        for number, line in enumerate(text.splitlines(), start=1):
            if not line.strip():
                continue
            try:
                lines.append((number, json.loads(line)))
            except json.JSONDecodeError as err:
                raise LogError(_("line {line}: not JSON (column {column})", line=number,
                                 column=err.colno)) from None  # fmt: skip
            except (ValueError, RecursionError) as err:  # Python's own limits
                raise LogError(_("line {line}: not JSON ({where})", line=number,
                                 where=where_in_text(err))) from None  # fmt: skip
    for number, value in lines:
        for event in value if isinstance(value, list) else [value]:
            if not isinstance(event, dict) or not isinstance(event.get("type"), str):
                raise LogError(_("line {line}: not an mjai event (no “type”)", line=number))
            yield number, event


class _Move(Enum):
    """How the last tile was let go: a kan's can be robbed (槍槓), a discard's or a North's
    is won on plainly."""

    DISCARD = auto()
    ADDED_KAN = auto()
    CONCEALED_KAN = auto()
    NORTH = auto()


@dataclass
class _Seat:
    """A player's tiles and state in the hand being read."""

    hand: list[str]
    melds: list[tuple[str, list[str], int | None]] = field(default_factory=list)
    discarded: bool = False  #: let a tile go this hand (no 天和, 地和 or ダブル立直 after)
    riichi: bool = False
    declaring: bool = False
    double: bool = False
    ippatsu: bool = False
    nuki: int = 0
    replacement: bool = False  #: the last draw was a kan's (or a North's) replacement
    pending: bool = False  #: a riichi discard whose stick is not yet paid
    nagashi: bool = True  #: every discard a terminal or an honour, none called
    drew: str = ""


@dataclass
class _Pending:
    """A hand being read: from its ``start_kyoku`` to its ``end_kyoku``."""

    round: str
    honba: int
    dealer: int
    wind: str
    seats: list[_Seat]
    start: tuple[int, ...] | None
    dora: list[str]
    draws: int = 0
    interrupted: bool = False  #: a call (or a kan) since the deal: no 天和, 地和, ダブル立直
    riichi: list[int] = field(default_factory=list)
    calls: set[int] = field(default_factory=set)
    #: the last tile let go or declared: how, who, the tile
    last: tuple[_Move, int, str] = (_Move.DISCARD, -1, "")
    results: list[tuple[int, dict[str, Any]]] = field(default_factory=list)
    ippatsu_at_kan: tuple[bool, ...] = ()
    kyotaku: int = 0  #: riichi sticks on the table at the start (the log's ``kyotaku``)
    discards: list[str] = field(default_factory=list)  #: the hand's discards, in order
    drew_last: bool = False  #: the last move was a draw (not a discard)


class _Placed(LogError):
    """An error that names its line already (a hand's result, found at its end)."""


class _Reader:
    def __init__(self, rules: Rules | None, names: Sequence[str] | None) -> None:
        self.chosen = rules
        self.given_names = names
        self.names: list[str] = []
        self.east_only: bool | None = None
        self.hands: list[Hand] = []
        self.after: list[tuple[int, ...] | None] = []
        self.starts: list[tuple[int, ...] | None] = []
        self.deals: list[list[list[int]]] = []  #: each hand's starting tiles, seat by seat
        self.final: tuple[int, ...] | None = None
        self.open: _Pending | None = None
        self.players = 0
        self.rules: Rules | None = None
        self.rounds: list[str] = []  #: each hand's round wind

    # -- reading -------------------------------------------------------------------

    def read(self, line: int, event: dict[str, Any]) -> None:
        kind = event["type"]
        try:
            handler = getattr(self, f"on_{kind}", None)
            if handler is not None:
                handler(event)
            elif kind not in ("none", "end_kyoku", "hello", "error"):
                raise _Placed(_("line {line}: “{kind}” is not an mjai event", line=line,
                                 kind=kind))  # fmt: skip
            if kind == "end_kyoku":
                self.finish()
        except _Placed:
            raise
        except SeisanError as err:
            raise LogError(_("line {line}: {problem}", line=line, problem=err.message)) from None
        except (KeyError, IndexError, TypeError, ValueError, AttributeError, ArithmeticError):
            raise LogError(_("line {line}: a “{kind}” event with a field missing or wrong",
                             line=line, kind=kind)) from None  # fmt: skip
        if self.open is not None and kind in ("hora", "ryukyoku"):
            self.open.results.append((line, event))

    def now(self) -> _Pending:
        """The hand being read; an event outside a hand is an error."""
        if self.open is None:
            raise LogError(_("an event outside a hand (before its “start_kyoku”)"))
        return self.open

    def seat(self, event: dict[str, Any], key: str = "actor") -> _Seat:
        hand = self.now()
        who = event[key]
        if not isinstance(who, int) or not 0 <= who < len(hand.seats):
            raise ValueError  # (the reader says: a field missing or wrong)
        return hand.seats[who]

    def tile(self, value: Any) -> str:
        if not isinstance(value, str) or not (_TILE.match(value) or value == "?"):
            raise ValueError  # (the reader says: a field missing or wrong)
        return value

    def take(self, seat: _Seat, tiles: Sequence[str]) -> None:
        hand = self.now()
        for tile in tiles:
            self.tile(tile)
            if tile in seat.hand:
                seat.hand.remove(tile)
            elif "?" in seat.hand:
                seat.hand.remove("?")
            else:
                who = hand.seats.index(seat)
                name = self.names[who] if who < len(self.names) else str(who + 1)
                raise LogError(_("{tile} is not in {name}'s hand", tile=tile, name=name))

    def on_start_game(self, event: dict[str, Any]) -> None:
        names = event.get("names") or []
        self.names = [str(n) for n in names]
        first = event.get("kyoku_first")
        if first is not None:
            self.east_only = int(first) == 4

    def on_start_kyoku(self, event: dict[str, Any]) -> None:
        if self.open is not None:
            raise LogError(_("a hand starts before the last one ended (no “end_kyoku”)"))
        tehais = event["tehais"]
        players = sum(1 for t in tehais if t)
        if players not in (3, 4) or self.players not in (0, players):
            raise ValueError  # (the reader says: a field missing or wrong)
        self.players = players
        if self.chosen is not None and self.chosen.players != players:
            raise LogError(_("the log is a game of {players} players; the rules {name} are "
                             "for {count}", players=players, name=self.chosen.name,
                             count=self.chosen.players))  # fmt: skip
        seats = [_Seat([self.tile(t) for t in tiles]) for tiles in tehais[:players]]
        self.deals.append([[tile_kind(t) for t in seat.hand] for seat in seats])
        wind, number = str(event["bakaze"]), int(event["kyoku"])
        if wind not in _WINDS or not 1 <= number <= 4:
            raise ValueError  # (the reader says: a field missing or wrong)
        scores = event.get("scores")
        start = tuple(int(x) for x in scores[:players]) if scores else None
        self.starts.append(start)
        self.open = _Pending(f"{wind}{number}", int(event.get("honba") or 0),
                             int(event.get("oya", number - 1)), wind, seats, start,
                             [self.tile(event["dora_marker"])],
                             kyotaku=int(event.get("kyotaku") or 0))  # fmt: skip
        self.rounds.append(wind)

    def on_tsumo(self, event: dict[str, Any]) -> None:
        seat, tile = self.seat(event), self.tile(event["pai"])
        hand = self.now()
        hand.draws += 1
        hand.drew_last = True
        seat.hand.append(tile)
        seat.drew = tile

    def on_dahai(self, event: dict[str, Any]) -> None:
        seat, tile = self.seat(event), self.tile(event["pai"])
        hand = self.now()
        self.take(seat, [tile])
        hand.drew_last = False
        if seat.declaring:  # the riichi discard
            seat.declaring = False
            seat.pending = True  # paid when the next player acts (or a draw ends the hand)
            seat.double = not seat.discarded and not hand.interrupted
        elif seat.riichi:
            seat.ippatsu = False
        seat.discarded = True
        seat.replacement = False
        seat.nagashi = seat.nagashi and _terminal(tile)
        hand.last = (_Move.DISCARD, event["actor"], tile)
        hand.discards.append(tile)

    def call(self, event: dict[str, Any], kind: str, opened: bool = True) -> None:
        hand = self.now()
        seat = self.seat(event)
        consumed = [self.tile(t) for t in event["consumed"]]
        self.take(seat, consumed)
        tiles = consumed if kind == "ankan" else [*consumed, self.tile(event["pai"])]
        fed = event["target"] if opened else None
        if fed is not None:
            hand.seats[fed].nagashi = False  # a discard called
            hand.calls.add(event["actor"])
        seat.melds.append((kind, tiles, fed))
        hand.interrupted = True
        for each in hand.seats:
            each.ippatsu = False
        seat.replacement = kind in ("kan", "ankan")
        if kind == "ankan":  # a concealed kan can be won on by 国士無双
            hand.last = (_Move.CONCEALED_KAN, event["actor"], consumed[-1])

    def on_chi(self, event: dict[str, Any]) -> None:
        self.call(event, "chi")

    def on_pon(self, event: dict[str, Any]) -> None:
        self.call(event, "pon")

    def on_daiminkan(self, event: dict[str, Any]) -> None:
        self.call(event, "kan")

    def on_ankan(self, event: dict[str, Any]) -> None:
        self.call(event, "ankan", opened=False)

    def on_kakan(self, event: dict[str, Any]) -> None:
        hand = self.now()
        seat, tile = self.seat(event), self.tile(event["pai"])
        self.take(seat, [tile])
        for index, (kind, tiles, fed) in enumerate(seat.melds):
            if kind == "pon" and _kind(tiles[0]) == _kind(tile):
                seat.melds[index] = ("kan", [*tiles, tile], fed)
                break
        else:
            raise LogError(_("an added kan of {tile} without its pon", tile=tile))
        hand.ippatsu_at_kan = tuple(s.ippatsu for s in hand.seats)
        for each in hand.seats:
            each.ippatsu = False
        hand.last = (_Move.ADDED_KAN, event["actor"], tile)
        seat.replacement = True

    def on_kita(self, event: dict[str, Any]) -> None:  # three players' North (抜きドラ)
        hand = self.now()
        seat = self.seat(event)
        self.take(seat, ["N"])
        seat.nuki += 1
        seat.replacement = True
        hand.last = (_Move.NORTH, event["actor"], "N")  # a North set aside can be won on

    on_nukidora = on_kita  # Mortal's name for it

    def on_dora(self, event: dict[str, Any]) -> None:
        hand = self.now()
        hand.dora.append(self.tile(event["dora_marker"]))

    def on_reach(self, event: dict[str, Any]) -> None:
        self.seat(event).declaring = True

    def on_reach_accepted(self, event: dict[str, Any]) -> None:
        hand = self.now()
        seat = self.seat(event)
        if not seat.riichi:
            seat.riichi = seat.ippatsu = True
            seat.pending = False
            hand.riichi.append(event["actor"])

    def on_hora(self, event: dict[str, Any]) -> None:
        self.seat(event)
        self.seat(event, "target")
        if event.get("pao") is not None:
            self.seat(event, "pao")

    def on_ryukyoku(self, event: dict[str, Any]) -> None:
        hand = self.now()
        if event.get("reason") == "error":
            raise LogError(_("a hand ended by a program's error (mjai.app's penalty), which "
                             "is no rule of the game"))  # fmt: skip
        for who, seat in enumerate(hand.seats):  # a riichi discard nobody won on: its stick
            if seat.pending:  # is paid (the converter writes no reach_accepted for it)
                seat.riichi, seat.pending = True, False
                hand.riichi.append(who)

    def on_end_game(self, event: dict[str, Any]) -> None:
        self.finish()
        scores = event.get("scores")
        if scores:
            self.final = tuple(int(x) for x in scores[: self.players])

    # -- a hand's result -----------------------------------------------------------

    def finish(self) -> None:
        hand = self.open
        if hand is None:
            return
        self.open = None
        if not hand.results:
            raise LogError(_("hand {round}: no result (“hora” or “ryukyoku”)",
                             round=RoundName(hand.round)))  # fmt: skip
        riichi = tuple(sorted(hand.riichi))
        calls = tuple(sorted(hand.calls))
        first_line, first = hand.results[0]
        made: Hand
        try:
            if first["type"] == "hora":
                wins, discarder = self.wins(hand)
                result = "tsumo" if discarder is None else "ron"
                made = Hand(result, tuple(wins), discarder, riichi, round=hand.round,
                            honba=hand.honba, calls=calls)  # fmt: skip
            else:
                made = self.draw(hand, first, riichi, calls)
        except HandError as err:
            raise _Placed(_("line {line}: {problem}", line=first_line,
                            problem=err.message)) from None  # fmt: skip
        self.hands.append(made)
        self.after.append(self.points_after(hand))

    def rules_now(self) -> Rules:
        """The rules hands are scored under while reading: those chosen, else Tenhou's
        of the log's size (the game's length is decided at its end: :meth:`game`)."""
        if self.rules is None:
            self.rules = self.chosen or _default_rules(self.players)  # (its length: at the end)
        return self.rules

    def length_known(self) -> Rules:
        """The rules with the log's length: east-only where ``start_game`` says so
        (``kyoku_first`` 4), or, where it does not, when no hand went past the East (a
        hanchan that ends in the East ends there alike)."""
        east = self.east_only if self.east_only is not None else set(self.rounds) <= {"E"}
        if self.chosen is not None:
            return as_logged(self.chosen, self.players, not east)
        return _default_rules(self.players, east)

    def wins(self, hand: _Pending) -> tuple[list[Win], int | None]:
        wins = []
        discarder: int | None = None
        for index, (_line, event) in enumerate(hand.results):
            if event["type"] != "hora":
                raise LogError(_("hand {round}: a win and a draw at once",
                                 round=RoundName(hand.round)))  # fmt: skip
            who, source = event["actor"], event["target"]
            discarder = None if who == source else source
            wins.append(self.win(hand, event, who, discarder, first=index == 0))
        return wins, discarder

    def win(self, hand: _Pending, event: dict[str, Any], who: int, discarder: int | None,
            first: bool) -> Win:  # fmt: skip
        seat = hand.seats[who]
        fan = event.get("fan", event.get("han"))
        pao = event.get("pao")
        if pao is not None and (not isinstance(pao, int) or not 0 <= pao < len(hand.seats)):
            raise ValueError  # (the reader says: a field missing or wrong)
        if isinstance(fan, int) and isinstance(event.get("fu"), int):  # the log's own
            yakuman, han = divmod(fan, 100) if fan >= 100 else (0, fan)
            fu = event["fu"]
            fu = fu if fu == 25 else -(-fu // 10) * 10
            return Win(who, han, None if yakuman or han >= 5 else fu, yakuman, 0,
                       pao if isinstance(pao, int) else None)  # fmt: skip
        if "?" in seat.hand:
            raise LogError(_("hand {round}: a win without han and fu, and the winner's "
                             "tiles are not in the log", round=RoundName(hand.round)))  # fmt: skip
        scored = self.scored(hand, event, who, discarder, seat)
        if pao is None:
            pao = _pao(seat, scored.yaku_ids)
        han = scored.han if not scored.yakuman else 0
        fu = None if scored.yakuman or han >= 5 else scored.fu
        win = Win(who, han, fu, scored.yakuman, 0, pao,
                  tuple(scored.recorded_yaku()), scored.dora)  # fmt: skip
        ura = _ura_field(event)
        if ura is None and seat.riichi and not scored.yakuman and "deltas" in event:
            win = self.fitted(hand, event, win, first)
        return win

    def scored(self, hand: _Pending, event: dict[str, Any], who: int, discarder: int | None,
               seat: _Seat) -> Any:  # fmt: skip
        from seisan.tiles import WinContext, score_tiles  # noqa: PLC0415 - needs ``mahjong``

        tsumo = discarder is None
        kind, by, last = hand.last
        # robbing a kan (and 国士無双 robbing a concealed one) is 槍槓; a North is not
        chankan = not tsumo and kind in (_Move.ADDED_KAN, _Move.CONCEALED_KAN) and by == discarder
        tile = seat.drew if tsumo else self.tile(event.get("pai") or last)
        concealed = list(seat.hand) if tsumo else [*seat.hand, tile]
        melds = [f"{k}:{''.join(_mpsz(t) for t in tiles)}"
                 for k, tiles, _fed in seat.melds]  # fmt: skip
        every = concealed + [t for _k, tiles, _fed in seat.melds for t in tiles]
        n = len(hand.seats)
        wall = _WALL[n]
        untouched = not hand.interrupted and not seat.discarded
        ippatsu = (hand.ippatsu_at_kan[who] if chankan and hand.ippatsu_at_kan
                   else seat.ippatsu)  # fmt: skip
        context = WinContext(
            ippatsu=ippatsu,
            rinshan=tsumo and seat.replacement,
            chankan=chankan,
            haitei=tsumo and hand.draws == wall and not seat.replacement,
            houtei=not tsumo and hand.draws == wall and not chankan,
            double_riichi=seat.double,
            tenhou=tsumo and untouched and who == hand.dealer,
            chiihou=tsumo and untouched and who != hand.dealer,
            nuki=seat.nuki,
        )
        ura = _ura_field(event) or []
        seat_wind = _WINDS[(who - hand.dealer) % n]
        return score_tiles(
            "".join(_mpsz(t) for t in every), _mpsz(tile), tsumo=tsumo, riichi=seat.riichi,
            seat_wind=seat_wind, round_wind=hand.wind,
            dora="".join(_mpsz(t) for t in hand.dora),
            ura="".join(_mpsz(t) for t in ura) if seat.riichi else "",
            melds=melds, scoring=self.rules_now().scoring, context=context,
        )  # fmt: skip

    def fitted(self, hand: _Pending, event: dict[str, Any], win: Win, first: bool) -> Win:
        """A riichi win whose ura dora indicators the log leaves out: the count of ura
        dora that gives the winner's points in the log (the rest of the hand scored from
        its tiles); none if no count does."""
        scoring = self.rules_now().scoring
        gained = int(event["deltas"][win.winner])
        dealer = win.winner == hand.dealer
        n = len(hand.seats)
        tsumo = event["actor"] == event["target"]
        sticks = hand.kyotaku + len(hand.riichi)  # the nearest winner's, with the honba
        extra = hand.honba * scoring.honba + sticks * scoring.riichi if first else 0
        for ura in range(13):
            han = win.han + ura
            try:
                value = hand_value(han, None if han >= 5 else win.fu, dealer, scoring)
            except HandError:
                return win
            if tsumo:
                payers = [value.tsumo_non_dealer or 0] * (n - 1)
                if not dealer:
                    payers[0] = value.tsumo_dealer or 0
                paid = sum(payers)
            else:
                paid = value.ron or 0
            if gained in (paid + extra, paid):
                fu = None if han >= 5 else win.fu
                return replace(win, han=han, fu=fu, dora=win.dora + ura)
        return win

    def draw(self, hand: _Pending, event: dict[str, Any], riichi: tuple[int, ...],
             calls: tuple[int, ...]) -> Hand:  # fmt: skip
        from mahjong.shanten import Shanten  # noqa: PLC0415 - needs ``mahjong``
        from mahjong.tile import TilesConverter  # noqa: PLC0415

        n = len(hand.seats)
        reason = event.get("reason")
        common = {"riichi": riichi, "round": hand.round, "honba": hand.honba, "calls": calls}
        if reason in _ABORTS:
            return Hand("abort", reason=_ABORTS[reason], **common)  # type: ignore[arg-type]
        if reason is None and hand.draws < _WALL[n]:
            return Hand("abort", reason=_abort_of(hand), **common)  # type: ignore[arg-type]
        nagashi = tuple(s for s, seat in enumerate(hand.seats) if seat.nagashi and seat.discarded)
        tenpais = event.get("tenpais")
        deltas = event.get("deltas")
        if isinstance(tenpais, list) and len(tenpais) >= n:
            tenpai = tuple(s for s in range(n) if tenpais[s])
        elif deltas and not nagashi and any(int(d) for d in deltas[:n]):
            tenpai = tuple(s for s in range(n) if int(deltas[s]) > 0)
        else:

            def ready(seat: _Seat) -> bool:
                if "?" in seat.hand:
                    raise LogError(
                        _(
                            "hand {round}: a draw whose tenpai hands the log shows "
                            "neither by points nor by tiles",
                            round=RoundName(hand.round),
                        )
                    )
                text = "".join(_mpsz(t) for t in seat.hand).replace("0", "5")
                tiles = TilesConverter.one_line_string_to_34_array(text)
                return Shanten().calculate_shanten(tiles, is_three_player=n == 3) == 0

            tenpai = tuple(s for s in range(n) if s in riichi or ready(hand.seats[s]))
        return Hand("draw", tenpai=tenpai, nagashi=nagashi, **common)  # type: ignore[arg-type]

    def points_after(self, hand: _Pending) -> tuple[int, ...] | None:
        """The points after a hand, by what the log says: the last result's ``scores``,
        or the start and the ``deltas`` less the sticks; else later (the next start)."""
        n = len(hand.seats)
        _line, last = hand.results[-1]
        if last.get("scores"):
            return tuple(int(x) for x in last["scores"][:n])
        if hand.start is not None and all("deltas" in e for _l, e in hand.results):
            total = list(hand.start)
            for _l, event in hand.results:
                total = [p + int(d) for p, d in zip(total, event["deltas"][:n], strict=True)]
            stick = self.rules_now().scoring.riichi
            return tuple(p - (stick if s in hand.riichi else 0) for s, p in enumerate(total))
        return None

    def game(self, title: str) -> LoggedGame:
        if self.open is not None:
            raise LogError(_("the log ends in the middle of hand {round}",
                             round=RoundName(self.open.round)))  # fmt: skip
        if not self.hands:
            raise LogError(_("the log has no hands"))
        after: list[tuple[int, ...]] = []
        for index, said in enumerate(self.after):  # else the next hand's start, the end
            later = self.starts[index + 1] if index + 1 < len(self.starts) else self.final
            points = said if said is not None else later
            if points is None:
                raise LogError(_("hand {number}: the log says no points after it",
                                 number=index + 1))  # fmt: skip
            after.append(points)
        final = self.final or after[-1]
        rules = self.length_known()
        first = self.hands[0]
        if (first.round, first.honba) != ("E1", 0):
            raise LogError(_("the log starts at {round}, not at the game's first hand: "
                             "seisan replays whole games",
                             round=RoundName(first.round or "")))  # fmt: skip
        n = self.players
        given = self.given_names
        players = seat_names(list(given) if given is not None else self.names[:n], n)
        record = GameRecord(rules, players, tuple(self.hands), title=title)
        return LoggedGame(record, tuple(after), tuple(final), (), title,
                          deposits_in_final=False, deal=deal_digest(self.deals))  # fmt: skip


def _ura_field(event: dict[str, Any]) -> list[str] | None:
    """The ura dora indicators of a win, by whichever name its writer uses; None if the
    log leaves them out."""
    for key in ("ura_markers", "uradora_markers", "uradora_marker"):
        if isinstance(event.get(key), list):
            return [str(t) for t in event[key]]
    return None


def _pao(seat: _Seat, yaku_ids: Sequence[int]) -> int | None:
    """Who pays for a 大三元 or 大四喜 alone (責任払い): who fed the call that made the
    third dragon or the fourth wind."""
    for yaku, group in ((_DAISANGEN, _DRAGONS), (_DAISUUSHI, frozenset("ESWN"))):
        if yaku in yaku_ids:
            sets = [fed for kind, tiles, fed in seat.melds if kind != "chi" and tiles[0] in group]
            if len(sets) == len(group) and sets[-1] is not None:
                return sets[-1]
    return None


def _abort_of(hand: _Pending) -> str:
    """Which abortive draw ended a hand whose log does not say: by the table (four
    riichi; four kans; the same wind discarded by all four on their first go; after a
    draw, nine terminals in the drawer's hand; after a discard, three calling ron)."""
    if len(hand.riichi) == 4:
        return "suucha-riichi"
    kans = sum(1 for s in hand.seats for kind, _t, _f in s.melds if kind in ("kan", "ankan"))
    if kans >= 4:
        return "suukan"
    first = hand.discards
    if not hand.interrupted and len(first) == 4 and len(set(first)) == 1 and first[0] in "ESWN":
        return "suufon"
    return "kyuushu" if hand.drew_last else "sanchahou"


def _default_rules(players: int, east_only: bool = False) -> Rules:
    """Tenhou's ranked rules of today, as mjai's programs play (Mortal, mjai.app)."""
    rules = find_preset("tenhou" if players == 4 else "tenhou-sanma")
    length = Length.EAST if east_only else Length.SOUTH
    return replace(rules, game=replace(rules.game, length=length))


def parse(text: str, rules: Rules | None = None, names: Sequence[str] | None = None,
          title: str = "") -> LoggedGame:  # fmt: skip
    """A game from mjai text; ``names`` replace the players' names."""
    reader = _Reader(rules, names)
    for line, event in events(text):
        reader.read(line, event)
    if reader.open is not None and reader.open.results:
        reader.finish()  # a log that ends without its last end_kyoku
    return reader.game(title)


def load(path: Path, rules: Rules | None = None, names: Sequence[str] | None = None) -> LoggedGame:
    """A game from an mjai file (plain or gzip)."""
    text = read_text(path)  # its errors name the file already
    try:
        return parse(text, rules, names, title=file_text(path.name.split(".")[0]))
    except SeisanError as err:
        raise LogError(err.within(path)) from None
