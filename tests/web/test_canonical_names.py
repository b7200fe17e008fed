"""A game entered with a known player's name in other letters (``ana`` for Ana) is
that player's: the night's ledger, a game settled again and the re-settling preview all
name them as the club does, for a table and for a hand-by-hand record alike."""

from __future__ import annotations

import json
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

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
    assert game.data["players"][:2] == ["Ana", "Ben"]  # stored as the club writes them
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
    # stored as the club writes Ana: the seats and every hand that names her
    assert game.record["players"][0] == "Ana" and '"ana"' not in json.dumps(game.record)
    assert '"Ana"' in json.dumps(game.record["hands"])
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


def _migrate() -> None:
    """Migrations 0011 (clubs) and 0005 (events) run again on today's rows."""
    import importlib  # noqa: PLC0415

    from django.apps import apps  # noqa: PLC0415

    importlib.import_module("seisan.web.clubs.migrations.0011_name_keys").player_keys(apps, None)
    events = importlib.import_module("seisan.web.events.migrations.0005_name_keys")
    events.season_keys(apps, None)


def _stored_as(player: m.Player, name: str, *games: m.Game) -> None:
    """``player`` called ``name`` in its row and ``games`` as a club stored it before
    the key (when “Ana” beside “Ａｎａ” was two names), the keys left as they were."""
    for game in games:
        m.Game.objects.filter(pk=game.pk).update(
            data=services.rename_in_table(game.data, player.name, name)
        )
    m.Player.objects.filter(pk=player.pk).update(name=name, key=f"before {player.pk}")


POINTS = [40000, 30000, 20000, 10000]


def test_players_stored_before_the_key_stay_two_people_the_later_one_renamed(
    club: m.Club, owner: Any
) -> None:
    """The migration that gives every player, entry and team its key: two players of a
    club the key takes for one (“Ana” and “Ａｎａ”, stored when ``LOWER`` told them
    apart) stay two people with their games, the later one called “Ａｎａ 3” wherever
    the name stands (its game, bets, payments; “Ａｎａ 2” and the spectator “ana 4”
    are taken), the game's version and the season's revision raised; typing either
    name then finds Ana; the merged and the names of other clubs keep theirs; and the
    organiser can merge the two."""
    from seisan.web.events.models import Registration, Team  # noqa: PLC0415

    season = season_with(club, "mleague", owner)
    night = m.Session.objects.create(season=season)
    ana_game, _ = services.save_game(night, {"players": ["Ana", "Ben", "Chie", "Dae"],
                                             "points": POINTS}, owner)  # fmt: skip
    data = {"players": ["Wide", "Ben", "Chie", "Dae"], "points": POINTS,
            "sashi": ["Wide:Ben:10000"], "soto": {"Eve": "Wide", "ana 4": "Ben"}}  # fmt: skip
    game, _ = services.save_game(night, data, owner)
    ana = m.Player.objects.get(club=club, name="Ana")
    m.Player.objects.create(club=club, name="Ａｎａ 2")  # the first number is taken
    old = m.Player.objects.create(club=club, name="ANA", merged_into=ana)  # merged long ago
    other_club = m.Club.objects.create(name="Other", slug="other")
    elsewhere = m.Player.objects.create(club=other_club, name="Ａｎａ")
    m.Payment.objects.create(session=night, payer="Wide", payee="Ben", amount=5)
    wide = m.Player.objects.get(club=club, name="Wide")
    _stored_as(wide, "Ａｎａ", game)
    m.Payment.objects.update(payer="Ａｎａ")
    first = Registration.objects.create(season=season, name="Bo")
    later = Registration.objects.create(season=season, name="stand-in")
    Registration.objects.filter(pk=later.pk).update(name="ＢＯ", key="1")
    # Ana's entry, made after the entry “Ａｎａ” of the player renamed below: hers keeps
    # its name, as she keeps hers
    theirs = Registration.objects.create(season=season, name="stand-in 2")
    Registration.objects.filter(pk=theirs.pk).update(name="Ａｎａ", key="2", player=wide)
    hers = Registration.objects.create(season=season, name="Ana", player=ana)
    team = Team.objects.create(season=season, name="Kaze")
    game.refresh_from_db()
    season.refresh_from_db()
    version, revision = game.version, season.revision
    _migrate()
    names = dict(m.Player.objects.values_list("pk", "name"))
    keys = dict(m.Player.objects.values_list("pk", "key"))
    assert (names[ana.pk], keys[ana.pk], keys[old.pk]) == ("Ana", "ana", "ana")
    assert (names[wide.pk], keys[wide.pk]) == ("Ａｎａ 3", "ana 3")
    assert (names[elsewhere.pk], keys[elsewhere.pk]) == ("Ａｎａ", "ana")  # its own club's
    game.refresh_from_db()
    season.refresh_from_db()
    assert game.data["players"] == ["Ａｎａ 3", "Ben", "Chie", "Dae"]
    assert game.data["sashi"] == ["Ａｎａ 3:Ben:10000"]
    assert game.data["soto"] == {"Eve": "Ａｎａ 3", "ana 4": "Ben"}
    assert m.Game.objects.get(pk=ana_game.pk).data["players"][0] == "Ana"  # hers: as it was
    assert m.Payment.objects.get().payer == "Ａｎａ 3"
    assert (game.version, season.revision) == (version + 1, revision + 1)
    assert dict(Registration.objects.values_list("pk", "name")) == {
        first.pk: "Bo", later.pk: "ＢＯ 2", theirs.pk: "Ａｎａ 2", hers.pk: "Ana"}  # fmt: skip
    assert Team.objects.get(pk=team.pk).key == "kaze"
    assert services.player_named(club, "ａｎａ").pk == ana.pk
    assert game.seats.get(seat=0).player_id == wide.pk  # its game is its own still
    assert services.game_result_of(game).settlement.names[0] == "Ａｎａ 3"
    assert services.session_result(night) is not None  # the night settles
    services.merge_players(m.Player.objects.get(pk=wide.pk), ana, owner)
    game.refresh_from_db()
    assert game.data["players"][0] == "Ana"
    assert game.seats.get(seat=0).player_id == ana.pk
    _migrate()  # run again: nothing left to rename
    game.refresh_from_db()
    assert game.data["players"][0] == "Ana"


