"""The rules of a Tenhou private or tournament lobby (個室 / 大会), as its log states them.

Since 2023 a lobby's log carries the lobby's settings: ``csrule`` in the mjlog ``<GO>``
tag and in tenhou.net/6 JSON, a list of fields (empty: Tenhou's default) that the
lobby's organiser chose on Tenhou's 大会ロビー settings page. :func:`lobby_rules`
reads them into seisan rules: 開始点数, 清算原点, トップ必要点数, the uma by how many
players end below 清算原点 (沈みウマ rows: seisan's floating uma), ties, rounding,
the dealer's stop, トビ, 途中流局, 頭ハネ, 流し満貫, 切り上げ満貫, 数え役満, riichi
and honba sticks and the noten payments. Settings that change only what a hand is
worth (dora, ippatsu, renhou…) need nothing: the log gives every hand's han and fu.
A setting seisan cannot settle is refused, naming it; a log is never replayed under
rules other than its own.

The fields and bits follow three independent readers of ``csrule`` (InjusticeJudge,
kandora-tournaments, and a third parser) and were checked against real logs
(tests/data/tenhou/SOURCES.md); docs/decisions.md says where they disagree.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any
from urllib.parse import unquote

from seisan.errors import SeisanError
from seisan.i18n import N_, Message, _
from seisan.presets import rules_from_data
from seisan.rules import Rules

# csrule[0]: a bit set is a change from Tenhou's default
NO_NAGASHI = 0x1
KIRIAGE = 0x2
NO_TOBI = 0x4
ABORTS = 0x100 | 0x200 | 0x400 | 0x800  #: 四風連打, 四槓散了, 四家立直, 九種九牌 off
NO_TRIPLE_RON_ABORT = 0x1000  #: 三家和 is not a draw
ATAMAHANE = 0x2000  #: 頭ハネ: one winner on a discard
NO_WIN_STOP = 0x4000  #: no 和了止め
NO_TENPAI_STOP = 0x8000  #: no 聴牌止め
NO_WIN_RENCHAN = 0x10000  #: the dealer does not keep the deal by winning
NO_TENPAI_RENCHAN = 0x20000  #: nor by being tenpai
ROUNDED = 0x40000  #: 四捨五入: final scores in whole pt
NO_EXTENSION = 0x200000  #: no 南入 / 西入 (sudden death) when nobody reached the top line
#: bits that change only what a hand is worth (the log gives each hand's han and fu),
#: or the lobby's page: kan dora at once, no dora / kan dora / ura / kan ura, no
#: ippatsu, 東西/南北 double winds, renhou, riichi without a draw left, WRC ankan,
#: a fourth tile called, the join button; and three-player bits in a four-player game
_HAND_ONLY = (0x8 | 0x10 | 0x20 | 0x40 | 0x80 | 0x80000 | 0x100000 | 0x1000000 | 0x2000000
              | 0x4000000 | 0x8000000 | 0x40000000)  # fmt: skip
_SANMA_ONLY = 0x400000 | 0x800000  #: 抜き北, 折半ツモ
_KNOWN = (NO_NAGASHI | KIRIAGE | NO_TOBI | ABORTS | NO_TRIPLE_RON_ABORT | ATAMAHANE
          | NO_WIN_STOP | NO_TENPAI_STOP | NO_WIN_RENCHAN | NO_TENPAI_RENCHAN | ROUNDED
          | NO_EXTENSION | _HAND_ONLY | _SANMA_ONLY)  # fmt: skip
# csrule[1]
SPLIT_TIES = 0x2  #: tied players share the uma of their places
NO_KAZOE = 0x10  #: 13 han or more is sanbaiman
#: 2 fu for a double-wind pair, 四槓子 pao (the log names who pays), the leftover sticks
#: (the log's own final points tell), a timer setting
_KNOWN_2 = 0x1 | SPLIT_TIES | 0x4 | 0x8 | NO_KAZOE | 0x40

#: what an empty field means, four players (Tenhou's defaults)
_START, _TOP, _RETURN, _RIICHI, _HONBA, _NOTEN = 25000, 30000, 30000, 1000, 100, 3000
_UMA = (10, -10, -20)  #: 2nd, 3rd, 4th, whoever ends below 清算原点


class LobbyError(SeisanError):
    """A lobby's rules that seisan cannot settle: names the setting."""


@dataclass(frozen=True)
class Lobby:
    """A lobby game's own settings as its log gives them."""

    number: int  #: the lobby (L1234); 0: ranked
    title: str = ""  #: the lobby's name
    csrule: tuple[str, ...] | None = None  #: None: the log does not state them

    @classmethod
    def of(cls, number: object, title: object, csrule: object) -> Lobby:
        """From the log's attributes (mjlog: a comma list; JSON: a list)."""
        fields: tuple[str, ...] | None = None
        if isinstance(csrule, str):
            fields = tuple(csrule.split(",")) if csrule else ()
        elif isinstance(csrule, list):
            fields = tuple(str(value) for value in csrule)
        elif csrule is not None:
            raise TypeError
        name = unquote(title) if isinstance(title, str) else ""
        return cls(int(str(number or 0)), name, fields)


def _refused(lobby: Lobby, what: Message) -> LobbyError:
    return LobbyError(_("lobby {lobby}: its rules set {what}, which seisan cannot settle yet",
                        lobby=lobby.number, what=what))  # fmt: skip


