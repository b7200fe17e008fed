"""A night at the club: its games and who pays whom (money is collected once)."""

from __future__ import annotations

import re
import uuid
from decimal import Decimal
from fractions import Fraction

from django.contrib import messages
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.views.decorators.http import require_POST

from seisan.i18n import N_, _n, plain_number, term
from seisan.transfers import HOUSE
from seisan.web.clubs import history, money, services
from seisan.web.clubs import models as m
from seisan.web.clubs.access import club_view, ctx, number
from seisan.web.clubs.forms import SessionForm, words
from seisan.web.clubs.middleware import web_lang
from seisan.web.clubs.templatetags.seisan_tags import amount

MAX_AMOUNT = Decimal(10) ** 12


@require_POST
@club_view(m.Role.SCORER)
def new_session(request: HttpRequest, club: m.Club, pk: int) -> HttpResponse:
    season = get_object_or_404(club.seasons, pk=pk)
    form = SessionForm(request.POST)
    if form.is_valid():
        session = form.save(commit=False)
        session.season = season
        session.save()
        history.record(club, request.user, "session.created", session=history.session_name(session),
                       link=["clubs:session", [session.pk]])  # fmt: skip
        return redirect("clubs:enter", slug=club.slug, pk=session.pk)
    if "title" in form.errors:  # (the title's own problem, not the date's)
        messages.error(request, str(form.errors["title"][0]))
    else:
        messages.error(request, words(N_("give the date of the session")))
    return redirect("clubs:season", slug=club.slug, pk=season.pk)


def _form_of(request: HttpRequest) -> str:
    """Which form of the ledger the page shows (anything else: the fewest transfers)."""
    chosen = request.GET.get("ledger") or request.POST.get("ledger")
    return money.FIRST if chosen == money.FIRST else money.FEWEST


def _back(club: m.Club, session: m.Session, request: HttpRequest) -> str:
    url = reverse("clubs:session", args=[club.slug, session.pk])
    return f"{url}?ledger={_form_of(request)}#ledger"


@club_view(m.Role.MEMBER)
def session_page(request: HttpRequest, club: m.Club, pk: int) -> HttpResponse:
    session = get_object_or_404(m.Session.objects.select_related("season"), pk=pk,
                                season__club=club)  # fmt: skip
    games = (
        session.games.filter(deleted__isnull=True)
        .select_related("rules")
        .prefetch_related("seats__player")
    )
    deleted = session.games.filter(deleted__isnull=False)
    ledger = money.session_ledger(session, _form_of(request))
    rules = services.rules_of(session.season.rules)
    in_money = ledger is not None and ledger.in_money
    return render(
        request,
        "clubs/session.html",
        ctx(
            request,
            club,
            session=session,
            games=games,
            deleted=deleted,
            ledger=ledger,
            in_money=in_money,
            balances=money.club_balances(club) if in_money else {},
            currency=services.currency_of(club, rules) if in_money else "",
            zero=rules.zero,
            key=uuid.uuid4().hex,
        ),
    )


def _amount(text: str, places: int = 3) -> Fraction | None:
    """An amount as typed (¥1,200, 1200円, 12.5): more than 0, in digits (not ``1e3``
    or ``1_000``, which Python's Decimal reads), at most ``places`` decimals (money: as
    many as its currency has, none for yen or won; pt: three)."""
    # (the signs taken off the digits made plain: ￥ is ¥ then; then the digits again,
    # their thousands separators read once no sign is beside them: “¥2,000” had failed)
    clean = plain_number(plain_number(text).lstrip("¥₩$€£").removesuffix("円").removesuffix("원"))
    if not re.fullmatch(r"[0-9]+(\.[0-9]+)?", clean):
        return None
    value = Decimal(clean)
    if value <= 0 or value >= MAX_AMOUNT or value != value.quantize(Decimal(1).scaleb(-places)):
        return None
    return Fraction(value)


