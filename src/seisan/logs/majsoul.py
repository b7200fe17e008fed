"""Mahjong Soul (雀魂) game records as seisan game records, hand by hand.

A record as players export it is the game's own ``RecordGame``: its ``head`` (players,
the room's rules, the result) and its events, decoded to JSON by the common paipu
exporters in one of three shapes: ``data.data.actions`` (records since July 2021: each
action of ``type`` 1 holds a ``.lq.Record…`` event), ``data.data.records`` (older
records), or ``records`` with each event's ``__type`` or ``_type`` (dump scripts). protobuf's JSON
leaves out every field at its default (seat 0, honba 0, ``false``), so a missing field
is its default here too. The record as the server sends it (undecoded protobuf bytes)
is refused with a word on how to export it.

The rules are Mahjong Soul's: the ranked rooms' (``mahjongsoul``,
``mahjongsoul-sanma``) where the record's ``detail_rule`` is empty, else what it states
(start, settlement origin, uma, target, bust, 流し満貫, 切り上げ満貫, 頭ハネ, abortive
draws, noten payments, sticks). :func:`~seisan.logs.check` compares every hand's points
with the record's own and the final points and scores with ``head.result``
(``part_point_1``, ``total_point`` / 1000).
"""

from __future__ import annotations

import json
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from decimal import Decimal
from pathlib import Path
from typing import Any

from seisan.errors import SeisanError, where_in_text
from seisan.games import GameRecord, Hand, Win
from seisan.i18n import _
from seisan.logs import (
    LogError,
    LoggedGame,
    as_logged,
    deal_digest,
    read_text,
    seat_names,
    tile_kind,
)
from seisan.presets import rules_from_data
from seisan.rules import Rules

#: the game's fan (役) ids by Tenhou's names (:data:`seisan.logs.tenhou.YAKU`); 10 and 11
#: (the seat's and the round's wind) are named with the wind
FANS = {
    1: "門前清自摸和", 2: "立直", 3: "槍槓", 4: "嶺上開花", 5: "海底摸月", 6: "河底撈魚",
    7: "役牌 白", 8: "役牌 發", 9: "役牌 中", 12: "断幺九", 13: "一盃口", 14: "平和",
    15: "混全帯幺九", 16: "一気通貫", 17: "三色同順", 18: "両立直", 19: "三色同刻",
    20: "三槓子", 21: "対々和", 22: "三暗刻", 23: "小三元", 24: "混老頭", 25: "七対子",
    26: "純全帯幺九", 27: "混一色", 28: "二盃口", 29: "清一色", 30: "一発", 35: "天和",
    36: "地和", 37: "大三元", 38: "四暗刻", 39: "字一色", 40: "緑一色", 41: "清老頭",
    42: "国士無双", 43: "小四喜", 44: "四槓子", 45: "九蓮宝燈", 47: "純正九蓮宝燈",
    48: "四暗刻単騎", 49: "国士無双13面", 50: "大四喜",
}  # fmt: skip
_DORA_FANS = {31, 32, 33, 34}  # ドラ, 赤ドラ, 裏ドラ, 抜きドラ: han, not yaku
_WIND_FANS = {10: "自風", 11: "場風"}
_WINDS = "東南西北"
#: RecordLiuJu's ``type``
_ABORTS = {1: "kyuushu", 2: "suufon", 3: "suukan", 4: "suucha-riichi", 5: "sanchahou"}
#: config.mode.mode: players and hanchan
_MODES = {1: (4, False), 2: (4, True), 11: (3, False), 12: (3, True)}


def events(data: Mapping[str, Any]) -> Iterator[tuple[str, Mapping[str, Any]]]:
    """Each event of a record as (name without ``.lq.``, fields), in any of the shapes
    the exporters write."""
    records = data.get("records")
    first = records[0] if isinstance(records, list) and records else None
    typed = next((k for k in ("__type", "_type") if isinstance(first, Mapping) and k in first),
                 None)  # fmt: skip
    if typed is not None:  # dump scripts write ``__type``, some ``_type``
        for record in records:  # type: ignore[union-attr]
            yield str(record[typed]).removeprefix(".lq."), record
        return
    body = data.get("data")
    if isinstance(body, Mapping) and isinstance(body.get("data"), Mapping):
        body = body["data"]
    if not isinstance(body, Mapping) or not ("actions" in body or "records" in body):
        raise LogError(_("a Mahjong Soul record without its events decoded (the game server's "
                         "bytes): export it as JSON with a paipu exporter"))  # fmt: skip
    if body.get("actions") or "records" not in body:  # (old records: empty actions beside)
        for action in body["actions"]:
            if action.get("type") == 1:
                yield _named(action["result"])
    else:
        for record in body["records"]:
            yield _named(record)


