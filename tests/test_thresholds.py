"""Tests on every threshold and non-default value (issue 11): each names the rule it
checks, and each kills a realistic one-line bug that the seed tables alone let
through (x.4 and x.6 cells, a bet exactly on its line, first place not in seat 0)."""

from __future__ import annotations

from fractions import Fraction

import pytest

from seisan import Rounding, Rules, Ties, find_preset, parse_floating, parse_uma, settle
from seisan.errors import RulesError
from seisan.games import GameError, GameRecord, Hand, Win, play
from seisan.hands import hand_value, three_player_tsumo
from seisan.ledger import settle_game
from seisan.rules import GameFlow, Scoring, SideRules, Stakes
from seisan.sidebets import BetError, Bets, Kind, PairBet

# -- rounding: the x.4 and x.6 points of every mode, both signs -----------------------
# 001's tables step by 300 and 500 points: they never test 400 or 600 off a thousand.
OFF_HALF = {
    # mode: scores for points part +0.4, +0.6, -0.4, -0.6, +1.4, -1.6
    Rounding.HALF_UP: [0, 1, 0, -1, 1, -2],
    Rounding.HALF_DOWN: [0, 1, 0, -1, 1, -2],  # 五捨六入: 30600 is +1, not 0
    Rounding.CEIL: [1, 1, 0, 0, 2, -1],
    Rounding.FLOOR: [0, 0, -1, -1, 1, -2],
    Rounding.TOWARD_ZERO: [0, 0, 0, 0, 1, -1],
    Rounding.HALF_TOWARD_ZERO: [0, 1, 0, -1, 1, -2],
    Rounding.HALF_EVEN: [0, 1, 0, -1, 1, -2],
    Rounding.POINTS: [0, 1, 0, -1, 1, -2],
    Rounding.NONE: ["0.4", "0.6", "-0.4", "-0.6", "1.4", "-1.6"],
}
PARTS = ["0.4", "0.6", "-0.4", "-0.6", "1.4", "-1.6"]


@pytest.mark.parametrize(
    ("mode", "part", "expected"),
    [(mode, part, row[i]) for mode, row in OFF_HALF.items() for i, part in enumerate(PARTS)],
    ids=str,
)
def test_rounding_off_the_half(mode: Rounding, part: str, expected: object) -> None:
    """The points part 30000 ± 400/600 (and 31400, 28400) rounds as each mode says."""
    points = 30000 + int(Fraction(part) * 1000)
    rules = Rules(rounding=mode)
    result = settle([50000, points, 20000, 50000 - points], rules)
    assert result[1].score == Fraction(expected)  # type: ignore[arg-type]
    assert result[1].parts.rounding == Fraction(expected) - Fraction(part)  # type: ignore[arg-type]


def test_first_place_is_never_rounded_and_balances_the_rest() -> None:
    """Tenhou 2020, first place in seat 1: its own points part is exact (+12.6), its
    rounding part 0, and the others' rounding (-0.4, +0.4, 0) lands in its balance."""
    result = settle([16400, 42600, 31000, 10000], find_preset("tenhou-2020"))
    first = result[1]
    assert first.place == 1 and first.parts.points == Fraction(126, 10)
    assert first.parts.rounding == 0
    # 16400: -13.6 rounds to -14 (-0.4); 31000 and 10000 are whole
    assert [r.parts.rounding for r in result] == [Fraction(-4, 10), 0, 0, 0]
    assert first.parts.balance == Fraction(4, 10)
    assert first.score == 53 and first.parts.total() == first.score


def test_tied_firsts_share_the_oka_part() -> None:
    """M.League, 35200 twice at the top (seats 1 and 3): oka 20 → 10 and 10, uma 40 → 20
    and 20; the parts of each say so."""
    result = settle([24800, 35200, 4800, 35200], find_preset("mleague"))
    for seat in (1, 3):
        parts = result[seat].parts
        assert (parts.oka, parts.uma, parts.balance) == (10, 20, 0)
    three = settle([4000, 32000, 32000, 32000], find_preset("mleague"))
    assert [three[s].parts.oka for s in (1, 2, 3)] == [Fraction(67, 10), Fraction(67, 10),
                                                        Fraction(66, 10)]  # fmt: skip


