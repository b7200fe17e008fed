"""Standings and player statistics over settled games (成績表): what a club's season
table, a player's page and the bulk engine all show, computed once, exactly.

A game is given as its :class:`Seat` lines (one per player, as the settlement made
them); every average and rate is an exact :class:`~fractions.Fraction`.

>>> from fractions import Fraction as F
>>> games = [
...     [Seat("Ana", 1, F(50), 42600), Seat("Ben", 2, F(10), 31000),
...      Seat("Chie", 3, F(-20), 16400), Seat("Dae", 4, F(-40), 10000)],
...     [Seat("Ana", 4, F(-45), -1200), Seat("Ben", 1, F(55), 51200),
...      Seat("Chie", 2, F(5), 30000), Seat("Dae", 3, F(-15), 19000)],
... ]
>>> [(s.name, str(s.total), str(s.average_place)) for s in standings(games)]
[('Ben', '65', '3/2'), ('Ana', '5', '5/2'), ('Chie', '-15', '5/2'), ('Dae', '-55', '7/2')]
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Any, TypeVar

_ZERO = Fraction(0)
T = TypeVar("T")


@dataclass(frozen=True)
class Seat:
    """One player's line in one settled game."""

    name: str
    place: int
    #: what counts in the standings: the score with the side bets (the game's total)
    total: Fraction
    points: int = 0  #: final points (below zero: a bust, 飛び)
    money: Fraction | None = None  #: after fees, when the game had a rate


@dataclass(frozen=True)
class Standing:
    """A player's line in the standings (成績): counts, sums and exact rates."""

    name: str
    games: int
    total: Fraction
    places: tuple[int, ...]  #: how often 1st, 2nd, … (as many as the seats)
    busts: int  #: games ended below zero (飛び)
    best: Fraction
    worst: Fraction
    money: Fraction | None

    @property
    def average(self) -> Fraction:
        """Average total per game (平均スコア)."""
        return self.total / self.games

    @property
    def average_place(self) -> Fraction:
        """Average place (平均順位)."""
        return Fraction(sum(p * n for p, n in enumerate(self.places, start=1)), self.games)

    @property
    def rates(self) -> tuple[Fraction, ...]:
        """1st, 2nd, … place rates (トップ率 …)."""
        return tuple(Fraction(n, self.games) for n in self.places)

    @property
    def rentai(self) -> Fraction:
        """連対率: first or second."""
        return Fraction(sum(self.places[:2]), self.games)

    @property
    def last_avoidance(self) -> Fraction:
        """ラス回避率: not last."""
        return 1 - Fraction(self.places[-1], self.games)

    @property
    def bust_rate(self) -> Fraction:
        """飛び率: games ended below zero."""
        return Fraction(self.busts, self.games)


def standings(
    games: Iterable[Sequence[Seat]],
    min_games: int = 0,
    extra: Mapping[str, Fraction] | None = None,
    extra_money: Mapping[str, Fraction] | None = None,
) -> list[Standing]:
    """Everyone who played, best total first (equal totals: more games first, then
    first appearance); players with fewer than ``min_games`` games are left out.
    ``extra`` adds pt won or lost away from the table (外ウマ as a spectator, a
    session's own penalties) to the totals, ``extra_money`` its money."""
    extra = extra or {}
    extra_money = extra_money or {}
    rows: dict[str, list[Seat]] = {}
    seats = 0
    for game in games:
        seats = max(seats, len(game))
        for line in game:
            rows.setdefault(line.name, []).append(line)
    out = [
        standing(name, lines, seats, extra.get(name, _ZERO), extra_money.get(name))
        for name, lines in rows.items()
        if len(lines) >= max(min_games, 1)
    ]
    return sorted(out, key=ranked)


def standing(
    name: str,
    lines: Sequence[Seat],
    seats: int,
    extra: Fraction = _ZERO,
    extra_money: Fraction | None = None,
) -> Standing:
    """One player's line from their own games' ``lines`` (not empty) at tables of at
    most ``seats``: what :func:`standings` ranks, and what a kept season table works
    out again for the players of a changed game only."""
    places = [0] * seats
    for line in lines:
        places[line.place - 1] += 1
    moneys = [line.money for line in lines if line.money is not None]
    if extra_money is not None:
        moneys.append(extra_money)
    totals = [line.total for line in lines]
    best, worst = _extremes(totals)
    return Standing(
        name,
        len(lines),
        exact_sum(totals, extra),
        tuple(places),
        sum(1 for line in lines if line.points < 0),
        best,
        worst,
        exact_sum(moneys) if moneys else None,
    )


