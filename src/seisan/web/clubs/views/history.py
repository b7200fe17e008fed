"""The history of changes, per club and per game: one entry per thing a person did,
in words, in local time, each linking to what changed (an organiser may undo a merge)."""

from __future__ import annotations

from typing import Any

from django.core.paginator import Paginator
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, render
from django.urls import NoReverseMatch, reverse

from seisan.web.clubs import history
from seisan.web.clubs import models as m
from seisan.web.clubs.access import club_view, ctx, number
from seisan.web.clubs.middleware import web_lang

PAGE = 100


def entries(club: m.Club, actions: Any) -> list[dict[str, Any]]:
    """Actions as the page shows them: who, when, what, the changes, the link."""
    lang = web_lang()
    out = []
    for action in actions:
        link = None
        if action.link:
            name, args = action.link[0], action.link[1] if len(action.link) > 1 else []
            try:
                link = reverse(name, args=[club.slug, *args])
            except NoReverseMatch:
                link = None
        out.append({
            "action": action,
            "said": history.said(action, lang),
            "changes": history.changed(action, lang),
            "link": link,
            "can_undo": bool(action.undo) and action.undone is None,
        })  # fmt: skip
    return out


@club_view(m.Role.MEMBER)
def club_history(request: HttpRequest, club: m.Club) -> HttpResponse:
    """Every change in the club, newest first."""
    actions = club.actions.select_related("who")
    page = Paginator(actions, PAGE).get_page(number(request.GET, "page", 1))
    return render(request, "clubs/history.html",
                  ctx(request, club, entries=entries(club, page), page=page))  # fmt: skip


@club_view(m.Role.MEMBER)
def game_history(request: HttpRequest, club: m.Club, pk: int) -> HttpResponse:
    game = get_object_or_404(m.Game, pk=pk, session__season__club=club)
    actions = game.actions.select_related("who")
    return render(request, "clubs/history.html",
                  ctx(request, club, entries=entries(club, actions), game=game))  # fmt: skip
