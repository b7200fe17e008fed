"""A player's page: statistics, charts, recent games, head to head, for one season or
every season of the club."""

from __future__ import annotations

from typing import Any

from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, render

from seisan.explain import ordinal
from seisan.i18n import N_
from seisan.stats import head_to_head, running
from seisan.web.clubs import charts, services
from seisan.web.clubs import models as m
from seisan.web.clubs.access import club_view, ctx, number
from seisan.web.clubs.forms import words
from seisan.web.clubs.middleware import web_lang
from seisan.web.clubs.standings import lines_of, season_games
from seisan.web.clubs.views.seasons import place_labels
from seisan.web.tables.stats import hand_stats, season_hand_stats

RECENT = 10


def _hand_stats(club: m.Club, season: m.Season | None, games: Any) -> list[Any]:
    """Hand statistics of one season, or of every season of the club."""
    if season is not None:
        return season_hand_stats(season, games)
    return hand_stats(games, f"club:{club.pk}")


@club_view(m.Role.MEMBER)
def player_page(request: HttpRequest, club: m.Club, pk: int) -> HttpResponse:
    player = get_object_or_404(club.players, pk=pk)
    seasons = list(club.seasons.all())
    every = request.GET.get("season") == "all"
    season = None
    if not every:
        wanted = number(request.GET, "season", 0)
        season = next((s for s in seasons if s.pk == wanted), seasons[0] if seasons else None)
    context: dict[str, Any] = {"player": player, "seasons": seasons, "season": season,
                               "every": every}  # fmt: skip
    if season is None and not every:
        return render(request, "clubs/player.html", ctx(request, club, **context))
    games = (
        m.Game.objects.filter(session__season__club=club, deleted__isnull=True).order_by(
            "session__date", "session_id", "number"
        )
        if every
        else season_games(season)  # type: ignore[arg-type]
    )
    data = lines_of(games)
    mine = next((s for s in data.standings() if s.name == player.name), None)
    seats = max((len(line) for line in data.lines), default=4)
    played = [i for i, line in enumerate(data.lines) if any(s.name == player.name for s in line)]
    recent_ids = [data.games[i] for i in reversed(played[-RECENT:])]
    found = {g.pk: g for g in m.Game.objects.filter(pk__in=recent_ids).select_related("session")}
    recent = []
    for game_id in recent_ids:
        line = next(s for s in data.lines[data.games.index(game_id)] if s.name == player.name)
        recent.append((found[game_id], line, ordinal(line.place).text(web_lang())))
    zero = services.rules_of(season.rules).zero if season is not None else None
    context.update(
        stats=mine,
        zero=zero,
        currency=services.currency_of(club, services.rules_of(season.rules))
        if season is not None
        else club.currency,
        chart=charts.line_chart(
            running(data.lines, player.name), words(N_("Cumulative total (pt)"))
        ),
        histogram=charts.place_histogram(
            list(mine.places) if mine else [0] * seats, place_labels(seats), words(N_("Places"))
        ),
        recent=recent,
        rivals=head_to_head(data.lines, player.name),
        hands=next((s for s in _hand_stats(club, season, games) if s.name == player.name),
                   None),
    )  # fmt: skip
    return render(request, "clubs/player.html", ctx(request, club, **context))
