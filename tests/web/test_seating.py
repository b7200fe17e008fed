"""Seating a night in the web app: the organiser ticks who is present and draws; the
season's games are the history (nobody meets an opponent again when that can be
avoided); the same seed draws the same tables; the drawn tables start in the table
assistant in their seat order, show as large cards and download as CSV."""

from __future__ import annotations

import html
import re
from typing import Any

import pytest
from django.test import Client
from django.urls import reverse

from seisan.web.clubs import models as m
from seisan.web.clubs import services
from seisan.web.events.models import Seating
from seisan.web.tables.models import Table

from .conftest import season_with
from .pages import page_text

pytestmark = pytest.mark.django_db

SIXTEEN = [f"P{i:02}" for i in range(16)]


@pytest.fixture
def night(club: m.Club, session: m.Session, owner: Any) -> m.Session:
    """Sixteen players who played four games last night (four tables of four): a new
    night where nobody meets an opponent again exists."""
    for name in SIXTEEN:
        m.Player.objects.create(club=club, name=name)
    last = m.Session.objects.create(season=session.season, title="Last week")
    for k in range(0, 16, 4):
        services.save_game(last, {"players": SIXTEEN[k : k + 4],
                                  "points": [40000, 30000, 20000, 10000]}, owner)  # fmt: skip
    return session


def url(name: str, session: m.Session, *args: Any) -> str:
    return reverse(f"clubs:events:{name}", args=["test", session.pk, *args])


def draw(client: Client, session: m.Session, present: list[str], **fields: str) -> Any:
    return client.post(url("seating", session), {"present": present, "method": "shuffled",
                                                 **fields})  # fmt: skip


def test_a_night_is_drawn_from_who_is_present(signed_in: Client, night: m.Session) -> None:
    response = draw(signed_in, night, SIXTEEN)
    assert response.status_code == 302
    seating = Seating.objects.get()
    assert sorted(n for t in seating.tables for n in t) == sorted(SIXTEEN)
    assert seating.repeats == 0 and seating.complete
    before = [set(SIXTEEN[k : k + 4]) for k in range(0, 16, 4)]
    assert all(len(set(t) & b) <= 1 for t in seating.tables for b in before)
    page = signed_in.get(url("seating", night)).content.decode()
    assert "Table 4" in page and "repeated opponents: 0" in page
    assert night.season.club.actions.filter(kind="seating.drawn").exists()


def test_the_same_seed_draws_the_same_tables_and_who_sits_out(
    signed_in: Client, night: m.Session
) -> None:
    present = SIXTEEN[:13]
    for _ in range(2):
        assert draw(signed_in, night, present, seed="7").status_code == 302
    first, second = Seating.objects.order_by("number")
    assert first.tables == second.tables and first.seed == second.seed == 7
    assert len(first.sitting_out) == 1
    assert "seed 7" in signed_in.get(url("seating", night)).content.decode()


def test_the_drawn_tables_start_in_the_table_assistant(signed_in: Client, night: m.Session) -> None:
    draw(signed_in, night, SIXTEEN)
    seating = Seating.objects.get()
    start = url("start", night, seating.number)
    assert signed_in.post(start).status_code == 302
    tables = list(Table.objects.order_by("number"))
    assert [t.names for t in tables] == seating.tables  # seat order: East first
    assert signed_in.post(start).status_code == 302  # again: nothing started twice
    assert Table.objects.count() == 4


def test_the_tables_as_csv_and_as_cards(signed_in: Client, night: m.Session) -> None:
    draw(signed_in, night, SIXTEEN[:14])
    seating = Seating.objects.get()
    csv = signed_in.get(url("csv", night, seating.number)).content.decode()
    lines = csv.splitlines()
    assert lines[0] == "table,seat,wind,name"
    assert lines[1] == f"1,0,E,{seating.tables[0][0]}"
    assert lines[-2:] == [f",,,{n}" for n in seating.sitting_out]
    signed_in.post("/i18n/setlang/", {"language": "ja"})
    cards = signed_in.get(url("cards", night, seating.number)).content.decode()
    assert "<h1>1卓</h1>" in cards and "<h1>3卓</h1>" in cards
    assert cards.count("東家") == 3 and f"抜け番: {', '.join(seating.sitting_out)}" in cards


