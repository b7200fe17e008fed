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
from functools import cached_property, lru_cache
from itertools import repeat
from typing import Any, NoReturn

from seisan.errors import PointsError, as_written
from seisan.i18n import KEPT_LONGEST, Lang, _, _n, decimal_text, name_key, plain_text, term
from seisan.pt import from_quanta, pt_value, quanta_value, split_even
from seisan.rules import MAX_POINTS, Rules, SubstitutePolicy, Ties, Zero
from seisan.transfers import HOUSE_WORDS, house_name

_ZERO = Fraction(0)
PART_NAMES = ("points", "rounding", "oka", "uma", "balance", "penalty")
"""The parts of a score, in the order :class:`Parts` and the JSON give them."""
PLAIN = Rules()
"""The plain base rules (30000 start and return, no uma): settle's default."""


@dataclass(frozen=True)
class Parts:
    """A score itemised, in pt; the parts sum to the score.

    ``points`` is (final − return) ÷ 1000, exact; ``rounding`` what the rounding
    mode added to it; ``oka`` and ``uma`` the player's (shares of) oka and uma;
    ``balance`` what first place gets so the settlement sums to zero (the
    others' rounding, and deposits that tied first places share); ``penalty``
    what chombo and penalties took after uma (or, redistributed, gave).
    """

    points: Fraction
    rounding: Fraction = _ZERO
    oka: Fraction = _ZERO
    uma: Fraction = _ZERO
    balance: Fraction = _ZERO
    penalty: Fraction = _ZERO

    def total(self) -> Fraction:
        return self.points + self.rounding + self.oka + self.uma + self.balance + self.penalty

    def to_dict(self) -> dict[str, int | Decimal]:
        return {name: pt_value(getattr(self, name)) for name in PART_NAMES}


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
class Penalty:
    """pt taken from one player's score after uma: a chombo (チョンボ) or a referee's
    penalty, with its reason and, in a game record, the hand."""

    seat: int
    pt: Fraction
    reason: str = ""
    hand: int | None = None

    def to_dict(self, names: Sequence[str]) -> dict[str, Any]:
        data: dict[str, Any] = {"seat": self.seat, "name": names[self.seat]}
        data |= {"pt": pt_value(self.pt), "reason": self.reason}
        return data | ({"hand": self.hand} if self.hand is not None else {})


