"""Games: the entry form at the table, its live preview, a game explained, edits."""

from __future__ import annotations

from datetime import timedelta
from typing import Any

from django.contrib import messages
from django.core.exceptions import PermissionDenied
from django.db import DatabaseError
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils import timezone
from django.views.decorators.http import require_POST

from seisan.errors import SeisanError
from seisan.explain import explain
from seisan.i18n import N_, name_key
from seisan.web.clubs import history, services
from seisan.web.clubs import models as m
from seisan.web.clubs.access import can_edit_game, club_view, ctx, number, saved
from seisan.web.clubs.entry import GameForm, initial_of, rows_for
from seisan.web.clubs.forms import words
from seisan.web.clubs.middleware import web_lang
from seisan.web.clubs.standings import bump

#: a game with the same players and points saved at the table this recently is asked about
DUPLICATE_MINUTES = 15
CANNOT_SHOW = N_(
    "this game has bets the form cannot show (from an imported file): change it by importing "
    "it again"
)
NOT_WRITTEN = N_(
    "the database could not be written (the disk may be full or read-only): nothing was "
    "saved, and the game is still here: try again, or tell the organiser"
)


def _game_form(
    request: HttpRequest, club: m.Club, session: m.Session, game: m.Game | None = None
) -> GameForm:
    rules = services.rules_of(game.rules if game is not None else session.season.rules)
    if request.method == "POST":
        return GameForm(request.POST, rules=rules)
    if game is not None:
        names = [s.player.name for s in game.seats.select_related("player").order_by("seat")]
        chombo, pool = rules.penalties.chombo_pt, rules.side.soto_pool
        initial = {"version": game.version, **initial_of(game.data, names, chombo, pool)}
        return GameForm(initial=initial, rules=rules, rows=rows_for(game.data))
    seats = None
    same = number(request.GET, "same", 0)
    if same:
        previous = session.games.filter(pk=same).first()
        if previous is not None:
            seats = [s.player.name for s in previous.seats.order_by("seat")]
    return GameForm(rules=rules, seats=seats)


def duplicate_of(session: m.Session, table: dict[str, Any]) -> m.Game | None:
    """A game of this session saved in the last minutes with the same players in the
    same seats and the same points (two phones, or one tap too many)."""
    since = timezone.now() - timedelta(minutes=DUPLICATE_MINUTES)
    recent = session.games.filter(deleted__isnull=True, created__gte=since, record__isnull=True)
    players = [name_key(str(n)) for n in table["players"]]  # “ana” typed is Ana
    for game in recent:
        if [name_key(str(n)) for n in game.data.get("players", [])] == players and (
            game.data.get("points") == table["points"]
        ):
            return game
    return None


def _entry_page(
    request: HttpRequest, club: m.Club, session: m.Session, form: GameForm, **extra: Any
) -> HttpResponse:
    players = club.players.filter(merged_into__isnull=True).values_list("name", flat=True)
    return render(
        request,
        "clubs/enter.html",
        ctx(request, club, session=session, form=form, players=players,
            preview=_preview(form) if form.is_bound else None,
            currency=services.currency_of(club, form.rules), **extra),
    )  # fmt: skip


@club_view(m.Role.SCORER)
def enter_game(request: HttpRequest, club: m.Club, pk: int) -> HttpResponse:
    """The phone form at the table; one tap saves (a second tap saves nothing more)."""
    session = get_object_or_404(m.Session, pk=pk, season__club=club)
    form = _game_form(request, club, session)
    if request.method != "POST" or not form.is_valid():
        return _entry_page(request, club, session, form)
    key = form.cleaned_data.get("key")
    twin = duplicate_of(session, form.data_out)
    resent = bool(key) and m.Game.objects.filter(idempotency_key=f"{session.pk}:{key}").exists()
    if twin is not None and not resent and request.POST.get("again") != "1":
        return _entry_page(request, club, session, form, twin=twin)
    try:
        game, created = services.save_game(session, form.data_out, request.user, key=key)
    except SeisanError as err:
        form.add_error(None, err.message.text(web_lang()))
        return _entry_page(request, club, session, form)
    except DatabaseError:
        form.add_error(None, words(NOT_WRITTEN))
        return _entry_page(request, club, session, form)
    if not created:
        messages.info(request, words(N_("this game was already saved")))
    else:
        messages.success(request, words(N_("game {number} saved"), number=game.number))
    if "next" in request.POST:
        return saved(
            request, f"{reverse('clubs:enter', args=[club.slug, session.pk])}?same={game.pk}"
        )
    return saved(request, reverse("clubs:game", args=[club.slug, game.pk]))


