"""The history of changes, per club and per game."""

from __future__ import annotations

from typing import Any

from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, render

from seisan.i18n import N_
from seisan.web.clubs import models as m
from seisan.web.clubs.access import club_view, ctx
from seisan.web.clubs.forms import (
    words,
)

MODEL_LABELS = {
    "Game": N_("game"), "Seat": N_("result"), "Season": N_("season"), "Player": N_("player"),
    "Membership": N_("role"), "Session": N_("session"), "Payment": N_("payment"),
}  # fmt: skip


CHANGE_LABELS = {"+": N_("created"), "~": N_("changed"), "-": N_("deleted")}


FIELD_LABELS = {
    "data": N_("game table"), "record": N_("hand record"), "points": N_("points"),
    "place": N_("place"), "score": N_("score"), "total": N_("total"), "money": N_("money"),
    "deleted": N_("deleted"), "version": N_("version"), "name": N_("name"), "role": N_("role"),
    "public": N_("public"), "min_games": N_("games needed"), "confirmed": N_("confirmed"),
    "player": N_("player"), "rules": N_("rules"), "spectators": N_("spectators"),
    "merged_into": N_("merged into"), "user": N_("account"), "title": N_("title"),
    "date": N_("date"), "amount": N_("amount"), "payer": N_("from"), "payee": N_("to"),
}  # fmt: skip


def _shown(value: Any) -> str:
    """A stored value as a person reads it (JSON for tables, not Python's repr)."""
    import json  # noqa: PLC0415

    if isinstance(value, dict | list):
        return json.dumps(value, ensure_ascii=False, separators=(", ", ": "), default=str)
    return "" if value is None else str(value)


def _history(records: Any, model: str) -> list[dict[str, Any]]:
    entries = []
    for record in records:
        previous = record.prev_record
        changes = []
        if previous is not None:
            for c in record.diff_against(previous).changes:
                label = FIELD_LABELS.get(c.field)
                changes.append((words(label) if label else c.field, _shown(c.old), _shown(c.new)))
        entries.append({
            "record": record,
            "model": words(MODEL_LABELS[model]),
            "change": words(CHANGE_LABELS.get(record.history_type, N_("changed"))),
            "changes": changes,
        })  # fmt: skip
    return entries


@club_view(m.Role.MEMBER)
def club_history(request: HttpRequest, club: m.Club) -> HttpResponse:
    """Every change in the club: who, when, what before and after."""
    entries = []
    for model in (m.Game, m.Seat, m.Season, m.Player, m.Membership, m.Session, m.Payment):
        history = model.history.all()
        if model is m.Game:
            history = history.filter(session__season__club=club)
        elif model is m.Seat:
            history = history.filter(game__session__season__club=club)
        elif model in (m.Session, m.Payment):
            key = "season__club" if model is m.Session else "session__season__club"
            history = history.filter(**{key: club})
        else:
            history = history.filter(club=club)
        entries += _history(history.select_related("history_user")[:200], model.__name__)
    entries.sort(key=lambda e: e["record"].history_date, reverse=True)
    return render(request, "clubs/history.html", ctx(request, club, entries=entries[:300]))


@club_view(m.Role.MEMBER)
def game_history(request: HttpRequest, club: m.Club, pk: int) -> HttpResponse:
    game = get_object_or_404(m.Game, pk=pk, session__season__club=club)
    entries = _history(game.history.select_related("history_user").all(), "Game")
    return render(request, "clubs/history.html", ctx(request, club, entries=entries, game=game))