@pytest.mark.parametrize(
    ("fields", "message"),
    [({"seed": "x"}, "the seed is a whole number from 0 to 2147483647"),
     ({"seed": "²"}, "the seed is a whole number from 0 to 2147483647"),
     ({"seed": "1" * 5000}, "the seed is a whole number from 0 to 2147483647"),
     ({"method": "teams"}, "choose how the tables are drawn"),
     ({"present": ["P00", "P01"]}, "2 players present: a table needs 4"),
     ({"present": ["P00", "P01", "P02"]}, "3 players present: a table needs 4"),
     ({"present": [*SIXTEEN, "Zed"]},
      "“Zed” is not on the list of players: reload the page to see the list as it is now")],
)  # fmt: skip
def test_a_draw_that_cannot_be_made_is_said(
    signed_in: Client, night: m.Session, fields: dict[str, Any], message: str
) -> None:
    data = {"present": SIXTEEN, "method": "shuffled"} | fields
    response = signed_in.post(url("seating", night), data)
    assert response.status_code == 400
    assert message in html.unescape(response.content.decode())
    assert not Seating.objects.exists()


def test_members_see_the_tables_organisers_draw_them(
    night: m.Session, member_of: Any, signed_in: Client
) -> None:
    draw(signed_in, night, SIXTEEN)
    member = Client()
    member.force_login(member_of("member"))
    page = member.get(url("seating", night))
    assert page.status_code == 200 and "Table 1" in page.content.decode()
    assert "Draw again" not in page.content.decode()
    assert draw(member, night, SIXTEEN).status_code == 403
    assert member.post(url("start", night, 1)).status_code == 403
    assert Seating.objects.count() == 1


def test_swiss_seats_the_top_of_the_standings_together(signed_in: Client, night: m.Session) -> None:
    """Last week's winners (40,000 points each) sit together."""
    assert draw(signed_in, night, SIXTEEN, method="swiss").status_code == 302
    seating = Seating.objects.get()
    assert sorted(seating.tables[0]) == sorted(SIXTEEN[k] for k in range(0, 16, 4))


@pytest.mark.parametrize("lang", ["ja", "ko"])
def test_the_seating_pages_read_no_english(signed_in: Client, night: m.Session,
                                           lang: str) -> None:  # fmt: skip
    draw(signed_in, night, SIXTEEN[:13])
    signed_in.post("/i18n/setlang/", {"language": lang})
    ratings_url = reverse("clubs:events:ratings", args=["test"])
    what_if = reverse("clubs:events:what_if", args=["test", night.season.pk])
    for page_url in (url("seating", night), url("cards", night, 1), ratings_url,
                     f"{ratings_url}?system=tenhou", f"{what_if}?preset=tenhou"):  # fmt: skip
        page = signed_in.get(page_url).content.decode()
        words = set(re.findall(r"[A-Za-z]{2,}", page_text(page))) - {
            "Friday",
            "CSV",
            "openskill",
            "Plackett",
            "Luce",
            "Test",
            "club",
            "Season",
            "EMA",
            "RMU",
            "WRC",
            "Classic",
        }  # names: the club's, and the organisations' own
        if page_url.startswith(what_if):  # the rules form: what one types in it (uma
            # "none", TOML's own words in the advanced box's hint), as on the settings page
            words -= {"none", "TOML", "extends", "money", "side", "pt"}
        assert words == set(), (page_url, sorted(words))


# -- ratings over all seasons ------------------------------------------------------------


def test_the_clubs_ratings_are_worked_out_from_every_game(
    signed_in: Client, night: m.Session, owner: Any
) -> None:
    """The page's ratings equal the core's over the club's games in the order played
    (nothing stored by hand); a new game changes them at once; Tenhou's R too."""
    from seisan.ratings import System, ratings  # noqa: PLC0415
    from seisan.web.events.services import club_games  # noqa: PLC0415

    page_url = reverse("clubs:events:ratings", args=["test"])
    for system in ("openskill", "tenhou"):
        page = signed_in.get(page_url, {"system": system}).content.decode()
        core = ratings(club_games(night.season.club), System(system))
        cells = re.findall(r'<td class="name"><a [^>]*>([^<]+)</a></td><td class="num">([^<]+)<',
                           page)  # fmt: skip
        assert cells == [(r.name, _two(r.rating)) for r in core]
    # last week's winners lead Tenhou's R: 1530 each
    assert "1530.00" in signed_in.get(page_url, {"system": "tenhou"}).content.decode()
    services.save_game(night, {"players": SIXTEEN[12:16], "points": [10000, 20000, 30000,
                                                                     40000]}, owner)  # fmt: skip
    page = signed_in.get(page_url, {"system": "tenhou", "player": "P15"}).content.decode()
    # P15, last then first: 1470 + (30 + (1500 − 1470) / 40) × 0.998 = 1500.6885
    assert "1530.00" in page and "1500.69" in page and "1499.31" in page
    assert "<svg" not in page  # the chart is openskill's (from 0)
    assert "<svg" in signed_in.get(page_url, {"player": "P15"}).content.decode()


