"""One game's full account, and the money of games and sessions.

:func:`settle_game` settles the score, every side bet and the spectators of one
game; :class:`Accounts` (shared by a game and a session) turns balances into
money and says who pays whom, in pt or in money, the fewest transfers or the
jansou way (everyone settles with first place, seed 001).

Money: each person's pt × rate is rounded to the unit for everyone but one
person per group of people who paid each other (first place for the table,
the spectators' pool's best for a pool), who takes minus the rest of the
group, so money sums to zero and no one absorbs rounding from bets they were
not in. Fees (場代) are paid to the house apart from that.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from functools import cached_property
from math import lcm
from typing import Any

from seisan.pt import (
    JSONText,
    from_quanta,
    json_string,
    pt_json,
    pt_value,
    quanta_json,
    quanta_value,
    split_even,
)
from seisan.rules import FeePayer, Rules, Stakes
from seisan.settlement import Penalty, Settlement, Substitute, settle
from seisan.sidebets import (
    NO_BETS,
    Bets,
    Kind,
    SideResult,
    Spectator,
    Table,
    exact_transfers,
    score_transfers,
    side_bets,
    soto,
)
from seisan.transfers import (
    HOUSE,
    Transfer,
    balance_units,
    fewest_transfers,
    transfer_units,
    with_first,
)

_ZERO = Fraction(0)


def rounded_money(
    net: Mapping[str, int],
    common: int,
    absorbers: Mapping[str, tuple[str, ...]],
    stakes: Stakes,
) -> dict[str, int]:
    """Balances in whole units of 1/``common`` pt as money before fees, in whole units
    of money (``stakes.unit``). ``absorbers`` maps each person to those who take their
    group's rounding residue: first place, or the players tied for first, who share it
    in whole units (the leftover units in their order). Integers only, as a session adds
    up thousands of games."""
    if stakes.rate is None:
        raise ValueError("no rate")
    # amount × rate ÷ unit = (n × rn) / (common × rd), integers only
    per_unit = stakes.per_unit
    rn, rd = per_unit.numerator, per_unit.denominator * common
    divide = stakes.rounding.divide
    units: dict[str, int] = {}
    owed: dict[tuple[str, ...], int] = {}  # each group's absorbers take minus the rest's sum
    for name, count in net.items():
        group = absorbers[name]
        if name not in group:
            units[name] = rounded = divide(count * rn, rd)
            owed[group] = owed.get(group, 0) - rounded
    for group in dict.fromkeys(absorbers.values()):
        total = owed.get(group, 0)
        if len(group) == 1:  # (most games: one first place takes it all)
            units[group[0]] = total
            continue
        base = {name: (net[name] * rn) // rd for name in group}
        left = total - sum(base.values())
        for name, extra in zip(group, split_even(left, len(group)), strict=True):
            units[name] = base[name] + extra
    return units


def groups(
    people: Sequence[str], transfers: Sequence[Transfer], leaders: Sequence[Sequence[str]]
) -> dict[str, tuple[str, ...]]:
    """Who absorbs whose rounding: people joined by transfers form a group, and its
    absorbers are those of the first of ``leaders`` (a set of people each: the
    players tied for first, then everyone singly) found in it."""
    parent = {name: name for name in people}

    def root(name: str) -> str:
        while parent[name] != name:
            parent[name] = parent[parent[name]]
            name = parent[name]
        return name

    for t in transfers:
        a, b = root(t.payer), root(t.payee)
        if a != b:
            parent[b] = a
    absorber: dict[str, tuple[str, ...]] = {}
    for leader in [*leaders, *([name] for name in people)]:
        for name in leader:
            found = tuple(n for n in leader if root(n) == root(name))
            absorber.setdefault(root(name), found)
    return {name: absorber[root(name)] for name in people}


class Accounts(ABC):
    """Balances of people in pt, and what follows from them: money and ledgers."""

    @property
    @abstractmethod
    def stakes(self) -> Stakes: ...

    @abstractmethod
    def totals(self) -> dict[str, Fraction]:
        """Each person's net in pt."""

    @abstractmethod
    def money_before_fees(self) -> dict[str, Fraction] | None:
        """Each person's money before fees (sums to zero), or None without a rate."""

    @abstractmethod
    def fees(self) -> dict[str, Fraction]:
        """What each person pays the house."""

    @abstractmethod
    def jansou(self, in_money: bool = False) -> list[Transfer]:
        """Everyone settles with first place (001), in pt or in money."""

    @abstractmethod
    def lost(self) -> Fraction:
        """pt in nobody's score (riichi sticks lost at the end, penalties): the house's."""

    @abstractmethod
    def lost_money(self) -> Fraction:
        """The money of what is lost, which the house keeps (0 without a rate)."""

    def ledger_balances(self, in_money: bool = False) -> dict[str, Fraction]:
        """Everyone's balance, and the house's lost sticks: what the ledgers settle."""
        amounts = self.money_before_fees() if in_money else self.totals()
        if amounts is None:
            raise ValueError("no rate")
        lost = self.lost_money() if in_money else self.lost()
        return {**amounts, HOUSE: lost} if lost else dict(amounts)

    def money(self) -> dict[str, Fraction] | None:
        """Each person's money after fees, or None without a rate."""
        amounts = self.money_before_fees()
        if amounts is None:
            return None
        fees = self.fees()
        if not fees:
            return dict(amounts)
        return {name: amount - fees.get(name, _ZERO) for name, amount in amounts.items()}

    def house(self) -> Fraction:
        """What the house collects: the fees, and the money of lost riichi sticks."""
        return sum(self.fees().values(), _ZERO) + self.lost_money()

    def fee_transfers(self) -> list[Transfer]:
        """Each fee, paid by its payer to the house."""
        return [Transfer(name, HOUSE, fee) for name, fee in self.fees().items() if fee]

    def transfers(self, in_money: bool = False) -> list[Transfer]:
        """The fewest transfers that settle everyone, in pt or in money (before fees);
        the spectators' pool among themselves, as in every ledger (a bet between two
        spectators had come out as a player paying one of them, helper-56)."""
        table, pool = self._pool_apart(self.ledger_balances(in_money))
        return [*fewest_transfers(table), *fewest_transfers(pool)]

    def _pool_apart(
        self, balances_: dict[str, Fraction]
    ) -> tuple[dict[str, Fraction], dict[str, Fraction]]:
        """The balances of the table (and the spectators who mirror a player), and of the
        spectators' pool: its bets join its spectators alone, so its balances sum to
        zero apart (and its money too: its best absorbs the rounding)."""
        pool = {name: balances_.pop(name) for name in self.pooled() if name in balances_}
        return balances_, pool

    def pooled(self) -> frozenset[str]:
        """The spectators in a pool, who settle among themselves (none: a night's
        ledger, where one may be in a pool at one game and back a player at another)."""
        return frozenset()