def _places(club: m.Club, session: m.Session, in_money: bool) -> int:
    """The decimals a payment may have: its currency's (ISO 4217: JPY and KRW none, USD
    two), or more where the season's money is counted in a smaller unit (``unit =
    0.25``: the ledger's own rows are such amounts; helper-65), or three in pt."""
    from babel.numbers import get_currency_precision  # noqa: PLC0415

    if not in_money:
        return 3
    unit = services.rules_of(session.season.rules).stakes.unit
    places = 0
    while unit.denominator != 1 and places < 3:  # (the unit's decimals: 0.25 → 2)
        unit *= 10
        places += 1
    return max(int(get_currency_precision(club.currency)), places)


@require_POST
@club_view(m.Role.SCORER)
def mark_paid(request: HttpRequest, club: m.Club, pk: int) -> HttpResponse:
    """Record money that moved between two people of the session (a transfer of its
    ledger paid in full, or any part of one)."""
    session = get_object_or_404(m.Session, pk=pk, season__club=club)
    back = _back(club, session, request)
    form = money.FIRST if request.POST.get("ledger") == money.FIRST else money.FEWEST
    ledger = money.session_ledger(session, form)
    payer, payee = request.POST.get("payer", ""), request.POST.get("payee", "")
    people = ledger.people() if ledger is not None else []
    if ledger is None or payer not in people or payee not in people or payer == payee:
        messages.error(request, words(N_("choose who paid and who was paid, two people of "
                                         "this session")))  # fmt: skip
        return redirect(back)
    places = _places(club, session, ledger.in_money)
    value = _amount(request.POST.get("amount", ""), places)
    if value is None:
        said = (_n("give the amount paid: a number above 0, with at most {places} decimal",
                   "give the amount paid: a number above 0, with at most {places} decimals",
                   "places", places=places).text(web_lang()) if places
                else words(N_("give the amount paid: a whole number above 0 ({currency} has no "
                              "decimals)"), currency=club.currency))  # fmt: skip
        messages.error(request, said)
        return redirect(back)
    key = request.POST.get("key", "")[:60] or None
    if key and m.Payment.objects.filter(key=f"{session.pk}:{key}").exists():
        return redirect(back)  # (the same form sent twice: recorded once, said nothing)
    most = money.still_open(ledger, payer, payee)
    if value > most:  # (a second tab's “paid”, or more than is owed: helper-95)
        currency = club.currency if ledger.in_money else ""
        names = {"payer": _person(payer), "payee": _person(payee)}
        messages.error(request, words(N_("nothing is open from {payer} to {payee} any more "
                                         "(paid already, or the games changed): look at the "
                                         "ledger again"), **names) if not most
                       else words(N_("at most {amount} is open from {payer} to {payee} (paid "
                                     "already, or the games changed): look at the ledger "
                                     "again"), amount=amount(most, currency), **names))  # fmt: skip
        return redirect(back)
    money.record_payment(session, payer, payee, value, ledger.in_money, request.user,
                         f"{session.pk}:{key}" if key else None)  # fmt: skip
    return redirect(back)


def _person(name: str) -> str:
    """A name of the ledger as the page shows it (the house in the reader's words)."""
    return term("house", web_lang()) if name == HOUSE else name


@require_POST
@club_view(m.Role.SCORER)
def remove_payment(request: HttpRequest, club: m.Club, pk: int) -> HttpResponse:
    """A payment recorded by mistake: taken out (the history keeps it)."""
    session = get_object_or_404(m.Session, pk=pk, season__club=club)
    payment = get_object_or_404(session.payments, pk=number(request.POST, "payment"))
    amount = money.amount_words(money.fraction(payment.amount), payment.in_money)
    history.record(club, request.user, "payment.removed", payer=payment.payer,
                   payee=payment.payee, amount=amount,
                   link=["clubs:session", [session.pk]])  # fmt: skip
    payment.delete()
    return redirect(_back(club, session, request))
