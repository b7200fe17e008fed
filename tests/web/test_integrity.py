"""Nothing recorded is lost or silently changed: merging guests, re-settling, editing
after a rules change, importing, exporting, resent forms, the owner's role, balances."""

from __future__ import annotations

import json
from decimal import Decimal
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import pytest
from django.db import IntegrityError
from django.test import Client
from django.urls import reverse

from seisan.errors import SeisanError
from seisan.seating import Method
from seisan.session import load_session
from seisan.web.clubs import files, services
from seisan.web.clubs import models as m
from seisan.web.clubs.money import club_balances
from seisan.web.clubs.standings import (
    off_table,
    outdated_games,
    season_games,
    season_standings,
)

from .conftest import EXAMPLES, enter, season_with

pytestmark = pytest.mark.django_db
NAMES = ["Ana", "Ben", "Chie", "Dae"]


@pytest.fixture
def friday(club: m.Club, owner: Any) -> m.Season:
    """The example night (club.toml rules, chips, sashi, Eve's 外ウマ in game 2)."""
    season = season_with(club, (EXAMPLES / "club.toml").read_text(encoding="utf-8"), owner)
    files.import_session(season, (EXAMPLES / "friday.toml").read_text(encoding="utf-8"),
                            "friday.toml", owner)  # fmt: skip
    return season


def totals(season: m.Season) -> dict[str, Decimal]:
    return {s.name: s.total for s in season_standings(season, 0)}


def test_two_people_at_one_table_are_never_merged(friday: m.Season, signed_in: Client) -> None:
    club = friday.club
    eve, dae = club.players.get(name="Eve"), club.players.get(name="Dae")
    before = totals(friday)
    signed_in.post(reverse("clubs:merge_players", args=[club.slug]),
                   {"source": eve.pk, "target": dae.pk, "confirm": "1"})  # fmt: skip
    eve.refresh_from_db()
    assert eve.merged_into is None  # Eve watched game 2, where Dae played
    assert totals(friday) == before


def test_merging_renames_the_guest_in_bets_and_records(
    club: m.Club, owner: Any, signed_in: Client, tmp_path: Path
) -> None:
    rules = 'extends = "tenhou"\n[side]\nchip_value = 2\n[money]\nrate = 50\nunit = 10\n'
    season = season_with(club, rules, owner)
    session = m.Session.objects.create(season=season)
    services.save_game(session, {"players": ["Anna", "Ben", "Chie", "Dae"],
                                 "points": [42600, 31000, 16400, 10000],
                                 "sashi": ["Anna:Ben:10000"], "chips": {"Anna": 2, "Dae": -2},
                                 "busted": {}, "soto": {"Fay": "Anna"}}, owner)  # fmt: skip
    services.save_game(session, {"players": ["Ana", "Ben", "Chie", "Dae"],
                                 "points": [22600, 31000, 36400, 10000]}, owner)  # fmt: skip
    record = (EXAMPLES / "game.json").read_text(encoding="utf-8").replace('"Ana"', '"Anna"')
    files.import_session(season, record, "game.json", owner)
    before = sum(totals(season).values())
    anna, ana = club.players.get(name="Anna"), club.players.get(name="Ana")
    signed_in.post(reverse("clubs:merge_players", args=[club.slug]),
                   {"source": anna.pk, "target": ana.pk, "confirm": "1"})  # fmt: skip
    anna.refresh_from_db()
    assert anna.merged_into == ana
    first = session.games.get(number=1)
    assert first.data["sashi"] == ["Ana:Ben:10000"] and first.data["chips"] == {"Ana": 2, "Dae": -2}
    assert first.data["soto"] == {"Fay": "Ana"}
    for game in m.Game.objects.filter(session__season=season):
        assert signed_in.get(reverse("clubs:game", args=[club.slug, game.pk])).status_code == 200
    assert "Anna" not in totals(season) and sum(totals(season).values()) == before
    # re-settling the record under new rules keeps the seat with Ana
    services.new_rules_version(season, services.rules_from_text(rules + "fee = 400\n"), "", owner)
    services.resettle(season, owner)
    assert not club.players.filter(name="Anna", merged_into__isnull=True).exists()
    exported = files.export_season(season)
    (tmp_path / "rules.toml").write_text(exported.rules, encoding="utf-8")
    (tmp_path / "season.toml").write_text(exported.toml, encoding="utf-8")
    assert load_session(tmp_path / "season.toml").settle().totals() == {
        k: v for k, v in totals(season).items()} | {"Fay": dict(off_table(
            g.spectators for g in season_games(season))[0])["Fay"]}  # fmt: skip


