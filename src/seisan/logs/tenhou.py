"""Tenhou's mjlog XML (plain or gzip) as seisan game records, hand by hand.

Each ``<INIT>`` starts a hand; its result is an ``<AGARI>`` (several after one
discard: a double ron) or a ``<RYUUKYOKU>`` (an exhaustive draw with the
tenpai hands shown, 流し満貫 ``type="nm"``, or an abortive draw). Riichi
deposits are the ``<REACH step="2">`` of the hand. Round and honba are kept,
so seisan checks its own game flow against Tenhou's; :func:`check` replays
the record and compares every hand's points with the log's ``sc`` and the
settlement with its ``owari``.

The rules follow the log: 3 or 4 players and east-only or hanchan from
``<GO type>``, and Tenhou's rounding by the game's date (whole pt up to
2020, exact since).
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from decimal import Decimal
from functools import cache
from pathlib import Path, PurePath
from typing import Any
from urllib.parse import unquote
from xml.etree import ElementTree

from seisan.errors import SeisanError, where_in_text
from seisan.games import GameRecord, Hand, Win
from seisan.i18n import _
from seisan.logs import (
    CheckError,
    LogError,
    LoggedGame,
    as_logged,
    check,
    deal_digest,
    read_text,
    seat_names,
)
from seisan.logs.lobby import Lobby, lobby_caption, lobby_rules
from seisan.presets import find_preset
from seisan.rules import DealerStop, Length, Rules

#: the reader's API: what it shares with the other readers is used through it, as before
__all__ = ["YAKU", "CheckError", "LogError", "LoggedGame", "check", "id_in_name", "load", "parse",
           "parse_any", "parse_json", "rules_for"]  # fmt: skip

_ABORTS = {
    "yao9": "kyuushu",
    "kaze4": "suufon",
    "reach4": "suucha-riichi",
    "kan4": "suukan",
    "ron3": "sanchahou",
}
_ID = re.compile(r"(\d{8})\d{2}gm-([0-9a-f]{4})-")
#: a whole game id (its date, lobby, game type and key), as tenhou.net/6 JSON's ``ref``
_FULL_ID = re.compile(r"\d{10}gm-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{8}")
#: Tenhou's yaku by id (the mjlog ``yaku`` and ``yakuman`` attributes)
YAKU = (
    "門前清自摸和", "立直", "一発", "槍槓", "嶺上開花", "海底摸月", "河底撈魚", "平和", "断幺九",
    "一盃口", "自風 東", "自風 南", "自風 西", "自風 北", "場風 東", "場風 南", "場風 西",
    "場風 北", "役牌 白", "役牌 發", "役牌 中", "両立直", "七対子", "混全帯幺九", "一気通貫",
    "三色同順", "三色同刻", "三槓子", "対々和", "三暗刻", "小三元", "混老頭", "二盃口",
    "純全帯幺九", "混一色", "清一色", "人和", "天和", "地和", "大三元", "四暗刻", "四暗刻単騎",
    "字一色", "緑一色", "清老頭", "九蓮宝燈", "純正九蓮宝燈", "国士無双", "国士無双13面",
    "大四喜", "小四喜", "四槓子", "ドラ", "裏ドラ", "赤ドラ",
)  # fmt: skip
_YAKU_BY_ID = dict(enumerate(YAKU))
_DORA_NAMES = {"ドラ", "裏ドラ", "赤ドラ"}
#: the tags of an mjlog; draws and discards are a letter and a tile (T12, D84)
_TAGS = {"SHUFFLE", "GO", "UN", "TAIKYOKU", "INIT", "REACH", "N", "DORA", "AGARI",
         "RYUUKYOKU", "BYE"}  # fmt: skip
_MOVE = re.compile(r"^[TUVWDEFG]\d{1,3}$")
_DORA_YAKU = {52, 53, 54}  # dora, aka dora, ura dora: han, not yaku


def _open_call(m: int) -> bool:
    """Whether an mjlog meld (``<N m>``) is an open call: chi, pon, an open or added
    kan; not a concealed kan nor a three-player North (抜きドラ)."""
    if m & 0x4 or m & 0x8 or m & 0x10:  # chi, pon, kakan
        return True
    if m & 0x20:  # nuki
        return False
    return (m & 3) != 0  # a kan: from another player (daiminkan), or concealed (0)


#: the last day a log is known to show whole pt, and the first known to show tenths
#: (docs/decisions.md); between them a log's own result says which it was
LAST_WHOLE_PT, FIRST_TENTHS = "20210128", "20220601"


#: ranked 東風 paid uma 5-10 until at least this day, and 10-20 from the next
#: (every real log found, docs/decisions.md); between them a log's own result tells
LAST_TONPU_5_10, FIRST_TONPU_10_20 = "20090731", "20090827"


def rules_for(
    game_type: int,
    date: str = "",
    final_pt: Sequence[Decimal] = (),
    final: Sequence[int] = (),
) -> Rules:
    """Tenhou's rules for a game of ``<GO type>`` played on ``date`` (yyyymmdd): three
    or four players, east-only or hanchan, and whole pt in the old days. Between the
    last known whole-pt log and the first known exact one, and for a log without a
    date, the log's final pt (``final_pt``) tell: all whole is the old rounding (which
    then agrees with the exact scores if they are whole). So do the final points and
    pt of an east-only game of 2009 (``final``): uma 5-10 or 10-20."""
    return _rules(bool(game_type & 0x10), bool(game_type & 0x08), date, final_pt, final)


#: Tenhou's presets by (three players, whole pt, hanchan)
_PRESETS = {
    (False, False, True): "tenhou", (False, True, True): "tenhou-2020",
    (True, False, True): "tenhou-sanma", (True, True, True): "tenhou-sanma-2020",
    (False, False, False): "tenhou-tonpu", (False, True, False): "tenhou-tonpu-2020",
    (True, False, False): "tenhou-sanma-tonpu", (True, True, False): "tenhou-sanma-tonpu-2020",
}  # fmt: skip


def _rules(
    sanma: bool,
    hanchan: bool,
    date: str,
    final_pt: Sequence[Decimal],
    final: Sequence[int] = (),
) -> Rules:
    """:func:`rules_for` by what the game type says (the log's two formats say it
    differently)."""
    whole = bool(final_pt) and all(pt == pt.to_integral_value() for pt in final_pt)
    # a log without its id (no date) is told by its result, as one of the months between
    old = (date < FIRST_TENTHS and (date <= LAST_WHOLE_PT or whole)) if date else whole
    # tenpai-yame is automatic from June 2010 (Tenhou's blog)
    auto_win = bool(date) and date < "20100601"
    rules = _built(_PRESETS[sanma, old, hanchan], hanchan, auto_win)
    if sanma or hanchan or not old or (date and date >= FIRST_TONPU_10_20):
        return rules
    early = _built("tenhou-tonpu-2009", hanchan, auto_win)
    if date and date <= LAST_TONPU_5_10:
        return early
    return early if _gives(early, final, final_pt) and not _gives(rules, final, final_pt) else rules


def _gives(rules: Rules, final: Sequence[int], final_pt: Sequence[Decimal]) -> bool:
    """Whether ``rules`` settle the final points ``final`` to the log's ``final_pt``."""
    from fractions import Fraction  # noqa: PLC0415

    from seisan.settlement import settle  # noqa: PLC0415

    if not final or len(final) != len(final_pt):
        return False
    try:
        return list(settle(final, rules).scores) == [Fraction(pt) for pt in final_pt]
    except SeisanError:
        return False


