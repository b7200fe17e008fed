"""End-of-game settlement (清算): final points → places and scores in pt.

The formula is seed 001's: score = (final − return) ÷ 1000 + oka + uma. The
points part of every player but first is rounded the rules' way; oka and uma
are added exactly; first place's score balances the others' rounding, so a
settlement sums to exactly zero whatever the rounding (or to minus the riichi
sticks nobody collected, under ``deposits = "lost"``).

Inside, every value is a whole number of *quanta* (0.1 pt for 100-point
sticks, 0.001 pt under the exact system): integer arithmetic only, turned
into exact :class:`~fractions.Fraction` values at the edge. Where tied
players split uma and oka and the share does not end at a quantum (a
three-way tie), each gets the share rounded down and the leftover quanta go
one each to the tied players in seat order from seat 0.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from decimal import Decimal
from fractions import Fraction
from functools import cached_property
from typing import Any

from seisan.errors import PointsError
from seisan.i18n import Lang, _, decimal_text, term
from seisan.pt import from_quanta, pt_value, quanta_value, split_even
from seisan.rules import MAX_POINTS, Rules, Ties, Zero

_ZERO = Fraction(0)
PART_NAMES = ("points", "rounding", "oka", "uma", "balance")
"""The parts of a score, in the order :class:`Parts` and the JSON give them."""
PLAIN = Rules()
"""The plain base rules (30000 start and return, no uma): settle's default."""


@dataclass(frozen=True)
class Parts:
    """A score itemised, in pt; the parts sum to the score.

    ``points`` is (final − return) ÷ 1000, exact; ``rounding`` what the rounding
    mode added to it; ``oka`` and ``uma`` the player's (shares of) oka and uma;
    ``balance`` what first place gets so the settlement sums to zero (the
    others' rounding, and deposits that tied first places share).
    """

    points: Fraction
    rounding: Fraction = _ZERO
    oka: Fraction = _ZERO
    uma: Fraction = _ZERO
    balance: Fraction = _ZERO

    def total(self) -> Fraction:
        return self.points + self.rounding + self.oka + self.uma + self.balance

    def to_dict(self) -> dict[str, int | Decimal]:
        return {
            "points": pt_value(self.points),
            "rounding": pt_value(self.rounding),
            "oka": pt_value(self.oka),
            "uma": pt_value(self.uma),
            "balance": pt_value(self.balance),
        }


@dataclass(frozen=True)
class PlayerResult:
    """One player's line of a settlement."""

    seat: int
    name: str
    points: int
    place: int
    score: Fraction
    parts: Parts

    def to_dict(self) -> dict[str, Any]:
        return {
            "seat": self.seat,
            "name": self.name,
            "points": self.points,
            "place": self.place,
            "score": pt_value(self.score),
            "parts": self.parts.to_dict(),
        }


@dataclass(frozen=True)
class Settlement:
    """The settled game, in seat order: names, final points, places and each score's
    parts in whole quanta (:attr:`results` gives them as exact pt values).

    ``leftover_deposits`` are the points of riichi sticks that went into nobody's
    points: shared by players tied for first, or lost (``deposits = "lost"``).
    """

    rules: Rules
    names: tuple[str, ...]
    points: tuple[int, ...]
    places: tuple[int, ...]
    #: per seat: the points, rounding, oka, uma and balance parts, in quanta
    quanta: tuple[tuple[int, int, int, int, int], ...]
    leftover_deposits: int = 0
    uma_quanta: tuple[int, ...] = ()  #: the uma list that was used (floating uma picks one)

    @property
    def per_pt(self) -> int:
        """Quanta in one pt (10, or 1000 under the exact system)."""
        return 1000 // self.rules.unit

    @cached_property
    def results(self) -> tuple[PlayerResult, ...]:
        """One :class:`PlayerResult` per seat."""
        per_pt = self.per_pt
        out = []
        for seat, parts in enumerate(self.quanta):
            values = [from_quanta(q, per_pt) for q in parts]
            out.append(
                PlayerResult(
                    seat,
                    self.names[seat],
                    self.points[seat],
                    self.places[seat],
                    from_quanta(sum(parts), per_pt),
                    Parts(*values),
                )
            )
        return tuple(out)

    def __iter__(self) -> Iterator[PlayerResult]:
        return iter(self.results)

    def __len__(self) -> int:
        return len(self.quanta)

    def __getitem__(self, seat: int) -> PlayerResult:
        return self.results[seat]

    @property
    def scores(self) -> tuple[Fraction, ...]:
        """The scores in seat order."""
        per_pt = self.per_pt
        return tuple(from_quanta(sum(parts), per_pt) for parts in self.quanta)

    @property
    def uma(self) -> tuple[Fraction, ...]:
        """The uma list that was used, by place (a floating uma picks one by the points)."""
        return tuple(from_quanta(q, self.per_pt) for q in self.uma_quanta)

    @property
    def lost(self) -> Fraction:
        """pt of riichi sticks nobody collected (``deposits = "lost"``): the scores sum
        to minus this."""
        if not self.rules.fast.lost:
            return _ZERO
        return Fraction(self.leftover_deposits, 1000)

    def by_place(self) -> tuple[PlayerResult, ...]:
        """The results from first place down (ties in seat order)."""
        return tuple(sorted(self.results, key=lambda r: (r.place, r.seat)))

    def first_group(self) -> tuple[int, ...]:
        """The seats in first place: one, or several tied under split ties."""
        return tuple(seat for seat, place in enumerate(self.places) if place == 1)

    def to_dict(self, rules: bool = True) -> dict[str, Any]:
        """``{"rules": {...}, "results": [...]}`` in seat order, as the JSON output
        (``rules=False``: the results only, as a session lists its games)."""
        data: dict[str, Any] = {"rules": self.rules.to_dict(meta=False)} if rules else {}
        per_pt = self.per_pt
        data["results"] = [
            {
                "seat": seat,
                "name": self.names[seat],
                "points": self.points[seat],
                "place": self.places[seat],
                "score": quanta_value(sum(parts), per_pt),
                "parts": dict(
                    zip(PART_NAMES, (quanta_value(q, per_pt) for q in parts), strict=True)
                ),
            }
            for seat, parts in enumerate(self.quanta)
        ]
        if self.rules.fast.floating is not None:
            data["uma_used"] = [pt_value(v) for v in self.uma]
        if self.leftover_deposits:
            data["leftover_deposits"] = self.leftover_deposits
        if self.lost:
            data["lost"] = pt_value(self.lost)
        return data


