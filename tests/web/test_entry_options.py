"""Everything the core settles, entered from the phone's form: 焼き鳥, 差しウマ, 馬身,
ビンタ pairs, spectators' 外ウマ (following a player, or a pool), chombo, a referee's
penalty, a substitute; each with its numbers worked out by hand from the seeds' rules,
and each field's error in words, naming the seat by wind. Also: the same game saved
twice is asked about, a delete is asked about, and a database that cannot be written
keeps the typed game in the form."""

from __future__ import annotations

from decimal import Decimal
from typing import Any

import pytest
from django.db import connection
from django.test import Client
from django.urls import reverse

from seisan.web.clubs import models as m
from seisan.web.clubs import services

from .conftest import enter, season_with

pytestmark = pytest.mark.django_db
NAMES = ["Ana", "Ben", "Chie", "Dae"]
MLEAGUE = [42600, 31000, 16400, 10000]  # +62.6, +11, -23.6, -50 (seed 001's example)
HOUSE = 'extends = "mleague"\n[side]\nyakitori = 1000\nbinta = 1000\n'


@pytest.fixture
def house(club: m.Club, owner: Any) -> m.Session:
    season = season_with(club, HOUSE, owner, "House")
    return m.Session.objects.create(season=season, title="Friday")


def totals(session: m.Session) -> dict[str, Decimal]:
    game = session.games.get()
    found = {s.player.name: s.total for s in game.seats.all()}
    found.update({k: Decimal(v["total"]) for k, v in game.spectators.items()})
    return found


def saved(response: Any) -> None:
    assert response.status_code == 302, response.context["form"].errors


def test_mleague_without_extras(signed_in: Client, session: m.Session) -> None:
    saved(enter(signed_in, session, NAMES, MLEAGUE))
    assert totals(session) == {"Ana": Decimal("62.6"), "Ben": Decimal("11"),
                               "Chie": Decimal("-23.6"), "Dae": Decimal("-50")}  # fmt: skip


def test_yakitori_winners_are_ticked(club: m.Club, owner: Any, signed_in: Client) -> None:
    season = season_with(club, 'extends = "mleague"\n[side]\nyakitori = 1000\n', owner, "Y")
    session = m.Session.objects.create(season=season)
    page = signed_in.get(reverse("clubs:enter", args=[club.slug, session.pk]))
    assert b'name="won_0"' in page.content  # the field is there when the rules have 焼き鳥
    # Ana and Ben won a hand; Chie and Dae pay 1000 points (1 pt) each, shared by them
    saved(enter(signed_in, session, NAMES, MLEAGUE, won_0="on", won_1="on"))
    assert totals(session) == {"Ana": Decimal("63.6"), "Ben": Decimal("12"),
                               "Chie": Decimal("-24.6"), "Dae": Decimal("-51")}  # fmt: skip
    assert session.games.get().data["winners"] == ["Ana", "Ben"]


def test_nobody_won_a_hand_pays_nothing(club: m.Club, owner: Any, signed_in: Client) -> None:
    season = season_with(club, 'extends = "mleague"\n[side]\nyakitori = 1000\n', owner, "Y")
    session = m.Session.objects.create(season=season)
    saved(enter(signed_in, session, NAMES, MLEAGUE))  # 000: 全員焼き鳥 is no payment
    assert totals(session)["Ana"] == Decimal("62.6")


def test_no_yakitori_field_without_the_rule(signed_in: Client, session: m.Session) -> None:
    page = signed_in.get(reverse("clubs:enter", args=[session.season.club.slug, session.pk]))
    assert b'name="won_0"' not in page.content and b'name="chips_0"' not in page.content


def test_sashi_uma(signed_in: Client, session: m.Session) -> None:
    # 差しウマ 10000 between Ana (1st) and Dae (4th): Dae pays Ana 10 pt
    saved(enter(signed_in, session, NAMES, MLEAGUE,
                bet_kind_0="sashi", bet_a_0="3", bet_b_0="0", bet_amount_0="10000"))  # fmt: skip
    assert totals(session) == {"Ana": Decimal("72.6"), "Ben": Decimal("11"),
                               "Chie": Decimal("-23.6"), "Dae": Decimal("-60")}  # fmt: skip
    assert session.games.get().data["sashi"] == ["Dae:Ana:10000"]


