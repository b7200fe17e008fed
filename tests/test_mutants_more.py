"""Behaviours the review's mutants showed no test held (issue 16): each test gives the
input and the value the rule gives, and names the mutant it kills."""

from __future__ import annotations

from fractions import Fraction as F
from pathlib import Path

import numpy as np
import pytest

from seisan import Rules, Ties, find_preset, settle
from seisan.games import GamePlay, GameRecord, Hand, Win, play
from seisan.i18n import Message
from seisan.ledger import settle_game
from seisan.rounding import Rounding
from seisan.rules import Scoring, SideRules
from seisan.settlement import Penalty
from seisan.sidebets import BetError, Bets, PairBet, Spectator, bets_from_dict
from seisan.stats import play_stats

NAMES = ["A", "B", "C", "D"]
MLEAGUE = find_preset("mleague")
EXACT = MLEAGUE.replace(scoring=Scoring(system="exact"))


def test_binta_between_two_tied_players_is_not_paid() -> None:
    """Mutant: a tie (order 0) paid by the lower seat. Split ties: A and B share first,
    so their ビンタ pays nothing either way; each collects 1 from C and D."""
    rules = Rules(ties=Ties.SPLIT, side=SideRules(binta=1000))
    game = settle_game([40000, 40000, 20000, 20000], rules, NAMES,
                       Bets(binta=(PairBet(0, 1, 5000),)))  # fmt: skip
    flows = {(t.payer, t.payee) for t in game.side.transfers}
    assert ("A", "B") not in flows and ("B", "A") not in flows
    # A and B hold their クビ (30000), C and D not: 2 from each
    assert [game.side.net(n) for n in NAMES] == [4, 4, -4, -4]


def test_jpml_with_nobody_afloat_uses_the_two_afloat_list() -> None:
    """Mutant: the 1人浮き list when nobody is afloat (possible with 4 sticks lost).
    29800/29100/28600/28500 + 4 sticks: 8/4/-4/-8 gives 7.8, 3.1, -5.4, -9.5."""
    result = settle([29800, 29100, 28600, 28500], find_preset("jpml"), deposits=4)
    assert result.scores == (F("7.8"), F("3.1"), F("-5.4"), F("-9.5"))


def test_own_back_returns_a_stick_only_to_the_winners_who_put_one_in() -> None:
    """Mutant: every winner of a double ron takes a stick back, riichi or not. EMA: A
    deals in to B (riichi, nearest) and C; D's riichi stick goes to B with B's own."""
    hand = Hand("ron", (Win(1, 1, 30), Win(2, 1, 30)), discarder=0, riichi=(1, 3))
    played = play(GameRecord(find_preset("ema"), tuple(NAMES), (hand,)), check_end=False)
    assert played.lines[0].deltas == (-2000, 2000, 1000, -1000)


def test_the_exact_systems_jansou_ledger_shares_tied_firsts_in_thousandths() -> None:
    """Mutant: shares in tenths. 精算法: C's 19.999 is 10 and 9.999, D's 50.001 is
    25.001 and 25, its leftover thousandth to B, who has it still to receive (it had
    gone to A by seat, and A passed B the thousandth: helper-56)."""
    game = settle_game([35000, 35000, 20001, 9999], EXACT, NAMES)
    assert [(t.payer, t.payee, t.amount) for t in game.jansou()] == [
        ("C", "A", F(10)), ("C", "B", F("9.999")), ("D", "A", F(25)), ("D", "B", F("25.001")),
    ]  # fmt: skip


def test_a_penalty_under_the_exact_system_is_taken_in_whole_pt() -> None:
    """Mutant: 20 pt read as 0.2 pt (thousandths of the quantum). D: -50.001 - 20."""
    game = settle_game([35000, 35000, 20001, 9999], EXACT, NAMES,
                       penalties=(Penalty(3, F(20), "x"),))  # fmt: skip
    assert game.settlement.scores[3] == F("-70.001") and game.settlement.unpaid == 20


def test_tied_firsts_balance_only_the_others_rounding() -> None:
    """Half-up to whole pt: C -23, D -19.4 - 30 → -49; the tied firsts share +72: 36
    each. (The review's mutant 'others' leaving out only the lowest-seat first is
    equivalent: a first's rounding part is always 0; docs/testing.md.)"""
    rules = MLEAGUE.replace(rounding=Rounding.HALF_UP)
    assert settle([36200, 36200, 17000, 10600], rules).scores == (36, 36, -23, -49)