def ranked(line: Standing) -> tuple[Fraction, int]:
    """The standings' order: best total first, then more games (a stable sort keeps
    the first to appear first among equals)."""
    return (-line.total, -line.games)


def shared_places(rows: Sequence[T], key: Callable[[T], object]) -> list[int]:
    """Each row's place in ``rows`` (in their order): rows whose ``key`` is equal share
    the best place of their group (1, 1, 3), so that of two players level on every
    count neither is placed above the other by who appeared first (where they sat)."""
    out: list[int] = []
    for index, row in enumerate(rows):
        same = index and key(row) == key(rows[index - 1])
        out.append(out[-1] if same else index + 1)
    return out


def placed(lines: Sequence[Standing]) -> list[tuple[int, Standing]]:
    """Standings' lines (in :func:`ranked` order) with their places: players level on
    total and games share one (:func:`shared_places`)."""
    return list(zip(shared_places(lines, ranked), lines, strict=True))


def exact_sum(values: Iterable[Fraction], start: Fraction = _ZERO) -> Fraction:
    """``sum(values, start)``, exactly, in integers inside: the numerators added per
    denominator (a season's totals have a handful: tenths, thousandths), one
    :class:`~fractions.Fraction` per denominator at the end (a season of 100,000
    games added Fraction by Fraction spent seconds normalising)."""
    by_denominator: dict[int, int] = {}
    for value in values:
        d = value.denominator
        by_denominator[d] = by_denominator.get(d, 0) + value.numerator
    total = start
    for d, n in by_denominator.items():
        total += Fraction(n, d)
    return total