def test_import_keeps_penalties_and_refuses_session_ones(club: m.Club, owner: Any) -> None:
    season = season_with(club, "mleague", owner)
    game = ("[[games]]\nplayers = ['Ana', 'Ben', 'Chie', 'Dae']\n"
            "points = [42600, 31000, 16400, 10000]\npenalties = ['Ben:10:chombo']\n")  # fmt: skip
    files.import_session(season, game, "a.toml", owner)
    assert totals(season)["Ben"] == 1  # 11 - 10
    with pytest.raises(services.SeisanError, match="penalties of the whole session"):
        files.import_session(season, "penalties = ['Ana:20:late']\n" + game, "b.toml", owner)
    assert season.sessions.count() == 1


def test_an_imported_json_with_a_key_given_twice_is_refused_as_the_cli_refuses_it(
    club: m.Club, owner: Any
) -> None:
    """JSON keeps the last of two keys; the command line refuses them (a session's
    points given twice settled the second list), and the web import now does too."""
    season = season_with(club, "mleague", owner)
    text = (
        '{"games": [{"players": ["Ana", "Ben", "Chie", "Dae"], '
        '"points": [42600, 31000, 16400, 10000], '
        '"points": [25000, 25000, 25000, 25000]}]}'
    )
    with pytest.raises(SeisanError, match="“points” is given twice in one table"):
        files.import_session(season, text, "night.json", owner)
    assert not season.sessions.exists()


def test_games_under_earlier_rules_are_counted_only_once_the_rules_changed(
    club: m.Club, owner: Any, signed_in: Client
) -> None:
    """The standings page says how many games were settled under earlier rules: none,
    without counting every game, while the season has had one version; then each game
    not under the latest (deleted ones left out), until they are re-settled."""
    from django.db import connection  # noqa: PLC0415
    from django.test.utils import CaptureQueriesContext  # noqa: PLC0415

    season = season_with(club, "mleague", owner)
    session = m.Session.objects.create(season=season)
    table = {"players": NAMES, "points": [42600, 31000, 16400, 10000]}
    games = [services.save_game(session, table, owner)[0] for _ in range(3)]
    with CaptureQueriesContext(connection) as captured:
        assert outdated_games(season) == 0
    assert not any("COUNT(" in q["sql"] for q in captured.captured_queries)
    services.new_rules_version(season, services.rules_from_text("tenhou"), "tenhou", owner)
    services.save_game(session, table, owner)  # under the new rules
    m.Game.objects.filter(pk=games[0].pk).update(deleted=games[0].updated)
    assert outdated_games(season) == 2
    page = signed_in.get(reverse("clubs:season", args=[club.slug, season.pk]))
    assert "2 games were settled under earlier rules." in page.content.decode()


def test_rules_changes_never_rewrite_silently(club: m.Club, owner: Any, signed_in: Client) -> None:
    season = season_with(club, "mleague", owner)
    session = m.Session.objects.create(season=season)
    enter(signed_in, session, NAMES, [42600, 31000, 16400, 10000])
    game = session.games.get()
    services.new_rules_version(season, services.rules_from_text("tenhou"), "tenhou", owner)
    # the organiser sees what re-settling would change, before and after
    page = signed_in.get(reverse("clubs:season_settings", args=[club.slug, season.pk]))
    rows = page.context["preview"][0]["rows"]
    assert next((r["name"], r["before"], r["after"]) for r in rows) == (
        "Ana", Decimal("62.6"), Decimal("52.6"))  # fmt: skip
    assert "+52.6" in page.content.decode()
    # export refuses until the games are re-settled
    response = signed_in.get(reverse("clubs:export", args=[club.slug, season.pk, "toml"]))
    assert response.status_code == 302
    refused = "1 game was settled under earlier rules: re-settle it first"
    with pytest.raises(services.SeisanError, match=refused):
        files.export_season(season)
    # an edit keeps the game's own rules (M.League: Ana +62.6, not Tenhou's +52.6)
    url = reverse("clubs:edit", args=[club.slug, game.pk])
    data = {"version": str(game.version), "deposits": "0", "save": "1"}
    for seat, (name, value) in enumerate(zip(NAMES, [42600, 31000, 16400, 10000], strict=True)):
        data |= {f"player_{seat}": name, f"points_{seat}": str(value)}
    assert signed_in.post(url, data).status_code == 302
    game.refresh_from_db()
    assert game.rules.number == 1
    assert totals(season)["Ana"] == Decimal("62.6")
    # without the version the edit is refused, never a blind overwrite
    response = signed_in.post(url, {k: v for k, v in data.items() if k != "version"})
    assert any(
        "missing the game's version" in e for e in response.context["form"].non_field_errors()
    )


