"""Merging a duplicate guest into a player, and undoing it, over everything that names
them: game tables and hand-by-hand records, spectators' bets, payments, the table
assistant's tables, the nights' seatings, seats, teams and the tournament desk. After
the undo every row is as it was, with each changed game and table one version on; each
refusal in its words, with nothing changed."""

from __future__ import annotations

import json
from typing import Any

import pytest
from django.db.models import F

from seisan.errors import SeisanError
from seisan.web.clubs import models as m
from seisan.web.clubs import services
from seisan.web.events.models import (
    CheckIn,
    Registration,
    Seating,
    Substitution,
    Team,
    TeamMember,
)
from seisan.web.tables.models import Table

from .conftest import EXAMPLES, season_with

RULES = (EXAMPLES / "club.toml").read_text(encoding="utf-8")
RECORD = json.loads((EXAMPLES / "game.json").read_text(encoding="utf-8"))


def renamed(data: Any, old: str, new: str) -> Any:
    return json.loads(json.dumps(data).replace(f'"{old}"', f'"{new}"'))


def snapshot(club: m.Club) -> dict[str, Any]:
    """Every row of the club that names a player, by what a person would compare."""
    games = m.Game.objects.filter(session__season__club=club)
    return {
        "games": {g.pk: (g.data, g.record, g.spectators, g.version) for g in games},
        "seats": sorted((s.game_id, s.seat, s.player.name) for s in
                        m.Seat.objects.filter(game__in=games).select_related("player")),
        "payments": sorted((p.pk, p.payer, p.payee) for p in
                           m.Payment.objects.filter(session__season__club=club)),
        "tables": {t.pk: (t.names, [e["hand"] for e in t.hands], t.version)
                   for t in Table.objects.filter(session__season__club=club)},
        "seatings": {s.pk: (s.tables, s.sitting_out) for s in Seating.objects.all()},
        "members": sorted((t.season.name, t.team.name, t.player.name)
                          for t in TeamMember.objects.select_related("season", "team", "player")),
        "entries": sorted((r.pk, r.player.name if r.player else None)
                          for r in Registration.objects.select_related("player")),
        "check_ins": sorted((c.session_id, c.player.name)
                            for c in CheckIn.objects.select_related("player")),
        "substitutions": sorted((s.pk, s.player.name, s.by.name)
                                for s in Substitution.objects.select_related("player", "by")),
        "players": sorted((p.name, p.merged_into.name if p.merged_into else None)
                          for p in club.players.select_related("merged_into")),
    }  # fmt: skip


