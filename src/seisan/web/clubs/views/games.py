"""Games: the entry form at the table, its live preview, a game explained, edits."""

from __future__ import annotations

from datetime import timedelta
from typing import Any

from django.conf import settings
from django.contrib import messages
from django.core.exceptions import PermissionDenied
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils import timezone
from django.views.decorators.http import require_POST

from seisan.errors import SeisanError
from seisan.explain import explain
from seisan.i18n import N_
from seisan.web.clubs import models as m
from seisan.web.clubs import services
from seisan.web.clubs.access import club_view, ctx, number
from seisan.web.clubs.forms import (
    GameForm,
    words,
)
from seisan.web.clubs.middleware import web_lang


def _game_form(
    request: HttpRequest, club: m.Club, session: m.Session, game: m.Game | None = None
) -> GameForm:
    rules = services.rules_of(game.rules if game is not None else session.season.rules)
    if request.method == "POST":
        return GameForm(request.POST, rules=rules, club=club)
    initial: dict[str, Any] = {}
    seats = None
    if game is not None:
        data = game.data
        names = [s.player.name for s in game.seats.select_related("player").order_by("seat")]
        initial = {"version": game.version, "deposits": data.get("deposits", 0)}
        for seat, name in enumerate(names):
            initial[f"player_{seat}"] = name
            initial[f"points_{seat}"] = data["points"][seat]
        chips = data.get("chips")
        if isinstance(chips, list):
            for seat, count in enumerate(chips):
                initial[f"chips_{seat}"] = count
        for loser, winner in (data.get("busted") or {}).items():
            if loser in names:
                initial[f"busted_{names.index(loser)}"] = winner
    else:
        same = number(request.GET, "same", 0)
        if same:
            previous = session.games.filter(pk=same).first()
            if previous is not None:
                seats = [s.player.name for s in previous.seats.order_by("seat")]
                for seat, name in enumerate(seats):
                    initial[f"player_{seat}"] = name
    return GameForm(initial=initial, rules=rules, club=club, seats=seats)


@club_view(m.Role.SCORER)
def enter_game(request: HttpRequest, club: m.Club, pk: int) -> HttpResponse:
    """The phone form at the table: players, points, sticks; one tap saves."""
    session = get_object_or_404(m.Session, pk=pk, season__club=club)
    form = _game_form(request, club, session)
    if request.method == "POST" and form.is_valid():
        try:
            game, created = services.save_game(session, form.data_out, request.user,
                                               key=form.cleaned_data.get("key"))  # fmt: skip
        except SeisanError as err:
            form.add_error(None, err.message.text(web_lang()))
        else:
            if not created:
                messages.info(request, words(N_("this game was already saved")))
            else:
                messages.success(request, words(N_("game {number} saved"), number=game.number))
            if "next" in request.POST:
                return redirect(
                    f"{reverse('clubs:enter', args=[club.slug, session.pk])}?same={game.pk}"
                )
            return redirect("clubs:game", slug=club.slug, pk=game.pk)
    players = club.players.filter(merged_into__isnull=True)
    return render(
        request,
        "clubs/enter.html",
        ctx(
            request,
            club,
            session=session,
            form=form,
            players=players,
            preview=_preview(form) if request.method == "POST" else None,
        ),
    )


def _preview(form: GameForm) -> dict[str, Any]:
    """What the entry form shows as it is typed: points missing, and the settlement."""
    missing = form.missing()
    result = None
    error = None
    if form.is_bound:
        try:
            table = form._game_table({k: form.data.get(k) for k in form.fields})
            result = services.settle_data(table, form.rules)
        except SeisanError as err:
            error = err.message
    rows = []
    if result is not None:
        totals = result.totals()
        money = result.money()
        for r in result.settlement.by_place():
            rows.append({"r": r, "total": totals[r.name],
                         "money": None if money is None else money[r.name]})  # fmt: skip
    over = -missing if missing is not None and missing < 0 else None
    return {"missing": missing, "over": over, "rows": rows, "error": error}


@club_view(m.Role.SCORER)
def preview(request: HttpRequest, club: m.Club, pk: int) -> HttpResponse:
    """htmx: the live preview of the entry form."""
    session = get_object_or_404(m.Session, pk=pk, season__club=club)
    rules = services.rules_of(session.season.rules)
    form = GameForm(request.POST, rules=rules, club=club)
    return render(
        request,
        "clubs/_preview.html",
        ctx(request, club, preview=_preview(form), currency=club.currency),
    )