# -- uma ------------------------------------------------------------------------------


def test_x_y_uma_keeps_its_decimals() -> None:
    assert parse_uma("7.5-15").values == (15, Fraction(15, 2), Fraction(-15, 2), -15)
    result = settle([40000, 30000, 30000, 20000], Rules(uma=parse_uma("7.5-15"), ties=Ties.SEAT))
    assert [r.score for r in result] == [25, Fraction(15, 2), Fraction(-15, 2), -25]


def test_a_floating_uma_with_a_gap_is_an_error_not_the_next_list() -> None:
    uma = parse_floating({"1": [12, -1, -3, -8], "3": [8, 3, 1, -12]})
    with pytest.raises(RulesError, match="has no uma for 2 players at or above 30000"):
        settle([38000, 32000, 28000, 22000], Rules(uma=uma))


# -- side bets on their lines -----------------------------------------------------------


def test_exactly_on_the_shizumi_line_does_not_pay() -> None:
    game = settle_game([40000, 30000, 29900, 20100], find_preset("wrc"), None,
                       Bets(side=SideRules(shizumi=10000)))  # fmt: skip
    # 30000 is not below the line (the return points): only 29900 and 20100 pay
    assert [game.side_of(n, Kind.SHIZUMI) for n in game.names] == [20, 0, -10, -10]
    lined = settle_game([40000, 30000, 29900, 20100], find_preset("wrc"), None,
                        Bets(side=SideRules(shizumi=10000, shizumi_line=29900)))  # fmt: skip
    assert [lined.side_of(n, Kind.SHIZUMI) for n in lined.names] == [10, 0, 0, -10]


def test_a_binta_pair_given_backwards_replaces_the_house_amount() -> None:
    """ビンタ 1000 between all, and 3000 for the pair given as B:A (seats 1:0): one pair,
    not a second one beside the house's."""
    bets = Bets(binta=(PairBet(1, 0, 3000),), side=SideRules(binta=1000))
    game = settle_game([40000, 35000, 25000, 20000], find_preset("wrc"), None, bets)
    between = [t.amount for t in game.side.transfers if {t.payer, t.payee} == {"East", "South"}]
    assert between == [3]
    opted_out = Bets(binta=(PairBet(1, 0, 0),), side=SideRules(binta=1000))
    game = settle_game([40000, 35000, 25000, 20000], find_preset("wrc"), None, opted_out)
    assert not [t for t in game.side.transfers if {t.payer, t.payee} == {"East", "South"}]


def test_exactly_zero_busts_only_when_the_rules_say_so() -> None:
    points = [60000, 40000, 20000, 0]
    plain = settle_game(points, find_preset("wrc"), None, Bets(side=SideRules(tobi=10000)))
    assert plain.side_of("North", Kind.TOBI) == 0
    zero = settle_game(points, find_preset("wrc"), None,
                       Bets(side=SideRules(tobi=10000, tobi_at_zero=True)))  # fmt: skip
    assert zero.side_of("North", Kind.TOBI) == -10 and zero.side_of("East", Kind.TOBI) == 10
    with pytest.raises(BetError, match="did not end below zero"):
        settle_game(points, find_preset("wrc"), None,
                    Bets(busted_by=((3, 0),), side=SideRules(tobi=10000)))  # fmt: skip


# -- money: first place absorbs the rounding, wherever it sits --------------------------


def test_money_residue_goes_to_first_place_not_the_lowest_seat() -> None:
    """Tenhou 2020 at 50 a pt in units of 100, first place in seat 1: 16400 scores -24
    (-1200), 31000 +11 (550 → 600), 10000 -40 (-2000); first place (53: 2650) takes
    minus the rest, 2600. Were the lowest seat to absorb, East would pay 1300."""
    stakes = Stakes(rate=Fraction(50), unit=Fraction(100))
    game = settle_game([16400, 42600, 31000, 10000], find_preset("tenhou-2020").replace(
        stakes=stakes))  # fmt: skip
    assert game.money() == {"East": -1200, "South": 2600, "West": 600, "North": -2000}


