"""A newcomer's path through the app with Django's test client: the numbers on every
page are the core's."""

from __future__ import annotations

from decimal import Decimal
from typing import Any

import pytest
from django.test import Client
from django.urls import reverse

from seisan import find_preset
from seisan.ledger import settle_game
from seisan.pt import pt_value
from seisan.web.clubs import models as m
from seisan.web.clubs.standings import season_standings

from .conftest import enter

pytestmark = pytest.mark.django_db


def test_a_club_a_season_and_three_games(signed_in: Client, owner: Any) -> None:
    response = signed_in.post(
        reverse("create_club"),
        {"name": "Friday club", "slug": "friday", "kind": "circle", "currency": "JPY"},
    )
    assert response.status_code == 302
    club = m.Club.objects.get(slug="friday")
    assert m.Membership.objects.get(club=club, user=owner).role == "owner"
    response = signed_in.post(
        reverse("clubs:new_season", args=["friday"]),
        {"name": "Autumn", "preset": "mleague", "min_games": "0"},
    )
    season = club.seasons.get()
    assert response.status_code == 302
    assert season.rules.number == 1 and "mleague" in season.rules.toml
    for name in ("Ana", "Ben", "Chie", "Dae"):
        signed_in.post(reverse("clubs:add_player", args=["friday"]), {"name": name})
    assert sorted(club.players.values_list("name", flat=True)) == ["Ana", "Ben", "Chie", "Dae"]
    response = signed_in.post(
        reverse("clubs:new_session", args=["friday", season.pk]),
        {"date": "2026-11-27", "title": "Friday"},
    )
    session = season.sessions.get()
    names = ["Ana", "Ben", "Chie", "Dae"]
    # an ordinary game; a tie for first; two riichi sticks left on the table
    assert enter(signed_in, session, names, [42600, 31000, 16400, 10000]).status_code == 302
    assert (
        enter(
            signed_in, session, ["Ben", "Chie", "Dae", "Ana"], [35200, 35200, 24800, 4800]
        ).status_code
        == 302
    )
    assert (
        enter(
            signed_in,
            session,
            ["Chie", "Dae", "Ana", "Ben"],
            [38000, 30000, 20000, 10000],
            deposits="2",
        ).status_code
        == 302
    )
    games = list(session.games.order_by("number"))
    assert [g.number for g in games] == [1, 2, 3]
    rules = find_preset("mleague")
    expected = [
        settle_game([42600, 31000, 16400, 10000], rules, names),
        settle_game([35200, 35200, 24800, 4800], rules, ["Ben", "Chie", "Dae", "Ana"]),
        settle_game([38000, 30000, 20000, 10000], rules, ["Chie", "Dae", "Ana", "Ben"], deposits=2),
    ]
    for game, result in zip(games, expected, strict=True):
        stored = {s.player.name: s.total for s in game.seats.all()}
        assert stored == {n: Decimal(str(pt_value(v))) for n, v in result.totals().items()}
    # the tie for first: 35200 each, +5.2 points part, (30 + 10) / 2 uma and 20 / 2 oka each
    tie = {s.player.name: (s.place, s.total) for s in games[1].seats.all()}
    assert tie["Ben"] == tie["Chie"] == (1, Decimal("35.2"))
    # two sticks on the table go to first place under M.League: 38000 + 2000
    third = {s.player.name: (s.points, s.total) for s in games[2].seats.all()}
    assert third["Chie"] == (40000, Decimal("60"))  # +10 points, +20 oka, +30 uma

    page = signed_in.get(reverse("clubs:season", args=["friday", season.pk]))
    text = page.content.decode()
    totals = {}
    for result in expected:
        for name, value in result.totals().items():
            totals[name] = totals.get(name, 0) + value
    for name in totals:
        assert name in text
    assert "+62.6" in text  # Ana's first game, in her best column
    player = club.players.get(name="Ana")
    page = signed_in.get(reverse("clubs:player", args=["friday", player.pk]))
    assert page.status_code == 200 and b"<svg" in page.content
    page = signed_in.get(reverse("clubs:session", args=["friday", session.pk]))
    assert page.status_code == 200 and b"ledger" in page.content
    page = signed_in.get(reverse("clubs:game", args=["friday", games[1].pk]))
    assert "uma of places 1–2 shared by 2 tied players" in page.content.decode()


