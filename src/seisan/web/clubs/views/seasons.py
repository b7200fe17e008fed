"""Seasons: standings, rules (versioned), re-settling, export and import."""

from __future__ import annotations

from datetime import date
from typing import Any
from urllib.parse import urlencode

from django.contrib import messages
from django.db import DatabaseError, transaction
from django.db.models import Count
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils import timezone
from django.utils.http import content_disposition_header
from django.views.decorators.http import require_POST

from seisan import stats
from seisan.errors import SeisanError
from seisan.explain import ordinal
from seisan.i18n import N_, _n, decode_text, read_as
from seisan.web.clubs import charts, files, history, services
from seisan.web.clubs import models as m
from seisan.web.clubs.access import club_view, ctx
from seisan.web.clubs.forms import MAX_MIN_GAMES, ImportForm, PublishingForm, SessionForm, words
from seisan.web.clubs.middleware import web_lang
from seisan.web.clubs.rules_form import RulesForm, SeasonForm, initial_of, part_labels
from seisan.web.clubs.standings import outdated_games, season_games, season_table


@club_view(m.Role.ORGANISER)
def new_season(request: HttpRequest, club: m.Club) -> HttpResponse:
    """A season: a name, and rules picked from the presets and changed field by field."""
    form = SeasonForm(request.POST or None, initial={"preset": "mleague"})
    if request.method == "POST" and form.is_valid():
        assert form.parsed is not None
        with transaction.atomic():
            season = m.Season.objects.create(
                club=club, name=form.cleaned_data["name"],
                min_games=form.cleaned_data.get("min_games") or 0,
            )  # fmt: skip
            services.new_rules_version(season, form.parsed, form.source, request.user)
            history.record(club, request.user, "season.created", season=season.name,
                           link=["clubs:season", [season.pk]])  # fmt: skip
        return redirect("clubs:season", slug=club.slug, pk=season.pk)
    return render(request, "clubs/season_new.html",
                  ctx(request, club, form=form, parts=part_labels()))  # fmt: skip


SORTS = {
    "total": lambda s: -s.total,
    "games": lambda s: -s.games,
    "average": lambda s: -s.average,
    "place": lambda s: s.average_place,
    "top": lambda s: -s.rates[0],
    "rentai": lambda s: -s.rentai,
    "avoid": lambda s: -s.last_avoidance,
    "busts": lambda s: -s.busts,
    "money": lambda s: -(s.money or 0),
}


def place_labels(players: int) -> list[str]:
    """1st, 2nd, 3rd, 4th in the request's language (1位, 1위)."""
    return [ordinal(place).text(web_lang()) for place in range(1, players + 1)]


def _parse_date(text: str | None) -> date | None:
    if not text:
        return None
    try:
        return date.fromisoformat(text)
    except ValueError:
        return None


def _standings_context(request: HttpRequest, season: m.Season) -> dict[str, Any]:
    """Standings from the stored results (two queries however many games): the ranked
    players, those under the minimum as unranked, spectators, and the season's chart."""
    start = _parse_date(request.GET.get("from"))
    end = _parse_date(request.GET.get("to"))
    try:
        minimum = int(request.GET["min"]) if request.GET.get("min") else None
    except ValueError:
        minimum = None
    if minimum is not None and not 0 <= minimum <= MAX_MIN_GAMES:
        minimum = None
    table = season_table(season, start, end)
    data, everyone = table.lines, list(table.everyone)
    needed = season.min_games if minimum is None else minimum
    ranked = [s for s in everyone if s.games >= needed]
    unranked = [s for s in everyone if s.games < needed]
    sort = request.GET.get("sort", "total")
    if sort in SORTS:
        ranked = sorted(ranked, key=SORTS[sort])
    # each row's number: rows level on what they are sorted by share it (by the total,
    # the standings' own order: the total, then more games)
    numbers = stats.shared_places(ranked, stats.ranked if sort not in SORTS or sort == "total"
                            else SORTS[sort])  # fmt: skip
    seated = {s.name for s in everyone}
    watchers = [
        {"name": name, "total": total, "money": data.off_money.get(name)}
        for name, total in data.off_pt.items()
        if name not in seated
    ]
    keep = {k: v for k, v in request.GET.items() if k in {"from", "to", "min"} and v}
    rules = services.rules_of(season.rules)
    return {
        "season": season,
        "standings": [
            (s, data.players.get(s.name), number) for s, number in zip(ranked, numbers, strict=True)
        ],
        "unranked": [(s, data.players.get(s.name)) for s in unranked],
        "needed": needed,
        "sort": sort,
        "min": needed,
        "from": start,
        "to": end,
        "place_labels": place_labels(rules.players),
        "watchers": watchers,
        "query": urlencode(keep),
        "currency": services.currency_of(season.club, rules),
        "zero": rules.zero,
        "rules": rules,
        "has_money": rules.stakes.rate is not None,
        "chart": charts.season_chart(
            table.series, len(data.lines), words(N_("Running totals (pt)"))
        ),
    }