def test_two_players_one_key_in_case_alone_each_keeps_their_games(club: m.Club, owner: Any) -> None:
    """“Strauss” and “Strauß” (one key; one in case folding too): the later one is
    renamed letter for letter, so the other's games and payments keep his name."""
    season = season_with(club, "mleague", owner)
    night = m.Session.objects.create(season=season)
    first, _ = services.save_game(night, {"players": ["Strauss", "Ben", "Chie", "Dae"],
                                          "points": POINTS}, owner)  # fmt: skip
    later, _ = services.save_game(night, {"players": ["Later", "Ben", "Chie", "Dae"],
                                          "points": POINTS}, owner)  # fmt: skip
    _stored_as(m.Player.objects.get(name="Later"), "Strauß", later)
    m.Payment.objects.create(session=night, payer="Strauss", payee="Ben", amount=5)
    _migrate()
    first.refresh_from_db()
    later.refresh_from_db()
    assert first.data["players"][0] == "Strauss"
    assert later.data["players"][0] == "Strauß 2"
    assert m.Payment.objects.get().payer == "Strauss"
    assert sorted(m.Player.objects.values_list("name", flat=True)) == [
        "Ben", "Chie", "Dae", "Strauss", "Strauß 2"]  # fmt: skip


def test_a_spectator_written_otherwise_than_a_player_is_kept_apart(
    club: m.Club, owner: Any
) -> None:
    """A spectator “Ａｎａ” beside the player “Ana” (the web app had told them apart):
    the spectator is called “Ａｎａ 2”, in the game and its payments, so that the
    night still settles and a rename of Ana leaves the spectator alone; a spectator
    written in another case only (“ana”) had been Ana, and stays so."""
    season = season_with(club, "mleague", owner)
    night = m.Session.objects.create(season=season)
    services.save_game(night, {"players": ["Ana", "Ben", "Chie", "Dae"], "points": POINTS},
                       owner)  # fmt: skip
    game, _ = services.save_game(night, {"players": ["Eve", "Ben", "Chie", "Dae"],
                                         "points": POINTS, "soto": {"Xw": "Ben", "Yz": "Chie"}},
                                 owner)  # fmt: skip
    stored = services.rename_in_table(game.data, "Xw", "Ａｎａ")  # as stored before the key
    stored = services.rename_in_table(stored, "Yz", "ana")
    m.Game.objects.filter(pk=game.pk).update(
        data=stored, spectators={"Ａｎａ": game.spectators["Xw"], "ana": game.spectators["Yz"]}
    )
    m.Payment.objects.create(session=night, payer="Ａｎａ", payee="Ben", amount=5)
    _migrate()
    game.refresh_from_db()
    assert game.data["soto"] == {"Ａｎａ 2": "Ben", "ana": "Chie"}
    assert set(game.spectators) == {"Ａｎａ 2", "ana"}
    assert m.Payment.objects.get().payer == "Ａｎａ 2"
    assert services.session_result(night) is not None
    services.rename_player(m.Player.objects.get(name="Ana"), "Anabel", owner)
    game.refresh_from_db()
    assert game.data["soto"] == {"Ａｎａ 2": "Ben", "Anabel": "Chie"}


