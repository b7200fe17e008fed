"""The pages of an online league's import: the logs uploaded (files, or tenhou.net/6
JSON pasted), then what was read, what was refused and why, and who each new online
name is; the names the club remembers, each of which can be forgotten."""

from __future__ import annotations

from django.contrib import messages
from django.db import DatabaseError
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.views.decorators.http import require_POST

from seisan.errors import SeisanError
from seisan.i18n import N_, _n, name_key
from seisan.web.clubs import models as m
from seisan.web.clubs.access import club_view, ctx
from seisan.web.clubs.forms import words
from seisan.web.clubs.middleware import web_lang
from seisan.web.clubs.views.seasons import NOT_WRITTEN_IMPORT
from seisan.web.online import services
from seisan.web.online.models import OnlineName, Upload

KINDS = {"tenhou": N_("Tenhou"), "majsoul": N_("Mahjong Soul"), "mjai": N_("mjai")}


@club_view(m.Role.ORGANISER)
def upload_page(request: HttpRequest, club: m.Club, pk: int) -> HttpResponse:
    """Log files (or pasted JSON) read into the season: on to what was read."""
    season = get_object_or_404(club.seasons, pk=pk)
    problem = ""
    pasted = request.POST.get("pasted", "")
    if request.method == "POST":
        lang = web_lang()
        uploads = [(f.name or "", f.read()) for f in request.FILES.getlist("files")]
        uploads += services.pasted_logs(pasted, lang)
        try:
            upload = services.read_logs(season, uploads, request.user)
        except SeisanError as err:
            problem = err.message.text(lang)
        else:
            return redirect("clubs:online:review", slug=club.slug, pk=upload.pk)
    names = OnlineName.objects.filter(club=club).select_related("player")
    return render(request, "online/upload.html", ctx(
        request, club, season=season, problem=problem, pasted=pasted, names=names,
    ), status=400 if problem else 200)  # fmt: skip


@club_view(m.Role.ORGANISER)
def review_page(request: HttpRequest, club: m.Club, pk: int) -> HttpResponse:
    """The games read and the files refused; each online name nobody told yet asked
    once (an existing player, or a new one); then the games imported."""
    upload = get_object_or_404(Upload.objects.select_related("season"), pk=pk,
                               season__club=club)  # fmt: skip
    season = upload.season
    unknown = services.unknown_names(upload)
    problem = ""
    if request.method == "POST":
        lang = web_lang()
        try:
            told = services.told_names(club, unknown, request.POST)
            sessions = services.import_upload(upload, told, request.user, lang)
        except SeisanError as err:
            problem = err.message.text(lang)
        except DatabaseError:
            problem = words(NOT_WRITTEN_IMPORT)
        else:
            count = sum(s.games.count() for s in sessions)
            done = _n("{count} game imported", "{count} games imported", "count", count=count)
            messages.success(request, done.text(lang))
            return redirect("clubs:season", slug=club.slug, pk=season.pk)
    players = list(club.players.filter(merged_into__isnull=True).order_by("name"))
    folded = {name_key(p.name): p for p in players}
    asked = [(index, name, folded.get(name_key(name)),
              request.POST.get(f"new_{index}", " ".join(name.split())))
             for index, name in enumerate(unknown)]  # fmt: skip
    known = services.remembered(club, [n for g in upload.games for n in g["names"]])
    lang = web_lang()
    games = [{**g, "kind": words(KINDS[g["kind"]]), "rules": g["rules_title"][lang],
              "players": [(known[n].name if n in known else n, points)
                          for n, points in zip(g["names"], g["final"], strict=True)]}
             for g in upload.games]  # fmt: skip
    refused = [(r["file"], r["problem"][lang]) for r in upload.refused]
    return render(request, "online/review.html", ctx(
        request, club, season=season, upload=upload, games=games, refused=refused,
        asked=asked, players=players, problem=problem,
    ), status=400 if problem else 200)  # fmt: skip


@require_POST
@club_view(m.Role.ORGANISER)
def forget_name(request: HttpRequest, club: m.Club, pk: int) -> HttpResponse:
    """An online name no longer taken for its player: the next import asks again."""
    row = get_object_or_404(OnlineName, pk=pk, club=club)
    row.delete()
    season = request.POST.get("season", "")
    if season.isdigit() and club.seasons.filter(pk=int(season)).exists():
        return redirect("clubs:online:upload", slug=club.slug, pk=int(season))
    return redirect("clubs:club", slug=club.slug)
