"""The conditions of the last hands (条件): checked against a brute force over every
han and fu of the hand tables, against the payments of 1,500 real Tenhou hands, and
on worked cases at the lines (a tie placed by seat, exactly the gap)."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from test_tenhou_logs import LOGS, rules_of

from seisan.conditions import ConditionsError, after_win, conditions
from seisan.hands import HandError, HandValue, hand_value, three_player_tsumo
from seisan.logs import tenhou
from seisan.presets import find_preset, presets
from seisan.rules import PointSystem, Rules, Ties
from seisan.settlement import places

PRESETS = [r.name for r in presets()]


def _every_hand(rules: Rules, dealer: bool) -> list[tuple[tuple[int, int | None, int], HandValue]]:
    """Every (han, fu, yakuman) the tables take, valued: the brute force's ground."""
    found = []
    fus: list[int | None] = [None, 25, *range(20, 112, 2)]
    for yakuman in (0, 1, 2):
        for han in range(0 if yakuman else 1, 1 if yakuman else 14):
            for fu in fus:
                try:
                    value = hand_value(han, fu, dealer, rules.scoring, yakuman=yakuman)
                except HandError:
                    continue
                found.append(((han, fu, yakuman), value))
    return found


def _paid(value: HandValue, seat: int, discarder: int | None, dealer: int, rules: Rules,
          points: list[int], honba: int, sticks: int) -> list[int] | None:  # fmt: skip
    """The hand paid the plain way, as a scorer would with the table in hand."""
    scoring = rules.scoring
    after = list(points)
    if discarder is not None:
        if value.ron is None:
            return None
        after[discarder] -= value.ron + honba * scoring.honba
        after[seat] += value.ron + honba * scoring.honba + sticks * scoring.riichi
        return after
    if value.tsumo_non_dealer is None:
        return None
    if len(points) == 3:
        value = three_player_tsumo(value, scoring)
    for payer in range(len(points)):
        if payer == seat:
            continue
        share = value.tsumo_non_dealer
        if payer == dealer and value.tsumo_dealer is not None:
            share = value.tsumo_dealer
        assert share is not None
        share += honba * scoring.tsumo_honba
        after[payer] -= share
        after[seat] += share
    after[seat] += sticks * scoring.riichi
    return after


@st.composite
def tables(draw: st.DrawFn) -> tuple[Rules, list[int], int, int, int]:
    rules = find_preset(draw(st.sampled_from(PRESETS)))
    n = rules.players
    # points near one another, so that the needs are small and large, and ties
    points = draw(st.lists(st.integers(-20, 600).map(lambda x: x * 100), min_size=n, max_size=n))
    if draw(st.booleans()):
        points[draw(st.integers(0, n - 1))] = points[0]  # a tie, with seat 0 or itself
    dealer = draw(st.integers(0, n - 1))
    return rules, points, dealer, draw(st.integers(0, 4)), draw(st.integers(0, 3))


@settings(max_examples=150, deadline=None)
@given(tables())
def test_each_need_is_the_smallest_hand_of_the_tables_that_reaches_the_place(table) -> None:
    rules, points, dealer, honba, sticks = table
    n = len(points)
    now = places(points, rules.ties)
    needs = conditions(points, dealer, rules, honba=honba, deposits=sticks)
    expected = [
        (seat, place, discarder)
        for seat in range(n)
        for place in range(now[seat] - 1, 0, -1)
        for discarder in [*(s for s in range(n) if s != seat), None]
    ]
    assert [(x.seat, x.place, x.discarder) for x in needs] == expected
    for need in needs:
        seat, discarder = need.seat, need.discarder
        reaching = []
        for _shape, value in _every_hand(rules, seat == dealer):
            after = _paid(value, seat, discarder, dealer, rules, points, honba, sticks)
            if after is not None and places(after, rules.ties)[seat] <= need.place:
                reaching.append(after[seat] - points[seat])
        if not reaching:
            assert need.hand is None and need.value is None
            continue
        assert need.gain == min(reaching)
        assert need.value is not None and need.hand is not None
        again = hand_value(need.hand.han, need.hand.fu, seat == dealer, rules.scoring,
                           yakuman=need.hand.yakuman)  # fmt: skip
        assert again == need.value


def _single_wins():
    for path in LOGS[::3]:
        played = tenhou.check(tenhou.load(path, rules_of(path)))
        record = played.record
        points = [record.rules.start] * len(record.names)
        for hand, line in zip(record.hands, played.lines, strict=True):
            one = len(hand.wins) == 1 and hand.wins[0].pao is None
            if hand.result in ("ron", "tsumo") and one:
                yield path.stem, record, hand, line, points
            points = list(line.points)


WINS = list(_single_wins())


def test_the_real_wins_are_many() -> None:
    assert len(WINS) > 400