def test_the_player_the_rules_name_keeps_the_name(club: m.Club, owner: Any) -> None:
    """Of two players one key takes for one, the one the rules' standing bets name
    keeps the name (the bets go on naming them), though made later."""
    season = season_with(club, "mleague", owner)
    night = m.Session.objects.create(season=season)
    services.save_game(night, {"players": ["Ana", "Ben", "Chie", "Dae"], "points": POINTS},
                       owner)  # fmt: skip
    later, _ = services.save_game(night, {"players": ["Later", "Ben", "Chie", "Dae"],
                                          "points": POINTS}, owner)  # fmt: skip
    _stored_as(m.Player.objects.get(name="Later"), "Ａｎａ", later)
    version = season.rule_versions.order_by("-number").first()
    m.RulesVersion.objects.filter(pk=version.pk).update(
        toml=version.toml + '\n[side]\nsashi = ["Ａｎａ:Ben:10000"]\n'
    )
    _migrate()
    later.refresh_from_db()
    assert later.data["players"][0] == "Ａｎａ"
    assert sorted(m.Player.objects.values_list("name", flat=True)) == [
        "Ana 2", "Ben", "Chie", "Dae", "Ａｎａ"]  # fmt: skip


def test_a_merge_of_a_twin_in_other_letters_cannot_be_undone_and_says_why(
    club: m.Club, owner: Any
) -> None:
    """A guest “Ａｎａ” merged into “Ana” before names were told apart by their key:
    undoing it would make two players of one name, and the refusal names the player
    who holds it (it had said “a player is called Ａｎａ again”, and none was)."""
    season = season_with(club, "mleague", owner)
    night = m.Session.objects.create(season=season)
    services.save_game(night, {"players": ["Ana", "Ben", "Chie", "Dae"], "points": POINTS},
                       owner)  # fmt: skip
    services.save_game(night, {"players": ["Wide", "Ben", "Chie", "Dae"], "points": POINTS},
                       owner)  # fmt: skip
    wide = m.Player.objects.get(club=club, name="Wide")
    action = services.merge_players(wide, m.Player.objects.get(club=club, name="Ana"), owner)
    m.Player.objects.filter(pk=wide.pk).update(name="Ａｎａ")
    with pytest.raises(SeisanError, match="Ana is the same name as Ａｎａ") as refused:
        services.undo_merge(action, owner)
    assert "rename Ana first" in str(refused.value)
    action.refresh_from_db()
    assert action.undone is None


