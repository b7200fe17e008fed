"""A season's standings from its stored games, kept between requests and brought up
to date from the games a change touched, not read again whole.

Every change of a game raises its season's ``revision`` (:func:`bump`) and notes
which games it touched (a :class:`~seisan.web.clubs.models.SeasonChange`; a rename
or a merge: the games the name sat at or watched). A kept table at an earlier
revision reads those games again, works out the standings of their players and
spectators by the core's :func:`seisan.stats.standing`, and leaves everyone else's
line as it was; with a revision's note missing (too old, or "any") it reads the
season whole. Either way the table equals the core's :func:`seisan.stats.standings`
over every live game
(``tests/web/test_kept_standings.py`` checks it after each kind of change).
"""

from __future__ import annotations

import threading
import time
from bisect import bisect_left
from collections import Counter, OrderedDict
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from datetime import date
from decimal import Decimal
from fractions import Fraction
from typing import Any

from django.db import connection, transaction
from django.db.models import F, Max, Q, QuerySet

from seisan.i18n import Spellings, name_key
from seisan.stats import Seat as StatSeat
from seisan.stats import Standing, ranked, standing, standings
from seisan.web.clubs import models as m
from seisan.web.clubs.charts import Trail, sampled

#: a season's revisions whose changed games are noted (a table further behind reads
#: the season whole)
CHANGES_KEPT = 100
#: more changed games than this: the games put in order again, not one at a time
_RESORT = 64


def live_games(season: m.Season) -> QuerySet[m.Game]:
    return m.Game.objects.filter(session__season=season, deleted__isnull=True).order_by(
        "session__date", "session_id", "number"
    )


def outdated_games(season: m.Season) -> int:
    """How many live games were settled under an earlier version of the season's
    rules: none to count while the season has had one version (a count over every
    game, on every standings page, took 20 ms at 100,000 games)."""
    versions = list(season.rule_versions.order_by("-number").values_list("pk", flat=True)[:2])
    if len(versions) < 2:
        return 0
    return live_games(season).exclude(rules_id=versions[0]).count()


def season_games(
    season: m.Season, start: date | None = None, end: date | None = None
) -> QuerySet[m.Game]:
    games = live_games(season)
    if start is not None:
        games = games.filter(session__date__gte=start)
    if end is not None:
        games = games.filter(session__date__lte=end)
    return games


def bump(seasons: QuerySet[m.Season] | m.Season | int, games: Iterable[int] | None = None) -> None:
    """These seasons changed: ``games`` (ids) of theirs, or any game (``None``). Their
    revisions rise, and each notes what it touched, in one transaction."""
    if isinstance(seasons, m.Season | int):
        seasons = m.Season.objects.filter(pk=seasons if isinstance(seasons, int) else seasons.pk)
    touched = None if games is None else sorted(set(games))
    which, params = seasons.values("pk").query.get_compiler(connection=connection).as_sql()
    name = connection.ops.quote_name
    # no savepoint of its own: within a game's save, one transaction, fewer round trips
    with transaction.atomic(savepoint=False), connection.cursor() as cursor:
        # UPDATE … RETURNING (SQLite and PostgreSQL): the rows stay locked until the end,
        # so these are our revisions, read in the same statement
        cursor.execute(f"UPDATE {name(m.Season._meta.db_table)} SET {name('revision')} = "
                       f"{name('revision')} + 1 WHERE {name('id')} IN ({which}) "
                       f"RETURNING {name('id')}, {name('revision')}", params)  # fmt: skip
        raised = cursor.fetchall()
        m.SeasonChange.objects.bulk_create(
            [m.SeasonChange(season_id=pk, revision=rev, games=touched) for pk, rev in raised]
        )
        for pk, rev in raised:
            forget_old_changes(pk, rev)


def forget_old_changes(season: int, revision: int) -> None:
    """The oldest notes of what a revision changed go, now and then (every tenth
    revision: those more than ``CHANGES_KEPT`` before ``revision``)."""
    if revision % 10 == 0:
        old = m.SeasonChange.objects.filter(season_id=season, revision__lte=revision - CHANGES_KEPT)
        old.delete()