@pytest.mark.parametrize("case", WINS, ids=lambda c: f"{c[0]}-{c[3].number}")
def test_a_win_paid_here_is_what_tenhou_paid(case) -> None:
    _name, record, hand, line, before = case
    win = hand.wins[0]
    value = hand_value(win.han, win.fu, win.winner == line.dealer, record.rules.scoring,
                       yakuman=win.yakuman)  # fmt: skip
    stick = record.rules.scoring.riichi
    declared = [p - (stick if s in hand.riichi else 0) for s, p in enumerate(before)]
    sticks = line.deposits_before // stick + len(hand.riichi)
    after = after_win(declared, win.winner, hand.discarder, value, line.dealer, record.rules,
                      honba=line.honba, deposits=sticks)  # fmt: skip
    assert after == list(line.points)


MLEAGUE = find_preset("mleague")  # ties split, 切り上げ満貫
TENHOU = find_preset("tenhou")  # ties by seat (上家取り), no kiriage


def _need(points, dealer, seat, place, discarder, rules=TENHOU, **counters):
    for need in conditions(points, dealer, rules, **counters):
        if (need.seat, need.place, need.discarder) == (seat, place, discarder):
            return need
    raise AssertionError("no such need")


@pytest.mark.parametrize(
    ("points", "dealer", "seat", "place", "discarder", "counters", "text", "gain"),
    [
        # 4000 behind the leader, by tsumo: 800/1600 ties and seat 0 keeps a tie
        ([32000, 28000, 24000, 16000], 3, 1, 1, None, {}, "tsumo 1000/2000 (3han30fu)", 4000),
        # 8100 behind: a direct hit must be over 4050, and 4500 is the next ron
        ([32100, 24000, 24000, 19900], 3, 1, 1, 0, {}, "ron from A: 4500 (2han70fu)", 4500),
        # the lower seat wins a tie: B needs exactly the gap, C more (2300 is 1han70fu)
        ([30000, 24000, 26000, 20000], 0, 1, 2, 3, {}, "ron from D: 2000 (2han30fu)", 2000),
        ([30000, 26000, 24000, 20000], 0, 2, 2, 3, {}, "ron from D: 2300 (1han70fu)", 2300),
        # 3 honba and 2 sticks: 7100 + 900 + 2000 only ties the dealer in seat 0
        (
            [30000, 25000, 25000, 20000],
            0,
            3,
            1,
            1,
            {"honba": 3, "deposits": 2},
            "ron from B: 7700 (4han30fu)",
            10600,
        ),
        # the dealer's own tsumo: each pays the same (オール)
        ([34000, 26000, 21000, 19000], 3, 3, 1, None, {}, "tsumo 3900 all (4han30fu)", 11700),
        # with 切り上げ満貫 (M-League) the dealer's 3900 all is 4000 all, and a tie shares
        (
            [34000, 26000, 21000, 19000],
            3,
            3,
            1,
            None,
            {"rules": MLEAGUE},
            "tsumo 4000 all (mangan)",
            12000,
        ),
        # out of reach: not even a double yakuman by tsumo
        ([150000, -30000, -10000, -10000], 0, 1, 1, None, {}, "out of reach", 0),
    ],
)
def test_worked_needs(points, dealer, seat, place, discarder, counters, text, gain) -> None:
    need = _need(points, dealer, seat, place, discarder, **counters)
    assert need.describe("ABCD", "en") == text
    assert need.gain == gain


def test_a_need_is_by_tsumo_exactly_when_it_has_no_discarder() -> None:
    """South 4, the dealer D in seat 3 (the module's own example): C's ways to first are
    a ron from A, B or D, then a tsumo, and only the last is a tsumo (``Need.tsumo``, a
    property the web table reads to mark a ron: outside every mutmut run,
    Need.tsumo_1 applied by hand called every ron a tsumo)."""
    needs = conditions([31000, 27000, 22000, 20000], 3, TENHOU, honba=1, deposits=1)
    firsts = [n for n in needs if n.seat == 2 and n.place == 1]
    assert [(n.discarder, n.tsumo) for n in firsts] == [
        (0, False), (1, False), (3, False), (None, True),
    ]  # fmt: skip


def test_a_split_tie_is_a_shared_place() -> None:
    split = Rules.from_dict(TENHOU.to_dict() | {"name": "split", "ties": "split", "aliases": []})
    assert split.ties is Ties.SPLIT
    # B 8000 behind A, the dealer D: 1600/3200 ties A (5 × 1600 = 8000), and a shared
    # first is first; with ties by seat A keeps it, and 1800/3600 is the next tsumo
    need = _need([32000, 24000, 24000, 20000], 3, 1, 1, None, rules=split)
    assert need.describe("ABCD", "en") == "tsumo 1600/3200 (4han25fu)"
    seated = _need([32000, 24000, 24000, 20000], 3, 1, 1, None)
    assert seated.describe("ABCD", "en") == "tsumo 1800/3600 (2han110fu)"


def test_three_players_tsumo_loss_and_split() -> None:
    loss = find_preset("tenhou-sanma")
    need = _need([40000, 35000, 30000], 0, 2, 1, None, rules=loss)
    assert need.describe("ABC", "en") == "tsumo 3000/6000 (haneman)"