def _two(value: Any) -> str:
    from seisan.web.clubs.templatetags.seisan_tags import avg  # noqa: PLC0415

    return avg(value)


def test_a_rename_reaches_the_drawn_tables(signed_in: Client, night: m.Session,
                                           owner: Any) -> None:  # fmt: skip
    """The review's case: a seating kept the old name, so its tables started a new
    guest under it."""
    draw(signed_in, night, SIXTEEN[:13])
    services.rename_player(night.season.club.players.get(name="P00"), "Ana", owner)
    seating = Seating.objects.get()
    names = [n for t in seating.tables for n in t] + seating.sitting_out
    assert "Ana" in names and "P00" not in names


def test_only_the_draw_that_stands_counts_who_sat_out(signed_in: Client, night: m.Session) -> None:
    from seisan.web.events.services import season_history  # noqa: PLC0415

    for seed in ("1", "2", "3"):  # three draws of one night: the last stands
        draw(signed_in, night, SIXTEEN[:13], seed=seed)
    latest = Seating.objects.order_by("-number").first()
    assert latest is not None
    later = m.Session.objects.create(season=night.season, title="Next week")
    assert season_history(later).sat_out == {latest.sitting_out[0]: 1}


def test_the_clubs_history_says_the_method_in_words(signed_in: Client, night: m.Session) -> None:
    draw(signed_in, night, SIXTEEN, method="interval")
    signed_in.post("/i18n/setlang/", {"language": "ja"})
    page = signed_in.get(reverse("clubs:history", args=["test"])).content.decode()
    assert "順位を各卓に散らす（インターバル）" in page and "(interval)" not in page


def test_odd_minimums_on_the_ratings_page_are_none(signed_in: Client, night: m.Session) -> None:
    page_url = reverse("clubs:events:ratings", args=["test"])
    for least in ("²", "1" * 5000, "-3"):
        assert signed_in.get(page_url, {"min": least}).status_code == 200


def test_three_player_games_are_rated_on_their_own(
    signed_in: Client, night: m.Session, owner: Any
) -> None:
    from .conftest import season_with  # noqa: PLC0415

    sanma = season_with(night.season.club, "tenhou-sanma", owner, name="Sanma")
    evening = m.Session.objects.create(season=sanma, title="Sanma night")
    services.save_game(evening, {"players": ["P00", "P01", "P02"],
                                 "points": [50000, 35000, 20000]}, owner)  # fmt: skip
    page_url = reverse("clubs:events:ratings", args=["test"])
    four = signed_in.get(page_url, {"system": "tenhou"}).content.decode()
    assert four.count('<td class="name">') == 16 and "players=3" in four
    three = signed_in.get(page_url, {"system": "tenhou", "players": "3"}).content.decode()
    assert three.count('<td class="name">') == 3
    assert "1530.00" in three and "1500.00" in three and "1470.00" in three


# -- rules what-if -----------------------------------------------------------------------


def test_the_standings_under_other_rules_change_nothing(
    signed_in: Client, night: m.Session
) -> None:
    """Last week's games (M.League's rules) under Tenhou's: each player's total is the
    core's settlement of the same points under Tenhou's rules, places follow the
    totals, and no game is touched."""
    from fractions import Fraction  # noqa: PLC0415

    from seisan import find_preset, settle  # noqa: PLC0415

    season = night.season
    versions = list(m.Game.objects.values_list("pk", "version"))
    page = signed_in.get(reverse("clubs:events:what_if", args=["test", season.pk]),
                         {"preset": "tenhou"}).content.decode()  # fmt: skip
    tenhou = settle([40000, 30000, 20000, 10000], find_preset("tenhou")).scores
    for k in range(0, 16, 4):
        for seat, name in enumerate(SIXTEEN[k : k + 4]):
            row = re.search(rf'<td class="name">{name}</td>(.*?)</tr>', page, re.S)
            assert row is not None
            cells = re.findall(r'<td class="num">(.*?)</td>', row.group(1))
            shown = Fraction(cells[3].replace("+", "").replace("−", "-"))
            assert shown == tenhou[seat], (name, cells)
            # four tables alike: the four in a seat tie, 1st, 5th, 9th, 13th either way
            assert cells[2] == cells[4] == str(seat * 4 + 1) and cells[5] == ""
    assert list(m.Game.objects.values_list("pk", "version")) == versions