@dataclass(frozen=True)
class Substitute:
    """A seat played by a substitute (代走): from the start of the game, or from a
    later hand; the rules' ``penalties.substitute`` says how the seat is scored."""

    seat: int
    name: str
    from_start: bool = True


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
    #: per seat: the points, rounding, oka, uma, balance and penalty parts, in quanta
    quanta: tuple[tuple[int, int, int, int, int, int], ...]
    leftover_deposits: int = 0
    uma_quanta: tuple[int, ...] = ()  #: the uma list that was used (floating uma picks one)
    penalties: tuple[Penalty, ...] = ()  #: chombo and penalties, as given
    substitute: Substitute | None = None
    #: points of riichi sticks left on the table that first place took into its points
    taken_deposits: int = 0

    def __init__(
        self,
        rules: Rules,
        names: tuple[str, ...],
        points: tuple[int, ...],
        places: tuple[int, ...],
        quanta: tuple[tuple[int, int, int, int, int, int], ...],
        leftover_deposits: int = 0,
        uma_quanta: tuple[int, ...] = (),
        penalties: tuple[Penalty, ...] = (),
        substitute: Substitute | None = None,
        taken_deposits: int = 0,
    ) -> None:
        # the fields at once: the generated __init__ of a frozen dataclass sets each
        # through object.__setattr__, a sixth of settling a game
        self.__dict__.update(
            rules=rules, names=names, points=points, places=places, quanta=quanta,
            leftover_deposits=leftover_deposits, uma_quanta=uma_quanta, penalties=penalties,
            substitute=substitute, taken_deposits=taken_deposits,
        )  # fmt: skip

    @property
    def per_pt(self) -> int:
        """Quanta in one pt (10, or 1000 under the exact system)."""
        return self.rules.fast.per_pt

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
        """The scores in seat order (made once; not a ``cached_property``, whose lock
        cost more than the scores in a loop over millions of games)."""
        found: tuple[Fraction, ...] | None = self.__dict__.get("_scores")
        if found is None:
            per_pt = self.rules.fast.per_pt
            found = self.__dict__["_scores"] = tuple(
                map(from_quanta, map(sum, self.quanta), repeat(per_pt, len(self.quanta)))
            )
        return found

    @property
    def uma(self) -> tuple[Fraction, ...]:
        """The uma list that was used, by place (a floating uma picks one by the points)."""
        return tuple(from_quanta(q, self.per_pt) for q in self.uma_quanta)

    @property
    def lost(self) -> Fraction:
        """pt of riichi sticks nobody collected (``deposits = "lost"``)."""
        if not self.rules.fast.lost:
            return _ZERO
        return Fraction(self.leftover_deposits, 1000)

    @property
    def unpaid(self) -> Fraction:
        """pt in nobody's score: lost sticks, penalties not redistributed, and what a
        fixed substitute's result leaves out. The scores sum to minus this. (Made once,
        as :attr:`scores`: a game's ledgers ask for it several times.)"""
        found: Fraction | None = self.__dict__.get("_unpaid")
        if found is None:
            found = self.__dict__["_unpaid"] = from_quanta(-sum(map(sum, self.quanta)),
                                                           self.per_pt)  # fmt: skip
        return found

    def by_place(self) -> tuple[PlayerResult, ...]:
        """The results from first place down (ties in seat order)."""
        return tuple(sorted(self.results, key=lambda r: (r.place, r.seat)))

    def first_group(self) -> tuple[int, ...]:
        """The seats in first place: one, or several tied under split ties. An absent
        player entered at a fixed result (EMA's substitute) takes no role of first."""
        places, sub = self.places, self.substitute
        if sub is None and places.count(1) == 1:  # (most games: asked twice a game)
            return (places.index(1),)
        group = tuple(seat for seat, place in enumerate(places) if place == 1)
        if sub is not None and self.rules.penalties.substitute is SubstitutePolicy.FIXED:
            return tuple(seat for seat in group if seat != sub.seat) or group
        return group

    def to_dict(self, rules: bool = True) -> dict[str, Any]:
        """``{"rules": {...}, "results": [...]}`` in seat order, as the JSON output
        (``rules=False``: the results only, as a session lists its games)."""
        data: dict[str, Any] = {"rules": self.rules.to_dict(meta=False)} if rules else {}
        per_pt, value = self.per_pt, quanta_value
        data["results"] = [
            {
                "seat": seat,
                "name": self.names[seat],
                "points": self.points[seat],
                "place": self.places[seat],
                "score": value(sum(parts), per_pt),
                "parts": dict(zip(PART_NAMES, map(value, parts, repeat(per_pt)), strict=True)),
            }
            for seat, parts in enumerate(self.quanta)
        ]
        if self.rules.fast.floating is not None:
            data["uma_used"] = [pt_value(v) for v in self.uma]
        if self.leftover_deposits:
            data["leftover_deposits"] = self.leftover_deposits
        if self.lost:
            data["lost"] = pt_value(self.lost)
        if self.penalties:
            data["penalties"] = [p.to_dict(self.names) for p in self.penalties]
        if self.substitute is not None:
            data["substitute"] = {"seat": self.substitute.seat, "name": self.substitute.name,
                                  "from_start": self.substitute.from_start}  # fmt: skip
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


def places(points: Sequence[int | Fraction], ties: Ties) -> list[int]:
    """Each seat's place (1 = first). Tied players share the best place of the
    group under ``split``; under ``seat`` the lower seat ranks higher."""
    return _places(points, ties is Ties.SPLIT)