def test_an_unknown_bet_is_named() -> None:
    """Mutant: unknown bet keys accepted in silence ('chip' for 'chips')."""
    with pytest.raises(BetError, match=r"^“chip” is not a bet; known: sashi, bashin") as err:
        bets_from_dict({"chip": {"A": 1}}, NAMES, SideRules())
    assert err.value.field == "chip"  # (the API's field: helper-95 found it null)


def test_a_chip_count_given_twice_is_named() -> None:
    """Mutant: a player's chips given twice (A and a) raise with no message."""
    with pytest.raises(BetError) as err:
        bets_from_dict({"chips": {"A": 1, "a": -1}}, NAMES, SideRules(chip_value=F(1)))
    assert str(err.value).strip() and "A" in str(err.value)


def test_finishing_on_exactly_zero_is_not_a_bust_in_the_statistics() -> None:
    """Mutant: 0 counted as a bust. D on exactly 0 has none; on -5000 one."""
    plays = [
        GamePlay(GameRecord(MLEAGUE, tuple(NAMES), ()), (), tuple(points), 0, Message("not ended"),
                 "time", settle(points, MLEAGUE))
        for points in ([50000, 30000, 20000, 0], [55000, 30000, 20000, -5000])
    ]  # fmt: skip
    assert {s.name: s.busts for s in play_stats(plays)} == {"A": 0, "B": 0, "C": 0, "D": 1}


def test_the_mjlog_reader_counts_red_and_ura_dora() -> None:
    """Mutant: dora without 赤ドラ and 裏ドラ. 2009040322gm-00a9-0000-a911cae1, hand 5:
    yaku="1,1,52,1,54,1,53,1" (riichi, dora 1, aka 1, ura 1): 3 han of dora."""
    from seisan.logs import tenhou  # noqa: PLC0415

    path = Path(__file__).parent / "data" / "tenhou" / "2009040322gm-00a9-0000-a911cae1.mjlog"
    win = tenhou.load(path).record.hands[4].wins[0]
    assert (win.han, win.dora, win.yaku) == (4, 3, ("立直",))


@pytest.mark.parametrize(
    ("points", "scores"),
    [
        # halves away from zero on the final points: 22500 → 23000 (−7 − 10), not
        # −7500 → −8000; 26500 → 27000 (−3 − 10), not −3500 → −4000
        ((22500, 36500, 31000, 10000), (-17, 46, 11, -40)),
        ((26500, 33500, 30000, 10000), (-13, 43, 10, -40)),
    ],
)
def test_the_bulk_engine_rounds_tenhou_2020_on_the_final_points(
    points: tuple[int, ...], scores: tuple[int, ...]
) -> None:
    """Mutant: the bulk engine's points-half-away rounding keyed on final − return."""
    from seisan.bulk import settle_arrays  # noqa: PLC0415

    rules = find_preset("tenhou-2020")
    assert settle(list(points), rules).scores == scores
    result = settle_arrays(np.array([points], dtype=np.int64), rules)
    assert tuple(F(int(q), 10) for q in result.quanta[0]) == scores


SPECTATOR_LINKS = [
    ({"soto": "Eve:Ana"}, [("Eve", 0, False)]),
    ({"soto": ["Eve:Ana", "Fay:Ben"]}, [("Eve", 0, False), ("Fay", 1, False)]),
    ({"soto": [["Eve", "Ana"]]}, [("Eve", 0, False)]),
    ({"soto": ("Eve:Chie",)}, [("Eve", 2, False)]),
    ({"soto": {"Eve": "Dae"}}, [("Eve", 3, False)]),
    ({"soto": [" Eve:Ana"]}, [("Eve", 0, False)]),
    ({"soto": ["Eve:Ana"], "pool": ["Fay:Ben", "Gus:Dae"], "side": {"soto_pool": 1000}},
     [("Eve", 0, False), ("Fay", 1, True), ("Gus", 3, True)]),
]  # fmt: skip


@pytest.mark.parametrize(("data", "spectators"), SPECTATOR_LINKS)
def test_spectators_are_read_in_every_shape(
    data: dict[str, object], spectators: list[tuple[str, int, bool]]
) -> None:
    """`_links` and `soto`: a table, a list of A:B, of [A, B], or one A:B string."""
    bets = bets_from_dict(data, NAMES_LONG, SideRules())
    assert [(s.name, s.backs, s.pool) for s in bets.spectators] == spectators