def _named(wrapper: Mapping[str, Any]) -> tuple[str, Mapping[str, Any]]:
    return str(wrapper["name"]).removeprefix(".lq."), wrapper.get("data") or {}


@dataclass
class _Pending:
    round: str
    honba: int
    riichi: list[int] = field(default_factory=list)
    calls: set[int] = field(default_factory=set)
    discarder: int | None = None  #: who last let a tile go (a discard, a kan, a North)
    #: each seat's pons and open kans: (tile, who fed it), for 責任払い
    sets: dict[int, list[tuple[str, int]]] = field(default_factory=dict)
    result: Hand | None = None
    after: tuple[int, ...] | None = None
    #: the hand's change as the record states it (``old_scores`` + ``delta_scores``, less
    #: the points the hand began with: the sticks paid in it included)
    change: tuple[int, ...] | None = None


def rules_of(head: Mapping[str, Any], players: int, hanchan: bool) -> Rules:
    """The room's rules: the ranked rooms' preset where ``detail_rule`` is empty, else
    what it states."""
    mode = head.get("config", {}).get("mode", {})
    detail = mode.get("detail_rule") or {}
    data: dict[str, Any] = {
        "extends": "mahjongsoul" if players == 4 else "mahjongsoul-sanma",
        "game": {"length": "south" if hanchan else "east"},
    }
    if detail:
        origin = int(detail.get("jingsuanyuandian") or detail.get("init_point") or 0)
        if origin:
            data["start"] = int(detail.get("init_point") or origin)
            data["return"] = origin
        keys = [f"shunweima_{place}" for place in range(2, players + 1)]
        if any(key in detail for key in keys):  # (all 0: no uma)
            rest = [int(detail.get(key) or 0) for key in keys]
            data["uma"] = [-sum(rest), *rest]
        game = data["game"]
        if detail.get("fandian"):
            game["target"] = int(detail["fandian"])
        game["bust_ends"] = bool(detail.get("can_jifei"))  # absent: false, as protobuf writes
        game["extension"] = "west" if detail.get("have_nanruxiru") else "none"
        win_stop, tenpai_stop = detail.get("have_helezhongju"), detail.get("have_tingpaizhongju")
        if tenpai_stop and not win_stop:
            raise LogError(_("the room's rules (detail_rule): a dealer's stop when tenpai but not "
                             "after a win, which seisan cannot settle"))  # fmt: skip
        game["dealer_stop"] = "auto" if tenpai_stop else "auto-win" if win_stop else "none"
        game["aborts"] = any(
            detail.get(k)
            for k in (
                "have_jiuzhongjiupai",
                "have_sifenglianda",
                "have_sigangsanle",
                "have_sijializhi",
            )
        )
        data["scoring"] = {
            "nagashi": bool(detail.get("have_liujumanguan")),
            "kiriage": bool(detail.get("have_qieshangmanguan")),
            "atamahane": bool(detail.get("have_toutiao")),
            "triple_ron": "abort" if detail.get("have_sanjiahele") else "win",
            "double_yakuman": not detail.get("disable_double_yakuman"),
            "composite_yakuman": not detail.get("disable_composite_yakuman"),
            # without busting a player below a stick may still declare (a record: -1900)
            "riichi_in_debt": not game["bust_ends"],
        }  # fmt: skip
        # what one noten player pays when all the others are tenpai: the whole of the
        # noten payments (noting_fafu_N: each noten player's share with N tenpai); values
        # not stated are the preset's (three players: 200 a honba, 2000 of noten payments)
        stated = {"riichi": detail.get("liqibang_value"),
                  "honba": detail.get("changbang_value"),
                  "noten": detail.get(f"noting_fafu_{players - 1}")}  # fmt: skip
        data["scoring"].update({key: int(value) for key, value in stated.items() if value})
        half = data["scoring"].get("honba", 0) // 2
        if players == 3 and half and half % 100 == 0:  # a tsumo's two payers share it
            data["scoring"]["honba_tsumo"] = half  # (an odd number of hundreds: the
            # preset's 100 a payer, as before; how the client splits 300 is not known)
    try:
        return rules_from_data(data)
    except SeisanError as err:
        raise LogError(_("the room's rules (detail_rule): {problem}", problem=err.message)
                       ) from None  # fmt: skip