@pytest.fixture
def scene(club: m.Club, owner: Any) -> dict[str, Any]:
    """Anna, a guest, named everywhere a player can be named; Ana, the player she is."""
    autumn = season_with(club, RULES, owner, "Autumn")
    spring = season_with(club, RULES, owner, "Spring")
    one = m.Session.objects.create(season=autumn, title="One")
    two = m.Session.objects.create(season=autumn, title="Two")
    three = m.Session.objects.create(season=spring, title="Three")
    table = {"players": ["Anna", "Ben", "Chie", "Dae"], "points": [42600, 31000, 16400, 10000],
             "chips": [2, -1, 0, -1], "sashi": ["Anna:Ben:10000", "Chie:Dae:5000"],
             "soto": {"Eve": "Anna"}, "penalties": ["Anna:5:late", "Ben:2:phone"]}  # fmt: skip
    services.save_game(one, table, owner)
    services.save_game(one, {"players": ["Ana", "Ben", "Chie", "Dae"],
                             "points": [32600, 31000, 26400, 10000]}, owner)  # fmt: skip
    record = renamed(RECORD, "Ana", "Anna")
    record["penalties"] = [{"player": "Anna", "pt": 5}, {"player": "Ben", "pt": 1}]
    record["substitute"] = {"seat": "Anna", "by": "Hana"}
    services.save_game(two, {}, owner, record=record)
    services.save_game(three, {"players": ["Ben", "Chie", "Dae", "Gus"],  # Anna watching
                               "points": [42600, 31000, 16400, 10000],
                               "soto": {"Anna": "Ben"}}, owner)  # fmt: skip
    services.save_game(three, {"players": ["Ben", "Chie", "Dae", "Hal"],  # not Anna
                               "points": [42600, 31000, 16400, 10000]}, owner)  # fmt: skip
    services.save_game(three, {"players": ["Ben", "Chie", "Dae", "Anna"],
                               "points": [25000, 25000, 25000, 25000]}, owner)  # fmt: skip
    m.Payment.objects.create(session=one, payer="Anna", payee="Ben", amount=500)
    m.Payment.objects.create(session=one, payer="Chie", payee="anna", amount=300)
    m.Payment.objects.create(session=one, payer="Chie", payee="Dae", amount=100)
    hands = [{"hand": {"result": "ron", "from": "Ben", "riichi": ["Anna"],
                       "wins": [{"winner": "Anna", "han": 3, "fu": 30}]}, "key": "a"},
             {"hand": {"result": "draw", "tenpai": ["Anna", "Ben"]}, "key": "b"}]  # fmt: skip
    Table.objects.create(session=one, number=1, rules=autumn.rules,
                         names=["Ben", "Chie", "Dae", "Eve"], hands=[])  # fmt: skip
    Table.objects.create(session=one, number=2, rules=autumn.rules,
                         names=["Anna", "Ben", "Chie", "Dae"], hands=hands)  # fmt: skip
    Seating.objects.create(
        session=three,
        number=1,
        method="random",
        seed=1,
        tables=[["Ben", "Chie", "Dae", "Eve"]],
        sitting_out=[],
    )
    Seating.objects.create(
        session=one,
        number=1,
        method="random",
        seed=1,
        tables=[["Anna", "Ben", "Chie", "Dae"]],
        sitting_out=["Eve"],
    )
    Seating.objects.create(
        session=two,
        number=1,
        method="random",
        seed=1,
        tables=[["Ben", "Chie", "Dae", "Eve"]],
        sitting_out=["anna"],
    )
    players = {p.name: p for p in club.players.all()}
    for name in ("Eve", "Gus", "Hal"):
        players[name] = services.player_named(club, name)
    anna, ana = players["Anna"], players["Ana"]
    autumn_team = Team.objects.create(season=autumn, name="Drivens")
    spring_team = Team.objects.create(season=spring, name="Pirates")
    TeamMember.objects.create(team=autumn_team, season=autumn, player=anna)
    TeamMember.objects.create(team=autumn_team, season=autumn, player=ana)
    TeamMember.objects.create(team=spring_team, season=spring, player=anna)
    Registration.objects.create(season=autumn, name="Anna", player=anna, status="approved")
    Registration.objects.create(season=spring, name="Ana", player=ana, status="approved")
    CheckIn.objects.create(session=one, player=anna)
    CheckIn.objects.create(session=two, player=anna)
    CheckIn.objects.create(session=two, player=ana)
    Substitution.objects.create(season=autumn, player=anna, by=players["Gus"], since=one)
    Substitution.objects.create(season=spring, player=players["Hal"], by=anna, since=three)
    return {"club": club, "anna": anna, "ana": ana, "one": one, "players": players}