def _preview(form: GameForm) -> dict[str, Any]:
    """What the entry form shows as it is typed: points missing, then the settlement
    the core gives the game as it would be saved (or the first problem with it)."""
    missing = form.missing()
    rows = []
    error = None
    if form.is_valid() and form.result is not None:
        totals, money = form.result.totals(), form.result.money()
        for r in form.result.settlement.by_place():
            rows.append({"r": r, "total": totals[r.name],
                         "money": None if money is None else money[r.name]})  # fmt: skip
        for s in form.result.spectators:
            rows.append({"r": None, "name": s.name, "total": totals[s.name],
                         "money": None if money is None else money[s.name]})  # fmt: skip
    elif form.errors:
        error = next(iter(e for errors in form.errors.values() for e in errors), None)
    over = -missing if missing is not None and missing < 0 else None
    return {"missing": missing, "over": over, "rows": rows, "error": error,
            "zero": form.rules.zero}  # fmt: skip


@club_view(m.Role.SCORER)
def preview(request: HttpRequest, club: m.Club, pk: int) -> HttpResponse:
    """htmx: the live preview of the entry form (a game's own rules when editing it)."""
    session = get_object_or_404(m.Session, pk=pk, season__club=club)
    version = session.season.rules
    editing = number(request.POST, "game", 0)
    if editing:
        version = get_object_or_404(m.Game, pk=editing, session=session).rules
    form = GameForm(request.POST, rules=services.rules_of(version))
    return render(
        request,
        "clubs/_preview.html",
        ctx(request, club, preview=_preview(form),
            currency=services.currency_of(club, form.rules)),
    )  # fmt: skip


def _can_edit(request: HttpRequest, game: m.Game) -> bool:
    return can_edit_game(request.user, getattr(request, "club_role", None), game)


