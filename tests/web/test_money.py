"""Money is collected once: a payment is money that moved, and editing a game after
people paid changes only what is still owed (a refund where they paid too much). In
both forms of the ledger, and in the club's balances over every session, each
person's open amount is the ledger less what they paid plus what they received."""

from __future__ import annotations

from decimal import Decimal
from fractions import Fraction
from typing import Any

import pytest
from django.db import transaction
from django.test import Client
from django.urls import reverse
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from seisan.i18n import decimal_text
from seisan.transfers import balances
from seisan.web.clubs import models as m
from seisan.web.clubs import services
from seisan.web.clubs.money import FEWEST, FIRST, club_balances, paid_balances, session_ledger

from .conftest import enter, season_with

pytestmark = pytest.mark.django_db
NAMES = ["Ana", "Ben", "Chie", "Dae"]
RATE = 'extends = "mleague"\n[money]\nrate = 100\nunit = 100\nfee = 500\n'


def pay(client: Client, session: m.Session, payer: str, payee: str, amount: Fraction) -> None:
    url = reverse("clubs:mark_paid", args=[session.season.club.slug, session.pk])
    response = client.post(url, {"payer": payer, "payee": payee, "amount": decimal_text(amount)})
    assert response.status_code == 302


def test_an_edit_after_paying_asks_only_the_difference(
    club: m.Club, owner: Any, signed_in: Client
) -> None:
    season = season_with(club, RATE, owner, "Money")
    session = m.Session.objects.create(season=season)
    enter(signed_in, session, NAMES, [42600, 31000, 16400, 10000])
    # 点ピン (100 a pt): Dae -50 pt = -5000, fee 500 each to the house
    ledger = session_ledger(session)
    assert ledger is not None and ledger.owed["Dae"] == -5500
    for t in ledger.rows:  # everyone pays what the night asks
        pay(signed_in, session, t.payer, t.payee, t.amount)
    assert session_ledger(session).rows == ()  # type: ignore[union-attr]
    game = session.games.get()
    url = reverse("clubs:edit", args=[club.slug, game.pk])
    form = {"version": str(game.version), "deposits": "0", "save": "1"}
    for seat, (name, points) in enumerate(zip(NAMES, [42600, 31000, 21400, 5000], strict=True)):
        form[f"player_{seat}"], form[f"points_{seat}"] = name, str(points)
    assert signed_in.post(url, form).status_code == 302  # Chie had 5000 more, Dae 5000 less
    after = session_ledger(session)
    assert after is not None
    # Chie paid 5000 too much (-23.6 became -18.6), Dae owes 5000 more (-50 → -55)
    assert after.open["Chie"] == 500 and after.open["Dae"] == -500
    assert sum(t.amount for t in after.rows) == 500 and len(after.rows) == 1
    assert (after.rows[0].payer, after.rows[0].payee) == ("Dae", "Chie")
    assert club_balances(club)["Dae"]["open"] == -500  # the club's totals agree
    page = signed_in.get(reverse("clubs:session", args=[club.slug, session.pk])).content.decode()
    rows = page.split('<table class="ledger">', 1)[1].split("</table>", 1)[0]
    assert '<td class="num">¥500</td>' in rows and "+" not in rows  # to pay: no sign


def test_a_part_payment_and_more_than_is_open(club: m.Club, owner: Any, signed_in: Client) -> None:
    """A part of a row is taken; more than is open between the two is refused, saying
    how much is (helper-95: 999,999円 had been recorded, and the ledger turned round);
    the rest, then, is taken to the yen."""
    season = season_with(club, RATE, owner, "Money")
    session = m.Session.objects.create(season=season)
    enter(signed_in, session, NAMES, [42600, 31000, 16400, 10000])
    pay(signed_in, session, "Dae", "Ana", Fraction(2000))
    ledger = session_ledger(session)
    assert ledger is not None and ledger.open["Dae"] == -3500
    url = reverse("clubs:mark_paid", args=[club.slug, session.pk])
    page = signed_in.post(url, {"payer": "Dae", "payee": "Ana", "amount": "10000"}, follow=True)
    assert "at most ¥3,500 is open from Dae to Ana (paid already, or the games changed)" in (
        page.content.decode())  # fmt: skip
    assert session_ledger(session).open["Dae"] == -3500  # type: ignore[union-attr]
    pay(signed_in, session, "Dae", "Ana", Fraction(3500))
    assert session_ledger(session).open["Dae"] == 0  # type: ignore[union-attr]