def test_a_merge_moves_everything_and_its_undo_puts_every_row_back(
    scene: dict[str, Any], owner: Any
) -> None:
    club, anna, ana = scene["club"], scene["anna"], scene["ana"]
    before = snapshot(club)
    revisions = dict(club.seasons.values_list("pk", "revision"))
    action = services.merge_players(anna, ana, owner)
    assert (action.kind, action.who, action.fields["a"], action.fields["b"]) == (
        "players.merged", owner, "Anna", "Ana")  # fmt: skip
    assert action.link == ["clubs:player", [ana.pk]]
    merged = snapshot(club)
    touched = {pk for pk, game in before["games"].items() if "Anna" in json.dumps(game[:3])}
    assert len(touched) == 4
    for pk, (data, record, spectators, version) in merged["games"].items():
        was = before["games"][pk]
        if pk in touched:
            # each name, and the first part of a pair bet or a penalty (ANNA:...)
            expected = json.loads(json.dumps(list(was[:3])).replace('"Anna', '"Ana'))
            assert [data, record, spectators] == expected
            assert version == was[3] + 1
        else:
            assert (data, record, spectators, version) == was
    assert "Anna" not in json.dumps(merged["seats"])
    assert [row[1:] for row in before["payments"]] == [("Anna", "Ben"), ("Chie", "anna"),
                                                       ("Chie", "Dae")]  # fmt: skip
    assert [row[1:] for row in merged["payments"]] == [("Ana", "Ben"), ("Chie", "Ana"),
                                                       ("Chie", "Dae")]  # fmt: skip
    second, first = sorted(merged["tables"])  # the plain table made first
    assert merged["tables"][first] == (["Ana", "Ben", "Chie", "Dae"],
                                       renamed(before["tables"][first][1], "Anna", "Ana"),
                                       before["tables"][first][2] + 1)  # fmt: skip
    assert merged["tables"][second] == before["tables"][second]
    assert sorted(merged["seatings"].values()) == sorted([
        ([["Ana", "Ben", "Chie", "Dae"]], ["Eve"]), ([["Ben", "Chie", "Dae", "Eve"]], ["Ana"]),
        ([["Ben", "Chie", "Dae", "Eve"]], [])])  # fmt: skip
    assert merged["members"] == [("Autumn", "Drivens", "Ana"), ("Spring", "Pirates", "Ana")]
    assert [name for _pk, name in merged["entries"]] == ["Ana", "Ana"]
    assert merged["check_ins"] == [(scene["one"].pk, "Ana"), (scene["one"].pk + 1, "Ana")]
    assert [(p, b) for _pk, p, b in merged["substitutions"]] == [("Ana", "Gus"), ("Hal", "Ana")]
    assert ("Anna", "Ana") in merged["players"]
    assert all(revision > revisions[pk] for pk, revision
               in club.seasons.values_list("pk", "revision"))  # fmt: skip
    # a hand entered at the table since the merge stays, under the old name
    table = Table.objects.get(pk=first)
    table.hands = [*table.hands, {"hand": {"result": "tsumo", "wins": [{"winner": "Ana",
                                                                          "han": 1, "fu": 30}]},
                                  "key": "c"}]  # fmt: skip
    table.save()
    revisions = dict(club.seasons.values_list("pk", "revision"))
    services.undo_merge(action, owner)
    after = snapshot(club)
    for pk, game in after["games"].items():
        was = before["games"][pk]
        assert game[:3] == was[:3]
        assert game[3] == was[3] + (2 if pk in touched else 0)
    for key in (
        "seats",
        "payments",
        "seatings",
        "members",
        "entries",
        "check_ins",
        "substitutions",
        "players",
    ):
        assert after[key] == before[key], key
    names, hands, version = after["tables"][first]
    assert names == before["tables"][first][0] and version == before["tables"][first][2] + 2
    assert hands == [
        *before["tables"][first][1],
        {"result": "tsumo", "wins": [{"winner": "Anna", "han": 1, "fu": 30}]},
    ]
    assert after["tables"][second] == before["tables"][second]
    assert all(revision > revisions[pk] for pk, revision
               in club.seasons.values_list("pk", "revision"))  # fmt: skip
    action.refresh_from_db()
    assert action.undone is not None
    said = club.actions.latest("pk")
    assert (said.kind, said.fields["a"], said.fields["b"], said.who) == (
        "players.unmerged",
        "Anna",
        "Ana",
        owner,
    )
    assert said.link == ["clubs:player", [anna.pk]]
    with pytest.raises(SeisanError, match=r"^this cannot be undone$"):
        services.undo_merge(action, owner)  # twice
    assert snapshot(club) == after


def test_an_undo_recorded_before_tables_seatings_teams_and_the_desk_existed(
    scene: dict[str, Any], owner: Any
) -> None:
    """A merge kept in the history by an earlier version names games, payments and
    seats only: its undo puts those back and leaves the rest as it is."""
    club, anna, ana = scene["club"], scene["anna"], scene["ana"]
    action = services.merge_players(anna, ana, owner)
    old = {k: action.undo[k] for k in ("games", "payments", "seats", "source", "target")}
    m.Action.objects.filter(pk=action.pk).update(undo=old)
    action.refresh_from_db()
    merged = snapshot(club)
    services.undo_merge(action, owner)
    after = snapshot(club)
    assert "Anna" in json.dumps(after["seats"]) and after["payments"] != merged["payments"]
    for key in ("tables", "seatings", "members", "entries", "substitutions"):
        assert after[key] == merged[key], key


