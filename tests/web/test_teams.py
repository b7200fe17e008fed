"""Team events in the web app (issue 18): an organiser forms a season's teams, puts
players in them (one team a season; another next season) and gives a team its own
penalties; the teams page and the API rank the teams by their members' totals in the
season's games plus those penalties; a night's seating puts one player of each team
at every table (M-League's format); members see, only organisers change."""

from __future__ import annotations

from collections.abc import Callable
from fractions import Fraction
from typing import Any

import pytest
from django.test import Client
from django.urls import reverse

from seisan.errors import SeisanError
from seisan.web.accounts.tokens import new_api_token
from seisan.web.clubs import models as m
from seisan.web.clubs import services
from seisan.web.events import services as event_services
from seisan.web.events.models import Seating, Team, TeamMember

from .conftest import season_with

pytestmark = pytest.mark.django_db

TEAMS = {"Drivens": ["Ana", "Eve"], "Pirates": ["Ben", "Fay"], "Phoenix": ["Chie", "Gus"],
         "Beast": ["Dae", "Hal"]}  # fmt: skip


def teams_url(season: m.Season) -> str:
    return reverse("clubs:events:teams", args=["test", season.pk])


def act(client: Client, season: m.Season, **data: Any) -> Any:
    return client.post(teams_url(season), data)


@pytest.fixture
def league(signed_in: Client, season: m.Season, session: m.Session, owner: Any) -> m.Season:
    """Four teams of two formed through the page, and two games of the season."""
    for team, members in TEAMS.items():
        assert act(signed_in, season, action="team", name=team).status_code == 302
        found = Team.objects.get(season=season, name=team)
        for name in members:
            assert act(signed_in, season, action="member", team=found.pk,
                       player=name).status_code == 302  # fmt: skip
    services.save_game(session, {"players": ["Ana", "Ben", "Chie", "Dae"],
                                 "points": [42600, 31000, 16400, 10000]}, owner)  # fmt: skip
    services.save_game(session, {"players": ["Eve", "Fay", "Gus", "Hal"],
                                 "points": [25000, 25000, 30000, 20000]}, owner)  # fmt: skip
    return season


def test_teams_rank_by_their_members_totals_and_penalties(
    signed_in: Client, league: m.Season
) -> None:
    # M.League: Ana 62.6, Ben 11, Chie -23.6, Dae -50; Gus 50, Eve and Fay -5 (tied 2nd), Hal -40
    pirates = Team.objects.get(name="Pirates")
    assert act(signed_in, league, action="penalty", team=pirates.pk, pt="-20",
               reason="late line-up").status_code == 302  # fmt: skip
    page = signed_in.get(teams_url(league)).content.decode()
    order = [page.index(name) for name in ("Drivens", "Phoenix", "Pirates", "Beast")]
    assert order == sorted(order), page
    assert "57.6" in page and "26.4" in page and "-14" in page and "-90" in page
    assert "late line-up" in page and "-20" in page
    assert league.club.actions.filter(kind="team.penalty").exists()


def test_the_api_gives_the_same_team_standings(owner: Any, league: m.Season) -> None:
    token = new_api_token(owner, "bot")
    answer = Client().get(f"/api/clubs/test/seasons/{league.pk}/teams",
                          HTTP_AUTHORIZATION=f"Bearer {token}")  # fmt: skip
    rows = answer.json()
    assert [(r["name"], Fraction(str(r["total"]))) for r in rows] == [
        ("Drivens", Fraction("57.6")), ("Phoenix", Fraction("26.4")),
        ("Pirates", Fraction(6)), ("Beast", Fraction(-90))]  # fmt: skip
    assert [x["name"] for x in rows[0]["members"]] == ["Ana", "Eve"]


