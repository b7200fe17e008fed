"""A night's seating in the club's terms: the players present, the earlier games of the
season as history (who sat with whom, on which wind), the standings for swiss and
interval seating; the drawing itself is :func:`seisan.seating.seat`."""

from __future__ import annotations

import dataclasses
import hashlib
import re
import threading
import zlib
from array import array
from collections import Counter, OrderedDict
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from datetime import date, timedelta
from decimal import Decimal
from fractions import Fraction
from typing import Any

from django.conf import settings
from django.db import IntegrityError, transaction
from django.utils import timezone

from seisan.errors import SeisanError
from seisan.i18n import N_, _, plain_number, plain_text
from seisan.rules import Rules
from seisan.seating import History, Leftover, Method, SeatingError, seat
from seisan.session import settle_one
from seisan.stats import TeamStanding, team_standings
from seisan.web.clubs import history
from seisan.web.clubs import models as m
from seisan.web.clubs.services import check_name, numbered, player_named, rules_of, session_game
from seisan.web.clubs.standings import changed_since, live_games, season_standings, season_table
from seisan.web.events.models import RoundClock, Seating, Team, TeamMember, TeamPenalty
from seisan.web.tables import services as tables

WHOLE_ID = re.compile(r"[0-9]{1,18}")  #: an id as a form sends it (ASCII digits only)
MAX_PENALTY = 999_999  #: a team's penalty, either way (TeamPenalty keeps 12 digits)
PENALTY = re.compile(r"[-+]?[0-9]{1,6}(\.[0-9])?")  #: one sign at most, to a tenth

#: the methods the web app offers (a script: on the command line for now; teams: when
#: the season has teams)
METHODS = {
    Method.SHUFFLED: N_("fewest repeated opponents and winds"),
    Method.SWISS: N_("by the standings, the top players together (swiss)"),
    Method.INTERVAL: N_("the standings spread over the tables (interval)"),
}


TEAMS = N_("one player of each team at every table (team event)")


def methods_for(season: m.Season) -> dict[Method, str]:
    """How this season's nights may be drawn: with teams, one player of each also."""
    if season.teams.exists():
        return {Method.TEAMS: TEAMS, **METHODS}
    return dict(METHODS)


def season_history(session: m.Session) -> History:
    """Who sat with whom, and on which wind, in the season's games (this night's
    too: a second draw of the night avoids the first's tables), and who sat out at
    earlier draws of the season."""
    seats = (m.Seat.objects.filter(game__session__season=session.season,
                                   game__deleted__isnull=True)
             .order_by("game_id", "seat").values_list("game_id", "player__name"))  # fmt: skip
    games: dict[int, list[str]] = {}
    for game, name in seats:
        games.setdefault(game, []).append(name)
    latest: dict[int, list[str]] = {}  # of each other night, the draw that stands
    for night, out in (Seating.objects.filter(session__season=session.season)
                       .exclude(session=session).order_by("session_id", "number")
                       .values_list("session_id", "sitting_out")):  # fmt: skip
        latest[night] = out
    return History.of(games.values(), [n for out in latest.values() for n in out])


def draw(
    session: m.Session, present: Sequence[str], method: Method, seed: int, user: Any
) -> Seating:
    """Draw the tables of ``session`` for the players ``present`` and keep them. Every
    table has the season's players (who cannot fill one sits out): a game of another
    size could not be kept in the season."""
    season = session.season
    if method not in methods_for(season):
        raise SeatingError(_("this seating is drawn on the command line for now"))
    players = rules_of(season.rules).players
    standings = [s.name for s in season_standings(season, 0)] if method in (
        Method.SWISS, Method.INTERVAL) else []  # fmt: skip
    drawn = seat(
        list(present), size=players, method=method, history=season_history(session),
        standings=standings, leftover=Leftover.SIT_OUT, seed=seed,
        teams=team_of(season) if method is Method.TEAMS else None,
        time_limit=settings.SEISAN_SEATING_SECONDS,
    )  # fmt: skip

    RoundClock.objects.filter(session=session).update(extra={})  # new tables, none extended

    def create(number: int) -> Seating:
        seating = Seating.objects.create(
            session=session, number=number, method=method.value, seed=seed,
            tables=[list(t) for t in drawn.tables], sitting_out=list(drawn.sitting_out),
            repeats=drawn.repeats, wind_repeats=drawn.wind_repeats, complete=drawn.complete,
            created_by=user if getattr(user, "is_authenticated", False) else None,
        )  # fmt: skip
        history.record(
            season.club, user, "seating.drawn", session=history.session_name(session),
            method=_(methods_for(season)[method]), count=len(drawn.tables),
            link=["clubs:events:seating", [session.pk]],
        )  # fmt: skip
        return seating

    return numbered(session.seatings.all(), create)


