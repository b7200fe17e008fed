"""Seating for a night or a round (席決め): who sits at which table and on which wind.

``shuffled`` seats the players so that as few as possible meet opponents they met at
earlier tables, and sit on winds they sat on before (Pantheon's "shuffled" seating);
``swiss`` seats them by the standings (the top four together), ``interval`` spreads
the standings over the tables (1st, 5th, 9th… at one table of four tables), ``teams``
puts one player of each team at every table, and ``script`` takes the organiser's
own tables. When the players do not fill the tables, some sit out or some tables are
three-player tables, as the organiser chooses.

The search is a local search from seeded random starts with a budget of steps: the
same players, history and seed give the same seating. It never runs past its time
limit (it returns the best found by then, and says so), and it stops early when no
seating can be better.
"""

from __future__ import annotations

import random
import time
from collections import Counter
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from itertools import combinations, permutations

from seisan.choices import Leftover, Method
from seisan.errors import SeatingError
from seisan.i18n import Spellings, _, _n, name_key, plain_text

__all__ = [  # the choices and the error are defined apart, and given here too
    "MIN_STEPS", "PAIR_WEIGHT", "STEPS_PER_PLAYER", "History", "Leftover", "Method", "Seating",
    "SeatingError", "optimum", "seat", "table_sizes",
]  # fmt: skip

#: a repeated opponent weighs as much as this many repeated winds
PAIR_WEIGHT = 10
#: steps of the search (swaps tried) per player, and at least
STEPS_PER_PLAYER, MIN_STEPS = 400, 20_000


@dataclass(frozen=True)
class History:
    """What earlier tables say: how often each pair met, and how often each player
    sat on each wind (0 East … 3 North), and sat out."""

    met: Mapping[frozenset[str], int] = field(default_factory=dict)
    winds: Mapping[str, tuple[int, int, int, int]] = field(default_factory=dict)
    sat_out: Mapping[str, int] = field(default_factory=dict)

    @classmethod
    def of(cls, tables: Iterable[Sequence[str]], sat_out: Iterable[str] = ()) -> History:
        """The history of earlier tables, each its players in seat order (East first)."""
        met: Counter[frozenset[str]] = Counter()
        winds: dict[str, list[int]] = {}
        for number, table in enumerate(tables, start=1):
            if len(table) not in (3, 4) or len(set(table)) != len(table):
                raise SeatingError(
                    _("earlier table {number}: {names}: a table has 3 or 4 different players",
                      number=number, names=list(map(str, table)))
                )  # fmt: skip
            for a, b in combinations(table, 2):
                met[frozenset((a, b))] += 1
            for wind, name in enumerate(table):
                winds.setdefault(name, [0, 0, 0, 0])[wind] += 1
        return cls(dict(met), {k: (v[0], v[1], v[2], v[3]) for k, v in winds.items()},
                   dict(Counter(sat_out)))  # fmt: skip

    def wind_counts(self, name: str) -> tuple[int, int, int, int]:
        return self.winds.get(name, (0, 0, 0, 0))


@dataclass(frozen=True)
class Seating:
    """Tables (each its players in seat order: East, the first dealer 起家, first) and
    who sits out; how many pairs meet again and winds repeat, and whether the search
    ran to its end."""

    tables: tuple[tuple[str, ...], ...]
    sitting_out: tuple[str, ...] = ()
    repeats: int = 0  #: pairs at a table who met before, each counted once
    wind_repeats: int = 0  #: players on a wind they sat on before, by how often
    #: what the search makes least: PAIR_WEIGHT × (earlier meetings of a pair)² for
    #: every pair at a table, and the repeated winds
    cost: int = 0
    complete: bool = True  #: False when the time limit cut the search short