def test_places_move_under_other_rules() -> None:
    from fractions import Fraction  # noqa: PLC0415

    from seisan.web.events.services import WhatIfRow, _placed  # noqa: PLC0415

    assert _placed({"a": Fraction(5), "b": Fraction(5), "c": Fraction(-1)}) == {
        "a": 1, "b": 1, "c": 3}  # fmt: skip
    row = WhatIfRow("a", 3, Fraction(0), Fraction(1), place_now=4, place_then=2)
    assert (row.up, row.down) == (2, 0)
    assert (WhatIfRow("b", 3, Fraction(0), Fraction(1), 1, 3).up,
            WhatIfRow("b", 3, Fraction(0), Fraction(1), 1, 3).down) == (0, 2)  # fmt: skip


def test_the_history_a_draw_avoids(club: m.Club, night: m.Session, owner: Any) -> None:
    """The season's live games in seat order (winds), and who sat out at the draw that
    stands of each other night; not a deleted game, another season's, or this
    night's own draws."""
    from seisan.web.events import services as events  # noqa: PLC0415

    last = night.season.sessions.get(title="Last week")
    gone, _ = services.save_game(last, {"players": ["P00", "P05", "P10", "P15"],
                                        "points": [40000, 30000, 20000, 10000]}, owner)  # fmt: skip
    gone.deleted = gone.updated
    gone.save(update_fields=["deleted"])
    other = m.Session.objects.create(season=season_with(club, "mleague", owner, "Other"))
    services.save_game(other, {"players": SIXTEEN[:4],
                               "points": [40000, 30000, 20000, 10000]}, owner)  # fmt: skip
    for number, out in ((1, ["P14"]), (2, ["P15"])):
        Seating.objects.create(session=last, number=number, method="shuffled", seed=1,
                               tables=[SIXTEEN[:4]], sitting_out=out)  # fmt: skip
    Seating.objects.create(session=night, number=1, method="shuffled", seed=1,
                           tables=[SIXTEEN[:4]], sitting_out=["P13"])  # fmt: skip
    history = events.season_history(night)
    assert history.sat_out == {"P15": 1}  # the last draw of last week only
    assert history.wind_counts("P00") == (1, 0, 0, 0) and history.wind_counts("P03") == (0, 0, 0, 1)
    assert history.met[frozenset(("P00", "P01"))] == 1
    assert frozenset(("P00", "P05")) not in history.met  # the deleted game
    assert sum(history.met.values()) == 4 * 6  # four games of six pairs: not the other season's


@pytest.mark.parametrize("method", ["swiss", "interval", "shuffled"])
def test_a_draw_is_the_cores_with_the_seasons_history_and_standings(
    night: m.Session, owner: Any, method: str
) -> None:
    """The tables kept are the core's ``seat`` for the same players, history, standings
    (everyone who played, whatever the season's minimum), and seed; with who drew
    them, how many pairs meet again, and the club's history in words."""
    from seisan.seating import Leftover, Method, seat  # noqa: PLC0415
    from seisan.web.clubs.standings import season_standings  # noqa: PLC0415
    from seisan.web.events import services as events  # noqa: PLC0415

    m.Season.objects.filter(pk=night.season_id).update(min_games=9)
    night.season.refresh_from_db()
    present = SIXTEEN[:13]
    chosen = Method(method)
    made = events.draw(night, present, chosen, 7, owner)
    standings = [s.name for s in season_standings(night.season, 0)]
    assert len(standings) == 16
    core = seat(present, size=4, method=chosen, history=events.season_history(night),
                standings=standings if chosen is not Method.SHUFFLED else [],
                leftover=Leftover.SIT_OUT, seed=7, time_limit=60)  # fmt: skip
    assert made.tables == [list(t) for t in core.tables]
    assert made.sitting_out == list(core.sitting_out) and len(made.sitting_out) == 1
    kept = (made.repeats, made.wind_repeats, made.complete)
    assert kept == (core.repeats, core.wind_repeats, core.complete)
    assert (made.method, made.seed, made.created_by, made.number) == (method, 7, owner, 1)
    action = m.Action.objects.filter(kind="seating.drawn").latest("pk")
    assert action.who == owner and action.fields["count"] == 3
    assert action.link == ["clubs:events:seating", [night.pk]]
    assert action.fields["session"]