def start_tables(seating: Seating, user: Any) -> tuple[list[Any], int]:
    """A table of the table assistant for each drawn table, the names in seat order;
    tables already started from this seating are not started twice. Tables of
    another size than the season's rules play are left out: how many."""
    session = seating.session
    size = rules_of(session.season.rules).players
    started = {tuple(t.names) for t in session.tables.all()}
    made = []
    with transaction.atomic():
        for names in seating.tables:
            if len(names) == size and tuple(names) not in started:
                made.append(tables.start(session, names, user))
    return made, sum(1 for names in seating.tables if len(names) != size)


#: where a game stands in the club: its session's date, the session, its number, its id
_ClubKey = tuple[date, int, int, int]


def _club_seats(
    club: m.Club, ids: Iterable[int] | None = None
) -> list[tuple[_ClubKey, list[tuple[str, int]]]]:
    """The club's live games (all seasons; or those of ``ids``), in the order played,
    each with its players and their places: one query."""
    seats = m.Seat.objects.filter(game__session__season__club=club, game__deleted__isnull=True)
    if ids is not None:
        seats = seats.filter(game_id__in=list(ids))
    rows = (seats.order_by("game__session__date", "game__session_id", "game__number",
                           "game_id", "seat")
            .values_list("game__session__date", "game__session_id", "game__number", "game_id",
                         "player__name", "place"))  # fmt: skip
    games: dict[_ClubKey, list[tuple[str, int]]] = {}
    for day, session, number, game, name, place in rows:
        games.setdefault((day, session, number, game), []).append((name, place))
    return list(games.items())


def club_games(club: m.Club) -> list[list[tuple[str, int]]]:
    """Every game of the club (all seasons, deleted games left out), in the order
    played, as its players and their places: one query."""
    return [seated for _key, seated in _club_seats(club)]


@dataclass(frozen=True)
class _KeptRatings:
    """A club's ratings with what carrying them on needs: the seasons' revisions, the
    games rated (``seated``, and the last of them), and how many games each size has."""

    revisions: tuple[tuple[int, int, Any], ...]
    result: tuple[list[Any], int, bool]
    rated: Any  #: seisan.ratings.Rated
    last: _ClubKey | None
    sizes: Counter[int]
    #: each player's history as the shared cache holds it (see :func:`_packed`)
    packed: dict[str, bytes]
    #: the name in the shared cache of each bucket of histories (its content's digest)
    buckets: tuple[str, ...]
    #: each game rated, by id: where it stands and its players with their places (a
    #: rename is told from any other change by them). Copied when carried on (0.7 ms
    #: for 100,000 games), never changed in place: another thread may be reading it.
    seated: dict[int, tuple[_ClubKey, tuple[tuple[str, int], ...]]]
    #: how many of those games each name sat at (a rename takes every one of them)
    appearances: Counter[str]


def _packed(values: Sequence[Fraction]) -> bytes:
    """A rating history for the shared cache: hundredths as 64-bit integers (both
    ratings are kept to the hundredth), not pickled Fractions (a 100,000-game club's
    took a second to write after every game)."""
    hundredths = []
    for value in values:
        scale, rest = divmod(100, value.denominator)
        assert rest == 0, value
        hundredths.append(value.numerator * scale)
    return array("q", hundredths).tobytes()


#: the histories shared in this many entries, each player's in one by their name: a
#: change rewrites the entries of its players only (a club of 100,000 games has
#: megabytes of them), and a club's are read or written in as many queries whatever
#: its players
BUCKETS = 16
#: how long a bucket stays in the shared cache: a table whose buckets are gone is
#: worked out again (at most once a day, by a worker that keeps nothing)
HISTORY_SECONDS = 24 * 3600