def test_languages(signed_in: Client, club: m.Club, season: m.Season) -> None:
    url = reverse("clubs:season", args=[club.slug, season.pk])
    signed_in.post(reverse("set_language"), {"language": "ja", "next": url})
    page = signed_in.get(url).content.decode()
    assert "順位" in page or "成績" in page
    signed_in.post(reverse("set_language"), {"language": "ko", "next": url})
    page = signed_in.get(url).content.decode()
    assert "성적" in page or "순위" in page
    # the browser's language is the default
    fresh = Client(HTTP_ACCEPT_LANGUAGE="ko-KR,ko;q=0.9")
    assert "로그인" in fresh.get("/").content.decode()


def test_a_duplicate_guest_is_merged(signed_in: Client, club: m.Club, session: m.Session) -> None:
    enter(signed_in, session, ["Ana", "Ben", "Chie", "Dae"], [42600, 31000, 16400, 10000])
    enter(signed_in, session, ["Anna", "Ben", "Chie", "Dae"], [32600, 31000, 26400, 10000])
    anna, ana = club.players.get(name="Anna"), club.players.get(name="Ana")
    url = reverse("clubs:merge_players", args=[club.slug])
    asked = signed_in.post(url, {"source": anna.pk, "target": ana.pk})  # asked first
    page = asked.content.decode()
    assert "Merge Anna into Ana?" in page and "Anna&#x27;s 1 game becomes Ana&#x27;s" in page
    anna.refresh_from_db()
    assert anna.merged_into is None
    signed_in.post(url, {"source": anna.pk, "target": ana.pk, "confirm": "1"})
    anna.refresh_from_db()
    assert anna.merged_into == ana
    table = {s.name: s.games for s in season_standings(session.season, 0)}
    assert table["Ana"] == 2 and "Anna" not in table
    # a player merged into itself: said so (helper-95: “only a guest can be merged”, of a
    # guest)
    dae = club.players.get(name="Dae").pk
    itself = signed_in.post(url, {"source": dae, "target": dae, "confirm": "1"}, follow=True)
    assert "choose two players: Dae is both" in itself.content.decode()
    # two people at one table are never merged
    ben = club.players.get(name="Ben").pk
    response = signed_in.post(url, {"source": ben, "target": ana.pk, "confirm": "1"})
    assert response.status_code == 302
    assert club.players.get(name="Ben").merged_into is None
    # the history undoes the merge
    action = club.actions.get(kind="players.merged")
    signed_in.post(reverse("clubs:undo", args=[club.slug, action.pk]))
    anna.refresh_from_db()
    assert anna.merged_into is None
    table = {s.name: s.games for s in season_standings(session.season, 0)}
    assert table["Ana"] == 1 and table["Anna"] == 1
    assert session.games.get(number=2).data["players"][0] == "Anna"


def test_a_member_links_and_confirms(signed_in: Client, club: m.Club, session: m.Session,
                                     member_of: Any) -> None:  # fmt: skip
    enter(signed_in, session, ["Ana", "Ben", "Chie", "Dae"], [42600, 31000, 16400, 10000])
    ana_user = member_of("member")
    membership = club.memberships.get(user=ana_user)
    player = club.players.get(name="Ana")
    signed_in.post(reverse("clubs:link_player", args=[club.slug]),
                   {"player": player.pk, "member": membership.pk})  # fmt: skip
    player.refresh_from_db()
    assert player.user == ana_user
    # a member not the club's (another club's, or gone) is not found, and the link
    # stays: it once read as "—" and undid it
    other = m.Club.objects.create(name="Other", slug="other")
    elsewhere = m.Membership.objects.create(club=other, user=ana_user, role="member")
    for member in (elsewhere.pk, 99999, 0, None):  # (None: no member sent)
        sent = {"player": player.pk} | ({} if member is None else {"member": member})
        answer = signed_in.post(reverse("clubs:link_player", args=[club.slug]), sent)
        assert answer.status_code == 404
    player.refresh_from_db()
    assert player.user == ana_user
    ana = Client()
    ana.force_login(ana_user)
    game = session.games.get()
    page = ana.get(reverse("clubs:game", args=[club.slug, game.pk])).content.decode()
    assert "Confirm" in page
    seat = game.seats.get(player=player)
    ana.post(reverse("clubs:confirm", args=[club.slug, game.pk]), {"seat": seat.pk})
    seat.refresh_from_db()
    assert seat.confirmed