@cache
def _built(name: str, hanchan: bool, auto_win: bool) -> Rules:
    """A preset with the game's length and dealer stop, built once for every log of
    its kind (rules are immutable)."""
    rules = find_preset(name)
    stop = DealerStop.AUTO_WIN if auto_win else rules.game.dealer_stop
    game = replace(rules.game, length=Length.SOUTH if hanchan else Length.EAST, dealer_stop=stop)
    return replace(rules, game=game)


def _lobby_of(game_id: str) -> int:
    """The lobby in a game id (``2019020120gm-0009-10011-215330df``: 10011); 0 if none."""
    parts = game_id.split("-")
    return int(parts[2]) if len(parts) > 2 and parts[2].isdigit() else 0


def _own_rules(
    lobby: Lobby,
    sanma: bool,
    hanchan: bool,
    date: str,
    final: Sequence[int],
    final_pt: Sequence[Decimal],
    first_ten: Sequence[int],
) -> Rules:
    """The rules a log was played under, by the log alone: Tenhou's ranked rules of its
    kind and day; a lobby's own where the log states them (``csrule``). A lobby game
    whose log does not state its rules is read under the ranked rules only if they give
    its start and its result; else it is refused (never replayed under other rules)."""
    if lobby.csrule is not None and lobby.number:
        return lobby_rules(lobby, 3 if sanma else 4, hanchan, sum(final))
    ranked = _rules(sanma, hanchan, date, final_pt, final)
    if not lobby.number:
        return ranked
    started = all(points == ranked.start for points in first_ten)
    if not (started and _gives(ranked, final, final_pt)):
        raise LogError(_("lobby {lobby}: the log does not state the lobby's rules, and Tenhou's "
                         "ranked rules do not give its start ({start}) and result: give the "
                         "lobby's rules with --rules", lobby=lobby.number,
                         start=list(first_ten)))  # fmt: skip
    return ranked