#: every field of a game table or record that names a person, as stored (the forms a
#: session file, a CSV and the table assistant write), with “Ana” renamed “Anabel”
NAMING_FIELDS = [
    ("table", {"sashi": ["Ana:Ben:10000"]}, {"sashi": ["Anabel:Ben:10000"]}),
    ("table", {"sashi": [["Ben", "Ana", 10000]]}, {"sashi": [["Ben", "Anabel", 10000]]}),
    ("table", {"busted": ["Dae:Ana"]}, {"busted": ["Dae:Anabel"]}),
    ("table", {"busted": {"Dae": "Ana"}}, {"busted": {"Dae": "Anabel"}}),
    ("table", {"soto": ["Ana:Ben"]}, {"soto": ["Anabel:Ben"]}),
    ("table", {"pool": [["Eve", "Ana"]]}, {"pool": [["Eve", "Anabel"]]}),
    ("table", {"chips": {"Ana": 2}}, {"chips": {"Anabel": 2}}),
    ("table", {"winners": ["Ana"]}, {"winners": ["Anabel"]}),
    ("table", {"penalties": ["Ana:-20:late"]}, {"penalties": ["Anabel:-20:late"]}),
    ("table", {"substitute": "Ben:Ana"}, {"substitute": "Ben:Anabel"}),
    ("table", {"substitute": "Ana:Gus"}, {"substitute": "Anabel:Gus"}),
    ("table", {"substitute": {"seat": "Ben", "by": "Ana", "from_start": True}},
     {"substitute": {"seat": "Ben", "by": "Anabel", "from_start": True}}),
    ("table", {"substitute": {"seat": "Ana", "by": "Gus"}},
     {"substitute": {"seat": "Anabel", "by": "Gus"}}),
    ("table", {"side": {"binta_pairs": ["Ana:Ben:1"]}},
     {"side": {"binta_pairs": ["Anabel:Ben:1"]}}),
    ("record", {"substitute": {"seat": "Ben", "by": "Ana"}},
     {"substitute": {"seat": "Ben", "by": "Anabel"}}),
    ("record", {"substitute": "Ana:Gus"}, {"substitute": "Anabel:Gus"}),
    ("record", {"hands": [{"calls": ["Ana"], "riichi": ["Ana"]}]},
     {"hands": [{"calls": ["Anabel"], "riichi": ["Anabel"]}]}),
    ("record", {"hands": [{"wins": [{"winner": "Ben", "daiminkan": "Ana", "pao": "Ana"}]}]},
     {"hands": [{"wins": [{"winner": "Ben", "daiminkan": "Anabel", "pao": "Anabel"}]}]}),
    ("record", {"hands": [{"from": "Ana", "result": "ron"}]},
     {"hands": [{"from": "Anabel", "result": "ron"}]}),
    ("record", {"penalties": ["Ana:-20:late"]}, {"penalties": ["Anabel:-20:late"]}),
    ("record", {"penalties": [{"player": "Ana", "points": -20, "reason": "Ana"}]},
     {"penalties": [{"player": "Anabel", "points": -20, "reason": "Ana"}]}),
    # what is no hand is left to the core's words, the hands after it renamed
    ("record", {"hands": ["Ana", 3, {"riichi": ["Ana"]}]},
     {"hands": ["Ana", 3, {"riichi": ["Anabel"]}]}),
    # a win's fields that name no one keep their text
    ("record", {"hands": [{"wins": [{"winner": "Ana", "yaku": "ana", "han": 1}, "Ana"]}]},
     {"hands": [{"wins": [{"winner": "Anabel", "yaku": "ana", "han": 1}, "Ana"]}]}),
    ("record", {"hands": "Ana"}, {"hands": "Ana"}),
]  # fmt: skip


@pytest.mark.parametrize(("kind", "stored", "renamed"), NAMING_FIELDS)
def test_a_rename_reaches_every_field_that_names_a_person(
    kind: str, stored: dict[str, Any], renamed: dict[str, Any]
) -> None:
    """A rename or merge left a name where the core reads one (a call, a 大明槓's
    feeder, a substitute's own name, bets given as lists): the game was then refused
    (“calls: “Ana” is not a player”), or the name fell to the player who kept it."""
    rename = services.rename_in_table if kind == "table" else services.rename_in_record
    base = {"players": ["Ana", "Ben", "Chie", "Dae"]}
    out = rename({**base, **stored}, "Ana", "Anabel")
    assert out == {"players": ["Anabel", "Ben", "Chie", "Dae"], **renamed}