def test_a_player_plays_for_one_team_a_season(signed_in: Client, league: m.Season,
                                              club: m.Club, owner: Any) -> None:  # fmt: skip
    pirates = Team.objects.get(name="Pirates")
    moved = act(signed_in, league, action="member", team=pirates.pk, player="ana")
    assert moved.status_code == 400 and "Ana plays for Drivens" in moved.content.decode()
    again = act(signed_in, league, action="team", name="PIRATES")
    assert again.status_code == 400 and "already" in again.content.decode()
    ana = TeamMember.objects.get(player__name="Ana")
    assert act(signed_in, league, action="leave", member=ana.pk).status_code == 302
    assert act(signed_in, league, action="member", team=pirates.pk,
               player="Ana").status_code == 302  # fmt: skip
    nxt = season_with(club, "mleague", owner, "Next season")  # another team next season
    other = Team.objects.create(season=nxt, name="Drivens")
    assert act(signed_in, nxt, action="member", team=other.pk, player="Ana").status_code == 302
    assert TeamMember.objects.filter(player__name="Ana").count() == 2


@pytest.mark.parametrize(
    ("data", "problem"),
    [
        ({"action": "team", "name": "  "}, "give the team&#x27;s name"),
        ({"action": "team", "name": "A:B"}, "separates names"),
        ({"action": "member", "team": "999999", "player": "Ana"}, "choose one of"),
        ({"action": "member", "team": "²", "player": "Ana"}, "choose one of"),
        ({"action": "penalty", "team": "PIRATES", "pt": "x"}, "pt"),
        ({"action": "nothing"}, "choose what to change"),
    ],
)  # fmt: skip
def test_bad_team_changes_are_one_line_and_change_nothing(
    signed_in: Client, league: m.Season, data: dict[str, str], problem: str
) -> None:
    pirates = Team.objects.get(name="Pirates")
    data = {k: (str(pirates.pk) if v == "PIRATES" else v) for k, v in data.items()}
    before = (Team.objects.count(), TeamMember.objects.count(), m.Action.objects.count())
    answer = act(signed_in, league, **data)
    assert answer.status_code == 400 and problem in answer.content.decode()
    assert (Team.objects.count(), TeamMember.objects.count(), m.Action.objects.count()) == before


def test_members_see_the_teams_and_only_organisers_change_them(
    league: m.Season, member_of: Callable[[str], Any]
) -> None:
    client = Client()
    client.force_login(member_of("scorer"))
    assert client.get(teams_url(league)).status_code == 200
    assert act(client, league, action="team", name="Sneaky").status_code == 403
    assert not Team.objects.filter(name="Sneaky").exists()


def test_a_team_night_seats_one_player_of_each_team_at_every_table(
    signed_in: Client, league: m.Season, session: m.Session
) -> None:
    everyone = [n for members in TEAMS.values() for n in members]
    url = reverse("clubs:events:seating", args=["test", session.pk])
    page = signed_in.get(url).content.decode()
    assert 'value="teams"' in page
    assert signed_in.post(url, {"present": everyone, "method": "teams",
                                "seed": "7"}).status_code == 302  # fmt: skip
    seating = Seating.objects.get()
    team_of = {n: t for t, members in TEAMS.items() for n in members}
    assert len(seating.tables) == 2
    assert all(sorted(team_of[n] for n in table) == sorted(TEAMS) for table in seating.tables)


def test_without_teams_the_team_seating_is_not_offered(
    signed_in: Client, season: m.Season, session: m.Session
) -> None:
    url = reverse("clubs:events:seating", args=["test", session.pk])
    assert 'value="teams"' not in signed_in.get(url).content.decode()
    refused = signed_in.post(url, {"present": ["A", "B", "C", "D"], "method": "teams"})
    assert refused.status_code == 400
    assert not Seating.objects.exists()


@pytest.mark.parametrize("pt", ["99999999999", "1000000", "+-5", "--5", "0", "7.55"])
def test_a_team_penalty_out_of_range_or_with_two_signs_is_refused(
    signed_in: Client, league: m.Season, pt: str
) -> None:
    pirates = Team.objects.get(name="Pirates")
    answer = act(signed_in, league, action="penalty", team=pirates.pk, pt=pt)
    assert answer.status_code == 400 and "at most 999999" in answer.content.decode()
    assert not pirates.penalties.exists()
    assert signed_in.get(teams_url(league)).status_code == 200


