"""The club's money, exactly: balances of this club's live games only (not another
club's, not a deleted game, not a payment of pt), equal to the core's session; the
ledger in each form with its payments in the order paid; what is left pair by pair on
every threshold (paid in full, one unit left, overpaid); a payment kept with who
recorded it and said in the history."""

from __future__ import annotations

import datetime
from decimal import Decimal
from fractions import Fraction
from typing import Any

import pytest
from django.contrib.auth.models import AnonymousUser
from django.utils import timezone

from seisan.i18n import Lang
from seisan.session import load_session
from seisan.transfers import HOUSE, Transfer
from seisan.web.clubs import files, history, money, services
from seisan.web.clubs import models as m

from .conftest import EXAMPLES, make_user, season_with

pytestmark = pytest.mark.django_db
CLUB_RULES = (EXAMPLES / "club.toml").read_text(encoding="utf-8")
FRIDAY = (EXAMPLES / "friday.toml").read_text(encoding="utf-8")


def night(club: m.Club, owner: Any) -> m.Session:
    season = season_with(club, CLUB_RULES, owner, f"Season of {club.slug}")
    session, _count = files.import_session(season, FRIDAY, "friday.toml", owner)
    return session


def core_money() -> dict[str, Fraction]:
    found = load_session(EXAMPLES / "friday.toml").settle().money()
    assert found is not None
    return found


def test_club_balances_are_the_core_sessions_money(club: m.Club, owner: Any) -> None:
    session = night(club, owner)
    expected = core_money()
    assert {name: row["won"] for name, row in money.club_balances(club).items()} == expected
    assert all(row["open"] == row["won"] for row in money.club_balances(club).values())
    # another club's night, a deleted game of another season, payments elsewhere and in
    # pt: none of them is this club's money
    other = m.Club.objects.create(name="Other", slug="other")
    elsewhere = night(other, owner)
    money.record_payment(elsewhere, "Dae", "Ana", Fraction(500), True, owner)
    spare = m.Session.objects.create(season=session.season)
    game, _ = services.save_game(spare, {"players": ["Ana", "Ben", "Chie", "Dae"],
                                         "points": [42600, 31000, 16400, 10000],
                                         "soto": {"Eve": "Chie"}}, owner)  # fmt: skip
    game.deleted = timezone.now()
    game.save(update_fields=["deleted"])
    # a season in pt: no money, and Zed, who played only there, has none to settle
    in_pt = m.Session.objects.create(season=season_with(club, "tenhou", owner, "In pt"))
    services.save_game(in_pt, {"players": ["Ana", "Ben", "Chie", "Zed"],
                               "points": [42600, 31000, 16400, 10000]}, owner)  # fmt: skip
    money.record_payment(session, "Dae", "Ana", Fraction(30), False, owner)  # pt
    assert {name: row["won"] for name, row in money.club_balances(club).items()} == expected
    money.record_payment(session, "Dae", "Ana", Fraction(500), True, owner)
    balances = money.club_balances(club)
    assert balances["Dae"]["open"] == expected["Dae"] + 500
    assert balances["Ana"]["open"] == expected["Ana"] - 500
    assert balances["Eve"]["won"] == expected["Eve"]  # seated in game 3, 外ウマ in game 2


def test_a_spectator_in_other_letters_has_one_balance(club: m.Club, owner: Any) -> None:
    """“zed” watching one night and “ＺＥＤ” another are one person (the core's key for
    names): one balance, the two nights' money, less what they paid under either
    spelling; once Zed plays, the balance is Zed's."""
    season = season_with(club, CLUB_RULES, owner, "Letters")
    four = ["Ana", "Ben", "Chie", "Dae"]
    nights = []
    for soto in ({"zed": "Ana"}, {"ＺＥＤ": "Dae"}):
        night = m.Session.objects.create(season=season)
        services.save_game(night, {"players": four, "points": [41000, 31000, 18000, 10000],
                                   "soto": soto}, owner)  # fmt: skip
        nights.append(night)
    ledgers = [money.session_ledger(night) for night in nights]
    owed = [ledger.owed[name] for ledger, name in zip(ledgers, ("zed", "ＺＥＤ"), strict=True)]
    assert owed[0] > 0 > owed[1] and owed[0] + owed[1] != 0
    balances = money.club_balances(club)
    assert balances["zed"] == {"won": sum(owed), "open": sum(owed)}
    assert "ＺＥＤ" not in balances
    money.record_payment(nights[1], "ＺＥＤ", "Dae", -owed[1], True, owner)
    assert money.club_balances(club)["zed"]["open"] == owed[0]
    played = m.Session.objects.create(season=season)
    services.save_game(played, {"players": ["Zed", "Ben", "Chie", "Dae"],
                                "points": [25000, 25000, 25000, 25000]}, owner)  # fmt: skip
    seat = Fraction(m.Seat.objects.get(game__session=played, player__name="Zed").money)
    balances = money.club_balances(club)
    assert "zed" not in balances
    assert balances["Zed"] == {"won": sum(owed) + seat, "open": owed[0] + seat}