def test_bashin_times_the_places_between(signed_in: Client, session: m.Session) -> None:
    # 馬身 1000 between Ben (2nd) and Dae (4th): two places, 2000 points, 2 pt (seed 000)
    saved(enter(signed_in, session, NAMES, MLEAGUE,
                bet_kind_0="bashin", bet_a_0="1", bet_b_0="3", bet_amount_0="1000"))  # fmt: skip
    assert totals(session)["Ben"] == Decimal("13") and totals(session)["Dae"] == Decimal("-52")


def test_a_binta_pair_sits_out(house: m.Session, signed_in: Client) -> None:
    # house ビンタ 1000 between every pair (クビ = the start points, 25000): Ana and Ben
    # have it, Chie and Dae do not; a pair with both on one side of the line plays 1000,
    # across it 2000 (seed 000's table). Ana–Dae agreed 0: they sit out.
    saved(enter(signed_in, house, NAMES, MLEAGUE,
                bet_kind_0="binta", bet_a_0="0", bet_b_0="3", bet_amount_0="0"))  # fmt: skip
    # Ana: +1 (Ben) +2 (Chie) +0 (Dae); Ben: -1 +2 +2; Chie: -2 -2 +1; Dae: 0 -2 -1
    got = totals(house)
    assert got == {"Ana": Decimal("65.6"), "Ben": Decimal("14"), "Chie": Decimal("-26.6"),
                   "Dae": Decimal("-53")}, got  # fmt: skip


def test_a_spectator_follows_a_player(signed_in: Client, session: m.Session) -> None:
    # Eve backs Chie (3rd, -23.6 paid to first place): Eve pays Ana 23.6 as well
    saved(enter(signed_in, session, NAMES, MLEAGUE, soto_name_0="Eve", soto_backs_0="2"))
    assert totals(session) == {"Ana": Decimal("86.2"), "Ben": Decimal("11"),
                               "Chie": Decimal("-23.6"), "Dae": Decimal("-50"),
                               "Eve": Decimal("-23.6")}  # fmt: skip


def test_a_spectators_pool(signed_in: Client, session: m.Session) -> None:
    # Eve backs Ana, Fay backs Dae, a pool of 5000 points: Fay pays Eve 5 pt
    saved(enter(signed_in, session, NAMES, MLEAGUE, soto_name_0="Eve", soto_backs_0="0",
                soto_amount_0="5000", soto_name_1="Fay", soto_backs_1="3",
                soto_amount_1="5000"))  # fmt: skip
    got = totals(session)
    assert (
        got["Eve"] == Decimal("5") and got["Fay"] == Decimal("-5") and got["Ana"] == Decimal("62.6")
    )
    assert session.games.get().data["side"] == {"soto_pool": 5000}


def test_chombo_and_a_penalty(signed_in: Client, session: m.Session) -> None:
    # M.League: a chombo is 20 pt after uma, paid to nobody; a referee's 5 pt too
    penalties = {"pen_seat_0": "3", "pen_kind_0": "chombo", "pen_seat_1": "1",
                 "pen_kind_1": "penalty", "pen_pt_1": "5", "pen_reason_1": "late"}  # fmt: skip
    saved(enter(signed_in, session, NAMES, MLEAGUE, **penalties))
    got = totals(session)
    assert got["Dae"] == Decimal("-70") and got["Ben"] == Decimal("6")
    assert sum(got.values()) == Decimal("-25")
    assert session.games.get().data["penalties"] == ["Dae:20:chombo", "Ben:5:late"]


def test_a_substitute(signed_in: Client, session: m.Session) -> None:
    saved(enter(signed_in, session, NAMES, MLEAGUE, sub_seat="2", sub_name="Gus"))
    game = session.games.get()
    assert game.data["substitute"] == "Chie:Gus"
    assert totals(session)["Chie"] == Decimal("-23.6")  # M.League: the seat's result stands


