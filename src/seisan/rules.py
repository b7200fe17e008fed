"""House rules for settling a game: a frozen, validated value.

A :class:`Rules` says how final points become scores: players, start points
(配給原点), return points (返し点), the oka that follows from them, uma, rounding,
ties and leftover riichi deposits. Rules round-trip through plain dicts, so
they serialise to TOML and JSON; named presets live in :mod:`seisan.presets`.
"""

from __future__ import annotations

import re
import tomllib
from collections.abc import Collection, Mapping
from dataclasses import dataclass, field, replace
from decimal import Decimal, InvalidOperation
from enum import StrEnum
from fractions import Fraction
from functools import cached_property
from typing import Any, TypeVar

from seisan.errors import RulesError, SeisanError, UnknownNameError, where_in_text
from seisan.i18n import (
    Lang,
    Message,
    Term,
    _,
    current_language,
    name_key,
    plain_number,
    plain_text,
    render,
    term,
    too_long,
)
from seisan.pt import MAX_DECIMALS, decimal_form, pt_value, to_pt
from seisan.rounding import Rounding, find_rounding
from seisan.uma import FloatingUma, RankUma, Uma, parse_floating, parse_uma


class Ties(StrEnum):
    """How players who finish on the same points are placed (同点の扱い)."""

    SEAT = "seat"  #: 起家優先: the player nearer the first dealer (seat 0) places higher
    SPLIT = "split"  #: 等分: the tied players share the uma and oka of their places equally

    def label(self, lang: Lang | str | None = None) -> str:
        return term(f"ties.{self.value}", lang)


class Deposits(StrEnum):
    """What happens to riichi deposits (供託) still on the table at the end."""

    FIRST = "first"  #: トップ取り: already added to first place's final points
    LOST = "lost"  #: 没収: not paid out; the points total falls short by 1000 a stick

    def label(self, lang: Lang | str | None = None) -> str:
        return term(f"deposits.{self.value}", lang)


class Zero(StrEnum):
    """How a score of exactly zero is written."""

    PLAIN = "0"
    MINUS = "-0"  #: the Korean convention of seed 004: "+0 따위는 없다"
    PLUS_MINUS = "±0"  #: as seed 000's tables write it


@dataclass(frozen=True)
class Source:
    """Where a preset's numbers come from: the document (its own title, with the
    project's words about it), its address, and a passage quoted from it — or, for the
    project's own research (real logs), what it found."""

    title: str  #: in English (the document's own title kept as it is named)
    url: str = ""
    note: str = ""  #: a quote, as the source wrote it; or the project's own words
    #: the title in ja and ko, where the project's words about it are translated
    titles: tuple[tuple[str, str], ...] = ()
    #: the note in ja and ko: given only where it is the project's words, not a quote
    notes: tuple[tuple[str, str], ...] = ()

    def title_in(self, lang: Lang | str) -> str:
        return dict(self.titles).get(Lang(lang).value, self.title)

    def note_in(self, lang: Lang | str) -> str:
        return dict(self.notes).get(Lang(lang).value, self.note)


E = TypeVar("E", bound=StrEnum)


def _choice(enum: type[E], field_name: str, value: object) -> E:
    if isinstance(value, enum):
        return value
    try:
        return enum(str(value).strip().lower())
    except ValueError:
        raise RulesError(
            field_name, value, _("must be one of {choices}", choices=[m.value for m in enum])
        ) from None


MAX_POINTS = 10**9
"""The largest number of points seisan accepts anywhere (far beyond any game)."""


#: a whole number as text, one sign at most (what ``plain_number`` leaves of what was typed)
WHOLE_NUMBER = re.compile(r"[+-]?[0-9]+")


def whole_points(
    field_name: str, value: object, *, allow_zero: bool = False, unit: int = 100
) -> int:
    """A positive (or, with ``allow_zero``, non-negative) multiple of 100 points;
    digits given as text (from the command line) are accepted."""
    value = points_number(field_name, value)
    if value < 0 or (value == 0 and not allow_zero) or value % unit:
        if allow_zero:
            problem = _("must be a multiple of {unit} points, 0 or more", unit=unit)
        elif unit == 1:  # (精算法's start and return: any whole number of points)
            problem = _("must be a whole number of points above 0")
        else:
            problem = _("must be a positive multiple of {unit} points", unit=unit)
        raise RulesError(field_name, value, problem)
    return value


def _start_alone(changes: Mapping[str, Any], base: Rules) -> None:
    """A start given above the return points it keeps is the start's fault: the
    reader never wrote the return the check would otherwise name."""
    start = changes.get("start")
    if ("return_points" not in changes and isinstance(start, int)
            and start > base.return_points):  # fmt: skip
        problem = _("is above the return points ({points}): give the return points too",
                    points=base.return_points)  # fmt: skip
        raise RulesError("start", start, problem)


#: what :meth:`Rules.to_dict` always writes (beside ``uma`` or ``floating_uma``)
_WRITTEN_IN_FULL = ("players", "start", "return", "oka", "rounding", "ties", "deposits", "zero")


def _labels_in_full(data: Mapping[str, Any], preset: str) -> None:
    """``extends_preset`` labels a file seisan wrote in full with the preset it was
    built from; by hand with a few fields it would settle on the defaults under the
    preset's name, where the writer meant ``extends``."""
    missing = [key for key in _WRITTEN_IN_FULL if key not in data]
    if "uma" not in data and "floating_uma" not in data:
        missing.append("uma")
    if missing:
        problem = _("is only a label for rules seisan wrote out in full (this file has no "
                    "{fields}): to start from the preset, write `extends = \"{preset}\"`",
                    fields=missing, preset=preset)  # fmt: skip
        raise RulesError("extends_preset", preset, problem)


def points_number(field_name: str, value: object) -> int:
    """Points as written, an int or digits as text (as people type them: full-width,
    ▲ for minus, as final points are read), within what any game holds: the checks of
    its sign and unit wait for the rules that say the unit."""
    if isinstance(value, bool) or not isinstance(value, int):
        text = plain_number(value) if isinstance(value, str) else ""
        if not WHOLE_NUMBER.fullmatch(text):
            raise RulesError(field_name, value, _("must be a whole number of points"))
        digits = text.lstrip("-+").lstrip("0")
        if len(digits) > len(str(MAX_POINTS)):  # (and past what int() reads)
            given = _("{first}… ({count} digits)", first=text[:6], count=len(digits))
            raise RulesError(field_name, given, _("is beyond {limit} points", limit=MAX_POINTS))
        value = int(text)
    if abs(value) > MAX_POINTS:
        raise RulesError(field_name, value, _("is beyond {limit} points", limit=MAX_POINTS))
    return value