@pytest.mark.parametrize(("pt", "kept"), [("+7.5", "7.500"), ("▲２０", "-20.000"),
                                          ("999999", "999999.000")])  # fmt: skip
def test_a_team_penalty_as_people_type_it(
    signed_in: Client, league: m.Season, pt: str, kept: str
) -> None:
    pirates = Team.objects.get(name="Pirates")
    assert act(signed_in, league, action="penalty", team=pirates.pk, pt=pt).status_code == 302
    assert str(pirates.penalties.get().pt) == kept


def test_a_reason_with_a_control_character_is_refused(signed_in: Client, league: m.Season) -> None:
    pirates = Team.objects.get(name="Pirates")
    answer = act(signed_in, league, action="penalty", team=pirates.pk, pt="-5",
                 reason="late\u0000")  # fmt: skip
    assert answer.status_code == 400 and not pirates.penalties.exists()


@pytest.mark.parametrize(("reason", "kept"), [("x" * 120, True), ("x" * 121, False),
                                              ("  late   again ", True)])  # fmt: skip
def test_a_reason_past_its_column_is_refused_not_cut(
    signed_in: Client, league: m.Season, reason: str, kept: bool
) -> None:
    """helper-64: 500 characters were cut to 120 in silence."""
    pirates = Team.objects.get(name="Pirates")
    answer = act(signed_in, league, action="penalty", team=pirates.pk, pt="-5", reason=reason)
    if kept:
        assert answer.status_code == 302
        assert pirates.penalties.get().reason == " ".join(reason.split())
    else:
        assert answer.status_code == 400 and not pirates.penalties.exists()
        assert "the reason is longer than 120 characters" in answer.content.decode()


def test_a_merged_guest_takes_their_team_place_with_them_and_undo_gives_it_back(
    signed_in: Client, league: m.Season, club: m.Club, owner: Any
) -> None:
    drivens = Team.objects.get(name="Drivens")
    assert act(signed_in, league, action="leave", member=TeamMember.objects.get(
        player__name="Ana").pk).status_code == 302  # fmt: skip
    act(signed_in, league, action="member", team=drivens.pk, player="Anna")
    night = m.Session.objects.create(season=league)
    services.save_game(night, {"players": ["Anna", "Fay", "Gus", "Hal"],
                               "points": [42600, 31000, 16400, 10000]}, owner)  # fmt: skip
    anna, ana = club.players.get(name="Anna"), club.players.get(name="Ana")
    action = services.merge_players(anna, ana, owner)
    members = {t.player.name for t in TeamMember.objects.filter(team=drivens)}
    assert members == {"Ana", "Eve"}
    ranked, _teams = event_services.season_teams(league)
    drivens_row = next(t for t in ranked if t.name == "Drivens")
    assert drivens_row.total == Fraction("62.6") + Fraction("62.6") + Fraction(-5)
    services.undo_merge(action, owner)
    assert {t.player.name for t in TeamMember.objects.filter(team=drivens)} == {"Anna", "Eve"}


def test_two_players_of_two_teams_are_not_merged(
    league: m.Season, club: m.Club, owner: Any
) -> None:
    ana, fay = club.players.get(name="Ana"), club.players.get(name="Fay")
    with pytest.raises(SeisanError, match="Ana plays for Drivens and Fay for Pirates"):
        services.merge_players(ana, fay, owner)
    assert club.players.get(name="Ana").merged_into is None