# -- hands --------------------------------------------------------------------------------


def test_kiriage_does_not_touch_the_exact_system() -> None:
    exact = Scoring(system="exact", kiriage=True)
    assert hand_value(4, 30, False, exact).ron == 7680
    assert hand_value(4, 30, False, Scoring(kiriage=True)).ron == 8000


@pytest.mark.parametrize(("honba", "ron", "each"), [(300, 900, 300), (600, 1800, 600),
                                                    (1500, 4500, 1500)])  # fmt: skip
def test_tsumo_honba_follows_the_honba_value(honba: int, ron: int, each: int) -> None:
    """Three counters on 1 han 30 fu (1000; 300/500): a ron adds 3 × honba, a tsumo a
    third of that from each payer (not 100 whatever the honba)."""
    value = hand_value(1, 30, False).with_honba(3, honba)
    assert value.ron == 1000 + ron
    assert (value.tsumo_non_dealer, value.tsumo_dealer) == (300 + each, 500 + each)


def test_a_double_yakuman_under_30fu_pays_twice() -> None:
    thirty = Scoring(system="30fu")
    assert hand_value(0, None, False, thirty, yakuman=2).ron == 72000
    assert hand_value(0, None, True, thirty, yakuman=2).ron == 96000


def test_three_player_split_north_rounds_each_half_up() -> None:
    """2 han 40 fu non-dealer tsumo 700/1300: the north's 700 split, each half (350)
    rounded up to 400: 1100 from the non-dealer, 1700 from the dealer."""
    split = Scoring(sanma_tsumo="split-north")
    value = three_player_tsumo(hand_value(2, 40, False), split)
    assert (value.tsumo_non_dealer, value.tsumo_dealer) == (1100, 1700)


# -- games ----------------------------------------------------------------------------


def test_exactly_zero_points_does_not_end_the_game() -> None:
    """Tenhou busts below zero: C dealt into three mangan and a 1000 is on exactly 0 and
    plays on; a hand later, below zero, the game ends."""
    rules = find_preset("tenhou")
    names = ("A", "B", "C", "D")
    hands = (
        Hand("ron", (Win(3, 5, None),), discarder=2),  # E1: D mangan: C 17000
        Hand("ron", (Win(3, 5, None),), discarder=2),  # E2: C 9000
        Hand("ron", (Win(3, 5, None),), discarder=2),  # E3: C 1000
        Hand("ron", (Win(0, 1, 30),), discarder=2),  # E4: A 1000: C 0
    )
    played = play(GameRecord(rules, names, hands), check_end=False)
    assert played.lines[-1].points == (26000, 25000, 0, 49000) and played.end == ""
    below = (*hands, Hand("ron", (Win(0, 1, 30),), discarder=2))  # S1: C -1000
    assert play(GameRecord(rules, names, below), check_end=False).end == "bust"


def test_exactly_30000_after_south_4_ends_a_game_with_west() -> None:
    """Tenhou: after South 4 the game goes into West only if nobody has 30000; C on
    exactly 30000 has it, so the game ends after S4."""
    hands = (
        Hand("ron", (Win(2, 2, 30),), discarder=0),  # E1: C 2000 from A: 27000
        Hand("draw", tenpai=(2,)),  # E2: C alone tenpai: 30000
        *[Hand("draw")] * 6,  # E3 .. S4: nobody tenpai, the deal passes
    )
    played = play(GameRecord(find_preset("tenhou"), ("A", "B", "C", "D"), hands))
    assert played.final_points == (22000, 24000, 30000, 24000)
    assert played.end == "length" and str(played.ended) == "after S4"


def test_the_game_flow_is_checked_when_built() -> None:
    with pytest.raises(RulesError, match="dealer_stop"):
        GameFlow(dealer_stop="sometimes")
    assert GameFlow(dealer_stop=True).dealer_stop.value == "choice"
    two = (Hand("tsumo", (Win(0, 1, 30), Win(1, 1, 30))),)
    with pytest.raises(GameError, match="hand 1: a tsumo has one winner and no discarder"):
        play(GameRecord(find_preset("tenhou"), ("A", "B", "C", "D"), two), check_end=False)