def test_a_three_player_season_draws_tables_of_three(club: m.Club, owner: Any) -> None:
    """The tables are the season's rules' size (the mutation run's ``draw_30``, which
    left the size to the core's default of four, lived)."""
    from seisan.seating import Method  # noqa: PLC0415
    from seisan.web.events import services as events  # noqa: PLC0415

    night = m.Session.objects.create(season=season_with(club, "tenhou-sanma", owner, "Sanma"))
    made = events.draw(night, SIXTEEN[:7], Method.SHUFFLED, 3, owner)
    assert [len(t) for t in made.tables] == [3, 3] and len(made.sitting_out) == 1


def test_a_draw_the_time_limit_cut_short_is_kept_as_such(
    night: m.Session, owner: Any, settings: Any
) -> None:
    """A search stopped by the time limit is kept as not complete (the page says the
    tables may not be the best): the mutation run's ``draw_65`` dropped it and lived."""
    from seisan.seating import Method  # noqa: PLC0415
    from seisan.web.events import services as events  # noqa: PLC0415

    settings.SEISAN_SEATING_SECONDS = 0
    made = events.draw(night, SIXTEEN, Method.SHUFFLED, 5, owner)
    made.refresh_from_db()
    assert made.complete is False


def test_teams_are_drawn_only_in_a_team_season(night: m.Session, owner: Any) -> None:
    from seisan.errors import SeisanError  # noqa: PLC0415
    from seisan.seating import Method  # noqa: PLC0415
    from seisan.web.events import services as events  # noqa: PLC0415

    with pytest.raises(SeisanError) as refused:
        events.draw(night, SIXTEEN, Method.TEAMS, 1, owner)
    assert refused.value.text("en") == "this seating is drawn on the command line for now"


def test_the_clubs_games_in_the_order_played(club: m.Club, owner: Any) -> None:
    """Every season's live games of this club, by the night's date, then the night,
    then the game's number; each its players in seat order with their places."""
    import datetime  # noqa: PLC0415

    from seisan.web.events.services import club_games  # noqa: PLC0415

    first = season_with(club, "mleague", owner, "One")
    second = season_with(club, "mleague", owner, "Two")
    day, before = datetime.date(2026, 5, 2), datetime.date(2026, 5, 1)
    one = m.Session.objects.create(season=first, date=day)
    two = m.Session.objects.create(season=second, date=day)
    early = m.Session.objects.create(season=second, date=before)  # made last, played first

    def game(session: m.Session, names: list[str]) -> m.Game:
        table = {"players": names, "points": [40000, 30000, 20000, 10000]}
        made, _ = services.save_game(session, table, owner)
        return made

    a1 = game(one, ["A", "B", "C", "D"])
    a2 = game(one, ["E", "F", "G", "H"])
    game(two, ["I", "J", "K", "L"])
    game(early, ["M", "N", "O", "P"])
    gone = game(two, ["Q", "R", "S", "T"])
    gone.deleted = gone.updated
    gone.save(update_fields=["deleted"])
    elsewhere = m.Club.objects.create(name="Other", slug="other", currency="JPY")
    game(m.Session.objects.create(season=season_with(elsewhere, "mleague", owner), date=before),
         ["U", "V", "W", "X"])  # fmt: skip
    m.Game.objects.filter(pk=a1.pk).update(number=99)  # a1 becomes the second game
    m.Game.objects.filter(pk=a2.pk).update(number=1)
    m.Game.objects.filter(pk=a1.pk).update(number=2)
    played = [[name for name, _place in seated] for seated in club_games(club)]
    assert played == [["M", "N", "O", "P"], ["E", "F", "G", "H"], ["A", "B", "C", "D"],
                      ["I", "J", "K", "L"]]  # fmt: skip
    assert club_games(club)[0] == [("M", 1), ("N", 2), ("O", 3), ("P", 4)]