BAD_LINKS = [
    ({"soto": 5}, "soto: “5” should be NAME:NAME pairs"),
    ({"soto": ["Eve:Ana:Ben"]}, "soto: “Eve:Ana:Ben” should be two names joined by ':'"),
    ({"soto": [5]}, "soto: “5” should be two names joined by ':'"),
    ({"soto": [["Eve"]]}, "soto: “Eve” should be two names joined by ':'"),
    ({"busted": ["Dae"]}, "busted: “Dae” should be two names joined by ':'"),
    ({"soto": {"Eve": "Zed"}}, "soto Eve: “Zed” is not a player"),
    ({"soto": ["Ana:Ben"]}, "soto: “Ana” is already a player or a spectator"),
    ({"soto": ["eve:Ana", "EVE:Ben"]}, "soto: “EVE” is already a player or a spectator"),
    ({"soto": [":Ana"]}, "soto: spectator name “” must be non-empty printable text"),
    ({"pool": ["Eve:Ana"]}, "pool: give the amount of the spectators' pool"),
]


@pytest.mark.parametrize(("data", "message"), BAD_LINKS)
def test_a_bad_spectator_is_named(data: dict[str, object], message: str) -> None:
    with pytest.raises(BetError) as err:
        bets = bets_from_dict(data, NAMES_LONG, SideRules())
        settle_game([40000, 30000, 20000, 10000], MLEAGUE, NAMES_LONG, bets)
    assert str(err.value).startswith(message)


NAMES_LONG = ["Ana", "Ben", "Chie", "Dae"]


def test_yakitori_losers_take_turns_by_place_not_seat() -> None:
    """Mutant: the losers in seat order. C (seat 2) is fourth, D (seat 3) third: D, the
    better placed loser, pays the first tenth to A (first), C the next to B."""
    bets = Bets(winners=(0, 1), side=SideRules(yakitori=100))
    game = settle_game([45000, 40000, 5000, 10000], MLEAGUE, NAMES, bets)
    flows = sorted((t.payer, t.payee, t.amount) for t in game.side.transfers)
    assert flows == [("C", "B", F("0.1")), ("D", "A", F("0.1"))]


def test_a_spectator_on_first_place_does_not_collect_a_penalty_paid_to_the_house() -> None:
    """D's 20 pt penalty goes to the house, not through first place to A's spectator:
    Eve wins A's 70 (score 60, 差しウマ 10 from C), as A does. Kills `_net_with`'s
    `continue` → `break` at the house's flow."""
    bets = Bets(sashi=(PairBet(0, 2, 10000),), spectators=(Spectator("Eve", 0),))
    game = settle_game([40000, 30000, 20000, 10000], MLEAGUE, NAMES, bets,
                       penalties=(Penalty(3, F(20), "x"),))  # fmt: skip
    totals = game.totals()
    assert totals["Eve"] == totals["A"] == 70 and totals["D"] == -120


def test_a_spectator_does_not_share_the_backed_players_own_penalty() -> None:
    """A's own 20 pt penalty goes to the house: A ends on 50, Eve, backing A, on A's 70
    of scores and bets (the house's part is no bet)."""
    bets = Bets(sashi=(PairBet(0, 2, 10000),), spectators=(Spectator("Eve", 0),))
    game = settle_game([40000, 30000, 20000, 10000], MLEAGUE, NAMES, bets,
                       penalties=(Penalty(0, F(20), "x"),))  # fmt: skip
    totals = game.totals()
    assert (totals["A"], totals["Eve"], totals["D"]) == (50, 70, -100)


def test_a_spectator_on_a_tied_player_rounds_a_lone_half_up() -> None:
    """A and B share first; A's own 馬身 with C (100) is 0.15 exactly: Eve wins A's
    exact 35.15 rounded up to 35.2 (C pays 10.2, D 25), not 35.1."""
    bets = Bets(bashin=(PairBet(0, 2, 100),), spectators=(Spectator("Eve", 0),))
    game = settle_game([35000, 35000, 20000, 10000], MLEAGUE, NAMES, bets)
    assert game.totals()["Eve"] == F("35.2")
    assert {(t.payer, t.amount) for t in game.soto} == {("C", F("10.2")), ("D", F(25))}
