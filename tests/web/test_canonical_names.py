"""A game entered with a known player's name in other letters (``ana`` for Ana) is
that player's: the night's ledger, a game settled again and the re-settling preview all
name them as the club does, for a table and for a hand-by-hand record alike."""

from __future__ import annotations

import json
from typing import Any

import pytest

from seisan.errors import SeisanError
from seisan.i18n import name_key
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


# -- names as the core tells them apart (the players' key), on every database -------------

#: a name stored, the name typed, and whether they are one player: as the core's
#: sessions tell names apart (``seisan.i18n.name_key``), the same on SQLite (whose
#: ``LOWER`` folded ASCII letters only: ä, Σ and full-width letters were two players
#: there) and PostgreSQL
FOLDED = [
    ("ana lee", "ANA  Lee", True),
    ("äda", "Äda", True),
    ("ａｂｃ", "ＡＢＣ", True),
    ("σοφος", "ΣΟΦΟΣ", True),
    ("Ana", "Ａｎａ", True),  # full-width, as a Japanese keyboard types it
    ("山田 太郎", "山田\u3000太郎", True),  # the ideographic space
    ("Jos\u00e9", "Jose\u0301", True),  # é composed, and with a combining accent (macOS)
    ("アナ", "ｱﾅ", True),  # half-width katakana
    ("ilker", "İlker", False),  # Unicode's case folding keeps İ's dot: i̇lker
    ("Ana", "Ana2", False),
]


@pytest.mark.parametrize(("stored", "typed", "alike"), FOLDED)
def test_a_name_typed_otherwise_is_that_player_on_every_database(
    club: m.Club, owner: Any, stored: str, typed: str, alike: bool
) -> None:
    """“Ａｎａ” typed where “Ana” plays is Ana, as in the command line's sessions; the
    database's ``LOWER`` had decided it (“äda” and “Äda” one player on PostgreSQL,
    two on SQLite; “Ａｎａ” a second player on both). Never an error either: “İlker”
    typed where “ilker” plays had been refused by the index on every try."""
    first = m.Player.objects.create(club=club, name=stored)
    assert first.key == name_key(stored)
    found = services.player_named(club, typed)
    assert (found.pk == first.pk) is alike
    assert m.Player.objects.filter(club=club).count() == (1 if alike else 2)
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


@pytest.mark.parametrize(("stored", "typed", "alike"), FOLDED)
def test_an_entry_typed_otherwise_is_on_the_list_already(
    club: m.Club, owner: Any, stored: str, typed: str, alike: bool
) -> None:
    from seisan.web.events import tournament  # noqa: PLC0415

    season = season_with(club, "mleague", owner)
    tournament.entry_action(season, {"action": "add", "name": stored}, owner)
    if alike:
        with pytest.raises(SeisanError, match="on the list already"):
            tournament.entry_action(season, {"action": "add", "name": typed}, owner)
        assert season.registrations.count() == 1
    else:
        tournament.entry_action(season, {"action": "add", "name": typed}, owner)
        assert season.registrations.count() == 2


@pytest.mark.parametrize(("stored", "typed", "alike"), FOLDED)
def test_a_team_typed_otherwise_is_formed_already(
    club: m.Club, owner: Any, stored: str, typed: str, alike: bool
) -> None:
    from seisan.web.events import services as events  # noqa: PLC0415

    season = season_with(club, "mleague", owner)
    events.team_action(season, {"action": "team", "name": stored}, owner)
    if alike:
        with pytest.raises(SeisanError, match="has a team called"):
            events.team_action(season, {"action": "team", "name": typed}, owner)
    else:
        events.team_action(season, {"action": "team", "name": typed}, owner)
    assert season.teams.count() == (1 if alike else 2)


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


