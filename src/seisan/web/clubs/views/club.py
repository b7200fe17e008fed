"""A club: its page, players (added, merged, linked to accounts) and members."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth import get_user_model
from django.core.exceptions import PermissionDenied
from django.db import transaction
from django.http import HttpRequest, HttpResponse, HttpResponseRedirect
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.views.decorators.http import require_POST

from seisan.errors import SeisanError
from seisan.i18n import N_
from seisan.web.clubs import models as m
from seisan.web.clubs import services
from seisan.web.clubs.access import club_view, ctx, number, role_in
from seisan.web.clubs.forms import (
    ROLE_LABELS,
    ClubForm,
    MemberForm,
    PlayerForm,
    words,
)
from seisan.web.clubs.middleware import web_lang


def home(request: HttpRequest) -> HttpResponse:
    if not request.user.is_authenticated:
        return render(request, "clubs/landing.html", ctx(request))
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
        with transaction.atomic():
            club = form.save()
            m.Membership.objects.create(club=club, user=request.user, role=m.Role.OWNER)
        return redirect("clubs:club", slug=club.slug)
    return render(request, "clubs/club_new.html", ctx(request, form=form))


@club_view(m.Role.MEMBER)
def club_page(request: HttpRequest, club: m.Club) -> HttpResponse:
    return render(
        request,
        "clubs/club.html",
        ctx(
            request,
            club,
            seasons=club.seasons.all(),
            players=club.players.filter(merged_into__isnull=True),
            memberships=club.memberships.select_related("user"),
            player_form=PlayerForm(),
            member_form=MemberForm(),
            role_labels=ROLE_LABELS,
        ),
    )


@require_POST
@club_view(m.Role.SCORER)
def add_player(request: HttpRequest, club: m.Club) -> HttpResponse:
    form = PlayerForm(request.POST)
    if form.is_valid():
        name = " ".join(form.cleaned_data["name"].split())
        if club.players.filter(name__iexact=name, merged_into__isnull=True).exists():
            messages.error(request, words(N_("{name} is already a player here"), name=name))
        else:
            m.Player.objects.create(club=club, name=name)
            messages.success(request, words(N_("{name} added"), name=name))
    return redirect("clubs:club", slug=club.slug)


@require_POST
@club_view(m.Role.ORGANISER)
def merge_players(request: HttpRequest, club: m.Club) -> HttpResponse:
    """A duplicate guest becomes the player it always was: their games move over."""
    source = get_object_or_404(club.players, pk=number(request.POST, "source"), merged_into=None)
    target = get_object_or_404(club.players, pk=number(request.POST, "target"), merged_into=None)
    if source.pk == target.pk or not source.is_guest:
        messages.error(request, words(N_("only a guest can be merged into another player")))
        return redirect("clubs:club", slug=club.slug)
    try:
        services.merge_players(source, target)
    except SeisanError as err:
        messages.error(request, err.message.text(web_lang()))
        return redirect("clubs:club", slug=club.slug)
    messages.success(request, words(N_("{a} merged into {b}"), a=source.name, b=target.name))
    return redirect("clubs:club", slug=club.slug)


@require_POST
@club_view(m.Role.ORGANISER)
def link_player(request: HttpRequest, club: m.Club) -> HttpResponse:
    """A player is a member's account at the table: they may confirm their results."""
    player = get_object_or_404(club.players, pk=number(request.POST, "player"), merged_into=None)
    membership = club.memberships.filter(pk=number(request.POST, "member", 0)).first()
    if membership is None:
        player.user = None
    else:
        taken = club.players.filter(user=membership.user, merged_into=None).exclude(pk=player.pk)
        if taken.exists():
            text = words(N_("{email} already plays here as {name}"),
                         email=membership.user.email, name=taken[0].name)  # fmt: skip
            messages.error(request, text)
            return redirect("clubs:club", slug=club.slug)
        player.user = membership.user
    player.save()
    messages.success(request, words(N_("saved")))
    return redirect("clubs:club", slug=club.slug)


@require_POST
@club_view(m.Role.ORGANISER)
def set_member(request: HttpRequest, club: m.Club) -> HttpResponse:
    """Give an account a role in the club (the owner's role stays with the owner)."""
    form = MemberForm(request.POST)
    if not form.is_valid():
        messages.error(request, words(N_("give the email of an account and a role")))
        return redirect("clubs:club", slug=club.slug)
    user = get_user_model().objects.filter(email__iexact=form.cleaned_data["email"]).first()
    if user is None:
        messages.error(request, words(N_("no account has this email: ask them to sign up first")))
        return redirect("clubs:club", slug=club.slug)
    role = form.cleaned_data["role"]
    is_owner = m.role_at_least(getattr(request, "club_role", None), m.Role.OWNER)
    current = role_in(user, club)
    if m.Role.OWNER in (role, current) and not is_owner:
        raise PermissionDenied
    owners = club.memberships.filter(role=m.Role.OWNER).exclude(user=user).count()
    if current == m.Role.OWNER and role != m.Role.OWNER and owners == 0:
        messages.error(request, words(N_("a club keeps at least one owner: make someone else "
                                         "owner first")))  # fmt: skip
        return redirect("clubs:club", slug=club.slug)
    m.Membership.objects.update_or_create(club=club, user=user, defaults={"role": role})
    messages.success(request, words(N_("{email} is now {role}"), email=user.email,
                                    role=words(ROLE_LABELS[role])))  # fmt: skip
    return redirect("clubs:club", slug=club.slug)


def robots(request: HttpRequest) -> HttpResponse:
    return HttpResponse("User-agent: *\nDisallow: /\n", content_type="text/plain")


def not_signed_in(request: HttpRequest) -> HttpResponseRedirect:
    return redirect("account_login")