def _places(points: Sequence[int | Fraction], split: bool) -> list[int]:
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
    fast = rules.fast
    values: list[Any] = list(points)
    # in one pass (settling millions of games); what fails it is told apart below
    if (
        len(values) == fast.n
        and isinstance(deposits, int)
        and type(deposits) is not bool
        and deposits >= 0
        and all(isinstance(p, int) and type(p) is not bool and -MAX_POINTS <= p <= MAX_POINTS
                and not p % fast.unit for p in values)
        and sum(values) + deposits * fast.stick == fast.total
    ):  # fmt: skip
        return values
    _refuse_points(points, rules, deposits)


def _refuse_points(points: Sequence[object], rules: Rules, deposits: int) -> NoReturn:
    """What is wrong with points :func:`check_points` did not take, in the words a
    player can act on: the first check they fail, in turn."""
    if len(points) != rules.players:
        raise PointsError(
            _n("{rules} is for {players} players, got {count} score",
               "{rules} is for {players} players, got {count} scores", "count", rules=rules,
               players=rules.players, count=len(points)), field="points",
        )  # fmt: skip
    unit = rules.unit
    values: list[int] = []
    for seat, p in enumerate(points):
        if isinstance(p, bool) or not isinstance(p, int):
            raise PointsError(_("seat {seat}: points “{points}” are not a whole number", seat=seat,
                                points=p), field="points")  # fmt: skip
        if abs(p) > MAX_POINTS:
            raise PointsError(_("seat {seat}: points {points} are beyond {limit}", seat=seat,
                                points=p, limit=MAX_POINTS), field="points")  # fmt: skip
        if p % unit:
            raise PointsError(_("seat {seat}: points {points} are not a multiple of {unit}",
                                seat=seat, points=p, unit=unit), field="points")  # fmt: skip
        values.append(p)
    if isinstance(deposits, bool) or not isinstance(deposits, int) or deposits < 0:
        raise PointsError(
            _("deposits {deposits} must be a count of riichi sticks, 0 or more", deposits=deposits),
            field="deposits",
        )
    # only the total is left: off by more or less than the sticks on the table
    raise PointsTotalError(sum(values), deposits * rules.scoring.riichi, rules)


class PointsTotalError(PointsError):
    """Final points that do not add up to what the players started with."""

    field = "points"

    def __init__(self, total: int, on_table: int, rules: Rules, sticks: str = "deposits") -> None:
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
                " on the table are given with {sticks})",
                held=held, stake=stake, missing=missing - on_table, sticks=sticks,
            )  # fmt: skip
        else:
            message = _("{held}, but {stake}: {missing} missing", held=held, stake=stake,
                        missing=missing - on_table)  # fmt: skip
        super().__init__(message)

    def given_with(self, sticks: str) -> PointsTotalError:
        """The same error naming the sticks left on the table as the reader gives them
        (the command line's ``--deposits N``; a session file's or the API's ``deposits``)."""
        return PointsTotalError(self.total, self.on_table, self.rules, sticks)


def check_names(names: Sequence[object], players: int) -> list[str]:
    """Player names: one per seat, non-empty text, all different, none the house's."""
    names = list(names)
    if len(names) != players:
        raise PointsError(
            _("{players} names are needed, got {count}", players=players, count=len(names)),
            field="players",
        )
    keys = []
    for seat, name in enumerate(names):
        if not isinstance(name, str):  # (2 had been “name “2” must be … text”, as if text)
            raise PointsError(_("seat {seat}: a name is text in quotes, not {value}", seat=seat,
                                value=as_written(name)), field="players")  # fmt: skip
        key = _name_check(name) if len(name) <= KEPT_LONGEST else _checked_key(name)
        if key is None:
            raise PointsError(
                _("seat {seat}: name “{name}” must be non-empty printable text", seat=seat,
                  name=name), field="players",
            )  # fmt: skip
        keys.append(key)
    clean = [str(name).strip() for name in names]
    for name, key in zip(clean, keys, strict=True):
        if key in HOUSE_WORDS:  # (is_house's test, on the key already made)
            raise PointsError(house_name(name), field="players")
    if len(set(keys)) != players:
        raise PointsError(
            _("names must differ (ignoring case and spaces): {names}", names=clean), field="players"
        )
    return clean


