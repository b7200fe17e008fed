"""Pages that list games cost the same number of SQL queries at 10 games as at 1,000:
standings (also the public link anyone may open), the season page, a session, a
player, the exports, the club's history, the team standings, the rating tables, a
tournament round's entries, check-in, referee and published pages; and the
standings come from the stored results, never from settling the season again."""

from __future__ import annotations

from typing import Any

import pytest
from django.core.cache import cache
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from seisan.web.clubs import files
from seisan.web.clubs import models as m
from seisan.web.events import services as events
from seisan.web.events import tournament

from .conftest import season_with

pytestmark = pytest.mark.django_db
NAMES = ["Ana", "Ben", "Chie", "Dae", "Eve", "Fay"]


def night(count: int) -> str:
    """A session file of ``count`` games with chips, 差しウマ and a spectator."""
    out = []
    for number in range(count):
        names = [NAMES[(number + k) % 6] for k in range(4)]
        shift = (number % 7) * 100
        out.append(
            f"[[games]]\nplayers = {names!r}\npoints = [{42600 + shift}, 31000, 16400, "
            f"{10000 - shift}]\nchips = [1, -1, 0, 0]\nsashi = ['{names[0]}:{names[3]}:5000']\n"
            f"soto = {{ Gus = '{names[1]}' }}\n"
        )
    return "\n".join(out).replace("'", '"')


def queries(client: Client, url: str) -> int:
    with CaptureQueriesContext(connection) as captured:
        response = client.get(url)
    assert response.status_code == 200, url
    return len(captured)


def counts(club: m.Club, owner: Any, client: Client, games: int) -> dict[str, int]:
    rules = 'extends = "mleague"\n[side]\nchip_value = 2\n[money]\nrate = 50\n'
    season = season_with(club, rules, owner, f"S{games}")
    season.public = True
    season.save()
    session, _count = files.import_session(season, night(games), f"n{games}.toml", owner)
    ana = club.players.get(name="Ana")
    slug = club.slug
    for team, members in (("East", NAMES[:3]), ("West", NAMES[3:])):
        events.team_action(season, {"action": "team", "name": team}, owner)
        made = season.teams.get(name=team)
        for name in members:
            events.team_action(season, {"action": "member", "team": str(made.pk),
                                        "player": name}, owner)  # fmt: skip
    tournament.entry_action(season, {"action": "add", "name": "Ana"}, owner)
    tournament.check_in_action(session, {"action": "in", "player": str(ana.pk)}, owner)
    tournament.publish(session, True, owner)
    ratings = reverse("clubs:events:ratings", args=[slug])
    # the ratings read whole both times (the second season's games would otherwise
    # carry the first's on: one query for the seasons' notes, counted in
    # test_kept_standings.py)
    events._RATED.clear()
    cache.clear()
    return {
        "teams": queries(client, reverse("clubs:events:teams", args=[slug, season.pk])),
        "ratings": queries(client, ratings),
        "ratings (Tenhou R)": queries(client, f"{ratings}?system=tenhou"),
        "entries": queries(client, reverse("clubs:events:entries", args=[slug, season.pk])),
        "check-in": queries(client, reverse("clubs:events:check_in", args=[slug, session.pk])),
        "referee": queries(client, reverse("clubs:events:referee", args=[slug, session.pk])),
        "public round": queries(
            Client(), reverse("public_night", args=[season.public_token, session.pk])
        ),
        "season": queries(client, reverse("clubs:season", args=[slug, season.pk])),
        "public": queries(Client(), reverse("public_season", args=[season.public_token])),
        "session": queries(client, reverse("clubs:session", args=[slug, session.pk])),
        "player": queries(
            client, reverse("clubs:player", args=[slug, ana.pk]) + f"?season={season.pk}"
        ),
        "every season": queries(
            client, reverse("clubs:player", args=[slug, ana.pk]) + "?season=all"
        ),
        "toml": queries(client, reverse("clubs:export", args=[slug, season.pk, "toml"])),
        "csv": queries(client, reverse("clubs:export", args=[slug, season.pk, "csv"])),
        "history": queries(client, reverse("clubs:history", args=[slug])),
        "club": queries(client, reverse("clubs:club", args=[slug])),
    }


def test_queries_do_not_grow_with_the_games(club: m.Club, owner: Any, signed_in: Client) -> None:
    few = counts(club, owner, signed_in, 10)
    many = counts(club, owner, signed_in, 1000)
    assert few == many
    # the season, its revision, the game ids, their lines… (the ids are read on their
    # own: an IN over a subquery let PostgreSQL pick minutes-long nested loops)
    assert few["public"] <= 6 and few["season"] <= 14, few


def test_standings_follow_every_change(club: m.Club, owner: Any, signed_in: Client) -> None:
    """Standings kept per revision are never shown after a change: an edit, a delete
    and a restore, a rename, an import each move the season on."""
    season = season_with(club, 'extends = "mleague"\n[side]\nchip_value = 2\n', owner, "Kept")
    session, _count = files.import_session(season, night(3), "n.toml", owner)
    url = reverse("clubs:season", args=[club.slug, season.pk])

    def total(name: str) -> Any:
        page = signed_in.get(url)
        return {s.name: s.total for s, _p, _number in page.context["standings"]}.get(name)

    before = total("Ana")
    game = session.games.get(number=1)
    signed_in.post(reverse("clubs:delete", args=[club.slug, game.pk]), {"confirm": "1"})
    assert total("Ana") != before
    signed_in.post(reverse("clubs:restore", args=[club.slug, game.pk]))
    assert total("Ana") == before
    ana = club.players.get(name="Ana")
    signed_in.post(reverse("clubs:rename_player", args=[club.slug, ana.pk]), {"name": "Anna"})
    assert total("Anna") == before and total("Ana") is None
    ben = total("Ben")
    files.import_session(season, night(1), "more.toml", owner)
    assert total("Ben") != ben


def test_postgresql_takes_more_values_than_a_statements_parameters() -> None:
    """Django sends a season's ids as one parameter each where it prefetches (a rename's
    or an export's 100,000 games and their seats): with the parameters apart from the
    query (server-side binding, tried on 2026-12-03 for prepared statements) PostgreSQL
    refused more than 65,535 and a rename in a large club failed. The values go in the
    query's text again: a list longer than that limit is read."""
    if connection.vendor != "postgresql":
        pytest.skip("SQLite: the PostgreSQL run of make test checks PostgreSQL's limit")
    assert list(m.Game.objects.filter(pk__in=range(1, 70_001)).values_list("pk")) == []