def test_a_spectator_in_other_letters_is_one_person_in_the_nights_ledger(
    club: m.Club, owner: Any
) -> None:
    """A night where “zed” and “ＺＥＤ” watch two games: one person in its ledger, as
    in the core's session and the club's balances; a payment to “zed” still counts
    once the game that wrote “zed” first is gone; once Zed plays that night, all of
    it is under Zed."""
    season = season_with(club, CLUB_RULES, owner, "Letters")
    night = m.Session.objects.create(season=season)
    four = ["Ana", "Ben", "Chie", "Dae"]
    games = [
        services.save_game(night, {"players": four, "points": [41000, 31000, 18000, 10000],
                                   "soto": {name: "Ana"}}, owner)[0]
        for name in ("zed", "ＺＥＤ")
    ]  # fmt: skip
    won = [Fraction(Decimal(next(iter(g.spectators.values()))["money"])) for g in games]
    for form in (money.FEWEST, money.FIRST):
        ledger = money.session_ledger(night, form)
        assert ledger is not None and ledger.owed["zed"] == sum(won)
        assert "ＺＥＤ" not in ledger.people()
    assert money.club_balances(club)["zed"]["open"] == sum(won)
    money.record_payment(night, "Dae", "zed", won[0], True, owner)
    games[0].deleted = games[0].updated
    games[0].save(update_fields=["deleted"])
    for form in (money.FEWEST, money.FIRST):
        ledger = money.session_ledger(night, form)
        assert ledger is not None and ledger.owed == {**ledger.owed, "ＺＥＤ": won[1]}
        assert "zed" not in ledger.people() and ledger.open["ＺＥＤ"] == won[1] - won[0]
        assert ledger.paid == (Transfer("Dae", "ＺＥＤ", won[0]),)
        assert [(p.payer, t.payee) for p, t in ledger.recorded] == [("Dae", "ＺＥＤ")]
        assert not any("zed" in (t.payer, t.payee) for t in ledger.rows)
    # the API's night: the payment under the name its ledger writes
    from seisan.web.api.api import _ledger_out  # noqa: PLC0415

    out = _ledger_out(night)
    assert out is not None and [(p["payer"], p["payee"]) for p in out["paid"]] == [
        ("Dae", "ＺＥＤ")]  # fmt: skip
    assert money.club_balances(club)["ＺＥＤ"]["open"] == won[1] - won[0]
    services.save_game(night, {"players": ["Zed", "Ben", "Chie", "Dae"],
                               "points": [25000, 25000, 25000, 25000]}, owner)  # fmt: skip
    ledger = money.session_ledger(night)
    assert ledger is not None and "ＺＥＤ" not in ledger.people()
    zed = Fraction(m.Seat.objects.get(player__name="Zed").money)
    assert ledger.open["Zed"] == won[1] + zed - won[0]
    assert money.club_balances(club)["Zed"]["open"] == ledger.open["Zed"]