def _name_pairs(
    field_name: str, value: object, each_its_amount: bool
) -> tuple[tuple[str, str, int], ...]:
    """Standing pair bets: ``"A:B:AMOUNT"`` or ``[A, B, AMOUNT]`` by player name. With
    ``each_its_amount`` (ビンタ's pairs) an amount is the pair's own: 0 turns the bet off
    for them, and a pair is named once (a game's own binta likewise)."""
    if not isinstance(value, list | tuple):
        raise RulesError(field_name, value, _("must be a list of A:B:AMOUNT"))
    out = []
    for item in value:
        parts = item.split(":") if isinstance(item, str) else item
        if (
            not isinstance(parts, list | tuple)
            or len(parts) != 3
            or not all(isinstance(p, str) for p in parts[:2])
        ):
            raise RulesError(field_name, item, _("should be A:B:AMOUNT (player names, points)"))
        a, b = (p.strip() for p in parts[:2])
        if not a or not b or name_key(a) == name_key(b):
            raise RulesError(field_name, item, _("needs two different players"))
        out.append((a, b, whole_points(field_name, parts[2], allow_zero=each_its_amount)))
    if each_its_amount:
        said = [frozenset((name_key(a), name_key(b))) for a, b, _amount in out]
        for (a, b, _amount), pair in zip(out, said, strict=True):
            if said.count(pair) > 1:
                raise RulesError(
                    field_name, f"{a}:{b}", _("gives {a} and {b} two amounts", a=a, b=b)
                )
    return tuple(out)


class FeePayer(StrEnum):
    """Who pays the game fee (場代)."""

    EACH = "each"  #: every player pays the fee
    FIRST = "first"  #: トップ払い: first place pays it alone


@dataclass(frozen=True)
class SideRules:
    """The house's standing side bets (the ``[side]`` table of a rules file).

    Amounts are in points, as the bets are spoken of (「1000ビンタ」,
    「1万点の総ウマ」); results are in pt. Zero means the bet is not played.
    Bets agreed for one game (差しウマ pairs, chips, ...) are
    :class:`seisan.sidebets.Bets`, apart from these standing rules.
    """

    sou_uma: int = 0  #: 総ウマ, between every pair
    sou_bashin: int = 0  #: 総馬身, between every pair
    binta: int = 0  #: ビンタ, between every pair
    kubi: int | None = None  #: クビ threshold; None: the start points
    shizumi: int = 0  #: 沈みウマ, paid to first place
    shizumi_line: int | None = None  #: None: the return points
    chip_value: Fraction = Fraction(0)  #: pt per chip
    tobi: int = 0  #: 飛び賞, paid by a player who ends below zero
    tobi_at_zero: bool = False  #: whether exactly 0 points also counts as bust
    yakitori: int = 0  #: 焼き鳥, paid by each player who won no hand
    soto_pool: int = 0  #: 外ウマ among spectators only, like 差しウマ
    #: standing 差しウマ / 馬身 / ビンタ amounts between named players, played in
    #: every game where both sit (``"Ana:Ben:10000"``)
    sashi: tuple[tuple[str, str, int], ...] = ()
    bashin: tuple[tuple[str, str, int], ...] = ()
    binta_pairs: tuple[tuple[str, str, int], ...] = ()

    def __post_init__(self) -> None:
        for name in ("sou_uma", "sou_bashin", "binta", "shizumi", "tobi", "yakitori", "soto_pool"):
            object.__setattr__(
                self, name, whole_points(f"side.{name}", getattr(self, name), allow_zero=True)
            )
        for name in ("kubi", "shizumi_line"):
            value = getattr(self, name)
            if value is not None:
                object.__setattr__(self, name, whole_points(f"side.{name}", value))
        chip = to_pt(self.chip_value, "side.chip_value")
        if chip < 0:
            raise RulesError("side.chip_value", chip, _("must not be negative"))
        object.__setattr__(self, "chip_value", chip)
        if not isinstance(self.tobi_at_zero, bool):
            raise RulesError("side.tobi_at_zero", self.tobi_at_zero, _("must be true or false"))
        for name in ("sashi", "bashin", "binta_pairs"):
            pairs = _name_pairs(f"side.{name}", getattr(self, name), name == "binta_pairs")
            object.__setattr__(self, name, pairs)

    def to_dict(self) -> dict[str, Any]:
        """The fields that differ from the defaults, for TOML and JSON."""
        data = _changed(self, SideRules())
        for name in ("sashi", "bashin", "binta_pairs"):
            if name in data:
                data[name] = [f"{a}:{b}:{amount}" for a, b, amount in getattr(self, name)]
        return data

    @classmethod
    def from_dict(cls, data: Mapping[str, Any], base: SideRules | None = None) -> SideRules:
        return replace(base or cls(), **_known(cls, "side", data))


class PointSystem(StrEnum):
    """How a hand's han and fu become points (seed 003 for all but ``standard``)."""

    STANDARD = "standard"  #: fu × 2^(han+2), rounded up to 100, with limits
    THIRTY_FU = "30fu"  #: 30符ベース式: one table at 30 fu (its 翻 include 2 場ゾロ)
    GORIN = "gorin"  #: 五輪ルール: 50 fu fixed, designated scores from 八翻
    EXACT = "exact"  #: 精算法: fu × 2^(han+2) × 4 or × 6, nothing rounded


class Kazoe(StrEnum):
    """What 13 han or more of yaku and dora (数え役満) is worth."""

    YAKUMAN = "yakuman"  #: a counted yakuman
    SANBAIMAN = "sanbaiman"  #: capped at sanbaiman


class SanmaTsumo(StrEnum):
    """Three-player tsumo: the missing north's share."""

    LOSS = "tsumo-loss"  #: ツモ損: nobody pays it
    SPLIT = "split-north"  #: 北家折半: the two payers share it (each rounded up to 100)


class TripleRon(StrEnum):
    """Three players winning on one discard."""

    ABORT = "abort"  #: 三家和: an abortive draw
    WIN = "win"  #: all three are paid


class MultiRon(StrEnum):
    """Who of several winners on one discard takes the honba, or the riichi deposits."""

    NEAREST = "nearest"  #: 上家取り: the winner next after the discarder (Tenhou)
    EACH = "each"  #: honba: every winner is paid the counters (EMA)
    OWN_BACK = "own-back"  #: deposits: winners take back their own sticks, the rest to the nearest


class ChomboPayment(StrEnum):
    """How a chombo (錯和 / 冲和) is paid."""

    POINTS = "points"  #: a fixed pt penalty after uma, paid to nobody (EMA, WRC, M.League)
    MANGAN = "mangan"  #: 満貫払い: a reverse mangan to the others (dealer 4000 all; 2000/4000)