def _bucket(name: str) -> int:
    return zlib.crc32(name.encode()) % BUCKETS  # the same in every process


def _bucket_key(key: str, digest: str) -> str:
    return f"{key}:histories:{digest}"


def _buckets(
    packed: Mapping[str, bytes], kept: Sequence[str], changed: Iterable[str] | None
) -> tuple[tuple[str, ...], dict[str, dict[str, bytes]]]:
    """The digests of every bucket (``kept``'s, those of the ``changed`` names made
    again; ``None``: every bucket made) and the buckets to write, by digest: named by
    their content, so a bucket that did not change is never written again."""
    touched = set(range(BUCKETS)) if changed is None else {_bucket(name) for name in changed}
    members: dict[int, dict[str, bytes]] = {number: {} for number in touched}
    for name in sorted(packed):
        bucket = members.get(_bucket(name))
        if bucket is not None:
            bucket[name] = packed[name]
    digests = list(kept) or [""] * BUCKETS
    written = {}
    for number, histories in members.items():
        digest = hashlib.blake2b(digest_size=16)
        for name, value in histories.items():
            digest.update(f"{len(name)}:{name}:{len(value)}:".encode())
            digest.update(value)
        digests[number] = digest.hexdigest() if histories else ""
        if histories:
            written[digests[number]] = histories
    return tuple(digests), written


def _shared(
    key: str, cache: Any, revisions: tuple[tuple[int, int, Any], ...]
) -> tuple[list[Any], int, bool] | None:
    """The ratings another worker shared for these revisions: the table and every
    player's history (``None``: none shared, of other revisions, or a bucket gone)."""
    found = cache.get(key)
    if found is None or found[0] != revisions:
        return None
    order, buckets, size, both = found[1]
    wanted = [_bucket_key(key, digest) for digest in buckets if digest]
    got = cache.get_many(wanted)
    if len(got) != len(set(wanted)):
        return None
    packed = {name: value for histories in got.values() for name, value in histories.items()}
    return _unpacked(order, packed, size, both)


def _unpacked(
    order: Sequence[str], packed: Mapping[str, bytes], size: int, both: bool
) -> tuple[list[Any], int, bool]:
    """The result of :func:`club_ratings` from the shared cache's form."""
    from seisan.ratings import PlayerRating  # noqa: PLC0415

    rated = []
    for name in order:
        numbers = array("q")
        numbers.frombytes(packed[name])
        history = tuple(Fraction(n, 100) for n in numbers)
        rated.append(PlayerRating(name, history[-1], len(history), history))
    return rated, size, both


def _carried_on(
    club: m.Club, kept: _KeptRatings, revisions: tuple[tuple[int, int, Any], ...]
) -> tuple[dict[str, str], set[int], list[tuple[_ClubKey, list[tuple[str, int]]]]] | None:
    """The names renamed since ``kept`` was made (old → new), the rated games changed
    (every game of those names among them), and the games entered since, in order,
    when those come after the games it rated and nothing else it rated changed; else
    ``None``."""
    before = {(pk, created): revision for pk, revision, created in kept.revisions}
    now = {(pk, created): revision for pk, revision, created in revisions}
    if not before.keys() <= now.keys():
        return None  # a season has gone
    changed = changed_since({pk: (before.get((pk, created), 0), revision)
                             for (pk, created), revision in now.items()})  # fmt: skip
    if changed is None:
        return None
    found = _club_seats(club, changed)
    again = changed & kept.seated.keys()
    renamed = _renames(kept, again, found)
    if renamed is None:
        return None  # a rated game edited, deleted or put back, or players merged
    new = [(key, seated) for key, seated in found if key[3] not in kept.seated]
    if new and kept.last is not None and new[0][0] <= kept.last:
        return None  # entered before a rated game (an earlier night)
    return renamed, again, new


