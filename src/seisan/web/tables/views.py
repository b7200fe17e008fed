"""The table assistant's pages: start a table, then one screen per hand (the round,
the counters, everyone's points and the gaps always in view, the conditions in the
last hands), what a hand moves before it is saved, undo, corrections, the end."""

from __future__ import annotations

import json
import uuid
from importlib import resources
from typing import Any

from django.contrib import messages
from django.core.exceptions import PermissionDenied
from django.http import HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.templatetags.static import static
from django.urls import reverse
from django.views.decorators.http import require_POST

from seisan.errors import SeisanError
from seisan.games import ENDS, HandLine, round_label
from seisan.i18n import N_
from seisan.web.clubs import models as m
from seisan.web.clubs.access import club_view, ctx, number, saved
from seisan.web.clubs.forms import words
from seisan.web.clubs.middleware import web_lang
from seisan.web.clubs.services import Conflict, rules_of
from seisan.web.clubs.standings import live_games
from seisan.web.tables import services
from seisan.web.tables.forms import HandForm, Seating, StartForm, initial_of, seat_label
from seisan.web.tables.models import Table
from seisan.web.tables.stats import columns, season_hand_stats, sorted_by


def _table(club: m.Club, pk: int) -> Table:
    return get_object_or_404(
        Table.objects.select_related("session__season", "rules", "game"),
        pk=pk, session__season__club=club,
    )  # fmt: skip


def _can_score(request: HttpRequest) -> bool:
    return m.role_at_least(getattr(request, "club_role", None), m.Role.SCORER)


@club_view(m.Role.SCORER)
def start_table(request: HttpRequest, club: m.Club, pk: int) -> HttpResponse:
    """A new table of the session: who sits where (seat 0 deals first)."""
    session = get_object_or_404(m.Session, pk=pk, season__club=club)
    rules = rules_of(session.season.rules)
    form = StartForm(request.POST or None, players=rules.players)
    if request.method == "POST" and form.is_valid():
        try:
            table = services.start(session, form.names(), request.user)
        except SeisanError as err:
            form.add_error(None, err.message.text(web_lang()))
        else:
            return redirect("clubs:tables:table", slug=club.slug, pk=table.pk)
    players = club.players.filter(merged_into__isnull=True).values_list("name", flat=True)
    return render(
        request, "tables/start.html",
        ctx(request, club, session=session, form=form, players=players),
    )  # fmt: skip


def _seating(table: Table, hand: int | None = None) -> Seating | None:
    """Where hand ``hand`` (1-based; the next one when None) is played, for tiles."""
    state = services.state_of(table)
    scoring = state.rules.scoring
    if hand is None:
        upcoming = state.played.next
        if upcoming is None:
            return None
        return Seating(upcoming.dealer, upcoming.round[0], len(table.names), scoring)
    line = state.played.lines[hand - 1]
    return Seating(line.dealer, line.round[0], len(table.names), scoring)


def _corrected(table: Table, hand: int) -> dict[str, Any] | None:
    """Hand ``hand`` as stored (1-based; None for 0): what its correction page shows."""
    return table.hands[hand - 1]["hand"] if 1 <= hand <= len(table.hands) else None


def _new_form(table: Table) -> HandForm:
    return HandForm(
        names=table.names,
        initial={
            "number": len(table.hands) + 1,
            "key": uuid.uuid4().hex,
            "version": table.version,
        },
    )


def _line(line: HandLine, names: list[str]) -> dict[str, Any]:
    lang = web_lang()
    return {
        "number": line.number,
        "label": round_label(line.round, line.honba, lang),
        "summary": line.summary.text(lang),
        "changes": [{"name": n, "delta": d} for n, d in zip(names, line.deltas, strict=True)],
        "sticks": line.deposits_after,
    }


def _page(
    request: HttpRequest,
    club: m.Club,
    table: Table,
    form: HandForm | None = None,
    *,
    problem: str = "",
    status: int = 200,
) -> HttpResponse:
    """The table's screen: where the game stands and the next hand's form."""
    lang = web_lang()
    names = list(table.names)
    state = services.state_of(table)
    upcoming = state.played.next
    dealer = upcoming.dealer if upcoming is not None else 0
    points, standing = state.points, state.places()
    seats = []
    for seat, name in enumerate(names):
        gaps = [{"name": names[o], "gap": points[seat] - points[o]}
                for o in range(len(names)) if o != seat]  # fmt: skip
        seats.append({
            "seat": seat, "name": name, "points": points[seat], "place": standing[seat],
            "wind": seat_label(seat, dealer, len(names)), "dealer": seat == dealer,
            "gaps": gaps,
        })  # fmt: skip
    needs: dict[int, list[dict[str, Any]]] = {}
    for need in state.needs():
        needs.setdefault(need.seat, []).append(
            {"place": need.place, "text": need.describe(names, lang), "ron": not need.tsumo}
        )
    for row in seats:
        row["needs"] = needs.get(row["seat"], [])
    scoring = state.rules.scoring
    return render(
        request, "tables/table.html",
        ctx(
            request, club, table=table, session=table.session, seats=seats,
            state=state, upcoming=upcoming,
            label=round_label(upcoming.round, upcoming.honba, lang) if upcoming else "",
            sticks=upcoming.deposits // scoring.riichi if upcoming and scoring.riichi else 0,
            ended=state.played.ended.text(lang) if upcoming is None else "",
            lines=[_line(line, names) for line in reversed(state.played.lines)],
            form=form if form is not None else (_new_form(table) if _can_score(request)
                                                else None),
            problem=problem, ends=ENDS,
        ),
        status=status,
    )  # fmt: skip