def test_someone_an_edit_took_out_of_the_night_is_one_person_in_its_payments(
    club: m.Club, owner: Any
) -> None:
    """Paid as “zed”, paid back as “ＺＥＤ”, then taken out of the night's only game by
    an edit: one person in the ledger, whose two payments net (they paid themselves
    in the rows before)."""
    season = season_with(club, CLUB_RULES, owner, "Out")
    night = m.Session.objects.create(season=season)
    four = {"players": ["Ana", "Ben", "Chie", "Dae"], "points": [41000, 31000, 18000, 10000]}
    game, _ = services.save_game(night, {**four, "soto": {"zed": "Ana"}}, owner)
    money.record_payment(night, "Dae", "zed", Fraction(2550), True, owner)
    game, _ = services.save_game(night, {**four, "soto": {"ＺＥＤ": "Dae"}}, owner,
                                 game=game, version=game.version)  # fmt: skip
    money.record_payment(night, "ＺＥＤ", "Dae", Fraction(4550), True, owner)
    services.save_game(night, four, owner, game=game, version=game.version)
    for form in (money.FEWEST, money.FIRST):
        ledger = money.session_ledger(night, form)
        assert ledger is not None and "ＺＥＤ" not in ledger.people()
        assert ledger.open["zed"] == 2000  # paid 4550 back for 2550 received: 2000 due back
        assert not any({t.payer, t.payee} <= {"zed", "ＺＥＤ"} for t in ledger.rows)
        assert ("zed", "Dae") not in [(t.payer, t.payee) for t in ledger.rows]
    # the club's balances: their line, with nothing won and 2000 due back
    assert money.club_balances(club)["zed"] == {"won": 0, "open": 2000}
    assert "ＺＥＤ" not in money.club_balances(club)


def test_a_spectators_balance_is_named_as_first_played_and_counts_every_payment(
    club: m.Club, owner: Any
) -> None:
    """Three nights: the spelling of the game played first names the balance (by the
    night's date, then the night, then the game's number: not the order entered), and
    a payment under each spelling counts."""
    season = season_with(club, CLUB_RULES, owner, "Order")
    four = {"players": ["Ana", "Ben", "Chie", "Dae"], "points": [41000, 31000, 18000, 10000]}
    late = m.Session.objects.create(season=season, date=datetime.date(2026, 2, 5))
    early = m.Session.objects.create(season=season, date=datetime.date(2026, 1, 5))
    same_day = m.Session.objects.create(season=season, date=datetime.date(2026, 1, 5))
    services.save_game(late, {**four, "soto": {"zed": "Ana"}}, owner)
    services.save_game(early, four, owner)
    services.save_game(early, {**four, "soto": {"Zed": "Ana"}}, owner)  # game 2
    services.save_game(same_day, {**four, "soto": {"ＺＥＤ": "Ana"}}, owner)  # game 1
    won = sum(Fraction(Decimal(g.spectators[n]["money"]))
              for g in m.Game.objects.all() for n in g.spectators)  # fmt: skip
    assert set(money.club_balances(club)) == {"Ana", "Ben", "Chie", "Dae", "Zed"}
    money.record_payment(late, "zed", "Dae", Fraction(100), True, owner)
    money.record_payment(same_day, "ＺＥＤ", "Dae", Fraction(30), True, owner)
    assert money.club_balances(club)["Zed"] == {"won": won, "open": won + 130}


def test_the_ledger_in_each_form(club: m.Club, owner: Any) -> None:
    session = night(club, owner)
    result = services.session_result(session)
    assert result is not None
    fees = result.fee_transfers()
    assert fees and all(t.payee == HOUSE for t in fees)
    fewest = money.session_ledger(session, money.FEWEST)
    first = money.session_ledger(session, money.FIRST)
    assert fewest is not None and first is not None
    assert (fewest.form, first.form) == (money.FEWEST, money.FIRST)
    assert fewest.due == (*result.transfers(True), *fees)
    assert first.due == (*result.jansou(True), *fees)
    assert first.due != fewest.due
    assert first.rows == tuple(money.pairwise(first.due, ()))
    assert fewest.owed == first.owed  # the same balances either way
    assert fewest.people()[-1] == HOUSE
    # payments in the order they were paid (not as recorded)
    late = money.record_payment(session, "Dae", "Ana", Fraction(100), True, owner)
    early = money.record_payment(session, "Chie", "Ben", Fraction(50), True, owner)
    m.Payment.objects.filter(pk=early.pk).update(paid=late.paid - datetime.timedelta(1))
    ledger = money.session_ledger(session)
    assert ledger is not None
    assert [p.pk for p in ledger.payments] == [early.pk, late.pk]
    assert ledger.open["Dae"] == ledger.owed["Dae"] + 100


def test_a_night_in_pt_has_no_house(club: m.Club, owner: Any) -> None:
    season = season_with(club, 'extends = "mleague"\n[side]\nchip_value = 2\n', owner)
    session, _count = files.import_session(season, FRIDAY.replace('rules = "club.toml"', ""),
                                           "friday.toml", owner)  # fmt: skip
    ledger = money.session_ledger(session)
    assert ledger is not None and not ledger.in_money
    assert HOUSE not in ledger.people() and not any(t.payee == HOUSE for t in ledger.due)
    assert ledger.people() == sorted(ledger.people())