def _named(lobby: Lobby, rules: Rules | None) -> tuple[str, bool]:
    """A lobby game's lobby, and whether its own stated rules were followed."""
    if not lobby.number:
        return "", False
    return lobby_caption(lobby), rules is None and lobby.csrule is not None


_DATE = re.compile(r"\d{8}")


def _date(game_id: str) -> str:
    """The day a game was played (yyyymmdd), from the start of its id; "" if none."""
    found = _DATE.match(game_id)
    return found[0] if found else ""


def load(path: Path, rules: Rules | None = None, names: Sequence[str] | None = None) -> LoggedGame:
    """A Tenhou game from an mjlog file (the game id in its name gives the date)."""
    text = read_text(path)  # its errors name the file already
    try:
        return parse_any(text, rules, names, game_id=id_in_name(path.name))
    except SeisanError as err:
        raise LogError(err.within(path)) from None


def id_in_name(name: str) -> str:
    """The game id in a log file's name (``2009022022gm-00a9-0000-cd94aac8.mjlog``), as
    the JSON's ``ref`` writes it; "" if it has none."""
    name = PurePath(name).name
    full, match = _FULL_ID.search(name), _ID.search(name)
    return full[0] if full else match[0][:-1] if match else ""


def parse_any(
    text: str, rules: Rules | None = None, names: Sequence[str] | None = None, game_id: str = ""
) -> LoggedGame:
    """A Tenhou game from either format: tenhou.net/6 JSON or mjlog XML."""
    if text.lstrip().startswith("{"):
        return parse_json(text, rules, names, game_id)
    return parse(text, rules, names, game_id)


def _refuse_json_value(text: str) -> None:
    """JSON that is one value (``null``, a number, a text) is no log of any format: said
    so, where it had been "not valid mjlog XML" (the reader of what is left)."""
    import json  # noqa: PLC0415 - only a log that failed needs it

    start = text.strip()
    try:
        json.loads(start)
    except (ValueError, RecursionError) as err:
        if start.startswith("["):  # JSON cut or broken (an mjlog never starts so)
            raise LogError(_("not valid JSON ({where})", where=where_in_text(err))) from None
        return  # (not JSON: no log at all, or broken XML; the XML's error says where)
    raise LogError(_("“{start}” is a JSON value, not a game log: a log is a tenhou.net/6 or "
                     "Mahjong Soul JSON object, mjai's event lines, or Tenhou's mjlog XML",
                     start=start[:20]))  # fmt: skip


def parse(
    text: str,
    rules: Rules | None = None,
    names: Sequence[str] | None = None,
    game_id: str = "",
) -> LoggedGame:
    """A Tenhou game from mjlog XML text; ``names`` replace the players' names."""
    try:
        root = ElementTree.fromstring(text)
    except ElementTree.ParseError as err:
        _refuse_json_value(text)
        line, column = err.position[0], err.position[1] + 1  # expat counts columns from 0
        raise LogError(
            _("not valid mjlog XML (at line {line}, column {column})", line=line, column=column)
        ) from None
    reader = _Reader(game_id)
    for index, element in enumerate(root):
        reader.read(element, index)
    return reader.game(rules, names)