class SubstitutePolicy(StrEnum):
    """How a seat played by a substitute (代走) is scored for the absent player."""

    RESULT = "result"  #: the substitute's result counts for the seat
    FIXED = "fixed"  #: fixed points and uma (EMA: −15000 points, −15000 uma)


def _flag(field_name: str, value: object) -> bool:
    if not isinstance(value, bool):
        raise RulesError(field_name, value, _("must be true or false"))
    return value


@dataclass(frozen=True)
class Scoring:
    """How hands are paid (the ``[scoring]`` table): the point system and its
    options, honba, riichi deposits and noten payments."""

    system: PointSystem = PointSystem.STANDARD
    kiriage: bool = False  #: 切り上げ満貫: 4 han 30 fu and 3 han 60 fu pay mangan
    #: 切り上げ満貫 for the dealer only: the dealer's 11600 is 12000, the others' 7700
    #: stays (最高位戦: 「親の11,600は切り上げ満貫」)
    kiriage_dealer: bool = False
    kazoe: Kazoe = Kazoe.YAKUMAN
    thirty_fu_variant: bool = False  #: 30符: 五翻 ron 4000/6000, 六翻 8000/12000 (003)
    honba: int = 300  #: what one 本場 adds to a ron
    #: what one 本場 adds per payer on a tsumo (None: a third of ``honba``);
    #: three-player Tenhou: honba 200, 100 from each of the two payers
    honba_tsumo: int | None = None
    riichi: int = 1000  #: a riichi deposit (供託)
    noten: int = 3000  #: 不聴罰符, split among the tenpai players
    sanma_tsumo: SanmaTsumo = SanmaTsumo.LOSS
    atamahane: bool = False  #: 頭ハネ: only the winner nearest the discarder wins
    double_yakuman: bool = True  #: ダブル役満: one yaku may count double (tile hands)
    #: 役満の複合: two yakuman in one hand add up (tile hands); EMA and WRC cap a hand
    #: at a single yakuman (「役満の複合あり」: false)
    composite_yakuman: bool = True
    triple_ron: TripleRon = TripleRon.ABORT  #: 三家和
    nagashi: bool = True  #: 流し満貫 is paid (at an exhaustive draw)
    #: 大明槓の責任払い: a 嶺上開花 from a 大明槓 is paid in full by the player whose
    #: discard was called for the kan (JPML before its 2023 revision)
    daiminkan_pao: bool = False
    #: 箱下立直: riichi with fewer points than a deposit, where play goes on below zero
    #: (Mahjong Soul's rooms without busting: a record shows riichi at -1900)
    riichi_in_debt: bool = False
    #: on a double (triple) ron, who takes the honba, and the riichi deposits
    multi_ron_honba: MultiRon = MultiRon.NEAREST
    multi_ron_deposits: MultiRon = MultiRon.NEAREST

    def __post_init__(self) -> None:
        object.__setattr__(self, "system", _choice(PointSystem, "scoring.system", self.system))
        object.__setattr__(self, "kazoe", _choice(Kazoe, "scoring.kazoe", self.kazoe))
        object.__setattr__(
            self, "sanma_tsumo", _choice(SanmaTsumo, "scoring.sanma_tsumo", self.sanma_tsumo)
        )
        object.__setattr__(
            self, "triple_ron", _choice(TripleRon, "scoring.triple_ron", self.triple_ron)
        )
        honba = _choice(MultiRon, "scoring.multi_ron_honba", self.multi_ron_honba)
        deposits = _choice(MultiRon, "scoring.multi_ron_deposits", self.multi_ron_deposits)
        if honba is MultiRon.OWN_BACK:
            raise RulesError("scoring.multi_ron_honba", honba, _("must be nearest or each"))
        if deposits is MultiRon.EACH:
            raise RulesError(
                "scoring.multi_ron_deposits", deposits, _("must be nearest or own-back")
            )
        object.__setattr__(self, "multi_ron_honba", honba)
        object.__setattr__(self, "multi_ron_deposits", deposits)
        for name in ("kiriage", "kiriage_dealer", "thirty_fu_variant", "atamahane",
                     "double_yakuman", "composite_yakuman", "nagashi", "daiminkan_pao",
                     "riichi_in_debt"):  # fmt: skip
            _flag(f"scoring.{name}", getattr(self, name))
        if self.kiriage and self.kiriage_dealer:
            raise RulesError(
                "scoring.kiriage_dealer",
                self.kiriage_dealer,
                _("kiriage already rounds up every hand, the dealer's too: give one of the two"),
            )
        for name in ("honba", "riichi", "noten"):
            object.__setattr__(
                self, name, whole_points(f"scoring.{name}", getattr(self, name), allow_zero=True)
            )
        if self.honba_tsumo is not None:
            object.__setattr__(
                self,
                "honba_tsumo",
                whole_points("scoring.honba_tsumo", self.honba_tsumo, allow_zero=True),
            )
        elif self.honba % 300:
            raise RulesError(
                "scoring.honba",
                self.honba,
                _("must be a multiple of 300 (100 a payer), or give honba_tsumo"),
            )

    def unread(self) -> list[tuple[str, Message]]:
        """The fields this point system never reads, with why: kiriage (either kind)
        outside the standard table, the 30fu variant outside 30fu, 数え役満's cap under
        gorin. One list for a rules file's fields (:meth:`Rules.idle`) and for the
        ``hand`` command's options."""
        system = self.system
        found = []
        if system is not PointSystem.STANDARD:
            under = _(
                "does nothing under the {system} system",  # (its name: 五輪ルール)
                system=Term(f"system.{system.value}"),
            )
            found += [("kiriage", under), ("kiriage_dealer", under)]
        if system is not PointSystem.THIRTY_FU:
            found.append(("thirty_fu_variant", _("does nothing outside the 30fu system")))
        if system is PointSystem.GORIN:  # (named as kiriage's line names it)
            found.append(("kazoe", _("does nothing under the {system} system (11 han is 超満)",
                                     system=Term(f"system.{system.value}"))))  # fmt: skip
        return found

    @property
    def tsumo_honba(self) -> int:
        """What one 本場 adds per payer on a tsumo."""
        return self.honba // 3 if self.honba_tsumo is None else self.honba_tsumo

    def to_dict(self) -> dict[str, Any]:
        return _changed(self, Scoring())

    @classmethod
    def from_dict(cls, data: Mapping[str, Any], base: Scoring | None = None) -> Scoring:
        changes = _known(cls, "scoring", data)
        # a house rule that turns on one kind of 切り上げ満貫 turns off the other
        if changes.get("kiriage") is True and "kiriage_dealer" not in changes:
            changes["kiriage_dealer"] = False
        if changes.get("kiriage_dealer") is True and "kiriage" not in changes:
            changes["kiriage"] = False
        return replace(base or cls(), **changes)