def test_a_confirmation_survives_an_unchanged_edit(club: m.Club, owner: Any,
                                                   signed_in: Client) -> None:  # fmt: skip
    season = season_with(club, "mleague", owner)
    session = m.Session.objects.create(season=season)
    enter(signed_in, session, NAMES, [42600, 31000, 16400, 10000])
    game = session.games.get()
    game.seats.filter(seat=0).update(confirmed=True)
    services.save_game(session, game.data, owner, game=game, version=game.version)
    assert game.seats.get(seat=0).confirmed


def test_a_form_key_belongs_to_one_session_and_one_game(club: m.Club, owner: Any) -> None:
    season = season_with(club, "mleague", owner)
    one, two = (m.Session.objects.create(season=season) for _ in range(2))
    table = {"players": NAMES, "points": [42600, 31000, 16400, 10000]}
    services.save_game(one, table, owner, key="k1")
    game, created = services.save_game(two, table, owner, key="k1")
    assert created and game.session == two
    with pytest.raises(services.EntryError, match="already saved game 1"):
        services.save_game(one, {**table, "points": [32600, 41000, 16400, 10000]}, owner, key="k1")
    assert m.Game.objects.count() == 2


def test_a_resent_form_is_the_game_it_saved_and_nothing_else(club: m.Club, owner: Any) -> None:
    """Sent again with its key: the same table (or the same record) is the game saved the
    first time, also when the night marked its substitute on it since; anything else
    sent with that key is refused, named by the game's number, and nothing is stored."""
    import json  # noqa: PLC0415

    from .conftest import EXAMPLES  # noqa: PLC0415

    season = season_with(club, "tenhou", owner)
    night = m.Session.objects.create(season=season)
    table = {"players": NAMES, "points": [42600, 31000, 16400, 10000]}
    game, created = services.save_game(night, table, owner, key="t")
    assert created and services.save_game(night, dict(table), owner, key="t") == (game, False)
    record = json.loads((EXAMPLES / "game.json").read_text(encoding="utf-8"))
    kept, created = services.save_game(night, {}, owner, key="r", record=record)
    assert created and services.save_game(night, {}, owner, key="r", record=dict(record)) == (
        kept, False)  # fmt: skip
    # the night's substitute marked on the stored table: the form as sent is the same game
    m.Game.objects.filter(pk=game.pk).update(data={**table, "substitute": "Ana:Hana"})
    assert services.save_game(night, table, owner, key="t") == (game, False)
    m.Game.objects.filter(pk=kept.pk).update(record={**record, "substitute": {
        "seat": "Ana", "by": "Hana"}})  # fmt: skip
    assert services.save_game(night, {}, owner, key="r", record=record) == (kept, False)
    refused = [
        ({**table, "substitute": "Ben:Gus"}, None, "t", 1),  # another substitute
        (table, record, "t", 1),  # a record where a table was saved
        ({}, {**record, "title": "another"}, "r", 2),  # another record
        (table, None, "r", 2),  # a table where a record was saved
    ]
    for data, sent, key, number in refused:
        with pytest.raises(services.EntryError) as raised:
            services.save_game(night, data, owner, key=key, record=sent)
        assert raised.value.message.text("en") == (
            f"this form already saved game {number}: open a new form for the next game"
        )
    assert m.Game.objects.count() == 2