def off_table(
    spectators: Iterable[Mapping[str, Any] | None], seated: Iterable[str] = ()
) -> tuple[dict[str, Fraction], dict[str, Fraction]]:
    """What spectators won or lost backing players (外ウマ), from games' stored
    ``spectators``: pt, and money. One line a person, the names told apart as the
    core tells them (:func:`~seisan.i18n.name_key`: “zed” in one game and “Zed” in
    another are one spectator, as in the night's ledger): under the name of a
    ``seated`` player it is, else as first written."""
    spelled = Spellings(seated)
    pt: dict[str, Fraction] = {}
    money: dict[str, Fraction] = {}
    for watched in spectators:
        for name, entry in (watched or {}).items():
            who = spelled(name)
            pt[who] = pt.get(who, Fraction(0)) + Fraction(Decimal(entry["total"]))
            if entry.get("money") is not None:
                money[who] = money.get(who, Fraction(0)) + Fraction(Decimal(entry["money"]))
    return pt, money


@dataclass(frozen=True)
class Lines:
    """Stored results as :mod:`seisan.stats` reads them: one line a seat, game by game
    (players by their current names), and what spectators won or lost (外ウマ); read
    in three queries, however many games."""

    games: tuple[int, ...]  #: game ids, in order
    lines: tuple[tuple[StatSeat, ...], ...]
    players: dict[str, int]  #: a name's player id (for links)
    off_pt: dict[str, Fraction]
    off_money: dict[str, Fraction]

    def standings(self) -> list[Standing]:
        return standings(self.lines, extra=self.off_pt, extra_money=self.off_money)


#: where a game stands in a season: its session's date, the session, its number
_Key = tuple[date, int, int]


@dataclass(frozen=True)
class _Played:
    """One live game as read: its place in the season, its lines, its spectators."""

    key: _Key
    lines: tuple[StatSeat, ...]
    watched: Mapping[str, Any]


_ANY_GAME = '"clubs_seat"."game_id" = ANY(%s)'  # pragma: no mutate


class _Exact(dict[Decimal, Fraction]):
    """Stored decimals as exact fractions, each value made once (a season's totals
    repeat)."""

    def __missing__(self, stored: Decimal) -> Fraction:
        value = self[stored] = Fraction(stored)
        return value


def _read(games: QuerySet[m.Game]) -> tuple[dict[int, _Played], dict[str, int]]:
    """``games`` (a query of live games, in order) with their lines, in order, and
    each name's player id."""
    # the ids first: an IN over a subquery let PostgreSQL pick nested loops over
    # unanalysed tables (minutes for 1,000 games in the tests); a list of ids does not
    keys = {row[0]: row[1:] for row in games.values_list("id", "session__date", "session_id",
                                                          "number")}  # fmt: skip
    watched = dict(games.exclude(spectators={}).values_list("id", "spectators"))
    return _lines(keys, watched)


def _read_changed(
    season: m.Season, start: date | None, end: date | None, changed: Iterable[int]
) -> tuple[dict[int, _Played], dict[str, int]]:
    """The ``changed`` games that are the season's live games (between ``start`` and
    ``end``), as :func:`_read` reads them. Found by id alone, the season's filters
    then applied here: joined to the season's nights, PostgreSQL looked the ids up
    again for each night (45 ms for a rename's 2,000 games, against 18)."""
    rows = m.Game.objects.filter(pk__in=list(changed), deleted__isnull=True).values_list(
        "id", "session__season_id", "session__date", "session_id", "number", "spectators"
    )
    keys: dict[int, _Key] = {}
    watched: dict[int, Any] = {}
    # (in any order: a kept table takes them by id)
    for game, in_season, day, night, number, spectators in rows:
        if (
            in_season == season.pk
            and (start is None or day >= start)
            and (end is None or day <= end)
        ):
            keys[game] = (day, night, number)
            if spectators:
                watched[game] = spectators
    return _lines(keys, watched)


def _lines(
    keys: Mapping[int, _Key], watched: Mapping[int, Any]
) -> tuple[dict[int, _Played], dict[str, int]]:
    """The games of ``keys`` (id → where it stands, in order) with their lines and
    spectators' bets (``watched``), and each name's player id."""
    ids = list(keys)
    seats = m.Seat.objects.all()
    # (PostgreSQL only, tested by the suite's PostgreSQL run, not by mutmut's on SQLite)
    if connection.vendor == "postgresql":  # pragma: no mutate
        # one array, not 100,000 parameters to send
        seats = seats.extra(where=[_ANY_GAME], params=[ids])  # pragma: no mutate
    else:
        seats = seats.filter(game_id__in=ids)
    # in the order of their games' ids: put in the games' order below (ordered by the
    # night's date in SQL, the seats were joined to every game of the club)
    rows = seats.order_by("game_id", "seat").values_list(
        "game_id", "player__name", "player_id", "place", "total", "points", "money"
    )
    lines: dict[int, list[StatSeat]] = {}
    players: dict[str, int] = {}
    exact = _Exact()
    for game, name, player, place, total, points, money in rows:
        money_value = None if money is None else exact[money]
        lines.setdefault(game, []).append(StatSeat(name, place, exact[total], points, money_value))
        players[name] = player
    found = {game: _Played(key, tuple(lines[game]), watched.get(game) or {})
             for game, key in keys.items() if game in lines}  # fmt: skip
    return found, players