def _renames(
    kept: _KeptRatings,
    again: set[int],
    found: list[tuple[_ClubKey, list[tuple[str, int]]]],
) -> dict[str, str] | None:
    """The renames (old name → new) that make the rated games ``again`` what they are
    now (``found``), where in the same order, at the same seats and places, only
    names changed, one for one (a merge makes two players one: it is no rename); or
    ``None``."""
    now = {key[3]: (key, seated) for key, seated in found if key[3] in again}
    if now.keys() != again:
        return None  # deleted since
    renames: dict[str, str] = {}
    taken: Counter[str] = Counter()  # each old name's games among them
    for game in sorted(again):
        key, seated = kept.seated[game]
        new_key, new_seated = now[game]
        if new_key != key or len(new_seated) != len(seated):
            return None
        for (old, place), (name, new_place) in zip(seated, new_seated, strict=True):
            if place != new_place or renames.setdefault(old, name) != name:
                return None
            taken[old] += 1
    renames = {old: name for old, name in renames.items() if old != name}
    targets = set(renames.values())
    others = kept.appearances.keys() - renames.keys()
    if len(targets) != len(renames) or targets & others:
        return None  # two names made one, or a name given to someone who played
    if any(taken[old] != kept.appearances[old] for old in renames):
        return None  # some of a name's games only (a merge undone): no rename
    return renames


def club_ratings(
    club: m.Club, system: Any, players: int | None = None
) -> tuple[list[Any], int, bool]:
    """The club's ratings of games of ``players`` (default: the size most games have),
    worked out from every game (derived, never stored by hand) and kept for the club's
    seasons' revisions, which every change raises: games entered after the last one
    rated carry the kept ratings on; any other change works them out again from the
    first game. Returns the size rated, and whether the club has games of the other
    size too."""
    from django.core.cache import cache  # noqa: PLC0415

    from seisan.ratings import Rated, size_of_most  # noqa: PLC0415

    # a season's creation time too: ids come back after a rollback or a restore
    revisions = tuple(club.seasons.order_by("pk").values_list("pk", "revision", "created"))
    key = f"seisan:ratings:2:{club.pk}:{system.value}:{players}"
    with _RATED_LOCK:  # this process's copy first: unpickling every game's rating is slow
        mine = _RATED.get(key)
        if mine is not None:
            _RATED.move_to_end(key)  # kept the longest: the ratings used last
    if mine is not None and mine.revisions == revisions:
        return mine.result
    shared = _shared(key, cache, revisions)
    if shared is not None:
        return shared
    carried = None if mine is None else _carried_on(club, mine, revisions)
    if mine is not None and carried is not None:
        renamed, again, new = carried
        sizes = mine.sizes + Counter(len(seated) for _key, seated in new)
        size = players or size_of_most(sizes)
        if size == mine.result[1]:
            rated, packed, seated, appearances = _renamed(mine, renamed, again)
            rated = rated.added(seated_ for _key, seated_ in new)
            last = new[-1][0] if new else mine.last
            # only the players of the new games packed again
            moved = {
                name for _key, seated_ in new for name, _place in seated_
            } & rated.history.keys()
            for name in moved:
                packed[name] = _packed(rated.history[name])
            seated.update((key_[3], (key_, tuple(seated_))) for key_, seated_ in new)
            appearances.update(name for _key, seated_ in new for name, _place in seated_)
            buckets, written = _buckets(packed, mine.buckets,
                                        moved | renamed.keys() | set(renamed.values()))  # fmt: skip
            made = _KeptRatings(revisions, (rated.table(), size, len(sizes) > 1), rated,
                                last, sizes, packed, buckets, seated, appearances)  # fmt: skip
            return _keep_rated(key, made, cache, written)
    every = _club_seats(club)
    sizes = Counter(len(seated_) for _key, seated_ in every)
    size = players or size_of_most(sizes)
    rated = Rated(system, size).added(seated_ for _key, seated_ in every)
    appearances = Counter(name for _key, seated_ in every for name, _place in seated_)
    packed = {name: _packed(v) for name, v in rated.history.items()}
    buckets, written = _buckets(packed, (), None)
    made = _KeptRatings(revisions, (rated.table(), size, len(sizes) > 1), rated,
                        every[-1][0] if every else None, sizes, packed, buckets,
                        {key_[3]: (key_, tuple(seated_)) for key_, seated_ in every},
                        appearances)  # fmt: skip
    return _keep_rated(key, made, cache, written)