def test_each_team_change_word_for_word_and_in_the_clubs_history(
    season: m.Season, owner: Any
) -> None:
    """Every refusal of the teams page in its words, nothing changed by it; every change
    kept in the club's history with who made it and its words."""
    from seisan.web.events.models import TeamPenalty  # noqa: PLC0415

    def act(**data: str) -> None:
        event_services.team_action(season, data, owner)

    def refused(**data: str) -> str:
        before = (Team.objects.count(), TeamMember.objects.count(), TeamPenalty.objects.count())
        with pytest.raises(SeisanError) as said:
            act(**data)
        assert before == (Team.objects.count(), TeamMember.objects.count(),
                          TeamPenalty.objects.count())  # fmt: skip
        return said.value.text("en")

    def last() -> tuple[str, dict[str, Any]]:
        action = m.Action.objects.latest("pk")
        assert action.who == owner and action.link == ["clubs:events:teams", [season.pk]]
        return action.kind, action.fields

    assert refused(action="team", name="  ") == "give the team's name"
    assert refused(action="team") == "give the team's name"
    act(action="team", name="  Red   Dragons ")
    red = Team.objects.get()
    assert red.name == "Red Dragons"
    assert last() == ("team.formed", {"team": "Red Dragons", "season": season.name})
    assert refused(action="team", name="Red Dragons") == (
        f"{season.name} has a team called Red Dragons already"
    )
    assert "“:”" in refused(action="team", name="Re:d")
    act(action="team", name="Blue")
    blue = Team.objects.get(name="Blue")
    assert refused(action="member", team=str(red.pk)) == "give the player's name"
    assert refused(action="member", team="x", player="Ana") == "choose one of the season's teams"
    assert refused(action="member", player="Ana") == "choose one of the season's teams"
    act(action="member", team=str(red.pk), player=" Ana  Lee ")
    assert last() == ("team.joined", {"name": "Ana Lee", "team": "Red Dragons"})
    act(action="member", team=str(red.pk), player="ana lee")  # there already: nothing new
    assert TeamMember.objects.count() == 1 and last()[0] == "team.joined"
    assert refused(action="member", team=str(blue.pk), player="Ana Lee") == (
        "Ana Lee plays for Red Dragons this season: take them out of it first"
    )
    assert "“;”" in refused(action="member", team=str(blue.pk), player="Ben;")
    member = TeamMember.objects.get()
    act(action="leave", member="x")  # nobody: nothing happens
    elsewhere = season_with(season.club, "mleague", owner, "Next")
    event_services.team_action(elsewhere, {"action": "leave", "member": str(member.pk)}, owner)
    assert TeamMember.objects.count() == 1  # another season's page cannot take them out
    act(action="leave", member=str(member.pk + 100))
    assert TeamMember.objects.count() == 1
    act(action="leave", member=str(member.pk))
    assert TeamMember.objects.count() == 0
    assert last() == ("team.left", {"name": "Ana Lee", "team": "Red Dragons"})
    for pt in ("0", "x", "1000000", "-1000000", "1.25"):
        assert refused(action="penalty", team=str(red.pk), pt=pt) == (
            "pt: give the team's pt, like -20 or 7.5 (not 0, at most 999999 either way)"
        )
    bell = refused(action="penalty", team=str(red.pk), pt="5", reason="a\x07b")
    assert bell == (  # (helper-66: it had been called a name)
        "a reason is written in letters, digits and spaces: no control or invisible characters"
    )
    act(action="penalty", team=str(red.pk), pt="▲２０", reason="  late  ")
    penalty = TeamPenalty.objects.get()
    assert (penalty.pt, penalty.reason, penalty.created_by) == (-20, "late", owner)
    kind, fields = last()
    assert kind == "team.penalty" and fields["team"] == "Red Dragons"
    assert fields["pt"] == {"pt": "-20"}  # kept exact, as history keeps a value
    assert fields["reason"] == "late"
    act(action="penalty", team=str(blue.pk), pt="7.5")
    assert last()[1]["reason"] == "—"
    assert TeamPenalty.objects.get(team=blue).pt == Fraction(15, 2)
    assert refused(action="penalty", team=str(blue.pk), pt="1", reason="x" * 130) == (
        "the reason is longer than 120 characters"  # (it had been cut to 120 in silence)
    )
    act(action="penalty", team=str(blue.pk), pt="1", reason="x" * 120)
    assert TeamPenalty.objects.filter(team=blue).latest("pk").reason == "x" * 120
    assert refused(action="wind") == "choose what to change"
    assert refused() == "choose what to change"