class Length(StrEnum):
    """How long a game is."""

    EAST = "east"  #: 東風戦: East 1-4
    SOUTH = "south"  #: 半荘: East and South


class Extension(StrEnum):
    """What happens when nobody reached the target after the last hand (004)."""

    NONE = "none"  #: the game ends after the last hand, whatever the points
    WEST = "west"  #: 西入: sudden death in West, and the game ends after West 4 (Tenhou)
    NORTH = "north"  #: sudden death through West and North, ending after North 4


class DealerStop(StrEnum):
    """Whether the leading dealer of the last hand may end the game by winning or
    being tenpai (アガリ止め / テンパイ止め)."""

    NONE = "none"  #: the dealer plays on (連荘)
    CHOICE = "choice"  #: the dealer may stop: the record says ``"stop": true``
    AUTO = "auto"  #: the game ends by itself (Tenhou)
    AUTO_WIN = "auto-win"  #: by itself after a win only, not tenpai (Tenhou to May 2010)


def _dealer_stop(value: object) -> DealerStop:
    if isinstance(value, bool):  # true / false as earlier files wrote it
        return DealerStop.CHOICE if value else DealerStop.NONE
    return _choice(DealerStop, "game.dealer_stop", value)


@dataclass(frozen=True)
class GameFlow:
    """How a game runs and ends (the ``[game]`` table)."""

    length: Length = Length.SOUTH
    extension: Extension = Extension.NONE
    bust_ends: bool = True  #: トビ: a player below zero ends the game
    #: アガリ止め/テンパイ止め of the leading dealer in the last hand
    dealer_stop: DealerStop = DealerStop.NONE
    #: what someone must hold after the last hand to end the game (None: the return
    #: points; Mahjong Soul plays to 30000 though its score returns 25000)
    target: int | None = None
    aborts: bool = True  #: 途中流局 exist (EMA since 2016, WRC, M.League: none)

    def __post_init__(self) -> None:
        object.__setattr__(self, "length", _choice(Length, "game.length", self.length))
        _flag("game.aborts", self.aborts)
        object.__setattr__(self, "extension", _choice(Extension, "game.extension", self.extension))
        object.__setattr__(self, "dealer_stop", _dealer_stop(self.dealer_stop))
        _flag("game.bust_ends", self.bust_ends)
        if self.target is not None:
            object.__setattr__(self, "target", whole_points("game.target", self.target))

    def to_dict(self) -> dict[str, Any]:
        return _changed(self, GameFlow())

    @classmethod
    def from_dict(cls, data: Mapping[str, Any], base: GameFlow | None = None) -> GameFlow:
        return replace(base or cls(), **_known(cls, "game", data))


@dataclass(frozen=True)
class Penalties:
    """Chombo, referee penalties and substitutes (the ``[penalties]`` table).

    A chombo is paid as ``chombo`` says: a fixed ``chombo_pt`` taken from the score
    after uma (EMA, WRC, M.League), or a reverse mangan to the others (満貫払い).
    ``chombo_replay``: the hand is dealt again (same dealer, same honba), else it
    counts as played (the deal passes, a honba is added, as after a draw).
    ``chombo_riichi_back``: riichi sticks of the hand go back to their owners.
    Penalties are paid to nobody unless ``redistribute`` (then shared by the
    others). A seat played by a substitute is scored as ``substitute`` says.
    """

    chombo: ChomboPayment = ChomboPayment.POINTS
    chombo_pt: Fraction = Fraction(20)
    chombo_replay: bool = True
    chombo_riichi_back: bool = True
    redistribute: bool = False
    substitute: SubstitutePolicy = SubstitutePolicy.RESULT
    substitute_points: int = -15000  #: the absent player's points part (EMA: −15000)
    substitute_uma: Fraction = Fraction(-15)  #: and uma (EMA: −15000 points = −15)

    def __post_init__(self) -> None:
        object.__setattr__(self, "chombo", _choice(ChomboPayment, "penalties.chombo", self.chombo))
        object.__setattr__(
            self, "substitute", _choice(SubstitutePolicy, "penalties.substitute", self.substitute)
        )
        pt = to_pt(self.chombo_pt, "penalties.chombo_pt")
        if pt < 0:
            raise RulesError("penalties.chombo_pt", pt, _("must not be negative"))
        object.__setattr__(self, "chombo_pt", pt)
        object.__setattr__(
            self, "substitute_uma", to_pt(self.substitute_uma, "penalties.substitute_uma")
        )
        for name in ("chombo_replay", "chombo_riichi_back", "redistribute"):
            _flag(f"penalties.{name}", getattr(self, name))
        # read as every other points field is (digits as text too, ▲ for minus)
        value = points_number("penalties.substitute_points", self.substitute_points)
        if value % 100:
            raise RulesError(
                "penalties.substitute_points", value, _("must be a whole multiple of 100 points")
            )
        object.__setattr__(self, "substitute_points", value)

    def to_dict(self) -> dict[str, Any]:
        return _changed(self, Penalties())

    @classmethod
    def from_dict(cls, data: Mapping[str, Any], base: Penalties | None = None) -> Penalties:
        return replace(base or cls(), **_known(cls, "penalties", data))