def _checked_key(name: str) -> str | None:
    """A name's :func:`~seisan.i18n.name_key`, or None for one that is no name (empty,
    or holding what is not text)."""
    return name_key(name) if name.strip() and plain_text(name) else None


#: kept for short names: a 10,000-game session checks its twelve names 80,000 times
_name_check = lru_cache(maxsize=4096)(_checked_key)


_SEATS = {n: tuple(term(f"seat.{seat}", Lang.EN) for seat in range(n)) for n in (3, 4)}


def settle(
    points: Sequence[int],
    rules: Rules | None = None,
    names: Sequence[str] | None = None,
    deposits: int = 0,
    penalties: Sequence[Penalty] = (),
    substitute: Substitute | None = None,
) -> Settlement:
    """Settle one game: ``points`` are the final points in seat order (seat 0 is the
    first dealer, 起家). ``deposits`` counts riichi sticks left on the table at the
    end: under ``deposits = "first"`` first place takes them into its points (players
    tied for first under split ties share them, through the balance); under
    ``"lost"`` they are paid to nobody and the scores sum to minus their pt (see
    docs/decisions.md). ``penalties`` are taken after uma and paid to nobody (unless
    the rules redistribute them); a ``substitute`` seat is scored as the rules say.

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
    taken = 0
    if on_table and not fast.lost and not (split and values[order[1]] == values[order[0]]):
        values[order[0]] += on_table  # first place takes them into its points
        taken, on_table = on_table, 0
    if fast.floating is None:
        uma = fast.uma_q
    else:
        found = fast.floating.get(len([p for p in values if p >= fast.ret]))
        uma = found if found is not None else rules.uma.for_points(values, fast.ret)  # type: ignore[assignment]
    shared = on_table // fast.unit if not fast.lost else 0
    if substitute is None and not penalties and not (split and len(set(values)) < n):
        # every place held by one player (the common game): no shares to split
        place_of, parts = _alone(order, values, uma, fast)
        return Settlement(rules, clean, tuple(values), place_of, parts, on_table, uma,
                          (), None, taken)  # fmt: skip
    place_of, parts = _general(order, values, uma, rules, shared, penalties, substitute)
    return Settlement(rules, clean, tuple(values), place_of, parts, on_table, uma,
                      tuple(penalties), substitute, taken)  # fmt: skip


def _general(
    order: Sequence[int],
    values: Sequence[int],
    uma: Sequence[int],
    rules: Rules,
    shared: int,
    penalties: Sequence[Penalty],
    substitute: Substitute | None,
) -> tuple[tuple[int, ...], tuple[tuple[int, int, int, int, int, int], ...]]:
    """Places and parts in quanta in any game: players tied in a place under split
    ties, penalties, a substitute (the common game takes :func:`_alone`, the same)."""
    fast = rules.fast
    n = fast.n
    place = [0] * n
    quanta: list[list[int]] = [[0] * len(PART_NAMES) for _ in range(n)]
    fixed = substitute is not None and rules.penalties.substitute is SubstitutePolicy.FIXED
    if substitute is not None:
        _check_substitute(substitute, n)
    if fixed and not substitute.from_start:  # type: ignore[union-attr]
        # a substitute from a later hand takes the last uma; the others rank among themselves
        seat = substitute.seat  # type: ignore[union-attr]
        first = _assign([s for s in order if s != seat], values, uma, fast, place, quanta)
        place[seat] = n
    else:
        first = _assign(order, values, uma, fast, place, quanta)
    if fixed:
        seat = substitute.seat  # type: ignore[union-attr]
        quanta[seat] = [rules.penalties.substitute_points // fast.unit, 0, 0,
                        int(rules.penalties.substitute_uma * fast.per_pt), 0, 0]  # fmt: skip
        first = [s for s in first if s != seat] or first
    # first place's balance: the others' rounding (001), and deposits tied firsts share
    others = sum(q[1] for s, q in enumerate(quanta) if s not in first)
    natural = [quanta[s][0] + quanta[s][2] + quanta[s][3] for s in first]
    for seat, own, total in zip(
        first, natural, split_even(sum(natural) + shared - others, len(first)), strict=True
    ):
        quanta[seat][4] = total - own
    for penalty in penalties:
        _penalise(penalty, quanta, rules, n)
    return tuple(place), tuple((a, b, c, d, e, f) for a, b, c, d, e, f in quanta)


def _alone(
    order: Sequence[int], values: Sequence[int], uma: Sequence[int], fast: Any
) -> tuple[tuple[int, ...], tuple[tuple[int, int, int, int, int, int], ...]]:
    """Places and parts in quanta when each place is one player's: what :func:`_general`
    gives then, in one pass (the common game, settled millions of times). First place's
    balance is the others' rounding back; no deposits are left to share (first place
    took them into its points, or nobody does)."""
    unit, ret, whole = fast.unit, fast.ret, fast.whole
    place = [0] * len(order)
    parts: list[Any] = [None] * len(order)
    others = 0
    for index, seat in enumerate(order):
        place[seat] = index + 1
        if index:
            exact = (values[seat] - ret) // unit
            rounded = 0 if whole is None else whole(values[seat] - ret) - exact
            others += rounded
            parts[seat] = (exact, rounded, 0, uma[index], 0, 0)
    top = order[0]
    parts[top] = ((values[top] - ret) // unit, 0, fast.oka_q, uma[0], -others, 0)
    return tuple(place), tuple(parts)


def _assign(
    order: Sequence[int],
    values: Sequence[int],
    uma: Sequence[int],
    fast: Any,
    place: list[int],
    quanta: list[list[int]],
) -> list[int]:
    """Places, and each seat's points, rounding, oka and uma parts in quanta, for the
    seats in ``order`` (best first, ties by seat); the seats in first place."""
    count = len(order)
    unit, ret, whole, split = fast.unit, fast.ret, fast.whole, fast.split
    first: list[int] = []
    index = 0
    while index < count:
        seat = order[index]
        end = index + 1
        if split:
            while end < count and values[order[end]] == values[seat]:
                end += 1
        oka = fast.oka_q if index == 0 else 0
        if end == index + 1:  # alone in its place
            group, bonuses, okas = [seat], [oka + uma[index]], [oka]
        else:
            group = sorted(order[index:end])
            bonuses = split_even(oka + sum(uma[index:end]), end - index)
            okas = split_even(oka, end - index)
        for member, share, oka_share in zip(group, bonuses, okas, strict=True):
            place[member] = index + 1
            exact = (values[member] - ret) // unit
            rounded = 0 if index == 0 or whole is None else whole(values[member] - ret) - exact
            quanta[member][:4] = [exact, rounded, oka_share, share - oka_share]
        if index == 0:
            first = group
        index = end
    return first


def _check_substitute(substitute: Substitute, players: int) -> None:
    seat = substitute.seat
    if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < players:
        raise PointsError(
            _("substitute: seat {seat} is not at the table (seats 0 to {last})", seat=seat,
              last=players - 1), field="substitute",
        )  # fmt: skip


def _penalise(penalty: Penalty, quanta: list[list[int]], rules: Rules, n: int) -> None:
    """Take ``penalty`` from its seat's score (its own part); shared by the others when
    the rules redistribute penalties."""
    seat = penalty.seat
    if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < n:
        raise PointsError(
            _("penalty: seat {seat} is not at the table (seats 0 to {last})", seat=seat,
              last=n - 1), field="penalties",
        )  # fmt: skip
    pt = Fraction(penalty.pt)
    taken = pt * rules.fast.per_pt
    if pt <= 0 or taken.denominator != 1:
        raise PointsError(
            _("penalty: {pt} pt must be positive, in steps of {step} pt", pt=pt,
              step=Fraction(1, rules.fast.per_pt)), field="penalties",
        )  # fmt: skip
    quanta[seat][5] -= int(taken)
    if rules.penalties.redistribute:
        others = [s for s in range(n) if s != seat]
        for other, share in zip(others, split_even(int(taken), n - 1), strict=True):
            quanta[other][5] += share