def table_sizes(count: int, size: int, leftover: Leftover) -> tuple[list[int], int]:
    """The tables' sizes for ``count`` players, and how many sit out."""
    if size not in (3, 4):
        raise SeatingError(_("a table has 3 or 4 players, not {size}", size=size))
    if count < 3 or (count < size and leftover is Leftover.SIT_OUT):
        raise SeatingError(
            _n(
                "{count} player present: a table needs {size}",
                "{count} players present: a table needs {size}",
                "count",
                count=count,
                size=size,
            )
        )
    if leftover is Leftover.THREES and size == 4:
        threes = next((k for k in range(4) if (count - 3 * k) % 4 == 0 and count >= 3 * k), None)
        if threes is not None:
            return [4] * ((count - 3 * threes) // 4) + [3] * threes, 0
        # 5 players: one table of four, one sits out
    fours = count // size
    return [size] * fours, count - size * fours


def seat(
    players: Sequence[str],
    *,
    size: int = 4,
    method: Method = Method.SHUFFLED,
    history: History | None = None,
    standings: Sequence[str] = (),
    teams: Mapping[str, str] | None = None,
    script: Sequence[Sequence[str]] = (),
    leftover: Leftover = Leftover.SIT_OUT,
    seed: int = 0,
    steps: int | None = None,
    time_limit: float = 1.0,
) -> Seating:
    """Seat ``players`` by ``method``; see the module's docstring."""
    present = _unique(players, _("players"))
    # every other list names the players as the present ones are written (「山田 太郎」
    # in the history is the 「山田　太郎」 here, “ana” is Ana)
    spelled = Spellings(present)

    def as_present(name: str) -> str:
        return spelled.known(name) if isinstance(name, str) else name

    history = _respelled(history or History(), as_present)
    # (a name twice had left another player unranked in silence)
    standings = _unique([as_present(name) for name in standings], _("the standings"))
    if teams is not None:
        respelled: dict[str, str] = {}
        for name, team in teams.items():  # (“f” and “F” in two teams: one person)
            if respelled.setdefault(as_present(name), team) != team:
                raise SeatingError(_("{what}: {name} is in two teams", what=_("teams"),
                                     name=name))  # fmt: skip
        teams = respelled
    script = [[as_present(name) for name in table] for table in script]
    if method is Method.SCRIPT:
        return _scripted(present, script, size, history)
    sizes, out_count = table_sizes(len(present), size, leftover)
    rng = random.Random(seed)
    if method is Method.TEAMS:  # each team's surplus sits out: who sat out least plays
        return _team_seating(present, size, teams or {}, history, rng, steps, time_limit)
    ranked = _ranked(present, standings) if method in (Method.SWISS, Method.INTERVAL) else []
    if out_count:
        if ranked:  # the lowest placed sit out
            out = ranked[-out_count:]
        else:  # who sat out least, then by lot
            order = sorted(present, key=lambda p: (history.sat_out.get(p, 0), rng.random()))
            out = order[:out_count]
        playing = [p for p in present if p not in out]
        ranked = [p for p in ranked if p not in out]
    else:
        out, playing = [], list(present)
    board = _Board(playing, history, rng)
    if method is Method.SWISS:
        groups = _chunks(ranked, sizes)
    elif method is Method.INTERVAL:  # 1st, 5th, 9th… at table 1 of four tables
        groups = [[] for _ in sizes]
        for index, name in enumerate(ranked):  # three-player tables come last: they
            groups[index % len(sizes)].append(name)  # are the ones one short
    else:
        groups, complete = _search(board, playing, sizes, rng, steps, time_limit)
        return _result(groups, out, board, complete)
    return _result(groups, out, board, True)


def _result(groups: list[list[str]], out: Sequence[str], board: _Board, complete: bool) -> Seating:
    tables = tuple(board.seated(group) for group in groups)
    return Seating(tables, tuple(out), sum(board.repeats(t) for t in tables),
                   sum(board.wind(t) for t in tables), sum(board.cost(t) for t in tables),
                   complete)  # fmt: skip


def _unique(names: Sequence[str], what: object) -> list[str]:
    seen: set[str] = set()
    for name in names:
        if not str(name).strip():
            raise SeatingError(_("{what}: a name is empty", what=what))
        if not plain_text(str(name)):
            raise SeatingError(_("{what}: “{name}” must be non-empty printable text", what=what,
                                 name=name))  # fmt: skip
        if name_key(str(name)) in seen:  # as a table's names are told apart
            raise SeatingError(_("{what}: {name} is listed twice", what=what, name=name))
        seen.add(name_key(str(name)))
    return list(names)


def _respelled(history: History, as_present: Callable[[str], str]) -> History:
    """``history`` with its names as the present players write them."""
    met: Counter[frozenset[str]] = Counter()
    for pair, count in history.met.items():
        met[frozenset(as_present(name) for name in pair)] += count
    winds: dict[str, tuple[int, int, int, int]] = {}
    for name, counts in history.winds.items():
        had = winds.get(as_present(name), (0, 0, 0, 0))
        winds[as_present(name)] = (had[0] + counts[0], had[1] + counts[1], had[2] + counts[2],
                                   had[3] + counts[3])  # fmt: skip
    sat_out: Counter[str] = Counter()
    for name, count in history.sat_out.items():
        sat_out[as_present(name)] += count
    return History(dict(met), winds, dict(sat_out))


def _ranked(present: Sequence[str], standings: Sequence[str]) -> list[str]:
    """The present players in the standings' order; those not in it last, as given."""
    place = {name: index for index, name in enumerate(standings)}
    return sorted(present, key=lambda p: place.get(p, len(place)))


def _chunks(names: Sequence[str], sizes: Sequence[int]) -> list[list[str]]:
    out, start = [], 0
    for want in sizes:
        out.append(list(names[start : start + want]))
        start += want
    return out


def _scripted(
    present: Sequence[str], script: Sequence[Sequence[str]], size: int, history: History
) -> Seating:
    if size not in (3, 4):
        raise SeatingError(_("a table has 3 or 4 players, not {size}", size=size))
    if not script:
        raise SeatingError(_("the script seats nobody: give its tables"))
    seated = _unique([n for table in script for n in table], _("the script"))
    for number, table in enumerate(script, start=1):
        if len(table) not in (3, 4) or len(table) > size:
            raise SeatingError(_n("the script's table {number} has {count} player",
                                  "the script's table {number} has {count} players", "count",
                                  number=number, count=len(table)))  # fmt: skip
    missing = [n for n in seated if n not in set(present)]
    if missing:
        raise SeatingError(_("the script seats {names}, who are not present",
                             names=missing))  # fmt: skip
    board = _Board(seated, history)
    tables = tuple(tuple(t) for t in script)
    out = tuple(p for p in present if p not in set(seated))
    return Seating(
        tables, out, sum(board.repeats(t) for t in tables), sum(board.wind(t) for t in tables),
        sum(board.cost(t) for t in tables),
    )  # fmt: skip


class _Board:
    """The players as numbers and what the history says of them, for the search: a
    table's cost is the weighted squares of earlier meetings of its pairs (two
    meetings weigh four) and the repeated winds on the best winds for it."""

    def __init__(
        self, names: Sequence[str], history: History, rng: random.Random | None = None
    ) -> None:
        self.names = list(names)
        #: who takes East among players whose winds cost the same: by lot, seeded
        self.lot = list(range(len(names)))
        if rng is not None:
            rng.shuffle(self.lot)
        index = {name: i for i, name in enumerate(self.names)}
        self.index = index
        self.weight = [[0] * len(names) for _ in names]
        self.met = [[0] * len(names) for _ in names]
        for pair, count in history.met.items():
            a, b = tuple(pair) if len(pair) == 2 else (None, None)
            if a in index and b in index and count:
                i, j = index[a], index[b]
                self.met[i][j] = self.met[j][i] = count
                self.weight[i][j] = self.weight[j][i] = PAIR_WEIGHT * count * count
        self.winds = [history.wind_counts(name) for name in self.names]
        self.floor = [min(w) for w in self.winds]  #: no wind can cost a player less
        self.known: dict[int, tuple[int, tuple[int, ...]]] = {}

    def numbers(self, names: Iterable[str]) -> list[int]:
        return [self.index[n] for n in names]

    def pairs(self, table: Sequence[int]) -> int:
        weight = self.weight
        return sum(weight[a][b] for a, b in combinations(table, 2))

    def best(self, table: Sequence[int]) -> tuple[int, tuple[int, ...]]:
        """The table's cost, and its players on their best winds (seat order); kept
        for each make-up the search meets."""
        key = sum(1 << p for p in table)
        found = self.known.get(key)
        if found is None:
            winds = self.winds
            order = min(permutations(sorted(table, key=self.lot.__getitem__)),
                        key=lambda o: sum(winds[p][w] for w, p in enumerate(o)))  # fmt: skip
            wind = sum(winds[p][w] for w, p in enumerate(order))
            found = self.known[key] = (self.pairs(table) + wind, order)
        return found

    # the seating's account, by names
    def seated(self, group: Sequence[str]) -> tuple[str, ...]:
        return tuple(self.names[p] for p in self.best(self.numbers(group))[1])

    def cost(self, table: Sequence[str]) -> int:
        return self.best(self.numbers(table))[0]

    def repeats(self, table: Sequence[str]) -> int:
        numbers = self.numbers(table)
        return sum(1 for a, b in combinations(numbers, 2) if self.met[a][b])

    def wind(self, table: Sequence[str]) -> int:
        return sum(self.winds[p][w] for w, p in enumerate(self.numbers(table)))


def _search(
    board: _Board,
    players: Sequence[str],
    sizes: Sequence[int],
    rng: random.Random,
    steps: int | None,
    time_limit: float,
    teams: Mapping[str, str] | None = None,
) -> tuple[list[list[str]], bool]:
    """Local search over swaps of two players between tables, from seeded random
    starts, until the budget of steps is spent (or the time limit, or no seating
    can be better); with ``teams``, only players of one team swap. The best tables
    found, and whether the budget was spent in time."""
    budget = steps if steps is not None else max(MIN_STEPS, STEPS_PER_PLAYER * len(players))
    deadline = time.perf_counter() + time_limit
    numbers = board.numbers(players)
    team = [teams[board.names[p]] if teams else "" for p in range(len(board.names))]
    floor = sum(board.floor[p] for p in numbers)
    best: list[list[int]] = []
    best_cost = -1
    used = 0
    complete = True
    while (used < budget or not best) and best_cost != floor:
        tables = _start(numbers, sizes, rng, team if teams else None)
        costs = [board.best(t)[0] for t in tables]
        used += len(numbers)  # a start is a step a player, so that the budget ends
        improved = True
        while improved and used < budget:
            improved = False
            hot = [t for t in range(len(tables))
                   if costs[t] > sum(board.floor[p] for p in tables[t])]  # fmt: skip
            rng.shuffle(hot)
            for a in hot:
                for i in range(len(tables[a])):
                    tried, moved = _improve(board, tables, costs, a, i, team)
                    used += tried
                    if moved:
                        improved = True
                        break
                if time.perf_counter() > deadline:
                    used, complete = budget, False
                    break
        total = sum(costs)
        if best_cost < 0 or total < best_cost:
            best, best_cost = [list(t) for t in tables], total
        if len(tables) == 1:  # one table: only its winds to choose, and they are chosen
            break
    return [[board.names[p] for p in t] for t in best], complete


def _start(
    numbers: Sequence[int], sizes: Sequence[int], rng: random.Random,
    team: Sequence[str] | None,
) -> list[list[int]]:  # fmt: skip
    if team is None:
        shuffled = list(numbers)
        rng.shuffle(shuffled)
        out, start = [], 0
        for want in sizes:
            out.append(shuffled[start : start + want])
            start += want
        return out
    by_team: dict[str, list[int]] = {}
    for p in numbers:
        by_team.setdefault(team[p], []).append(p)
    for members in by_team.values():
        rng.shuffle(members)
    return [[members[t] for members in by_team.values()] for t in range(len(sizes))]


def _improve(
    board: _Board, tables: list[list[int]], costs: list[int], a: int, i: int,
    team: Sequence[str],
) -> tuple[int, bool]:  # fmt: skip
    """Swap player ``i`` of table ``a`` with the first player elsewhere whose swap
    lowers the cost. A swap whose cost cannot be lower (the pairs' weight plus every
    player on their least sat wind) is not worked out. How many swaps were tried,
    and whether one was made."""
    weight, floor = board.weight, board.floor
    mover = tables[a][i]
    rest_a = tables[a][:i] + tables[a][i + 1 :]
    pairs_a = board.pairs(rest_a)
    floor_a = sum(floor[p] for p in rest_a)
    tried = 0
    for b, other in enumerate(tables):
        if b == a:
            continue
        now = costs[a] + costs[b]
        pairs_b = board.pairs(other)
        floor_b = sum(floor[p] for p in other)
        for j, name in enumerate(other):
            if team[name] != team[mover]:
                continue
            tried += 1
            row_name, row_mover = weight[name], weight[mover]
            gain_a = pairs_a + sum(row_name[r] for r in rest_a)
            gain_b = (pairs_b - sum(row_name[r] for r in other if r != name)
                      + sum(row_mover[r] for r in other if r != name))  # fmt: skip
            least = (gain_a + gain_b + floor_a + floor[name] + floor_b - floor[name]
                     + floor[mover])  # fmt: skip
            if least >= now:
                continue
            new_a = [*rest_a, name]
            new_b = [*other[:j], mover, *other[j + 1 :]]
            ca, cb = board.best(new_a)[0], board.best(new_b)[0]
            if ca + cb < now:
                tables[a], tables[b] = new_a, new_b
                costs[a], costs[b] = ca, cb
                return tried, True
    return tried, False


def _team_seating(
    present: Sequence[str], size: int, teams: Mapping[str, str], history: History,
    rng: random.Random, steps: int | None, time_limit: float,
) -> Seating:  # fmt: skip
    """One player of each team at every table: as many teams as seats; as many tables
    as the smallest team has players present, the others' surplus sitting out (who
    sat out least, then by lot, as everyone takes their turn)."""
    missing = [p for p in present if p not in teams]
    if missing:
        raise SeatingError(_("{names}: in no team", names=missing))
    by_team: dict[str, list[str]] = {}
    for name in present:
        by_team.setdefault(teams[name], []).append(name)
    tables = min(len(members) for members in by_team.values())
    if len(by_team) != size or tables == 0:
        shown = [f"{team} {len(m)}" for team, m in sorted(by_team.items())]
        raise SeatingError(
            _("a team event needs {size} teams with as many players present each, "
              "one of each team at every table; present: {teams}", size=size, teams=shown)
        )  # fmt: skip
    out: list[str] = []
    playing: list[str] = []
    for members in by_team.values():  # who sat out least sits out now: each in turn
        order = sorted(members, key=lambda p: (history.sat_out.get(p, 0), rng.random()))
        out += order[: len(members) - tables]
        playing += [p for p in members if p not in set(out)]
    board = _Board(playing, history, rng)
    groups, complete = _search(board, playing, [size] * tables, rng, steps, time_limit, teams)
    return _result(groups, [p for p in present if p in set(out)], board, complete)


def optimum(players: Sequence[str], sizes: Sequence[int], history: History) -> int:
    """The least cost of any seating (every way of forming the tables tried): to
    measure the search on small cases."""
    board = _Board(players, history)

    def best(rest: list[str], sizes_left: list[int]) -> int:
        if not rest:
            return 0
        head, others = rest[0], rest[1:]
        out: int | None = None
        for want in set(sizes_left):  # the first player's table, of each size left
            left_sizes = list(sizes_left)
            left_sizes.remove(want)
            for mates in combinations(others, want - 1):
                left = [p for p in others if p not in mates]
                total = board.cost([head, *mates]) + best(left, left_sizes)
                out = total if out is None else min(out, total)
        assert out is not None
        return out

    return best(list(players), sorted(sizes, reverse=True))