def test_a_resent_form_is_its_game_even_when_the_night_no_longer_lets_it_settle(
    club: m.Club, owner: Any
) -> None:
    """The key tells a resend when storing or settling fails, not by a query before
    every game: a form sent again after two of its players left for substitutes, or
    after the season's rules changed to three players, is still the game it saved
    (never an error that makes the scorer enter it twice); another table under that
    key is refused by the game's number; a key that saved nothing gets the error."""
    from seisan.web.events.models import Substitution  # noqa: PLC0415

    season = season_with(club, "tenhou", owner)
    night = m.Session.objects.create(season=season)
    table = {"players": NAMES, "points": [42600, 31000, 16400, 10000]}
    game, created = services.save_game(night, table, owner, key="t")
    assert created
    for name, by in [("Ana", "Hana"), ("Ben", "Gus")]:
        Substitution.objects.create(season=season, since=night,
                                    player=m.Player.objects.get(name=name),
                                    by=m.Player.objects.create(club=club, name=by))  # fmt: skip
    with pytest.raises(SeisanError) as raised:  # a new game with those two: refused
        services.save_game(night, table, owner, key="new")
    assert "both played by substitutes" in raised.value.message.text("en")
    assert services.save_game(night, table, owner, key="t") == (game, False)
    Substitution.objects.all().delete()
    services.new_rules_version(season, services.rules_from_text("tenhou-sanma"),
                               "tenhou-sanma", owner)  # fmt: skip
    assert services.save_game(night, dict(table), owner, key="t") == (game, False)
    with pytest.raises(services.EntryError) as raised:
        services.save_game(night, {**table, "points": [10000, 16400, 31000, 42600]}, owner,
                           key="t")  # fmt: skip
    assert raised.value.message.text("en") == (
        "this form already saved game 1: open a new form for the next game"
    )
    with pytest.raises(SeisanError) as raised:
        services.save_game(night, table, owner, key="never")
    assert "already saved" not in raised.value.message.text("en")
    assert m.Game.objects.count() == 1


def test_a_resent_form_is_its_game_after_a_spectator_played_since(club: m.Club, owner: Any) -> None:
    """A form whose spectator “zed” had played under no name when it was first sent,
    sent again after Zed played a game of their own: the form is written as the club
    writes Zed now, and is still the game it saved; another table under the key is
    still refused."""
    season = season_with(club, "tenhou", owner)
    night = m.Session.objects.create(season=season)
    table = {"players": NAMES, "points": [42600, 31000, 16400, 10000], "soto": {"zed": "Ana"}}
    game, created = services.save_game(night, table, owner, key="t")
    assert created and game.data["soto"] == {"zed": "Ana"}
    services.save_game(night, {"players": ["Zed", "Ben", "Chie", "Dae"],
                               "points": [25000, 25000, 25000, 25000]}, owner)  # fmt: skip
    assert services.save_game(night, table, owner, key="t") == (game, False)
    with pytest.raises(services.EntryError, match="already saved game 1"):
        services.save_game(night, {**table, "soto": {"zed": "Ben"}}, owner, key="t")
    assert m.Game.objects.count() == 2


@pytest.mark.parametrize("length", [60, 61])
def test_long_names(signed_in: Client, session: m.Session, length: int) -> None:
    name = "あ" * length
    response = enter(signed_in, session, [name, "Ben", "Chie", "Dae"], [42600, 31000, 16400, 10000])
    assert (response.status_code == 302) == (length == 60)
    if length == 61:
        errors = response.context["form"].errors["player_0"][0]
        assert "60" in errors and "who sat here" not in errors


def test_a_long_import_name_is_refused(club: m.Club, owner: Any) -> None:
    season = season_with(club, "mleague", owner)
    long = "x" * 61
    game = (f"[[games]]\nplayers = ['{long}', 'Ben', 'Chie', 'Dae']\n"
            "points = [42600, 31000, 16400, 10000]\n")  # fmt: skip
    with pytest.raises(services.EntryError, match="longer than 60"):
        files.import_session(season, game, "a.toml", owner)


def test_the_last_owner_stays(club: m.Club, owner: Any, signed_in: Client) -> None:
    mine = club.memberships.get(user=owner)
    response = signed_in.post(reverse("clubs:set_member", args=[club.slug]),
                              {"member": mine.pk, "role": "member"}, follow=True)  # fmt: skip
    assert "keeps at least one owner" in response.content.decode()
    assert club.memberships.get(user=owner).role == "owner"
    signed_in.post(reverse("clubs:remove_member", args=[club.slug, mine.pk]), {"confirm": "1"})
    assert club.memberships.filter(user=owner).exists()


def test_spectators_and_balances(friday: m.Season, signed_in: Client) -> None:
    club = friday.club
    cli = load_session(EXAMPLES / "friday.toml").settle()
    page = signed_in.get(reverse("clubs:player", args=[club.slug, club.players.get(name="Eve").pk]))
    assert page.context["stats"].total == cli.totals()["Eve"]  # her 外ウマ included
    balances = club_balances(club)
    money = cli.money()
    assert money is not None
    assert {n: b["won"] for n, b in balances.items()} == money
    assert {n: b["open"] for n, b in balances.items()} == money  # nothing paid yet