class _Reader:
    def __init__(self, head: Mapping[str, Any]) -> None:
        self.head = head
        self.hands: list[Hand] = []
        self.after: list[tuple[int, ...] | None] = []
        self.changes: list[tuple[int, ...] | None] = []
        self.starts: list[tuple[int, ...]] = []
        self.deals: list[list[list[int]]] = []  #: each hand's starting tiles, seat by seat
        self.open: _Pending | None = None
        self.players = 0

    def read(self, name: str, event: Mapping[str, Any]) -> None:
        handler = getattr(self, f"on_{name}", None)
        if handler is not None:
            handler(event)

    def now(self) -> _Pending:
        if self.open is None:
            raise LogError(_("an event outside a hand (before its RecordNewRound)"))
        return self.open

    def seat(self, value: Any) -> int:
        """A seat the record names (missing: 0, as protobuf leaves it out); one past the
        table's is an error, not another player."""
        seat = int(value or 0)
        if not 0 <= seat < self.players:
            raise ValueError  # (the reader says: a field missing or wrong)
        return seat

    def on_RecordNewRound(self, event: Mapping[str, Any]) -> None:
        self.finish()
        scores = [int(x) for x in event["scores"]]
        mode = self.head.get("config", {}).get("mode", {}).get("mode")
        # the mode says how many play (a fourth seat on 0 points still plays)
        players = _MODES[mode][0] if mode in _MODES else len(scores)
        if self.players not in (0, players) or len(scores) < players:
            raise ValueError  # (the reader says: a field missing or wrong)
        self.players = players
        self.starts.append(tuple(scores[:players]))
        self.deals.append([[tile_kind(str(t)) for t in event.get(f"tiles{seat}") or []]
                           for seat in range(players)])  # fmt: skip
        chang, ju = int(event.get("chang") or 0), int(event.get("ju") or 0)
        self.open = _Pending(f"{'ESWN'[chang]}{ju + 1}", int(event.get("ben") or 0))

    def paid(self, event: Mapping[str, Any]) -> None:
        """A riichi stick paid (``liqi``: the discard was not won on)."""
        hand = self.now()
        liqi = event.get("liqi")
        if isinstance(liqi, Mapping):
            hand.riichi.append(self.seat(liqi.get("seat")))

    def on_RecordDiscardTile(self, event: Mapping[str, Any]) -> None:
        hand = self.now()  # (a riichi counts when its stick is paid: the next ``liqi``)
        hand.discarder = self.seat(event.get("seat"))

    def on_RecordDealTile(self, event: Mapping[str, Any]) -> None:
        self.paid(event)

    def on_RecordChiPengGang(self, event: Mapping[str, Any]) -> None:
        self.paid(event)
        hand = self.now()
        seat = self.seat(event.get("seat"))
        hand.calls.add(seat)
        kind = int(event.get("type") or 0)
        froms = [self.seat(f) for f in event.get("froms") or []]
        tiles = [str(t) for t in event.get("tiles") or []]
        if kind in (1, 2) and tiles and froms:  # a pon or an open kan: who fed it
            hand.sets.setdefault(seat, []).append((tiles[-1][:2], froms[-1]))

    def on_RecordAnGangAddGang(self, event: Mapping[str, Any]) -> None:
        # a win on an added kan is 槍槓; on a concealed one, 国士無双's (both allowed)
        self.now().discarder = self.seat(event.get("seat"))

    def on_RecordBaBei(self, event: Mapping[str, Any]) -> None:
        self.now().discarder = self.seat(event.get("seat"))  # a North set aside can be won on

    def on_RecordHule(self, event: Mapping[str, Any]) -> None:
        hand = self.now()
        hules = event["hules"]
        if not hules:
            raise ValueError  # (a win without a winner: a field missing or wrong)
        wins = [self.win(info, self.seat(info.get("seat")), hand) for info in hules]
        tsumo = bool(hules[-1].get("zimo"))
        discarder = None if tsumo else hand.discarder
        hand.result = Hand("tsumo" if tsumo else "ron", tuple(wins), discarder, self.riichi(),
                           round=hand.round, honba=hand.honba,
                           calls=tuple(sorted(hand.calls)))  # fmt: skip
        hand.after = tuple(int(x) for x in event["scores"][: self.players])
        old, delta = event.get("old_scores"), event.get("delta_scores")
        if old and delta:  # (checked apart from ``scores``: an edit of one is found)
            self.changed(hand, [int(o) + int(d) for o, d in zip(old, delta, strict=False)])

    def changed(self, hand: _Pending, points: Sequence[int]) -> None:
        """The hand's change, as the record's points after it say (a seat missing: 0)."""
        start = self.starts[-1]
        points = [*points[: self.players], *[0] * (self.players - len(points))]
        hand.change = tuple(p - s for p, s in zip(points, start, strict=True))

    def win(self, info: Mapping[str, Any], who: int, hand: _Pending) -> Win:
        fans = [(int(f.get("id") or 0), int(f.get("val") or 0)) for f in info.get("fans", [])]
        dora = sum(val for fan, val in fans if fan in _DORA_FANS)
        yaku = tuple(self.fan_name(fan, who, hand) for fan, _val in fans if fan not in _DORA_FANS)
        if info.get("yiman"):
            yakuman = sum(val for fan, val in fans if fan not in _DORA_FANS) or 1
            return Win(who, 0, None, yakuman, 0, _pao(hand, who, [f for f, _v in fans]), yaku, 0)
        han = int(info["count"])
        fu = None if han >= 5 else int(info["fu"])
        return Win(who, han, fu, 0, 0, None, yaku, dora)

    def fan_name(self, fan: int, who: int, hand: _Pending) -> str:
        if fan in _WIND_FANS:
            dealer = int(hand.round[1]) - 1
            wind = (who - dealer) % self.players if fan == 10 else "ESWN".index(hand.round[0])
            return f"{_WIND_FANS[fan]} {_WINDS[wind]}"
        return FANS.get(fan, f"役 {fan}")  # a yaku this table does not know: by its id

    def riichi(self) -> tuple[int, ...]:
        return tuple(sorted(self.now().riichi))

    def on_RecordNoTile(self, event: Mapping[str, Any]) -> None:
        hand = self.now()
        n = self.players
        players = event.get("players") or []
        tenpai = tuple(s for s in range(n) if s < len(players) and players[s].get("tingpai"))
        parts = event.get("scores") or []
        nagashi: tuple[int, ...] = ()
        if event.get("liujumanguan"):
            nagashi = tuple(sorted(int(p.get("seat") or 0) for p in parts))
        hand.result = Hand("draw", riichi=self.riichi(), tenpai=tenpai, nagashi=nagashi,
                           round=hand.round, honba=hand.honba,
                           calls=tuple(sorted(hand.calls)))  # fmt: skip
        if parts and parts[0].get("old_scores"):
            total = [int(x) for x in parts[0]["old_scores"][:n]]
            for part in parts:
                deltas = part.get("delta_scores") or [0] * n
                total = [p + int(d) for p, d in zip(total, deltas[:n], strict=True)]
            hand.after = tuple(total)
            self.changed(hand, total)

    def on_RecordLiuJu(self, event: Mapping[str, Any]) -> None:
        self.paid(event)  # the fourth riichi's stick is paid with the draw (四家立直)
        hand = self.now()
        kind = int(event.get("type") or 0)
        if kind not in _ABORTS:
            raise LogError(_("an abortive draw of a kind seisan does not know ({kind})",
                             kind=kind))  # fmt: skip
        hand.result = Hand("abort", riichi=self.riichi(), reason=_ABORTS[kind], round=hand.round,
                           honba=hand.honba, calls=tuple(sorted(hand.calls)))  # fmt: skip

    def finish(self) -> None:
        hand = self.open
        if hand is None:
            return
        self.open = None
        if hand.result is None:
            raise LogError(_("hand {number}: no result", number=len(self.hands) + 1))
        self.hands.append(hand.result)
        self.after.append(hand.after)
        self.changes.append(hand.change)

    def game(self, title: str) -> LoggedGame:
        self.finish()
        if not self.hands:
            raise LogError(_("the log has no hands"))
        n = self.players
        result = self.head.get("result", {}).get("players") or []
        if len(result) != n:
            raise LogError(_("the record has no final result (head.result) for its {count} "
                             "players", count=n))  # fmt: skip
        final: dict[int, int] = {}
        scores: dict[int, Decimal] = {}
        for row in result:
            seat = self.seat(row.get("seat"))
            if seat in final:
                raise LogError(_("the record's final result (head.result) gives seat {seat} "
                                 "twice", seat=seat))  # fmt: skip
            final[seat] = int(row.get("part_point_1") or 0)
            scores[seat] = Decimal(int(row.get("total_point") or 0)) / 1000
        final_points = tuple(final[seat] for seat in range(n))  # every seat, once each
        after: list[tuple[int, ...]] = []
        for index, said in enumerate(self.after):
            later = self.starts[index + 1] if index + 1 < len(self.starts) else final_points
            after.append(said if said is not None else later)
        mode = self.head.get("config", {}).get("mode", {}).get("mode")
        if mode is None:
            raise LogError(_("the record does not say its mode (head.config.mode.mode)"))
        if mode not in _MODES:  # (a known mode set the count of players)
            raise LogError(_("a Mahjong Soul game of a mode seisan does not settle ({mode})",
                             mode=mode))  # fmt: skip
        rules = rules_of(self.head, n, _MODES[mode][1])
        names = _names(self.head, n)
        record = GameRecord(rules, tuple(names), tuple(self.hands), title=title)
        pt = tuple(scores[seat] for seat in range(n))
        return LoggedGame(record, tuple(after), final_points, pt, title,
                          deal=deal_digest(self.deals), deltas=tuple(self.changes))  # fmt: skip


