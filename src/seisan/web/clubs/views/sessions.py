"""A night at the club: its games and who pays whom."""

from __future__ import annotations

from typing import Any

from django.contrib import messages
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.views.decorators.http import require_POST

from seisan.i18n import N_
from seisan.pt import pt_value
from seisan.web.clubs import models as m
from seisan.web.clubs import services
from seisan.web.clubs.access import club_view, ctx
from seisan.web.clubs.forms import (
    SessionForm,
    words,
)


@require_POST
@club_view(m.Role.SCORER)
def new_session(request: HttpRequest, club: m.Club, pk: int) -> HttpResponse:
    season = get_object_or_404(club.seasons, pk=pk)
    form = SessionForm(request.POST)
    if form.is_valid():
        session = form.save(commit=False)
        session.season = season
        session.save()
        return redirect("clubs:enter", slug=club.slug, pk=session.pk)
    messages.error(request, words(N_("give the date of the session")))
    return redirect("clubs:season", slug=club.slug, pk=season.pk)


@club_view(m.Role.MEMBER)
def session_page(request: HttpRequest, club: m.Club, pk: int) -> HttpResponse:
    session = get_object_or_404(m.Session, pk=pk, season__club=club)
    games = session.games.filter(deleted__isnull=True).prefetch_related("seats__player")
    deleted = session.games.filter(deleted__isnull=False)
    result = services.session_result(session)
    form = request.GET.get("ledger", "fewest")
    in_money = result is not None and result.stakes.rate is not None
    ledger = []
    if result is not None:
        transfers = result.jansou(in_money) if form == "first" else result.transfers(in_money)
        transfers = [*transfers, *(result.fee_transfers() if in_money else [])]
        paid = {(p.payer, p.payee, p.amount): p for p in session.payments.all()}
        for t in transfers:
            amount = pt_value(t.amount)
            ledger.append({"t": t, "amount": amount,
                           "paid": paid.get((t.payer, t.payee, _dec(amount)))})  # fmt: skip
    balances = _member_balances(club) if in_money else {}
    return render(
        request,
        "clubs/session.html",
        ctx(
            request,
            club,
            session=session,
            games=games,
            deleted=deleted,
            result=result,
            ledger=ledger,
            ledger_form=form,
            in_money=in_money,
            balances=balances,
        ),
    )


def _ledger_rows(session: m.Session) -> set[tuple[str, str, Any]]:
    """Every transfer either ledger of the session shows, in pt and in money."""
    result = services.session_result(session)
    rows: set[tuple[str, str, Any]] = set()
    if result is None:
        return rows
    for in_money in (False, True) if result.stakes.rate is not None else (False,):
        for t in [*result.transfers(in_money), *result.jansou(in_money)]:
            rows.add((t.payer, t.payee, _dec(pt_value(t.amount))))
    for t in result.fee_transfers() if result.stakes.rate is not None else []:
        rows.add((t.payer, t.payee, _dec(pt_value(t.amount))))
    return rows


def _dec(value: Any) -> Any:
    from decimal import Decimal  # noqa: PLC0415

    return Decimal(str(value))


def _member_balances(club: m.Club) -> dict[str, Any]:
    """Each person's money over every session, and what is still open of it after the
    transfers marked paid."""
    return services.club_balances(club)


@require_POST
@club_view(m.Role.SCORER)
def mark_paid(request: HttpRequest, club: m.Club, pk: int) -> HttpResponse:
    session = get_object_or_404(m.Session, pk=pk, season__club=club)
    payer, payee = request.POST.get("payer", ""), request.POST.get("payee", "")
    try:
        amount = _dec(request.POST.get("amount", ""))
    except ArithmeticError:  # decimal.InvalidOperation
        amount = None
    if amount is not None and not amount.is_finite():
        amount = None
    if amount is None or (payer, payee, amount) not in _ledger_rows(session):
        messages.error(request, words(N_("this transfer is not in the session's ledger")))
        return redirect("clubs:session", slug=club.slug, pk=session.pk)
    paid = request.POST.get("paid") == "1"
    existing = session.payments.filter(payer=payer, payee=payee, amount=amount).first()
    if existing is not None and not paid:
        existing.delete()  # unmark: the history keeps it
    elif existing is None and paid:
        user = request.user if request.user.is_authenticated else None
        result = services.session_result(session)
        in_money = result is not None and result.stakes.rate is not None
        m.Payment.objects.create(session=session, payer=payer, payee=payee, amount=amount,
                                 in_money=in_money, marked_by=user)  # fmt: skip
    return redirect(
        f"{reverse('clubs:session', args=[club.slug, session.pk])}?ledger="
        f"{request.POST.get('ledger', 'fewest')}"
    )
