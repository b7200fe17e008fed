"""Ratings of players over all their games (レーティング): derived from the places of the
games in the order they were played, never entered by hand, so that working them
out again from the same games gives the same numbers.

Two systems:

- ``openskill`` — a Bayesian rating for games of many players (Weng and Lin's
  Plackett–Luce model, by the ``openskill`` package): each player has a skill μ
  and an uncertainty σ; the rating shown is μ − 3σ, which the player is almost
  surely above, so that it rises as games make σ small. Ties share a rank.
- ``tenhou`` — Tenhou's R: everyone starts at 1500; each game moves R by
  (30, 10, −10, −30 by place; 30, 0, −30 with three players; tied places share
  theirs) plus (the table's average R − one's own R) / 40, times 1 − 0.002 × the
  games played before (0.2 from 400 games on), kept to the hundredth after each
  game, as Tenhou shows it (exact fractions would grow without end: thirds).

Tenhou's R needs nothing else; ``openskill`` is imported when it is used.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from typing import cast

from seisan.choices import System
from seisan.errors import SeisanError
from seisan.i18n import _

__all__ = [  # the choice of rating is defined apart, and given here too
    "START_R", "TENHOU_BASE", "TENHOU_SETTLED", "PlayerRating", "Rated", "RatingError",
    "System", "ratings", "size_of_most", "table_size", "tenhou_base",
]  # fmt: skip

START_R = Fraction(1500)
#: Tenhou's points by place (順位点 of R), four and three players
TENHOU_BASE = {4: (30, 10, -10, -30), 3: (30, 0, -30)}
#: from this many games on, a game moves R by a fifth
TENHOU_SETTLED = 400


class RatingError(SeisanError):
    """Games a rating cannot be worked out from, named."""


@dataclass(frozen=True)
class PlayerRating:
    """A player's rating after all their games, and after each of them."""

    name: str
    rating: Fraction  #: to the hundredth: openskill's μ − 3σ, or Tenhou's R
    games: int
    history: tuple[Fraction, ...]  #: the rating after each of the player's games


def table_size(games: Sequence[Sequence[tuple[str, int]]]) -> int:
    """The number of players most of ``games`` have (four when as many have three)."""
    return size_of_most(Counter(len(g) for g in games))


def size_of_most(sizes: Mapping[int, int]) -> int:
    """:func:`table_size` from how many games each size has."""
    return 4 if sizes.get(4, 0) * 2 >= sum(sizes.values()) else 3


def _checked(
    games: Iterable[Sequence[tuple[str, int]]], start: int = 0
) -> list[list[tuple[str, int]]]:
    out = []
    for number, game in enumerate(games, start=start + 1):
        names = [name for name, _place in game]
        places = [place for _name, place in game]
        if len(game) not in (3, 4) or len(set(names)) != len(names):
            raise RatingError(_("game {number}: a rating needs three or four different players",
                                number=number))  # fmt: skip
        if any(not 1 <= p <= len(game) for p in places) or 1 not in places:
            raise RatingError(_("game {number}: places {places} are not places at a table",
                                number=number, places=list(places)))  # fmt: skip
        out.append(list(game))
    return out


def ratings(
    games: Iterable[Sequence[tuple[str, int]]],
    system: System = System.OPENSKILL,
    players: int | None = None,
) -> list[PlayerRating]:
    """Every player's rating over ``games`` (each its players and their places, in
    the order played), the highest first (then by name). With ``players`` (3 or 4)
    only games of that many players count: three- and four-player play are rated
    apart, as Tenhou does."""
    return Rated(system, players).added(games).table()


@dataclass(frozen=True)
class Rated:
    """The ratings after the games read so far, to carry on from with later games: a
    night's new games move the ratings kept, not every game again. Never changed:
    :meth:`added` makes a new one, sharing what the new games do not touch."""

    system: System = System.OPENSKILL
    players: int | None = None  #: only games of this many players (None: all)
    read: int = 0  #: games read so far (counted in errors)
    #: each player's state now: R, or openskill's rating
    now: dict[str, object] = field(default_factory=dict)
    #: each player's shown rating after each of their games
    history: dict[str, tuple[Fraction, ...]] = field(default_factory=dict)

    def added(self, games: Iterable[Sequence[tuple[str, int]]]) -> Rated:
        """The ratings after ``games`` too (played after those read)."""
        checked = _checked(games, self.read)
        chosen = [g for g in checked if self.players is None or len(g) == self.players]
        now = dict(self.now)
        grown: dict[str, list[Fraction]] = {}
        step = _tenhou if self.system is System.TENHOU else _openskill
        step(chosen, now, self.history, grown)
        history = dict(self.history)
        history.update((name, (*self.history.get(name, ()), *values))
                       for name, values in grown.items())  # fmt: skip
        return Rated(self.system, self.players, self.read + len(checked), now, history)

    def table(self) -> list[PlayerRating]:
        """Every player's rating, the highest first (then by name)."""
        out = [PlayerRating(name, values[-1], len(values), values)
               for name, values in self.history.items()]  # fmt: skip
        return sorted(out, key=lambda r: (-r.rating, r.name))


def tenhou_base(places: Sequence[int]) -> list[Fraction]:
    """Each seat's points by place; tied players share the places they cover."""
    base = TENHOU_BASE[len(places)]
    out = []
    for place in places:
        tied = places.count(place)
        out.append(Fraction(sum(base[place - 1 : place - 1 + tied]), tied))
    return out


def _tenhou(
    games: list[list[tuple[str, int]]],
    rating: dict[str, object],
    before: Mapping[str, Sequence[Fraction]],
    history: dict[str, list[Fraction]],
) -> None:
    """Tenhou's R over ``games``, from ``rating`` (moved in place); each player's new
    values appended to ``history`` (``before`` holds the earlier ones)."""
    for game in games:
        names = [name for name, _place in game]
        now = [cast(Fraction, rating.get(name, START_R)) for name in names]
        average = sum(now, Fraction(0)) / len(now)
        for name, r, base in zip(names, now, tenhou_base([p for _n, p in game]), strict=True):
            played = len(before.get(name, ())) + len(history.get(name, ()))
            weight = Fraction(1, 5) if played >= TENHOU_SETTLED else 1 - Fraction(played, 500)
            moved = r + (base + (average - r) / 40) * weight
            shown = Fraction(round(moved * 100), 100)  # to the hundredth, as shown
            rating[name] = shown
            history.setdefault(name, []).append(shown)


def _openskill(
    games: list[list[tuple[str, int]]],
    rating: dict[str, object],
    before: Mapping[str, Sequence[Fraction]],
    history: dict[str, list[Fraction]],
) -> None:
    """openskill's Plackett–Luce over ``games``, as :func:`_tenhou` (a rating object
    is never changed: the model returns new ones)."""
    from openskill.models import PlackettLuce  # noqa: PLC0415 - only for this rating

    model = PlackettLuce()
    for game in games:
        teams = [[rating.get(name) or model.rating(name=name)] for name, _place in game]
        rated = model.rate(teams, ranks=[place for _name, place in game])  # type: ignore[arg-type]
        for (name, _place), (new,) in zip(game, rated, strict=True):
            rating[name] = new
            shown = Fraction(round(new.ordinal() * 100), 100)
            history.setdefault(name, []).append(shown)