@club_view(m.Role.MEMBER)
def season_page(request: HttpRequest, club: m.Club, pk: int) -> HttpResponse:
    season = get_object_or_404(club.seasons, pk=pk)
    context = _standings_context(request, season)
    context["sessions"] = season.sessions.all()
    context["session_form"] = SessionForm(initial={"date": timezone.localdate()})
    context["outdated"] = outdated_games(season)
    return render(request, "clubs/season.html", ctx(request, club, **context))


def public_season(request: HttpRequest, token: str) -> HttpResponse:
    """The read-only standings an organiser may publish."""
    season = get_object_or_404(m.Season, public_token=token)
    if not season.public:
        raise Http404
    context = _standings_context(request, season)
    return render(request, "clubs/public_season.html", ctx(request, None, **context))


@club_view(m.Role.ORGANISER)
def season_settings(request: HttpRequest, club: m.Club, pk: int) -> HttpResponse:
    """Change the rules (a new version) or the season's publishing and minimum."""
    season = get_object_or_404(club.seasons, pk=pk)
    current = season.rules
    rules_posted = "preset" in request.POST or "advanced" in request.POST  # else publishing
    posted = request.POST if request.method == "POST" and rules_posted else None
    form = RulesForm(posted, initial=initial_of(current.source or current.toml))
    publishing = PublishingForm(
        request.POST if request.method == "POST" and posted is None else None,
        initial={"public": season.public, "min_games": season.min_games},
    )
    if request.method == "POST" and publishing.is_bound and publishing.is_valid():
        season.public = publishing.cleaned_data["public"]
        season.min_games = publishing.cleaned_data.get("min_games") or 0
        season.save()
        history.record(club, request.user, "season.settings", season=season.name,
                       link=["clubs:season", [season.pk]])  # fmt: skip
        messages.success(request, words(N_("saved")))
        return redirect("clubs:season_settings", slug=club.slug, pk=season.pk)
    if posted is not None and form.is_valid():
        assert form.parsed is not None
        # the tables its games were played at (not its rules now: a season given
        # other rules before this check may be put back to its games' count)
        counts = set(m.Seat.objects.filter(game__in=season_games(season)).values("game")
                     .annotate(seats=Count("id")).values_list("seats", flat=True))  # fmt: skip
        if counts and form.parsed.players not in counts:
            # (its standings had been drawn with the new count's places beside games of
            # the old: every column after the places shifted)
            form.add_error(None, words(N_("this season's games are of {count} players: rules "
                                          "for {players} would mix two kinds of game in one "
                                          "table; start a new season for them"),
                                       count=min(counts), players=form.parsed.players))  # fmt: skip
    if posted is not None and form.is_valid():
        assert form.parsed is not None
        if services.rules_toml(form.parsed) != current.toml:
            version = services.new_rules_version(season, form.parsed, form.source, request.user)
            history.record(
                club, request.user, "season.rules", season=season.name,
                number=version.number, link=["clubs:season_settings", [season.pk]],
            )  # fmt: skip
            messages.success(request, words(N_("new rules saved; earlier games keep the "
                                               "rules they were settled under")))  # fmt: skip
        return redirect("clubs:season_settings", slug=club.slug, pk=season.pk)
    versions = season.rule_versions.order_by("-number")
    preview = services.resettle_preview(season)
    public_url = request.build_absolute_uri(reverse("public_season", args=[season.public_token]))
    return render(
        request,
        "clubs/season_settings.html",
        ctx(
            request,
            club,
            season=season,
            form=form,
            parts=part_labels(),
            publishing=publishing,
            versions=versions,
            preview=preview,
            public_url=public_url,
            rules=services.rules_of(current),
            zero=services.rules_of(current).zero,
            currency=services.currency_of(club, services.rules_of(current)),
        ),
    )


