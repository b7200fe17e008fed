"""A club: its page, players (added, merged, linked to accounts) and members."""

from __future__ import annotations

from django.conf import settings
from django.contrib import messages
from django.db import IntegrityError, transaction
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.views.decorators.http import require_POST

from seisan.errors import SeisanError
from seisan.i18n import N_, Message
from seisan.web.clubs import history, services
from seisan.web.clubs import models as m
from seisan.web.clubs.access import club_view, ctx, number
from seisan.web.clubs.forms import (
    ROLE_LABELS,
    ClubForm,
    PlayerForm,
    words,
)
from seisan.web.clubs.middleware import web_lang


def home(request: HttpRequest) -> HttpResponse:
    if not request.user.is_authenticated:
        open_signup = settings.SEISAN_OPEN_SIGNUP
        return render(request, "clubs/landing.html", ctx(request, open_signup=open_signup))
    memberships = m.Membership.objects.filter(user=request.user).select_related("club")
    return render(
        request,
        "clubs/home.html",
        ctx(request, memberships=memberships, form=ClubForm(), role_labels=ROLE_LABELS),
    )


def create_club(request: HttpRequest) -> HttpResponse:
    if not request.user.is_authenticated:
        return redirect(f"{reverse('account_login')}?next={request.path}")
    form = ClubForm(request.POST or None, initial={"currency": "JPY"})
    if request.method == "POST" and form.is_valid():
        try:
            club = _new_club(form, request)
        except IntegrityError:  # the same short name, taken a moment ago
            form.add_error("slug", words(N_("the short name {slug} is taken: choose another"),
                                         slug=form.cleaned_data["slug"]))  # fmt: skip
        else:
            return redirect("clubs:club", slug=club.slug)
    return render(request, "clubs/club_new.html", ctx(request, form=form))


def _new_club(form: ClubForm, request: HttpRequest) -> m.Club:
    with transaction.atomic():
        club: m.Club = form.save()
        m.Membership.objects.create(club=club, user=request.user, role=m.Role.OWNER)  # type: ignore[misc]
        history.record(club, request.user, "club.created", name=club.name,
                       link=["clubs:club", []])  # fmt: skip
    return club


@club_view(m.Role.MEMBER)
def club_page(request: HttpRequest, club: m.Club) -> HttpResponse:
    players = club.players.filter(merged_into__isnull=True).select_related("user")
    return render(
        request,
        "clubs/club.html",
        ctx(
            request,
            club,
            seasons=club.seasons.all(),
            players=players,
            guests=[p for p in players if p.is_guest],
            memberships=club.memberships.select_related("user").order_by("user__email"),
            player_form=PlayerForm(),
            role_labels=ROLE_LABELS,
            roles=[(r.value, ROLE_LABELS[r.value]) for r in m.Role],
        ),
    )


@require_POST
@club_view(m.Role.SCORER)
def add_player(request: HttpRequest, club: m.Club) -> HttpResponse:
    form = PlayerForm(request.POST)
    if not form.is_valid():
        for errors in form.errors.values():
            messages.error(request, str(errors[0]))
        return redirect("clubs:club", slug=club.slug)
    name = " ".join(form.cleaned_data["name"].split())
    try:
        services.check_name(name)
    except SeisanError as err:
        messages.error(request, err.message.text(web_lang()))
        return redirect("clubs:club", slug=club.slug)
    if m.same_name(club.players.filter(merged_into__isnull=True), name).exists():
        messages.error(request, words(N_("{name} is already a player here"), name=name))
    else:
        player = services.player_named(club, name)
        history.record(club, request.user, "player.added", name=name,
                       link=["clubs:player", [player.pk]])  # fmt: skip
        messages.success(request, words(N_("{name} added"), name=name))
    return redirect("clubs:club", slug=club.slug)


@club_view(m.Role.ORGANISER)
def merge_players(request: HttpRequest, club: m.Club) -> HttpResponse:
    """A duplicate guest becomes the player it always was: their games move over,
    after a look at what that changes (undone from the history)."""
    data = request.POST if request.method == "POST" else request.GET
    source = get_object_or_404(club.players, pk=number(data, "source"), merged_into=None)
    target = get_object_or_404(club.players, pk=number(data, "target"), merged_into=None)
    if source.pk == target.pk:  # (it had said “only a guest can be merged”, of a guest)
        messages.error(request, words(N_("choose two players: {name} is both"), name=source.name))
        return redirect("clubs:club", slug=club.slug)
    if not source.is_guest:
        messages.error(request, words(N_("only a guest can be merged into another player")))
        return redirect("clubs:club", slug=club.slug)
    if request.method != "POST" or request.POST.get("confirm") != "1":
        games = m.Seat.objects.filter(player=source).count()
        return render(request, "clubs/confirm_merge.html",
                      ctx(request, club, source=source, target=target, games=games))  # fmt: skip
    try:
        services.merge_players(source, target, request.user)
    except SeisanError as err:
        messages.error(request, err.message.text(web_lang()))
        return redirect("clubs:club", slug=club.slug)
    messages.success(request, words(N_("{a} merged into {b}: the club's history can undo it"),
                                    a=source.name, b=target.name))  # fmt: skip
    return redirect("clubs:club", slug=club.slug)


