"""The owner's one-time link, sign-up, and invitations (made by an organiser, taken
by the person they are for, on a phone, from a link or a QR code)."""

from __future__ import annotations

import time
from datetime import timedelta
from typing import Any

from allauth.account.models import EmailAddress
from allauth.core import ratelimit
from django.contrib import messages
from django.contrib.auth import get_user_model, login
from django.contrib.auth.decorators import login_required
from django.db import IntegrityError, transaction
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils import timezone
from django.views.decorators.http import require_POST

from seisan.i18n import N_, Message
from seisan.web.accounts import tokens
from seisan.web.accounts.adapter import (
    INVITATION_KEY,
    AccountAdapter,
    landing_url,
    pending_invitation,
)
from seisan.web.accounts.forms import ApiTokenForm, InvitationForm, SignupForm
from seisan.web.accounts.models import ApiToken, Invitation
from seisan.web.clubs import history
from seisan.web.clubs import models as m
from seisan.web.clubs.access import club_view, ctx, role_in
from seisan.web.clubs.forms import ROLE_LABELS, words

BACKEND = "django.contrib.auth.backends.ModelBackend"
SHOWN_KEY = "seisan_new_invitation"  #: a new invitation's link, shown once


def welcome(request: HttpRequest, token: str) -> HttpResponse:
    """The one-time sign-in link printed by ``seisan serve``."""
    user = tokens.take_sign_in_link(token)
    if user is None:
        return render(request, "accounts/link_expired.html", ctx(request), status=410)
    login(request, user, backend=BACKEND)
    if user.has_usable_password():
        return redirect(landing_url(user))
    messages.success(request, words(N_("Signed in. Set a password so you can sign in again.")))
    return redirect("account_set_password")


def signup(request: HttpRequest) -> HttpResponse:
    """A new account, when sign-up is open or an invitation is pending. The answer is
    the same whether the email had an account or not (nobody learns who has one)."""
    if not AccountAdapter().is_open_for_signup(request):
        return render(request, "accounts/signup_closed.html", ctx(request), status=403)
    if request.method == "POST":
        limited = _signup_limited(request)
        if limited is not None:
            return limited
    form = SignupForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        email = form.cleaned_data["email"].strip()
        user = _new_account(email, form.cleaned_data["password1"])
        token = pending_invitation(request)
        if user is not None and token:  # invited: straight into the club
            login(request, user, backend=BACKEND)
            return redirect("invitation", token=token)
        # asking to take part in a tournament: the same answer whether the address had an
        # account or not (the link is shared widely); signing in goes back to the link
        return render(request, "accounts/signup_done.html", ctx(request, email=email))
    return render(request, "accounts/signup.html", ctx(request, form=form))


SIGNUP_TRIES = 4
LOCK_WAIT = 0.9  #: allauth gives up after 1 s waiting for its lock on the address's count


def _signup_limited(request: HttpRequest) -> HttpResponse | None:
    """allauth's sign-up limit, asked again when it said no only because its lock on
    the address's count stayed busy (the "no" came after its second of waiting): a
    tournament's players signing up at once behind one address (the venue's Wi-Fi)
    would see that as "too many requests" under the limit. A "no" that came at once
    is a real excess, answered at once (and not counted again)."""
    for attempt in range(SIGNUP_TRIES):
        began = time.monotonic()
        limited: HttpResponse | None = ratelimit.consume_or_429(request, action="signup")
        busy = time.monotonic() - began >= LOCK_WAIT
        if limited is None or not busy or attempt == SIGNUP_TRIES - 1:
            return limited
        time.sleep(0.1 * (attempt + 1))
    return None


def _new_account(email: str, password: str) -> Any | None:
    """The account made for ``email``, or None if the address already has one."""
    users = get_user_model()
    if (
        EmailAddress.objects.filter(email__iexact=email).exists()
        or users.objects.filter(email__iexact=email).exists()
    ):
        return None
    try:
        with transaction.atomic():
            user = users.objects.create_user(username=email.lower(), email=email,
                                             password=password)  # fmt: skip
            EmailAddress.objects.create(user=user, email=email, primary=True, verified=False)
    except IntegrityError:  # the same address signed up twice at once
        return None
    return user