def format_score(value: Fraction, zero: Zero = Zero.PLAIN, decimals: int = 0) -> str:
    """A score as players write it: ``+62.6``, ``-30``, and zero per ``zero``.

    ``decimals`` is the least number of decimals shown; a score with more shows
    them all (exact: ``+53.064`` under the exact system).
    """
    text = decimal_text(abs(value))
    if decimals:
        whole, _dot, frac = text.partition(".")
        text = f"{whole}.{frac.ljust(decimals, '0')}"
    if value == 0:
        return text if zero is Zero.PLAIN else f"{zero.value[0]}{text}"
    return ("+" if value > 0 else "-") + text


def places(points: Sequence[int], ties: Ties) -> list[int]:
    """Each seat's place (1 = first). Tied players share the best place of the
    group under ``split``; under ``seat`` the lower seat ranks higher."""
    return _places(points, ties is Ties.SPLIT)


def _places(points: Sequence[int], split: bool) -> list[int]:
    order = sorted(range(len(points)), key=points.__getitem__, reverse=True)  # stable
    result = [0] * len(points)
    for index, seat in enumerate(order):
        previous = order[index - 1]
        if split and index and points[seat] == points[previous]:
            result[seat] = result[previous]
        else:
            result[seat] = index + 1
    return result


def check_points(points: Sequence[object], rules: Rules, deposits: int = 0) -> list[int]:
    """Validate final points against ``rules``: ``deposits`` riichi sticks were left on
    the table at the end, in nobody's points, and the points must add up with them."""
    if len(points) != rules.players:
        raise PointsError(
            _("{rules} is for {players} players, got {count} scores", rules=rules.title(),
              players=rules.players, count=len(points))
        )  # fmt: skip
    unit = rules.unit
    values: list[int] = []
    for seat, p in enumerate(points):
        if isinstance(p, bool) or not isinstance(p, int):
            raise PointsError(_("seat {seat}: points “{points}” are not a whole number", seat=seat,
                                points=p))  # fmt: skip
        if abs(p) > MAX_POINTS:
            raise PointsError(_("seat {seat}: points {points} are beyond {limit}", seat=seat,
                                points=p, limit=MAX_POINTS))  # fmt: skip
        if p % unit:
            raise PointsError(_("seat {seat}: points {points} are not a multiple of {unit}",
                                seat=seat, points=p, unit=unit))  # fmt: skip
        values.append(p)
    if isinstance(deposits, bool) or not isinstance(deposits, int) or deposits < 0:
        raise PointsError(
            _("deposits {deposits} must be a count of riichi sticks, 0 or more", deposits=deposits)
        )
    stick = rules.scoring.riichi
    on_table = deposits * stick
    expected = rules.start * rules.players
    total = sum(values)
    missing = expected - total
    if missing == on_table:
        return values
    raise PointsTotalError(total, on_table, rules)


class PointsTotalError(PointsError):
    """Final points that do not add up to what the players started with."""

    def __init__(self, total: int, on_table: int, rules: Rules) -> None:
        self.total = total
        self.on_table = on_table
        self.rules = rules
        expected = rules.start * rules.players
        missing = expected - total
        stake = _("{players} players starting with {start} hold {expected}",
                  players=rules.players, start=rules.start, expected=expected)  # fmt: skip
        if on_table:
            held = _("points total {total} and {on_table} on the table", total=total,
                     on_table=on_table)  # fmt: skip
        else:
            held = _("points total {total}", total=total)
        if missing < on_table:
            message = _("{held}, but {stake}: {excess} too many", held=held, stake=stake,
                        excess=on_table - missing)  # fmt: skip
        elif rules.scoring.riichi and not missing % rules.scoring.riichi:
            message = _(
                "{held}, but {stake}: {missing} missing (check the points; riichi deposits left"
                " on the table are given with --deposits N)",
                held=held, stake=stake, missing=missing - on_table,
            )  # fmt: skip
        else:
            message = _("{held}, but {stake}: {missing} missing", held=held, stake=stake,
                        missing=missing - on_table)  # fmt: skip
        super().__init__(message)