@dataclass(frozen=True)
class Stakes:
    """Money (the ``[money]`` table): the rate, the smallest unit, the game fee.

    ``rate`` is money per pt (千点30円 = 30; 点5 = 50; 点ピン = 100). Money is
    rounded to ``unit`` for everyone but first place, which takes minus the sum
    of the others, so money sums to zero like scores do. The fee (場代) goes to
    the house, per player or paid by first place alone.
    """

    rate: Fraction | None = None
    unit: Fraction = Fraction(1)
    currency: str = ""
    rounding: Rounding = Rounding.HALF_UP
    fee: Fraction = Fraction(0)
    fee_payer: FeePayer = FeePayer.EACH

    def __post_init__(self) -> None:
        if self.rate is not None:
            object.__setattr__(self, "rate", _money("money.rate", self.rate, positive=True))
        object.__setattr__(self, "unit", _money("money.unit", self.unit, positive=True))
        object.__setattr__(self, "fee", _money("money.fee", self.fee, positive=False))
        if self.fee % self.unit:
            raise RulesError(
                "money.fee", self.fee, _("must be a multiple of the unit {unit}", unit=self.unit)
            )
        if not isinstance(self.currency, str):
            raise RulesError("money.currency", self.currency, _("must be text"))
        if not plain_text(self.currency):  # (written beside every sum: an escape sequence
            # in it cleared the screen at each)
            raise RulesError("money.currency", self.currency,
                             _("must be text without control characters"))  # fmt: skip
        if not isinstance(self.rounding, Rounding):
            object.__setattr__(self, "rounding", _rounding("money.rounding", self.rounding))
        object.__setattr__(self, "fee_payer", _choice(FeePayer, "money.fee_payer", self.fee_payer))

    @cached_property
    def per_unit(self) -> Fraction:
        """Units of money per pt (``rate`` ÷ ``unit``), made once: every game with a rate
        turns its balances into money with it. (Raises ``TypeError`` without a rate.)"""
        if self.rate is None:
            raise TypeError("no rate")
        return self.rate / self.unit

    def idle(self) -> list[tuple[str, object, Message]]:
        """Money nothing reads, with why: a fee (money), and the unit, currency, rounding
        or payer of money never computed, with no rate; who pays a fee with no fee."""
        if self.rate is not None:
            if self.fee_payer is not FeePayer.EACH and not self.fee:
                return [("money.fee_payer", self.fee_payer.value,
                         _("does nothing without a fee (money.fee)"))]  # fmt: skip
            return []
        found: list[tuple[str, object, Message]] = []
        if self.fee:
            found.append(("money.fee", self.fee, _("a fee is money: it needs a rate (money.rate)")))
        found += [(f"money.{name}", value, _("does nothing without a rate (money.rate)"))
                  for name, value in self.to_dict().items() if name != "fee"]  # fmt: skip
        return found

    def check_paid(self) -> None:
        """Money with no rate, or a fee's payer with no fee, is refused (:meth:`idle`).
        Checked once the rules are whole, not on construction: a rules file may leave
        the rate to ``seisan --rate``."""
        for path, value, problem in self.idle():
            raise RulesError(path, value, problem)

    def to_dict(self) -> dict[str, Any]:
        return _changed(self, Stakes())

    @classmethod
    def from_dict(cls, data: Mapping[str, Any], base: Stakes | None = None) -> Stakes:
        return replace(base or cls(), **_known(cls, "money", data))


MAX_MONEY = 10**9
"""The largest amount of money (rate, unit, fee) seisan accepts."""


def _money(field_name: str, value: object, *, positive: bool) -> Fraction:
    if isinstance(value, bool) or not isinstance(value, int | Fraction | Decimal | str):
        raise RulesError(field_name, value, _("must be an amount of money"))
    if isinstance(value, str):
        try:
            value = Decimal(value.strip())
        except InvalidOperation:
            raise RulesError(field_name, value, _("must be a decimal amount of money")) from None
    if isinstance(value, Decimal) and not value.is_finite():
        raise RulesError(field_name, value, _("must be a decimal amount of money"))
    signed = _("must be positive") if positive else _("must not be negative")
    wrong_sign = value < 0 or (positive and value == 0)
    # finer than any value is written (1E-40, 1/2**40), said as such: not “not a decimal”
    too_fine = _("has more decimals than seisan keeps (at most {limit})", limit=MAX_DECIMALS)
    if isinstance(value, Decimal) and too_long(value):
        if value.adjusted() > 0:
            raise RulesError(field_name, value, _("is too large (at most {limit})",
                                                  limit=MAX_MONEY))  # fmt: skip
        raise RulesError(field_name, value, signed if wrong_sign else too_fine)
    amount = Fraction(value)
    try:
        pt_value(amount)  # only amounts with a finite decimal form (not 1/3)
    except ValueError:
        problem = too_fine if decimal_form(amount) else _("must be a decimal amount of money")
        raise RulesError(field_name, value, signed if wrong_sign else problem) from None
    if abs(amount) > MAX_MONEY:
        raise RulesError(field_name, value, _("is too large (at most {limit})", limit=MAX_MONEY))
    if wrong_sign:
        raise RulesError(field_name, value, signed)
    return amount


def _rounding(field_name: str, value: object) -> Rounding:
    try:
        return find_rounding(str(value))
    except UnknownNameError as err:
        raise RulesError(field_name, value, _("known: {known}", known=err.known)) from None


def _known(cls: type[Any], table: str, data: Mapping[str, Any]) -> dict[str, Any]:
    known = set(cls.__dataclass_fields__)
    unknown = set(data) - known
    if unknown:
        bad = sorted(unknown)[0]
        raise RulesError(
            f"{table}.{bad}",
            data[bad],
            _("is not a field of [{table}]; known: {known}", table=table, known=sorted(known)),
        )
    return dict(data)


def _changed(value: Any, default: Any) -> dict[str, Any]:
    data: dict[str, Any] = {}
    for name in value.__dataclass_fields__:
        current = getattr(value, name)
        if current != getattr(default, name):
            data[name] = pt_value(current) if isinstance(current, Fraction) else current
            if isinstance(current, StrEnum):
                data[name] = current.value
    return data


POINTS_UNITS = (100, 10, 1)
"""Points units a table may play in: 100-point sticks, or single points (精算法)."""


class Fast:
    """What :func:`seisan.settlement.settle` needs of the rules, as plain integers
    (computed once per rules value, so settling millions of games stays cheap).

    A *quantum* is the points unit over 1000 pt (0.1 pt for 100-point sticks)."""

    __slots__ = (
        "floating",
        "lost",
        "n",
        "oka_q",
        "per_pt",
        "ret",
        "split",
        "start",
        "stick",
        "total",
        "uma_q",
        "unit",
        "whole",
    )

    def __init__(self, rules: Rules) -> None:
        self.n = rules.players
        self.start = rules.start
        self.ret = rules.return_points
        self.unit = rules.unit
        self.per_pt = 1000 // self.unit
        self.oka_q = (self.ret - self.start) * self.n // self.unit
        self.whole = rules.rounding.whole_pt(self.per_pt, self.ret)
        self.split = rules.ties is Ties.SPLIT
        self.lost = rules.deposits is Deposits.LOST
        self.stick = rules.scoring.riichi
        self.total = self.start * self.n  #: the points a game's players hold together
        if isinstance(rules.uma, RankUma):
            self.floating: dict[int, tuple[int, ...]] | None = None
            self.uma_q = tuple(int(v * self.per_pt) for v in rules.uma.values)
        else:
            self.floating = {
                count: tuple(int(v * self.per_pt) for v in values)
                for count, values in rules.uma.table
            }
            self.uma_q = ()


def _extended(name: str) -> Rules | None:
    """The preset ``name`` (what rules extend), or None."""
    if not name:
        return None
    from seisan.presets import find_preset  # noqa: PLC0415 - presets are made of rules

    try:
        return find_preset(name)
    except SeisanError:  # (a house file's own name: nothing to leave alone)
        return None


def _at(rules: Rules, path: str) -> object:
    table, name = path.split(".")
    return getattr(getattr(rules, table), name)