def lines_of(games: QuerySet[m.Game]) -> Lines:
    """The lines of ``games`` (a query of live games, in order)."""
    found, players = _read(games)
    off_pt, off_money = off_table((played.watched for played in found.values()), players)
    return Lines(tuple(found), tuple(p.lines for p in found.values()), players, off_pt, off_money)


@dataclass(frozen=True)
class SeasonTable:
    """A season's standings as computed from its lines, with the running totals of its
    first players for the chart; kept per revision, so unchanged seasons (the public
    link anyone may load) are not computed again for every reader."""

    lines: Lines
    everyone: tuple[Standing, ...]
    series: dict[str, list[Fraction]]


@dataclass(frozen=True)
class _Kept:
    """A season table with what it was made from, to bring it up to date. Never
    changed once made: a change makes a new one (copying only what it touches), so a
    request reading the old one is not disturbed."""

    revision: int
    games: dict[int, _Played]
    order: list[tuple[_Key, int]]  #: (key, game id), in the order played
    seated: dict[str, dict[int, int]]  #: a name's games: game id → seat (its line's index)
    #: a spectator's games, by the name's key: game id → the game's bets under that key
    #: (one, but for a game stored before keys, where two forms of a name might watch)
    watching: dict[str, dict[int, dict[str, Mapping[str, Any]]]]
    #: each spectator's pt and money (``None``: none played for money), by the key
    watched_totals: dict[str, tuple[Fraction, Fraction | None]]
    players: dict[str, int]
    #: the seated players' names by their keys: a spectator who also played is under
    #: the player's name
    player_keys: dict[str, str]
    sizes: Counter[int]  #: games by their number of players
    standing_of: dict[str, Standing]
    #: where a name first appears (as a player; as a spectator): equal lines keep it
    first: dict[str, tuple[_Key, int, int]]
    #: by the key: the game (where it stands, its id) and the place among its spectators
    first_watch: dict[str, tuple[_Key, int, int]]
    #: the chart's players' running totals, kept while their games stay where they were
    trails: dict[str, Trail]
    table: SeasonTable


_EMPTY = _Kept(0, {}, [], {}, {}, {}, {}, {}, Counter(), {}, {}, {}, {},
               SeasonTable(Lines((), (), {}, {}, {}), (), {}))  # fmt: skip