def test_sorting_keeps_the_date_range(friday: m.Season, signed_in: Client) -> None:
    url = reverse("clubs:season", args=[friday.club.slug, friday.pk])
    page = signed_in.get(url + "?from=2020-01-01&to=2030-12-31&sort=total").content.decode()
    assert "?sort=games&amp;from=2020-01-01&amp;to=2030-12-31" in page


def test_history_in_japanese(friday: m.Season, signed_in: Client) -> None:
    signed_in.post(reverse("set_language"), {"language": "ja", "next": "/"})
    page = signed_in.get(reverse("clubs:history", args=[friday.club.slug])).content.decode()
    assert "friday.tomlをSeasonに取り込み: 3戦" in page and "imported" not in page


@pytest.mark.parametrize("query", ["?sort=x&min=abc&from=notadate&to=", "?min=-3", "?sort=place"])
def test_odd_queries(friday: m.Season, signed_in: Client, query: str) -> None:
    url = reverse("clubs:season", args=[friday.club.slug, friday.pk])
    assert signed_in.get(url + query).status_code == 200


def test_two_names_of_one_player_at_a_table_are_refused(club: m.Club, owner: Any) -> None:
    """The names "Ana Lee" and "Ana  Lee" are one player, for the club (a name is kept
    with single spaces) and for the core (names are told apart without regard to
    spaces, 2026-12-05): the game is refused on its players, nothing stored."""
    season = season_with(club, "mleague", owner)
    session = m.Session.objects.create(season=season)
    table = {"players": ["Ana Lee", "Ben", "Ana  Lee", "Dae"],
             "points": [42600, 31000, 16400, 10000]}  # fmt: skip
    with pytest.raises(SeisanError) as caught:
        services.save_game(session, table, owner)
    assert str(caught.value) == (
        "names must differ (ignoring case and spaces): Ana Lee, Ben, Ana Lee, Dae"
    )  # fmt: skip (stored spaces: one name twice)
    assert not m.Game.objects.filter(session=session).exists()


def test_tables_and_seatings_are_numbered_within_their_night(club: m.Club, owner: Any) -> None:
    """The table assistant's tables and the drawn seatings are numbered from 1 in each
    night, whatever other nights hold (the night's highest number, never an id)."""
    from seisan.web.events import services as events  # noqa: PLC0415
    from seisan.web.tables import services as tables  # noqa: PLC0415

    season = season_with(club, "mleague", owner)
    names = ["Ana", "Ben", "Chie", "Dae"]
    numbers = []
    for title in ("Friday", "Saturday"):
        night = m.Session.objects.create(season=season, title=title)
        for _ in range(2):
            numbers.append((title, tables.start(night, names, owner).number))
            numbers.append((title, events.draw(night, names, Method.SHUFFLED, 1, owner).number))
    assert numbers == [("Friday", 1), ("Friday", 1), ("Friday", 2), ("Friday", 2),
                       ("Saturday", 1), ("Saturday", 1), ("Saturday", 2),
                       ("Saturday", 2)]  # fmt: skip


def test_a_number_taken_every_time_is_tried_three_times_then_refused(
    club: m.Club, owner: Any
) -> None:
    """Two requests numbering at once: the one whose number was taken tries the next,
    three times in all; a number still taken after that is the database's refusal."""
    from seisan.web.tables.models import Table  # noqa: PLC0415

    season = season_with(club, "mleague", owner)
    night = m.Session.objects.create(season=season)
    for number in (1, 2):
        Table.objects.create(session=night, number=number, rules=season.rules,
                             names=["Ana", "Ben", "Chie", "Dae"])  # fmt: skip
    tried: list[int] = []

    def create(number: int) -> Table:
        tried.append(number)
        return Table.objects.create(session=night, number=number, rules=season.rules,
                                    names=["Eve", "Fay", "Gus", "Hal"])  # fmt: skip

    # the highest it sees is 1 (another request's 2 not yet seen): 2 is taken each time
    with pytest.raises(IntegrityError):
        services.numbered(night.tables.filter(number__lt=2), create)
    assert tried == [2] * services.NUMBER_ATTEMPTS == [2, 2, 2]
    assert services.numbered(night.tables.all(), create).number == 3