@dataclass(frozen=True)
class Rules:
    """How one table settles a game (the rule toggles; one game's own bets are
    :class:`seisan.sidebets.Bets`).

    The defaults are a plain base: 30000 start and return, no uma, no rounding,
    ties split. Oka (オカ) is not a field: it is ``(return − start) × players``
    and goes to first place.
    """

    players: int = 4
    start: int = 30000
    return_points: int = 30000
    uma: Uma = field(default_factory=lambda: RankUma((Fraction(0),) * 4))
    rounding: Rounding = Rounding.NONE
    ties: Ties = Ties.SPLIT
    deposits: Deposits = Deposits.FIRST
    zero: Zero = Zero.PLAIN
    #: points are whole multiples of this (None: 100, or 1 under the exact system)
    points_unit: int | None = None
    side: SideRules = field(default_factory=SideRules)
    stakes: Stakes = field(default_factory=Stakes)
    scoring: Scoring = field(default_factory=Scoring)
    game: GameFlow = field(default_factory=GameFlow)
    penalties: Penalties = field(default_factory=Penalties)
    name: str = "plain"
    titles: tuple[tuple[str, str], ...] = ()
    aliases: tuple[str, ...] = ()
    sources: tuple[Source, ...] = ()
    #: (field, text): a note on one field ("" for the rules as a whole); a note on a
    #: field that a house-rules file changes no longer holds and is dropped
    notes: tuple[tuple[str, str], ...] = ()
    extends: str = ""  #: the preset these rules change (a house-rules file's ``extends``)
    origin: str = ""  #: the file they were read from
    changed: tuple[str, ...] = ()  #: fields changed from the preset on the command line
    #: what settling needs, as plain integers (derived, never compared)
    fast: Fast = field(init=False, repr=False, compare=False, hash=False)

    def __post_init__(self) -> None:
        _players(self.players)
        if self.points_unit is not None and (
            isinstance(self.points_unit, bool)
            or not isinstance(self.points_unit, int)
            or self.points_unit not in POINTS_UNITS
        ):
            raise RulesError(
                "points_unit", self.points_unit, _("must be one of {units}", units=POINTS_UNITS)
            )
        unit = self.unit
        whole_points("start", self.start, unit=unit)
        whole_points("return", self.return_points, unit=unit)
        if self.return_points < self.start:
            raise RulesError(
                "return",
                self.return_points,
                _("must not be below the start points ({start})", start=self.start),
            )
        if not isinstance(self.uma, RankUma | FloatingUma):
            raise RulesError("uma", self.uma, _("must be a rank uma or a floating uma"))
        if self.uma.players != self.players:
            raise RulesError(
                "uma",
                self.uma.spec(),
                _("has {places} places, the rules {players}", places=self.uma.players,
                  players=self.players),
            )  # fmt: skip
        for _key, name, kind in _TABLES:
            if not isinstance(getattr(self, name), kind):
                raise RulesError(name, getattr(self, name), _("must be a table"))
        for name, enum in (
            ("rounding", Rounding),
            ("ties", Ties),
            ("deposits", Deposits),
            ("zero", Zero),
        ):
            if not isinstance(getattr(self, name), enum):
                raise RulesError(
                    name, getattr(self, name), _("must be one of {choices}", choices=list(enum))
                )
        if not isinstance(self.name, str) or not self.name.strip():
            raise RulesError("name", self.name, _("must be non-empty text"))
        if not plain_text(self.name):  # (an escape sequence cleared the reader's screen)
            raise RulesError("name", self.name, _("must be text without control characters"))
        for key in ("titles", "aliases", "notes", "changed"):
            value = getattr(self, key)
            if isinstance(value, list):  # (a list in code is as good: kept as a tuple, so
                # the rules stay hashable; a title's or a note's pair likewise)
                value = tuple(tuple(v) if isinstance(v, list) else v for v in value)
                object.__setattr__(self, key, value)
            if not isinstance(value, tuple):
                raise RulesError(key, value, _("must be a list"))
            if key in ("aliases", "changed") and not all(isinstance(v, str) for v in value):
                raise RulesError(key, value, _("must be a list of names"))
            if key in ("titles", "notes") and not all(
                isinstance(v, tuple) and len(v) == 2 and all(isinstance(t, str) for t in v)
                for v in value
            ):  # (a title that was no pair had been Python's ValueError)
                raise RulesError(key, value, _("must be a list of pairs of text"))
        for lang, text in self.titles:
            if (
                lang not in {member.value for member in Lang}
                or not isinstance(text, str)
                or not plain_text(text)
            ):
                raise RulesError(f"title.{lang}", text, _("must be text, in en, ja or ko"))
        object.__setattr__(self, "fast", Fast(self))

    def __getstate__(self) -> dict[str, Any]:
        """Pickled (to a worker process: ``import --jobs``, Dask) without :class:`Fast`,
        whose rounding is a closure; the other side makes it again."""
        state = dict(self.__dict__)
        del state["fast"]
        return state

    def __setstate__(self, state: dict[str, Any]) -> None:
        self.__dict__.update(state)
        object.__setattr__(self, "fast", Fast(self))

    @property
    def unit(self) -> int:
        """Points are whole multiples of this: 100, or 1 under the exact system (精算法)."""
        if self.points_unit is not None:
            return self.points_unit
        return 1 if self.scoring.system is PointSystem.EXACT else 100

    @property
    def oka(self) -> Fraction:
        """オカ in pt: what every player paid in beyond the start, all to first place."""
        return Fraction((self.return_points - self.start) * self.players, 1000)

    def title(self, lang: Lang | str | None = None) -> str:
        """The rules' name in ``lang`` (falling back to English, then the id; the plain
        base has a name in every language)."""
        known = {member.value for member in Lang}
        chosen = current_language() if lang is None else Lang(lang if lang in known else "en")
        names = dict(self.titles)
        if not names and self.name == "plain":
            return term("plain", chosen)
        return names.get(chosen.value, names.get("en", self.name))

    def text(self, lang: Lang | str | None = None) -> str:
        """The rules named in a message: their title in the language the message is read
        in (a message kept for later, an upload's refusal, is read in every language)."""
        return self.title(lang)

    def heading(self, lang: Lang | str | None = None) -> str:
        """The title, and what was changed of the preset (``M.League (changed: money)``)."""
        if not self.changed:
            return self.title(lang)
        # the sections whose word is not their name (the others: term(name))
        labels = {"game": "flow", "floating_uma": "uma"}
        changed = render([term(labels.get(k, k), lang) for k in self.changed], lang)
        return f"{self.title(lang)} ({term('changed', lang)}: {changed})"

    def note_texts(self, lang: Lang | str | None = None) -> list[str]:
        """The notes that hold for these rules (general ones first), in ``lang`` where
        the notes have it (a note's other languages are kept as ``key@ja``)."""
        chosen = current_language() if lang is None else Lang(lang)
        own = dict(self.notes)
        out = []
        for key, text in sorted(self.notes, key=lambda n: n[0] != ""):
            if "@" in key:
                continue
            out.append(own.get(f"{key}@{chosen.value}", text))
        return out

    def check_whole(self) -> None:
        """What would do nothing in rules that are whole is refused, as an option that
        does nothing is (:meth:`idle` says which). Checked where rules are given whole
        (a season's, a file's with the command's options), not on construction: a
        file may leave a rate or a bet to the command line, and rules stored before
        are read as they were."""
        for path, value, problem in self.idle():
            raise RulesError(path, value, problem)

    def idle(self, written: Collection[str] = ()) -> list[tuple[str, object, Message]]:
        """Each field these rules give that nothing reads, with why: money with no rate
        (:meth:`Stakes.idle`), 沈みウマ's line with no 沈みウマ, 飛び賞 at zero with no
        飛び賞, a target with no extension, a substitute's fixed score under another
        policy, what the point system never reads (:meth:`Scoring.unread`). A value
        the preset extended gives is left alone (money aside: no preset has any): a
        reader who changes the point system of M.League never wrote its kiriage; one
        a file wrote itself (``written``: ``scoring.kiriage``…) is not."""
        scoring, side, flow, penalties = self.scoring, self.side, self.game, self.penalties
        fixed = penalties.substitute is SubstitutePolicy.FIXED
        plain = Scoring()
        found = [
            ("side.shizumi_line", side.shizumi_line, side.shizumi_line is not None
             and not side.shizumi, _("does nothing without 沈みウマ (side.shizumi)")),
            ("side.tobi_at_zero", True, side.tobi_at_zero and not side.tobi,
             _("does nothing without 飛び賞 (side.tobi)")),
            ("game.target", flow.target, flow.target is not None
             and flow.extension is Extension.NONE,
             _("does nothing without an extension (game.extension)")),
            *((f"scoring.{name}", getattr(scoring, name),  # (an enum is its value)
               getattr(scoring, name) != getattr(plain, name), problem)
              for name, problem in scoring.unread()),
            *((f"penalties.{name}", value, not fixed,
               _("does nothing unless penalties.substitute = “fixed”"))
              for name, value in penalties.to_dict().items()
              if name in ("substitute_points", "substitute_uma")),
        ]  # fmt: skip
        preset = _extended(self.extends)
        return [*self.stakes.idle()] + [
            (path, value, problem) for path, value, unread, problem in found
            if unread and (path in written or preset is None
                           or _at(preset, path) != _at(self, path))
        ]  # fmt: skip

    def replace(self, **changes: Any) -> Rules:
        """A copy with ``changes`` applied and validated; the changed fields are
        recorded (``changed``), because the result is no longer the preset."""
        if changes:
            fields = [k for k in changes if k not in _META]
            changes.setdefault("changed", tuple(dict.fromkeys([*self.changed, *fields])))
        _start_alone(changes, self)
        return replace(self, **changes)

    def to_dict(self, *, meta: bool = True) -> dict[str, Any]:
        """A plain dict (ints, Decimals, strings) that :meth:`from_dict` reads back.

        ``meta=False`` leaves out aliases, notes and sources (as in a settlement's JSON).
        """
        data: dict[str, Any] = {"name": self.name}
        if self.extends:
            data["extends_preset"] = self.extends
        if self.changed:
            data["changed"] = list(self.changed)
        if self.titles:
            data["title"] = dict(self.titles)
        data |= {
            "players": self.players,
            "start": self.start,
            "return": self.return_points,
            "oka": pt_value(self.oka),
        }
        if isinstance(self.uma, RankUma):
            data["uma"] = [pt_value(v) for v in self.uma.values]
        else:
            data["floating_uma"] = {
                str(count): [pt_value(v) for v in values] for count, values in self.uma.table
            }
        data |= {
            "rounding": self.rounding.value,
            "ties": self.ties.value,
            "deposits": self.deposits.value,
            "zero": self.zero.value,
        }
        if self.points_unit is not None:
            data["points_unit"] = self.points_unit
        for key, attr, _kind in _TABLES:
            if table := getattr(self, attr).to_dict():
                data[key] = table
        if not meta:
            return data
        if self.aliases:
            data["aliases"] = list(self.aliases)
        if self.notes:
            notes = dict(self.notes)
            if list(notes) == [""]:
                data["notes"] = notes[""]
            else:
                by_field: dict[str, Any] = {}
                for key, text in self.notes:
                    base, _at, lang = key.partition("@")
                    name = base or "general"
                    if lang:
                        if not isinstance(by_field.get(name), dict):
                            by_field[name] = {"en": by_field.get(name, "")}
                        by_field[name][lang] = text
                    elif isinstance(by_field.get(name), dict):
                        by_field[name]["en"] = text
                    else:
                        by_field[name] = text
                data["notes"] = by_field
        if self.sources:
            data["sources"] = [_source_written(s) for s in self.sources]
        return data

    @classmethod
    def from_dict(cls, data: Mapping[str, Any], base: Rules | None = None) -> Rules:
        """Rules from a dict as written in a house-rules file, over ``base`` (or defaults).

        Unknown fields are errors, so a typo never silently falls back to a default.
        ``extends = "PRESET"`` starts from that preset instead of ``base``.
        """
        if "extends" in data:
            from seisan.presets import rules_from_data  # noqa: PLC0415 - presets import rules

            return rules_from_data(data)
        base = base or cls()
        unknown = set(data) - _FIELDS
        if unknown:
            bad = sorted(unknown)[0]
            raise RulesError(
                bad, data[bad], _("is not a rules field; fields: {fields}", fields=sorted(_FIELDS))
            )
        changes: dict[str, Any] = {}
        players = changes["players"] = _players(data.get("players", base.players))
        if "start" in data:
            changes["start"] = points_number("start", data["start"])
        if "return" in data:
            changes["return_points"] = points_number("return", data["return"])
        if "points_unit" in data:
            changes["points_unit"] = data["points_unit"]
        if "uma" in data and "floating_uma" in data:
            raise RulesError("uma", data["uma"], _("give either uma or floating_uma, not both"))
        if "uma" in data:
            changes["uma"] = parse_uma(data["uma"], players)
        elif "floating_uma" in data:
            table = data["floating_uma"]
            if not isinstance(table, Mapping):
                raise RulesError("floating_uma", table, _("must be a table {{count = [uma, ...]}}"))
            changes["uma"] = parse_floating(table, players)
        elif players != base.players and isinstance(base.uma, RankUma) and not any(base.uma.values):
            changes["uma"] = RankUma((Fraction(0),) * players)
        if "rounding" in data:
            changes["rounding"] = _rounding("rounding", data["rounding"])
        for key, enum in (("ties", Ties), ("deposits", Deposits), ("zero", Zero)):
            if key in data:
                changes[key] = _choice(enum, key, data[key])
        for key, attr, kind in _TABLES:
            if key in data:
                if not isinstance(data[key], Mapping):
                    raise RulesError(key, data[key], _("must be a table"))
                changes[attr] = kind.from_dict(data[key], getattr(base, attr))
        if "name" in data:
            changes["name"] = _text("name", data["name"])
        if "title" in data:
            title = data["title"]
            if isinstance(title, str):
                title = {"en": title}
            if not isinstance(title, Mapping) or not set(title) <= {lang.value for lang in Lang}:
                raise RulesError("title", title, _("must be text or a table with en, ja, ko"))
            changes["titles"] = tuple((str(k), _text(f"title.{k}", v)) for k, v in title.items())
        if "aliases" in data:
            aliases = data["aliases"]
            if not isinstance(aliases, list):
                raise RulesError("aliases", aliases, _("must be a list of names"))
            changes["aliases"] = tuple(_text("aliases", a) for a in aliases)
        if "notes" in data:
            changes["notes"] = _notes(data["notes"])
        if "extends_preset" in data:
            changes["extends"] = _text("extends_preset", data["extends_preset"])
            _labels_in_full(data, changes["extends"])
        if "changed" in data:
            changed = data["changed"]
            if not isinstance(changed, list):
                raise RulesError("changed", changed, _("must be a list of names"))
            changes["changed"] = tuple(_text("changed", c) for c in changed)
        if "sources" in data:
            changes["sources"] = _sources(data["sources"])
        _start_alone(changes, base)
        rules = replace(base, **changes)
        if "oka" in data and to_pt(data["oka"], "oka", limit=False) != rules.oka:
            raise RulesError(
                "oka",
                data["oka"],
                _("oka is (return − start) × players = {oka}; change start or return",
                  oka=rules.oka),
            )  # fmt: skip
        return rules

    @classmethod
    def from_toml(cls, text: str, base: Rules | None = None) -> Rules:
        """Rules from the text of a house-rules TOML file (numbers read exactly)."""
        try:
            data = tomllib.loads(text, parse_float=Decimal)
        except (ValueError, RecursionError) as err:  # TOMLDecodeError, Python's own limits
            raise SeisanError(
                _("rules file is not valid TOML: {detail}", detail=where_in_text(err))
            ) from None
        return cls.from_dict(data, base)

    def to_toml(self) -> str:
        """The rules as TOML text that :meth:`from_toml` reads back."""
        import tomli_w  # noqa: PLC0415 - only writing TOML needs it; the core stays stdlib-only

        return tomli_w.dumps(self.to_dict())