def test_a_rename_keeps_both_bets_of_a_game_stored_with_two_spellings(
    club: m.Club, owner: Any
) -> None:
    """A game stored before names had keys, where “zed” and “ｚｅｄ” each backed a
    player: renaming Zed keeps both bets, as its table keeps both names (one was lost
    in silence)."""
    season = season_with(club, "tenhou", owner)
    night = m.Session.objects.create(season=season)
    four = {"players": ["Zed", "Ben", "Chie", "Dae"], "points": [25000, 25000, 25000, 25000]}
    services.save_game(night, four, owner)
    game, _ = services.save_game(night, {**TABLE, "soto": {"eve": "Ben"}}, owner)
    bets = {"zed": {"total": "10", "money": None}, "ｚｅｄ": {"total": "20", "money": None}}
    soto = {"zed": "Ana", "ｚｅｄ": "Ben"}
    m.Game.objects.filter(pk=game.pk).update(spectators=bets, data={**game.data, "soto": soto})
    services.rename_player(club.players.get(name="Zed"), "Kai", owner)
    game.refresh_from_db()
    assert game.spectators == bets and game.data["soto"] == soto


def test_the_migration_renames_every_field_and_follows_the_seats(club: m.Club, owner: Any) -> None:
    """The renamed twin's name wherever the core reads one: a call of a hand record,
    bets given as lists (as a CSV stores them), the substitute's own name; a seat
    written in another case than the player's name (the seats say who sat there); the
    rules' player found by the rules' bets, not by a name inside another
    (“Chie:Anabel”); and each game then settles."""
    season = season_with(club, "mleague", owner)
    night = m.Session.objects.create(season=season)
    services.save_game(night, {"players": ["Ana", "Ben", "Chie", "Dae"], "points": POINTS},
                       owner)  # fmt: skip
    listed, _ = services.save_game(night, {"players": ["Wide", "Ben", "Chie", "Dae"],
                                           "points": POINTS}, owner)  # fmt: skip
    wide = m.Player.objects.get(club=club, name="Wide")
    stored = {**listed.data, "players": ["ＡＮＡ", "Ben", "Chie", "Dae"],
              "soto": ["Eve:Ａｎａ"], "sashi": [["Ａｎａ", "Ben", 10000]]}  # fmt: skip
    m.Game.objects.filter(pk=listed.pk).update(data=stored)
    m.Player.objects.filter(pk=wide.pk).update(name="Ａｎａ", key="before")
    version = season.rule_versions.order_by("-number").first()
    m.RulesVersion.objects.filter(pk=version.pk).update(
        toml=version.toml + '\n[side]\nsashi = ["Chie:Anabel:5000"]\n'
    )
    _migrate()
    listed.refresh_from_db()
    assert m.Player.objects.get(pk=wide.pk).name == "Ａｎａ 2"
    assert listed.data["players"][0] == "Ａｎａ 2"  # its seat said “ＡＮＡ”
    assert listed.data["soto"] == ["Eve:Ａｎａ 2"]
    assert listed.data["sashi"] == [["Ａｎａ 2", "Ben", 10000]]
    assert services.game_result_of(listed).settlement.names[0] == "Ａｎａ 2"


_JSON = st.recursive(
    st.none() | st.booleans() | st.integers() | st.sampled_from(["Ana", "ａｎａ", "Ben:ana", ""]),
    lambda inner: st.lists(inner, max_size=4)
    | st.dictionaries(st.sampled_from(["players", "soto", "pool", "sashi", "busted", "chips",
                                       "substitute", "hands", "wins", "calls", "by", "seat",
                                       "penalties", "winner", "side", "Ana"]), inner, max_size=5),
    max_leaves=20,
)  # fmt: skip


@settings(max_examples=300, deadline=None)
@given(data=st.dictionaries(st.sampled_from(["players", "soto", "pool", "sashi", "busted",
                                              "chips", "substitute", "hands", "penalties",
                                              "winners", "side"]), _JSON, max_size=6))  # fmt: skip