def test_games_are_numbered_within_their_night(club: m.Club, owner: Any) -> None:
    """Each night numbers its games from 1, whatever games other nights hold (a game's
    number is the night's count, never its id); a game saved by nobody signed in is
    saved as nobody's."""
    from django.contrib.auth.models import AnonymousUser  # noqa: PLC0415

    season = season_with(club, "mleague", owner)
    table = {"players": ["Ana", "Ben", "Chie", "Dae"], "points": [42600, 31000, 16400, 10000]}
    numbers = []
    for title in ("Friday", "Saturday"):
        night = m.Session.objects.create(season=season, title=title)
        for _ in range(3):
            game, _created = services.save_game(night, table, owner)
            numbers.append((title, game.number))
    assert numbers == [("Friday", 1), ("Friday", 2), ("Friday", 3),
                       ("Saturday", 1), ("Saturday", 2), ("Saturday", 3)]  # fmt: skip
    anonymous, _created = services.save_game(night, table, AnonymousUser())
    assert anonymous.number == 4 and anonymous.created_by is None
    nobody, _created = services.save_game(night, table, None)  # (an import with no user)
    assert nobody.number == 5 and nobody.created_by is None


@pytest.mark.django_db(transaction=True)
def test_a_game_entered_while_another_is_being_stored_takes_the_next_number(
    club: m.Club, owner: Any
) -> None:
    """Two phones save a game of one night at the same moment: the second waits for the
    first's number (the night's row is locked until the first is stored) and takes the
    next one, stored once, with no error. Without the lock, on PostgreSQL, the second
    read the night's last number before the first was stored and met the unique
    number; on SQLite a write waits for the database anyway."""
    import threading  # noqa: PLC0415

    from django.db import connection, transaction  # noqa: PLC0415

    if connection.vendor != "postgresql":
        pytest.skip("SQLite's test database is in memory, where a second connection is "
                    "refused a locked table at once; tests/web/test_api_load.py races games "
                    "on a SQLite file")  # fmt: skip
    season = season_with(club, "mleague", owner)
    night = m.Session.objects.create(season=season, title="Friday")
    table = {"players": ["Ana", "Ben", "Chie", "Dae"], "points": [42600, 31000, 16400, 10000]}
    services.save_game(night, table, owner)
    stored, release = threading.Event(), threading.Event()
    numbers: dict[str, int] = {}
    errors: list[BaseException] = []

    def first() -> None:  # stored, and held uncommitted until the second is on its way
        try:
            with transaction.atomic():
                numbers["first"] = services.save_game(night, table, owner)[0].number
                stored.set()
                release.wait(10)
        except BaseException as error:
            errors.append(error)
            stored.set()
        finally:
            connection.close()

    def second() -> None:
        try:
            numbers["second"] = services.save_game(night, table, owner)[0].number
        except BaseException as error:
            errors.append(error)
        finally:
            connection.close()

    one = threading.Thread(target=first)
    one.start()
    assert stored.wait(10)
    two = threading.Thread(target=second)
    two.start()
    two.join(0.5)  # the second is waiting for the first (the lock, or SQLite's write)
    release.set()
    one.join(10)
    two.join(10)
    assert not errors, errors
    assert numbers == {"first": 2, "second": 3}
    assert list(night.games.order_by("number").values_list("number", flat=True)) == [1, 2, 3]


@pytest.mark.django_db(transaction=True)
def test_games_at_once_naming_the_same_new_players_in_other_seats_are_all_stored(
    club: m.Club, owner: Any
) -> None:
    """Six phones at once, each entering games whose players are new to the club, in
    seats of their own order: every game stored, each new name made once. Each game made
    its new players in seat order, so two of them waited for each other's (PostgreSQL
    found the deadlock and one game failed with a 500, in every run of a review's
    probe); they are made in the order of their names now."""
    import random  # noqa: PLC0415
    import threading  # noqa: PLC0415

    from django.db import connection  # noqa: PLC0415

    if connection.vendor != "postgresql":
        pytest.skip(
            "SQLite's test database is in memory, where a second connection is "
            "refused a locked table at once (and SQLite writes one at a time)"
        )
    season = season_with(club, "mleague", owner)
    night = m.Session.objects.create(season=season, title="Friday")
    pool = ["Ana", "Ben", "Chie", "Dae", "Eve", "Fay"]
    errors: list[BaseException] = []
    start = threading.Barrier(6)

    def phone(seed: int) -> None:
        rng = random.Random(seed)
        try:
            start.wait(10)
            for _ in range(4):
                table = {"players": rng.sample(pool, 4), "points": [25000] * 4}
                services.save_game(night, table, owner)
        except BaseException as error:
            errors.append(error)
        finally:
            connection.close()

    phones = [threading.Thread(target=phone, args=(seed,)) for seed in range(6)]
    for each in phones:
        each.start()
    for each in phones:
        each.join(60)
    assert not errors, errors
    assert night.games.count() == 24
    assert sorted(club.players.values_list("name", flat=True)) == pool


