"""A kept season table brought up to date from the games a change touched equals the
season read whole and ranked by the core, after every kind of change: a game entered,
edited, deleted, restored, imported, a player renamed or merged, a date range, a
season that goes from four players to three, and a table too far behind its notes.
The club's ratings likewise: carried on by the games entered after the last rated,
worked out again after any other change, equal to the core's either way."""

from __future__ import annotations

import contextlib
import dataclasses
import datetime
import random
from collections import OrderedDict
from decimal import Decimal
from fractions import Fraction
from typing import Any

import pytest
from django.db import connection, transaction
from django.test import Client
from django.test.utils import CaptureQueriesContext
from django.urls import reverse
from django.utils import timezone
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from seisan.errors import SeisanError
from seisan.i18n import name_key
from seisan.ratings import System, ratings, table_size
from seisan.stats import Seat as StatSeat
from seisan.stats import standings
from seisan.web.clubs import files, services
from seisan.web.clubs import models as m
from seisan.web.clubs import standings as kept_standings
from seisan.web.clubs.charts import season_series
from seisan.web.clubs.standings import (
    SeasonTable,
    bump,
    lines_of,
    live_games,
    season_games,
    season_table,
)
from seisan.web.events import services as events
from seisan.web.events.services import club_games, club_ratings

from .conftest import EXAMPLES, season_with

pytestmark = pytest.mark.django_db
CLUB_RULES = (EXAMPLES / "club.toml").read_text(encoding="utf-8")


def read_whole(season: m.Season, start: Any = None, end: Any = None) -> SeasonTable:
    """The kept table, checked against the season read whole and ranked by the core."""
    table = season_table(season, start, end)
    lines = lines_of(season_games(season, start, end))
    everyone = standings(lines.lines, 0, lines.off_pt, lines.off_money)
    assert table.lines.games == lines.games
    assert table.lines.lines == lines.lines
    assert table.lines.players == lines.players
    assert list(table.lines.off_pt.items()) == list(lines.off_pt.items())  # in order too
    assert list(table.lines.off_money.items()) == list(lines.off_money.items())
    assert table.everyone == tuple(everyone)
    assert table.series == season_series(lines.lines, [s.name for s in everyone[:8]])
    return table


def kept_of(season: m.Season) -> Any:
    """The kept table of the whole season, with what it was made from."""
    return kept_standings._TABLES[(season.pk, season.created, None, None)]


def line(table: SeasonTable, name: str) -> Any:
    return next(s for s in table.everyone if s.name == name)


@pytest.fixture
def friday(club: m.Club, owner: Any) -> m.Season:
    """The example night: money, chips, 差しウマ and Eve's 外ウマ in game 2."""
    season = season_with(club, CLUB_RULES, owner)
    files.import_session(season, (EXAMPLES / "friday.toml").read_text(encoding="utf-8"),
                         "friday.toml", owner)  # fmt: skip
    return season


def test_each_kind_of_change(friday: m.Season, owner: Any, signed_in: Client) -> None:
    club = friday.club
    before = read_whole(friday)
    session = friday.sessions.get()
    # a game of four of the five: the fifth's line is the kept one, not worked out again
    game, _ = services.save_game(session, {"players": ["Ana", "Ben", "Chie", "Eve"],
                                           "points": [12600, 41000, 36400, 10000],
                                           "soto": {"Fay": "Ben", "Dae": "Ana"}},
                                 owner)  # fmt: skip
    after = read_whole(friday)
    assert line(after, "Dae") != line(before, "Dae")  # Dae's 外ウマ is in their total
    # as they first watched (the two of one game as the database keeps the game's JSON)
    watchers = list(after.lines.off_pt)
    assert watchers[0] == "Eve" and sorted(watchers) == ["Dae", "Eve", "Fay"]
    again, _ = services.save_game(session, {"players": ["Ana", "Ben", "Chie", "Gus"],
                                            "points": [22600, 31000, 36400, 10000]},
                                  owner)  # fmt: skip
    kept = read_whole(friday)
    assert line(kept, "Dae") is line(after, "Dae")  # untouched: kept as it was
    assert line(kept, "Eve") is line(after, "Eve")
    # an edit: Gus's only game goes to Hana, and the 外ウマ of game 4 goes
    services.save_game(session, {"players": ["Ana", "Ben", "Chie", "Hana"],
                                 "points": [22600, 31000, 36400, 10000]},
                       owner, game=again, version=again.version)  # fmt: skip
    edited = read_whole(friday)
    assert "Gus" not in edited.lines.players and "Hana" in edited.lines.players
    # the three who kept their seat and result in the edited game: their lines kept
    assert all(line(edited, name) is line(kept, name) for name in ("Ana", "Ben", "Chie"))
    game.refresh_from_db()
    services.save_game(session, {"players": ["Ana", "Ben", "Chie", "Eve"],
                                 "points": [12600, 41000, 36400, 10000]},
                       owner, game=game, version=game.version)  # fmt: skip
    assert list(read_whole(friday).lines.off_pt) == ["Eve"]
    # deleted and restored through the pages
    first = session.games.get(number=1)
    signed_in.post(reverse("clubs:delete", args=[club.slug, first.pk]), {"confirm": "1"})
    assert first.pk not in read_whole(friday).lines.games
    signed_in.post(reverse("clubs:restore", args=[club.slug, first.pk]))
    assert read_whole(friday).lines.games[0] == first.pk
    # renamed, merged and the merge undone: the games of the name only are read again
    # (everyone else's line kept as it was)
    restored = read_whole(friday)
    trails = kept_of(friday).trails
    services.rename_player(club.players.get(name="Hana"), "Hanako", owner)
    renamed = read_whole(friday)
    # the chart's players whose games kept their place: their running totals kept too
    kept_trails = kept_of(friday).trails
    assert kept_trails["Hanako"] == trails["Hana"]  # worked out again: the same games
    assert all(kept_trails[name] is trails[name] for name in ("Ana", "Ben", "Chie", "Dae"))
    assert "Hanako" in renamed.lines.players and "Hana" not in renamed.lines.players
    assert line(renamed, "Dae") is line(restored, "Dae")  # never at Hana's table
    # at Hana's table, their own lines unchanged: kept too (a rename in a season of
    # 100,000 games worked out every player's line again)
    assert all(line(renamed, name) is line(restored, name) for name in ("Ana", "Ben", "Chie"))
    merge = services.merge_players(club.players.get(name="Hanako"), club.players.get(name="Dae"),
                                   owner)  # fmt: skip
    merged = read_whole(friday)
    assert "Hanako" not in merged.lines.players and line(merged, "Eve") is line(renamed, "Eve")
    services.undo_merge(merge, owner)
    assert "Hanako" in read_whole(friday).lines.players
    # another night, imported: its games only
    files.import_session(friday, (EXAMPLES / "friday.toml").read_text(encoding="utf-8"),
                         "again.toml", owner, again=True)  # fmt: skip
    assert len(read_whole(friday).lines.games) == 8


