"""Who pays whom: one game's full account (score, side bets, spectators, money)
and the two ways to settle balances.

- :func:`with_first`: the jansou convention of seed 001, everyone settles with
  first place.
- :func:`fewest_transfers`: the fewest transfers that settle every balance
  (exact for up to 12 participants with a balance, at most n − 1 always).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

from seisan.pt import pt_value
from seisan.rules import FeePayer, Rules, Stakes
from seisan.settlement import Settlement, settle
from seisan.sidebets import (
    Bets,
    Kind,
    SideResult,
    Spectator,
    Transfer,
    score_transfers,
    side_bets,
    soto,
)

_ZERO = Fraction(0)
HOUSE = "house"
"""The participant who receives game fees (場代) in money ledgers."""

_EXACT_LIMIT = 12  # participants with a balance up to which the minimum is searched exactly


def balances(transfers: Iterable[Transfer]) -> dict[str, Fraction]:
    """Each participant's net gain (negative: owes) over ``transfers``."""
    net: dict[str, Fraction] = {}
    for t in transfers:
        net[t.payee] = net.get(t.payee, _ZERO) + t.amount
        net[t.payer] = net.get(t.payer, _ZERO) - t.amount
    return net


def with_first(net: Mapping[str, Fraction], first: str) -> list[Transfer]:
    """Everyone settles their balance with ``first`` (001: 「マイナスの者はトップ者に
    支払い、プラスの者はトップ者に請求する」)."""
    out = []
    for name, amount in net.items():
        if name == first or not amount:
            continue
        if amount > 0:
            out.append(Transfer(first, name, amount))
        else:
            out.append(Transfer(name, first, -amount))
    return out


def fewest_transfers(net: Mapping[str, Fraction]) -> list[Transfer]:
    """The fewest transfers that settle every balance in ``net`` (which sums to 0).

    The minimum is n − (the most groups the balances split into that each sum to
    zero); it is found exactly for up to 12 participants with a balance, and by
    matching the largest debtor with the largest creditor beyond that. Either
    way there are at most n − 1 transfers.
    """
    if sum(net.values(), _ZERO) != 0:
        raise ValueError("balances do not sum to zero")
    people = sorted((name for name, amount in net.items() if amount), key=str)
    groups = _zero_sum_groups(people, net) if len(people) <= _EXACT_LIMIT else [people]
    out: list[Transfer] = []
    for group in groups:
        out += _greedy({name: net[name] for name in group})
    return out


def _zero_sum_groups(people: Sequence[str], net: Mapping[str, Fraction]) -> list[list[str]]:
    """Split ``people`` into the most groups whose balances each sum to zero."""
    n = len(people)
    if not n:
        return []
    size = 1 << n
    total = [_ZERO] * size
    for mask in range(1, size):
        low = (mask & -mask).bit_length() - 1
        total[mask] = total[mask & (mask - 1)] + net[people[low]]
    best = [0] * size
    for mask in range(1, size):
        best[mask] = max(best[mask & ~(1 << i)] for i in range(n) if mask >> i & 1) + (
            1 if total[mask] == 0 else 0
        )
    # walk back: peel people off one at a time, closing a group at each zero-sum mask
    groups: list[list[str]] = []
    current: list[str] = []
    mask = size - 1
    while mask:
        bonus = 1 if total[mask] == 0 else 0
        if bonus and current:
            groups.append(current)
            current = []
        for i in range(n):
            if mask >> i & 1 and best[mask & ~(1 << i)] + bonus == best[mask]:
                current.append(people[i])
                mask &= ~(1 << i)
                break
    groups.append(current)
    return [g for g in groups if g]


def _greedy(net: Mapping[str, Fraction]) -> list[Transfer]:
    """Largest debtor pays largest creditor until all settle (k − 1 at most)."""
    owed = {name: amount for name, amount in net.items() if amount}
    out = []
    while owed:
        debtor = min(owed, key=lambda name: (owed[name], name))
        creditor = max(owed, key=lambda name: (owed[name], name))
        amount = min(-owed[debtor], owed[creditor])
        out.append(Transfer(debtor, creditor, amount))
        for name, change in ((debtor, amount), (creditor, -amount)):
            owed[name] += change
            if not owed[name]:
                del owed[name]
    return out


def money(net: Mapping[str, Fraction], first: str, stakes: Stakes) -> dict[str, Fraction]:
    """Balances in pt as money: rounded to the unit for everyone but ``first``,
    who takes minus the sum of the others, so money also sums to zero."""
    if stakes.rate is None:
        raise ValueError("no rate")
    out: dict[str, Fraction] = {}
    for name, amount in net.items():
        if name != first:
            units = stakes.rounding.apply(amount * stakes.rate / stakes.unit)
            out[name] = units * stakes.unit
    out[first] = -sum(out.values(), _ZERO)
    return out


def fees(players: Sequence[str], first: str, stakes: Stakes) -> dict[str, Fraction]:
    """What each player pays the house (場代): every player, or first place alone."""
    if not stakes.fee:
        return {}
    if stakes.fee_payer is FeePayer.FIRST:
        return {first: stakes.fee}
    return dict.fromkeys(players, stakes.fee)