def _stored_rows(game: m.Game) -> dict[str, Any]:
    """Every row a new game wrote, as values that do not depend on ids or the clock."""
    stamps = {"id", "created", "updated", "when", "history_id", "history_date", "game_id",
              "game", "history_relation"}  # fmt: skip

    def values(rows: Any) -> list[dict[str, Any]]:
        return [{k: v for k, v in row.items() if k not in stamps} for row in rows.values()]

    season = game.session.season
    return {
        "game": values(m.Game.objects.filter(pk=game.pk)),
        "seats": values(m.Seat.objects.filter(game=game).order_by("seat")),
        "game history": values(m.Game.history.filter(id=game.pk)),
        "seat history": values(m.Seat.history.filter(game_id=game.pk).order_by("seat")),
        "action": values(m.Action.objects.filter(game=game)),
        "season": m.Season.objects.filter(pk=season.pk).values_list("revision", flat=True)[0],
        "change": [(c.revision, c.games == [game.pk]) for c in
                   m.SeasonChange.objects.filter(season=season).order_by("-revision")[:1]],
    }  # fmt: skip


def _record() -> dict[str, Any]:
    record = json.loads((EXAMPLES / "game.json").read_text(encoding="utf-8"))
    record.pop("rules")
    return record


@pytest.mark.parametrize(("rules", "table"), [
    ("club", {"players": NAMES, "points": [42600, 31000, 16400, 10000],
              "sashi": ["Ana:Ben:10000"], "chips": {"Ana": 3, "Ben": -1, "Dae": -2}}),
    ("club", {"players": ["Ben", "Chie", "Dae", "Ana"], "points": [28300, 35500, -1200, 37400],
              "soto": {"Eve": "Chie"}, "deposits": 0}),
    ("club", {"players": NAMES, "points": [25000, 25000, 30000, 20000]}),  # tied, first not seat 0
    ("tenhou-sanma", {"players": ["Ana", "Ben", "Chie"], "points": [50000, 35000, 20000]}),
    ("tenhou", {"record": True}),  # a hand-by-hand record
])  # fmt: skip
def test_a_new_game_stored_in_one_statement_writes_the_rows_the_orm_writes(
    club: m.Club, owner: Any, member_of: Any, monkeypatch: pytest.MonkeyPatch, rules: str,
    table: dict[str, Any],
) -> None:  # fmt: skip
    """On PostgreSQL a new game is stored in one statement (``clubs/inserts.py``); the
    ORM stores it on SQLite and for an edit. The two write the same rows: the game,
    its seats, their history rows (django-simple-history's, by the request's user),
    the club's history entry, the season's revision and its notes (the oldest taken
    away at a tenth revision)."""
    from django.db import connection  # noqa: PLC0415
    from simple_history.models import HistoricalRecords  # noqa: PLC0415

    from seisan.web.clubs import inserts  # noqa: PLC0415

    if connection.vendor != "postgresql":
        pytest.skip("the one-statement insert is PostgreSQL's (a WITH of INSERTs); "
                    "SQLite stores a game through the ORM")  # fmt: skip
    text = (EXAMPLES / "club.toml").read_text(encoding="utf-8") if rules == "club" else rules
    record = _record() if "record" in table else None
    scorer = member_of(m.Role.SCORER)
    stored = {}
    for way, one in (("one statement", True), ("orm", False)):
        monkeypatch.setattr(inserts, "one_statement", lambda one=one: one)
        season = season_with(club, text, owner, name=way)
        night = m.Session.objects.create(season=season, title="Friday", date="2026-12-04")
        services.save_game(night, {} if record else table, owner, record=record)  # game 1
        # the season at its 109th revision: the next one drops the notes before the 11th
        m.Season.objects.filter(pk=season.pk).update(revision=109)
        m.SeasonChange.objects.bulk_create(
            [m.SeasonChange(season=season, revision=r, games=None) for r in range(2, 110)]
        )
        HistoricalRecords.context.request = SimpleNamespace(user=scorer)  # (the middleware's)
        try:
            game, created = services.save_game(night, {} if record else table, scorer,
                                               key=f"{night.pk}:k", record=record)  # fmt: skip
        finally:
            del HistoricalRecords.context.request
        assert created and game.number == 2
        assert [s.pk for s in game.seats.all()] == list(
            m.Seat.objects.filter(game=game).order_by("seat").values_list("pk", flat=True)
        )
        stored[way] = _stored_rows(game)
        assert stored[way]["game history"][0]["history_user_id"] == scorer.pk
        assert len(stored[way]["seat history"]) == len(stored[way]["seats"]) > 2
        notes = m.SeasonChange.objects.filter(season=season).order_by("revision")
        stored[way]["notes"] = list(notes.values_list("revision", flat=True))
        assert stored[way]["notes"] == list(range(11, 111))
    for rows in stored.values():  # the rows' own session, season and players differ
        for row in rows["game"] + rows["game history"]:
            row.pop("session_id"), row.pop("rules_id"), row.pop("idempotency_key")
        rows["action"][0].pop("link")
    assert stored["one statement"] == stored["orm"]


