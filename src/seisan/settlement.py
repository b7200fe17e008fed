"""End-of-game settlement (清算): final points → places and scores in pt.

The formula is seed 001's: score = (final − return) ÷ 1000 + oka + uma. The
points part of every player but first is rounded the rules' way; oka and uma
are added exactly; first place's score is minus the sum of the others, so a
settlement always sums to exactly zero whatever the rounding.

Scores are exact :class:`~fractions.Fraction` values and whole multiples of
0.1 pt. Where tied players split uma and oka and the share does not end at
0.1 pt (a three-way tie), each gets the share rounded down to 0.1 and the
leftover tenths go one each to the tied players in seat order from seat 0.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from decimal import Decimal
from fractions import Fraction
from typing import Any

from seisan.errors import PointsError
from seisan.i18n import Lang, term
from seisan.pt import pt_value, split_tenths
from seisan.rules import MAX_POINTS, Deposits, Rules, Ties, Zero

_ZERO = Fraction(0)


@dataclass(frozen=True)
class Parts:
    """A score itemised, in pt; the parts sum to the score.

    ``points`` is (final − return) ÷ 1000, exact; ``rounding`` what the rounding
    mode added to it; ``oka`` and ``uma`` the player's (shares of) oka and uma;
    ``balance`` what first place gets so the settlement sums to zero (the
    others' rounding, and deposits nobody collected).
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
    """The settled game: the rules and one :class:`PlayerResult` per seat, in seat order."""

    rules: Rules
    results: tuple[PlayerResult, ...]
    leftover_deposits: int = 0

    def __iter__(self) -> Iterator[PlayerResult]:
        return iter(self.results)

    def __len__(self) -> int:
        return len(self.results)

    def __getitem__(self, seat: int) -> PlayerResult:
        return self.results[seat]

    @property
    def scores(self) -> tuple[Fraction, ...]:
        """The scores in seat order."""
        return tuple(r.score for r in self.results)

    def by_place(self) -> tuple[PlayerResult, ...]:
        """The results from first place down (ties in seat order)."""
        return tuple(sorted(self.results, key=lambda r: (r.place, r.seat)))

    def to_dict(self) -> dict[str, Any]:
        """``{"rules": {...}, "results": [...]}`` in seat order, as the JSON output."""
        return {
            "rules": self.rules.to_dict(meta=False),
            "results": [r.to_dict() for r in self.results],
        }


def format_score(value: Fraction, zero: Zero = Zero.PLAIN, decimals: int = 0) -> str:
    """A score as players write it: ``+62.6``, ``-30``, and zero per ``zero``.

    ``decimals`` is the least number of decimals shown (0 or 1); a score with a
    tenth always shows it.
    """
    tenths = value * 10
    if tenths.denominator != 1:
        raise ValueError(f"{value} is not a multiple of 0.1 pt")
    if value == 0:
        digits = "0" + (".0" if decimals else "")
        return digits if zero is Zero.PLAIN else f"{zero.value[0]}{digits}"
    sign = "+" if value > 0 else "-"
    whole, tenth = divmod(abs(tenths.numerator), 10)
    text = f"{whole}.{tenth}" if (tenth or decimals) else str(whole)
    return sign + text


def places(points: Sequence[int], ties: Ties) -> list[int]:
    """Each seat's place (1 = first). Tied players share the best place of the
    group under ``split``; under ``seat`` the lower seat ranks higher."""
    order = sorted(range(len(points)), key=lambda s: (-points[s], s))
    result = [0] * len(points)
    for index, seat in enumerate(order):
        if ties is Ties.SPLIT and index and points[order[index - 1]] == points[seat]:
            result[seat] = result[order[index - 1]]
        else:
            result[seat] = index + 1
    return result


def check_points(points: Sequence[object], rules: Rules, deposits: int = 0) -> list[int]:
    """Validate final points against ``rules``: ``deposits`` riichi sticks were left on
    the table at the end, in nobody's points, and the points must add up with them."""
    if len(points) != rules.players:
        raise PointsError(
            f"{rules.title()} is for {rules.players} players, got {len(points)} scores"
        )
    values: list[int] = []
    for seat, p in enumerate(points):
        if isinstance(p, bool) or not isinstance(p, int):
            raise PointsError(f"seat {seat}: points {p!r} are not a whole number")
        if abs(p) > MAX_POINTS:
            raise PointsError(f"seat {seat}: points {p} are beyond {MAX_POINTS}")
        if p % 100:
            raise PointsError(f"seat {seat}: points {p} are not a multiple of 100")
        values.append(p)
    if isinstance(deposits, bool) or not isinstance(deposits, int) or deposits < 0:
        raise PointsError(f"deposits {deposits!r} must be a count of riichi sticks, 0 or more")
    stick = rules.scoring.riichi
    on_table = deposits * stick
    expected = rules.start * rules.players
    missing = expected - sum(values)
    if missing == on_table:
        return values
    stake = f"{rules.players} players starting with {rules.start} hold {expected}"
    held = f"points total {sum(values)}" + (f" and {on_table} on the table" if on_table else "")
    if missing < on_table:
        raise PointsError(f"{held}, but {stake}: {on_table - missing} too many")
    hint = " (check the points; riichi deposits left on the table are given with --deposits N)"
    if not stick or missing % stick:
        hint = ""  # not whole sticks: the points are wrong
    raise PointsError(f"{held}, but {stake}: {missing - on_table} missing{hint}")


def check_names(names: Sequence[object], players: int) -> list[str]:
    """Player names: one per seat, non-empty text, all different."""
    names = list(names)
    if len(names) != players:
        raise PointsError(f"{players} names are needed, got {len(names)}")
    for seat, name in enumerate(names):
        if not isinstance(name, str) or not name.strip() or not name.isprintable():
            raise PointsError(f"seat {seat}: name {name!r} must be non-empty printable text")
    clean = [str(name).strip() for name in names]
    if len({name.casefold() for name in clean}) != players:
        raise PointsError(f"names must differ (ignoring case): {', '.join(clean)}")
    return clean


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
    ``"lost"`` they are paid to nobody, and first place's balance still keeps the
    settlement at zero (see docs/decisions.md).

    >>> from seisan.presets import find_preset
    >>> s = settle([42600, 31000, 16400, 10000], find_preset("mleague"))
    >>> [format_score(score) for score in s.scores]
    ['+62.6', '+11', '-23.6', '-50']
    """
    rules = rules or Rules()
    values = check_points(points, rules, deposits)
    leftover = deposits * rules.scoring.riichi
    if leftover and rules.deposits is Deposits.FIRST:
        firsts = [seat for seat, p in enumerate(places(values, rules.ties)) if p == 1]
        if len(firsts) == 1:  # several only when tied under split: they share instead
            values[firsts[0]] += leftover
            leftover = 0
    n = rules.players
    if names is None:
        names = [term(f"seat.{seat}", Lang.EN) for seat in range(n)]
    names = check_names(names, n)

    place = places(values, rules.ties)
    uma = rules.uma.for_points(values, rules.return_points)
    exact = [Fraction(p - rules.return_points, 1000) for p in values]

    # Group players sharing a place; each group shares the oka and uma of the
    # places it occupies (a group of one under seat ties).
    groups: dict[int, list[int]] = {}
    for seat in range(n):
        groups.setdefault(place[seat], []).append(seat)
    parts: dict[int, Parts] = {}
    first = groups[1]
    for start_place, seats in groups.items():
        occupied = range(start_place - 1, start_place - 1 + len(seats))
        oka_total = rules.oka if start_place == 1 else _ZERO
        bonus = split_tenths(oka_total + sum((uma[i] for i in occupied), _ZERO), len(seats))
        oka = split_tenths(oka_total, len(seats))
        for seat, share, oka_share in zip(seats, bonus, oka, strict=True):
            rounded = exact[seat] if seat in first else rules.rounding.apply(exact[seat])
            parts[seat] = Parts(exact[seat], rounded - exact[seat], oka_share, share - oka_share)

    others = sum((parts[s].total() for s in range(n) if s not in first), _ZERO)
    for seat, score in zip(first, split_tenths(-others, len(first)), strict=True):
        p = parts[seat]
        parts[seat] = Parts(p.points, p.rounding, p.oka, p.uma, score - p.total())

    results = tuple(
        PlayerResult(seat, names[seat], values[seat], place[seat], parts[seat].total(), parts[seat])
        for seat in range(n)
    )
    return Settlement(rules, results, leftover)