def test_renaming_a_table_not_yet_checked_never_fails(data: dict[str, Any]) -> None:
    """A form or an API call is named as the club writes its players before the core
    checks it (as_the_club_writes): the renaming takes any JSON and leaves to the core
    what it cannot read (an API call had ended in a 500)."""
    table = services.rename_in_table(data, "ana", "Ana")
    record = services.rename_in_record(data, "ana", "Ana")
    assert set(table) >= set(data) and set(record) >= set(data)


def test_a_game_is_stored_as_the_club_writes_its_players(club: m.Club, owner: Any) -> None:
    """Seats, a spectator and a spectator's bet typed in other letters or spaces are
    stored with the players' own names; a spectator who is nobody's stays as typed; the
    same spectator twice in two spellings is refused in words, not kept once (a table
    keyed by names would have kept only the last); a name no name may be is the core's
    error, not the database's."""
    season = season_with(club, "mleague", owner)
    night = m.Session.objects.create(season=season)
    services.save_game(night, {"players": ["Ana", "Ben", "Chie", "山田 太郎"], "points": POINTS},
                       owner)  # fmt: skip
    m.Player.objects.create(club=club, name="Eve")
    game, _ = services.save_game(night, {
        "players": ["ａｎａ", "BEN", "Chie", "山田\u3000太郎"], "points": POINTS,
        "soto": {"eve": "ａｎａ", "Zed": "BEN"}}, owner)  # fmt: skip
    assert game.data["players"] == ["Ana", "Ben", "Chie", "山田 太郎"]
    assert game.data["soto"] == {"Eve": "Ana", "Zed": "Ben"}
    assert set(game.spectators) == {"Eve", "Zed"}
    with pytest.raises(SeisanError, match="already a player or a spectator"):
        services.save_game(night, {"players": ["Ana", "Ben", "Chie", "Dae"], "points": POINTS,
                                   "soto": {"eve": "Ana", "Eve": "Dae"}}, owner)  # fmt: skip
    for bad in ("Ana\ud800", "Ana\x00"):
        with pytest.raises(SeisanError):
            services.save_game(night, {}, owner, record={
                "players": [bad, "Ben", "Chie", "Dae"], "hands": []})  # fmt: skip
    assert night.games.count() == 2


def test_an_edit_of_a_game_stored_as_typed_says_only_what_changed(club: m.Club, owner: Any) -> None:
    """A game stored before names were stored as the club writes them (“ana”): its
    edit changes Ben's points, and the club's history says that, not “who sat East:
    ana → Ana” and Ana's points from nothing."""
    from seisan.i18n import Lang  # noqa: PLC0415
    from seisan.web.clubs import history  # noqa: PLC0415

    season = season_with(club, "mleague", owner)
    night = m.Session.objects.create(season=season)
    game, _ = services.save_game(night, {"players": ["Ana", "Ben", "Chie", "Dae"],
                                         "points": POINTS}, owner)  # fmt: skip
    m.Game.objects.filter(pk=game.pk).update(
        data={**game.data, "players": ["ana", "Ben", "Chie", "Dae"]}
    )
    game.refresh_from_db()
    services.save_game(night, {"players": ["ana", "Ben", "Chie", "Dae"],
                               "points": [40000, 31000, 19000, 10000]}, owner,
                       game=game, version=game.version)  # fmt: skip
    edit = m.Action.objects.get(kind="game.edited")
    assert history.changed(edit, Lang.EN)[:2] == [
        "Ben's points: 30000 → 31000", "Chie's points: 20000 → 19000"]  # fmt: skip