def check_names(names: Sequence[object], players: int) -> list[str]:
    """Player names: one per seat, non-empty text, all different."""
    names = list(names)
    if len(names) != players:
        raise PointsError(
            _("{players} names are needed, got {count}", players=players, count=len(names))
        )
    for seat, name in enumerate(names):
        if not isinstance(name, str) or not name.strip() or not name.isprintable():
            raise PointsError(
                _("seat {seat}: name “{name}” must be non-empty printable text", seat=seat,
                  name=name)
            )  # fmt: skip
    clean = [str(name).strip() for name in names]
    if len({name.casefold() for name in clean}) != players:
        raise PointsError(_("names must differ (ignoring case): {names}", names=clean))
    return clean


_SEATS = {n: tuple(term(f"seat.{seat}", Lang.EN) for seat in range(n)) for n in (3, 4)}


def settle(
    points: Sequence[int],
    rules: Rules | None = None,
    names: Sequence[str] | None = None,
    deposits: int = 0,
) -> Settlement:
    """Settle one game: ``points`` are the final points in seat order (seat 0 is the
    first dealer, 起家). ``deposits`` counts riichi sticks left on the table at the
    end: under ``deposits = "first"`` first place takes them into its points (players
    tied for first under split ties share them, through the balance); under
    ``"lost"`` they are paid to nobody and the scores sum to minus their pt (see
    docs/decisions.md).

    >>> from seisan.presets import find_preset
    >>> s = settle([42600, 31000, 16400, 10000], find_preset("mleague"))
    >>> [format_score(score) for score in s.scores]
    ['+62.6', '+11', '-23.6', '-50']
    """
    rules = rules or PLAIN
    fast = rules.fast
    values = check_points(points, rules, deposits)
    n = fast.n
    clean = _SEATS[n] if names is None else tuple(check_names(names, n))
    split = fast.split
    order = sorted(range(n), key=values.__getitem__, reverse=True)  # stable: ties by seat
    on_table = deposits * fast.stick
    if on_table and not fast.lost and not (split and values[order[1]] == values[order[0]]):
        values[order[0]] += on_table  # first place takes them into its points
        on_table = 0
    if fast.floating is None:
        uma = fast.uma_q
    else:
        ret = fast.ret
        found = fast.floating.get(sum(1 for p in values if p >= ret))
        uma = found if found is not None else rules.uma.for_points(values, ret)  # type: ignore[assignment]
    unit, ret, whole = fast.unit, fast.ret, fast.whole
    place = [0] * n
    quanta: list[tuple[int, int, int, int, int]] = [(0, 0, 0, 0, 0)] * n
    others = 0
    first: list[int] = []
    index = 0
    while index < n:
        seat = order[index]
        end = index + 1
        if split:
            while end < n and values[order[end]] == values[seat]:
                end += 1
        oka = fast.oka_q if index == 0 else 0
        if end == index + 1:  # alone in its place
            place[seat] = end
            exact = (values[seat] - ret) // unit
            rounded = 0 if index == 0 or whole is None else whole(values[seat] - ret) - exact
            quanta[seat] = (exact, rounded, oka, uma[index], 0)
            if index:
                others += exact + rounded + uma[index]
            else:
                first = [seat]
            index = end
            continue
        group = sorted(order[index:end])
        bonuses = split_even(oka + sum(uma[index:end]), end - index)
        okas = split_even(oka, end - index)
        for seat, share, oka_share in zip(group, bonuses, okas, strict=True):
            place[seat] = index + 1
            exact = (values[seat] - ret) // unit
            rounded = 0 if index == 0 or whole is None else whole(values[seat] - ret) - exact
            quanta[seat] = (exact, rounded, oka_share, share - oka_share, 0)
            if index:
                others += exact + rounded + share
        if index == 0:
            first = group
        index = end
    lost = on_table // unit if fast.lost else 0
    if len(first) == 1:
        seat = first[0]
        exact, rounded, oka, uma_part, _balance = quanta[seat]
        quanta[seat] = (exact, rounded, oka, uma_part, -others - lost - exact - oka - uma_part)
    else:
        for seat, total in zip(first, split_even(-others - lost, len(first)), strict=True):
            exact, rounded, oka, uma_part, _balance = quanta[seat]
            quanta[seat] = (exact, rounded, oka, uma_part, total - exact - oka - uma_part)
    return Settlement(rules, clean, tuple(values), tuple(place), tuple(quanta), on_table, uma)