@pytest.mark.parametrize("what", ["kind", "undone", "empty"])
def test_what_is_not_a_merge_to_undo(scene: dict[str, Any], owner: Any, what: str) -> None:
    club = scene["club"]
    action = services.merge_players(scene["anna"], scene["ana"], owner)
    if what == "kind":
        m.Action.objects.filter(pk=action.pk).update(kind="players.renamed")
    elif what == "undone":
        m.Action.objects.filter(pk=action.pk).update(undone=action.when)
    else:
        m.Action.objects.filter(pk=action.pk).update(undo={})
    action.refresh_from_db()
    before = snapshot(club)
    with pytest.raises(SeisanError) as raised:
        services.undo_merge(action, owner)
    assert raised.value.message.text("en") == "this cannot be undone"
    assert snapshot(club) == before


def test_a_game_changed_since_the_merge_stops_the_undo(scene: dict[str, Any], owner: Any) -> None:
    club = scene["club"]
    action = services.merge_players(scene["anna"], scene["ana"], owner)
    pk = action.undo["games"][-1]["pk"]
    m.Game.objects.filter(pk=pk).update(version=F("version") + 1)
    before = snapshot(club)
    with pytest.raises(SeisanError) as raised:
        services.undo_merge(action, owner)
    assert raised.value.message.text("en") == (
        "a game the merge changed was changed again since: undo it by hand"
    )
    assert snapshot(club) == before
    m.Game.objects.filter(pk=pk).delete()  # a game gone since
    before = snapshot(club)
    with pytest.raises(SeisanError, match="changed again since"):
        services.undo_merge(action, owner)
    assert snapshot(club) == before


def test_a_table_that_seats_the_name_twice_since_stops_the_undo(
    scene: dict[str, Any], owner: Any
) -> None:
    club = scene["club"]
    action = services.merge_players(scene["anna"], scene["ana"], owner)
    table = Table.objects.get(number=2)
    table.names = ["Ana", "Ben", "ana", "Dae"]
    table.save()
    before = snapshot(club)
    with pytest.raises(SeisanError) as raised:
        services.undo_merge(action, owner)
    assert raised.value.message.text("en") == (
        "a table the merge changed was changed again since: undo it by hand"
    )
    assert snapshot(club) == before


@pytest.mark.parametrize(
    "then",
    [["Ben", "Chie", "Dae", "Eve", "Anna"],  # one seat past the table's last
     ["Ben", "Chie", "Dae", "Eve"]],  # not at the table then
)  # fmt: skip
def test_a_table_seated_otherwise_than_the_merge_noted_stops_the_undo(
    scene: dict[str, Any], owner: Any, then: list[str]
) -> None:
    """The merged name's seat as the merge noted it is no seat at the table now: the
    table was changed since, and the undo says so with nothing changed."""
    club = scene["club"]
    action = services.merge_players(scene["anna"], scene["ana"], owner)
    undo = dict(action.undo)
    undo["tables"] = [entry | {"names": then} for entry in undo["tables"]]
    action.undo = undo
    action.save(update_fields=["undo"])
    before = snapshot(club)
    with pytest.raises(SeisanError) as raised:
        services.undo_merge(action, owner)
    assert raised.value.message.text("en") == (
        "a table the merge changed was changed again since: undo it by hand"
    )
    assert snapshot(club) == before


def test_check_ins_come_back_by_their_night_as_they_stand(
    scene: dict[str, Any], owner: Any
) -> None:
    """A night both names checked in: the guest's check-in comes back on that night (the
    night noted, not the row's id); a night only the player checked in stays theirs
    alone; a check-in taken back since the merge is not made again by the undo."""
    club, anna, ana = scene["club"], scene["anna"], scene["ana"]
    one = scene["one"]
    two = m.Session.objects.get(season__club=club, title="Two")
    three = m.Session.objects.get(season__club=club, title="Three")
    CheckIn.objects.filter(player=anna, session=two).delete()
    CheckIn.objects.create(session=three, player=ana)  # the player alone that night
    again = CheckIn.objects.create(session=two, player=anna)  # a row whose id is not the night's
    assert again.pk != two.pk
    action = services.merge_players(anna, ana, owner)
    assert action.undo["check_ins_both"] == [two.pk]
    CheckIn.objects.filter(player=ana, session=one).delete()  # taken back since the merge
    services.undo_merge(action, owner)
    assert sorted((c.session.title, c.player.name)
                  for c in CheckIn.objects.select_related("session", "player")) == [
        ("Three", "Ana"), ("Two", "Ana"), ("Two", "Anna")]  # fmt: skip


