"""A game entered with a known player's name in other letters (``ana`` for Ana) is
that player's: the night's ledger, a game settled again and the re-settling preview all
name them as the club does, for a table and for a hand-by-hand record alike."""

from __future__ import annotations

import json
from typing import Any

import pytest

from seisan.errors import SeisanError
from seisan.web.clubs import models as m
from seisan.web.clubs import services

from .conftest import EXAMPLES, season_with

TABLE = {"players": ["ana", "BEN", "Chie", "Dae"], "points": [42600, 31000, 16400, 10000]}


def test_a_table_entered_in_other_letters_is_named_as_the_club_names_it(
    club: m.Club, owner: Any
) -> None:
    season = season_with(club, "mleague", owner)
    session = m.Session.objects.create(season=season)
    services.save_game(session, {**TABLE, "players": ["Ana", "Ben", "Chie", "Dae"]}, owner)
    game, _ = services.save_game(session, TABLE, owner)
    assert game.data["players"][:2] == ["ana", "BEN"]  # kept as typed
    names = ("Ana", "Ben", "Chie", "Dae")
    assert tuple(services.game_result_of(game).settlement.names) == names
    result = services.session_result(session)
    assert result is not None and result.session.title == str(session)
    assert [tuple(g.names) for g in result.session.games] == [names, names]
    assert set(result.totals()) == set(names)
    # settled again under other rules: each row the club's name, before and after
    services.new_rules_version(season, services.rules_from_text("tenhou"), "tenhou", owner)
    preview = services.resettle_preview(season)
    assert [[r["name"] for r in entry["rows"]] for entry in preview] == [list(names)] * 2
    assert all(entry["error"] is None for entry in preview)
    assert services.resettle(season, owner) == 2


def test_a_record_entered_in_other_letters_is_named_as_the_club_names_it(
    club: m.Club, owner: Any
) -> None:
    season = season_with(club, "tenhou", owner)
    session = m.Session.objects.create(season=season)
    services.save_game(session, {**TABLE, "players": ["Ana", "Ben", "Chie", "Dae"]}, owner)
    record = json.loads((EXAMPLES / "game.json").read_text(encoding="utf-8"))
    record = json.loads(json.dumps(record).replace('"Ana"', '"ana"'))
    game, _ = services.save_game(session, {}, owner, record=record)
    names = ("Ana", "Ben", "Chie", "Dae")
    assert tuple(services.game_result_of(game).settlement.names) == names
    result = services.session_result(session)
    assert result is not None and tuple(result.session.games[1].names) == names


def test_re_settling_lists_every_game_moved_and_stops_on_one_that_cannot_be(
    club: m.Club, owner: Any
) -> None:
    """Rules that change nothing still move each game to them (listed, no change); a game
    the new rules cannot settle is listed with its reason, the others after it too, and
    re-settling then changes nothing; once moved, a game that does not change is not
    listed again."""
    season = season_with(club, "mleague", owner)
    session = m.Session.objects.create(season=season)
    for _ in range(2):
        services.save_game(session, {**TABLE, "players": ["Ana", "Ben", "Chie", "Dae"]}, owner)
    services.new_rules_version(season, services.rules_from_text("mleague"), "again", owner)
    preview = services.resettle_preview(season)
    assert len(preview) == 2 and all(e["error"] is None for e in preview)
    assert all(r["before"] == r["after"] for e in preview for r in e["rows"])
    assert services.resettle(season, owner) == 2 and services.resettle_preview(season) == []
    services.new_rules_version(season, services.rules_from_text("tenhou-sanma"), "sanma", owner)
    preview = services.resettle_preview(season)
    assert [e["rows"] for e in preview] == [[], []]  # both listed, neither settled
    assert [e["game"] for e in preview] == list(session.games.order_by("number"))
    said = preview[0]["error"].text("en")
    assert "3" in said and said == preview[1]["error"].text("en")
    versions = list(session.games.values_list("rules_id", flat=True))
    with pytest.raises(SeisanError) as raised:
        services.resettle(season, owner)
    assert raised.value.message.text("en") == said
    assert list(session.games.values_list("rules_id", flat=True)) == versions


def test_the_what_if_names_a_player_as_the_club_does(club: m.Club, owner: Any) -> None:
    from seisan.web.events.services import what_if  # noqa: PLC0415

    season = season_with(club, "mleague", owner)
    session = m.Session.objects.create(season=season)
    services.save_game(session, {**TABLE, "players": ["Ana", "Ben", "Chie", "Dae"]}, owner)
    services.save_game(session, TABLE, owner)
    rows, refused = what_if(season, services.rules_from_text("tenhou"))
    assert refused == [] and sorted(r.name for r in rows) == ["Ana", "Ben", "Chie", "Dae"]
    assert all(r.games == 2 for r in rows)


def test_a_spectators_name_is_checked_on_its_field_and_seats_keep_their_parts(
    club: m.Club, owner: Any
) -> None:
    season = season_with(club, (EXAMPLES / "club.toml").read_text(encoding="utf-8"), owner)
    session = m.Session.objects.create(season=season)
    table = {"players": ["Ana", "Ben", "Chie", "Dae"], "points": [42600, 31000, 16400, 10000]}
    with pytest.raises(services.EntryError) as raised:
        services.save_game(session, {**table, "soto": {"E;ve": "Ana"}}, owner)
    assert raised.value.field == "soto" and raised.value.message.text("en") == (
        "the name “E;ve” has “;”, which separates names in seisan's files: leave it out"
    )
    assert not session.games.exists()
    game, _ = services.save_game(session, {**table, "chips": [2, -1, 0, -1]}, owner)
    rows = services.seat_rows(services.game_result_of(game))
    assert [s.parts for s in game.seats.order_by("seat")] == [r["parts"] for r in rows]
    # first on 42600 under Tenhou's whole-pt settlement: +12.6, oka 20, uma 20, and 0.4
    # from the others' rounding; the chips are a side bet, apart
    assert game.seats.get(seat=0).parts == {
        "points": "12.6",
        "rounding": "0",
        "oka": "20",
        "uma": "20",
        "balance": "0.4",
        "penalty": "0",
    }