@dataclass(frozen=True)
class GameResult:
    """One game settled in full: scores, side bets, spectators, money, ledgers."""

    settlement: Settlement
    side: SideResult
    spectators: tuple[Spectator, ...] = ()
    soto: tuple[Transfer, ...] = ()
    flows: tuple[Transfer, ...] = field(default=())

    @property
    def rules(self) -> Rules:
        return self.settlement.rules

    @property
    def names(self) -> list[str]:
        return [r.name for r in self.settlement]

    @property
    def first(self) -> str:
        """First place's name (the lowest seat among players tied for first)."""
        return self.settlement.by_place()[0].name

    def kinds(self) -> list[Kind]:
        kinds = list(self.side.kinds)
        if self.spectators and self.soto:
            kinds.append(Kind.SOTO)
        return kinds

    def side_of(self, name: str, kind: Kind) -> Fraction:
        if kind is Kind.SOTO:
            return balances(self.soto).get(name, _ZERO)
        return self.side.net(name, kind)

    def totals(self) -> dict[str, Fraction]:
        """Each participant's net in pt: score plus every side payment."""
        return {name: balances(self.flows).get(name, _ZERO) for name in self.participants()}

    def participants(self) -> list[str]:
        return self.names + [s.name for s in self.spectators]

    def money(self) -> dict[str, Fraction] | None:
        """Money per participant after fees, or None without a rate."""
        stakes = self.rules.stakes
        if stakes.rate is None:
            return None
        amounts = money(self.totals(), self.first, stakes)
        for name, fee in fees(self.names, self.first, stakes).items():
            amounts[name] -= fee
        return amounts

    def house(self) -> Fraction:
        """What the house collects in fees."""
        return sum(fees(self.names, self.first, self.rules.stakes).values(), _ZERO)

    def transfers(self) -> list[Transfer]:
        """The fewest transfers, in pt, that settle the game."""
        return fewest_transfers(self.totals())

    def money_transfers(self) -> list[Transfer] | None:
        """The fewest transfers in money, the house included; None without a rate."""
        amounts = self.money()
        if amounts is None:
            return None
        house = self.house()
        return fewest_transfers({**amounts, HOUSE: house} if house else amounts)

    def jansou(self) -> list[Transfer]:
        """Everyone settles with first place (001), in pt."""
        return with_first(self.totals(), self.first)

    def to_dict(self) -> dict[str, Any]:
        """The JSON of ``seisan settle``: scores, side, totals, money and transfers."""
        data = self.settlement.to_dict()
        totals = self.totals()
        amounts = self.money()
        seats = {name: seat for seat, name in enumerate(self.names)}
        for entry in data["results"]:
            name = entry["name"]
            kinds = self.kinds()
            if kinds:
                entry["side"] = {k.value: pt_value(self.side_of(name, k)) for k in kinds}
            entry["total"] = pt_value(totals[name])
            if amounts is not None:
                entry["money"] = pt_value(amounts[name])
        if self.spectators:
            data["spectators"] = [
                {
                    "name": s.name,
                    "backs": s.backs,
                    "total": pt_value(totals[s.name]),
                    **({"money": pt_value(amounts[s.name])} if amounts is not None else {}),
                }
                for s in self.spectators
            ]
        flows = [
            {"kind": t.kind, **_transfer_dict(t, seats)} for t in self.flows if t.kind != "score"
        ]
        if flows:
            data["flows"] = flows
        data["transfers"] = [_transfer_dict(t, seats) for t in self.transfers()]
        data["jansou"] = [_transfer_dict(t, seats) for t in self.jansou()]
        money_transfers = self.money_transfers()
        if money_transfers is not None:
            data["money_transfers"] = [_transfer_dict(t, seats) for t in money_transfers]
            if self.house():
                data["house"] = pt_value(self.house())
        return data


def _transfer_dict(t: Transfer, seats: Mapping[str, int]) -> dict[str, Any]:
    return {
        "from": seats.get(t.payer, t.payer),
        "to": seats.get(t.payee, t.payee),
        "from_name": t.payer,
        "to_name": t.payee,
        "amount": pt_value(t.amount),
    }


def settle_game(
    points: Sequence[int],
    rules: Rules | None = None,
    names: Sequence[str] | None = None,
    bets: Bets | None = None,
) -> GameResult:
    """Settle one game with its side bets and spectators (``bets``); the house's
    standing bets come from ``rules.side`` unless ``bets.side`` replaces them."""
    bets = bets or Bets()
    settlement = settle(points, rules, names)
    side = side_bets(settlement, bets)
    player_flows = [*score_transfers(settlement), *side.transfers]
    pool = bets.side_rules(settlement).soto_pool
    spectator_flows = soto(settlement, bets.spectators, player_flows, pool)
    return GameResult(
        settlement,
        side,
        tuple(bets.spectators),
        tuple(spectator_flows),
        (*player_flows, *spectator_flows),
    )