def test_gone_tables_and_seatings_are_passed_over(scene: dict[str, Any], owner: Any) -> None:
    club = scene["club"]
    action = services.merge_players(scene["anna"], scene["ana"], owner)
    Table.objects.filter(number=2).delete()
    Seating.objects.filter(sitting_out=["Ana"]).delete()
    services.undo_merge(action, owner)
    after = snapshot(club)
    assert sorted(after["seatings"].values()) == [
        ([["Anna", "Ben", "Chie", "Dae"]], ["Eve"]),
        ([["Ben", "Chie", "Dae", "Eve"]], []),
    ]


def test_desk_refusals_word_for_word(scene: dict[str, Any], owner: Any) -> None:
    """Two people each with a substitute in one season, or one standing in for the
    other, are not merged; nothing changes."""
    club, anna, ana, players = scene["club"], scene["anna"], scene["ana"], scene["players"]
    autumn = club.seasons.get(name="Autumn")
    both = Substitution.objects.create(season=autumn, player=ana, by=players["Hal"],
                                       since=scene["one"])  # fmt: skip
    before = snapshot(club)
    with pytest.raises(SeisanError) as raised:
        services.merge_players(anna, ana, owner)
    assert raised.value.message.text("en") == (
        "Anna and Ana both have a substitute this season: end one first"
    )
    assert snapshot(club) == before
    both.delete()
    for player, by in ((anna, ana), (ana, anna)):  # either way round: the same words
        Substitution.objects.all().delete()
        Substitution.objects.create(season=autumn, player=player, by=by, since=scene["one"])
        before = snapshot(club)
        with pytest.raises(SeisanError) as raised:
            services.merge_players(anna, ana, owner)
        assert raised.value.message.text("en") == (
            "Anna plays Ana's seat as a substitute: they are two people"
        )
        assert snapshot(club) == before


def test_substitutes_in_two_seasons_are_merged(scene: dict[str, Any], owner: Any) -> None:
    """Anna left Autumn (Gus plays her seat); Ana left Spring: one person who left two
    seasons, merged, both substitutions hers."""
    club, anna, ana, players = scene["club"], scene["anna"], scene["ana"], scene["players"]
    Substitution.objects.filter(by=anna).delete()
    spring = club.seasons.get(name="Spring")
    Substitution.objects.create(season=spring, player=ana, by=players["Eve"], since=scene["one"])
    services.merge_players(anna, ana, owner)
    assert sorted((s.season.name, s.player.name, s.by.name) for s in Substitution.objects.all()
                  ) == [("Autumn", "Ana", "Gus"), ("Spring", "Ana", "Eve")]  # fmt: skip


def test_a_record_renamed_wherever_it_names_a_player() -> None:
    record = {
        "title": "Anna's night", "players": ["Anna", "Ben", "Chie", "Dae"],
        "substitute": {"seat": "anna", "by": "Anna", "from_start": False},
        "penalties": [{"player": "Anna", "pt": 5, "reason": "Anna"}, "Anna:2:Anna",
                      {"seat": " ANNA ", "pt": 1}, 7],
        "hands": [
            {"round": "E1", "result": "ron", "from": "Anna", "riichi": ["Anna", "Ben"],
             "wins": [{"winner": "Ben", "pao": "Anna", "han": 13, "yaku": ["Anna"]}, "Anna"]},
            {"round": "E2", "result": "draw", "tenpai": ["Anna"], "nagashi": ["Anna"],
             "player": "Anna", "reason": "Anna"},
        ],
    }  # fmt: skip
    assert services.rename_in_record(record, "Anna", "Ana") == {
        "title": "Anna's night", "players": ["Ana", "Ben", "Chie", "Dae"],
        "substitute": {"seat": "Ana", "by": "Ana", "from_start": False},
        "penalties": [{"player": "Ana", "pt": 5, "reason": "Anna"}, "Ana:2:Anna",
                      {"seat": "Ana", "pt": 1}, 7],
        "hands": [
            {"round": "E1", "result": "ron", "from": "Ana", "riichi": ["Ana", "Ben"],
             "wins": [{"winner": "Ben", "pao": "Ana", "han": 13, "yaku": ["Anna"]}, "Anna"]},
            {"round": "E2", "result": "draw", "tenpai": ["Ana"], "nagashi": ["Ana"],
             "player": "Ana", "reason": "Anna"},
        ],
    }  # fmt: skip
    assert record["players"][0] == "Anna"  # the record given is left as it was
    written = services.rename_in_record({**record, "substitute": "Anna:Hana:later"}, "anna", "Ana")
    assert written["substitute"] == "Ana:Hana:later"
    assert services.rename_in_record({"substitute": "Ben:Anna"}, "Anna", "Ana") == {
        "substitute": "Ben:Ana",
        "players": [],
    }  # a substitute is a player of the club too (their seat's games name them)
    assert services.rename_in_record({"title": "x"}, "Anna", "Ana") == {"title": "x", "players": []}