#: 大三元 and 大四喜 by the game's fan ids, with their sets' tiles: 責任払い
_PAO = {37: ("5z", "6z", "7z"), 50: ("1z", "2z", "3z", "4z")}


def _pao(hand: _Pending, who: int, fans: Sequence[int]) -> int | None:
    """Who pays for a 大三元 or 大四喜 alone: who fed the pon or kan that made the third
    dragon or the fourth wind."""
    for fan, tiles in _PAO.items():
        if fan in fans:
            sets = [fed for tile, fed in hand.sets.get(who, []) if tile in tiles]
            if len(sets) == len(tiles) and sets[-1] != who:
                return sets[-1]
    return None


def _names(head: Mapping[str, Any], n: int) -> list[str]:
    """The players by seat (their accounts come in any order; a computer's seat has no
    account)."""
    names = [f"Player {i + 1}" for i in range(n)]
    seated: set[int] = set()
    for account in head.get("accounts") or []:
        seat = int(account.get("seat") or 0)  # (seat 0: left out, as protobuf does)
        if seat in seated:  # (the later had named the seat, the other player lost)
            raise LogError(_("the record's players (head.accounts) give seat {seat} twice",
                             seat=seat))  # fmt: skip
        seated.add(seat)
        if seat < n and account.get("nickname"):
            names[seat] = str(account["nickname"])
    return list(seat_names(names, n))


