"""Split ties: tied players are equals in every bet and share every role of first
place (issue 7, item 1), each split to the tenth like the oka."""

from __future__ import annotations

from decimal import Decimal
from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from seisan import Rules, Ties, find_preset
from seisan.ledger import settle_game
from seisan.rules import SideRules, Stakes
from seisan.settlement import Penalty
from seisan.sidebets import Bets, Kind, PairBet, Spectator

MLEAGUE = ["--rules", "mleague"]
NAMES = ["--names", "Ana,Ben,Chie,Dae"]


def _totals(data: dict) -> list[Decimal]:
    return [Decimal(r["total"]) for r in data["results"]]


def test_bashin_against_a_tied_player_is_settled_to_the_tenth(cli) -> None:
    """35000 first; 25000 and 25000 tie over 2nd and 3rd (mean place 2.5): a 100-point
    馬身 is 150 points, and the lone half goes in the tied player's favour: 0.1."""
    data = cli.json("settle", "35000", "25000", "25000", "15000", *MLEAGUE, "--bashin", "0:1:100")
    assert data["flows"] == [
        {"kind": "bashin", "from": 1, "to": 0, "from_name": "South", "to_name": "East",
         "amount": Decimal("0.1")},
    ]  # fmt: skip
    assert [r["side"]["bashin"] for r in data["results"]] == [Decimal("0.1"), Decimal("-0.1"), 0, 0]


def test_sou_bashin_with_a_tie_never_leaves_a_half_tenth(cli) -> None:
    """500-point 総馬身: 0.75 pt against each tied player. Per opponent the halves go
    one in and one against the tied players' favour (0.7 + 0.8 = 1.5), and across
    the two opponents the tied players stay even (their exact share is 0)."""
    data = cli.json("settle", "35000", "25000", "25000", "15000", *MLEAGUE, "--sou-bashin", "500")
    amounts = [(f["from"], f["to"], f["amount"]) for f in data["flows"]]
    assert amounts == [
        (1, 0, Decimal("0.7")), (2, 0, Decimal("0.8")), (3, 0, Decimal("1.5")),
        (3, 1, Decimal("0.7")), (3, 2, Decimal("0.8")),
    ]  # fmt: skip
    assert [r["side"]["sou-bashin"] for r in data["results"]] == [3, 0, 0, -3]
    assert all((Decimal(f["amount"]) * 10) % 1 == 0 for f in data["flows"])


def test_tied_firsts_share_the_bust_prize_and_shizumi(cli) -> None:
    """45000 and 45000 tie for first: each takes half of the 飛び賞 and of the 沈みウマ
    (45 + 10 + 5 = 60 each, as the issue expects)."""
    data = cli.json(
        "settle", "45000", "45000", "20000", "-10000", *MLEAGUE, "--tobi", "10000",
        "--shizumi", "10000",
    )  # fmt: skip
    assert _totals(data) == [60, 60, -30, -90]
    assert [r["side"]["tobi"] for r in data["results"]] == [5, 5, 0, -10]
    assert [r["side"]["shizumi"] for r in data["results"]] == [10, 10, -10, -10]


def test_tied_firsts_share_the_fee_first_place_pays(cli) -> None:
    data = cli.json(
        "settle", "45000", "45000", "20000", "-10000", *MLEAGUE, "--rate", "100", "--fee",
        "501", "--fee-payer", "first",
    )  # fmt: skip
    # 501 yen in units of 1 over two: 251 to seat 0 (the leftover unit), 250 to seat 1
    assert [r.get("fee") for r in data["results"]] == [251, 250, 0, 0]
    assert data["house"] == 501


def test_a_spectator_backing_a_tied_first_mirrors_them(cli) -> None:
    data = cli.json(
        "settle", "45000", "45000", "20000", "-10000", *MLEAGUE, *NAMES, "--tobi", "10000",
        "--shizumi", "10000", "--soto", "Eve:Ben",
    )  # fmt: skip
    eve = data["spectators"][0]
    assert eve["name"] == "Eve" and eve["total"] == 60  # what Ben wins, from Chie and Dae
    chie, dae = data["results"][2], data["results"][3]
    assert chie["total"] == -30 - 15 and dae["total"] == -90 - 45


def test_the_jansou_ledger_settles_with_both_tied_firsts(cli) -> None:
    data = cli.json("settle", "45000", "45000", "20000", "-10000", *MLEAGUE, *NAMES)
    pays = {(t["from_name"], t["to_name"]): t["amount"] for t in data["jansou"]}
    # scores 45, 45, -20, -70: Chie pays each first 10, Dae 35 each
    assert pays == {("Chie", "Ana"): 10, ("Chie", "Ben"): 10, ("Dae", "Ana"): 35,
                    ("Dae", "Ben"): 35}  # fmt: skip
    out = cli.run("settle", "45000", "45000", "20000", "-10000", *MLEAGUE, *NAMES,
                  "--ledger", "first")  # fmt: skip
    assert "Who pays whom (everyone with first place)" in out and "Ben" in out


