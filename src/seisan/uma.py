"""Rank uma (順位ウマ) and floating uma (浮きウマ), in pt.

Uma moves pt by place: in a 4-player ``X-Y`` uma the third pays the second X and
the fourth pays the first Y (seed 000), i.e. ``(+Y, +X, −X, −Y)``. Floating uma
picks the list by how many players finish at or above the return points (JPML's
official rule; also the all-minus / all-plus extras that seed 004 mentions).
"""

from __future__ import annotations

import re
import tomllib
import unicodedata
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from functools import cache

from seisan.errors import RulesError
from seisan.i18n import PACKAGE, _, _n
from seisan.pt import pt_text, to_pt


def _values(values: Iterable[object], players: int | None, field: str) -> tuple[Fraction, ...]:
    """An uma list checked: pt values, one per place, summing to zero, never rising."""
    pts = tuple(to_pt(v, f"{field}[{i}]") for i, v in enumerate(values))
    shown = [pt_text(v) for v in pts]
    if players is not None and len(pts) != players:
        raise RulesError(field, shown, _("needs {players} values, one per place", players=players))
    if len(pts) not in (3, 4):
        raise RulesError(field, shown, _("needs 4 values (or 3 for 3 players), one per place"))
    if sum(pts) != 0:
        raise RulesError(field, shown, _("must sum to 0 (sums to {total})", total=sum(pts)))
    if list(pts) != sorted(pts, reverse=True):
        raise RulesError(field, shown, _("must not rise from one place to the next"))
    return pts


@dataclass(frozen=True)
class RankUma:
    """Uma by place: ``values[0]`` to first place, ``values[-1]`` to last (順位ウマ)."""

    values: tuple[Fraction, ...]

    def __post_init__(self) -> None:
        if not isinstance(self.values, tuple):
            raise RulesError("uma", self.values, _("must be a list of pt values"))
        object.__setattr__(self, "values", _values(self.values, None, "uma"))

    def for_points(self, points: Sequence[int], return_points: int) -> tuple[Fraction, ...]:
        """The uma list for this result (rank uma ignores the points)."""
        return self.values

    @property
    def players(self) -> int:
        return len(self.values)

    def spec(self) -> str:
        """Short text form: ``10-30`` where it is one, else ``30,10,-10,-30``."""
        v = self.values
        if len(v) == 4 and v[0] == -v[3] and v[1] == -v[2] and v[1] >= 0:
            return f"{pt_text(v[1])}-{pt_text(v[0])}"
        return ",".join(pt_text(x) for x in v)


@dataclass(frozen=True)
class FloatingUma:
    """Uma chosen by how many players are at or above the return points (浮きウマ).

    ``table`` pairs a count of floating players with an uma list; a count with no
    entry is an error at settlement time, naming the count.
    """

    table: tuple[tuple[int, tuple[Fraction, ...]], ...]

    def __post_init__(self) -> None:
        field = "floating_uma"
        if not isinstance(self.table, tuple) or not self.table:
            raise RulesError(
                field, self.table, _("needs at least one entry {{count = [uma, ...]}}")
            )
        checked = []
        for entry in self.table:
            count, values = entry
            if isinstance(count, bool) or not isinstance(count, int):
                raise RulesError(field, count, _("keys are counts of floating players"))
            checked.append((count, _values(values, None, f"{field}.{count}")))
        counts = [c for c, _values in checked]
        if len(set(counts)) != len(counts):
            twice = next(c for c in counts if counts.count(c) > 1)
            raise RulesError(field, twice, _("gives the same count of floating players twice"))
        players = {len(v) for _count, v in checked}
        if len(players) != 1:
            raise RulesError(field, sorted(players), _("every uma list needs the same length"))
        for count in counts:
            if not 0 <= count <= len(checked[0][1]):
                raise RulesError(
                    field,
                    count,
                    _("a count of floating players is 0 to {most}", most=len(checked[0][1])),
                )
        object.__setattr__(self, "table", tuple(sorted(checked)))

    def for_points(self, points: Sequence[int], return_points: int) -> tuple[Fraction, ...]:
        floating = sum(1 for p in points if p >= return_points)
        for count, values in self.table:
            if count == floating:
                return values
        raise RulesError(
            "floating_uma",
            self.spec(),
            _n(
                "has no uma for {count} player at or above {points}",
                "has no uma for {count} players at or above {points}",
                "count",
                count=floating,
                points=return_points,
            ),
        )

    @property
    def players(self) -> int:
        return len(self.table[0][1])

    def spec(self) -> str:
        return "; ".join(
            f"{count}: " + ",".join(pt_text(x) for x in values) for count, values in self.table
        )