def test_a_table_renamed_wherever_it_names_a_player() -> None:
    table = {
        "players": ["Anna", "Ben", "Chie", "Dae"], "points": [42600, 31000, 16400, 10000],
        "sashi": ["Anna:Ben:1000", "Ben:anna:500"], "bashin": ["Chie:Anna:1"],
        "binta": ["Anna:Dae:0"], "chips": {"Anna": 2, "Ben": -2},
        "busted": {"Dae": "Anna"}, "soto": {"Anna": "Ben"}, "pool": {"Eve": "Anna"},
        "winners": ["Anna", "Chie"], "penalties": ["Anna:5:Anna", "Ben:2"],
        "substitute": "Anna:Hana:later",
        "side": {"sashi": ["Anna:Ben:10"], "bashin": ["Ben:Anna:2"], "binta_pairs": ["Anna:Dae:1"],
                 "soto_pool": 1000},
        "label": "Anna's table",
    }  # fmt: skip
    assert services.rename_in_table(table, "anna", "Ana") == {
        "players": ["Ana", "Ben", "Chie", "Dae"], "points": [42600, 31000, 16400, 10000],
        "sashi": ["Ana:Ben:1000", "Ben:Ana:500"], "bashin": ["Chie:Ana:1"],
        "binta": ["Ana:Dae:0"], "chips": {"Ana": 2, "Ben": -2},
        "busted": {"Dae": "Ana"}, "soto": {"Ana": "Ben"}, "pool": {"Eve": "Ana"},
        "winners": ["Ana", "Chie"], "penalties": ["Ana:5:Anna", "Ben:2"],
        "substitute": "Ana:Hana:later",
        "side": {"sashi": ["Ana:Ben:10"], "bashin": ["Ben:Ana:2"], "binta_pairs": ["Ana:Dae:1"],
                 "soto_pool": 1000},
        "label": "Anna's table",
    }  # fmt: skip
    assert table["players"][0] == "Anna"  # the table given is left as it was
    # a substitute playing for someone else is renamed too; a table without seats
    assert services.rename_in_table({"substitute": "Ben:Anna"}, "Anna", "Ana") == {
        "substitute": "Ben:Ana", "players": []}  # fmt: skip


def test_each_rename_word_for_word(scene: dict[str, Any], owner: Any) -> None:
    """Every refusal of a rename in its words and on the name field, nothing changed by
    it; a rename kept in the club's history with who made it; the name's spaces tidied."""
    club, anna = scene["club"], scene["anna"]

    def refused(name: str) -> str:
        before = snapshot(club)
        actions = club.actions.count()
        with pytest.raises(services.EntryError) as raised:
            services.rename_player(anna, name, owner)
        assert raised.value.field == "name"
        assert snapshot(club) == before and club.actions.count() == actions
        return raised.value.message.text("en")

    assert refused("   ") == "give the new name"
    assert refused("ana") == "ana is already a player here: merge the two instead"
    assert refused("An:na") == ("the name “An:na” has “:”, which separates names in seisan's "
                                "files: leave it out")  # fmt: skip
    assert refused("Hana") == (
        "Hana is already a name at the club's tables (a spectator or a substitute): choose another"
    )  # a substitute's (a record's)
    services.save_game(scene["one"], {"players": ["Ben", "Chie", "Dae", "Gus"],
                                      "points": [42600, 31000, 16400, 10000],
                                      "soto": {"Fay": "Ben"},
                                      "substitute": "Dae:Ivy Mae"}, owner)  # fmt: skip
    assert refused(" ivy  MAE ") == (
        "ivy MAE is already a name at the club's tables (a spectator or a substitute): choose "
        "another"
    )  # a table's substitute (PLAYER:NAME)
    assert refused("fay") == (
        "fay is already a name at the club's tables (a spectator or a substitute): choose another"
    )  # a spectator's
    Substitution.objects.all().delete()
    merged = services.player_named(club, "Ivo Lee")
    merged.merged_into = scene["ana"]
    merged.save()
    actions = club.actions.count()
    services.rename_player(anna, "Anna", owner)  # the same name: nothing to do
    assert club.actions.count() == actions
    services.rename_player(anna, "  ivo   LEE ", owner)  # a merged player's own name is free
    anna.refresh_from_db()
    assert anna.name == "ivo LEE"
    said = club.actions.latest("pk")
    assert (said.kind, said.who, said.fields["old"], said.fields["new"]) == (
        "player.renamed", owner, "Anna", "ivo LEE")  # fmt: skip
    assert said.link == ["clubs:player", [anna.pk]]
    services.rename_player(anna, "IVO LEE", owner)  # a change of case only
    anna.refresh_from_db()
    assert anna.name == "IVO LEE"