@pytest.mark.django_db(transaction=True)
def test_a_new_game_lets_go_of_the_night_before_its_flush_and_is_on_disk_when_stored(
    club: m.Club, owner: Any
) -> None:
    """On PostgreSQL a new game sent alone commits without waiting for the disk (the
    night's lock goes with the commit: held through the flush, it let one night number
    about 220 games a second), then waits for the flush before it is said to be stored.
    The setting is the transaction's own: the connection's next one waits again. A game
    stored inside a larger transaction (an import) leaves that transaction as it is."""
    from django.db import connection, transaction  # noqa: PLC0415
    from django.test.utils import CaptureQueriesContext  # noqa: PLC0415

    if connection.vendor != "postgresql":
        pytest.skip("SQLite's commit has no lock to let go of before its flush")
    season = season_with(club, "mleague", owner)
    night = m.Session.objects.create(season=season, title="Friday")
    table = {"players": ["Ana", "Ben", "Chie", "Dae"], "points": [42600, 31000, 16400, 10000]}

    def setting() -> str:
        with connection.cursor() as cursor:
            cursor.execute("SHOW synchronous_commit")
            return str(cursor.fetchone()[0])

    seen: list[str] = []
    written: list[str] = []  # the WAL's end inside the game's transaction

    def during(game: m.Game) -> None:  # (run inside the game's transaction)
        seen.append(setting())
        with connection.cursor() as cursor:
            cursor.execute("SELECT pg_current_wal_insert_lsn()")
            written.append(str(cursor.fetchone()[0]))

    with CaptureQueriesContext(connection) as ran:
        services.save_game(night, table, owner, also=during)
    said = [q["sql"] for q in ran.captured_queries]
    assert seen == ["off"]
    assert said.index("COMMIT") == len(said) - 2  # and one statement after it: the flush
    with connection.cursor() as cursor:  # the game's WAL is on disk (others' may not be:
        # another test's database in the same cluster writes beside this one)
        cursor.execute("SELECT %s::pg_lsn <= pg_current_wal_flush_lsn()", [written[0]])
        assert cursor.fetchone() == (True,)
    assert setting() == "on"
    with transaction.atomic():
        services.save_game(night, table, owner, also=during)
        assert setting() == "on"
    assert seen == ["off", "on"]
    assert list(night.games.values_list("number", flat=True).order_by("number")) == [1, 2]


@pytest.mark.django_db(transaction=True)
def test_a_resend_is_told_its_game_only_once_that_game_is_on_disk(
    club: m.Club, owner: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A resend (the same key) finds the game its first request stored; that request may
    still be waiting for the flush, so the resend waits for it too before it says the
    game is stored (helper-73: it had answered first). The flush is PostgreSQL's real
    one; the test counts it."""
    from django.db import connection  # noqa: PLC0415

    from seisan.web.clubs import inserts  # noqa: PLC0415

    if connection.vendor != "postgresql":
        pytest.skip("SQLite's commit waits for the disk")
    season = season_with(club, "mleague", owner)
    night = m.Session.objects.create(season=season, title="Friday")
    table = {"players": ["Ana", "Ben", "Chie", "Dae"], "points": [42600, 31000, 16400, 10000]}
    first, made = services.save_game(night, table, owner, key="k1")
    flushed: list[int] = []
    real = inserts.wait_for_disk

    def counted() -> None:
        flushed.append(1)
        real()

    monkeypatch.setattr(inserts, "wait_for_disk", counted)
    again, made_again = services.save_game(night, table, owner, key="k1")
    assert made and not made_again and again.pk == first.pk
    assert flushed == [1]  # its own: the resend stored nothing, and waited for the disk
