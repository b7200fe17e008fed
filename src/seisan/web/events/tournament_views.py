"""A tournament's pages: the season's entries (players ask through the season's link,
an organiser approves), the round's check-in desk with its substitutes, the
referee's penalties, and the round's results on a public page."""

from __future__ import annotations

from typing import Any

from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.views.decorators.http import require_POST

from seisan import stats
from seisan.errors import SeisanError
from seisan.games import penalties_from
from seisan.i18n import N_
from seisan.web.clubs import models as m
from seisan.web.clubs.access import club_view, ctx, number, organises
from seisan.web.clubs.forms import words
from seisan.web.clubs.middleware import web_lang
from seisan.web.clubs.services import rules_of
from seisan.web.clubs.standings import lines_of
from seisan.web.clubs.templatetags.seisan_tags import day
from seisan.web.events import tournament
from seisan.web.events.models import Registration, Substitution
from seisan.web.events.views import _session


def _problem(err: SeisanError) -> str:
    return err.message.text(web_lang())


@club_view(m.Role.MEMBER)
def entries_page(request: HttpRequest, club: m.Club, pk: int) -> HttpResponse:
    """The season's entries: who asked, who is in; an organiser opens and closes the
    entries, approves or refuses each, and adds walk-ins."""
    season = get_object_or_404(m.Season, pk=pk, club=club)
    problem = ""
    if request.method == "POST":
        if not organises(request):
            return HttpResponse(status=403)
        try:
            tournament.entry_action(season, request.POST, request.user)
        except SeisanError as err:
            problem = _problem(err)
        else:
            return redirect("clubs:events:entries", slug=club.slug, pk=season.pk)
    entries = list(season.registrations.select_related("user", "player"))
    link = request.build_absolute_uri(reverse("register", args=[season.entry_token]))
    known = set(club.players.filter(merged_into__isnull=True,
                                    key__in=[e.key for e in entries
                                             if e.status == Registration.Status.PENDING])
                .values_list("key", flat=True))  # fmt: skip
    return render(request, "events/entries.html", ctx(
        request, club, season=season, problem=problem, link=link, known=known,
        pending=[e for e in entries if e.status == Registration.Status.PENDING],
        approved=[e for e in entries if e.status == Registration.Status.APPROVED],
        refused=[e for e in entries if e.status == Registration.Status.REFUSED],
    ), status=400 if problem else 200)  # fmt: skip


def register(request: HttpRequest, token: str) -> HttpResponse:
    """A player asks to take part in a season, by the link its organiser shares (an
    account is needed: the organiser sees who asks)."""
    from seisan.web.accounts.adapter import ENTRY_KEY  # noqa: PLC0415
    from seisan.web.accounts.forms import SignupForm  # noqa: PLC0415

    season = get_object_or_404(m.Season.objects.select_related("club"), entry_token=token)
    if not request.user.is_authenticated:  # sign in or make an account, then back here
        if season.registration_open:
            request.session[ENTRY_KEY] = token
        return render(request, "events/register.html", ctx(
            request, None, season=season, form=SignupForm()))  # fmt: skip
    problem = ""
    if request.method == "POST":
        try:
            tournament.ask(season, request.user, str(request.POST.get("name", "")))
        except SeisanError as err:
            problem = _problem(err)
        else:
            request.session.pop(ENTRY_KEY, None)  # asked: sign-in goes where it always does
            return redirect("register", token=token)
    mine = season.registrations.filter(user=request.user).first()
    return render(request, "events/register.html", ctx(
        request, None, season=season, mine=mine, problem=problem,
        name=request.POST.get("name", "") if problem else (mine.name if mine else ""),
    ), status=400 if problem else 200)  # fmt: skip