@club_view(m.Role.MEMBER)
def table_page(request: HttpRequest, club: m.Club, pk: int) -> HttpResponse:
    """The table as it stands; a scorer's POST adds the next hand."""
    table = _table(club, pk)
    if request.method != "POST":
        return _page(request, club, table)
    if not _can_score(request):
        raise PermissionDenied
    form = HandForm(request.POST, names=table.names, seating=_seating(table))
    if not form.is_valid():
        return _page(request, club, table, form, status=400)
    try:
        table, added = services.add_hand(
            table, form.hand(), form.cleaned_data["number"], form.cleaned_data["key"],
            request.user,
        )  # fmt: skip
    except Conflict as err:
        return _page(request, club, _table(club, pk), problem=err.message.text(web_lang()),
                     status=409)  # fmt: skip
    except SeisanError as err:  # said above the seats: also when the game has ended
        return _page(request, club, table, form, problem=err.message.text(web_lang()),
                     status=400)  # fmt: skip
    if not added:
        messages.info(request, words(N_("this hand was already saved")))
    return saved(request, reverse("clubs:tables:table", args=[club.slug, table.pk]))


@club_view(m.Role.SCORER)
@require_POST
def preview(request: HttpRequest, club: m.Club, pk: int) -> HttpResponse:
    """htmx: what the hand being entered moves (the core's line), or what is wrong."""
    table = _table(club, pk)
    editing = number(request.POST, "editing", 0)
    if editing > len(table.hands):
        editing = 0
    form = HandForm(request.POST, names=table.names, seating=_seating(table, editing or None),
                    corrected=_corrected(table, editing))  # fmt: skip
    line = None
    error = ""
    if form.is_valid():
        try:
            line = services.preview(table, form.hand(), editing or None)
        except SeisanError as err:
            error = err.message.text(web_lang())
    else:
        error = str(next(iter(e for errors in form.errors.values() for e in errors), ""))
    return render(
        request, "tables/_preview.html",
        {"line": _line(line, list(table.names)) if line else None, "error": error,
         "lang": web_lang().value},
    )  # fmt: skip


@club_view(m.Role.SCORER)
def correct_hand(request: HttpRequest, club: m.Club, pk: int, hand: int) -> HttpResponse:
    """Correct hand ``hand``: every later hand is played again on the correction."""
    table = _table(club, pk)
    if not 1 <= hand <= len(table.hands):
        return redirect("clubs:tables:table", slug=club.slug, pk=table.pk)
    names = list(table.names)
    if request.method == "POST":
        form = HandForm(request.POST, names=names, seating=_seating(table, hand),
                        corrected=_corrected(table, hand))  # fmt: skip
        if form.is_valid():
            try:
                services.replace_hand(
                    table, hand, form.hand(), form.cleaned_data.get("version") or 0, request.user
                )
            except Conflict as err:
                return _page(request, club, _table(club, pk),
                             problem=err.message.text(web_lang()), status=409)  # fmt: skip
            except SeisanError as err:
                form.add_error(None, err.message.text(web_lang()))
            else:
                messages.success(request, words(N_("hand {number} corrected"), number=hand))
                return redirect("clubs:tables:table", slug=club.slug, pk=table.pk)
    else:
        stored = table.hands[hand - 1]
        form = HandForm(
            names=names,
            initial={
                **initial_of(stored["hand"], names),
                "number": hand,
                "key": stored["key"],
                "version": table.version,
            },
        )
    line = services.state_of(table).played.lines[hand - 1]
    return render(
        request, "tables/correct.html",
        ctx(request, club, table=table, session=table.session, form=form, hand=hand,
            label=round_label(line.round, line.honba, web_lang())),
        status=400 if request.method == "POST" else 200,  # (a correction refused)
    )  # fmt: skip


def _changed(request: HttpRequest, club: m.Club, pk: int, action: Any) -> HttpResponse:
    try:
        action()
    except Conflict as err:
        return _page(request, club, _table(club, pk), problem=err.message.text(web_lang()),
                     status=409)  # fmt: skip
    except SeisanError as err:
        return _page(request, club, _table(club, pk), problem=err.message.text(web_lang()),
                     status=400)  # fmt: skip
    return redirect("clubs:tables:table", slug=club.slug, pk=pk)


@club_view(m.Role.SCORER)
@require_POST
def undo(request: HttpRequest, club: m.Club, pk: int) -> HttpResponse:
    """Take back the last hand (or a stop on time)."""
    table = _table(club, pk)
    version = number(request.POST, "version", 0)
    return _changed(request, club, pk, lambda: services.undo_last(table, version, request.user))