@require_POST
@club_view(m.Role.ORGANISER)
def undo(request: HttpRequest, club: m.Club, pk: int) -> HttpResponse:
    """Undo an action of the history that can be undone (a merge)."""
    action = get_object_or_404(club.actions, pk=pk)
    try:
        services.undo_merge(action, request.user)
    except SeisanError as err:
        messages.error(request, err.message.text(web_lang()))
    else:
        messages.success(request, words(N_("undone")))
    return redirect("clubs:history", slug=club.slug)


@club_view(m.Role.ORGANISER)
def rename_player(request: HttpRequest, club: m.Club, pk: int) -> HttpResponse:
    """A player's name changed everywhere it is written."""
    player = get_object_or_404(club.players, pk=pk, merged_into=None)
    error = None
    if request.method == "POST":
        try:
            services.rename_player(player, str(request.POST.get("name", ""))[:200], request.user)
        except SeisanError as err:
            error = err.message.text(web_lang())
        else:
            messages.success(request, words(N_("saved")))
            return redirect("clubs:player", slug=club.slug, pk=player.pk)
    return render(request, "clubs/rename.html", ctx(request, club, player=player, error=error))


@require_POST
@club_view(m.Role.ORGANISER)
def link_player(request: HttpRequest, club: m.Club) -> HttpResponse:
    """A player is a member's account at the table: they may confirm their results."""
    player = get_object_or_404(club.players, pk=number(request.POST, "player"), merged_into=None)
    membership = None  # “—”: the link undone; any other member not the club's: not found
    if request.POST.get("member") != "":
        membership = get_object_or_404(club.memberships, pk=number(request.POST, "member"))
    if membership is None:
        player.user = None
        history.record(club, request.user, "player.unlinked", name=player.name,
                       link=["clubs:player", [player.pk]])  # fmt: skip
    else:
        taken = club.players.filter(user=membership.user, merged_into=None).exclude(pk=player.pk)
        if taken.exists():
            text = words(N_("{email} already plays here as {name}"),
                         email=membership.user.email, name=taken[0].name)  # fmt: skip
            messages.error(request, text)
            return redirect("clubs:club", slug=club.slug)
        player.user = membership.user
        history.record(club, request.user, "player.linked", name=player.name,
                       email=membership.user.email, link=["clubs:player", [player.pk]])  # fmt: skip
    player.save()
    messages.success(request, words(N_("saved")))
    return redirect("clubs:club", slug=club.slug)


def _may_change(request: HttpRequest, club: m.Club, membership: m.Membership, role: str) -> bool:
    """Organisers manage members and scorers; only an owner touches an owner's or an
    organiser's role, and the last owner stays."""
    mine = getattr(request, "club_role", None)
    senior = {m.Role.OWNER, m.Role.ORGANISER} & {role, membership.role}
    if senior and not m.role_at_least(mine, m.Role.OWNER):
        return False
    owners = club.memberships.filter(role=m.Role.OWNER).exclude(pk=membership.pk).count()
    return not (membership.role == m.Role.OWNER and role != m.Role.OWNER and owners == 0)


@require_POST
@club_view(m.Role.ORGANISER)
def set_member(request: HttpRequest, club: m.Club) -> HttpResponse:
    """Change a member's role (new people come by invitation)."""
    membership = get_object_or_404(club.memberships.select_related("user"),
                                   pk=number(request.POST, "member"))  # fmt: skip
    role = str(request.POST.get("role", ""))
    if role not in ROLE_LABELS:
        messages.error(request, words(N_("choose a role")))
        return redirect("clubs:club", slug=club.slug)
    if not _may_change(request, club, membership, role):
        messages.error(request, words(N_("only an owner changes an owner's or an organiser's "
                                         "role, and a club keeps at least one owner")))  # fmt: skip
        return redirect("clubs:club", slug=club.slug)
    membership.role = role
    membership.save()
    label = words(ROLE_LABELS[role])
    history.record(club, request.user, "member.role", email=membership.user.email,
                   role=Message(ROLE_LABELS[role]), link=["clubs:club", []])  # fmt: skip
    messages.success(request, words(N_("{email} is now {role}"), email=membership.user.email,
                                    role=label))  # fmt: skip
    return redirect("clubs:club", slug=club.slug)


@club_view(m.Role.ORGANISER)
def remove_member(request: HttpRequest, club: m.Club, pk: int) -> HttpResponse:
    """Take a member out of the club (after asking): their results stay."""
    membership = get_object_or_404(club.memberships.select_related("user"), pk=pk)
    if not _may_change(request, club, membership, m.Role.MEMBER) or (
        membership.role == m.Role.OWNER and not club.memberships.filter(role=m.Role.OWNER)
        .exclude(pk=membership.pk).exists()
    ):  # fmt: skip
        messages.error(request, words(N_("only an owner changes an owner's or an organiser's "
                                         "role, and a club keeps at least one owner")))  # fmt: skip
        return redirect("clubs:club", slug=club.slug)
    if request.method != "POST" or request.POST.get("confirm") != "1":
        return render(request, "clubs/confirm_remove.html",
                      ctx(request, club, membership=membership))  # fmt: skip
    email = membership.user.email
    membership.delete()
    history.record(club, request.user, "member.removed", email=email, link=["clubs:club", []])
    messages.success(request, words(N_("{email} is no longer a member"), email=email))
    if membership.user_id == request.user.pk:
        return redirect("home")
    return redirect("clubs:club", slug=club.slug)


def robots(request: HttpRequest) -> HttpResponse:
    return HttpResponse("User-agent: *\nDisallow: /\n", content_type="text/plain")