_TABLES: tuple[tuple[str, str, Any], ...] = (
    ("side", "side", SideRules),
    ("money", "stakes", Stakes),
    ("scoring", "scoring", Scoring),
    ("game", "game", GameFlow),
    ("penalties", "penalties", Penalties),
)
"""The rules' sub-tables: (TOML key, Rules field, type)."""

_META = {"name", "titles", "aliases", "sources", "notes", "extends", "origin", "changed"}
"""Rules fields that describe the rules rather than change how a game settles."""

_FIELDS = {
    "name",
    "title",
    "players",
    "start",
    "return",
    "oka",
    "uma",
    "floating_uma",
    "rounding",
    "ties",
    "deposits",
    "zero",
    "points_unit",
    "aliases",
    "notes",
    "sources",
    "extends",
    "extends_preset",
    "changed",
    "side",
    "money",
    "scoring",
    "game",
    "penalties",
}


def _players(value: object) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or value not in (3, 4):
        raise RulesError("players", value, _("must be 4 or 3"))
    return value


def _text(field_name: str, value: object) -> str:
    if not isinstance(value, str):
        raise RulesError(field_name, value, _("must be text"))
    return value


def _notes(value: object) -> tuple[tuple[str, str], ...]:
    """Notes as a text (on the rules as a whole) or a table {field = text}; a note may
    be a table of languages {en = …, ja = …, ko = …}, kept as ``field@ja``."""
    if isinstance(value, str):
        return (("", value),)
    if not isinstance(value, Mapping):
        raise RulesError("notes", value, _("must be text or a table {{field = text}}"))
    out = []
    for key, text in value.items():
        name = "" if key == "general" else str(key)
        if isinstance(text, Mapping):
            if "en" not in text or set(text) - {lang.value for lang in Lang}:
                raise RulesError(f"notes.{key}", text, _("give the note as en = …, ja = …, ko = …"))
            for lang, words in text.items():
                at = "" if lang == "en" else f"@{lang}"
                out.append((name + at, _text(f"notes.{key}.{lang}", words)))
        else:
            out.append((name, _text(f"notes.{key}", text)))
    return tuple(out)