@club_view(m.Role.REFEREE)
def check_in_page(request: HttpRequest, club: m.Club, pk: int) -> HttpResponse:
    """The round's desk: who is here (the seating draws from them), and who plays for
    a player who left."""
    session = _session(club, pk)
    problem = ""
    if request.method == "POST":
        try:
            tournament.check_in_action(session, request.POST, request.user)
        except SeisanError as err:
            problem = _problem(err)
        else:
            return redirect("clubs:events:check_in", slug=club.slug, pk=session.pk)
    allowed = tournament.entered(session.season)
    players = allowed if allowed is not None else list(
        club.players.filter(merged_into__isnull=True).order_by("name"))  # fmt: skip
    here = set(session.check_ins.values_list("player_id", flat=True))
    subs = tournament.substitutes(session)
    left = [(s, s.since.title or day(s.since.date)) for s in Substitution.objects.filter(
        season=session.season).select_related("player", "by", "since")]  # fmt: skip
    # a substitute plays another's seat: not checked in for a seat of their own too
    stands_in = {s.by_id: s.player.name for s, _since in left}
    return render(request, "events/check_in.html", ctx(
        request, club, session=session, problem=problem, open_list=allowed is None,
        rows=[(p, p.pk in here, subs.get(p.name, ""), stands_in.get(p.pk, "")) for p in players],
        count=len(here), left=left,
    ), status=400 if problem else 200)  # fmt: skip


@club_view(m.Role.REFEREE)
def referee_page(request: HttpRequest, club: m.Club, pk: int) -> HttpResponse:
    """The night's games for the referee (審判): each game's penalties and chombo, to
    add to or take back; the game is settled again and its history says so."""
    session = _session(club, pk)
    problem = ""
    if request.method == "POST":
        game = get_object_or_404(session.games.filter(deleted__isnull=True),
                                 pk=number(request.POST, "game"))  # fmt: skip
        try:
            tournament.penalty_action(game, request.POST, request.user)
        except SeisanError as err:
            problem = _problem(err)
        else:
            return redirect(f"{reverse('clubs:events:referee', args=[club.slug, session.pk])}"
                            f"#game-{game.pk}")  # fmt: skip
    games = list(session.games.filter(deleted__isnull=True).order_by("number")
                 .prefetch_related("seats__player"))  # fmt: skip
    rows = []
    for game in games:
        source = game.record if game.record is not None else game.data
        names = [s.player.name for s in game.seats.all()]
        rows.append((game, names, _penalty_words(source.get("penalties") or [], names)))
    chombo = rules_of(session.season.rules).penalties.chombo_pt
    return render(request, "events/referee.html", ctx(
        request, club, session=session, rows=rows, problem=problem, chombo=chombo,
    ), status=400 if problem else 200)  # fmt: skip


def _penalty_words(items: list[Any], names: list[str]) -> list[dict[str, object]]:
    """A game's penalties as the core reads them (``Dae:20:chombo``, or a record's
    table), as the page says them: Dae, -20, Chombo."""
    chombo = words(N_("Chombo"))
    return [{"name": names[p.seat], "pt": -p.pt,
             "reason": chombo if p.reason == "chombo" else p.reason}
            for p in penalties_from(items, names)]  # fmt: skip


@require_POST
@club_view(m.Role.ORGANISER)
def publish(request: HttpRequest, club: m.Club, pk: int) -> HttpResponse:
    """Put the night's results on the public page, or take them off."""
    session = _session(club, pk)
    tournament.publish(session, request.POST.get("published") == "1", request.user)
    return redirect("clubs:session", slug=club.slug, pk=session.pk)


def public_night(request: HttpRequest, token: str, pk: int) -> HttpResponse:
    """A round's results for anyone with the season's link, once published: the
    players' totals of the night, best first, and every game."""
    season = get_object_or_404(m.Season.objects.select_related("club"), public_token=token)
    session = get_object_or_404(season.sessions, pk=pk)
    if not session.published:
        raise Http404
    games = (session.games.filter(deleted__isnull=True).order_by("number")
             .prefetch_related("seats__player"))  # fmt: skip
    standings = lines_of(games).standings()
    rules = rules_of(season.rules)
    return render(request, "events/public_night.html", ctx(
        request, None, season=season, session=session, games=games, zero=rules.zero,
        standings=stats.placed(standings), token=token,
        nights=season.sessions.filter(published=True).order_by("date", "pk"),
    ))  # fmt: skip
