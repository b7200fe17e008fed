"""The seating pages of a night: who is present and how to draw, the tables drawn (to
start them in the table assistant), large table cards for the projector and for
printing, and the tables as CSV."""

from __future__ import annotations

import re
from typing import Any

from django.contrib import messages
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.views.decorators.http import require_POST

from seisan import stats
from seisan.errors import SeisanError
from seisan.i18n import N_, _, _n, term
from seisan.output import dumps_csv
from seisan.seating import Method
from seisan.web.clubs import models as m
from seisan.web.clubs.access import club_view, ctx, organises
from seisan.web.clubs.forms import words
from seisan.web.clubs.middleware import web_lang
from seisan.web.clubs.standings import season_standings
from seisan.web.events import services, tournament
from seisan.web.events.models import RoundClock, Seating

MAX_SEED = 2**31 - 1
PROJECTED = 16  #: the top of the standings on the projector
WHOLE = re.compile(r"[0-9]{1,10}")  #: ASCII digits only (str.isdigit takes "²")


def _session(club: m.Club, pk: int) -> m.Session:
    return get_object_or_404(m.Session.objects.select_related("season"), pk=pk,
                             season__club=club)  # fmt: skip


def _latest(session: m.Session, number: int | None = None) -> Seating | None:
    found = session.seatings.order_by("-number")
    if number is not None:
        return get_object_or_404(found, number=number)
    return found.first()


def _winds(seating: Seating | None) -> list[str]:
    size = max((len(t) for t in seating.tables), default=4) if seating else 4
    return [term(f"seat.{w}", web_lang()) for w in range(size)]


@club_view(m.Role.MEMBER)
def seating_page(request: HttpRequest, club: m.Club, pk: int) -> HttpResponse:
    """The night's tables as drawn, and (for an organiser) who is present and how to
    draw them."""
    session = _session(club, pk)
    problem = ""
    chosen: dict[str, Any] = {"present": [], "method": Method.SHUFFLED.value, "seed": ""}
    entered = tournament.entered(session.season)
    players = [p.name for p in entered] if entered is not None else list(
        club.players.filter(merged_into__isnull=True).order_by("name")
        .values_list("name", flat=True))  # fmt: skip
    if request.method == "POST":
        if not organises(request):
            return HttpResponse(status=403)
        present = [n for n in request.POST.getlist("present") if n.strip()]
        method = request.POST.get("method", Method.SHUFFLED.value)
        seed_text = request.POST.get("seed", "").strip()
        chosen = {"present": present, "method": method, "seed": seed_text}
        try:
            unknown = sorted(set(present) - set(players))  # (only the names offered)
            if unknown:
                raise SeisanError(_("“{name}” is not on the list of players: reload the page "
                                    "to see the list as it is now", name=unknown[0]))  # fmt: skip
            if method not in {m_.value for m_ in services.methods_for(session.season)}:
                raise SeisanError(_("choose how the tables are drawn"))
            if seed_text and not (WHOLE.fullmatch(seed_text) and int(seed_text) <= MAX_SEED):
                raise SeisanError(_("the seed is a whole number from 0 to {most}", most=MAX_SEED))
            seed = int(seed_text) if seed_text else session.seatings.count() + session.pk
            services.draw(session, present, Method(method), seed, request.user)
        except SeisanError as err:
            problem = err.message.text(web_lang())
        else:
            return redirect("clubs:events:seating", slug=club.slug, pk=session.pk)
    seating = _latest(session)
    checked_in = tournament.present(session)
    if not chosen["present"]:  # who checked in; else who last drew, as a start
        drawn = (
            [n for t in seating.tables for n in t] + list(seating.sitting_out) if seating else []
        )
        chosen["present"] = checked_in or drawn
    return render(request, "events/seating.html", ctx(
        request, club, session=session, seating=seating, winds=_winds(seating),
        players=players, chosen=chosen, problem=problem, checked_in=len(checked_in),
        subs=tournament.substitutes(session),
        methods=[(k.value, words(v)) for k, v in services.methods_for(session.season).items()],
    ), status=400 if problem else 200)  # fmt: skip