@require_POST
@club_view(m.Role.ORGANISER)
def resettle(request: HttpRequest, club: m.Club, pk: int) -> HttpResponse:
    season = get_object_or_404(club.seasons, pk=pk)
    try:
        count = services.resettle(season, request.user)
    except SeisanError as err:
        messages.error(request, err.message.text(web_lang()))
    else:
        done = _n("{count} game settled again", "{count} games settled again", "count", count=count)
        messages.success(request, done.text(web_lang()))
    return redirect("clubs:season", slug=club.slug, pk=season.pk)


EXPORTS = {
    # kind: (what of the export, file name ending, media type)
    "toml": ("toml", ".toml", "application/toml"),
    "json": ("json", ".json", "application/json"),
    "csv": ("csv", ".csv", "text/csv"),
    "rules": ("rules", ".rules.toml", "application/toml"),
}


@club_view(m.Role.MEMBER)
def export_season(request: HttpRequest, club: m.Club, pk: int, kind: str) -> HttpResponse:
    """The season as a file of the command line's, named after the season."""
    season = get_object_or_404(club.seasons, pk=pk)
    if kind not in EXPORTS:
        raise Http404
    try:
        exported = files.export_season(season)
    except SeisanError as err:
        messages.error(request, err.message.text(web_lang()))
        return redirect("clubs:season", slug=club.slug, pk=season.pk)
    attribute, ending, mime = EXPORTS[kind]
    response = HttpResponse(getattr(exported, attribute), content_type=f"{mime}; charset=utf-8")
    response["Content-Disposition"] = content_disposition_header(True, exported.stem + ending)
    return response


@club_view(m.Role.ORGANISER)
def import_view(request: HttpRequest, club: m.Club, pk: int) -> HttpResponse:
    """A file into a new session of the season; the same file twice is asked about."""
    season = get_object_or_404(club.seasons, pk=pk)
    form = ImportForm(request.POST or None, request.FILES or None)
    earlier = None
    if request.method == "POST" and form.is_valid():
        upload = form.cleaned_data["file"]
        again = request.POST.get("again") == "1"
        try:
            files.check_size(upload.size or 0)
            text, encoding = decode_text(upload.read())
            session, count = files.import_session(season, text, upload.name, request.user,
                                                  again=again)  # fmt: skip
        except UnicodeDecodeError:
            form.add_error("file", words(N_("neither UTF-8 nor Shift_JIS text")))
        except files.AlreadyImported as err:
            earlier = err.earlier
            form.add_error("file", err.message.text(web_lang()))
        except SeisanError as err:
            form.add_error("file", err.message.text(web_lang()))
        except DatabaseError:
            form.add_error("file", words(NOT_WRITTEN_IMPORT))
        else:
            done = _n("{count} game imported", "{count} games imported", "count", count=count)
            messages.success(request, done.text(web_lang()))
            if encoding != "utf-8":
                messages.info(request, read_as(upload.name, encoding).text(web_lang()))
            return redirect("clubs:session", slug=club.slug, pk=session.pk)
    return render(request, "clubs/import.html",
                  ctx(request, club, season=season, form=form, earlier=earlier))  # fmt: skip


NOT_WRITTEN_IMPORT = N_(
    "the database could not be written (the disk may be full or read-only): nothing was "
    "imported; try again, or tell the organiser"
)