def _patched(
    kept: _Kept,
    revision: int,
    changed: Iterable[int],
    found: Mapping[int, _Played],
    players: Mapping[str, int],
) -> _Kept:
    """``kept`` with the ``changed`` games as ``found`` now (absent: gone)."""
    games = dict(kept.games)
    order = list(kept.order)
    seated = dict(kept.seated)
    watching = dict(kept.watching)
    sizes = Counter(kept.sizes)
    names: set[str] = set()  # players whose line is worked out again
    watchers: set[str] = set()  # spectators' keys whose totals are worked out again
    changed = list(changed)

    def stays(game: int) -> bool:
        old, new = kept.games.get(game), found.get(game)
        return old is not None and new is not None and old.key == new.key

    # games where they were in the order (a rename's): not taken out and put back
    staying = {game for game in changed if stays(game)}
    resort = len(set(changed) - staying) > _RESORT
    # the kept games' places in the order stay as they were unless one moved or went,
    # or a new one came before one of them
    tail = len(kept.order)
    moved = resort

    def own(index: dict[str, dict[int, Any]], name: str, mine: set[str]) -> dict[int, Any]:
        if name not in mine:  # copied once a patch: the kept table's own stays as it was
            index[name] = dict(index.get(name, {}))
            mine.add(name)
        return index[name]

    for game in changed:
        old = games.pop(game, None)
        new = found.get(game)
        # a seat whose line is as it was, in a game where it was (a rename: the other
        # players of the name's games): that player's line stays, not worked out again
        same: set[int] = set()
        kept_place = game in staying
        if old is not None and new is not None and kept_place:
            # (strict=False: a game may have gained or lost a seat)
            pairs = zip(old.lines, new.lines, strict=False)
            same = {seat for seat, (was, now) in enumerate(pairs) if was == now}
        if old is not None:
            if not resort and not kept_place:
                del order[bisect_left(order, (old.key, game))]
                moved = True
            sizes[len(old.lines)] -= 1
            for seat, line in enumerate(old.lines):
                if seat not in same:
                    del own(seated, line.name, names)[game]
            for name in old.watched:
                own(watching, name_key(name), watchers).pop(game, None)
        if new is not None:
            games[game] = new
            if not resort and not kept_place:
                at = bisect_left(order, (new.key, game))
                order.insert(at, (new.key, game))
                moved = moved or at < tail
            sizes[len(new.lines)] += 1
            for seat, line in enumerate(new.lines):
                if seat not in same:
                    own(seated, line.name, names)[game] = seat
            for name, bet in new.watched.items():
                own(watching, name_key(name), watchers).setdefault(game, {})[name] = bet
    if resort:
        order = sorted((played.key, game) for game, played in games.items())
    for index, mine in ((seated, names), (watching, watchers)):
        for name in mine:
            if not index[name]:
                del index[name]
    all_players = dict(kept.players)
    all_players.update(players)
    for name in names - seated.keys():
        del all_players[name]
    player_keys = dict(kept.player_keys)
    for name in names:
        key = name_key(name)
        if name in seated:
            player_keys[key] = name
        elif player_keys.get(key) == name:
            del player_keys[key]

    first = {name: at for name, at in kept.first.items() if name in seated}
    for name in names & seated.keys():
        first[name] = min((games[g].key, g, seat) for g, seat in seated[name].items())
    first_watch = {key: at for key, at in kept.first_watch.items() if key in watching}
    for key in watchers & watching.keys():
        played, first_game = min((games[g].key, g) for g in watching[key])
        # two first seen in one game: in the game's order, as a season read whole has them
        watched = games[first_game].watched
        among = next(i for i, name in enumerate(watched) if name_key(name) == key)
        first_watch[key] = (played, first_game, among)
    totals = {key: sums for key, sums in kept.watched_totals.items() if key in watching}
    off_pt: dict[str, Fraction] = {}
    off_money: dict[str, Fraction] = {}
    for key in sorted(watching, key=first_watch.__getitem__):
        if key in watchers:
            pt, moneys = off_table(watching[key].values())  # one name: the key's
            totals[key] = (next(iter(pt.values())), next(iter(moneys.values()), None))
        # under the player's name, else as first written
        name = player_keys.get(key) or next(iter(watching[key][first_watch[key][1]]))
        off_pt[name], money = totals[key]
        if money is not None:
            off_money[name] = money
    # players whose spectators' totals changed
    names |= {player_keys[key] for key in watchers if key in player_keys}
    widest = max((size for size, count in sizes.items() if count), default=0)
    if widest != max((size for size, count in kept.sizes.items() if count), default=0):
        names = set(seated)  # a wider (or narrower) season: everyone's places again
    standing_of = {name: line for name, line in kept.standing_of.items() if name in seated}
    for name in names & seated.keys():
        mine_lines = [games[g].lines[seat] for g, seat in seated[name].items()]
        standing_of[name] = standing(name, mine_lines, widest, off_pt.get(name, Fraction(0)),
                                     off_money.get(name))  # fmt: skip
    everyone = tuple(sorted(standing_of.values(), key=lambda s: (*ranked(s), first[s.name])))
    if moved:
        ids = tuple(game for _key, game in order)
        rows = tuple(games[g].lines for g in ids)
        position = {game: index for index, game in enumerate(ids)}
        place = position.__getitem__
    else:  # a rename's or an edit's games where they were, new games after the rest:
        # the kept order's ids and lines with those games' lines put in (not 100,000
        # games gone through again)
        added = [game for _key, game in order[tail:]]
        ids = kept.table.lines.games + tuple(added)

        def place(game: int) -> int:
            return bisect_left(order, (games[game].key, game))

        patched = list(kept.table.lines.lines)
        for game in staying:
            patched[place(game)] = games[game].lines
        rows = tuple(patched + [games[g].lines for g in added])
    lines = Lines(ids, rows, all_players, off_pt, off_money)

    # the leaders' lines from their own games (a season of 100,000 games was gone
    # through whole for the chart after every change), kept while those stay as they were
    trails: dict[str, Trail] = {}
    for followed in everyone[:CHART_PLAYERS]:
        name = followed.name
        trail = kept.trails.get(name)
        if trail is None or moved or name in names:
            theirs = seated[name].items()
            trail = Trail.of(sorted((place(g), games[g].lines[seat].total) for g, seat in theirs))
        trails[name] = trail
    series = {name: sampled(trail, len(ids)) for name, trail in trails.items()}
    table = SeasonTable(lines, everyone, series)
    return _Kept(revision, games, order, seated, watching, totals, all_players, player_keys,
                 sizes, standing_of, first, first_watch, trails, table)  # fmt: skip


