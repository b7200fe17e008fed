"""Money that is never collected twice.

A :class:`~seisan.web.clubs.models.Payment` is money that moved: who paid whom how
much, and when. It is never a flag on a computed transfer, so an edit of a game after
people have paid changes only what is *still* owed: each person's balance from the
session's ledger (the core's), less what they have paid, plus what they have received.
The outstanding transfers are computed from those balances, in either form of the
ledger (the fewest transfers, or everyone with each game's first place), and they
always add up, person by person, to the same open balances as the club's totals.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from decimal import Decimal
from fractions import Fraction
from typing import Any

from django.db.models import Sum

from seisan.i18n import Spellings, decimal_text
from seisan.pt import pt_value
from seisan.transfers import HOUSE, Transfer, balances, fewest_transfers
from seisan.web.clubs import history
from seisan.web.clubs import models as m
from seisan.web.clubs.services import rules_of, session_result
from seisan.web.clubs.standings import off_table

_ZERO = Fraction(0)
FIRST = "first"  #: everyone settles each game with its first place (001's jansou way)
FEWEST = "fewest"


def fraction(value: Decimal | Fraction | int) -> Fraction:
    return value if isinstance(value, Fraction) else Fraction(value)


@dataclass(frozen=True)
class SessionLedger:
    """A session's money: what its ledger asks, what was paid, what is still open."""

    in_money: bool
    form: str
    due: tuple[Transfer, ...]  #: the ledger before any payment
    payments: tuple[m.Payment, ...]
    #: the payments as the ledger names people (a payment to “zed” is to “ＺＥＤ” where
    #: the ledger writes them so, after the game that wrote “zed” first was deleted)
    paid: tuple[Transfer, ...]
    owed: dict[str, Fraction]  #: each person's net before payments (+: receives)
    open: dict[str, Fraction]  #: after payments
    rows: tuple[Transfer, ...]  #: what is still to be paid, in the chosen form

    @property
    def recorded(self) -> list[tuple[m.Payment, Transfer]]:
        """Each payment, with who paid whom as the ledger names them now."""
        return list(zip(self.payments, self.paid, strict=True))

    def people(self) -> list[str]:
        """Everyone in the ledger or its payments (someone who paid before an edit took
        them out of the games is still owed their money back), the house last."""
        everyone = {n for t in self.due for n in (t.payer, t.payee)}
        everyone |= {n for p in self.paid for n in (p.payer, p.payee)}
        names = sorted(everyone - {HOUSE}, key=str)
        return [*names, *([HOUSE] if HOUSE in everyone else [])]


def paid_balances(payments: Iterable[m.Payment]) -> dict[str, Fraction]:
    """What payments moved: + for who received, - for who paid."""
    return balances(Transfer(p.payer, p.payee, fraction(p.amount)) for p in payments)


def session_ledger(session: m.Session, form: str = FEWEST) -> SessionLedger | None:
    """The session's ledger in ``form``, with its payments taken into account."""
    result = session_result(session)
    if result is None:  # no game (the last deleted): what was paid is still to give back
        if not session.payments.exists():
            return None
        in_money = rules_of(session.season.rules).stakes.rate is not None
        due: tuple[Transfer, ...] = ()
    else:
        in_money = result.stakes.rate is not None
        fees = result.fee_transfers() if in_money else []
        chosen = result.jansou(in_money) if form == FIRST else result.transfers(in_money)
        due = tuple([*chosen, *fees])
    owed = balances(due)
    payments = tuple(session.payments.filter(in_money=in_money).order_by("paid", "pk"))
    # as the ledger names them, else as first paid (someone an edit took out of the
    # night is one person still: their payments net)
    spelled = Spellings(owed)
    paid = tuple(Transfer(spelled(p.payer), spelled(p.payee), fraction(p.amount)) for p in payments)
    moved = balances(paid)
    people = dict.fromkeys([*owed, *moved])
    open_ = {name: owed.get(name, _ZERO) - moved.get(name, _ZERO) for name in people}
    if not any(open_.values()):  # square: payments in the other form leave no pair's
        rows: list[Transfer] = []  # debts that only cancel out (helper-95)
    elif form == FIRST:
        rows = pairwise(due, paid)
    else:  # the rows as first offered, each payment off its own pair, so that a row of a
        # page loaded before another's payment is still the row (a second phone); the
        # fewest anew where payments went otherwise and that takes fewer transfers
        kept = pairwise(fewest_transfers(owed), paid)
        fresh = fewest_transfers(open_)
        rows = kept if len(kept) <= len(fresh) else fresh
    return SessionLedger(in_money, form, due, payments, paid, owed, open_, tuple(rows))