@club_view(m.Role.MEMBER)
def seating_cards(request: HttpRequest, club: m.Club, pk: int, number: int) -> HttpResponse:
    """One large card a table: for the projector, and printed one a page."""
    session = _session(club, pk)
    seating = _latest(session, number)
    return render(request, "events/cards.html", ctx(
        request, club, session=session, seating=seating, winds=_winds(seating),
        subs=tournament.substitutes(session)))  # fmt: skip


@club_view(m.Role.MEMBER)
def seating_csv(request: HttpRequest, club: m.Club, pk: int, number: int) -> HttpResponse:
    """The tables as CSV: a row a seat (table, seat, wind, name), then who sits out."""
    seating = _latest(_session(club, pk), number)
    assert seating is not None
    rows: list[list[object]] = [[t, s, "ESWN"[s], name]
                                for t, names in enumerate(seating.tables, start=1)
                                for s, name in enumerate(names)]  # fmt: skip
    rows += [["", "", "", name] for name in seating.sitting_out]
    response = HttpResponse(dumps_csv(["table", "seat", "wind", "name"], rows),
                            content_type="text/csv; charset=utf-8")  # fmt: skip
    response["Content-Disposition"] = f'attachment; filename="seating-{pk}-{number}.csv"'
    return response


@require_POST
@club_view(m.Role.ORGANISER)
def start_tables(request: HttpRequest, club: m.Club, pk: int, number: int) -> HttpResponse:
    """Start the drawn tables in the table assistant, each in its seat order."""
    seating = _latest(_session(club, pk), number)
    assert seating is not None
    try:
        made, other = services.start_tables(seating, request.user)
    except SeisanError as err:
        messages.error(request, err.message.text(web_lang()))
    else:
        messages.success(request, _n("{count} table started", "{count} tables started", "count",
                                     count=len(made)).text(web_lang()))  # fmt: skip
        if other:
            messages.warning(request, _n(
                "{count} table of another size than the season's rules play: keep it with the "
                "final-points form",
                "{count} tables of another size than the season's rules play: keep them with the "
                "final-points form", "count", count=other).text(web_lang()))  # fmt: skip
    return redirect("clubs:tables:live", slug=club.slug, pk=pk)


@club_view(m.Role.MEMBER)
def ratings_page(request: HttpRequest, club: m.Club) -> HttpResponse:
    """Every player's rating over all the club's games, with a chart of the one chosen."""
    from seisan.ratings import System  # noqa: PLC0415
    from seisan.web.clubs import charts  # noqa: PLC0415

    system = System.TENHOU if request.GET.get("system") == "tenhou" else System.OPENSKILL
    least = request.GET.get("min", "")
    least_games = int(least) if WHOLE.fullmatch(least) else 0
    players = {"3": 3, "4": 4}.get(request.GET.get("players", ""))
    try:
        rated, size, both = services.club_ratings(club, system, players)
    except ImportError:  # openskill is in the web extra; a deploy without it: Tenhou's R
        system = System.TENHOU
        rated, size, both = services.club_ratings(club, system, players)
    shown = [r for r in rated if r.games >= least_games]
    chosen = next((r for r in shown if r.name == request.GET.get("player")), None)
    chosen = chosen or (shown[0] if shown else None)
    chart = ""
    if chosen is not None and system is System.OPENSKILL:
        chart = charts.line_chart(
            list(chosen.history), words(N_("{name}'s rating, game by game"), name=chosen.name)
        )
    return render(request, "events/ratings.html", ctx(
        request, club, rated=shown, system=system.value, least=least_games, chosen=chosen,
        chart=chart, size=size, both=both,
    ))  # fmt: skip