CHART_PLAYERS = 8  #: the season chart follows the top players
_TABLES: OrderedDict[tuple[Any, ...], _Kept] = OrderedDict()
_TABLES_KEPT = 32
_TABLES_LOCK = threading.Lock()


def changed_since(spans: Mapping[int, tuple[int, int]]) -> set[int] | None:
    """The games changed in seasons (by id) between two revisions each (``spans``:
    season → (kept, now)), if every revision between noted them; else ``None``. One
    query, however many seasons."""
    spans = {season: span for season, span in spans.items() if span[0] != span[1]}
    if not spans:
        return set()
    wanted = Q()
    for season, (kept, revision) in spans.items():
        wanted |= Q(season_id=season, revision__gt=kept, revision__lte=revision)
    notes = list(m.SeasonChange.objects.filter(wanted).values_list("games", flat=True))
    touched: set[int] = set()
    for games in notes:
        if games is None:
            return None
        touched.update(games)
    noted = sum(revision - kept for kept, revision in spans.values())
    return touched if len(notes) == noted else None


def season_table(
    season: m.Season, start: date | None = None, end: date | None = None
) -> SeasonTable:
    """The season's table at its current revision (the revision read from the
    database, not from a ``season`` loaded before a change): kept, brought up to date
    from the games changed since, or read whole."""
    revision = m.Season.objects.filter(pk=season.pk).values_list("revision", flat=True).first()
    key = (season.pk, season.created, start, end)
    with _TABLES_LOCK:
        kept = _TABLES.get(key)
        if kept is not None:
            _TABLES.move_to_end(key)
    if revision is None:  # the season has just gone: nothing to keep
        return _EMPTY.table
    if kept is not None and kept.revision == revision:
        return kept.table
    changed = None
    if kept is not None and kept.revision < revision:
        changed = changed_since({season.pk: (kept.revision, revision)})
    if changed is None:
        kept = _EMPTY
        found, players = _read(season_games(season, start, end))
        changed = set(found)
    else:
        assert kept is not None
        found, players = _read_changed(season, start, end, changed)
    made = _patched(kept, revision, changed, found, players)
    with _TABLES_LOCK:
        now = _TABLES.get(key)
        if now is None or now.revision <= revision:
            _TABLES[key] = made
            _TABLES.move_to_end(key)
        while len(_TABLES) > _TABLES_KEPT:
            _TABLES.popitem(last=False)
    return made.table


def season_standings(
    season: m.Season,
    min_games: int | None = None,
    start: date | None = None,
    end: date | None = None,
) -> list[Standing]:
    """The season's standings, computed by :func:`seisan.stats.standings`."""
    chosen = season.min_games if min_games is None else min_games
    return [s for s in season_table(season, start, end).everyone if s.games >= max(chosen, 1)]


#: the seasons :func:`warm` gets ready when the server starts (the latest played),
#: and how long it may take before the server answers
WARM_SEASONS = _TABLES_KEPT // 2
WARM_SECONDS = 30.0


def warm(seasons: int = WARM_SEASONS, seconds: float = WARM_SECONDS) -> list[m.Season]:
    """Keep the tables of the seasons played last, before the server's workers fork
    from this process: each worker starts with them, so the first reader of a large
    season (100,000 games: seconds to read whole) is not the one who waits. Stops at
    ``seconds``, the season it is on finished; returns the seasons made ready."""
    started = time.monotonic()
    # one filter: inner joins to live games only, so a night without games (planned)
    # or a season without nights counts nothing, and the latest night is one played
    played = m.Season.objects.filter(sessions__games__isnull=False,
                                     sessions__games__deleted__isnull=True)  # fmt: skip
    latest = played.annotate(last=Max("sessions__date")).order_by(
        F("last").desc(nulls_last=True), "-pk")[:seasons]  # fmt: skip
    made: list[m.Season] = []
    for season in latest:
        if time.monotonic() - started >= seconds:
            break
        season_table(season)
        made.append(season)
    return made