def _extremes(values: Sequence[Fraction]) -> tuple[Fraction, Fraction]:
    """The largest and the smallest of ``values`` (not empty), compared as integers
    over their common denominator."""
    common = math.lcm(*{v.denominator for v in values})
    scaled = [v.numerator * (common // v.denominator) for v in values]
    return Fraction(max(scaled), common), Fraction(min(scaled), common)


@dataclass(frozen=True)
class TeamStanding:
    """A team's line (チーム成績): its members' totals added up, with the team's own
    penalties, as M-League and team leagues rank their teams."""

    name: str
    members: tuple[Standing, ...]  #: the members who have played, best first
    penalty: Fraction = _ZERO  #: the team's own penalties and awards, added

    @property
    def games(self) -> int:
        """Games played by its members (a game of four teams counts once for each)."""
        return sum(m.games for m in self.members)

    @property
    def total(self) -> Fraction:
        return sum((m.total for m in self.members), self.penalty)


def team_standings(
    everyone: Iterable[Standing],
    teams: Mapping[str, str],
    penalties: Mapping[str, Fraction] | None = None,
    names: Iterable[str] = (),
) -> list[TeamStanding]:
    """Every team, best total first (equal totals: by name). ``teams`` says a player's
    team (by name; others count for none), ``names`` adds teams that have not played
    yet, ``penalties`` each team's own pt.

    >>> from fractions import Fraction as F
    >>> rows = [Standing("Ana", 2, F(30), (1, 1), 0, F(50), F(-20), None),
    ...         Standing("Ben", 2, F(-10), (0, 2), 0, F(0), F(-10), None),
    ...         Standing("Chie", 1, F(25), (1, 0), 0, F(25), F(25), None)]
    >>> [(t.name, str(t.total)) for t in team_standings(
    ...     rows, {"Ana": "Red", "Ben": "Blue", "Chie": "Blue"}, {"Red": F(-20)})]
    [('Blue', '15'), ('Red', '10')]
    """
    penalties = penalties or {}
    members: dict[str, list[Standing]] = {name: [] for name in names}
    members.update({team: [] for team in penalties if team not in members})
    for row in everyone:
        team = teams.get(row.name)
        if team is not None:
            members.setdefault(team, []).append(row)
    out = [TeamStanding(team, tuple(rows), penalties.get(team, _ZERO))
           for team, rows in members.items()]  # fmt: skip
    return sorted(out, key=lambda t: (-t.total, t.name))


@dataclass(frozen=True)
class HeadToHead:
    """直接対決: one opponent, over the games both played."""

    opponent: str
    games: int
    above: int  #: games the player finished above the opponent
    below: int  #: … and below (a tie for a place counts as neither)
    difference: Fraction  #: the player's totals minus the opponent's, summed


def head_to_head(games: Iterable[Sequence[Seat]], name: str) -> list[HeadToHead]:
    """``name`` against each opponent met, most games first."""
    found: dict[str, list[int | Fraction]] = {}
    for game in games:
        mine = next((line for line in game if line.name == name), None)
        if mine is None:
            continue
        for other in game:
            if other.name == name:
                continue
            row = found.setdefault(other.name, [0, 0, 0, _ZERO])
            row[0] += 1
            row[1] += mine.place < other.place
            row[2] += mine.place > other.place
            row[3] += mine.total - other.total
    out = [
        HeadToHead(opponent, int(g), int(a), int(b), Fraction(d))
        for opponent, (g, a, b, d) in found.items()
    ]
    return sorted(out, key=lambda h: -h.games)


def running(games: Iterable[Sequence[Seat]], name: str) -> list[Fraction]:
    """``name``'s cumulative total after each game they played (for a chart)."""
    out: list[Fraction] = []
    total = _ZERO
    for game in games:
        for line in game:
            if line.name == name:
                total += line.total
                out.append(total)
    return out


@dataclass(frozen=True)
class PlayStats:
    """A player's statistics over hand-by-hand records (牌譜の成績): places and scores,
    and per hand dealt: wins (和了率), deal-ins (放銃率), riichi (立直率), calls (副露率)."""

    name: str
    games: int
    places: tuple[int, ...]
    total: Fraction
    busts: int
    hands: int
    wins: int
    deal_ins: int
    riichi: int
    calls: int
    win_points: int  #: the wins' values summed (points, without counters and sticks)
    tsumo: int = 0  #: wins by tsumo (ツモ和了)
    riichi_wins: int = 0  #: hands won after declaring riichi (立直和了)
    draws: int = 0  #: exhaustive draws dealt in (流局)
    draw_tenpai: int = 0  #: … ending tenpai (流局時聴牌)
    deal_in_points: int = 0  #: what the hands dealt into were worth (放銃点)
    yakuman: int = 0  #: yakuman won (役満), a double counted once
    #: each yaku's count over the wins, as the records name them (役)
    yaku: tuple[tuple[str, int], ...] = ()

    @property
    def average_place(self) -> Fraction:
        return Fraction(sum(p * n for p, n in enumerate(self.places, start=1)), self.games)

    @property
    def average(self) -> Fraction:
        return self.total / self.games

    @property
    def rates(self) -> tuple[Fraction, ...]:
        return tuple(Fraction(n, self.games) for n in self.places)

    def _per_hand(self, count: int) -> Fraction:
        return _ratio(count, self.hands)

    @property
    def win_rate(self) -> Fraction:
        return self._per_hand(self.wins)

    @property
    def deal_in_rate(self) -> Fraction:
        return self._per_hand(self.deal_ins)

    @property
    def riichi_rate(self) -> Fraction:
        return self._per_hand(self.riichi)

    @property
    def call_rate(self) -> Fraction:
        return self._per_hand(self.calls)

    @property
    def average_win(self) -> Fraction:
        """平均打点: the average value of a win, in points."""
        return _ratio(self.win_points, self.wins)

    @property
    def tsumo_rate(self) -> Fraction:
        """ツモ率: the wins that were tsumo."""
        return _ratio(self.tsumo, self.wins)

    @property
    def riichi_win_rate(self) -> Fraction:
        """立直和了率: the riichi that won the hand."""
        return _ratio(self.riichi_wins, self.riichi)

    @property
    def draw_tenpai_rate(self) -> Fraction:
        """流局時聴牌率: the exhaustive draws ended tenpai."""
        return _ratio(self.draw_tenpai, self.draws)

    @property
    def average_deal_in(self) -> Fraction:
        """平均放銃点: the average value of a hand dealt into, in points."""
        return _ratio(self.deal_in_points, self.deal_ins)


def play_stats(plays: Iterable[Any]) -> list[PlayStats]:
    """Statistics per player over played records (:class:`seisan.games.GamePlay`),
    most games first. A hand dealt again after a chombo counts once."""
    rows: dict[str, dict[str, Any]] = {}
    for played in plays:
        record = played.record
        settlement = played.settlement
        n = len(record.names)
        for seat, name in enumerate(record.names):
            row = rows.setdefault(name, {"games": 0, "places": [0] * n, "total": _ZERO,
                                         "busts": 0, "hands": 0, "wins": 0, "deal_ins": 0,
                                         "riichi": 0, "calls": 0, "win_points": 0, "tsumo": 0,
                                         "riichi_wins": 0, "draws": 0, "draw_tenpai": 0,
                                         "deal_in_points": 0, "yakuman": 0,
                                         "yaku": Counter()})  # fmt: skip
            if len(row["places"]) < n:
                row["places"] += [0] * (n - len(row["places"]))
            row["games"] += 1
            if settlement is not None:
                row["places"][settlement.places[seat] - 1] += 1
                row["total"] += settlement.scores[seat]
                row["busts"] += settlement.points[seat] < 0
        for hand, line in zip(record.hands, played.lines, strict=False):
            for seat, name in enumerate(record.names):
                row = rows[name]
                row["hands"] += 1
                row["riichi"] += seat in hand.riichi
                row["calls"] += seat in hand.calls
                row["deal_ins"] += hand.result == "ron" and hand.discarder == seat
                if hand.result == "draw":
                    row["draws"] += 1
                    row["draw_tenpai"] += seat in hand.tenpai
            wins = {win.winner: win for win in hand.wins}
            for winner, value in line.won:
                row = rows[record.names[winner]]
                row["wins"] += 1
                row["win_points"] += value
                row["tsumo"] += hand.result == "tsumo"
                row["riichi_wins"] += winner in hand.riichi
                win = wins[winner]
                row["yakuman"] += win.yakuman > 0
                row["yaku"].update(win.yaku)
                if hand.result == "ron" and hand.discarder is not None:
                    rows[record.names[hand.discarder]]["deal_in_points"] += value
    return _built(rows)


def merge_stats(parts: Iterable[Sequence[PlayStats]]) -> list[PlayStats]:
    """:func:`play_stats` of many plays from the statistics of each (a club keeps each
    game's, so that one game changed is one game replayed): counts and places add up,
    most games first, then first appearance, as :func:`play_stats` orders them."""
    rows: dict[str, dict[str, Any]] = {}
    for part in parts:
        for s in part:
            row = rows.setdefault(s.name, {"places": [], "yaku": Counter(), "total": _ZERO,
                                           **dict.fromkeys(_COUNTS, 0)})  # fmt: skip
            places = row["places"]
            places += [0] * (len(s.places) - len(places))
            for index, count in enumerate(s.places):
                places[index] += count
            row["total"] += s.total
            row["yaku"].update(dict(s.yaku))
            for key in _COUNTS:
                row[key] += getattr(s, key)
    return _built(rows)


def _built(rows: dict[str, dict[str, Any]]) -> list[PlayStats]:
    """Each player's counts as statistics, most games first (then first seen)."""
    out = [
        PlayStats(name, r["games"], tuple(r["places"]), r["total"], r["busts"], r["hands"],
                  r["wins"], r["deal_ins"], r["riichi"], r["calls"], r["win_points"],
                  r["tsumo"], r["riichi_wins"], r["draws"], r["draw_tenpai"],
                  r["deal_in_points"], r["yakuman"], _yaku_order(r["yaku"]))
        for name, r in rows.items()
    ]  # fmt: skip
    return sorted(out, key=lambda s: -s.games)


_COUNTS = ("games", "busts", "hands", "wins", "deal_ins", "riichi", "calls", "win_points",
           "tsumo", "riichi_wins", "draws", "draw_tenpai", "deal_in_points", "yakuman")  # fmt: skip


def _ratio(count: int, of: int) -> Fraction:
    """``count`` of ``of`` as an exact rate, 0 when there is nothing to count."""
    return Fraction(count, of) if of else Fraction(0)


def _yaku_order(counts: Counter[str]) -> tuple[tuple[str, int], ...]:
    """Each yaku's count, the most frequent first (then by name)."""
    return tuple(sorted(counts.items(), key=lambda kv: (-kv[1], kv[0])))
