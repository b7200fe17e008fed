"""Who pays whom: transfers between named participants and the two ways to
settle balances.

- :func:`with_first`: the jansou convention of seed 001, everyone settles with
  first place (「マイナスの者はトップ者に支払い、プラスの者はトップ者に請求する」).
- :func:`fewest_transfers`: the fewest transfers that settle every balance
  (exact for up to 12 participants with a balance, at most n − 1 always).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from math import lcm

from seisan.i18n import Message, _, name_key
from seisan.pt import from_quanta

_ZERO = Fraction(0)
HOUSE = "house"
"""Who receives the game fees (場代) and riichi sticks lost at the end (供託)."""


HOUSE_WORDS = frozenset({HOUSE, "店", "가게"})
"""The house's word in every language, as :func:`~seisan.i18n.name_key` keys names: the
catalogue's term ``house`` (``test_the_house_words_are_the_catalogues`` keeps them one),
written here so that checking a name reads no other language's catalogue (reading the
Japanese and Korean ones took ~15 ms of every command's start, issue 20)."""


def is_house(name: str) -> bool:
    """Whether ``name`` is the house's own (in any case, spaces aside), or its word in
    any language the ledgers are read in (店, 가게): the ledgers keep the house under it
    beside the people, so no person may be called that (a player 店 read in Japanese
    had been “店 → 店”)."""
    return name_key(name) in HOUSE_WORDS


def house_name(name: str) -> Message:
    """The error for a player or spectator called “house” (:func:`is_house`): their
    balance would merge with the house's."""
    return _("“{name}” is the house's name in the ledgers (fees, riichi sticks it keeps): "
             "give this person another name", name=name)  # fmt: skip


_EXACT_LIMIT = 12  # participants with a balance up to which the minimum is searched exactly


@dataclass(frozen=True)
class Transfer:
    """``payer`` pays ``payee`` ``amount`` (pt or money), for ``kind`` of payment."""

    payer: str
    payee: str
    amount: Fraction
    kind: str = ""


def balances(transfers: Iterable[Transfer]) -> dict[str, Fraction]:
    """Each participant's net gain (negative: owes) over ``transfers``."""
    net, common = balance_units(transfers)
    return {name: from_quanta(units, common) for name, units in net.items()}


def balance_units(transfers: Iterable[Transfer]) -> tuple[dict[str, int], int]:
    """:func:`balances` in whole units of 1/``common`` of the amounts' unit, and
    ``common`` (the amounts' common denominator): summed as integers, exact, for
    callers that add up many games before making Fractions once at the end."""
    items = [(t.payer, t.payee, t.amount.numerator, t.amount.denominator) for t in transfers]
    common = lcm(*(item[3] for item in items))  # (lcm() of nothing is 1)
    net: dict[str, int] = {}
    for payer, payee, numerator, denominator in items:
        units = numerator * (common // denominator)
        net[payee] = net.get(payee, 0) + units
        net[payer] = net.get(payer, 0) - units
    return net, common


def transfer_units(transfers: Sequence[Transfer]) -> tuple[list[tuple[str, str, int]], int]:
    """``transfers`` as (payer, payee, units) in whole units of 1/``common`` of the
    amounts' unit, and ``common``: for summing many games' ledgers in integers."""
    common = lcm(*(t.amount.denominator for t in transfers))
    return [(t.payer, t.payee, t.amount.numerator * (common // t.amount.denominator))
            for t in transfers], common  # fmt: skip


def with_first(
    net: Mapping[str, Fraction],
    firsts: Sequence[str],
    kind: str = "",
    quantum: Fraction = Fraction(1, 10),
) -> list[Transfer]:
    """Everyone settles their balance with first place (``firsts``: one name, or the
    players tied for first, who share every role of first place).

    With several firsts, each other balance is split among them in whole
    ``quantum`` (rounded down, the leftover quanta one each: to whoever of them has
    the most still to receive, then in their order, as the oka is split), and then
    the firsts settle what is left between them, directly (the fewest transfers).
    Giving the leftovers where they are still owed keeps tied firsts from paying
    each other a tenth (helper-56: Ana→Ben 0.1 between two firsts of 35 each).
    """
    if len(firsts) == 1:
        first = firsts[0]
        out = []
        for name, amount in net.items():
            numerator = amount.numerator  # its sign: Fraction's comparisons cost 0.6 µs
            if name == first or not numerator:
                continue
            if numerator > 0:
                out.append(Transfer(first, name, amount, kind))
            else:  # negated through the cache (Fraction's own negation: 1.2 µs)
                out.append(Transfer(name, first, from_quanta(-numerator, amount.denominator), kind))
        return out
    group = list(firsts)
    received = dict.fromkeys(group, _ZERO)
    out = []
    for name, amount in net.items():
        if name in received or not amount:
            continue
        owed = sorted(group, key=lambda first: received[first] - net[first])  # (stable)
        share = dict(zip(owed, split_quanta(-amount, len(group), quantum), strict=True))
        for first in group:  # (written in their order)
            gain = share[first]
            received[first] += gain
            if gain > 0:
                out.append(Transfer(name, first, gain, kind))
            elif gain < 0:
                out.append(Transfer(first, name, -gain, kind))
    residual = {first: net[first] - received[first] for first in group}  # (firsts have balances)
    # what is left between the firsts they settle directly: none of them is a
    # go-between for the others (a spectator mirroring one would copy the passing on)
    return out + [
        Transfer(t.payer, t.payee, t.amount, kind)
        for t in fewest_transfers({k: v for k, v in residual.items() if v})
    ]


def split_quanta(total: Fraction, shares: int, quantum: Fraction) -> list[Fraction]:
    """``total`` in ``shares`` parts of whole ``quantum`` each (rounded down, the
    leftover quanta one each to the first parts); a total that is not whole quanta
    leaves its fraction with the first part."""
    whole, rest = divmod(total, quantum)
    base, extra = divmod(int(whole), shares)
    parts = [(base + (1 if i < extra else 0)) * quantum for i in range(shares)]
    parts[0] += rest
    return parts


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
    # walk back: peel people off one at a time (n steps), closing a group at each
    # zero-sum mask
    groups: list[list[str]] = []
    current: list[str] = []
    mask = size - 1
    for _step in range(n):
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