@club_view(m.Role.SCORER)
@require_POST
def stop(request: HttpRequest, club: m.Club, pk: int) -> HttpResponse:
    """The game stops on time or by agreement (the rules settle it as it stands)."""
    table = _table(club, pk)
    version = number(request.POST, "version", 0)
    end = request.POST.get("end", "")
    if end not in ENDS:
        return _page(request, club, table, problem=words(N_("choose time or agreement")),
                     status=400)  # fmt: skip
    return _changed(request, club, pk, lambda: services.stop(table, end, version, request.user))


@club_view(m.Role.SCORER)
@require_POST
def save(request: HttpRequest, club: m.Club, pk: int) -> HttpResponse:
    """The ended game into the session, settled as ``seisan game`` settles its record."""
    table = _table(club, pk)
    try:
        game = services.save(table, request.user)
    except SeisanError as err:
        return _page(request, club, table, problem=err.message.text(web_lang()), status=400)
    messages.success(request, words(N_("game {number} saved"), number=game.number))
    return redirect("clubs:game", slug=club.slug, pk=game.pk)


@club_view(m.Role.MEMBER)
def export(request: HttpRequest, club: m.Club, pk: int) -> HttpResponse:
    """The record as ``seisan game`` reads it (JSON)."""
    table = _table(club, pk)
    text = json.dumps(services.export(table), ensure_ascii=False, indent=2)
    response = HttpResponse(text + "\n", content_type="application/json; charset=utf-8")
    name = f"{table.session.date.isoformat()}-table-{table.number}.json"
    response["Content-Disposition"] = f'attachment; filename="{name}"'
    return response


def live_tables(session: m.Session) -> list[dict[str, Any]]:
    """Every table of the session kept hand by hand, as it stands: its next hand, its
    sticks, its players' points and places (the live page's and the projector's)."""
    lang = web_lang()
    tables = []
    for table in session.tables.select_related("rules", "game").order_by("number"):
        try:
            state = services.state_of(table)
        except SeisanError as err:  # a record the rules no longer take: say so, go on
            tables.append({"table": table, "problem": err.message.text(lang)})
            continue
        upcoming = state.played.next
        stick = state.rules.scoring.riichi
        tables.append({
            "table": table,
            "label": round_label(upcoming.round, upcoming.honba, lang) if upcoming else "",
            "sticks": upcoming.deposits // stick if upcoming and stick else 0,
            "ended": state.played.ended.text(lang) if upcoming is None else "",
            "seats": [{"name": n, "points": p, "place": pl, "dealer": upcoming is not None
                       and s == upcoming.dealer}
                      for s, (n, p, pl) in enumerate(zip(table.names, state.points,
                                                          state.places(), strict=True))],
            "hands": len(table.hands),
        })  # fmt: skip
    return tables


@club_view(m.Role.MEMBER)
def live(request: HttpRequest, club: m.Club, pk: int) -> HttpResponse:
    """Every table of a session as it stands, for the organiser's screen or a projector;
    htmx asks again every few seconds and swaps in the tables only."""
    session = get_object_or_404(m.Session, pk=pk, season__club=club)
    tables = live_tables(session)
    template = "tables/_live.html" if request.htmx else "tables/live.html"  # type: ignore[attr-defined]
    return render(request, template, ctx(request, club, session=session, tables=tables))


@club_view(m.Role.MEMBER)
def hand_stats(request: HttpRequest, club: m.Club, pk: int) -> HttpResponse:
    """A season's hand statistics (its own page, or swapped into the season's by htmx:
    replaying the records stays off the standings' way)."""
    season = get_object_or_404(club.seasons, pk=pk)
    rows = season_hand_stats(season, live_games(season))
    ordered, key = sorted_by(rows, request.GET.get("hs", ""))
    context = ctx(request, club, season=season, hand_stats=ordered, hand_sort=key,
                  hand_columns=columns(), page=reverse("clubs:tables:hand_stats",
                                                       args=[club.slug, season.pk]))  # fmt: skip
    if request.htmx:  # type: ignore[attr-defined]
        return render(request, "tables/_hand_stats.html", context)
    return render(request, "tables/hand_stats.html", context)


def service_worker(request: HttpRequest) -> HttpResponse:
    """The service worker, from the site's root so that it may keep every club page
    (a worker's reach is the folder it is served from)."""
    text = resources.files("seisan.web.tables").joinpath("static/tables/sw.js").read_text()
    response = HttpResponse(text, content_type="text/javascript; charset=utf-8")
    response["Cache-Control"] = "no-cache"
    return response


def manifest(request: HttpRequest) -> HttpResponse:
    """What a phone needs to install seisan as an app (its name, colours, icon)."""
    data = {
        "name": "seisan 清算", "short_name": "seisan", "start_url": "/", "scope": "/",
        "display": "standalone", "background_color": "#fafaf7", "theme_color": "#0b6e4f",
        "icons": [{"src": static("clubs/icon.svg"), "sizes": "any", "type": "image/svg+xml"}],
    }  # fmt: skip
    return JsonResponse(data, content_type="application/manifest+json")