Uma = RankUma | FloatingUma


@dataclass(frozen=True)
class NamedUma:
    """A named uma such as ワンスリー (10-30), with its names and aliases."""

    id: str
    spec: str
    names: Mapping[str, str]
    aliases: tuple[str, ...]


@cache
def named_umas() -> tuple[NamedUma, ...]:
    """The named uma of seed 000 (and 004's 순우마), from ``data/uma.toml``."""
    text = (PACKAGE / "data" / "uma.toml").read_text(encoding="utf-8")
    data = tomllib.loads(text)
    return tuple(
        NamedUma(key, entry["spec"], entry["names"], tuple(entry["aliases"]))
        for key, entry in data.items()
    )


_X_Y = re.compile(r"^\s*(\d+(?:\.\d)?)\s*-\s*(\d+(?:\.\d)?)\s*$")


def parse_uma(spec: str | Sequence[object], players: int = 4, field: str = "uma") -> RankUma:
    """A rank uma from a name (``ワンスリー``), ``X-Y``, a list (``30,10,-10,-30``) or ``none``.

    >>> parse_uma("10-30").values == (30, 10, -10, -30)
    True
    """
    if isinstance(spec, list | tuple):
        return RankUma(_values(spec, players, field))
    if not isinstance(spec, str):
        raise RulesError(field, spec, _("give a name, X-Y (10-30), a list of pt, or none"))
    # as a Japanese keyboard types it (１０－３０, ３０，１０，…; ﾜﾝｽﾘｰ): the web form's
    # full-width had been refused where its start points were taken (helper-95)
    text = unicodedata.normalize("NFKC", spec).replace("\u2212", "-").strip()
    key = text.lower()
    for named in named_umas():
        if key == named.id or key in {a.lower() for a in named.aliases}:
            text = named.spec
            break
    if text.lower() in {"none", "0-0"}:
        return RankUma((Fraction(0),) * players)
    match = _X_Y.match(text)
    if match:
        if players != 4:
            raise RulesError(
                field,
                spec,
                _("X-Y uma is for 4 players; give {players} values like 20,0,-20", players=players),
            )
        x, y = to_pt(match[1], field), to_pt(match[2], field)
        return RankUma(_values((y, x, -x, -y), players, field))
    if "," in text:
        return RankUma(_values(text.split(","), players, field))
    raise RulesError(
        field, spec, _("give a name (ワンスリー), X-Y (10-30), a list (30,10,-10,-30) or none")
    )


def parse_floating(table: Mapping[object, object], players: int = 4) -> FloatingUma:
    """A floating uma from ``{count: uma list}`` (keys may be text, as in TOML)."""
    field = "floating_uma"
    entries: list[tuple[int, tuple[Fraction, ...]]] = []
    for key, values in table.items():
        text = str(key).strip()
        if not (text.isascii() and text.isdigit()):
            raise RulesError(field, key, _("keys are counts of floating players"))
        count = int(text)  # FloatingUma checks the range
        if isinstance(values, str | list | tuple):
            uma = parse_uma(values, players, f"{field}.{count}").values
        else:
            raise RulesError(f"{field}.{count}", values, _("must be a list of uma, one per place"))
        entries.append((count, uma))
    return FloatingUma(tuple(entries))