def _sources(value: object) -> tuple[Source, ...]:
    if not isinstance(value, list):
        raise RulesError("sources", value, _("must be a list of {{title, url, note}}"))
    out = []
    for item in value:
        if not isinstance(item, Mapping) or "title" not in item:
            raise RulesError("sources", item, _("each source needs a title"))
        unknown = sorted(set(item) - {"title", "url", "note"})
        if unknown:  # (a typo's url would be dropped without a word)
            raise RulesError(f"sources.{unknown[0]}", item[unknown[0]],
                             _("is not a field of a source; known: {known}",
                               known=["note", "title", "url"]))  # fmt: skip
        title, titles = _in_languages("sources.title", item["title"])
        note, notes = _in_languages("sources.note", item.get("note", ""))
        out.append(Source(title, _text("sources.url", item.get("url", "")), note, titles, notes))
    return tuple(out)


def _source_written(source: Source) -> dict[str, Any]:
    """A source as a rules file writes it: its fields given, each text or its table."""
    fields = (("title", _as_written(source.title, source.titles)), ("url", source.url),
              ("note", _as_written(source.note, source.notes)))  # fmt: skip
    return {key: value for key, value in fields if value}


def _as_written(english: str, others: tuple[tuple[str, str], ...]) -> str | dict[str, str]:
    """A source's text as a rules file writes it: the text, or its table of languages."""
    return {"en": english, **dict(others)} if others else english


def _in_languages(field_name: str, value: object) -> tuple[str, tuple[tuple[str, str], ...]]:
    """A text, or a table of it in each language ``{en = …, ja = …, ko = …}``: the
    English, and the others as (language, text) pairs."""
    if not isinstance(value, Mapping):
        return _text(field_name, value), ()
    if set(value) != {lang.value for lang in Lang}:
        raise RulesError(field_name, value, _("must be text or a table with en, ja, ko"))
    texts = {str(k): _text(f"{field_name}.{k}", v) for k, v in value.items()}
    return texts["en"], tuple((lang, texts[lang]) for lang in ("ja", "ko"))