def test_money_rounding_is_shared_by_tied_firsts(cli) -> None:
    """Rate 33 per pt, rounded to 10: the others round, and the tied firsts share the
    rest in whole units of money."""
    data = cli.json("settle", "35200", "35200", "24800", "4800", *MLEAGUE, "--rate", "33",
                    "--unit", "10")  # fmt: skip
    money = [Decimal(r["money"]) for r in data["results"]]
    # -15.2 * 33 = -501.6 → -500; -55.2 * 33 = -1821.6 → -1820; the firsts share 2320
    assert money == [1160, 1160, -500, -1820]
    assert sum(money) == 0


@st.composite
def tied_games(draw: st.DrawFn) -> tuple[Rules, list[int], Bets, int, int]:
    """A four-player game with two tied players (split ties), and side bets tied to
    seats; the two tied seats to swap."""
    preset = draw(st.sampled_from(["mleague", "ema", "wrc", "rmu", "saikouisen"]))
    rules = find_preset(preset)
    total = rules.start * 4
    tie = draw(st.integers(-50, 600)) * 100
    rest = total - 2 * tie
    other = draw(st.integers(-50, 600)) * 100
    points = [tie, tie, other, rest - other]
    order = draw(st.permutations(range(4)))
    points = [points[i] for i in order]
    a, b = order.index(0), order.index(1)  # where the two tied players sit
    amounts = st.integers(0, 30).map(lambda k: k * 100)
    side = SideRules(
        sou_uma=draw(amounts),
        sou_bashin=draw(amounts),
        binta=draw(amounts),
        shizumi=draw(amounts),
        tobi=draw(amounts),
        chip_value=Fraction(1),
    )
    bashin = tuple(
        PairBet(x, y, amount)
        for x, y, amount in draw(
            st.lists(st.tuples(st.integers(0, 3), st.integers(0, 3), amounts.filter(bool)),
                     max_size=3).map(lambda ps: [p for p in ps if p[0] != p[1]])
        )
    )  # fmt: skip
    chips = [draw(st.integers(-3, 3)) for _ in range(3)]
    spectators = (Spectator("Eve", draw(st.integers(0, 3))),)
    bets = Bets(bashin=bashin, chips=(*chips, -sum(chips)), spectators=spectators, side=side)
    stakes = Stakes(rate=Fraction(draw(st.integers(1, 80))), unit=Fraction(10), fee=Fraction(30),
                    fee_payer=draw(st.sampled_from(["each", "first"])))  # fmt: skip
    penalties = tuple(
        Penalty(draw(st.integers(0, 3)), Fraction(draw(st.integers(1, 300)), 10))
        for _ in range(draw(st.integers(0, 2)))
    )  # a chombo or a card on a seat (issue 10): it sits with the seat's player
    return rules.replace(stakes=stakes), points, bets, a, b, penalties


@settings(max_examples=300, deadline=None)
@given(tied_games())
def test_swapping_two_tied_players_swaps_their_results(case) -> None:
    """Bets follow seats here; swapping the seats of two tied players swaps everything
    they get, and nothing else changes: who sits where is all that tells them apart
    (the leftover tenths and units go in seat order)."""
    rules, points, bets, a, b, penalties = case
    assert rules.ties is Ties.SPLIT and points[a] == points[b]
    names = ["Ana", "Ben", "Chie", "Dae"]
    swapped = list(names)
    swapped[a], swapped[b] = names[b], names[a]
    first = settle_game(points, rules, names, bets, penalties=penalties)
    second = settle_game(points, rules, swapped, bets, penalties=penalties)
    for seat in range(4):
        assert first.totals()[names[seat]] == second.totals()[swapped[seat]]
        assert first.money()[names[seat]] == second.money()[swapped[seat]]
        assert first.fees().get(names[seat]) == second.fees().get(swapped[seat])
        for kind in first.kinds():
            if kind is not Kind.SOTO:
                assert first.side_of(names[seat], kind) == second.side_of(swapped[seat], kind)
    assert first.totals()["Eve"] == second.totals()["Eve"]  # the spectator backs a seat
    assert sum(first.totals().values()) == -sum((p.pt for p in penalties), Fraction(0))


@pytest.mark.parametrize(
    ("total", "shares", "parts"),
    [
        (Fraction(3, 10), 2, [Fraction(2, 10), Fraction(1, 10)]),  # the leftover tenth first
        (Fraction(-3, 10), 2, [Fraction(-1, 10), Fraction(-2, 10)]),  # rounded down: -0.2
        (Fraction(1, 10), 3, [Fraction(1, 10), 0, 0]),
        (Fraction(0), 2, [0, 0]),
        (Fraction(25, 100), 2, [Fraction(15, 100), Fraction(1, 10)]),  # 0.05 left: to the first
        (Fraction(-25, 100), 2, [Fraction(-5, 100), Fraction(-2, 10)]),
    ],
)
def test_a_total_split_among_tied_firsts_in_whole_quanta(
    total: Fraction, shares: int, parts: list[Fraction]
) -> None:
    """What tied firsts share (each other player's balance in the jansou ledger): whole
    0.1 pt each, rounded down, the leftover tenths one each in seat order; a total that
    is not whole tenths leaves its fraction with the first (the parts always sum to it)."""
    from seisan.transfers import split_quanta  # noqa: PLC0415

    assert split_quanta(total, shares, Fraction(1, 10)) == parts
    assert sum(parts) == total