def test_re_settling_shows_the_money_before_and_after(club: m.Club, owner: Any) -> None:
    rules = (EXAMPLES / "club.toml").read_text(encoding="utf-8")  # 点5, 400 yen a game
    season = season_with(club, rules, owner)
    session = m.Session.objects.create(season=season)
    game, _ = services.save_game(session, {**TABLE, "players": ["Ana", "Ben", "Chie", "Dae"]},
                                 owner)  # fmt: skip
    services.new_rules_version(season, services.rules_from_text(
        rules.replace("rate = 50", "rate = 100")), "点ピン", owner)  # fmt: skip
    (entry,) = services.resettle_preview(season)
    ana = entry["rows"][0]
    assert ana["name"] == "Ana" and ana["before"] == ana["after"]
    assert (ana["money_before"], ana["money_after"]) == (
        game.seats.get(seat=0).money,
        2 * game.seats.get(seat=0).money + 400,
    )


# -- names as the club's unique index compares them (the database's LOWER) ---------------

#: pairs of names a database may fold to one: PostgreSQL every pair, SQLite (whose LOWER
#: folds ASCII letters only) the first
FOLDED = [("ana lee", "ANA Lee"), ("ilker", "İlker"), ("äda", "Äda"), ("ａｂｃ", "ＡＢＣ"),
          ("σοφος", "ΣΟΦΟΣ")]  # fmt: skip


def _folded_alike(first: str, second: str) -> bool:
    from django.db import connection  # noqa: PLC0415

    with connection.cursor() as cursor:
        cursor.execute("SELECT LOWER(%s) = LOWER(%s)", [first, second])
        return bool(cursor.fetchone()[0])


@pytest.mark.parametrize(("stored", "typed"), FOLDED)
def test_a_name_the_clubs_index_calls_the_same_is_that_player_never_an_error(
    club: m.Club, owner: Any, stored: str, typed: str
) -> None:
    """“İlker” typed where “ilker” plays: Django's ``iexact`` (UPPER on PostgreSQL) did
    not find her, the index (LOWER) refused a second one, and the name could never be
    entered ("could not be saved: try again"). Now the lookup compares as the index
    does: the same player where the database folds the two, a second one where it does
    not (SQLite's LOWER keeps ä and İ), and never an error."""
    first = m.Player.objects.create(club=club, name=stored)
    alike = _folded_alike(stored, typed)
    assert alike or not typed.isascii()  # ASCII letters are folded everywhere
    found = services.player_named(club, typed)
    assert (found.pk == first.pk) is alike
    assert [p.pk for p in services.players_named(club, [typed, stored])] == [
        found.pk, first.pk]  # fmt: skip
    season = season_with(club, "mleague", owner)
    night = m.Session.objects.create(season=season)
    players = [typed, "Ben", "Chie", "Dae"]
    game, _ = services.save_game(night, {"players": players, "points": [25000] * 4}, owner)
    assert game.seats.get(seat=0).player_id == found.pk
    # a rename to the other name: refused in words where it is the same name
    other = m.Player.objects.create(club=club, name="Eve")
    if alike:
        with pytest.raises(SeisanError, match="already a player here"):
            services.rename_player(other, typed, owner)
    else:
        services.rename_player(other, typed + " 2", owner)


@pytest.mark.parametrize(("stored", "typed"), FOLDED)
def test_an_entry_the_index_calls_the_same_is_on_the_list_already(
    club: m.Club, owner: Any, stored: str, typed: str
) -> None:
    from seisan.web.events import tournament  # noqa: PLC0415

    season = season_with(club, "mleague", owner)
    tournament.entry_action(season, {"action": "add", "name": stored}, owner)
    if _folded_alike(stored, typed):
        with pytest.raises(SeisanError, match="on the list already"):
            tournament.entry_action(season, {"action": "add", "name": typed}, owner)
    else:
        tournament.entry_action(season, {"action": "add", "name": typed}, owner)
        assert season.registrations.count() == 2


def test_new_players_are_made_in_the_order_of_their_names_not_their_seats(
    club: m.Club, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Two games at once naming the same new players in other seats each made the
    first of their seats and waited for the other's (a deadlock on PostgreSQL, a 500):
    each game now makes them in the order of their names, so the second waits for the
    first's first and finds every one made."""
    m.Player.objects.create(club=club, name="Chie")
    made: list[str] = []
    original = services.player_named

    def noting(club_: m.Club, name: str) -> m.Player:
        made.append(name)
        return original(club_, name)

    monkeypatch.setattr(services, "player_named", noting)
    named = services.players_named(club, ["Yuki", "chie", "ana", "Xavi", "Bo"])
    assert made == ["ana", "Bo", "Xavi", "Yuki"]
    assert [p.name for p in named] == ["Yuki", "Chie", "ana", "Xavi", "Bo"]