def _can_edit(request: HttpRequest, game: m.Game) -> bool:
    role = getattr(request, "club_role", None)
    if m.role_at_least(role, m.Role.ORGANISER):
        return True
    window = timedelta(hours=settings.SCORER_EDIT_HOURS)
    return (
        m.role_at_least(role, m.Role.SCORER)
        and game.created_by_id == request.user.pk
        and timezone.now() - game.created < window
    )


@club_view(m.Role.MEMBER)
def game_page(request: HttpRequest, club: m.Club, pk: int) -> HttpResponse:
    game = get_object_or_404(m.Game, pk=pk, session__season__club=club)
    seats = list(game.seats.select_related("player").order_by("place", "seat"))
    result = services.game_result_of(game)
    lines = explain(result)
    hands = None
    if game.record is not None:
        from seisan.games import record_from_dict  # noqa: PLC0415

        played = record_from_dict(game.record, services.rules_of(game.rules)).play()
        hands = played.lines
    mine = {s.pk for s in seats if s.player.user_id == request.user.pk}
    return render(
        request,
        "clubs/game.html",
        ctx(
            request,
            club,
            game=game,
            seats=seats,
            lines=lines,
            hands=hands,
            can_edit=_can_edit(request, game),
            mine=mine,
            rules=services.rules_of(game.rules),
            outdated=game.rules_id != game.session.season.rules.pk,
        ),
    )


@club_view(m.Role.SCORER)
def edit_game(request: HttpRequest, club: m.Club, pk: int) -> HttpResponse:
    game = get_object_or_404(m.Game, pk=pk, session__season__club=club, deleted__isnull=True)
    if not _can_edit(request, game):
        raise PermissionDenied
    if game.record is not None:
        messages.error(request, words(N_("a hand-by-hand record is changed by importing it again")))
        return redirect("clubs:game", slug=club.slug, pk=game.pk)
    form = _game_form(request, club, game.session, game)
    if request.method == "POST" and form.is_valid():
        try:
            services.save_game(game.session, form.data_out, request.user, game=game,
                               version=form.cleaned_data.get("version"))  # fmt: skip
        except services.Conflict as err:
            form.add_error(None, err.message.text(web_lang()))
        except SeisanError as err:
            form.add_error(None, err.message.text(web_lang()))
        else:
            messages.success(request, words(N_("game {number} saved"), number=game.number))
            return redirect("clubs:game", slug=club.slug, pk=game.pk)
    players = club.players.filter(merged_into__isnull=True)
    return render(
        request,
        "clubs/enter.html",
        ctx(
            request,
            club,
            session=game.session,
            form=form,
            players=players,
            editing=game,
            preview=None,
        ),
    )


@require_POST
@club_view(m.Role.SCORER)
def delete_game(request: HttpRequest, club: m.Club, pk: int) -> HttpResponse:
    game = get_object_or_404(m.Game, pk=pk, session__season__club=club, deleted__isnull=True)
    if not _can_edit(request, game):
        raise PermissionDenied
    game.deleted = timezone.now()
    game.save()
    messages.success(request, words(N_("game {number} deleted: it can be restored"),
                                    number=game.number))  # fmt: skip
    return redirect("clubs:session", slug=club.slug, pk=game.session.pk)


@require_POST
@club_view(m.Role.ORGANISER)
def restore_game(request: HttpRequest, club: m.Club, pk: int) -> HttpResponse:
    game = get_object_or_404(m.Game, pk=pk, session__season__club=club, deleted__isnull=False)
    game.deleted = None
    game.save()
    messages.success(request, words(N_("game {number} restored"), number=game.number))
    return redirect("clubs:game", slug=club.slug, pk=game.pk)


@require_POST
@club_view(m.Role.MEMBER)
def confirm_seat(request: HttpRequest, club: m.Club, pk: int) -> HttpResponse:
    """A member confirms their own result."""
    seat = get_object_or_404(m.Seat, pk=number(request.POST, "seat"), game__pk=pk,
                             game__session__season__club=club)  # fmt: skip
    if seat.player.user_id != request.user.pk:
        raise PermissionDenied
    seat.confirmed = True
    seat.save()
    return redirect("clubs:game", slug=club.slug, pk=pk)