def test_a_name_the_rules_bet_on_is_not_renamed(club: m.Club, owner: Any) -> None:
    rules = RULES.replace("[side]\n", '[side]\nsashi = ["Anna:Ben:1000", "Chie:Dae:500"]\n')
    season = season_with(club, rules, owner, "Bets")
    session = m.Session.objects.create(season=season)
    services.save_game(session, {"players": ["Anna", "Ben", "Chie", "Dae"],
                                 "points": [42600, 31000, 16400, 10000]}, owner)  # fmt: skip
    with pytest.raises(services.EntryError) as raised:
        services.rename_player(club.players.get(name="Anna"), "Ana", owner)
    assert raised.value.field == "name" and raised.value.message.text("en") == (
        "Anna is named in standing bets of the club's rules: change the rules first"
    )
    assert club.players.filter(name="Anna").exists()


def test_a_seating_changed_since_the_merge_keeps_its_changes(
    scene: dict[str, Any], owner: Any
) -> None:
    """Undoing a merge names the guest's places again and nothing else: a place another
    player took, a table and a player sitting out added since all stay."""
    action = services.merge_players(scene["anna"], scene["ana"], owner)
    seating = Seating.objects.get(session=scene["one"])
    assert (seating.tables, seating.sitting_out) == ([["Ana", "Ben", "Chie", "Dae"]], ["Eve"])
    seating.tables = [["Ana", "Bob", "Chie", "Dae"], ["Gus", "Hal", "Eve", "Fay"]]
    seating.sitting_out = ["Eve", "Ivy"]
    seating.save()
    services.undo_merge(action, owner)
    seating.refresh_from_db()
    assert seating.tables == [["Anna", "Bob", "Chie", "Dae"], ["Gus", "Hal", "Eve", "Fay"]]
    assert seating.sitting_out == ["Eve", "Ivy"]


def test_two_people_at_one_table_are_not_merged_word_for_word(
    scene: dict[str, Any], owner: Any
) -> None:
    club, players = scene["club"], scene["players"]
    before = snapshot(club)
    with pytest.raises(SeisanError) as raised:
        services.merge_players(players["Ben"], players["Chie"], owner)
    assert raised.value.message.text("en") == (
        "Ben and Chie sat at the same table: they are two people"
    )
    with pytest.raises(SeisanError) as raised:  # a spectator of a game and its player
        services.merge_players(scene["anna"], players["Gus"], owner)
    assert raised.value.message.text("en") == (
        "Anna and Gus sat at the same table: they are two people"
    )
    # at a table still being played, never at a game: merged, it would seat one name twice
    Table.objects.create(session=scene["one"], number=3, rules=scene["one"].season.rules,
                         names=["Eve", "Ben", "hal", "Chie"], hands=[])  # fmt: skip
    before = snapshot(club)
    with pytest.raises(SeisanError) as raised:
        services.merge_players(players["Eve"], players["Hal"], owner)
    assert raised.value.message.text("en") == (
        "Eve and Hal sat at the same table: they are two people"
    )
    assert snapshot(club) == before
