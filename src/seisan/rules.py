"""House rules for settling a game: a frozen, validated value.

A :class:`Rules` says how final points become scores: players, start points
(配給原点), return points (返し点), the oka that follows from them, uma, rounding,
ties and leftover riichi deposits. Rules round-trip through plain dicts, so
they serialise to TOML and JSON; named presets live in :mod:`seisan.presets`.
"""

from __future__ import annotations

import tomllib
from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from decimal import Decimal
from enum import StrEnum
from fractions import Fraction
from typing import Any, TypeVar

from seisan.errors import RulesError, SeisanError, UnknownNameError
from seisan.i18n import Lang, term
from seisan.pt import pt_value
from seisan.rounding import Rounding, find_rounding
from seisan.uma import FloatingUma, RankUma, Uma, parse_floating, parse_uma


class Ties(StrEnum):
    """How players who finish on the same points are placed (同点の扱い)."""

    SEAT = "seat"  #: 起家優先: the player nearer the first dealer (seat 0) places higher
    SPLIT = "split"  #: 等分: the tied players share the uma and oka of their places equally

    def label(self, lang: Lang | str = Lang.EN) -> str:
        return term(f"ties.{self.value}", lang)


class Deposits(StrEnum):
    """What happens to riichi deposits (供託) still on the table at the end."""

    FIRST = "first"  #: トップ取り: already added to first place's final points
    LOST = "lost"  #: 没収: not paid out; the points total falls short by 1000 a stick

    def label(self, lang: Lang | str = Lang.EN) -> str:
        return term(f"deposits.{self.value}", lang)


class Zero(StrEnum):
    """How a score of exactly zero is written."""

    PLAIN = "0"
    MINUS = "-0"  #: the Korean convention of seed 004: "+0 따위는 없다"
    PLUS_MINUS = "±0"  #: as seed 000's tables write it


@dataclass(frozen=True)
class Source:
    """Where a preset's numbers come from."""

    title: str
    url: str = ""
    note: str = ""


E = TypeVar("E", bound=StrEnum)


def _choice(enum: type[E], field_name: str, value: object) -> E:
    if isinstance(value, enum):
        return value
    try:
        return enum(str(value).strip().lower())
    except ValueError:
        raise RulesError(
            field_name, value, f"must be one of {', '.join(m.value for m in enum)}"
        ) from None


def _whole_points(field_name: str, value: object) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        if isinstance(value, str) and value.strip().lstrip("-").isdigit():
            value = int(value)
        else:
            raise RulesError(field_name, value, "must be a whole number of points")
    if value <= 0 or value % 100:
        raise RulesError(field_name, value, "must be a positive multiple of 100 points")
    return value