@pytest.mark.parametrize("form", [FEWEST, FIRST])
def test_a_row_paid_from_two_pages_is_recorded_once(
    club: m.Club, owner: Any, signed_in: Client, form: str
) -> None:
    """helper-95: two tabs (two phones) each offer “paid” for the same row, each with its
    own key; the second had recorded the debt again (3,300円 for 1,650円). What is no
    longer open is refused, in either form of the ledger; the same form sent twice
    (the same key) is taken once and says nothing."""
    season = season_with(club, RATE, owner, "Money")
    session = m.Session.objects.create(season=season)
    enter(signed_in, session, NAMES, [42600, 31000, 16400, 10000])
    ledger = session_ledger(session, form)
    assert ledger is not None
    row = next(t for t in ledger.rows if t.payee != "house")
    url = reverse("clubs:mark_paid", args=[club.slug, session.pk])
    sent = {"payer": row.payer, "payee": row.payee, "amount": decimal_text(row.amount),
            "ledger": form}  # fmt: skip
    assert signed_in.post(url, {**sent, "key": "tab-1"}).status_code == 302
    again = signed_in.post(url, {**sent, "key": "tab-1"}, follow=True)  # resent: once
    assert "is open from" not in again.content.decode()
    other = signed_in.post(url, {**sent, "key": "tab-2"}, follow=True).content.decode()
    assert f"from {row.payer} to {row.payee} any more (paid already" in other
    assert m.Payment.objects.filter(session=session).count() == 1


def test_square_in_one_form_is_square_in_the_other(
    club: m.Club, owner: Any, signed_in: Client
) -> None:
    """helper-95: every row of the fewest transfers paid, the ledger with first place
    still listed eight rows that only cancelled out (6,500円 to move for nothing)."""
    season = season_with(club, RATE, owner, "Money")
    session = m.Session.objects.create(season=season)
    enter(signed_in, session, NAMES, [42600, 31000, 16400, 10000])
    ledger = session_ledger(session, FEWEST)
    assert ledger is not None
    for t in ledger.rows:
        pay(signed_in, session, t.payer, t.payee, t.amount)
    first = session_ledger(session, FIRST)
    assert first is not None and first.rows == () and not any(first.open.values())
    page = signed_in.get(reverse("clubs:session", args=[club.slug, session.pk]) + "?ledger=first")
    assert "Everyone is square." in page.content.decode()


def test_payments_stay_in_sight_when_the_nights_games_are_deleted(
    club: m.Club, owner: Any, signed_in: Client
) -> None:
    """helper-95: the night's only game deleted after people paid: the ledger (and its
    payments) had gone from the page; the payments stay, each to be given back."""
    season = season_with(club, RATE, owner, "Money")
    session = m.Session.objects.create(season=season)
    enter(signed_in, session, NAMES, [42600, 31000, 16400, 10000])
    pay(signed_in, session, "Dae", "Ana", Fraction(5500))
    game = session.games.get()
    assert signed_in.post(reverse("clubs:delete", args=[club.slug, game.pk]),
                          {"confirm": "1"}).status_code == 302  # fmt: skip
    ledger = session_ledger(session)
    assert ledger is not None and ledger.due == ()
    assert [(t.payer, t.payee, t.amount) for t in ledger.rows] == [("Ana", "Dae", 5500)]
    page = signed_in.get(reverse("clubs:session", args=[club.slug, session.pk])).content.decode()
    assert "Ana → Dae" in " ".join(page.split()) and "¥5,500" in page
    assert session_ledger(m.Session.objects.create(season=season)) is None  # (no money: none)


@st.composite
def night(draw: st.DrawFn, start: int) -> list[list[int]]:
    games = []
    for _ in range(draw(st.integers(1, 4))):
        cuts = [draw(st.integers(-100, 600)) * 100 for _ in range(3)]
        games.append([*cuts, start * 4 - sum(cuts)])
    return games