@club_view(m.Role.MEMBER)
def what_if_page(request: HttpRequest, club: m.Club, pk: int) -> HttpResponse:
    """The season's standings under other rules beside the real ones: who moves up
    or down, and by how much. The form starts as a copy of the season's rules (its
    side bets, money and all): change a field, or start from another preset. Nothing
    is changed; an organiser may then apply them (a new rules version, as the
    season's settings make, then settled again as a change that can be undone)."""
    from seisan.web.clubs.rules_form import RulesForm, initial_of, part_labels  # noqa: PLC0415

    season = get_object_or_404(m.Season, pk=pk, club=club)
    current = season.rules
    asked = "preset" in request.GET or "advanced" in request.GET
    form = RulesForm(request.GET if asked else None,
                     initial=initial_of(current.source or current.toml))  # fmt: skip
    rows: list[Any] = []
    refused: list[Any] = []
    parsed = form.parsed if asked and form.is_valid() else None
    if parsed is not None:
        rows, refused = services.what_if(season, parsed)
    applied = [(k, v) for k, v in form.data.items() if k in form.fields and v] if parsed else []
    return render(request, "events/what_if.html", ctx(
        request, club, season=season, form=form, parts=part_labels(), rows=rows,
        refused=refused, rules=parsed, applied=applied,
    ), status=400 if asked and parsed is None else 200)  # fmt: skip


@club_view(m.Role.MEMBER)
def teams_page(request: HttpRequest, club: m.Club, pk: int) -> HttpResponse:
    """The season's teams (チーム戦): their standings, each team's members and its own
    penalties; an organiser forms teams, puts players in them and gives penalties."""
    season = get_object_or_404(m.Season, pk=pk, club=club)
    problem = ""
    if request.method == "POST":
        if not organises(request):
            return HttpResponse(status=403)
        try:
            services.team_action(season, request.POST, request.user)
        except SeisanError as err:
            problem = err.message.text(web_lang())
        else:
            return redirect("clubs:events:teams", slug=club.slug, pk=season.pk)
    ranked, teams = services.season_teams(season)
    players = list(club.players.filter(merged_into__isnull=True).order_by("name")
                   .values_list("name", flat=True))  # fmt: skip
    places = stats.shared_places(ranked, lambda team: team.total)  # (level: one place)
    rows = [(place, row, teams[row.name]) for place, row in zip(places, ranked, strict=True)]
    return render(request, "events/teams.html", ctx(
        request, club, season=season, rows=rows, players=players, problem=problem,
        teams=list(teams.values()),
    ), status=400 if problem else 200)  # fmt: skip


@club_view(m.Role.MEMBER)
def projector(request: HttpRequest, club: m.Club, pk: int) -> HttpResponse:
    """The night on the projector: the round's countdown (each table's, with its extra
    time), the tables drawn, the tables' hands as the table assistant keeps them, and
    the season's standings; htmx asks again every ten seconds. An organiser starts,
    extends and stops the clock here."""
    from seisan.web.tables.views import live_tables  # noqa: PLC0415

    session = _session(club, pk)
    problem = ""
    if request.method == "POST":
        if not organises(request):
            return HttpResponse(status=403)
        try:
            services.clock_action(session, request.POST, request.user)
        except SeisanError as err:
            problem = err.message.text(web_lang())
        else:
            return redirect("clubs:events:projector", slug=club.slug, pk=session.pk)
    clock = RoundClock.objects.filter(session=session).first()
    seating = _latest(session)
    extra = clock.extra if clock else {}
    drawn = [{"number": n, "names": names, "extra": extra.get(str(n), 0),
              "left": services.seconds_left(clock, extra.get(str(n), 0))}
             for n, names in enumerate(seating.tables, start=1)] if seating else []  # fmt: skip
    context = ctx(
        request, club, session=session, clock=clock, left=services.seconds_left(clock),
        drawn=drawn, winds=_winds(seating), tables=live_tables(session),
        subs=tournament.substitutes(session),
        standings=stats.placed(season_standings(session.season))[:PROJECTED],
        problem=problem,
    )  # fmt: skip
    template = "events/_projector.html" if request.htmx else "events/projector.html"  # type: ignore[attr-defined]
    return render(request, template, context, status=400 if problem else 200)