def still_open(ledger: SessionLedger, payer: str, payee: str) -> Fraction:
    """The most ``payer`` may pay ``payee`` now: their row of the ledger as it stands
    (all or part of it), or what one still owes and the other is still owed (money given
    back after an edit, a payment between others of the night). A page loaded before a
    payment (a second tab, a second phone) offers a row that is paid: nothing is open of
    it, and money is never collected twice."""
    row = sum((t.amount for t in ledger.rows if (t.payer, t.payee) == (payer, payee)), _ZERO)
    between = min(-ledger.open.get(payer, _ZERO), ledger.open.get(payee, _ZERO))
    return max(row, between, _ZERO)


def pairwise(due: Sequence[Transfer], payments: Iterable[Transfer]) -> list[Transfer]:
    """What is still owed pair by pair: each pair's transfers netted with what one of
    them has paid the other (the ledger's own pairs, so first place still collects)."""
    net: dict[tuple[str, str], Fraction] = {}
    for t in due:
        net[(t.payer, t.payee)] = net.get((t.payer, t.payee), _ZERO) + t.amount
    for p in payments:
        key = (p.payer, p.payee)
        net[key] = net.get(key, _ZERO) - p.amount
    out = []
    done: set[frozenset[str]] = set()
    for (a, b), owed in net.items():
        pair = frozenset((a, b))
        if pair in done:
            continue
        done.add(pair)
        amount = owed - net.get((b, a), _ZERO)
        if amount > 0:
            out.append(Transfer(a, b, amount))
        elif amount < 0:
            out.append(Transfer(b, a, -amount))
    return out


def club_balances(club: m.Club) -> dict[str, dict[str, Fraction]]:
    """Each person's money over every session of the club (seated and as a
    spectator), and what is still open of it after every payment (three queries,
    however many games)."""
    games = m.Game.objects.filter(session__season__club=club, deleted__isnull=True)
    # a plain join: an IN over the games' subquery let PostgreSQL pick nested loops that
    # took minutes on a club of 1000 games
    seats = m.Seat.objects.filter(
        game__session__season__club=club, game__deleted__isnull=True, money__isnull=False
    )
    sums = seats.values_list("player__name").annotate(total=Sum("money"))  # a row a name
    won = {name: fraction(total) for name, total in sums}
    # spectators by the core's key for names, under a player's name where they played
    # (“zed” watching one night and “Zed” another are one person, whose nights' ledgers
    # each wrote the name as written there)
    # (as first written: in the order played)
    watching = games.exclude(spectators={}).order_by("session__date", "session_id", "number")
    _pt, watched = off_table(watching.values_list("spectators", flat=True), won)
    for name, amount in watched.items():
        won[name] = won.get(name, _ZERO) + amount
    # payments under any spelling; someone with payments and no money left in the games
    # (an edit took them out) still has what is open, as first paid
    payments = m.Payment.objects.filter(session__season__club=club, in_money=True)
    spelled = Spellings(won)
    moved: dict[str, Fraction] = {}
    for name, amount in paid_balances(payments.order_by("paid", "pk")).items():
        if name != HOUSE:  # the house's own (fees, sticks): no one's balance
            who = spelled(name)
            moved[who] = moved.get(who, _ZERO) + amount
    return {
        name: {"won": won.get(name, _ZERO), "open": won.get(name, _ZERO) - moved.get(name, _ZERO)}
        for name in dict.fromkeys([*won, *moved])
    }


def record_payment(
    session: m.Session,
    payer: str,
    payee: str,
    amount: Fraction,
    in_money: bool,
    user: Any,
    key: str | None = None,
) -> m.Payment:
    """Money moved: kept with who recorded it, in the club's history. A form sent twice
    (the same ``key``) records it once."""
    if key:
        existing = m.Payment.objects.filter(key=key).first()
        if existing is not None:
            return existing
    payment = m.Payment.objects.create(
        session=session, payer=payer, payee=payee,
        amount=Decimal(str(pt_value(amount))), in_money=in_money, key=key,
        marked_by=user if getattr(user, "is_authenticated", False) else None,
    )  # fmt: skip
    history.record(
        session.season.club, user, "payment.recorded", payer=payer, payee=payee,
        amount=amount_words(amount, in_money), link=["clubs:session", [session.pk]],
    )  # fmt: skip
    return payment


def amount_words(amount: Fraction, in_money: bool) -> str:
    """An amount for the history (no sign; pt marked)."""
    return decimal_text(amount) if in_money else f"{decimal_text(amount)} pt"