@settings(max_examples=25, deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture])  # fmt: skip
@given(data=st.data())
def test_the_ledger_and_the_balances_always_agree(
    club: m.Club, owner: Any, data: st.DataObject
) -> None:
    rules = data.draw(st.sampled_from([RATE, "mleague", 'extends = "jpml"\n[money]\nrate = 50\n']))
    with transaction.atomic():
        season = season_with(club, rules, owner, "P")
        start = services.rules_of(season.rules).start
        session = m.Session.objects.create(season=season)
        games = []
        for points in data.draw(night(start)):
            names = data.draw(st.permutations(NAMES))
            games.append(services.save_game(session, {"players": list(names),
                                                      "points": points}, owner)[0])  # fmt: skip
        for _step in range(data.draw(st.integers(0, 6))):
            ledger = session_ledger(session, data.draw(st.sampled_from([FEWEST, FIRST])))
            assert ledger is not None
            if data.draw(st.booleans()) and ledger.rows:  # a row paid, in full or in part
                row = data.draw(st.sampled_from(ledger.rows))
                share = data.draw(st.sampled_from([Fraction(1), Fraction(1, 2)]))
                amount = Decimal(decimal_text(row.amount * share))
                m.Payment.objects.create(session=session, payer=row.payer, payee=row.payee,
                                         amount=amount, in_money=ledger.in_money)  # fmt: skip
            else:  # a game edited afterwards
                game = data.draw(st.sampled_from(games))
                game.refresh_from_db()
                points = data.draw(night(start))[0]
                services.save_game(session, {"players": game.data["players"], "points": points},
                                   owner, game=game, version=game.version)  # fmt: skip
        paid: dict[str, Fraction] = {}
        for form in (FEWEST, FIRST):
            ledger = session_ledger(session, form)
            assert ledger is not None
            moved = paid_balances(m.Payment.objects.filter(session=session))
            for name in ledger.open:
                assert ledger.open[name] == ledger.owed.get(name, 0) - moved.get(name, 0)
            from_rows = balances(ledger.rows)
            for name, amount in ledger.open.items():
                assert from_rows.get(name, 0) == amount, (form, name)
            paid = ledger.open
        if ledger.in_money:
            for name, entry in club_balances(club).items():
                assert entry["open"] == paid.get(name, 0)
        transaction.set_rollback(True)


@pytest.mark.parametrize(("typed", "kept"), [
    ("2000", Decimal(2000)), ("¥2,000", Decimal(2000)), ("２０００円", Decimal(2000)),
    ("￥２，０００", Decimal(2000)), ("2,000 円", Decimal(2000)),
    ("1e3", None), ("1_000", None), ("100.5", None), ("0.001", None), ("0", None),
    ("-5", None), ("NaN", None), ("", None),
])  # fmt: skip
def test_a_payment_in_yen_is_whole_yen_typed_as_digits(
    club: m.Club, owner: Any, signed_in: Client, typed: str, kept: Decimal | None
) -> None:
    """helper-64: ``1e3`` and ``1_000`` were taken as 1000 (Python's Decimal reads them)
    and 100.123 yen kept to the thousandth, showing ledgers of 7,850.624円."""
    season = season_with(club, RATE, owner, "Money")
    session = m.Session.objects.create(season=season)
    enter(signed_in, session, NAMES, [42600, 31000, 16400, 10000])
    url = reverse("clubs:mark_paid", args=[club.slug, session.pk])
    page = signed_in.post(url, {"payer": "Dae", "payee": "Ana", "amount": typed}, follow=True)
    stored = list(m.Payment.objects.filter(session=session).values_list("amount", flat=True))
    assert stored == ([] if kept is None else [kept])
    if kept is None:
        assert "give the amount paid: a whole number above 0 (JPY has no decimals)" in (
            page.content.decode())  # fmt: skip


def test_a_payment_in_pt_may_have_decimals(club: m.Club, owner: Any, signed_in: Client) -> None:
    season = season_with(club, "mleague", owner, "Points")
    session = m.Session.objects.create(season=season)
    enter(signed_in, session, NAMES, [42600, 31000, 16400, 10000])
    url = reverse("clubs:mark_paid", args=[club.slug, session.pk])
    signed_in.post(url, {"payer": "Dae", "payee": "Ana", "amount": "12.5"})
    page = signed_in.post(url, {"payer": "Dae", "payee": "Ana", "amount": "1e1"}, follow=True)
    assert list(m.Payment.objects.values_list("amount", flat=True)) == [Decimal("12.5")]
    assert "with at most 3 decimals" in page.content.decode()


def test_a_payment_in_the_seasons_own_smaller_unit_is_taken(
    club: m.Club, owner: Any, signed_in: Client
) -> None:
    """helper-65: a yen club whose season pays in quarters (``unit = 0.25``) could not
    record its own ledger's rows (12.5 refused as yen have no decimals)."""
    rules = 'extends = "mleague"\n[money]\nrate = 0.25\nunit = 0.25\ncurrency = "$"\n'
    season = season_with(club, rules, owner, "Quarters")
    session = m.Session.objects.create(season=season)
    enter(signed_in, session, NAMES, [42600, 31000, 16400, 10000])
    ledger = session_ledger(session)
    assert ledger is not None and ledger.rows
    for t in ledger.rows:
        pay(signed_in, session, t.payer, t.payee, t.amount)
    assert session_ledger(session).rows == ()  # type: ignore[union-attr]
    url = reverse("clubs:mark_paid", args=[club.slug, session.pk])
    signed_in.post(url, {"payer": "Dae", "payee": "Ana", "amount": "0.125"})
    assert m.Payment.objects.filter(amount=Decimal("0.125")).count() == 0