@dataclass
class _Pending:
    """A hand being read: from its ``<INIT>`` to its result."""

    round: int
    honba: int
    riichi: list[int] = field(default_factory=list)
    wins: list[Win] = field(default_factory=list)
    calls: set[int] = field(default_factory=set)
    discarder: int | None = None
    abort: str = ""
    tenpai: tuple[int, ...] = ()
    nagashi: tuple[int, ...] = ()


class _Reader:
    def __init__(self, game_id: str) -> None:
        self.game_id = game_id
        self.game_type = 0x09
        self.lobby = Lobby(_lobby_of(game_id))
        self.first_ten: tuple[int, ...] = ()
        self.names: list[str] = []
        self.hands: list[Hand] = []
        self.after: list[tuple[int, ...]] = []
        self.owari: list[str] = []
        self.open: _Pending | None = None
        self.deals: list[list[list[int]]] = []  #: each hand's starting tiles, seat by seat

    def where(self, element: ElementTree.Element, index: int) -> object:
        return _("element {number} <{tag}>", number=index + 1, tag=element.tag)

    def read(self, element: ElementTree.Element, index: int) -> None:
        tag, a = element.tag, element.attrib
        if tag not in _TAGS and not _MOVE.match(tag):
            raise LogError(
                _("{where}: not a tag of Tenhou's logs", where=self.where(element, index))
            )
        try:
            if tag == "GO":
                self.game_type = int(a.get("type", "9"))
                # the game id's lobby where the tag's is missing or 0 (copies edit it)
                number = int(a.get("lobby") or 0) or _lobby_of(self.game_id)
                self.lobby = Lobby.of(number, a.get("title"), a.get("csrule"))
            elif tag == "UN" and "dan" in a:  # the first: every seat (a reconnect names one)
                self.names = [unquote(a[key]) for key in ("n0", "n1", "n2", "n3") if a.get(key)]
            elif tag == "INIT":
                self.finish_pending()
                dealt = [a[key] for key in ("hai0", "hai1", "hai2", "hai3") if a.get(key)]
                self.deals.append([[int(x) // 4 for x in seat.split(",")] for seat in dealt])
                seed = [int(x) for x in a["seed"].split(",")]
                self.open = _Pending(seed[0], seed[1])
                if not self.first_ten:
                    self.first_ten = tuple(int(x) * 100 for x in a["ten"].split(","))
            elif tag == "REACH" and a.get("step") == "2":
                assert self.open is not None
                self.open.riichi.append(int(a["who"]))
            elif tag == "N":
                assert self.open is not None
                if _open_call(int(a["m"])):
                    self.open.calls.add(int(a["who"]))
            elif tag == "AGARI":
                self.agari(a)
            elif tag == "RYUUKYOKU":
                self.ryuukyoku(a)
        except (KeyError, ValueError, IndexError, AssertionError, TypeError):
            raise LogError(
                _("{where}: an attribute is missing or wrong", where=self.where(element, index))
            ) from None

    def players(self) -> int:
        return 3 if self.game_type & 0x10 else 4

    def scores(self, a: dict[str, str]) -> None:
        sc = [int(x) * 100 for x in a["sc"].split(",")]
        n = self.players()
        self.after.append(tuple(sc[2 * i] + sc[2 * i + 1] for i in range(n)))
        if "owari" in a:
            self.owari = a["owari"].split(",")

    def agari(self, a: dict[str, str]) -> None:
        assert self.open is not None
        who, source = int(a["who"]), int(a["fromWho"])
        fu, _points, limit = (int(x) for x in a["ten"].split(","))
        yaku = [int(x) for x in a.get("yaku", "").split(",") if x]
        han = sum(yaku[1::2])
        yakuman_ids = [int(x) for x in a.get("yakuman", "").split(",") if x]
        yakuman = len(yakuman_ids)
        pao = int(a["paoWho"]) if "paoWho" in a else None
        # a yaku Tenhou does not have (-1, 999) is a KeyError: the element is wrong
        names = tuple(_YAKU_BY_ID[i] for i in [*yaku[0::2], *yakuman_ids])
        dora = sum(h for i, h in zip(yaku[0::2], yaku[1::2], strict=True)
                   if _YAKU_BY_ID[i] in _DORA_NAMES)  # fmt: skip
        # a yakuman's log lists no yaku with han: its han and dora are 0
        win = Win(who, han, None if yakuman or (limit >= 1 and han >= 5) else fu, yakuman, 0, pao,
                  tuple(y for y in names if y not in _DORA_NAMES), dora)  # fmt: skip
        self.open.wins.append(win)
        self.open.discarder = None if who == source else source
        self.scores(a)
        if len(self.open.wins) > 1:  # a double ron: one hand, the points after the last win
            self.after.pop(-2)

    def ryuukyoku(self, a: dict[str, str]) -> None:
        assert self.open is not None
        kind = a.get("type")
        n = self.players()
        tenpai = tuple(i for i in range(n) if f"hai{i}" in a)
        if kind in _ABORTS:
            self.open.abort = _ABORTS[kind]
        elif kind == "nm":
            sc = [int(x) for x in a["sc"].split(",")]
            self.open.nagashi = tuple(i for i in range(n) if sc[2 * i + 1] > 0)
        self.open.tenpai = tenpai
        self.scores(a)

    def finish_pending(self) -> None:
        hand = self.open
        if hand is None:
            return
        self.open = None
        wind, number = divmod(hand.round, 4)
        label = "ESWN"[wind] + str(number + 1)
        riichi = tuple(sorted(hand.riichi))  # as tenhou.net/6 gives them: by seat
        calls = tuple(sorted(hand.calls))
        if hand.wins:
            result = "tsumo" if hand.discarder is None else "ron"
            made = Hand(result, tuple(hand.wins), hand.discarder, riichi, round=label,
                        honba=hand.honba, calls=calls)  # fmt: skip
        elif hand.abort:
            made = Hand("abort", riichi=riichi, reason=hand.abort, round=label, honba=hand.honba,
                        calls=calls)  # fmt: skip
        else:
            made = Hand("draw", riichi=riichi, tenpai=hand.tenpai, round=label, honba=hand.honba,
                        nagashi=hand.nagashi, calls=calls)  # fmt: skip
        self.hands.append(made)

    def game(self, rules: Rules | None, names: Sequence[str] | None) -> LoggedGame:
        self.finish_pending()
        n = self.players()
        if not self.hands:
            raise LogError(_("the log has no hands"))
        if len(self.owari) < 2 * n:
            raise LogError(_("the log does not end (no final scores)"))
        try:
            final = tuple(int(self.owari[2 * i]) * 100 for i in range(n))
            final_pt = tuple(Decimal(self.owari[2 * i + 1]) for i in range(n))
        except (ValueError, ArithmeticError):  # decimal's InvalidOperation is arithmetic
            raise LogError(_("the log's final scores (owari) are not numbers: {owari}",
                             owari=",".join(self.owari)[:80])) from None  # fmt: skip
        hanchan = bool(self.game_type & 0x08)
        chosen = (as_logged(rules, n, hanchan) if rules is not None
                  else _own_rules(self.lobby, n == 3, hanchan, _date(self.game_id), final,
                                  final_pt, self.first_ten[:n]))  # fmt: skip
        players = seat_names(list(names) if names is not None else self.names[:n], n)
        record = GameRecord(chosen, players, tuple(self.hands), title=self.game_id)
        return LoggedGame(record, tuple(self.after), final, final_pt, self.game_id,
                          *_named(self.lobby, rules), deal=deal_digest(self.deals),
                          undated=rules is None and not _date(self.game_id))  # fmt: skip


# -- tenhou.net/6 JSON ------------------------------------------------------------------

_DRAWS = {
    "九種九牌": "kyuushu",
    "四風連打": "suufon",
    "四家立直": "suucha-riichi",
    "四槓散了": "suukan",
    "三家和了": "sanchahou",
}
_HAN = re.compile(r"\((\d+)飜\)")
#: the least fu that makes 満貫 at 3 and at 4 han (the log writes 満貫, not the fu)
_MANGAN_FU = {3: 70, 4: 40}
_FU = re.compile(r"(\d+)符")


def parse_json(
    text: str,
    rules: Rules | None = None,
    names: Sequence[str] | None = None,
    game_id: str = "",
) -> LoggedGame:
    """A Tenhou game from tenhou.net/6 JSON (as Tenhou's viewer loads it)."""
    import json  # noqa: PLC0415 - only this format needs it

    try:
        data = json.loads(text)
    except (ValueError, RecursionError) as err:  # JSONDecodeError, Python's own limits
        where = where_in_text(err)
        raise LogError(_("not valid tenhou.net/6 JSON ({where})", where=where)) from None
    try:
        return _json_game(data, rules, names, game_id)
    except SeisanError:  # said already (rules that do not fit the log)
        raise
    except (KeyError, IndexError, TypeError, ValueError, AttributeError, ArithmeticError):
        raise LogError(_("a tenhou.net/6 log with a field missing or wrong")) from None


def _json_game(
    data: dict[str, Any],
    rules: Rules | None,
    names: Sequence[str] | None,
    game_id: str,
) -> LoggedGame:
    rule = data.get("rule")
    disp = rule.get("disp") if isinstance(rule, dict) else None  # e.g. 四鳳南喰赤, 三般東喰赤
    sanma = east = False  # no name: four players, a hanchan
    if isinstance(disp, str):
        sanma, east = disp.startswith("三"), "東" in disp
    elif isinstance(rule, list) and len(rule) > 2:  # a lobby's: the game type, in hex
        game_type = int(str(rule[2]), 16)
        sanma, east = bool(game_type & 0x10), not game_type & 0x08
    if _from_majsoul(data, disp):
        return _majsoul_game(data, disp, rules, names, game_id)
    n = 3 if sanma else 4
    game_id = str(data.get("ref") or game_id)
    number = int(data.get("lobby") or 0) or _lobby_of(game_id)
    lobby = Lobby.of(number, data.get("title"), data.get("csrule"))
    sc = data["sc"]
    if not isinstance(sc, list):
        raise TypeError
    final = tuple(int(sc[2 * i]) for i in range(n))
    final_pt = tuple(Decimal(str(sc[2 * i + 1])) for i in range(n))
    logs = data["log"]
    if not isinstance(logs, list) or not logs:
        raise TypeError
    first_ten = tuple(int(x) for x in logs[0][1][:n])
    chosen = (as_logged(rules, n, not east) if rules is not None
              else _own_rules(lobby, sanma, not east, _date(game_id), final, final_pt,
                              first_ten))  # fmt: skip
    hands = _json_hands(logs, n)
    after = _json_after(logs, hands, n, chosen.scoring.riichi)
    record = GameRecord(chosen, _players(data, names, n), tuple(hands), title=game_id)
    return LoggedGame(record, tuple(after), final, final_pt, game_id, *_named(lobby, rules),
                      deal=_json_deal(logs, n),
                      undated=rules is None and not _date(game_id))  # fmt: skip


def _json_kind(code: int) -> int:
    """A tenhou.net/6 tile (11–19 man, 21–29 pin, 31–39 sou, 41–47 honours, 51–53 the
    red fives) as one of the 34 kinds."""
    if code > 50:
        return (code - 51) * 9 + 4
    return (code // 10 - 1) * 9 + code % 10 - 1


def _json_deal(logs: list[Any], n: int) -> str:
    """The deal of every hand: each seat's starting tiles (``log[i][4 + 3 * seat]``)."""
    return deal_digest([[_json_kind(int(t)) for t in entry[4 + 3 * seat]] for seat in range(n)]
                       for entry in logs)  # fmt: skip


def _json_hands(logs: list[Any], n: int) -> list[Hand]:
    """Each hand of tenhou.net/6 JSON's ``log``."""
    hands = []
    for index, entry in enumerate(logs):
        round_index, honba, _sticks = entry[0]
        nxt = logs[index + 1] if index + 1 < len(logs) else None
        hands.append(_json_hand(entry, entry[-1], n, round_index, honba, nxt))
    return hands


def _json_after(
    logs: list[Any], hands: list[Hand], n: int, stick: int, refill: bool = False
) -> list[tuple[int, ...]]:
    """The points after each hand: the next hand's start, and after the last its start
    and result less the sticks paid in it (``refill``: a win's deltas that leave the
    sticks out made up to the table's total, the nearest winner taking them)."""
    after = [tuple(int(x) for x in entry[1][:n]) for entry in logs[1:]]
    last, hand = logs[-1], hands[-1]
    start = [int(x) for x in last[1][:n]]
    result = last[-1]
    deltas = [0] * n
    for i in range(1, len(result), 2):
        if isinstance(result[i], list):
            deltas = [d + int(x) for d, x in zip(deltas, result[i][:n], strict=True)]
    paid = [stick if s in hand.riichi else 0 for s in range(n)]
    points = [p + d - r for p, d, r in zip(start, deltas, paid, strict=True)]
    if refill and hand.wins:
        table = sum(start) + int(last[0][2]) * stick
        points[hand.wins[0].winner] += table - sum(points)
    return [*after, tuple(points)]


def _players(data: dict[str, Any], names: Sequence[str] | None, n: int) -> tuple[str, ...]:
    """The names given, else the log's, else Player 1…n where they are missing or twice."""
    return seat_names(list(names) if names is not None else list(data.get("name") or [])[:n], n)


def _ends_where_logged(rules: Rules, hands: list[Hand], n: int) -> bool:
    """Whether a game read under ``rules`` ends with the log's last hand (an East game
    that went on into the South, or a hanchan, does not end there under East rules)."""
    from seisan.games import GameError, play  # noqa: PLC0415

    try:
        played = play(GameRecord(rules, tuple(f"P{i}" for i in range(n)), tuple(hands)))
    except GameError:
        return False
    return bool(played.end)


#: a Mahjong Soul game id (``250913-638affa1-cee0-…``), as converters put it in ``ref``
_MAJSOUL_ID = re.compile(r"^\d{6}-[0-9a-f]{8}-")


def _from_majsoul(data: dict[str, Any], disp: object) -> bool:
    """Whether tenhou.net/6 JSON was converted from a Mahjong Soul record (tensoul and
    its ports): its ``ref`` is a Mahjong Soul id, or ``disp`` names a Mahjong Soul room."""
    if _MAJSOUL_ID.match(str(data.get("ref") or "")):
        return True
    return isinstance(disp, str) and any(word in disp for word in ("の間", "友人戦", "大会戦"))


def _majsoul_game(
    data: dict[str, Any],
    disp: object,
    rules: Rules | None,
    names: Sequence[str] | None,
    game_id: str,
) -> LoggedGame:
    """A Mahjong Soul game converted to tenhou.net/6 JSON: three players where ``disp``
    starts with 三 (or tensoul's 3), ``ratingc`` is PF3 or the fourth seat starts with
    nothing; east-only where ``disp`` says 東, or, where it names no length (three-player
    rooms), when no hand went past the East. Read under Mahjong Soul's ranked rules;
    ``sc`` holds the final points (the leftover sticks paid to first) and the score shown
    beside them (``total_point`` / 1000), checked as the final pt."""
    logs = data["log"]
    if not isinstance(logs, list) or not logs:
        raise TypeError
    text = disp if isinstance(disp, str) else ""
    starts = logs[0][1]
    sanma = (text.startswith(("三", "3")) or data.get("ratingc") == "PF3"
             or (len(starts) == 4 and int(starts[3]) == 0))  # fmt: skip
    n = 3 if sanma else 4
    preset = find_preset("mahjongsoul-sanma" if sanma else "mahjongsoul")
    hands = _json_hands(logs, n)
    if "東" in text or "南" in text:
        hanchan = "南" in text
    else:  # three-player rooms name no length: the one whose game ends where the log does
        hanchan = not _ends_where_logged(as_logged(rules or preset, n, False), hands, n)
    chosen = as_logged(rules or preset, n, hanchan)
    game_id = str(data.get("ref") or game_id)
    after = _json_after(logs, hands, n, chosen.scoring.riichi, refill=True)
    sc = data.get("sc")
    if isinstance(sc, list) and len(sc) >= 2 * n:
        final = tuple(int(sc[2 * i]) for i in range(n))
        final_pt = tuple(Decimal(str(sc[2 * i + 1])) for i in range(n))
    else:  # the user script's files: no result line
        final, final_pt = after[-1], ()
    record = GameRecord(chosen, _players(data, names, n), tuple(hands), title=game_id)
    return LoggedGame(record, tuple(after), final, final_pt if rules is None else (), game_id,
                      deposits_in_final=bool(final_pt), deal=_json_deal(logs, n))  # fmt: skip


def _json_hand(
    entry: list[Any],
    result: list[Any],
    n: int,
    round_index: int,
    honba: int,
    nxt: list[Any] | None,
) -> Hand:
    wind, number = divmod(round_index, 4)
    label = "ESWN"[wind] + str(number + 1)
    kind = result[0]
    discards = [entry[6 + 3 * seat] for seat in range(n)]
    takes = [entry[5 + 3 * seat] for seat in range(n)]
    calls = tuple(
        s
        for s in range(n)
        if any(isinstance(d, str) for d in takes[s])  # a call: "c…", "p…" or "m…"
    )
    riichi = [
        s for s in range(n) if any(isinstance(d, str) and d.startswith("r") for d in discards[s])
    ]
    if kind == "和了":
        if len(result) < 3:
            raise ValueError("a win without its winner")
        wins = []
        for i in range(2, len(result), 2):
            info = result[i]
            who, frm, pao = int(info[0]), int(info[1]), int(info[2])
            yaku = [str(y) for y in info[4:]]
            han = sum(int(m) for y in yaku for m in _HAN.findall(y))
            names = tuple(y.split("(")[0] for y in yaku)
            dora = sum(int(m) for y in yaku if y.split("(")[0] in _DORA_NAMES
                       for m in _HAN.findall(y))  # fmt: skip
            yakuman = sum(1 for y in yaku if "役満" in y)
            fu_match = _FU.search(str(info[3]))
            fu = None  # a yakuman or 5 han and more: no fu
            if not yakuman and han < 5:  # 満貫 at 3 or 4 han: the log writes no fu
                fu = int(fu_match[1]) if fu_match else _MANGAN_FU[han]
            wins.append(  # a yakuman's yaku have no han, nor dora: both are 0
                Win(who, han, fu, yakuman, 0, pao if pao != who else None,
                    tuple(y for y in names if y not in _DORA_NAMES), dora)
            )  # fmt: skip
        source = None if frm == who else frm  # (every winner of a ron names one discarder)
        if source is not None:  # a riichi declared on the tile that was ronned paid no stick
            last = discards[source][-1]
            if isinstance(last, str) and last.startswith("r") and source in riichi:
                riichi.remove(source)
        return Hand("tsumo" if source is None else "ron", tuple(wins), source, tuple(riichi),
                    round=label, honba=honba, calls=calls)  # fmt: skip
    if kind in _DRAWS:
        return Hand("abort", riichi=tuple(riichi), reason=_DRAWS[kind], round=label, honba=honba,
                    calls=calls)  # fmt: skip
    if kind == "流し満貫":
        deltas = [int(x) for x in result[1][:n]]
        nagashi = tuple(s for s in range(n) if deltas[s] > 0)
        same = nxt is not None and nxt[0][0] == round_index
        tenpai = tuple(sorted({*riichi, *([number] if same else [])}))
        return Hand("draw", riichi=tuple(riichi), tenpai=tenpai, nagashi=nagashi, round=label,
                    honba=honba, calls=calls)  # fmt: skip
    if kind == "全員聴牌":
        tenpai = tuple(range(n))
    elif kind == "全員不聴":
        tenpai = ()
    else:  # 流局: the noten payments say who was tenpai
        tenpai = tuple(s for s, x in enumerate(result[1][:n]) if int(x) > 0)
    return Hand("draw", riichi=tuple(riichi), tenpai=tenpai, round=label, honba=honba, calls=calls)