def test_an_imported_file_is_stored_as_the_club_writes_its_players(
    club: m.Club, owner: Any
) -> None:
    """A session file whose players the club has, written in other letters (“ＡＮＡ”,
    “ben”), is stored under the players' own names, as a game entered at the table; a
    name the club does not have stays as the file writes it."""
    from seisan.web.clubs import files  # noqa: PLC0415

    season = season_with(club, 'extends = "mleague"\n[side]\nchip_value = 2\n', owner)
    night = m.Session.objects.create(season=season)
    services.save_game(night, {"players": ["Ana", "Ben", "Chie", "Dae"], "points": POINTS},
                       owner)  # fmt: skip
    text = (EXAMPLES / "friday.csv").read_text(encoding="utf-8")
    text = text.replace("Ana", "ＡＮＡ").replace("Ben", "ben")
    session, count = files.import_session(season, text, "friday.csv", owner)
    games = list(session.games.order_by("number"))
    assert count == 3 and games[0].data["players"] == ["Ana", "Ben", "Chie", "Dae"]
    assert games[1].data["sashi"] == ["Ana:Ben:10000"]
    assert games[1].data["soto"] == ["Eve:Chie"]  # Eve: not a player here, as written
    assert m.Player.objects.filter(club=club).count() == 5  # Eve the one new


def test_every_field_is_stored_as_the_club_writes_and_a_new_guest_as_made(
    club: m.Club, owner: Any
) -> None:
    """A seat written right and a bet, chips or a penalty not: every field is stored
    with the player's spelling (an edit's history then says only what changed); a
    spectator given as one pair of text; a new guest typed with another space is
    stored as the player made of it, and the same form sent again is the same game."""
    from seisan.i18n import Lang  # noqa: PLC0415
    from seisan.web.clubs import history  # noqa: PLC0415

    season = season_with(club, 'extends = "mleague"\n[side]\nchip_value = 2\n', owner)
    night = m.Session.objects.create(season=season)
    services.save_game(night, {"players": ["Ana", "Ben", "Chie", "Dae"], "points": POINTS},
                       owner)  # fmt: skip
    m.Player.objects.create(club=club, name="Eve")
    game, _ = services.save_game(night, {
        "players": ["Ana", "Ben", "Chie", "Dae"], "points": POINTS,
        "sashi": ["ａｎａ:ben:10000"], "chips": {"ana": 3, "BEN": -3},
        "penalties": ["ana:5"], "soto": "eve:ANA"}, owner)  # fmt: skip
    assert game.data["sashi"] == ["Ana:Ben:10000"]
    assert game.data["chips"] == {"Ana": 3, "Ben": -3}
    assert game.data["penalties"] == ["Ana:5"]
    assert game.data["soto"] == "Eve:Ana" and set(game.spectators) == {"Eve"}
    services.save_game(night, {**game.data, "points": [40000, 31000, 19000, 10000]}, owner,
                       game=game, version=game.version)  # fmt: skip
    edit = m.Action.objects.get(kind="game.edited")
    assert history.changed(edit, Lang.EN)[:2] == [
        "Ben's points: 30000 → 31000", "Chie's points: 20000 → 19000"]  # fmt: skip
    new = {"players": ["山田\u3000太郎", "Ben", "Chie", "Dae"], "points": POINTS}
    first, created = services.save_game(night, new, owner, key="k1")
    assert created and first.data["players"][0] == "山田 太郎"
    assert first.seats.get(seat=0).player.name == "山田 太郎"
    again, created = services.save_game(night, new, owner, key="k1")
    assert again.pk == first.pk and not created


def test_an_imported_game_with_a_spectators_list_can_be_edited(club: m.Club, owner: Any) -> None:
    """A CSV's spectators are stored as a list (``["Eve:Chie"]``): an edit of such a
    game ended in a traceback where the history compared them; it says what changed."""
    from seisan.i18n import Lang  # noqa: PLC0415
    from seisan.web.clubs import files, history  # noqa: PLC0415

    season = season_with(club, 'extends = "mleague"\n[side]\nchip_value = 2\n', owner)
    text = (EXAMPLES / "friday.csv").read_text(encoding="utf-8")
    session, _count = files.import_session(season, text, "friday.csv", owner)
    game = session.games.get(number=2)
    assert game.data["soto"] == ["Eve:Chie"]
    services.save_game(session, {**game.data, "soto": ["Eve:Dae"]}, owner, game=game,
                       version=game.version)  # fmt: skip
    edit = m.Action.objects.get(kind="game.edited")
    assert "whom Eve backs (外ウマ): Chie → Dae" in history.changed(edit, Lang.EN)