def test_a_date_range_is_kept_apart(club: m.Club, owner: Any) -> None:
    season = season_with(club, "mleague", owner)
    early = m.Session.objects.create(season=season, date=datetime.date(2026, 1, 5))
    late = m.Session.objects.create(season=season, date=datetime.date(2026, 2, 5))
    table = {"players": ["Ana", "Ben", "Chie", "Dae"], "points": [42600, 31000, 16400, 10000]}
    services.save_game(late, {**table, "soto": {"Fay": "Ana"}}, owner)
    start = datetime.date(2026, 2, 1)
    assert len(read_whole(season, start).lines.games) == 1
    assert len(read_whole(season).lines.games) == 1
    services.save_game(early, {**table, "players": ["Eve", "Ben", "Chie", "Dae"],
                               "soto": {"Gus": "Ben"}}, owner)  # fmt: skip
    assert list(read_whole(season).lines.off_pt) == ["Gus", "Fay"]  # as they first watched
    assert len(read_whole(season, start).lines.games) == 1  # the new game is before it
    assert "Eve" not in read_whole(season, start).lines.players
    assert read_whole(season).lines.games[0] == early.games.get().pk  # played first


def test_from_four_players_to_three_and_back(club: m.Club, owner: Any) -> None:
    season = season_with(club, "mleague", owner)
    session = m.Session.objects.create(season=season)
    four, _ = services.save_game(session, {"players": ["Ana", "Ben", "Chie", "Dae"],
                                           "points": [42600, 31000, 16400, 10000]},
                                 owner)  # fmt: skip
    services.new_rules_version(season, services.rules_from_text("tenhou-sanma"), "sanma", owner)
    services.save_game(session, {"players": ["Ana", "Ben", "Eve"],
                                 "points": [50000, 30000, 25000]}, owner)  # fmt: skip
    assert len(line(read_whole(season), "Eve").places) == 4
    four.deleted = four.updated
    four.save(update_fields=["deleted"])
    bump(season, [four.pk])
    table = read_whole(season)  # Eve's game is not touched, yet their places are three
    assert [len(s.places) for s in table.everyone] == [3, 3, 3]  # Chie and Dae have none
    four.deleted = None
    four.save(update_fields=["deleted"])
    bump(season, [four.pk])
    assert len(line(read_whole(season), "Eve").places) == 4


def test_a_table_too_far_behind_reads_the_season_whole(friday: m.Season, owner: Any) -> None:
    read_whole(friday)
    for _ in range(kept_standings.CHANGES_KEPT + 10):
        bump(friday, [])
    assert friday.changes.count() < kept_standings.CHANGES_KEPT + 10  # the oldest went
    session = friday.sessions.get()
    services.save_game(session, {"players": ["Ana", "Ben", "Chie", "Fay"],
                                 "points": [12600, 41000, 36400, 10000]}, owner)  # fmt: skip
    assert "Fay" in read_whole(friday).lines.players
    services.save_game(session, {"players": ["Ana", "Ben", "Chie", "Hana"],
                                 "points": [12600, 41000, 36400, 10000]}, owner)  # fmt: skip
    friday.changes.all().delete()  # a restored database: Hana's game not noted
    services.save_game(session, {"players": ["Ana", "Ben", "Chie", "Gus"],
                                 "points": [12600, 41000, 36400, 10000]}, owner)  # fmt: skip
    assert {"Gus", "Hana"} <= read_whole(friday).lines.players.keys()


#: more than the chart's 8: a player may enter or leave it after a change
POOL = ["Ana", "Ben", "Chie", "Dae", "Eve", "Fay", "Gus", "Hana", "Ivy", "Jun"]
#: one spectator written three ways (and a player's name after a rename)
ZED = ["zed", "Zed", "ＺＥＤ"]


@st.composite
def tables(draw: st.DrawFn) -> dict[str, Any]:
    names = draw(st.permutations(POOL))
    cuts = sorted(draw(st.lists(st.integers(-100, 1100), min_size=3, max_size=3)))
    hundreds = [cuts[0], cuts[1] - cuts[0], cuts[2] - cuts[1], 1000 - cuts[2]]
    table: dict[str, Any] = {"players": names[:4], "points": [h * 100 for h in hundreds]}
    if draw(st.booleans()):
        # one or two spectators (two first seen in one game: listed in its order)
        watching = draw(st.lists(st.sampled_from([names[4], names[5], *ZED]), min_size=1,
                                 max_size=2, unique_by=name_key))  # fmt: skip
        table["soto"] = {name: draw(st.sampled_from(names[:4])) for name in watching}
    return table