def _renamed(
    kept: _KeptRatings, renames: Mapping[str, str], games: Iterable[int]
) -> tuple[
    Any, dict[str, bytes], dict[int, tuple[_ClubKey, tuple[tuple[str, int], ...]]], Counter[str]
]:
    """The kept ratings, packed histories, games and appearances with players renamed
    (their games are among ``games``): a rating follows the player, not the name (the
    games, their order and places, are the same; ratings are worked out from nothing
    else). Copies: the kept ones stay as they were."""
    if not renames:
        return kept.rated, dict(kept.packed), dict(kept.seated), Counter(kept.appearances)

    def named(name: str) -> str:
        return renames.get(name, name)

    rated = dataclasses.replace(
        kept.rated,
        now={named(name): state for name, state in kept.rated.now.items()},
        history={named(name): values for name, values in kept.rated.history.items()},
    )
    packed = {named(name): value for name, value in kept.packed.items()}
    seated = dict(kept.seated)
    for game in games:
        key, players = kept.seated[game]
        if any(name in renames for name, _place in players):
            seated[game] = (key, tuple((named(name), place) for name, place in players))
    appearances = Counter({named(name): count for name, count in kept.appearances.items()})
    return rated, packed, seated, appearances


_RATED: OrderedDict[str, _KeptRatings] = OrderedDict()
_RATED_KEPT = 4  #: clubs × systems kept in a worker (each every player's history)
_RATED_LOCK = threading.Lock()


def _keep_rated(
    key: str, made: _KeptRatings, cache: Any, written: Mapping[str, dict[str, bytes]]
) -> tuple[list[Any], int, bool]:
    """Kept in this process (to carry on from) and shared with the others: the
    table for good, and the buckets of histories that changed (``written``, by
    digest) for a day."""
    rated, size, both = made.result
    if written:
        cache.set_many({_bucket_key(key, d): v for d, v in written.items()}, HISTORY_SECONDS)
    shared = (tuple(r.name for r in rated), made.buckets, size, both)
    cache.set(key, (made.revisions, shared), None)
    with _RATED_LOCK:
        _RATED[key] = made
        _RATED.move_to_end(key)
        while len(_RATED) > _RATED_KEPT:
            _RATED.popitem(last=False)
    return made.result


@dataclass(frozen=True)
class WhatIfRow:
    """A player's standing as it is, and as it would be under other rules."""

    name: str
    games: int
    now: Fraction  #: total as stored (side bets included)
    then: Fraction  #: total if every game were settled under the other rules
    place_now: int
    place_then: int

    @property
    def up(self) -> int:
        """Places gained (0 when none)."""
        return max(self.place_now - self.place_then, 0)

    @property
    def down(self) -> int:
        """Places lost (0 when none)."""
        return max(self.place_then - self.place_now, 0)


def _placed(totals: Mapping[str, Fraction]) -> dict[str, int]:
    """Places by total, highest first; equal totals share a place (1, 1, 3)."""
    ordered = sorted(totals.values(), reverse=True)
    return {name: ordered.index(total) + 1 for name, total in totals.items()}


def what_if(season: m.Season, rules: Rules) -> tuple[list[WhatIfRow], list[Any]]:
    """Every game of ``season`` settled again under ``rules``, nothing stored: each
    player's total and place now and then; and the games those rules cannot settle
    (with the core's reason), left out of both columns."""
    now: dict[str, Fraction] = {}
    then: dict[str, Fraction] = {}
    games: dict[str, int] = {}
    refused = []
    for game in live_games(season).select_related("rules").prefetch_related("seats__player"):
        seats = list(game.seats.all())
        names = [s.player.name for s in seats]
        try:
            totals = settle_one(session_game(game, names), rules).totals()
        except SeisanError as err:
            refused.append((game, err.message))
            continue
        for place in seats:
            name = place.player.name
            now[name] = now.get(name, Fraction(0)) + Fraction(place.total)
            then[name] = then.get(name, Fraction(0)) + totals[name]
            games[name] = games.get(name, 0) + 1
    place_now, place_then = _placed(now), _placed(then)
    rows = [WhatIfRow(n, games[n], now[n], then[n], place_now[n], place_then[n]) for n in now]
    return sorted(rows, key=lambda r: (r.place_then, r.name)), refused