@club_view(m.Role.MEMBER)
def game_page(request: HttpRequest, club: m.Club, pk: int) -> HttpResponse:
    game = get_object_or_404(m.Game.objects.select_related("session__season", "rules"),
                             pk=pk, session__season__club=club)  # fmt: skip
    seats = list(game.seats.select_related("player").order_by("place", "seat"))
    result = services.game_result_of(game)
    rules = services.rules_of(game.rules)
    hands = None
    if game.record is not None:
        from seisan.games import record_from_dict, round_label  # noqa: PLC0415

        played = record_from_dict(game.record, rules).play()
        lang = web_lang()  # (東1局 0本場 as the table assistant writes it, not E1-0)
        hands = [(line, round_label(line.round, line.honba, lang)) for line in played.lines]
    mine = {s.pk for s in seats if s.player.user_id == request.user.pk}
    sub = result.settlement.substitute  # a seat played by a substitute (代走)
    played_by = {result.settlement.names[sub.seat]: sub.name} if sub is not None else {}
    return render(
        request,
        "clubs/game.html",
        ctx(
            request,
            club,
            game=game,
            seats=seats,
            by_seat=sorted(seats, key=lambda s: s.seat),
            lines=explain(result),
            hands=hands,
            spectators=game.spectators or {},
            played_by=played_by,
            can_edit=_can_edit(request, game),
            mine=mine,
            rules=rules,
            zero=rules.zero,
            currency=services.currency_of(club, rules),
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
    if not form_shows(club, game):
        messages.error(request, words(CANNOT_SHOW))
        return redirect("clubs:game", slug=club.slug, pk=game.pk)
    form = _game_form(request, club, game.session, game)
    if request.method == "POST" and form.is_valid():
        edited = dict(form.data_out)
        if game.data.get("label") and "label" not in edited:  # (the form has no label
            # field: a label sent through the API or an import had been dropped in silence)
            edited["label"] = game.data["label"]
        try:
            services.save_game(game.session, edited, request.user, game=game,
                               version=form.cleaned_data.get("version"))  # fmt: skip
        except SeisanError as err:
            form.add_error(None, err.message.text(web_lang()))
        except DatabaseError:
            form.add_error(None, words(NOT_WRITTEN))
        else:
            messages.success(request, words(N_("game {number} saved"), number=game.number))
            return redirect("clubs:game", slug=club.slug, pk=game.pk)
    return _entry_page(request, club, game.session, form, editing=game)


def form_shows(club: m.Club, game: m.Game) -> bool:
    """Whether the entry form holds everything of a stored game (an imported table may
    have bets it has no field for): the form, filled from the game, must settle to the
    game's own lines, or an edit would drop something silently."""
    names = [s.player.name for s in game.seats.select_related("player").order_by("seat")]
    rules = services.rules_of(game.rules)
    values = initial_of(game.data, names, rules.penalties.chombo_pt, rules.side.soto_pool)
    posted = {k: ("on" if v is True else str(v)) for k, v in values.items() if v is not False}
    posted["rows"] = ",".join(str(c) for c in rows_for(game.data))
    form = GameForm(posted, rules=services.rules_of(game.rules))
    if not form.is_valid() or form.result is None:
        return False
    stored = {s.player.name: (s.total, s.money) for s in game.seats.select_related("player")}
    shown, _spectators = services.seat_lines(form.result)
    return (
        stored == {r["name"]: (r["total"], r["money"]) for r in shown}
        and (game.spectators or {}) == _spectators
    )


@club_view(m.Role.SCORER)
def delete_game(request: HttpRequest, club: m.Club, pk: int) -> HttpResponse:
    """Delete a game (softly: an organiser restores it), after asking."""
    game = get_object_or_404(m.Game, pk=pk, session__season__club=club, deleted__isnull=True)
    if not _can_edit(request, game):
        raise PermissionDenied
    if request.method != "POST" or request.POST.get("confirm") != "1":
        seats = game.seats.select_related("player").order_by("seat")
        return render(request, "clubs/confirm_delete.html",
                      ctx(request, club, game=game, seats=seats))  # fmt: skip
    game.deleted = timezone.now()
    game.save(update_fields=["deleted"])
    bump(game.session.season_id, [game.pk])
    history.record(
        club, request.user, "game.deleted", number=game.number,
        session=history.session_name(game.session), link=["clubs:game", [game.pk]], game=game,
    )  # fmt: skip
    messages.success(request, words(N_("game {number} deleted: it can be restored"),
                                    number=game.number))  # fmt: skip
    return redirect("clubs:session", slug=club.slug, pk=game.session_id)


@require_POST
@club_view(m.Role.ORGANISER)
def restore_game(request: HttpRequest, club: m.Club, pk: int) -> HttpResponse:
    game = get_object_or_404(m.Game, pk=pk, session__season__club=club, deleted__isnull=False)
    game.deleted = None
    game.save(update_fields=["deleted"])
    bump(game.session.season_id, [game.pk])
    history.record(
        club, request.user, "game.restored", number=game.number,
        session=history.session_name(game.session), link=["clubs:game", [game.pk]], game=game,
    )  # fmt: skip
    messages.success(request, words(N_("game {number} restored"), number=game.number))
    return redirect("clubs:game", slug=club.slug, pk=game.pk)


@require_POST
@club_view(m.Role.MEMBER)
def confirm_seat(request: HttpRequest, club: m.Club, pk: int) -> HttpResponse:
    """A member confirms their own result."""
    seat = get_object_or_404(m.Seat.objects.select_related("player", "game__session"),
                             pk=number(request.POST, "seat"), game__pk=pk,
                             game__session__season__club=club)  # fmt: skip
    if seat.player.user_id != request.user.pk:
        raise PermissionDenied
    if not seat.confirmed:
        seat.confirmed = True
        seat.save(update_fields=["confirmed"])
        history.record(club, request.user, "game.confirmed", name=seat.player.name,
                       number=seat.game.number, session=history.session_name(seat.game.session),
                       link=["clubs:game", [pk]], game=seat.game)  # fmt: skip
    return redirect("clubs:game", slug=club.slug, pk=pk)