def _number(fields: Sequence[str], index: int, default: int) -> int:
    value = fields[index].strip() if index < len(fields) else ""
    return int(value) if value else default


def _bits(fields: Sequence[str], index: int) -> int:
    value = fields[index].strip() if index < len(fields) else ""
    return int(value, 16) if value else 0


def lobby_rules(lobby: Lobby, players: int, hanchan: bool, final_total: int) -> Rules:
    """Seisan's rules for a game of ``lobby`` as its ``csrule`` states them (the lobby
    must state them). ``final_total``: the log's final points added up (short of the
    start: riichi sticks left on the table at the end were not paid out)."""
    fields = lobby.csrule
    assert fields is not None
    length = "south" if hanchan else "east"
    data: dict[str, Any] = {"extends": "tenhou" if players == 4 else "tenhou-sanma",
                            "game": {"length": length}}  # fmt: skip
    if not any(field.strip() for field in fields):  # every field Tenhou's default
        return _made(lobby, data, final_total)
    if players != 4:
        raise _refused(lobby, Message(N_("three-player settings")))
    try:
        return _made(lobby, _read(lobby, fields, data), final_total)
    except ValueError as err:
        if isinstance(err, SeisanError):
            raise
        raise LobbyError(_("lobby {lobby}: its rules (csrule) cannot be read", lobby=lobby.number)
                         ) from None  # fmt: skip


def _read(lobby: Lobby, fields: Sequence[str], data: dict[str, Any]) -> dict[str, Any]:
    flags, more = _bits(fields, 0), _bits(fields, 1)
    for index in (2, 3, 8, 9, *range(12, 16), 20, *range(45, len(fields))):
        if index < len(fields) and fields[index].strip():
            raise _refused(lobby, Message(N_("field {index} to {value}"), index=index,
                                          value=fields[index].strip()))  # fmt: skip
    unknown = (flags & ~_KNOWN) or (more & ~_KNOWN_2)
    if unknown:
        raise _refused(lobby, Message(N_("an unknown switch ({value})"),
                                      value=f"{flags:08X},{more:08X}"))  # fmt: skip
    if flags & NO_WIN_RENCHAN or flags & NO_TENPAI_RENCHAN:
        raise _refused(lobby, Message(N_("a dealer who does not keep the deal (no 連荘)")))
    if _number(fields, 7, 0):
        raise _refused(lobby, Message(N_("an end when someone passes {points} (天辺)"),
                                      points=_number(fields, 7, 0)))  # fmt: skip
    if _number(fields, 19, 0):
        raise _refused(lobby, Message(N_("祝儀 (chips)")))
    if flags & NO_WIN_STOP and not flags & NO_TENPAI_STOP:
        raise _refused(lobby, Message(N_("a dealer's stop when tenpai but not after a win")))
    noten = [_number(fields, 16 + i, default) for i, default in enumerate((1000, 1500, 3000))]
    total = noten[2]
    if noten != [total // 3, total // 2, total] or total % 6:
        raise _refused(lobby, Message(N_("noten payments of {values}"),
                                      values="/".join(map(str, noten))))  # fmt: skip
    start, ret = _number(fields, 4, _START), _number(fields, 6, _RETURN)
    top = _number(fields, 5, _TOP)
    rows = [tuple(_number(fields, 21 + 3 * k + i, _UMA[i]) for i in range(3)) for k in range(5)]
    uma = {4 - below: [-sum(row), *row] for below, row in enumerate(rows)}
    if len({tuple(values) for values in uma.values()}) == 1:
        data["uma"] = uma[4]
    else:
        data["floating_uma"] = {str(count): values for count, values in sorted(uma.items())}
    stop = "none" if flags & NO_WIN_STOP else "auto-win" if flags & NO_TENPAI_STOP else "auto"
    data.update(start=start, **{"return": ret}, ties="split" if more & SPLIT_TIES else "seat",
                rounding="points-half-away" if flags & ROUNDED else "none")  # fmt: skip
    data["game"].update(
        bust_ends=not flags & NO_TOBI, dealer_stop=stop,
        extension="none" if flags & NO_EXTENSION else "west",
        aborts=(flags & ABORTS) != ABORTS, **({"target": top} if top != ret else {}),
    )  # fmt: skip
    data["scoring"] = {
        "nagashi": not flags & NO_NAGASHI, "kiriage": bool(flags & KIRIAGE),
        "atamahane": bool(flags & ATAMAHANE),
        "triple_ron": "win" if flags & NO_TRIPLE_RON_ABORT else "abort",
        "kazoe": "sanbaiman" if more & NO_KAZOE else "yakuman",
        "riichi": _number(fields, 10, _RIICHI), "honba": 3 * _number(fields, 11, _HONBA),
        "noten": total,
    }  # fmt: skip
    return data


def _made(lobby: Lobby, data: dict[str, Any], final_total: int) -> Rules:
    caption = lobby_caption(lobby)
    data["title"] = {"en": f"Tenhou lobby {caption}", "ja": f"天鳳 ロビー {caption}",
                     "ko": f"텐호 로비 {caption}"}  # fmt: skip
    rules = rules_from_data(data)
    if final_total < rules.start * rules.players:  # sticks left on the table: not paid
        rules = rules_from_data({**data, "deposits": "lost"})
    return rules


def lobby_caption(lobby: Lobby) -> str:
    """The lobby as players name it: L1234, and its name."""
    return f"L{lobby.number:04d}" + (f" {lobby.title}" if lobby.title else "")