def parse(text: str, rules: Rules | None = None, names: Sequence[str] | None = None) -> LoggedGame:
    """A game from a Mahjong Soul record's JSON text (or tenhou.net/6 JSON converted
    from one); ``names`` replace the players'."""
    try:
        data = json.loads(text)
    except (ValueError, RecursionError) as err:  # JSONDecodeError, Python's own limits
        raise LogError(_("not valid JSON ({where})", where=where_in_text(err))) from None
    if isinstance(data, Mapping) and "log" in data and "head" not in data:
        from seisan.logs import tenhou  # noqa: PLC0415 - converted to tenhou.net/6 JSON

        return tenhou.parse_json(text, rules, names)
    if not isinstance(data, Mapping) or not isinstance(data.get("head"), Mapping):
        raise LogError(_("not a Mahjong Soul record (no “head”)"))
    head = data["head"]
    reader = _Reader(head)
    try:
        for name, event in events(data):
            reader.read(name, event)
        game = reader.game(str(head.get("uuid") or ""))
    except SeisanError:
        raise
    except (KeyError, IndexError, TypeError, ValueError, AttributeError, ArithmeticError):
        raise LogError(_("a Mahjong Soul record with a field missing or wrong (hand {number})",
                         number=len(reader.hands) + 1)) from None  # fmt: skip
    record = game.record
    if rules is not None:
        record = GameRecord(as_logged(rules, reader.players, record.rules.game.length.value
                                      == "south"), record.names, record.hands,
                            title=record.title)  # fmt: skip
    if names is not None:
        record = GameRecord(record.rules, seat_names(names, reader.players), record.hands,
                            title=record.title)  # fmt: skip
    if record is game.record:
        return game
    return LoggedGame(record, game.points_after, game.final_points,
                      game.final_pt if rules is None else (), game.game_id,
                      deal=game.deal, deltas=game.deltas)  # fmt: skip


def load(path: Path, rules: Rules | None = None, names: Sequence[str] | None = None) -> LoggedGame:
    """A game from a Mahjong Soul record file (JSON, plain or gzip)."""
    text = read_text(path)  # its errors name the file already
    try:
        return parse(text, rules, names)
    except SeisanError as err:
        raise LogError(err.within(path)) from None
