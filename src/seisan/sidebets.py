"""Side bets between players, and spectators' bets (seed 000).

Every bet is a list of :class:`Transfer` values (who pays whom how many pt), so
each kind sums to zero by construction and the ledger can net them.

- 差しウマ (``sashi``): two players agree an amount; the lower finisher pays it.
- 馬身 (``bashin``): 差しウマ times the difference of the two places.
- 総ウマ / 総馬身 (``sou-uma`` / ``sou-bashin``): the same between every pair.
- ビンタ (``binta``): every pair, doubled when the higher has its クビ
  (points at or above the threshold) and the lower has not.
- 沈みウマ (``shizumi``): everyone below a line pays first place.
- チップ (``chips``), 飛び賞 (``tobi``), 焼き鳥 (``yakitori``).
- 外ウマ (``soto``): a spectator mirrors a player's every payment; or a
  spectators' pool settled like 差しウマ on their players' places.

Bets follow places, not seats. Under ``ties = "split"`` tied players are each
other's equals: a bet between them pays nothing, and 馬身 uses the mean of the
places a tied group occupies (the average over the orders the tie could break).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from decimal import Decimal
from enum import StrEnum
from fractions import Fraction
from functools import cached_property
from itertools import combinations
from typing import Any

from seisan.errors import RulesError, SeisanError, as_written
from seisan.i18n import Lang, Message, Term, _, _n, name_key, plain_text, seat_of_wind, term
from seisan.pt import from_quanta
from seisan.rules import WHOLE_NUMBER, SideRules, Ties, whole_points
from seisan.settlement import Settlement
from seisan.transfers import (
    HOUSE,
    Transfer,
    balances,
    house_name,
    is_house,
    split_quanta,
    with_first,
)

_ZERO = Fraction(0)


class BetError(SeisanError):
    """A bet that cannot be settled: names the bet and the problem."""


class Kind(StrEnum):
    """A kind of side payment; its value is the key in JSON ``"side"``."""

    SASHI = "sashi"  #: 差しウマ
    BASHIN = "bashin"  #: 馬身
    SOU_UMA = "sou-uma"  #: 総ウマ
    SOU_BASHIN = "sou-bashin"  #: 総馬身
    BINTA = "binta"  #: ビンタ
    SHIZUMI = "shizumi"  #: 沈みウマ
    CHIPS = "chips"  #: チップ
    TOBI = "tobi"  #: 飛び賞
    YAKITORI = "yakitori"  #: 焼き鳥
    SOTO = "soto"  #: 外ウマ (what players pay spectators who back others)
    SCORE = "score"  #: the score itself, settled with first place (not a side bet)

    def label(self, lang: Lang | str | None = None) -> str:
        return term(f"kind.{self.value}", lang)


@dataclass(frozen=True)
class PairBet:
    """A bet between two seats (差しウマ, 馬身, or one pair's ビンタ amount)."""

    a: int
    b: int
    amount: int


@dataclass(frozen=True)
class Spectator:
    """A spectator (見学者) backing the player in seat ``backs`` (外ウマ): mirroring
    that player's payments, or, with ``pool``, betting only against the other
    spectators of the pool."""

    name: str
    backs: int
    pool: bool = False


@dataclass(frozen=True)
class Bets:
    """One game's own bets and facts, by seat (the rules' [side] gives the rest).

    ``binta`` lists per-pair ビンタ amounts that replace the house amount for that
    pair; 0 opts the pair out. ``winners`` are the seats that won a hand (for
    焼き鳥); ``busted_by`` pairs a busted seat with the seat that busted it.
    """

    sashi: tuple[PairBet, ...] = ()
    bashin: tuple[PairBet, ...] = ()
    binta: tuple[PairBet, ...] = ()
    chips: tuple[int, ...] | None = None
    busted_by: tuple[tuple[int, int], ...] = ()
    winners: tuple[int, ...] | None = None
    spectators: tuple[Spectator, ...] = ()
    side: SideRules | None = None  #: replaces the rules' [side] for this game

    def side_rules(self, settlement: Settlement) -> SideRules:
        return self.side if self.side is not None else settlement.rules.side


NO_BETS = Bets()
"""A game with no bets of its own (most games of a session)."""


@dataclass(frozen=True)
class SideResult:
    """All side payments of one game, as transfers between named participants."""

    transfers: tuple[Transfer, ...]
    kinds: tuple[Kind, ...]  #: the kinds in play, in a fixed order

    def net(self, name: str, kind: Kind | None = None) -> Fraction:
        """What ``name`` gains (negative: pays) in ``kind``, or in all kinds."""
        chosen = (t for t in self.transfers if kind is None or t.kind == kind)
        return balances(chosen).get(name, _ZERO)


def _check_seat(what: Message | Term, seat: int, players: int, field: str | None = None) -> int:
    if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < players:
        raise BetError(
            _("{what}: seat {seat} is not at the table (seats 0 to {last})", what=what, seat=seat,
              last=players - 1), field=field,
        )  # fmt: skip
    return seat


def _check_pair(key: str, bet: PairBet, players: int) -> None:
    what = bet_field(key)
    _check_seat(what, bet.a, players, key)
    _check_seat(what, bet.b, players, key)
    if bet.a == bet.b:
        raise BetError(
            _("{what}: a player cannot bet with themself (seat {seat})", what=what, seat=bet.a),
            field=key,
        )
    _amount(key, bet.amount, allow_zero=key == "binta")


class Table:
    """Places as side bets see them: who is above whom, mean places, first place."""

    def __init__(self, settlement: Settlement) -> None:
        self.s = settlement
        self.names = list(settlement.names)
        self.place = list(settlement.places)
        self.points = list(settlement.points)
        self.first_group = list(settlement.first_group())
        self.quantum = from_quanta(settlement.rules.unit, 1000)
        self.exact = False  #: what a spectator mirrors: nothing left to seat order

    @cached_property
    def mean_place(self) -> list[Fraction]:
        """Each seat's place, the mean of the places a tied group occupies under split
        ties (馬身 pays by it); worked out only for the bets that ask."""
        split = self.s.rules.ties is Ties.SPLIT
        groups: dict[int, int] = {}
        for p in self.place:
            groups[p] = groups.get(p, 0) + 1
        # under split, a group of m players at place p occupies p .. p+m-1
        return [Fraction(2 * p + groups[p] - 1, 2) if split else Fraction(p) for p in self.place]

    def above(self, a: int, b: int) -> int:
        """+1 if seat ``a`` placed above ``b``, -1 if below, 0 if they share a place."""
        if self.place[a] == self.place[b]:
            return 0
        return 1 if self.place[a] < self.place[b] else -1

    def pay(self, kind: str, payer: int, payee: int, pt: Fraction) -> Transfer:
        return Transfer(self.names[payer], self.names[payee], pt, kind)

    def firsts(self) -> list[str]:
        return [self.names[seat] for seat in self.first_group]


def _pair_transfers(
    table: Table, kind: str, pairs: Iterable[tuple[int, int, int]], bashin: bool
) -> list[Transfer]:
    """差しウマ (or 馬身: times the difference of the mean places) pair by pair.

    A 馬身 against a player tied over two places (mean place 2.5) can end in half a
    quantum (0.15 pt). Per opponent, such halves go alternately in and against the
    tied players' favour, the one favoured least so far first (seat order between
    equals): two tied players' halves make the whole (0.8 and 0.7 of 1.5, as the oka
    is split), and across opponents the tied players stay even. A lone half goes in
    the tied player's favour (0.15 pt → 0.1 paid, 0.2 received).
    """
    gains: list[tuple[int, int, Fraction]] = []  # (higher, lower, pt the lower pays)
    halves: dict[int, list[tuple[int, int]]] = {}  # opponent -> (tied seat, index in gains)
    for a, b, amount in pairs:
        order = table.above(a, b)
        if not amount or not order:
            continue
        high, low = (a, b) if order > 0 else (b, a)
        if not bashin:
            gains.append((high, low, from_quanta(amount, 1000)))
            continue
        times = abs(table.mean_place[a] - table.mean_place[b])
        pt = Fraction(amount, 1000) * times
        if (pt / table.quantum).denominator != 1:
            tied = high if table.mean_place[high].denominator == 2 else low
            halves.setdefault(low if tied == high else high, []).append((tied, len(gains)))
        gains.append((high, low, pt))
    half = table.quantum / 2
    favoured: dict[int, int] = {}  # halves in each tied player's favour, less those against
    for _opponent, items in sorted(halves.items()):
        ordered = sorted(items, key=lambda item: (favoured.get(item[0], 0), item[0], item[1]))
        for turn, (tied, index) in enumerate(ordered):
            high, low, pt = gains[index]
            favour = turn % 2 == 0
            favoured[tied] = favoured.get(tied, 0) + (1 if favour else -1)
            gains[index] = (high, low, pt + half if favour == (tied == high) else pt - half)
    return [table.pay(kind, low, high, pt) for high, low, pt in gains if pt]


def _all_pairs(players: int, amount: int) -> list[tuple[int, int, int]]:
    return [(a, b, amount) for a, b in combinations(range(players), 2)]


def _binta(table: Table, side: SideRules, pairs: Sequence[PairBet]) -> list[Transfer]:
    n = len(table.names)
    amounts = {(a, b): side.binta for a, b in combinations(range(n), 2)}
    for bet in pairs:
        amounts[(min(bet.a, bet.b), max(bet.a, bet.b))] = bet.amount
    kubi = table.s.rules.start if side.kubi is None else side.kubi
    has_kubi = [p >= kubi for p in table.points]  # exactly at the threshold keeps the クビ
    out = []
    for (a, b), amount in amounts.items():
        order = table.above(a, b)
        if not amount or not order:
            continue
        high, low = (a, b) if order > 0 else (b, a)
        times = 2 if has_kubi[high] and not has_kubi[low] else 1
        out.append(table.pay(Kind.BINTA, low, high, Fraction(amount * times, 1000)))
    return out


def _to_first_group(table: Table, kind: str, payer: int, pt: Fraction) -> list[Transfer]:
    """``payer`` pays ``pt`` to first place, shared by a tied first group in quanta."""
    group = table.first_group
    return [
        table.pay(kind, payer, seat, share)
        for seat, share in zip(group, split_quanta(pt, len(group), table.quantum), strict=True)
        if share
    ]


def score_transfers(
    settlement: Settlement,
    table: Table | None = None,
    scores: Sequence[Fraction] = (),
    unpaid: Fraction | None = None,
) -> list[Transfer]:
    """The scores as transfers: everyone settles with first place (001's jansou way).
    What is in nobody's score (riichi sticks lost at the end, penalties) first place,
    which collects the others' payments, hands on to the house. ``scores`` replaces
    the settlement's (the exact shares of tied players, for a spectator)."""
    table = table or Table(settlement)
    net = dict(zip(table.names, scores or settlement.scores, strict=True))
    unpaid = settlement.unpaid if unpaid is None else unpaid
    if unpaid:  # negative: a result worth more than the table paid (a fixed substitute)
        net[HOUSE] = unpaid
    return with_first(net, table.firsts(), Kind.SCORE, table.quantum)


_NO_SIDE = SideResult((), ())


def side_bets(
    settlement: Settlement, bets: Bets | None = None, table: Table | None = None
) -> SideResult:
    """Settle every side bet of one game. Errors name the bet; nothing is half-done."""
    bets = bets or NO_BETS
    side = bets.side_rules(settlement)
    if not (
        bets.sashi
        or bets.bashin
        or bets.binta
        or bets.busted_by
        or bets.chips is not None
        or side.sashi
        or side.bashin
        or side.binta_pairs
        or side.sou_uma
        or side.sou_bashin
        or side.binta
        or side.shizumi
        or side.tobi
        or side.yakitori
    ):  # most games of a session: no bet of its own, none standing (its table not made)
        return _NO_SIDE
    table = table or Table(settlement)
    n = len(table.names)
    for key, pairs in (("sashi", bets.sashi), ("bashin", bets.bashin), ("binta", bets.binta)):
        for bet in pairs:
            _check_pair(key, bet, n)
    said = [frozenset((b.a, b.b)) for b in bets.binta]
    for pair in said:
        if said.count(pair) > 1:
            a, b = sorted(pair)
            raise BetError(
                _("binta: {a} and {b} are given two amounts", a=table.names[a], b=table.names[b]),
                field="binta",
            )
    # standing pair bets of the rules, by name, where both players sit at this table
    sashi = (*_standing(table, side.sashi), *bets.sashi)
    bashin = (*_standing(table, side.bashin), *bets.bashin)
    binta = (*_standing(table, side.binta_pairs), *bets.binta)  # this game's amounts win
    out: list[Transfer] = []
    kinds: list[Kind] = []

    def add(kind: Kind, played: bool, transfers: Callable[[], list[Transfer]]) -> None:
        if played:  # a bet not played costs nothing
            kinds.append(kind)
            out.extend(transfers())

    add(
        Kind.SASHI,
        bool(sashi),
        lambda: _pair_transfers(table, Kind.SASHI, [(b.a, b.b, b.amount) for b in sashi], False),
    )
    add(
        Kind.BASHIN,
        bool(bashin),
        lambda: _pair_transfers(table, Kind.BASHIN, [(b.a, b.b, b.amount) for b in bashin], True),
    )
    add(
        Kind.SOU_UMA,
        bool(side.sou_uma),
        lambda: _pair_transfers(table, Kind.SOU_UMA, _all_pairs(n, side.sou_uma), False),
    )
    add(
        Kind.SOU_BASHIN,
        bool(side.sou_bashin),
        lambda: _pair_transfers(table, Kind.SOU_BASHIN, _all_pairs(n, side.sou_bashin), True),
    )
    add(Kind.BINTA, bool(side.binta or binta), lambda: _binta(table, side, binta))
    add(Kind.SHIZUMI, bool(side.shizumi), lambda: _shizumi(table, side))
    add(Kind.CHIPS, bets.chips is not None, lambda: _chips(table, side, bets.chips))
    add(Kind.TOBI, bool(side.tobi or bets.busted_by), lambda: _tobi(table, side, bets.busted_by))
    add(Kind.YAKITORI, bool(side.yakitori), lambda: _yakitori(table, side, bets.winners))
    return SideResult(tuple(out), tuple(kinds))


def _standing(table: Table, pairs: Sequence[tuple[str, str, int]]) -> list[PairBet]:
    if not pairs:  # most rules have none: no names folded for every game
        return []
    seats = {name_key(name): seat for seat, name in enumerate(table.names)}
    return [
        PairBet(seats[name_key(a)], seats[name_key(b)], amount)
        for a, b, amount in pairs
        if name_key(a) in seats and name_key(b) in seats
    ]


def _shizumi(table: Table, side: SideRules) -> list[Transfer]:
    line = table.s.rules.return_points if side.shizumi_line is None else side.shizumi_line
    out: list[Transfer] = []
    for seat, points in enumerate(table.points):
        if points < line and seat not in table.first_group:
            out += _to_first_group(table, Kind.SHIZUMI, seat, Fraction(side.shizumi, 1000))
    return out


MAX_CHIPS = 10**6  #: the most chips a player may hold or owe at the end (far beyond any game)


def _chips(table: Table, side: SideRules, chips: Sequence[int] | None) -> list[Transfer]:
    if chips is None:
        return []
    n = len(table.names)
    if len(chips) != n:
        raise BetError(_n("chips: {count} count given for {players} players",
                          "chips: {count} counts given for {players} players", "count",
                          count=len(chips), players=n), field="chips")  # fmt: skip
    for seat, count in enumerate(chips):
        if isinstance(count, bool) or not isinstance(count, int):
            raise BetError(
                _("chips: seat {seat} has “{count}”, not a whole number of chips", seat=seat,
                  count=as_written(count)), field="chips",
            )  # fmt: skip
        if abs(count) > MAX_CHIPS:
            raise BetError(
                _("chips: seat {seat} has {count}, beyond {most} chips either way", seat=seat,
                  count=count, most=MAX_CHIPS), field="chips",
            )  # fmt: skip
    if sum(chips) != 0:
        raise BetError(
            _("chips: the counts {counts} sum to {total}, not 0",
              counts=list(chips), total=sum(chips)), field="chips",
        )  # fmt: skip
    if chips and any(chips) and not side.chip_value:
        raise BetError(
            _("chips: give the value of a chip in pt (chip_value / --chip-value)"), field="chips"
        )
    return _loser_to_winner(table, Kind.CHIPS, chips, side.chip_value)


def _loser_to_winner(
    table: Table, kind: str, counts: Sequence[int], value: Fraction
) -> list[Transfer]:
    """Each player who lost pays each who won a share of what they lost, in
    proportion to what each won (chips: whoever ends up owing chips owes them to
    the holders of the chips, not to first place): nobody's payments depend on
    who placed first or on anyone's seat.

    The shares go in whole units of the points (0.1 pt) with every player's total
    exact: each share rounded down, and the units still owed laid where the
    remainders are largest (controlled rounding, which always exists); between
    equal remainders, the better placed winner and then payer, by count between
    players who share a place, seat order only between players alike in both.
    """
    losers = [seat for seat, count in enumerate(counts) if count < 0]
    winners = [seat for seat, count in enumerate(counts) if count > 0]
    if not losers:
        return []
    total = sum(counts[w] for w in winners)
    unit = table.s.rules.unit  # a payment's unit in points (100: 0.1 pt)
    per = value.numerator * 1000 // (value.denominator * unit)  # units a chip: whole
    rank = {seat: k for k, seat in enumerate(sorted(
        range(len(counts)), key=lambda s: (table.place[s], -abs(counts[s]), s)))}  # fmt: skip
    cells = sorted(((w, lo) for w in winners for lo in losers),
                   key=lambda c: (rank[c[0]], rank[c[1]]))  # fmt: skip
    share = {}
    remainder = {}
    owed = {seat: abs(counts[seat]) * per for seat in (*losers, *winners)}
    for cell in cells:
        share[cell], remainder[cell] = divmod(-counts[cell[1]] * counts[cell[0]] * per, total)
        owed[cell[0]] -= share[cell]
        owed[cell[1]] -= share[cell]
    left = sum(owed[w] for w in winners)
    if left:  # (none when every share is whole: one holder, one payer, or even counts)

        def fits(chosen: tuple[tuple[int, int], ...]) -> bool:
            taken = [seat for cell in chosen for seat in cell]
            return all(taken.count(seat) == need for seat, need in owed.items())

        # the largest remainders that make every total (the first best, in the cells' order)
        best = max(filter(fits, combinations(cells, left)),
                   key=lambda chosen: sum(remainder[cell] for cell in chosen))  # fmt: skip
        for cell in best:
            share[cell] += 1
    pays = {(loser, winner): from_quanta(share[(winner, loser)] * unit, 1000)
            for winner, loser in cells}  # fmt: skip
    return _paid(table, kind, pays, lambda seat: (table.place[seat], counts[seat]))


def _paid(
    table: Table,
    kind: str,
    pays: Mapping[tuple[int, int], Fraction],
    alike: Callable[[int], object],
) -> list[Transfer]:
    """``pays`` ((payer, payee) → pt) as transfers, none of 0. For a spectator's mirror
    (``table.exact``) each is the mean over the players alike under ``alike``, who
    differ by their seats alone: the backed player's own payments, but with nothing
    a seat decided (issue 16: what E pays B is what A pays B, 000)."""
    if table.exact:
        groups: dict[object, list[int]] = {}
        for seat in range(len(table.names)):
            groups.setdefault(alike(seat), []).append(seat)
        group = {seat: groups[alike(seat)] for seat in range(len(table.names))}
        cells = dict.fromkeys((x, y) for a, b in pays for x in group[a] for y in group[b])
        pays = {(a, b): Fraction(sum(pays[(x, y)] for x in group[a] for y in group[b]),
                                 len(group[a]) * len(group[b])) for a, b in cells}  # fmt: skip
    return [table.pay(kind, a, b, pt) for (a, b), pt in pays.items() if pt]


def _tobi(table: Table, side: SideRules, busted_by: Sequence[tuple[int, int]]) -> list[Transfer]:
    n = len(table.names)
    busted = [s for s, p in enumerate(table.points) if p < 0 or (side.tobi_at_zero and p == 0)]
    by: dict[int, int] = {}
    for loser, winner in busted_by:
        _check_seat(bet_field("tobi"), loser, n, "busted")
        _check_seat(bet_field("tobi"), winner, n, "busted")
        name = table.names[loser]
        if loser in by:
            raise BetError(_("tobi: {name} is said to be busted twice", name=name), field="busted")
        if loser not in busted:
            line = _("at or below zero") if side.tobi_at_zero else _("below zero")
            raise BetError(_("tobi: {name} did not end {line}", name=name, line=line),
                           field="busted")  # fmt: skip
        if loser == winner:
            raise BetError(_("tobi: {name} cannot bust themself", name=name), field="busted")
        by[loser] = winner
    if by and not side.tobi:
        raise BetError(_("tobi: give the bust prize in points (tobi / --tobi)"), field="busted")
    amount = Fraction(side.tobi, 1000)
    out: list[Transfer] = []
    for seat in busted if amount else ():  # (no prize: nothing to pay, the checks done)
        if seat in by:
            out.append(table.pay(Kind.TOBI, seat, by[seat], amount))
        elif seat not in table.first_group:  # to first place, shared by tied firsts
            out += _to_first_group(table, Kind.TOBI, seat, amount)
    return out


def _yakitori(table: Table, side: SideRules, winners: Sequence[int] | None) -> list[Transfer]:
    if not side.yakitori:  # (a game recorded with its winners, settled again under rules
        return []  # without 焼き鳥: they count for nothing; new input refuses them)
    n = len(table.names)
    if winners is None:
        raise BetError(_("yakitori: say which players won a hand (winners)"), field="winners")
    won = sorted({_check_seat(bet_field("yakitori"), w, n, "winners") for w in winners})
    if not won or len(won) == n:
        return []  # nobody won, or everybody did: nothing changes hands
    losers = [seat for seat in range(n) if seat not in won]
    unit = table.s.rules.unit  # a payment's unit in points (100: 0.1 pt; the quantum
    # is finer in a spectator's exact table)
    # each loser pays each winner an equal share, in quanta; a share that does not
    # come out in whole quanta leaves quanta over, which go round the winners from
    # the best placed (seat order only between players who share a place, so where
    # two tied players sit decides nothing for a third), loser after loser: the
    # winners' totals differ by a quantum at the most (losers take turns in the
    # same order)
    won.sort(key=lambda seat: (table.place[seat], seat))
    losers.sort(key=lambda seat: (table.place[seat], seat))
    base, extra = divmod(side.yakitori // unit, len(won))  # 100s of points: whole
    pays = {}
    turn = 0
    for seat in losers:
        for k, winner in enumerate(won):
            units = base + (1 if (k - turn) % len(won) < extra else 0)
            pays[(seat, winner)] = from_quanta(units * unit, 1000)
        turn = (turn + extra) % len(won)
    return _paid(table, Kind.YAKITORI, pays, lambda seat: (table.place[seat], seat in won))


def soto(
    spectators: Sequence[Spectator],
    player_transfers: Sequence[Transfer],
    pool: int,
    table: Table,
    exact: Sequence[Transfer] = (),
) -> list[Transfer]:
    """外ウマ. A mirroring spectator pays or receives, against each other player,
    what the backed player does (scores settled with first place, as 001's
    jansou way, plus every side bet; :func:`exact_transfers` gives them before any
    seat-order leftover). Spectators in the pool settle only among themselves, like
    差しウマ of ``pool`` points on their players' places.
    """
    if not spectators:
        return []
    n = len(table.names)
    seen = {name_key(name) for name in table.names}
    substitute = table.s.substitute
    for spectator in spectators:
        field = "pool" if spectator.pool else "soto"  # (the words below say soto for both)
        _check_seat(_spectators_bet("soto", spectator.name), spectator.backs, n, field)
        name = spectator.name
        if not name.strip() or not plain_text(name) or name != name.strip():
            raise BetError(
                _("soto: spectator name “{name}” must be non-empty printable text", name=name),
                field="soto",
            )
        if name_key(name) in seen:
            raise BetError(_("soto: “{name}” is already a player or a spectator", name=name),
                           field="soto")  # fmt: skip
        if substitute is not None and name_key(name) == name_key(substitute.name):
            raise BetError(_("soto: “{name}” plays a seat of this game as a substitute: a "
                             "substitute does not also bet on it", name=name),
                           field="soto")  # fmt: skip
        if is_house(name):
            raise BetError(house_name(name), field=field)
        seen.add(name_key(name))
    pooled = [s for s in spectators if s.pool]
    if pooled and not pool:
        raise BetError(
            _("pool: give the amount of the spectators' pool (soto_pool / --soto-pool)"),
            field="pool",
        )
    out: list[Transfer] = []
    for e, f in combinations(pooled, 2):
        order = table.above(e.backs, f.backs)
        if not order:
            continue
        high, low = (e, f) if order > 0 else (f, e)
        out.append(Transfer(low.name, high.name, Fraction(pool, 1000), Kind.SOTO))
    for spectator in spectators:
        if spectator.pool:
            continue
        gains = _mirrored(table, spectator.backs, player_transfers, exact or player_transfers)
        for other, gain in gains.items():
            if gain > 0:
                out.append(Transfer(other, spectator.name, gain, Kind.SOTO))
            elif gain < 0:
                out.append(Transfer(spectator.name, other, -gain, Kind.SOTO))
    return out


EXACT_QUANTUM = Fraction(1, 12000)
"""A quantum that splits any amount of 0.001 pt among 2, 3 or 4 players, and any half
of one, exactly: the side flows worked out with it have no seat-order leftovers."""


def exact_transfers(settlement: Settlement, bets: Bets) -> list[Transfer]:
    """Every player's flows (the score with first place, every side bet) with nothing
    left over to share by seat order: what a spectator mirrors."""
    fine = Table(settlement)
    fine.quantum = EXACT_QUANTUM
    fine.exact = True
    # players who share a place share its oka and uma: exactly, not by seat order
    scores = list(settlement.scores)
    # a penalty is paid by the penalised player to the house directly, not through
    # first place: a spectator mirroring first place does not collect it
    fined: list[Transfer] = []
    if not settlement.rules.penalties.redistribute:
        for penalty in settlement.penalties:
            scores[penalty.seat] += penalty.pt
            fined.append(Transfer(fine.names[penalty.seat], HOUSE, penalty.pt))  # (no bet)
    for place in set(fine.place):
        group = [seat for seat, p in enumerate(fine.place) if p == place]
        mean = Fraction(sum(scores[seat] for seat in group), len(group))  # (alone: itself)
        for seat in group:
            scores[seat] = mean
    unpaid = settlement.unpaid - sum(t.amount for t in fined)
    flows = score_transfers(settlement, fine, scores, unpaid)
    return [*flows, *fined, *side_bets(settlement, bets, fine).transfers]


def _net_with(backed: str, transfers: Sequence[Transfer]) -> dict[str, Fraction]:
    """What ``backed`` gains from each other player over ``transfers`` (the house's
    part, penalties and lost sticks, is no bet)."""
    against: dict[str, Fraction] = {}
    for t in transfers:
        if HOUSE in (t.payer, t.payee):
            continue
        if t.payee == backed:
            against[t.payer] = against.get(t.payer, _ZERO) + t.amount
        elif t.payer == backed:
            against[t.payee] = against.get(t.payee, _ZERO) - t.amount
    return against


def _with_house(backed: str, transfers: Sequence[Transfer]) -> Fraction:
    """What ``backed`` gains from the house (negative: pays it) over ``transfers``."""
    flows = [t for t in transfers if HOUSE in (t.payer, t.payee)]
    return sum((t.amount if t.payee == backed else -t.amount for t in flows
                if backed in (t.payer, t.payee)), _ZERO)  # fmt: skip


def _mirrored(
    table: Table, backs: int, transfers: Sequence[Transfer], exact: Sequence[Transfer]
) -> dict[str, Fraction]:
    """What a spectator backing seat ``backs`` gains from each other player.

    The backed player's own flows, pair by pair (000: AがBに支払ったポイントと同額をEもBに
    支払う), taken before any leftover is shared by seat order (``exact``), so that
    no one's payment to the spectator depends on where a tied player sits; then put
    in whole quanta by largest remainder (between equal remainders, the better placed
    payer), to the backed player's own total, or, when the backed player shares a
    place (and so a seat-order leftover), to the exact total rounded in the
    spectator's favour.
    """
    backed = table.names[backs]
    shares = _net_with(backed, exact)
    quantum = table.quantum
    alone = table.place.count(table.place[backs]) == 1
    if alone:  # the backed player's own total, the house's part left out: what first
        # place passes on to the house counts nothing, nor what the player owes it
        own = (sum(_net_with(backed, transfers).values(), _ZERO)
               + _with_house(backed, transfers) - _with_house(backed, exact))  # fmt: skip
        target = own / quantum
    else:
        target = Fraction(-((-sum(shares.values(), _ZERO)) // quantum))
    # whole quanta already that make the target (a seat-order leftover of others' tie,
    # 焼き鳥 shared by two winners, can move the backed player's total from the exact one)
    whole = all((v / quantum).denominator == 1 for v in shares.values())
    if whole and sum(shares.values(), _ZERO) / quantum == target:
        return shares
    floors = {name: v // quantum for name, v in shares.items()}
    left = int(target) - sum(floors.values())
    seat = {name: index for index, name in enumerate(table.names)}
    # between equal remainders the better placed first (seat order only within a place)
    ranked = sorted(shares, key=lambda n: (-(shares[n] / quantum - floors[n]),
                                           table.place[seat[n]], seat[n]))  # fmt: skip
    if left >= 0:
        for name in ranked[:left]:
            floors[name] += 1
    else:
        for name in ranked[::-1][:-left]:
            floors[name] -= 1
    return {name: quanta * quantum for name, quanta in floors.items()}


def find_player(
    ref: object, names: Sequence[str], what: Message | Term, field: str | None = None
) -> int:
    """The seat of ``ref``: a player's name, a seat number (0 = the first dealer) or its
    wind in any language (“East”, 「東」); ``what`` names the field (a message is read
    in the reader's language), ``field`` the input's field for its error (the API's)."""
    if isinstance(ref, int) and not isinstance(ref, bool):
        return _check_seat(what, ref, len(names), field)
    # a seat is a whole number, a name is text: anything else (JSON's null and true, a
    # list, 1e0 read as a decimal) is neither, named as JSON writes it where it can be
    text = ref.strip() if isinstance(ref, str) else None
    shown: object = text
    if text is not None:
        key = name_key(text)
        for seat, name in enumerate(names):  # a name first: players may be called "1"
            if key == name_key(name):
                return seat
        if text.isascii() and text.isdigit():
            return _check_seat(what, int(text), len(names), field)
        wind = seat_of_wind(text)  # then a seat's wind, in any language
        if wind is not None:
            return _check_seat(what, wind, len(names), field)
    elif isinstance(ref, Decimal | float | Fraction):  # (3e0 reads as 3: say why not)
        raise BetError(
            _("{what}: {value} is written as a decimal; give a seat as a whole number (0 to "
              "{last}) or a name", what=what, value=ref, last=len(names) - 1), field=field,
        )  # fmt: skip
    else:
        shown = as_written(ref)  # (null and true as JSON writes them: render's way)
    raise BetError(
        _("{what}: “{name}” is not a player (seats 0 to {last} or {names})", what=what, name=shown,
          last=len(names) - 1, names=list(names)), field=field,
    )  # fmt: skip


def _amount(key: str, value: object, *, allow_zero: bool) -> int:
    try:
        return whole_points(key, value, allow_zero=allow_zero)
    except RulesError as err:
        raise BetError(
            _("{what}: amount “{value}” {problem}", what=bet_field(key), value=as_written(value),
              problem=err.problem), field=key,
        ) from None  # fmt: skip


def _pair(key: str, item: object, names: Sequence[str]) -> PairBet:
    """A pair bet from ``"A:B:AMOUNT"`` or ``[A, B, AMOUNT]`` (0 only for ビンタ: sit out);
    :func:`side_bets` checks the pair itself."""
    what = bet_field(key)
    parts = item.split(":") if isinstance(item, str) else item
    if not isinstance(parts, list | tuple) or len(parts) != 3:
        raise BetError(
            _("{what}: “{item}” should be A:B:AMOUNT (seats or names, points)", what=what,
              item=as_written(item)), field=key,
        )  # fmt: skip
    a, b = (find_player(p, names, what, key) for p in parts[:2])
    return PairBet(a, b, _amount(key, parts[2], allow_zero=key == "binta"))


def bet_field(key: str) -> Term:
    """A side bet's field named in the reader's words with the key as typed after it
    (差しウマ(sashi), 飛び(busted)): errors name what the user wrote."""
    return Term(f"bet.{key}")


def _spectators_bet(key: str, spectator: str) -> Message:
    return _("{bet} {spectator}", bet=bet_field(key), spectator=spectator)


def links(
    what: Message | Term | str, value: object, field: str | None = None
) -> list[tuple[object, object]]:
    """``{a = b}``, or a list of ``"a:b"`` (or ``[a, b]``), as pairs; ``field``: the
    input's field for an error (the API's)."""
    if isinstance(value, Mapping):
        return list(value.items())
    items = [value] if isinstance(value, str) else value
    if not isinstance(items, list | tuple):
        raise BetError(_("{what}: “{value}” should be NAME:NAME pairs", what=what, value=value),
                       field=field)  # fmt: skip
    pairs = []
    for item in items:
        parts = item.split(":") if isinstance(item, str) else item
        if not isinstance(parts, list | tuple) or len(parts) != 2:
            raise BetError(
                _("{what}: “{item}” should be two names joined by ':'", what=what, item=item),
                field=field,
            )
        pairs.append((parts[0], parts[1]))
    return pairs


def _count(value: object) -> object:
    """A chip count; text from the command line becomes a number (checked later)."""
    if isinstance(value, str):
        text = value.strip()
        if WHOLE_NUMBER.fullmatch(text):
            return int(text)
    return value


BET_FIELDS = ("sashi", "bashin", "binta", "chips", "busted", "winners", "soto", "pool", "side")
"""The fields of one game's bets, in a session file (and the CSV columns but side)."""
_BET_FIELDS = frozenset(BET_FIELDS)


def bets_from_dict(data: Mapping[str, Any], names: Sequence[str], base: SideRules) -> Bets:
    """One game's bets as a session file or the command line gives them, players by
    seat or name: ``sashi``/``bashin``/``binta`` lists of ``A:B:AMOUNT``; ``chips``
    one count per seat (or ``{name = count}``); ``busted`` ``{loser = winner}``;
    ``winners`` the players who won a hand; ``soto`` and ``pool``
    ``{spectator = player}``; ``side`` a table that changes the house's side bets
    for this game. The same thing said twice is an error, never "the last wins"."""
    if not data:
        return NO_BETS
    unknown = data.keys() - _BET_FIELDS
    if unknown:
        raise BetError(  # (the field named, as every other bet's refusal names it)
            _("“{field}” is not a bet; known: {known}", field=sorted(unknown)[0], known=BET_FIELDS),
            field=sorted(unknown)[0],
        )
    pairs: dict[str, tuple[PairBet, ...]] = {"sashi": (), "bashin": (), "binta": ()}
    for key in pairs:
        if key not in data:  # (most games: a bet or two of the nine)
            continue
        items = data[key]
        if not isinstance(items, list | tuple):
            raise BetError(_("{what}: give a list of A:B:AMOUNT", what=bet_field(key)), field=key)
        pairs[key] = tuple(_pair(key, item, names) for item in items)
    chips = data.get("chips")
    if isinstance(chips, Mapping):
        by_seat: list[object] = [0] * len(names)
        given: set[int] = set()
        for ref, count in chips.items():
            seat = find_player(ref, names, bet_field("chips"), "chips")
            if seat in given:
                raise BetError(_("chips: {name} is given two counts", name=names[seat]),
                               field="chips")  # fmt: skip
            given.add(seat)
            by_seat[seat] = count
        chips = by_seat
    if chips is not None:
        if not isinstance(chips, list | tuple):
            raise BetError(_("chips: “{chips}” should be one count per seat", chips=chips),
                           field="chips")  # fmt: skip
        chips = [_count(c) for c in chips]
    busted = tuple(
        (
            find_player(loser, names, bet_field("busted"), "busted"),
            find_player(winner, names, bet_field("busted"), "busted"),
        )
        for loser, winner in (
            links(bet_field("busted"), data["busted"], "busted") if "busted" in data else ()
        )
    )
    winners = data.get("winners")
    if winners is not None:
        if not isinstance(winners, list | tuple):
            raise BetError(_("winners: give a list of players"), field="winners")
        winners = tuple(find_player(w, names, bet_field("winners"), "winners") for w in winners)
    spectators = tuple(
        Spectator(
            str(spectator).strip(),
            find_player(player, names, _spectators_bet(key, str(spectator).strip()), key),
            key == "pool",
        )
        for key in ("soto", "pool")
        if key in data
        for spectator, player in links(bet_field(key), data[key], key)
    )
    side = base
    if "side" in data:
        if not isinstance(data["side"], Mapping):
            raise BetError(_("side: give a table of side bets"), field="side")
        side = SideRules.from_dict(data["side"], base)
    return Bets(
        sashi=pairs["sashi"],
        bashin=pairs["bashin"],
        binta=pairs["binta"],
        chips=tuple(chips) if chips is not None else None,
        busted_by=busted,
        winners=winners,
        spectators=spectators,
        side=side,
    )