# -- teams (チーム戦) ---------------------------------------------------------------------


def season_teams(season: m.Season) -> tuple[list[TeamStanding], dict[str, Team]]:
    """The season's teams, best first, from the season's standings (its members'
    totals) and each team's own penalties; and the teams by name. Three queries and
    the season's table, however many games."""
    teams = list(season.teams.prefetch_related("members__player", "penalties"))
    player_team = {member.player.name: team.name for team in teams
                   for member in team.members.all()}  # fmt: skip
    penalties = {team.name: sum((Fraction(p.pt) for p in team.penalties.all()), Fraction(0))
                 for team in teams}  # fmt: skip
    everyone = season_table(season).everyone
    ranked = team_standings(everyone, player_team, penalties, [t.name for t in teams])
    return ranked, {team.name: team for team in teams}


def _team(season: m.Season, data: Mapping[str, Any]) -> Team:
    text = str(data.get("team"))  # (none: "None", not a number)
    found = season.teams.filter(pk=int(text)).first() if WHOLE_ID.fullmatch(text) else None
    if found is None:
        raise SeisanError(_("choose one of the season's teams"))
    return found


REASON_LONGEST = 120
"""The longest reason a team's penalty keeps (its column's)."""


def _words(data: Mapping[str, Any], key: str) -> str:
    return " ".join(str(data.get(key, "")).split())


def team_action(season: m.Season, data: Mapping[str, Any], user: Any) -> None:
    """One change an organiser makes to the season's teams: ``action`` is ``team`` (form
    one, ``name``), ``member`` (put ``player`` in ``team``: a new name is a new guest,
    as at the table), ``leave`` (take ``member`` out) or ``penalty`` (``pt`` to ``team``,
    with a ``reason``). Each is kept in the club's history; errors change nothing."""
    club = season.club
    link = ["clubs:events:teams", [season.pk]]
    action = data.get("action")
    if action == "team":
        name = _words(data, "name")
        if not name:
            raise SeisanError(_("give the team's name"))
        check_name(name)  # (one line on the page: no field to name)
        try:
            with transaction.atomic():
                Team.objects.create(season=season, name=name)
        except IntegrityError:
            raise SeisanError(_("{season} has a team called {name} already",
                                season=season.name, name=name)) from None  # fmt: skip
        history.record(club, user, "team.formed", team=name, season=season.name, link=link)
    elif action == "member":
        team = _team(season, data)
        name = _words(data, "player")
        if not name:
            raise SeisanError(_("give the player's name"))
        check_name(name)
        player = player_named(club, name)
        other = TeamMember.objects.filter(season=season, player=player).select_related("team")
        found = other.first()
        if found is not None and found.team_id != team.pk:
            raise SeisanError(_("{name} plays for {team} this season: take them out of it first",
                                name=player.name, team=found.team.name))  # fmt: skip
        if found is None:
            try:
                with transaction.atomic():
                    TeamMember.objects.create(team=team, season=season, player=player)
            except IntegrityError:  # the same player put in a team twice at once
                raise SeisanError(_("{name} plays for another team this season",
                                    name=player.name)) from None  # fmt: skip
            history.record(club, user, "team.joined", name=player.name, team=team.name,
                           link=link)  # fmt: skip
    elif action == "leave":
        text = str(data.get("member"))  # (none: "None", not a number)
        member = (TeamMember.objects.filter(pk=int(text), season=season)
                  .select_related("team", "player").first()
                  if WHOLE_ID.fullmatch(text) else None)  # fmt: skip
        if member is not None:
            member.delete()
            history.record(club, user, "team.left", name=member.player.name,
                           team=member.team.name, link=link)  # fmt: skip
    elif action == "penalty":
        team = _team(season, data)
        text = plain_number(str(data.get("pt"))).strip()
        if not PENALTY.fullmatch(text) or not Fraction(text):
            raise SeisanError(_("pt: give the team's pt, like -20 or 7.5 (not 0, at most "
                                "{most} either way)", most=MAX_PENALTY))  # fmt: skip
        pt = Fraction(text)
        reason = _words(data, "reason")
        if len(reason) > REASON_LONGEST:  # (cut to 120 in silence before)
            raise SeisanError(_("the reason is longer than {most} characters",
                                most=REASON_LONGEST))  # fmt: skip
        if not plain_text(reason):
            raise SeisanError(_("a reason is written in letters, digits and spaces: no control "
                                "or invisible characters"))  # fmt: skip
        TeamPenalty.objects.create(team=team, pt=Decimal(pt.numerator) / pt.denominator,
                                   reason=reason, created_by=user)  # fmt: skip
        history.record(club, user, "team.penalty", team=team.name, pt=pt,
                       reason=reason or "—", link=link)  # fmt: skip
    else:
        raise SeisanError(_("choose what to change"))


