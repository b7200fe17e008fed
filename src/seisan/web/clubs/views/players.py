"""A player's page: statistics, charts, recent games, head to head."""

from __future__ import annotations

from typing import Any

from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, render

from seisan.explain import ordinal
from seisan.i18n import N_
from seisan.stats import head_to_head, running, standings
from seisan.web.clubs import charts, services
from seisan.web.clubs import models as m
from seisan.web.clubs.access import club_view, ctx, number
from seisan.web.clubs.forms import (
    words,
)
from seisan.web.clubs.middleware import web_lang
from seisan.web.clubs.views.seasons import place_labels


@club_view(m.Role.MEMBER)
def player_page(request: HttpRequest, club: m.Club, pk: int) -> HttpResponse:
    player = get_object_or_404(club.players, pk=pk)
    season_id = number(request.GET, "season", 0)
    seasons = club.seasons.all()
    season = seasons.filter(pk=season_id).first() if season_id else seasons.first()
    context: dict[str, Any] = {"player": player, "seasons": seasons, "season": season}
    if season is not None:
        games = list(services.season_games(season))
        lines = services.stat_seats(games)
        extra, extra_money = services.off_table(games)
        table = {s.name: s for s in standings(lines, 0, extra, extra_money)}
        mine = table.get(player.name)
        trend = running(lines, player.name)
        n = len(mine.places) if mine else services.rules_of(season.rules).players
        labels = place_labels(n)
        context.update(
            stats=mine,
            chart=charts.line_chart(trend, words(N_("Cumulative total (pt)"))),
            histogram=charts.place_histogram(
                mine.places if mine else [0] * n, labels, words(N_("Places"))
            ),
            recent=[
                (g, seat, ordinal(seat.place).text(web_lang()))
                for g in reversed(games)
                for seat in g.seats.all()
                if seat.player_id == player.pk
            ][:10],
            rivals=head_to_head(lines, player.name),
        )
    return render(request, "clubs/player.html", ctx(request, club, **context))