def paid(payer: str, payee: str, amount: int) -> Transfer:
    return Transfer(payer, payee, Fraction(amount))


@pytest.mark.parametrize(("due", "payments", "left"), [
    ([("Ben", "Ana", 300)], [], [("Ben", "Ana", 300)]),
    ([("Ben", "Ana", 300)], [("Ben", "Ana", 300)], []),  # paid in full: nothing left
    ([("Ben", "Ana", 300)], [("Ben", "Ana", 299)], [("Ben", "Ana", 1)]),  # one unit left
    ([("Ben", "Ana", 300)], [("Ben", "Ana", 301)], [("Ana", "Ben", 1)]),  # overpaid: back
    ([("Ben", "Ana", 300), ("Ana", "Ben", 100)], [], [("Ben", "Ana", 200)]),  # netted
    ([("Ben", "Ana", 300), ("Ben", "Ana", 100)], [], [("Ben", "Ana", 400)]),  # added up
    ([("Ana", "Ben", 100), ("Ben", "Ana", 300), ("Chie", "Dae", 50)], [("Chie", "Dae", 20)],
     [("Ben", "Ana", 200), ("Chie", "Dae", 30)]),  # the pair seen twice, then the next
    ([("Ben", "Ana", 300)], [("Chie", "Ana", 40)], [("Ben", "Ana", 300), ("Ana", "Chie", 40)]),
    ([("Ben", "Ana", Fraction(1, 2))], [], [("Ben", "Ana", Fraction(1, 2))]),
])  # fmt: skip
def test_what_is_left_pair_by_pair(due: list[tuple[str, str, Any]],
                                   payments: list[tuple[str, str, int]],
                                   left: list[tuple[str, str, Any]]) -> None:  # fmt: skip
    transfers = [Transfer(a, b, Fraction(x)) for a, b, x in due]
    assert money.pairwise(transfers, [paid(*p) for p in payments]) == [
        Transfer(a, b, Fraction(x)) for a, b, x in left
    ]


def test_a_payment_is_kept_with_who_recorded_it(club: m.Club, owner: Any) -> None:
    session = night(club, owner)
    payment = money.record_payment(session, "Dae", "Ana", Fraction(3, 2), False, owner, "k1")
    assert (payment.payer, payment.payee, payment.amount, payment.marked_by) == (
        "Dae", "Ana", Fraction(3, 2), owner)  # fmt: skip
    again = money.record_payment(session, "Dae", "Ana", Fraction(3, 2), False, owner, "k1")
    assert again.pk == payment.pk and session.payments.count() == 1
    action = club.actions.filter(kind="payment.recorded").get()
    assert history.said(action, Lang.EN) == "recorded that Dae paid Ana 1.5 pt"
    assert action.link == ["clubs:session", [session.pk]] and action.who == owner
    anonymous = money.record_payment(session, "Ben", "Ana", Fraction(500), True, None)
    assert anonymous.marked_by is None
    signed_out = money.record_payment(session, "Ben", "Ana", Fraction(1), True, AnonymousUser())
    assert signed_out.marked_by is None
    club.actions.filter(kind="payment.recorded").latest("pk").delete()
    signed_out.delete()
    said = history.said(club.actions.filter(kind="payment.recorded").latest("pk"), Lang.EN)
    assert said == "recorded that Ben paid Ana 500"
    other = make_user("other@example.com")
    assert money.record_payment(session, "Ben", "Ana", 1, True, other).marked_by == other


def test_a_payment_to_the_house_is_said_in_the_readers_words(club: m.Club, owner: Any) -> None:
    """helper-95: the history said “Chieがhouseに1600を支払った” (the ledgers' key); the
    house is 店 and 가게 there, as the ledger writes it, for the payments kept before too."""
    session = night(club, owner)
    money.record_payment(session, "Chie", "house", Fraction(1600), True, owner)
    action = club.actions.filter(kind="payment.recorded").get()
    assert action.fields["payee"] == "house"  # (kept as the key)
    assert history.said(action, Lang.EN) == "recorded that Chie paid House 1600"
    assert "店" in history.said(action, Lang.JA) and "house" not in history.said(action, Lang.JA)
    assert "가게" in history.said(action, Lang.KO) and "house" not in history.said(action, Lang.KO)