@pytest.mark.parametrize(
    ("extra", "field", "message"),
    [
        ({"bet_a_0": "0", "bet_amount_0": "10000"}, "bet_b_0", "choose both"),
        ({"bet_a_0": "0", "bet_b_0": "0", "bet_amount_0": "100"}, "bet_b_0", "with themself"),
        (
            {"bet_a_0": "0", "bet_b_0": "1", "bet_amount_0": "150"},
            "bet_amount_0",
            "150 is not a positive multiple of 100",
        ),
        ({"bet_a_0": "0", "bet_b_0": "1"}, "bet_amount_0", "give the amount"),
        ({"soto_backs_0": "1"}, "soto_name_0", "who is the spectator?"),
        ({"soto_name_0": "Ben"}, "soto_name_0", "Ben is already at this table"),
        ({"soto_name_0": "Eve"}, "soto_backs_0", "whom does Eve back?"),
        (
            {"soto_name_0": "Eve", "soto_backs_0": "0", "soto_amount_0": "1000"},
            "soto_amount_0",
            "needs two spectators",
        ),
        ({"soto_name_0": "Eve;x", "soto_backs_0": "0"}, "soto_name_0", "separates names"),
        ({"pen_kind_0": "penalty", "pen_pt_0": "5"}, "pen_seat_0", "who is penalised?"),
        ({"pen_seat_0": "0", "pen_kind_0": "penalty"}, "pen_pt_0", "give the penalty in pt"),
        ({"pen_seat_0": "0", "pen_kind_0": "penalty", "pen_pt_0": "-3"}, "pen_pt_0", "above 0"),
        ({"sub_name": "Gus"}, "sub_seat", "whose seat"),
        ({"sub_seat": "1", "sub_name": "Ana"}, "sub_name", "Ana is already at this table"),
        (
            {"bet_a_0": "9", "bet_b_0": "1", "bet_amount_0": "100"},
            "bet_a_0",
            "not one of the choices",
        ),
    ],
)
def test_option_errors_name_the_field(
    signed_in: Client, session: m.Session, extra: dict[str, str], field: str, message: str
) -> None:
    response = enter(signed_in, session, NAMES, MLEAGUE, **extra)
    assert response.status_code == 200
    errors = response.context["form"].errors
    assert any(message in e for e in errors.get(field, [])), errors
    assert m.Game.objects.count() == 0


def test_seats_are_named_by_wind(signed_in: Client, session: m.Session) -> None:
    response = enter(signed_in, session, ["Ana", "Ben", "", "Dae"], MLEAGUE)
    assert response.context["form"].errors["player_2"] == ["West: who sat here?"]


def test_yakitori_chips_and_busts_together(club: m.Club, owner: Any, signed_in: Client) -> None:
    rules = 'extends = "mleague"\n[side]\nyakitori = 1000\nchip_value = 2\ntobi = 10000\n'
    season = season_with(club, rules, owner, "All")
    session = m.Session.objects.create(season=season)
    # Dae busts (-1000) to Ana; chips 2, -1, 0, -1 at 2 pt; Ana alone won a hand
    saved(enter(signed_in, session, NAMES, [53600, 31000, 16400, -1000], won_0="on",
                chips_0="2", chips_1="-1", chips_3="-1", busted_3="0"))  # fmt: skip
    got = totals(session)
    # Ana: 23.6 + 20 oka + 30 uma + 3 yakitori + 4 chips + 10 tobi; Dae: -31 - 30 - 1 - 2 - 10
    assert got["Ana"] == Decimal("90.6") and got["Dae"] == Decimal("-74")
    assert sum(got.values()) == 0


def test_the_same_game_twice_is_asked_about(signed_in: Client, session: m.Session) -> None:
    saved(enter(signed_in, session, NAMES, MLEAGUE))
    second = enter(signed_in, session, NAMES, MLEAGUE)  # another phone, another form
    assert second.status_code == 200 and second.context["twin"].number == 1
    assert "has the same players and points" in second.content.decode()
    assert session.games.count() == 1
    saved(enter(signed_in, session, NAMES, MLEAGUE, again="1"))
    assert session.games.count() == 2
    # the other phone wrote the names in other letters: the same players all the same
    third = enter(signed_in, session, ["ａｎａ", "BEN", "chie", "Dae"], MLEAGUE)
    assert third.status_code == 200 and third.context["twin"].number == 1
    assert session.games.count() == 2


@pytest.mark.parametrize("lang", ["en", "ja", "ko"])
def test_the_same_game_twice_is_asked_about_where_the_rules_pay_money(
    club: m.Club, owner: Any, signed_in: Client, lang: str
) -> None:
    """helper-64: the question was a 500 page whenever the season's rules have money
    (the preview's money wanted the currency the page was not given)."""
    season = season_with(club, 'extends = "mleague"\n[money]\nrate = 50\n', owner, "Money")
    session = m.Session.objects.create(season=season)
    signed_in.cookies["django_language"] = lang
    saved(enter(signed_in, session, NAMES, MLEAGUE))
    second = enter(signed_in, session, NAMES, MLEAGUE)
    assert second.status_code == 200 and second.context["twin"].number == 1
    assert "3,130" in second.content.decode()  # Ana's +62.6 pt at 50 a pt, in the preview
    assert session.games.count() == 1