def team_of(season: m.Season) -> dict[str, str]:
    """Each team member's team, by the player's name (for seating one player of each
    team at a table)."""
    rows = TeamMember.objects.filter(season=season).values_list("player__name", "team__name")
    return dict(rows)


# -- the round's clock ------------------------------------------------------------------

MAX_MINUTES = 600  #: a round of ten hours is a typo


def _minutes(data: Mapping[str, Any], key: str = "minutes") -> int:
    text = plain_number(str(data.get(key))).strip()  # (none: "None", refused)
    if not WHOLE_ID.fullmatch(text) or not 1 <= int(text) <= MAX_MINUTES:
        raise SeisanError(_("minutes: give a whole number from 1 to {most}", most=MAX_MINUTES))
    return int(text)


def clock_action(session: m.Session, data: Mapping[str, Any], user: Any) -> None:
    """An organiser's change to the round's clock: ``start`` it for ``minutes`` (again:
    a new round), give ``table`` ``minutes`` more (``extra``), or ``stop`` it."""
    action = data.get("action")
    now = timezone.now()
    if action == "start":
        minutes = _minutes(data)
        RoundClock.objects.update_or_create(session=session, defaults={
            "ends": now + timedelta(minutes=minutes), "minutes": minutes, "extra": {},
            "started": now, "started_by": user if getattr(user, "is_authenticated", False)
            else None})  # fmt: skip
    elif action == "extra":
        seating = session.seatings.order_by("-number").first()
        tables = len(seating.tables) if seating is not None else 0
        if not tables:  # (it had asked for a table “1 to 0”)
            raise SeisanError(_("draw the tables first: extra time is given a table"))
        text = plain_number(str(data.get("table"))).strip()  # (none: "None", refused; １
        # typed as the minutes beside it are)
        if not WHOLE_ID.fullmatch(text) or not 1 <= int(text) <= tables:
            raise SeisanError(_("table: give the number of a table drawn tonight (1 to {most})",
                                most=tables))  # fmt: skip
        minutes = _minutes(data)
        table = str(int(text))  # (“01” is table 1: kept as the projector reads it)
        with transaction.atomic():  # two organisers at once: both additions count
            clock = RoundClock.objects.select_for_update().filter(session=session).first()
            if clock is None:
                raise SeisanError(_("start the round's clock first"))
            total = clock.extra.get(table, 0) + minutes
            if total > MAX_MINUTES:
                raise SeisanError(
                    _(
                        "minutes: give a whole number from 1 to {most}",
                        most=MAX_MINUTES - clock.extra[table],
                    )
                )  # (it has some)
            clock.extra = {**clock.extra, table: total}
            clock.save(update_fields=["extra"])
    elif action == "stop":
        RoundClock.objects.filter(session=session).delete()
    else:
        raise SeisanError(_("choose what to change"))


def seconds_left(clock: RoundClock | None, extra_minutes: int = 0) -> int | None:
    """Whole seconds until the round (with ``extra_minutes``) ends; 0 when over."""
    if clock is None:
        return None
    left = clock.ends + timedelta(minutes=extra_minutes) - timezone.now()
    return max(0, int(left.total_seconds()))