def test_thousands_of_names_are_looked_up_in_parts(
    club: m.Club, monkeypatch: pytest.MonkeyPatch
) -> None:
    """An imported file's names are looked up a few thousand at a time (two parameters
    a name: SQLite's usual limit is 32,766 a query); each found where it stands."""
    from seisan.web.clubs import reads  # noqa: PLC0415

    monkeypatch.setattr(reads, "NAMES_AT_ONCE", 3)
    for name in ("Ana", "Ben", "Chie", "Dae"):
        m.Player.objects.create(club=club, name=name)
    asked = ["x1", "ｂｅｎ", "x2", "x3", "ANA", "x4", "dae"]
    found = reads.players(club, asked)
    assert [p.name if p else None for p in found] == [
        None, "Ben", None, None, "Ana", None, "Dae"]  # fmt: skip
    assert reads.players(club, []) == []


@pytest.mark.parametrize(
    ("source", "names"),
    [
        ({"players": ["Ana", "Ben", "Chie", "Dae"]}, ["Ana", "Ben", "Chie", "Dae"]),
        ({"players": ["Ana", 3, None, "Dae"]}, ["Ana", "Dae"]),  # not names: the core says
        ({"players": "Ana,Ben"}, []),
        ({"players": ["Ana", "ana", "Ana"]}, ["Ana", "ana"]),  # each spelling, once
        ({"players": ["Ana", " ", "", "A\ud800", "B\x00"]}, ["Ana"]),  # no name may be
        ({"soto": {"eve": "Ana"}, "pool": {"fay": "Ben"}}, ["eve", "fay"]),
        # a spectator's pair in every form the core reads, and what is no pair
        (
            {"soto": ["eve:Ana", ["fay", "Ben"], "gus", [], [7, "Ben"], 7, None, {"x": "y"}]},
            ["eve", "fay", "gus"],
        ),
        ({"soto": "eve:Ana:2"}, ["eve"]),
        ({"pool": ":Ana"}, []),
        ({"soto": 5, "pool": None}, []),
        ({"players": ["Ana"], "substitute": "1:Hana"}, ["Ana", "Hana"]),
        ({"substitute": {"seat": "Ana", "by": "Hana"}}, ["Hana"]),
        ({"substitute": "Hana"}, []),  # no seat: the core's words
        ({"substitute": {"seat": "Ana", "by": 3}}, []),
        ([["Ana"]], []),
        ("Ana", []),
    ],
)
def test_the_names_a_table_writes_where_a_person_stands(source: Any, names: list[str]) -> None:
    """What a game is looked up by before it is stored: seats, spectators in each form
    the core reads, a substitute; anything else left to the core's own words."""
    assert services.names_written(source) == names


def test_a_rename_finds_the_games_a_player_only_substituted_in(club: m.Club, owner: Any) -> None:
    """Hana played only as a substitute (代走), written in other letters, in a table and
    in a record: a rename finds both games and writes the new name there."""
    season = season_with(club, "tenhou", owner)
    night = m.Session.objects.create(season=season)
    four = ["Ana", "Ben", "Chie", "Dae"]
    table, _ = services.save_game(night, {"players": four, "points": [42600, 31000, 16400, 10000]},
                                  owner)  # fmt: skip
    record = json.loads((EXAMPLES / "game.json").read_text(encoding="utf-8"))
    kept, _ = services.save_game(night, {}, owner, record=record)
    m.Game.objects.filter(pk=table.pk).update(data={**table.data, "substitute": "Ana:hana"})
    seat = record["players"][1]
    m.Game.objects.filter(pk=kept.pk).update(record={**record, "substitute": {
        "seat": seat, "by": "ＨＡＮＡ"}})  # fmt: skip
    hana = m.Player.objects.create(club=club, name="Hana")
    services.rename_player(hana, "Hanako", owner)
    table.refresh_from_db()
    kept.refresh_from_db()
    assert table.data["substitute"] == "Ana:Hanako"
    assert kept.record["substitute"] == {"seat": seat, "by": "Hanako"}