@pytest.mark.parametrize("system", list(PointSystem))
def test_every_point_system_names_its_hands(system) -> None:
    data = TENHOU.to_dict() | {"name": "x", "aliases": []}
    data["scoring"] = {"system": system.value}
    rules = Rules.from_dict(data)
    need = _need([30000, 26000, 24000, 20000], 0, 3, 1, 0, rules=rules)
    assert need.hand is not None
    if system in (PointSystem.THIRTY_FU, PointSystem.GORIN):
        assert need.hand.fu is None


@pytest.mark.parametrize(
    ("system", "points", "seat", "ron", "tsumo"),
    [("30fu", [30000, 26000, 24000, 20000], 3, "ron from A: 7700 (4han)",
      "tsumo 2000/4000 (4han)"),
     ("gorin", [30000, 26000, 24000, 20000], 3, "ron from A: 6400 (5han)",
      "tsumo 3200/6400 (6han)"),
     ("30fu", [30000, 29700, 20300, 20000], 1, "ron from A: 1000 (1han)",
      "tsumo 300/500 (1han)"),
     ("gorin", [30000, 29700, 20300, 20000], 1, "ron from A: 400 (1han)",
      "tsumo 100/200 (1han)")],
)  # fmt: skip
def test_a_need_under_a_system_of_han_alone_names_its_han(system, points, seat, ron, tsumo) -> None:
    """The dealer A leads. D, 10,000 behind, needs to pass A and B: under 30符ベース式
    3han's 3900 from A leaves D below B, 4han's 7700 does it; under 五輪 a ron of 6400
    (5han) from A, a tsumo of 6han (3200/6400: A the dealer pays 6400). B, 300 behind,
    needs the smallest hand there is, 1han: 1000 from A (30fu), 400 (五輪). Each hand
    named by its han (``_hands``, a ``cache``: outside every mutmut run, _hands_3, _7
    and _8 applied by hand made these systems' hands with no han, or none, or from
    2han on)."""
    data = TENHOU.to_dict() | {"name": "x", "aliases": []}
    data["scoring"] = {"system": system}
    rules = Rules.from_dict(data)
    assert _need(points, 0, seat, 1, 0, rules=rules).describe("ABCD", "en") == ron
    assert _need(points, 0, seat, 1, None, rules=rules).describe("ABCD", "en") == tsumo


def test_a_need_under_the_exact_system_is_of_any_even_fu() -> None:
    """精算法 pays every even fu as it is (1han: fu × 32 by ron, fu × 8 a share by
    tsumo). B, 1,500 behind the dealer A, passes A with more than 750 from A: 1han24fu's
    768 (22fu's 704 is short); by tsumo with a share over 250 (A pays double): 1han32fu's
    256/512, where 30fu's 240 is short (``_hands``, a ``cache``: outside every mutmut
    run, _hands_11 applied by hand gave this system the fu of the tables, 30 and 40)."""
    data = TENHOU.to_dict() | {"name": "x", "aliases": []}
    data["scoring"] = {"system": "exact"}
    rules = Rules.from_dict(data)
    points = [30000, 28500, 21500, 20000]
    assert _need(points, 0, 1, 1, 0, rules=rules).describe("ABCD", "en") == (
        "ron from A: 768 (1han24fu)"
    )
    assert _need(points, 0, 1, 1, None, rules=rules).describe("ABCD", "en") == (
        "tsumo 256/512 (1han32fu)"
    )


def test_a_need_past_a_double_yakuman_is_out_of_reach() -> None:
    """B is 150,000 behind A (the dealer D): a double yakuman from A (64,000) leaves B
    22,000 short, and only a triple (96,000) would do; past a double yakuman nobody
    asks, so the need is out of reach (``_hands``, a ``cache``: outside every mutmut
    run, _hands_43 applied by hand listed the triple yakuman too)."""
    points = [140000, -10000, -15000, -15000]
    assert _need(points, 3, 1, 1, 0).describe("ABCD", "en") == "out of reach"


@pytest.mark.parametrize("lang", ["en", "ja", "ko"])
def test_needs_in_every_language(lang) -> None:
    need = _need([32000, 28000, 24000, 16000], 3, 1, 1, 0)
    text = need.describe(["Ana", "Ben", "Chie", "Dae"], lang)
    assert "Ana" in text
    if lang != "en":
        assert "ron" not in text


def test_no_needs_for_the_leader() -> None:
    assert all(n.seat != 0 for n in conditions([40000, 25000, 20000, 15000], 0, MLEAGUE))


@pytest.mark.parametrize(
    ("points", "dealer", "counters", "problem"),
    [
        ([30000, 30000, 40000], 0, {}, "3 players' points for a game of 4"),
        ([25000] * 4, 4, {}, "the dealer must be one of the 4 seats"),
        ([25000] * 4, -1, {}, "the dealer must be one of the 4 seats"),
        ([25000] * 4, 0, {"honba": -1}, "honba and riichi sticks are counted from 0"),
        ([25000] * 4, 0, {"deposits": -1}, "honba and riichi sticks are counted from 0"),
    ],
)
def test_a_table_that_cannot_be_is_refused(points, dealer, counters, problem) -> None:
    with pytest.raises(ConditionsError) as err:
        conditions(points, dealer, TENHOU, **counters)
    assert str(err.value) == problem