def test_players_stored_before_the_key_stay_two_people_the_later_one_renamed(
    club: m.Club, owner: Any
) -> None:
    """The migration that gives every player, entry and team its key: two players of a
    club the key takes for one (“Ana” and “Ａｎａ”, stored when ``LOWER`` told them
    apart) stay two people with their games, the later one called “Ａｎａ 2” wherever
    the name stands (its game, bets, payments), the game's version and the season's
    revision raised; typing either name then finds Ana; the merged and the names of
    other clubs keep theirs; and the organiser can merge the two."""
    import importlib  # noqa: PLC0415

    from django.apps import apps  # noqa: PLC0415

    from seisan.web.events.models import Registration, Team  # noqa: PLC0415

    migration = importlib.import_module("seisan.web.clubs.migrations.0011_name_keys")
    events = importlib.import_module("seisan.web.events.migrations.0005_name_keys")
    season = season_with(club, "mleague", owner)
    night = m.Session.objects.create(season=season)
    ana = m.Player.objects.create(club=club, name="Ana")
    wide = m.Player.objects.create(club=club, name="stand-in")
    m.Player.objects.create(club=club, name="Ａｎａ 2")  # the first number is taken
    old = m.Player.objects.create(club=club, name="ANA", merged_into=ana)  # merged long ago
    other_club = m.Club.objects.create(name="Other", slug="other")
    elsewhere = m.Player.objects.create(club=other_club, name="Ａｎａ")
    data = {"players": ["stand-in", "Ben", "Chie", "Dae"], "points": [40000, 30000, 20000, 10000],
            "sashi": ["stand-in:Ben:10000"], "soto": {"Eve": "stand-in"}}  # fmt: skip
    game, _ = services.save_game(night, data, owner)
    ana_game, _ = services.save_game(night, {**data, "players": ["Ana", "Ben", "Chie", "Dae"],
                                             "sashi": [], "soto": {}}, owner)  # fmt: skip
    m.Payment.objects.create(session=night, payer="stand-in", payee="Ben", amount=5)
    for row in (game, ana_game):
        stored = services.rename_in_table(row.data, "stand-in", "Ａｎａ")
        m.Game.objects.filter(pk=row.pk).update(data=stored)
    m.Payment.objects.update(payer="Ａｎａ")
    # as stored before: keys not yet made (each its own, for the index of today's tests)
    m.Player.objects.filter(pk=wide.pk).update(name="Ａｎａ", key="1")
    m.Player.objects.filter(pk=ana.pk).update(key="2")
    m.Player.objects.filter(pk=old.pk).update(key="")
    first = Registration.objects.create(season=season, name="Bo")
    later = Registration.objects.create(season=season, name="stand-in")
    Registration.objects.filter(pk=later.pk).update(name="ＢＯ", key="1")
    team = Team.objects.create(season=season, name="Kaze")
    game.refresh_from_db()
    season.refresh_from_db()
    version, revision = game.version, season.revision
    migration.player_keys(apps, None)
    events.season_keys(apps, None)
    names = dict(m.Player.objects.values_list("pk", "name"))
    keys = dict(m.Player.objects.values_list("pk", "key"))
    assert (names[ana.pk], keys[ana.pk], keys[old.pk]) == ("Ana", "ana", "ana")
    assert (names[wide.pk], keys[wide.pk]) == ("Ａｎａ 3", "ana 3")
    assert (names[elsewhere.pk], keys[elsewhere.pk]) == ("Ａｎａ", "ana")  # its own club's
    game.refresh_from_db()
    season.refresh_from_db()
    assert game.data["players"] == ["Ａｎａ 3", "Ben", "Chie", "Dae"]
    assert game.data["sashi"] == ["Ａｎａ 3:Ben:10000"]
    assert game.data["soto"] == {"Eve": "Ａｎａ 3"}
    assert m.Game.objects.get(pk=ana_game.pk).data["players"][0] == "Ana"  # hers: as it was
    assert m.Payment.objects.get().payer == "Ａｎａ 3"
    assert (game.version, season.revision) == (version + 1, revision + 1)
    assert dict(Registration.objects.values_list("pk", "name")) == {
        first.pk: "Bo", later.pk: "ＢＯ 2"}  # fmt: skip
    assert Team.objects.get(pk=team.pk).key == "kaze"
    assert services.player_named(club, "ａｎａ").pk == ana.pk
    assert game.seats.get(seat=0).player_id == wide.pk  # its game is its own still
    page = services.game_result_of(game)  # and settles under its new name
    assert page.settlement.names[0] == "Ａｎａ 3"
    services.merge_players(m.Player.objects.get(pk=wide.pk), ana, owner)
    game.refresh_from_db()
    assert game.data["players"][0] == "Ana"
    assert game.seats.get(seat=0).player_id == ana.pk