@dataclass(frozen=True)
class Rules:
    """How one table settles a game. Defaults: 순우마, the plain base of seed 004.

    Oka (オカ) is not a field: it is ``(return − start) × players`` and goes to
    first place.
    """

    players: int = 4
    start: int = 30000
    return_points: int = 30000
    uma: Uma = field(default_factory=lambda: RankUma((Fraction(0),) * 4))
    rounding: Rounding = Rounding.NONE
    ties: Ties = Ties.SPLIT
    deposits: Deposits = Deposits.FIRST
    zero: Zero = Zero.PLAIN
    name: str = "custom"
    titles: tuple[tuple[str, str], ...] = ()
    aliases: tuple[str, ...] = ()
    sources: tuple[Source, ...] = ()
    notes: str = ""

    def __post_init__(self) -> None:
        if self.players not in (3, 4) or isinstance(self.players, bool):
            raise RulesError("players", self.players, "must be 4 or 3")
        _whole_points("start", self.start)
        _whole_points("return", self.return_points)
        if self.return_points < self.start:
            raise RulesError(
                "return", self.return_points, f"must not be below the start points ({self.start})"
            )
        if not isinstance(self.uma, RankUma | FloatingUma):
            raise RulesError("uma", self.uma, "must be a rank uma or a floating uma")
        if self.uma.players != self.players:
            raise RulesError(
                "uma", self.uma.spec(), f"has {self.uma.players} places, the rules {self.players}"
            )
        for name, enum in (
            ("rounding", Rounding),
            ("ties", Ties),
            ("deposits", Deposits),
            ("zero", Zero),
        ):
            if not isinstance(getattr(self, name), enum):
                raise RulesError(name, getattr(self, name), f"must be a {enum.__name__}")

    @property
    def oka(self) -> Fraction:
        """オカ in pt: what every player paid in beyond the start, all to first place."""
        return Fraction((self.return_points - self.start) * self.players, 1000)

    def title(self, lang: Lang | str = Lang.EN) -> str:
        """The rules' name in ``lang`` (falling back to English, then the id)."""
        names = dict(self.titles)
        return names.get(str(Lang(lang)), names.get("en", self.name))

    def replace(self, **changes: Any) -> Rules:
        """A copy with ``changes`` applied and validated; the name becomes ``custom``
        unless given, because the result is no longer the preset."""
        changes.setdefault("name", self.name if not changes else f"{self.name}+custom")
        return replace(self, **changes)

    def to_dict(self, *, meta: bool = True) -> dict[str, Any]:
        """A plain dict (ints, Decimals, strings) that :meth:`from_dict` reads back.

        ``meta=False`` leaves out aliases, notes and sources (as in a settlement's JSON).
        """
        data: dict[str, Any] = {"name": self.name}
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
        if not meta:
            return data
        if self.aliases:
            data["aliases"] = list(self.aliases)
        if self.notes:
            data["notes"] = self.notes
        if self.sources:
            data["sources"] = [
                {k: v for k, v in (("title", s.title), ("url", s.url), ("note", s.note)) if v}
                for s in self.sources
            ]
        return data

    @classmethod
    def from_dict(cls, data: Mapping[str, Any], base: Rules | None = None) -> Rules:
        """Rules from a dict as written in a house-rules file, over ``base`` (or defaults).

        Unknown fields are errors, so a typo never silently falls back to a default.
        """
        base = base or cls()
        unknown = set(data) - _FIELDS
        if unknown:
            bad = sorted(unknown)[0]
            raise RulesError(
                bad, data[bad], f"is not a rules field; fields: {', '.join(sorted(_FIELDS))}"
            )
        changes: dict[str, Any] = {}
        players = data.get("players", base.players)
        if isinstance(players, bool) or not isinstance(players, int) or players not in (3, 4):
            raise RulesError("players", players, "must be 4 or 3")
        changes["players"] = players
        if "start" in data:
            changes["start"] = _whole_points("start", data["start"])
        if "return" in data:
            changes["return_points"] = _whole_points("return", data["return"])
        if "uma" in data and "floating_uma" in data:
            raise RulesError("uma", data["uma"], "give either uma or floating_uma, not both")
        if "uma" in data:
            changes["uma"] = parse_uma(data["uma"], players)
        elif "floating_uma" in data:
            table = data["floating_uma"]
            if not isinstance(table, Mapping):
                raise RulesError("floating_uma", table, "must be a table {count = [uma, ...]}")
            changes["uma"] = parse_floating(table, players)
        elif players != base.players and isinstance(base.uma, RankUma) and not any(base.uma.values):
            changes["uma"] = RankUma((Fraction(0),) * players)
        if "rounding" in data:
            try:
                changes["rounding"] = find_rounding(str(data["rounding"]))
            except UnknownNameError as err:
                raise RulesError(
                    "rounding", data["rounding"], f"known: {', '.join(err.known)}"
                ) from None
        for key, enum in (("ties", Ties), ("deposits", Deposits), ("zero", Zero)):
            if key in data:
                changes[key] = _choice(enum, key, data[key])
        if "name" in data:
            changes["name"] = _text("name", data["name"])
        if "title" in data:
            title = data["title"]
            if isinstance(title, str):
                title = {"en": title}
            if not isinstance(title, Mapping) or not set(title) <= {lang.value for lang in Lang}:
                raise RulesError("title", title, "must be text or a table with en, ja, ko")
            changes["titles"] = tuple((str(k), _text(f"title.{k}", v)) for k, v in title.items())
        if "aliases" in data:
            aliases = data["aliases"]
            if not isinstance(aliases, list):
                raise RulesError("aliases", aliases, "must be a list of names")
            changes["aliases"] = tuple(_text("aliases", a) for a in aliases)
        if "notes" in data:
            changes["notes"] = _text("notes", data["notes"])
        if "sources" in data:
            changes["sources"] = _sources(data["sources"])
        rules = replace(base, **changes)
        if "oka" in data and Fraction(str(data["oka"])) != rules.oka:
            raise RulesError(
                "oka",
                data["oka"],
                f"oka is (return − start) × players = {pt_value(rules.oka)}; "
                "change start or return",
            )
        return rules

    @classmethod
    def from_toml(cls, text: str, base: Rules | None = None) -> Rules:
        """Rules from the text of a house-rules TOML file (numbers read exactly)."""
        try:
            data = tomllib.loads(text, parse_float=Decimal)
        except tomllib.TOMLDecodeError as err:
            raise SeisanError(f"rules file is not valid TOML: {err}") from None
        return cls.from_dict(data, base)

    def to_toml(self) -> str:
        """The rules as TOML text that :meth:`from_toml` reads back."""
        import tomli_w  # noqa: PLC0415 - only writing TOML needs it; the core stays stdlib-only

        return tomli_w.dumps(self.to_dict())


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
    "aliases",
    "notes",
    "sources",
    "extends",
}


def _text(field_name: str, value: object) -> str:
    if not isinstance(value, str):
        raise RulesError(field_name, value, "must be text")
    return value


def _sources(value: object) -> tuple[Source, ...]:
    if not isinstance(value, list):
        raise RulesError("sources", value, "must be a list of {title, url, note}")
    out = []
    for item in value:
        if not isinstance(item, Mapping) or "title" not in item:
            raise RulesError("sources", item, "each source needs a title")
        out.append(
            Source(
                _text("sources.title", item["title"]),
                _text("sources.url", item.get("url", "")),
                _text("sources.note", item.get("note", "")),
            )
        )
    return tuple(out)