def invitation(request: HttpRequest, token: str) -> HttpResponse:
    """An invitation: who it is for and the role; signed in, one tap joins the club;
    signed out, sign in or make an account first (the invitation waits)."""
    found = tokens.find_invitation(token)
    if found is None:
        request.session.pop(INVITATION_KEY, None)
        return render(request, "accounts/invitation_gone.html", ctx(request), status=410)
    if not request.user.is_authenticated:
        request.session[INVITATION_KEY] = token
        return render(request, "accounts/invitation.html",
                      ctx(request, invitation=found, form=SignupForm(),
                          role=words(ROLE_LABELS[found.role])))  # fmt: skip
    if request.method == "POST":
        request.session.pop(INVITATION_KEY, None)
        club = found.club
        with transaction.atomic():
            if not tokens.take_invitation(found, request.user):
                return render(request, "accounts/invitation_gone.html", ctx(request), status=410)
            current = role_in(request.user, club)
            if not m.role_at_least(current, found.role):  # never lowers a role
                m.Membership.objects.update_or_create(
                    club=club, user=request.user, defaults={"role": found.role}
                )
            history.record(club, request.user, "member.joined", email=request.user.email,
                           role=Message(ROLE_LABELS[found.role]), name=found.name,
                           link=["clubs:club", []])  # fmt: skip
        messages.success(request, words(N_("Welcome to {club}"), club=club.name))
        return redirect("clubs:club", slug=club.slug)
    return render(request, "accounts/invitation.html",
                  ctx(request, invitation=found, role=words(ROLE_LABELS[found.role])))  # fmt: skip


@club_view(m.Role.ORGANISER)
def invitations(request: HttpRequest, club: m.Club) -> HttpResponse:
    """Make an invitation (shown once as a link and a QR code) and see the open ones."""
    is_owner = m.role_at_least(getattr(request, "club_role", None), m.Role.OWNER)
    form = InvitationForm(request.POST or None, organiser_role=is_owner)
    if request.method == "POST" and form.is_valid():
        data = form.cleaned_data
        token = tokens.new_invitation(club, data["role"], data["name"].strip(),
                                      timedelta(days=data["days"]), request.user)  # fmt: skip
        history.record(club, request.user, "member.invited", name=data["name"].strip(),
                       role=Message(ROLE_LABELS[data["role"]]),
                       link=["clubs:invitations", []])  # fmt: skip
        request.session[SHOWN_KEY] = token
        return redirect("clubs:invitations", slug=club.slug)
    shown = request.session.pop(SHOWN_KEY, None)
    link = request.build_absolute_uri(reverse("invitation", args=[shown])) if shown else None
    pending = [i for i in Invitation.objects.filter(club=club, used__isnull=True,
                                                    revoked__isnull=True) if i.open]  # fmt: skip
    return render(
        request,
        "accounts/invitations.html",
        ctx(request, club, form=form, link=link, qr=qr_svg(link) if link else "",
            pending=pending, role_labels=ROLE_LABELS,
            newest=Invitation.objects.filter(club=club).first() if link else None),
    )  # fmt: skip


@require_POST
@club_view(m.Role.ORGANISER)
def revoke_invitation(request: HttpRequest, club: m.Club, pk: int) -> HttpResponse:
    found = get_object_or_404(Invitation, pk=pk, club=club)
    if found.open:
        found.revoked = timezone.now()
        found.save(update_fields=["revoked"])
        history.record(club, request.user, "invitation.revoked", name=found.name,
                       link=["clubs:invitations", []])  # fmt: skip
        messages.success(request, words(N_("the invitation for {name} no longer works"),
                                        name=found.name))  # fmt: skip
    return redirect("clubs:invitations", slug=club.slug)


def qr_svg(text: str) -> str:
    """A QR code of ``text`` as inline SVG (drawn here: no script, no CDN)."""
    import segno  # noqa: PLC0415

    return str(segno.make(text, error="m").svg_inline(scale=5, border=2, dark="#111",
                                                      svgclass="qr", lineclass=None))  # fmt: skip


TOKEN_KEY = "seisan_new_api_token"  #: a new API token, shown once


@login_required
def api_tokens(request: HttpRequest) -> HttpResponse:
    """The user's API tokens: make one (shown once, with a curl example) or revoke one."""
    form = ApiTokenForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        request.session[TOKEN_KEY] = tokens.new_api_token(
            request.user, " ".join(form.cleaned_data["name"].split())
        )
        return redirect("api_tokens")
    shown = request.session.pop(TOKEN_KEY, None)
    user: Any = request.user
    mine = ApiToken.objects.filter(user=user)
    return render(
        request,
        "accounts/api_tokens.html",
        ctx(request, form=form, token=shown, active=mine.filter(revoked__isnull=True),
            revoked=mine.filter(revoked__isnull=False)[:20],
            api=request.build_absolute_uri("/api/")),
    )  # fmt: skip


@require_POST
@login_required
def revoke_api_token(request: HttpRequest, pk: int) -> HttpResponse:
    """A token stops working at once (it stays listed as revoked)."""
    found = get_object_or_404(ApiToken, pk=pk, user=request.user)
    if found.revoked is None:
        found.revoked = timezone.now()
        found.save(update_fields=["revoked"])
        messages.success(request, words(N_("the token “{name}” no longer works"),
                                        name=found.name))  # fmt: skip
    return redirect("api_tokens")