def test_a_delete_is_asked_about(signed_in: Client, session: m.Session) -> None:
    saved(enter(signed_in, session, NAMES, MLEAGUE))
    game = session.games.get()
    url = reverse("clubs:delete", args=[session.season.club.slug, game.pk])
    page = signed_in.post(url)
    assert page.status_code == 200 and "Delete game 1?" in page.content.decode()
    game.refresh_from_db()
    assert game.deleted is None
    assert signed_in.post(url, {"confirm": "1"}).status_code == 302
    game.refresh_from_db()
    assert game.deleted is not None


def _unwritable() -> None:
    """SQLite read-only, or PostgreSQL answering inserts with its disk-full error (both
    undone with the test's transaction)."""
    with connection.cursor() as cursor:
        if connection.vendor == "sqlite":
            cursor.execute("PRAGMA query_only = ON")
            return
        cursor.execute(
            "CREATE FUNCTION full_disk() RETURNS trigger AS $$ BEGIN RAISE EXCEPTION "
            "'could not extend file' USING ERRCODE = 'disk_full'; END $$ LANGUAGE plpgsql"
        )
        cursor.execute(
            "CREATE TRIGGER full_disk BEFORE INSERT ON clubs_game "
            "FOR EACH ROW EXECUTE FUNCTION full_disk()"
        )


def _writable() -> None:
    if connection.vendor == "sqlite":
        with connection.cursor() as cursor:
            cursor.execute("PRAGMA query_only = OFF")


def test_a_database_that_cannot_be_written_keeps_the_game(
    signed_in: Client, session: m.Session
) -> None:
    signed_in.get(reverse("clubs:enter", args=[session.season.club.slug, session.pk]))
    _unwritable()
    try:
        response = enter(signed_in, session, NAMES, MLEAGUE, soto_name_0="Eve", soto_backs_0="2")
    finally:
        _writable()
    assert response.status_code == 200
    page = response.content.decode()
    assert "could not be written" in page and "nothing was saved" in page
    form = response.context["form"]
    assert form["points_0"].value() == "42600" and form["soto_name_0"].value() == "Eve"


def test_a_game_the_form_cannot_show_is_not_edited_by_it(
    club: m.Club, owner: Any, signed_in: Client
) -> None:
    """An imported table with a bet the form has no field for (this game's own 焼き鳥
    amount) is refused by the edit form rather than saved without it."""
    season = season_with(club, 'extends = "mleague"\n[side]\nyakitori = 1000\n', owner, "Y")
    session = m.Session.objects.create(season=season)
    table = {"players": NAMES, "points": MLEAGUE, "winners": ["Ana"], "side": {"yakitori": 3000}}
    game, _created = services.save_game(session, table, owner)
    page = signed_in.get(reverse("clubs:edit", args=[club.slug, game.pk]), follow=True)
    assert "the form cannot show" in page.content.decode()
    plain, _created = services.save_game(session, {"players": NAMES, "points": MLEAGUE,
                                                   "winners": ["Ana", "Ben"]}, owner)  # fmt: skip
    assert signed_in.get(reverse("clubs:edit", args=[club.slug, plain.pk])).status_code == 200


def test_a_pool_at_the_house_amount_is_a_pool_again_in_the_edit_form(
    club: m.Club, owner: Any
) -> None:
    """Found by the round-trip property: a pool betting the rules' own amount is stored
    without it, and the edit form showed the amount blank, which is a spectator
    following their player: an edit would have turned the pool into mirroring."""
    from seisan.web.clubs.views.games import form_shows  # noqa: PLC0415

    client = Client()
    client.force_login(owner)
    rules = 'extends = "tenhou"\n[side]\nsoto_pool = 2000\n'
    season = season_with(club, rules, owner)
    session = m.Session.objects.create(season=season)
    form = {"deposits": "0", "key": "k", "player_0": "Ana", "points_0": "0", "player_1": "Ben",
            "points_1": "0", "player_2": "Chie", "points_2": "0", "player_3": "Dae",
            "points_3": "100000", "soto_name_0": "Eve", "soto_backs_0": "0",
            "soto_amount_0": "2000", "soto_name_1": "Hal", "soto_backs_1": "0",
            "soto_amount_1": "2000"}  # fmt: skip
    response = client.post(reverse("clubs:enter", args=[club.slug, session.pk]), form)
    assert response.status_code == 302
    game = session.games.get()
    assert game.data["pool"] == {"Eve": "Ana", "Hal": "Ana"} and "side" not in game.data
    page = client.get(reverse("clubs:edit", args=[club.slug, game.pk])).content.decode()
    assert 'name="soto_amount_0" value="2000"' in page
    assert form_shows(club, game)