def fees_for(players: Sequence[str], firsts: Sequence[str], stakes: Stakes) -> dict[str, Fraction]:
    """The game fee (場代): every player pays it, or first place alone (players tied
    for first share it in whole units of money, the leftover units in seat order)."""
    if not stakes.fee or stakes.rate is None:
        return {}
    if stakes.fee_payer is FeePayer.FIRST:
        shares = split_even(int(stakes.fee / stakes.unit), len(firsts))
        return {name: share * stakes.unit for name, share in zip(firsts, shares, strict=True)}
    return dict.fromkeys(players, stakes.fee)


@dataclass(frozen=True, eq=False)
class GameResult(Accounts):
    """One game settled in full: scores, side bets, spectators, money, ledgers."""

    settlement: Settlement
    side: SideResult
    spectators: tuple[Spectator, ...] = ()
    soto: tuple[Transfer, ...] = ()

    @cached_property
    def flows(self) -> tuple[Transfer, ...]:
        """Every payment of the game: the scores settled with first place, the side
        bets, then the spectators'. Made when asked: a session's totals, money and
        ledgers come from the scores' and side bets' units without them."""
        return (*score_transfers(self.settlement), *self.side.transfers, *self.soto)

    def pooled(self) -> frozenset[str]:
        return frozenset(s.name for s in self.spectators if s.pool)

    @property
    def rules(self) -> Rules:
        return self.settlement.rules

    @property
    def stakes(self) -> Stakes:
        return self.rules.stakes

    @property
    def names(self) -> list[str]:
        return list(self.settlement.names)

    @cached_property
    def firsts(self) -> list[str]:
        """First place's name, or the names of the players tied for first (seat order)."""
        return [self.settlement.names[seat] for seat in self.settlement.first_group()]

    @property
    def quantum(self) -> Fraction:
        """The smallest step of a score in pt (0.1, or 0.001 under the exact system)."""
        return from_quanta(self.rules.unit, 1000)

    def participants(self) -> list[str]:
        return [*self.settlement.names, *(s.name for s in self.spectators)]

    def kinds(self) -> list[Kind]:
        """The side kinds in play, 外ウマ last when spectators bet."""
        return [*self.side.kinds, *([Kind.SOTO] if self.spectators else [])]

    @cached_property
    def _side_units(self) -> dict[str, tuple[dict[str, int], int]]:
        """Each kind's balances in whole units of 1/``common`` pt, and ``common``."""
        by_kind: dict[str, list[Transfer]] = {kind: [] for kind in self.kinds()}
        for t in self.side.transfers:  # a kind is a StrEnum: its text finds it
            by_kind.setdefault(t.kind, []).append(t)
        if self.soto:
            by_kind[Kind.SOTO] = list(self.soto)
        return {kind: balance_units(transfers) for kind, transfers in by_kind.items()}

    @cached_property
    def _side(self) -> dict[str, dict[str, Fraction]]:
        return {
            kind: {name: from_quanta(count, common) for name, count in units.items()}
            for kind, (units, common) in self._side_units.items()
        }

    def side_of(self, name: str, kind: Kind) -> Fraction:
        """What ``name`` gains (negative: pays) in one kind of side bet."""
        return self._side.get(kind, {}).get(name, _ZERO)

    @cached_property
    def _units(self) -> tuple[dict[str, int], int]:
        """Everyone's total in whole units of 1/``common`` pt, and ``common``: each
        player's score (what the scores' flows net to), plus each kind of side bet."""
        settlement = self.settlement
        per_pt = settlement.per_pt
        sides = list(self._side_units.values())
        common = lcm(per_pt, *(given for _net, given in sides))
        scale = common // per_pt
        units = {
            name: sum(parts) * scale
            for name, parts in zip(settlement.names, settlement.quanta, strict=True)
        }
        for spectator in self.spectators:
            units[spectator.name] = 0
        for net, given in sides:
            scale = common // given
            for name, count in net.items():
                units[name] += count * scale
        return units, common

    def total_units(self) -> tuple[dict[str, int], int]:
        """:meth:`totals` in whole units of 1/``common`` pt, and ``common``: what a
        session adds up over thousands of games in integers."""
        units, common = self._units
        return dict(units), common

    @cached_property
    def _totals(self) -> dict[str, Fraction]:
        units, common = self._units
        return {name: from_quanta(count, common) for name, count in units.items()}

    def totals(self) -> dict[str, Fraction]:
        return dict(self._totals)

    def lost(self) -> Fraction:
        return self.settlement.unpaid

    @cached_property
    def _house_units(self) -> tuple[dict[str, int], int]:
        """:meth:`total_units` with the house's lost sticks (if any) last, and their
        ``common``: what the game's money and its ledgers with first place start from.
        (The lost sticks are whole quanta of the settlement's ``per_pt``, which
        divides ``common``.)"""
        units, common = self._units
        lost = self.lost()
        if not lost:
            return units, common
        return {**units, HOUSE: lost.numerator * (common // lost.denominator)}, common

    @cached_property
    def _money_units(self) -> dict[str, int] | None:
        """Everyone's money and the house's lost sticks in whole units of money, rounded;
        first place absorbs. Worked out in integers from the totals' units."""
        if self.stakes.rate is None:
            return None
        net, common = self._house_units
        if not any(s.pool for s in self.spectators):
            # everyone is tied to first place by the scores (spectators by mirroring)
            absorbers = dict.fromkeys(net, tuple(self.firsts))
        else:
            people = list(net)
            best_first = sorted(net, key=lambda name: -net[name])  # stable
            absorbers = groups(people, self.flows, [self.firsts, *([n] for n in best_first)])
        return rounded_money(net, common, absorbers, self.stakes)

    @cached_property
    def _money(self) -> dict[str, Fraction] | None:
        """Everyone's money and the house's lost sticks, rounded; first place absorbs."""
        units = self._money_units
        if units is None:
            return None
        top, bottom = self.stakes.unit.numerator, self.stakes.unit.denominator
        return {name: from_quanta(count * top, bottom) for name, count in units.items()}

    def money_units(self) -> tuple[dict[str, int], Fraction] | None:
        """:meth:`money_before_fees` in whole units of money, and the unit (None without
        a rate): what a session adds up over thousands of games in integers."""
        units = self._money_units
        if units is None:
            return None
        return {name: count for name, count in units.items() if name != HOUSE}, self.stakes.unit

    def money_before_fees(self) -> dict[str, Fraction] | None:
        if self._money is None:
            return None
        return {name: amount for name, amount in self._money.items() if name != HOUSE}

    def lost_money(self) -> Fraction:
        units = self._money_units  # (a session asks every game: no Fraction made for the rest)
        if units is None or not units.get(HOUSE):
            return _ZERO
        count = units[HOUSE]
        unit = self.stakes.unit
        return from_quanta(count * unit.numerator, unit.denominator)

    @cached_property
    def _fees(self) -> dict[str, Fraction]:
        if not self.stakes.fee:  # (first place worked out only for a fee to pay)
            return {}
        return fees_for(self.names, self.firsts, self.stakes)

    def fees(self) -> dict[str, Fraction]:
        return dict(self._fees)

    def jansou(self, in_money: bool = False) -> list[Transfer]:
        """Everyone at the table (and each spectator who mirrors a player) settles with
        first place; spectators in the pool bet among themselves, so they settle among
        themselves: first place is not a go-between for a bet that is not theirs."""
        quantum = self.stakes.unit if in_money else self.quantum
        table, pool = self._pool_apart(self.ledger_balances(in_money))
        return [*with_first(table, self.firsts, quantum=quantum), *fewest_transfers(pool)]

    def jansou_units(self, in_money: bool = False) -> tuple[list[tuple[str, str, int]], int]:
        """:meth:`jansou` as (payer, payee, units) in whole units of 1/``common`` pt (or
        money), and ``common``: what a session nets over thousands of games in integers.
        With one first place and no spectators (most games) straight from the totals'
        units (or the money's), without a Transfer or a Fraction made."""
        if self.spectators or len(self.firsts) != 1:
            return transfer_units(self.jansou(in_money))
        if in_money:
            counts = self._money_units
            if counts is None:
                raise ValueError("no rate")
            top, common = self.stakes.unit.numerator, self.stakes.unit.denominator
            units = {name: count * top for name, count in counts.items()}
        else:
            units, common = self._house_units
        first = self.firsts[0]
        out = []
        for name, count in units.items():  # with_first's order: the balances'
            if name != first and count:
                out.append((first, name, count) if count > 0 else (name, first, -count))
        return out, common

    def to_dict(self, ledgers: bool = True) -> dict[str, Any]:
        """The JSON of ``seisan settle``: scores, side, totals, money and ledgers (a
        session gives one ledger for all its games: ``ledgers=False`` leaves the game's
        own out, with the side bets' single flows)."""
        data = self.settlement.to_dict(rules=ledgers)
        units, common = self._units
        amounts = self.money()
        fees = self.fees()
        kinds = self.kinds()
        side = self._side
        for entry in data["results"]:
            name = entry["name"]
            if kinds:
                entry["side"] = {k.value: pt_value(side[k].get(name, _ZERO)) for k in kinds}
            entry["total"] = quanta_value(units[name], common)
            if amounts is not None:
                entry["money"] = pt_value(amounts[name])
                if fees:
                    entry["fee"] = pt_value(fees.get(name, _ZERO))
        if self.spectators:
            data["spectators"] = [
                {
                    "name": s.name,
                    "backs": s.backs,
                    "pool": s.pool,
                    "total": quanta_value(units[s.name], common),
                    **({"money": pt_value(amounts[s.name])} if amounts is not None else {}),
                }
                for s in self.spectators
            ]
        if not ledgers:
            return data
        seats = {name: seat for seat, name in enumerate(self.names)}
        flows = [
            {"kind": t.kind, **transfer_dict(t, seats)} for t in self.flows if t.kind != Kind.SCORE
        ]
        if flows:
            data["flows"] = flows
        data["transfers"] = [transfer_dict(t, seats) for t in self.transfers()]
        data["jansou"] = [transfer_dict(t, seats) for t in self.jansou()]
        if amounts is not None:
            data["money_transfers"] = [transfer_dict(t, seats) for t in self.transfers(True)]
            data["money_jansou"] = [transfer_dict(t, seats) for t in self.jansou(True)]
            if self.house():
                data["house"] = pt_value(self.house())
        return data

    def json_row(self, label: str) -> JSONText | None:
        """``{"label": label, **self.to_dict(False)}`` as compact JSON text, byte for byte
        what :func:`seisan.output.write_json` writes of it, made directly for the common
        game (no spectators, penalties, substitute, floating uma or sticks left over);
        None for the rest. The rows of a settled 10,000-game session as dicts and then
        JSON took 0.41 s (of the command's 1.3 s), as text 0.13 s."""
        settlement = self.settlement
        if (
            self.spectators
            or settlement.penalties
            or settlement.substitute is not None
            or settlement.leftover_deposits
            or settlement.rules.fast.floating is not None
        ):
            return None
        per_pt, names, points, places = (
            settlement.per_pt, settlement.names, settlement.points, settlement.places
        )  # fmt: skip
        units, common = self._units
        amounts = self._money_units
        top, bottom = self.stakes.unit.numerator, self.stakes.unit.denominator
        fees = self.fees()
        side = [(json_string(kind.value), *self._side_units[kind]) for kind in self.kinds()]
        rows = []
        for seat, parts in enumerate(settlement.quanta):
            name = names[seat]
            text = (
                f'{{"seat": {seat}, "name": {json_string(name)}, "points": {points[seat]}, '
                f'"place": {places[seat]}, "score": {quanta_json(sum(parts), per_pt)}, '
                f'"parts": {{"points": {quanta_json(parts[0], per_pt)}, '
                f'"rounding": {quanta_json(parts[1], per_pt)}, '
                f'"oka": {quanta_json(parts[2], per_pt)}, "uma": {quanta_json(parts[3], per_pt)}, '
                f'"balance": {quanta_json(parts[4], per_pt)}, '
                f'"penalty": {quanta_json(parts[5], per_pt)}}}'
            )
            if side:
                text += ', "side": {' + ", ".join(
                    f"{kind}: {quanta_json(gains.get(name, 0), per)}" for kind, gains, per in side
                ) + "}"  # fmt: skip
            text += f', "total": {quanta_json(units[name], common)}'
            if amounts is not None:
                if fees:  # money after fees, then the fee
                    fee = fees.get(name, _ZERO)
                    text += (f', "money": {pt_json(from_quanta(amounts[name] * top, bottom) - fee)}'
                             f', "fee": {pt_json(fee)}')  # fmt: skip
                else:
                    text += f', "money": {quanta_json(amounts[name] * top, bottom)}'
            rows.append(text + "}")
        return JSONText(f'{{"label": {json_string(label)}, "results": [{", ".join(rows)}]}}')


def transfer_dict(t: Transfer, seats: Mapping[str, int] | None = None) -> dict[str, Any]:
    """A transfer for JSON: names always; seats (or null) within one game."""
    data: dict[str, Any] = {}
    if seats is not None:
        data |= {"from": seats.get(t.payer), "to": seats.get(t.payee)}
    return data | {"from_name": t.payer, "to_name": t.payee, "amount": pt_value(t.amount)}


def settle_game(
    points: Sequence[int],
    rules: Rules | None = None,
    names: Sequence[str] | None = None,
    bets: Bets | None = None,
    deposits: int = 0,
    penalties: Sequence[Penalty] = (),
    substitute: Substitute | None = None,
) -> GameResult:
    """Settle one game with its side bets and spectators (``bets``); the house's
    standing bets come from ``rules.side`` unless ``bets.side`` replaces them.
    ``penalties`` (chombo, a referee's) and a ``substitute`` as :func:`settle` takes them."""
    settlement = settle(points, rules, names, deposits, penalties, substitute)
    return game_result(settlement, bets)


def game_result(settlement: Settlement, bets: Bets | None = None) -> GameResult:
    """The full account of a game already settled: its side bets and spectators."""
    bets = bets or NO_BETS
    if not bets.spectators:  # (most games: the scores' flows made only when asked, and
        return GameResult(settlement, side_bets(settlement, bets))  # a table for a bet only)
    table = Table(settlement)  # who placed where, worked out once for every bet
    side = side_bets(settlement, bets, table)
    player_flows = [*score_transfers(settlement, table), *side.transfers]
    pool = bets.side_rules(settlement).soto_pool
    mirrored = any(not s.pool for s in bets.spectators)
    exact = exact_transfers(settlement, bets) if mirrored else ()
    spectator_flows = soto(bets.spectators, player_flows, pool, table, exact)
    return GameResult(
        settlement,
        side,
        tuple(bets.spectators),
        tuple(spectator_flows),
    )