@settings(
    max_examples=10, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(data=st.data())
def test_random_changes(club: m.Club, owner: Any, data: st.DataObject) -> None:
    with transaction.atomic():
        season = season_with(club, CLUB_RULES, owner, "Random")
        session = m.Session.objects.create(season=season)
        # a night before it: a game added there comes before games kept in order
        before = m.Session.objects.create(
            season=season, date=session.date - datetime.timedelta(days=7)
        )
        merges: list[m.Action] = []
        steps = data.draw(st.integers(1, 8))
        for _step in range(steps):
            games = list(m.Game.objects.filter(session__season=season))
            kinds = ["add", "edit", "delete", "rename", "merge", "undo"] if games else ["add"]
            kind = data.draw(st.sampled_from(kinds))
            players = list(club.players.filter(merged_into__isnull=True, seats__isnull=False)
                           .distinct().order_by("pk"))  # fmt: skip
            if kind in ("merge", "undo"):  # two who never met; the last merge undone
                try:
                    if kind == "undo" and merges:
                        services.undo_merge(merges.pop(), owner)
                    elif kind == "merge":
                        pair = data.draw(st.permutations(players))[:2]
                        merges.append(services.merge_players(*pair, owner))
                except SeisanError:
                    pass
            elif kind == "rename":  # a player of the season: a new name wherever it stands
                player = data.draw(st.sampled_from(players))
                # a new name, or one a merged guest had (free again)
                free = sorted({*POOL, "Zed"} - {p.name for p in players}) or [
                    f"{player.name}{_step}"
                ]
                with contextlib.suppress(SeisanError):  # a spectator's or a player's name
                    services.rename_player(player, data.draw(st.sampled_from(free)), owner)
            elif kind == "add":
                night = data.draw(st.sampled_from([session, before]))
                services.save_game(night, data.draw(tables()), owner)
            elif kind == "edit":
                game = data.draw(st.sampled_from(games))
                services.save_game(game.session, data.draw(tables()), owner, game=game,
                                   version=game.version)  # fmt: skip
            else:
                game = data.draw(st.sampled_from(games))
                game.deleted = None if game.deleted else game.updated
                game.save(update_fields=["deleted"])
                bump(season, [game.pk])
            if _step == steps - 1 or data.draw(st.booleans()):  # or two changes at once
                read_whole(season)
                for system in System:  # ratings carried on or worked out again: the core's
                    rated_now(club, system)
        transaction.set_rollback(True)


def rated_now(club: m.Club, system: System) -> bool:
    """The club's ratings as the page gets them equal the core's over every game;
    returns whether they were carried on (the new games read, not every game), in
    as many queries each time, however many games or seasons changed."""
    with CaptureQueriesContext(connection) as captured:
        got = club_ratings(club, system)
    games = club_games(club)
    size = table_size(games)
    assert got == (ratings(games, system, size), size, len({len(g) for g in games}) > 1)
    seats = [q["sql"] for q in captured.captured_queries if 'FROM "clubs_seat"' in q["sql"]]
    whole = [sql for sql in seats if '"game_id" IN (' not in sql]
    assert len(whole) <= 1 and len(seats) <= 2
    carried = bool(seats) and not whole
    if carried:  # the shared cache's aside: it writes the histories that changed only
        CARRIED.append(sum('"seisan_cache"' not in q["sql"] and "SAVEPOINT" not in q["sql"]
                           for q in captured.captured_queries))  # fmt: skip
        assert len(set(CARRIED)) == 1, CARRIED  # the same every time
    return carried


#: the queries of each carrying on
CARRIED: list[int] = []


@pytest.mark.parametrize("system", list(System))
def test_ratings_carried_on(friday: m.Season, owner: Any, signed_in: Client,
                            system: System) -> None:  # fmt: skip
    club = friday.club
    assert not rated_now(club, system)  # the first time: every game
    session = friday.sessions.get()
    table = {"players": ["Ana", "Ben", "Chie", "Eve"], "points": [12600, 41000, 36400, 10000]}
    game, _ = services.save_game(session, table, owner)
    assert rated_now(club, system)  # a game after the others: carried on
    later = season_with(club, "mleague", owner, "Spring")  # another season, a later night
    spring = m.Session.objects.create(season=later, date=session.date + datetime.timedelta(1))
    services.save_game(spring, {**table, "players": ["Dae", "Fay", "Ana", "Ben"]}, owner)
    assert rated_now(club, system)
    assert club_ratings(club, system) is club_ratings(club, system)  # kept as it is
    kept = club_ratings(club, system)
    events._RATED.clear()  # another worker: the shared copy, its histories packed
    assert club_ratings(club, system) == kept
    services.save_game(session, table, owner)  # the first night again: before Spring's game
    assert not rated_now(club, system)
    game.refresh_from_db()
    services.save_game(session, {**table, "points": [41000, 12600, 36400, 10000]}, owner,
                       game=game, version=game.version)  # a rated game edited  # fmt: skip
    assert not rated_now(club, system)
    signed_in.post(reverse("clubs:delete", args=[club.slug, game.pk]), {"confirm": "1"})
    assert not rated_now(club, system)
    signed_in.post(reverse("clubs:restore", args=[club.slug, game.pk]))
    assert not rated_now(club, system)  # back before Spring's game
    services.rename_player(club.players.get(name="Fay"), "Faye", owner)
    assert rated_now(club, system)  # a rename: the ratings follow the player
    services.save_game(spring, {**table, "players": ["Dae", "Faye", "Ana", "Ben"]}, owner)
    assert rated_now(club, system)
    # two renames at once, one of them to the other's old name (a swap through a third)
    services.rename_player(club.players.get(name="Eve"), "Eva", owner)
    services.rename_player(club.players.get(name="Faye"), "Eve", owner)
    assert rated_now(club, system)
    events._RATED.clear()  # another worker: the shared copy, its histories renamed too
    assert not rated_now(club, system)  # no game read, the same ratings
    services.save_game(spring, {**table, "players": ["Hana", "Ivy", "Jo", "Kai"]}, owner)
    assert not rated_now(club, system)  # nothing kept in this worker: every game
    undo = services.merge_players(club.players.get(name="Hana"), club.players.get(name="Eva"),
                                  owner)  # fmt: skip
    assert not rated_now(club, system)  # two players made one: worked out again
    services.undo_merge(undo, owner)
    assert not rated_now(club, system)  # and apart again
    m.Game.objects.filter(session__season=later).delete()  # a season gone (a restore)
    later.rule_versions.all().delete()
    later.delete()
    assert not rated_now(club, system)


@pytest.mark.parametrize("system", list(System))
def test_a_game_of_an_earlier_night_after_two_carried_on_is_worked_out_again(
    friday: m.Season, owner: Any, system: System
) -> None:
    """Ratings carried on keep the last game they rated: carried on twice, a game then
    entered in an earlier night is rated in its place, from the first game (the mutation
    run's ``club_ratings_93``, which forgot the last game after a carrying on, lived:
    the test above clears the worker's copy between)."""
    club = friday.club
    assert not rated_now(club, system)
    session = friday.sessions.get()
    table = {"players": ["Ana", "Ben", "Chie", "Eve"], "points": [12600, 41000, 36400, 10000]}
    services.save_game(session, table, owner)
    assert rated_now(club, system)
    spring = m.Session.objects.create(season=season_with(club, "mleague", owner, "Spring"),
                                      date=session.date + datetime.timedelta(1))  # fmt: skip
    services.save_game(spring, {**table, "players": ["Dae", "Fay", "Ana", "Ben"]}, owner)
    assert rated_now(club, system)
    services.save_game(session, {**table, "points": [41000, 12600, 36400, 10000]}, owner)
    assert not rated_now(club, system)  # (and equal to the core's over every game, in order)


def test_ratings_of_the_size_most_games_have(club: m.Club, owner: Any) -> None:
    season = season_with(club, "mleague", owner)
    session = m.Session.objects.create(season=season)
    services.save_game(session, {"players": ["Ana", "Ben", "Chie", "Dae"],
                                 "points": [42600, 31000, 16400, 10000]}, owner)  # fmt: skip
    services.new_rules_version(season, services.rules_from_text("tenhou-sanma"), "sanma", owner)
    three = {"players": ["Ana", "Ben", "Eve"], "points": [50000, 30000, 25000]}
    assert not rated_now(club, System.TENHOU)
    assert club_ratings(club, System.TENHOU)[1:] == (4, False)
    services.save_game(session, three, owner)
    assert rated_now(club, System.TENHOU)  # one of each: four players still
    assert club_ratings(club, System.TENHOU)[1:] == (4, True)
    services.save_game(session, three, owner)
    assert not rated_now(club, System.TENHOU)  # most are of three now: rated again
    assert club_ratings(club, System.TENHOU)[1:] == (3, True)


TABLE = {"players": ["Ana", "Ben", "Chie", "Dae"], "points": [42600, 31000, 16400, 10000]}


def test_games_in_the_order_played(club: m.Club, owner: Any) -> None:
    """By the session's date, then the session (two on one day: the one made first),
    then the game's number: not by id. The same order when the kept table takes new
    games one at a time as when the season is read whole."""
    season = season_with(club, "mleague", owner)
    later = m.Session.objects.create(season=season, date=datetime.date(2026, 3, 2))
    first = m.Session.objects.create(season=season, date=datetime.date(2026, 3, 1))
    second = m.Session.objects.create(season=season, date=datetime.date(2026, 3, 1))
    last, _ = services.save_game(later, TABLE, owner)
    other, _ = services.save_game(second, TABLE, owner)
    assert season_table(season).lines.games == (other.pk, last.pk)
    one, _ = services.save_game(first, TABLE, owner)
    two, _ = services.save_game(first, {**TABLE, "players": ["Ana", "Ben", "Chie", "Eve"]},
                                owner)  # fmt: skip
    # numbered the other way round: game 1 is the one entered second
    m.Game.objects.filter(pk=one.pk).update(number=99)
    m.Game.objects.filter(pk=two.pk).update(number=1)
    m.Game.objects.filter(pk=one.pk).update(number=2)
    bump(season, [one.pk, two.pk])
    played = (two.pk, one.pk, other.pk, last.pk)
    assert tuple(live_games(season).values_list("pk", flat=True)) == played
    assert lines_of(live_games(season)).games == played
    kept = read_whole(season)  # brought up to date, not read whole
    assert kept.lines.games == played
    assert kept.lines.players == {p.name: p.pk for p in club.players.all()}
    assert [line.name for line in kept.lines.lines[0]] == ["Ana", "Ben", "Chie", "Eve"]


def test_the_lines_standings_count_spectators_money(friday: m.Season) -> None:
    """What the tournament pages rank: spectators' pt and money in the totals."""
    lines = lines_of(season_games(friday))
    assert lines.off_money  # Eve's 外ウマ was played for money
    assert lines.standings() == standings(lines.lines, 0, lines.off_pt, lines.off_money)
    without = {s.name: s.money for s in standings(lines.lines, 0, lines.off_pt)}
    assert any(s.money != without[s.name] for s in lines.standings())


def test_a_spectator_in_other_letters_is_one_line(
    club: m.Club, owner: Any, signed_in: Client
) -> None:
    """“zed”, “ＺＥＤ” and “Zed” watching three games are one spectator (the core's
    key for names, as the night's ledger has them): one line, as first written, with
    the three games' 外ウマ; once Zed plays, their bets are in Zed's own line."""
    season = season_with(club, CLUB_RULES, owner, "Letters")
    session = m.Session.objects.create(season=season)
    four = ["Ana", "Ben", "Chie", "Dae"]
    games = []
    for points, soto in (
        ([41000, 31000, 18000, 10000], {"zed": "Ana"}),
        ([11000, 41000, 28000, 20000], {"ＺＥＤ": "Ana"}),
        ([21000, 31000, 38000, 10000], {"Zed": "Dae"}),
    ):
        table = {"players": four, "points": points, "soto": soto}
        games.append(services.save_game(session, table, owner)[0])
    won = [Fraction(Decimal(next(iter(g.spectators.values()))["total"])) for g in games]
    assert all(won) and [next(iter(g.spectators)) for g in games] == ["zed", "ＺＥＤ", "Zed"]
    table = read_whole(season)
    assert table.lines.off_pt == {"zed": sum(won)}
    assert set(table.lines.off_money) == {"zed"}
    page = signed_in.get(reverse("clubs:season", args=[club.slug, season.pk]))
    assert page.context["watchers"] == [
        {"name": "zed", "total": sum(won), "money": table.lines.off_money["zed"]}
    ]
    # Zed plays: a player of the club, whose line counts what they won watching
    played, _ = services.save_game(session, {"players": ["Zed", "Ben", "Chie", "Dae"],
                                             "points": [30000, 30000, 20000, 20000]},
                                   owner)  # fmt: skip
    table = read_whole(season)
    assert table.lines.off_pt == {"Zed": sum(won)}
    zed = played.seats.get(player__name="Zed")
    assert line(table, "Zed").total == Fraction(zed.total) + sum(won)
    page = signed_in.get(reverse("clubs:season", args=[club.slug, season.pk]))
    assert page.context["watchers"] == []
    # and watching again, in other letters: in their line too
    table = {"players": four, "points": [41000, 31000, 18000, 10000], "soto": {"ｚｅｄ": "Ben"}}
    watched, _ = services.save_game(session, table, owner)
    assert list(watched.spectators) == ["Zed"]  # stored as the player writes it
    games.append(watched)
    won.append(Fraction(Decimal(watched.spectators["Zed"]["total"])))
    table = read_whole(season)
    assert table.lines.off_pt == {"Zed": sum(won)}
    assert line(table, "Zed").total == Fraction(zed.total) + sum(won)
    # their game gone: a spectator again, as first written
    played.deleted = played.updated
    played.save(update_fields=["deleted"])
    bump(season, [played.pk])
    assert read_whole(season).lines.off_pt == {"zed": sum(won)}
    # the first game's bet gone: as written next
    first = games[0]
    services.save_game(session, {"players": four, "points": [41000, 31000, 18000, 10000]},
                       owner, game=first, version=first.version)  # fmt: skip
    assert read_whole(season).lines.off_pt == {"ＺＥＤ": sum(won[1:])}


def test_spectators_first_seen_in_one_game_are_listed_in_its_order(
    club: m.Club, owner: Any
) -> None:
    """Zed watches, the table is kept; then a game played before it has Fay and
    “ＺＥＤ” watching: they are listed as the game lists them (Fay first), as a
    season read whole has them, Zed under the spelling that game wrote."""
    season = season_with(club, CLUB_RULES, owner, "Order")
    later = m.Session.objects.create(season=season, date=datetime.date(2026, 2, 5))
    four = {"players": ["Ana", "Ben", "Chie", "Dae"], "points": [41000, 31000, 18000, 10000]}
    services.save_game(later, {**four, "soto": {"zed": "Ana"}}, owner)
    assert list(read_whole(season).lines.off_pt) == ["zed"]
    earlier = m.Session.objects.create(season=season, date=datetime.date(2026, 1, 5))
    services.save_game(earlier, {**four, "soto": {"Fay": "Ben", "ＺＥＤ": "Ana"}}, owner)
    assert list(read_whole(season).lines.off_pt) == ["Fay", "ＺＥＤ"]


def test_season_standings_of_dates_and_minimum_games(club: m.Club, owner: Any) -> None:
    season = season_with(club, "mleague", owner)
    m.Season.objects.filter(pk=season.pk).update(min_games=2)
    season.refresh_from_db()
    days = [datetime.date(2026, month, 5) for month in (1, 2, 3)]
    games = []
    for day in days:
        session = m.Session.objects.create(season=season, date=day)
        players = ["Ana", "Ben", "Chie", "Eve" if day.month == 2 else "Dae"]
        games.append(services.save_game(session, {**TABLE, "players": players}, owner)[0])

    def names(**chosen: Any) -> dict[str, int]:
        return {s.name: s.games for s in kept_standings.season_standings(season, **chosen)}

    assert names() == {"Ana": 3, "Ben": 3, "Chie": 3, "Dae": 2}  # Eve: one game, fewer than 2
    assert names(min_games=0) == {"Ana": 3, "Ben": 3, "Chie": 3, "Dae": 2, "Eve": 1}
    assert names(min_games=0, start=days[1]) == {"Ana": 2, "Ben": 2, "Chie": 2, "Dae": 1,
                                                 "Eve": 1}  # fmt: skip
    assert names(min_games=0, end=days[1]) == {"Ana": 2, "Ben": 2, "Chie": 2, "Dae": 1,
                                               "Eve": 1}  # fmt: skip
    assert names(min_games=0, start=days[1], end=days[1]) == dict.fromkeys(
        ["Ana", "Ben", "Chie", "Eve"], 1
    )
    assert read_whole(season, end=days[0]).lines.games == (games[0].pk,)


def reset_notes(season: m.Season) -> None:
    m.Season.objects.filter(pk=season.pk).update(revision=0)
    season.changes.all().delete()


def test_notes_of_the_last_revisions_kept(club: m.Club, owner: Any) -> None:
    """A season keeps the notes of its last 100 revisions, pruned every tenth; another
    season's notes stay."""
    season = season_with(club, "mleague", owner)
    other = season_with(club, "mleague", owner, "Other")
    reset_notes(season)
    reset_notes(other)
    bump(other.pk, [7, 3, 7])  # by id; each game once, in order
    assert list(other.changes.values_list("revision", "games")) == [(1, [3, 7])]
    bump(m.Season.objects.filter(pk=season.pk))
    assert list(season.changes.values_list("revision", "games")) == [(1, None)]
    counts = {}
    for revision in range(2, 121):
        bump(season, [revision])
        counts[revision] = season.changes.count()
    kept = kept_standings.CHANGES_KEPT
    assert kept == 100
    assert [counts[r] for r in (100, 105, 109, 110, 115, 119, 120)] == [100, 105, 109, 100,
                                                                        105, 109, 100]  # fmt: skip
    assert min(season.changes.values_list("revision", flat=True)) == 21
    assert season.changes.get(revision=120).games == [120]
    assert list(other.changes.values_list("revision", "games")) == [(1, [3, 7])]
    season.refresh_from_db()
    assert season.revision == 120


def test_changed_since_several_seasons(club: m.Club, owner: Any) -> None:
    one = season_with(club, "mleague", owner)
    two = season_with(club, "mleague", owner, "Two")
    for season in (one, two):
        reset_notes(season)
    bump(one, [1])
    bump(one, [2])
    bump(two, [3])
    bump(two, [4])
    changed_since = kept_standings.changed_since
    assert changed_since({one.pk: (0, 1), two.pk: (1, 2)}) == {1, 4}
    assert changed_since({one.pk: (2, 2), two.pk: (0, 2)}) == {3, 4}
    assert changed_since({one.pk: (1, 1)}) == set()
    assert changed_since({one.pk: (0, 1)}) == {1}  # not revision 2's game
    assert changed_since({one.pk: (0, 3)}) is None  # revision 3 has no note yet
    bump(one)  # a rename: any game
    assert changed_since({one.pk: (1, 3)}) is None
    one.changes.filter(revision=1).delete()
    assert changed_since({one.pk: (0, 2)}) is None  # a note gone
    assert changed_since({one.pk: (1, 2)}) == {2}


def test_tables_kept_the_last_32_used(
    club: m.Club, owner: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(kept_standings, "_TABLES", OrderedDict())
    season = season_with(club, "mleague", owner)
    services.save_game(m.Session.objects.create(season=season), TABLE, owner)
    starts = [datetime.date(2026, 1, 1) + datetime.timedelta(days=day) for day in range(33)]
    for start in starts:
        season_table(season, start)
    season_table(season, starts[1])  # used again: not the oldest any more
    season_table(season, None)
    kept = [key[2] for key in kept_standings._TABLES]
    assert len(kept) == 32
    assert kept[-2:] == [starts[1], None]
    assert starts[0] not in kept and starts[2] not in kept and starts[32] in kept


def test_a_slower_request_keeps_the_newer_table(club: m.Club, owner: Any) -> None:
    """A request that read an older revision does not replace a table another request
    made from a newer one."""
    season = season_with(club, "mleague", owner)
    services.save_game(m.Session.objects.create(season=season), TABLE, owner)
    read_whole(season)
    key = (season.pk, season.created, None, None)
    newer = dataclasses.replace(kept_standings._TABLES[key],
                                revision=kept_standings._TABLES[key].revision + 5)  # fmt: skip
    kept_standings._TABLES[key] = newer
    read_whole(season)  # the table at this revision, read whole
    assert kept_standings._TABLES[key] is newer


def test_a_season_gone_has_an_empty_table(club: m.Club, owner: Any) -> None:
    season = season_with(club, "mleague", owner)
    m.Session.objects.create(season=season)
    read_whole(season)
    m.Season.objects.filter(pk=season.pk).delete()
    table = season_table(season)
    assert (table.lines.games, table.everyone, table.series) == ((), (), {})


def test_ratings_kept_for_four_clubs_and_systems_and_shared_for_good(
    friday: m.Season, owner: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A worker keeps the last four (club, system) ratings it made, the one used last
    kept longest; the table it shares with the other workers never expires (each
    player's history for a day), and a shared copy of other revisions is not used."""
    written = watch_the_shared_cache(monkeypatch)
    shared = events_cache()
    events._RATED.clear()
    club = friday.club
    others = [m.Club.objects.create(name=f"Club {i}", slug=f"club-{i}") for i in range(2)]
    first = club_ratings(club, System.OPENSKILL)
    key = f"seisan:ratings:2:{club.pk}:{System.OPENSKILL.value}:None"
    assert written[-1] == (key, None)  # the table shared for good: no timeout
    buckets = written[:-1]  # the players' histories in their buckets, for a day
    assert len(buckets) == len({events._bucket(r.name) for r in first[0]})
    assert all(k.startswith(f"{key}:histories:") and timeout == events.HISTORY_SECONDS
               for k, timeout in buckets)  # fmt: skip
    club_ratings(club, System.TENHOU)
    for other in others:
        club_ratings(other, System.TENHOU)
    assert len(events._RATED) == 4
    assert club_ratings(club, System.OPENSKILL) is first  # kept, and now the last used
    club_ratings(club, System.OPENSKILL, players=3)  # a fifth: the oldest goes
    assert len(events._RATED) == 4 and key in events._RATED
    assert f"seisan:ratings:2:{club.pk}:{System.TENHOU.value}:None" not in events._RATED
    # another worker: a shared copy made before the last change is not used
    events._RATED.clear()
    revisions, table = shared.get(key)
    stale = tuple((pk, revision - 1, created) for pk, revision, created in revisions)
    shared.set(key, (stale, table), None)
    assert rated_now(club, System.OPENSKILL) is False  # worked out from every game again


def events_cache() -> Any:
    from django.core import cache as caches  # noqa: PLC0415

    return caches.caches["default"]


def watch_the_shared_cache(monkeypatch: pytest.MonkeyPatch) -> list[tuple[str, Any]]:
    """What the ratings write to the shared cache, in order: (key, timeout)."""
    from django.core import cache as caches  # noqa: PLC0415

    written: list[tuple[str, Any]] = []
    shared = events_cache()

    class Watched:
        def get(self, key: str, default: Any = None) -> Any:
            return shared.get(key, default)

        def get_many(self, keys: list[str]) -> dict[str, Any]:
            return shared.get_many(keys)

        def set(self, key: str, value: Any, timeout: Any) -> None:
            written.append((key, timeout))
            shared.set(key, value, timeout)

        def set_many(self, values: dict[str, Any], timeout: Any) -> None:
            written.extend((key, timeout) for key in values)
            shared.set_many(values, timeout)

    monkeypatch.setattr(caches, "cache", Watched())
    return written


@pytest.mark.parametrize("system", list(System))
def test_ratings_share_the_histories_that_changed_only(
    friday: m.Season, owner: Any, monkeypatch: pytest.MonkeyPatch, system: System
) -> None:
    """A game carried on writes the buckets of its four players' histories and the
    table, a rename those of the old and the new name, not every player's history
    (megabytes in a 100,000-game club, on every change); another worker finds them,
    and a bucket gone from the shared cache has the ratings worked out again."""
    written = watch_the_shared_cache(monkeypatch)
    events._RATED.clear()
    club = friday.club
    key = f"seisan:ratings:2:{club.pk}:{system.value}:None"
    assert not rated_now(club, system)
    session = friday.sessions.get()
    written.clear()
    services.save_game(session, {"players": ["Ana", "Ben", "Chie", "Eve"],
                                 "points": [12600, 41000, 36400, 10000]}, owner)  # fmt: skip
    assert rated_now(club, system)
    buckets = {events._bucket(name) for name in ("Ana", "Ben", "Chie", "Eve")}
    assert len(written) == len(buckets) + 1 and written[-1] == (key, None)
    written.clear()
    services.rename_player(club.players.get(name="Ben"), "Benji", owner)
    assert rated_now(club, system)
    _revisions, (_order, buckets_now, _size, _both) = events_cache().get(key)
    touched = {buckets_now[events._bucket(name)] for name in ("Ben", "Benji")} - {""}
    assert written == [*((f"{key}:histories:{d}", events.HISTORY_SECONDS) for d in touched),
                       (key, None)]  # fmt: skip
    kept = club_ratings(club, system)
    events._RATED.clear()  # another worker: the table and every history shared
    assert club_ratings(club, system) == kept
    assert [r.history for r in club_ratings(club, system)[0]] == [r.history for r in kept[0]]
    events._RATED.clear()
    _revisions, (_order, buckets_now, _size, _both) = events_cache().get(key)
    gone = buckets_now[events._bucket("Benji")]
    events_cache().delete(f"{key}:histories:{gone}")  # gone after a day
    assert not rated_now(club, system)  # worked out again from every game


def test_the_server_starts_with_the_seasons_played_last_kept(
    club: m.Club, owner: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    """`seisan serve` keeps the tables of the seasons played last before its workers
    fork: the first reader of each reads one number (the revision), no game. A season
    whose games were all deleted, or that has none, is not among them; the newest
    night decides, not the season made last."""
    monkeypatch.setattr(kept_standings, "_TABLES", OrderedDict())
    days = {"old": datetime.date(2026, 1, 5), "new": datetime.date(2026, 3, 1),
            "mid": datetime.date(2026, 2, 1), "gone": datetime.date(2026, 4, 1)}  # fmt: skip
    made = {}
    for name, day in days.items():
        made[name] = season_with(club, "mleague", owner, name=name)
        night = m.Session.objects.create(season=made[name], date=day)
        game, _created = services.save_game(night, TABLE, owner)
    m.Game.objects.filter(pk=game.pk).update(deleted=timezone.now())  # "gone"'s only game
    bump(game.session.season_id, [game.pk])
    season_with(club, "mleague", owner, name="empty")  # no night (PostgreSQL: NULL first)
    # nights planned but not played count nothing: "old" was played on 5 January only
    m.Session.objects.create(season=made["old"], date=datetime.date(2026, 12, 1))
    m.Session.objects.create(season=made["gone"], date=datetime.date(2026, 12, 2))
    assert [s.name for s in kept_standings.warm(seconds=0)] == []
    assert [s.name for s in kept_standings.warm()] == ["new", "mid", "old"]
    monkeypatch.setattr(kept_standings, "_TABLES", OrderedDict())
    assert [s.name for s in kept_standings.warm(seasons=2)] == ["new", "mid"]
    for name, queries in (("new", 1), ("mid", 1), ("old", 4)):
        with CaptureQueriesContext(connection) as read:
            read_table = season_table(made[name])
        assert len(read.captured_queries) == queries, name
        assert [s.name for s in read_table.everyone] == ["Ana", "Ben", "Chie", "Dae"]


def _running_totals(lines: Any, names: list[str]) -> dict[str, list[Fraction]]:
    """The chart's lines as first written: every game gone through, a point drawn
    after every ``games // 200``-th game and after the last."""
    totals = dict.fromkeys(names, Fraction(0))
    series: dict[str, list[Fraction]] = {name: [Fraction(0)] for name in names}
    step = max(1, len(lines) // 200)
    for index, game in enumerate(lines, start=1):
        for seat in game:
            if seat.name in totals:
                totals[seat.name] += seat.total
        if index % step == 0 or index == len(lines):
            for name in names:
                series[name].append(totals[name])
    return series


@pytest.mark.parametrize(
    ("games", "points"),
    [(0, 1), (1, 2), (199, 200), (200, 201), (201, 202), (399, 400), (400, 201), (401, 202),
     (1000, 201), (1003, 202)],
)  # fmt: skip
def test_the_charts_running_totals_at_each_step(games: int, points: int) -> None:
    """A season's chart from each player's own games (`sampled_totals`, what a kept
    table follows its leaders by) equals the running totals over every game, on each
    side of a step: 200 games or fewer drawn game by game, 400 two at a time, and the
    last game always; totals in tenths and thousandths (精算法) mixed."""
    rng = random.Random(games)
    lines = [
        tuple(StatSeat(name, place, Fraction(rng.randint(-900, 900), rng.choice([1, 10, 1000])))
              for place, name in enumerate(rng.sample(["Ana", "Ben", "Chie", "Dae", "Eve"], 4), 1))
        for _ in range(games)
    ]  # fmt: skip
    names = ["Ana", "Eve", "Nobody"]  # one who never played: a flat line
    series = season_series(lines, names)
    assert series == _running_totals(lines, names)
    assert [len(line) for line in series.values()] == [points] * 3  # 0, then each point
    assert set(series["Nobody"]) == {0}


def test_the_seasons_kept_ready_are_frozen_out_of_the_collector_before_the_fork(
    friday: m.Season, monkeypatch: pytest.MonkeyPatch
) -> None:
    """`seisan serve` freezes what it made before its workers fork (the seasons kept
    ready): the collector's full scans, 5–9 s over a 100,000-game season's objects,
    no longer go through them; the workers share no database connection."""
    import gc  # noqa: PLC0415

    from django.db import connections  # noqa: PLC0415

    from seisan.web import serve  # noqa: PLC0415

    closed: list[bool] = []
    # the test's own transaction stays open: only whether the server closes them
    monkeypatch.setattr(connections, "close_all", lambda: closed.append(True))
    kept_standings.warm()
    kept = season_table(friday)
    assert gc.is_tracked(kept.lines.lines[0][0])
    assert any(o is kept.lines.lines[0][0] for o in gc.get_objects())
    try:
        serve.before_fork()
        assert closed == [True] and gc.get_freeze_count() > 0
        assert not any(o is kept.lines.lines[0][0] for o in gc.get_objects())
    finally:
        gc.unfreeze()


def test_a_changes_games_read_are_the_seasons_live_ones_in_its_dates(
    club: m.Club, owner: Any
) -> None:
    """`_read_changed` (a kept table's changed games, found by id alone): only the
    ids asked for, the season's own, live, and within the dates, both ends included;
    their spectators' bets with them."""
    season = season_with(club, "mleague", owner)
    other = season_with(club, "mleague", owner, "Other")
    table = {"players": ["Ana", "Ben", "Chie", "Dae"], "points": [42600, 31000, 16400, 10000]}
    games = {}
    for day in (4, 5, 6, 7, 8):
        night = m.Session.objects.create(season=season, date=datetime.date(2026, 1, day))
        games[day], _ = services.save_game(night, {**table, "soto": {"Fay": "Ana"}}, owner)
    elsewhere = m.Session.objects.create(season=other, date=datetime.date(2026, 1, 6))
    theirs, _ = services.save_game(elsewhere, table, owner)
    m.Game.objects.filter(pk=games[7].pk).update(deleted=timezone.now())
    start, end = datetime.date(2026, 1, 5), datetime.date(2026, 1, 7)
    asked = [games[4].pk, games[5].pk, games[6].pk, games[7].pk, theirs.pk]
    found, players = kept_standings._read_changed(season, start, end, asked)
    assert sorted(found) == [games[5].pk, games[6].pk]  # 4 before, 7 deleted, 8 not asked
    assert set(players) == {"Ana", "Ben", "Chie", "Dae"}
    assert found[games[5].pk].key == (start, games[5].session_id, 1)
    assert set(found[games[6].pk].watched) == {"Fay"}
    found, _players = kept_standings._read_changed(season, None, datetime.date(2026, 1, 4), asked)
    assert list(found) == [games[4].pk]  # the end day itself
    assert list(kept_standings._read_changed(season, None, None, [games[8].pk])[0]) == [
        games[8].pk
    ]  # the games asked for, not every game of the season


@pytest.mark.parametrize("system", list(System))
def test_ratings_after_a_night_moved_are_worked_out_again(
    friday: m.Season, owner: Any, system: System
) -> None:
    """A night moved to another date (from the admin, or a database restored) puts its
    games elsewhere in the order: the ratings are worked out again, not carried on
    as a rename would be (`_renames`: a game not where it was)."""
    club = friday.club
    first = friday.sessions.get()
    later = m.Session.objects.create(season=friday, date=first.date + datetime.timedelta(1))
    services.save_game(later, {"players": ["Ana", "Ben", "Chie", "Eve"],
                               "points": [12600, 41000, 36400, 10000]}, owner)  # fmt: skip
    assert not rated_now(club, system)
    m.Session.objects.filter(pk=first.pk).update(date=later.date + datetime.timedelta(1))
    bump(friday, first.games.values_list("pk", flat=True))
    assert not rated_now(club, system)  # every game read, in the new order: the core's


def test_a_season_read_before_a_game_and_saved_after_keeps_its_revision(
    season: m.Season, session: m.Session, owner: Any, signed_in: Client
) -> None:
    """A season object read before a game was saved, then saved itself (its settings,
    publishing), put its older revision back: the next game's change note collided with
    the one already written for that revision, an IntegrityError on every save after."""
    read_before = m.Season.objects.get(pk=season.pk)
    game = {"players": ["Ana", "Ben", "Chie", "Dae"], "points": [40000, 30000, 20000, 10000]}
    services.save_game(session, game, owner)
    raised = m.Season.objects.get(pk=season.pk).revision
    read_before.public = True
    read_before.save()
    assert m.Season.objects.get(pk=season.pk).revision == raised
    assert m.Season.objects.get(pk=season.pk).public
    services.save_game(session, game, owner)  # an IntegrityError before
    assert m.Season.objects.get(pk=season.pk).revision == raised + 1
    settings_url = reverse("clubs:season_settings", args=[season.club.slug, season.pk])
    assert signed_in.post(settings_url, {"public": "on", "min_games": "3"}).status_code == 302
    assert m.Season.objects.get(pk=season.pk).revision == raised + 1
    services.save_game(session, game, owner)
