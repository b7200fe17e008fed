"""Game records: a hand-written hanchan checked by hand, records' JSON, errors,
and the zero sum of every hand."""

from __future__ import annotations

import copy
import json
import re
from dataclasses import replace
from decimal import Decimal
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from seisan import find_preset
from seisan.games import GameError, GameRecord, Hand, Win, load_record, play, record_from_dict
from seisan.rules import Extension, GameFlow, Rules, Scoring

EXAMPLE = Path(__file__).resolve().parents[1] / "examples" / "game.json"

# Worked by hand (Tenhou rules: 25000/30000, 10-20, 300 a honba, 1000 riichi, 3000 noten):
# the points after each hand, and the deposits left on the table.
BY_HAND = [
    ((23500, 25500, 26500, 23500), 1000),  # E1-0 Ben riichi; Ben, Chie tenpai: +1500 each
    ((20600, 25500, 26500, 27400), 0),  # E2-1 Dae 2600 + 300 from Ana, and the 1000 left
    ((20100, 25000, 28000, 26900), 0),  # E3-0 dealer Chie tsumo 1han30fu: 500 all
    ((14900, 27300, 28000, 29800), 0),  # E3-1 double ron: Ben 1000 (+300, Dae's stick), Dae 3900
    ((13900, 26300, 27000, 32800), 0),  # E4-0 draw, only the dealer Dae tenpai: 1000 from each
    ((19400, 26300, 27000, 27300), 0),  # E4-1 Ana riichi, ron from Dae 3han40fu 5200 + 300
    ((19400, 26300, 27000, 27300), 0),  # S1-0 九種九牌
    ((17900, 26800, 27500, 25800), 2000),  # S1-1 Ben, Chie riichi and tenpai: +1500 each
    ((22500, 25600, 26800, 25100), 0),  # S2-2 Ana tsumo 500/1000 + 200 each, takes 2000
    ((22500, 24100, 28300, 25100), 0),  # S3-0 dealer Chie ron 1han30fu 1500 from Ben
    ((22500, 24100, 26700, 26700), 0),  # S3-1 Dae ron 1han40fu 1300 + 300 from Chie
    ((23500, 25100, 27700, 23700), 0),  # S4-0 dealer Dae noten: 1000 to each; nobody has 30000
    ((22100, 24300, 30700, 22900), 0),  # W1-1 Chie tsumo 700/1300 + 100 each: sudden death
]  # fmt: skip
# Today's Tenhou settlement, unrounded: Ben -5.7 + 10; Dae -7.1 - 10; Ana -7.9 - 20;
# Chie +0.7 + 20 + oka 20
SCORES = [Decimal("-27.9"), Decimal("4.3"), Decimal("40.7"), Decimal("-17.1")]


def test_the_hand_written_record_through_the_cli(cli) -> None:
    data = cli.json("game", str(EXAMPLE))
    assert [(tuple(h["points"]), h["deposits"]) for h in data["hands"]] == BY_HAND
    assert data["ended"] == "sudden death in W1" and data["end"] == "sudden-death"
    assert data["final_points"] == [22100, 24300, 30700, 22900]
    assert [r["score"] for r in data["settlement"]["results"]] == SCORES
    assert [h["round"] for h in data["hands"]][-2:] == ["S4", "W1"]
    out = cli.run("game", str(EXAMPLE))
    assert "ron from Ana: Ben 1han30fu 1000; Dae" in out and "sudden death in W1" in out


def test_every_hand_sums_to_zero_with_the_deposits() -> None:
    for line in load_record(EXAMPLE).play().lines:
        assert sum(line.deltas) + line.deposits_after - line.deposits_before == 0


def test_records_round_trip_exactly() -> None:
    data = json.loads(EXAMPLE.read_text(encoding="utf-8"))
    record = record_from_dict(data)
    assert record.to_dict() == data
    assert record_from_dict(record.to_dict()) == record


def test_without_the_west_extension_the_game_ends_after_south_4() -> None:
    record = load_record(EXAMPLE)
    rules = record.rules.replace(game=GameFlow(extension=Extension.NONE))
    shorter = GameRecord(rules, record.names, record.hands[:12])
    played = shorter.play()
    assert str(played.ended) == "after S4"
    assert played.final_points == (23500, 25100, 27700, 23700)


def test_a_record_without_round_and_honba_gets_them_computed() -> None:
    data = json.loads(EXAMPLE.read_text(encoding="utf-8"))
    for hand in data["hands"]:
        del hand["round"], hand["honba"]
    assert record_from_dict(data).play().final_points == (22100, 24300, 30700, 22900)


def _broken(change) -> dict:
    data = json.loads(EXAMPLE.read_text(encoding="utf-8"))
    change(data)
    return data


BROKEN = [
    (lambda d: d["hands"][1].update({"from": "Dae"}), "hand 2: Dae cannot win on their own"),
    (lambda d: d["hands"][1]["wins"][0].update({"han": 1, "fu": 20}),
     "hand 2: Dae: 1 han 20 fu cannot occur"),
    (lambda d: d["hands"][2]["wins"][0].update({"fu": 25, "han": 2}),
     "hand 3: Chie's hand cannot win by tsumo"),
    (lambda d: d["hands"].append(copy.deepcopy(d["hands"][-1])), "hand 14: the game already"),
    (lambda d: d["hands"][4].update({"round": "S1"}),
     "hand 5: the record says S1, but the game is at E4"),
    (lambda d: d["hands"][4].update({"honba": 3}), "hand 5: the record says 3 honba"),
    (lambda d: d["hands"][3]["riichi"].append("Dae"), "hand 4: a player declares riichi twice"),
    (lambda d: d["hands"][0].update({"tenpai": ["Chie"]}), "hand 1: Ben declared riichi but"),
    (lambda d: d["hands"][0].update({"result": "win"}), "hand 1: result “win” must be one of"),
    (lambda d: d["hands"][1]["wins"][0].update({"winner": "Eve"}),
     "hand 2: winner: “Eve” is not"),
    (lambda d: d["hands"][6].update({"reason": "boredom"}), "hand 7: unknown abortive draw"),
    (lambda d: d["hands"].pop(), "the game has not ended"),
    (lambda d: d["hands"][11].update({"stop": True}),
     "hand 12: only the dealer who wins or is tenpai in the last hand"),
    (lambda d: d.update({"rules": "jpml"}) or d["hands"][11].update({"stop": True}),
     "hand 12: these rules do not let the dealer stop"),
]  # fmt: skip


@pytest.mark.parametrize(("change", "message"), BROKEN)
def test_bad_records_name_the_hand(cli, tmp_path: Path, change, message: str) -> None:
    path = tmp_path / "bad.json"
    path.write_text(json.dumps(_broken(change)), encoding="utf-8")
    with pytest.raises(GameError) as err:
        load_record(path).play()
    assert message in str(err.value)
    err_text = cli.run("game", str(path), code=2)
    assert message in err_text and err_text.count("\n") == 1


def test_riichi_needs_a_thousand_points() -> None:
    rules = find_preset("tenhou")
    names = ("A", "B", "C", "D")
    hands = (
        Hand("ron", (Win(0, yakuman=1),), discarder=1),  # the dealer's yakuman: 48000 from B
    )
    record = GameRecord(rules.replace(game=GameFlow(bust_ends=False)), names, hands)
    assert play(record, check_end=False).lines[0].points == (73000, -23000, 25000, 25000)
    hands = (*hands, Hand("draw", riichi=(1,), tenpai=(1,)))
    with pytest.raises(GameError, match="hand 2: B cannot declare riichi with -23000 points"):
        play(GameRecord(record.rules, names, hands), check_end=False)
    # 箱下立直 (a Mahjong Soul room without busting): the stick goes down all the same
    owing = record.rules.replace(scoring=replace(record.rules.scoring, riichi_in_debt=True))
    line = play(GameRecord(owing, names, hands), check_end=False).lines[1]
    assert line.points == (72000, -21000, 24000, 24000) and line.deposits_after == 1000


def test_a_bust_ends_the_game_and_leftover_deposits_go_to_first() -> None:
    rules = find_preset("tenhou")
    hands = (
        # dealer A riichi and alone tenpai: -1000 stick, +3000; the others -1000 each
        Hand("draw", riichi=(0,), tenpai=(0,)),
        # 1 honba: C's yakuman 32000 + 300 from B, and A's stick from the table
        Hand("ron", (Win(2, yakuman=1),), discarder=1),
    )
    played = GameRecord(rules, ("A", "B", "C", "D"), hands).play()
    assert str(played.ended) == "B went below zero" and played.end == "bust"
    assert played.final_points == (27000, -8300, 57300, 24000)


def test_pao_pays_a_tsumo_in_full_and_half_a_ron() -> None:
    rules = find_preset("tenhou").replace(game=GameFlow(bust_ends=False))
    names = ("A", "B", "C", "D")
    tsumo = Hand("tsumo", (Win(1, yakuman=1, pao=2),))
    assert play(GameRecord(rules, names, (tsumo,)), check_end=False).lines[0].deltas == (
        0, 32000, -32000, 0
    )  # fmt: skip
    ron = Hand("ron", (Win(1, yakuman=1, pao=2),), discarder=3)
    assert play(GameRecord(rules, names, (ron,)), check_end=False).lines[0].deltas == (
        0, 32000, -16000, -16000
    )  # fmt: skip


def test_atamahane_gives_the_win_to_the_nearest_only() -> None:
    rules = find_preset("tenhou")
    rules = rules.replace(scoring=Scoring(atamahane=True))
    double = Hand("ron", (Win(3, 1, 30), Win(1, 1, 30)), discarder=0)
    line = play(GameRecord(rules, ("A", "B", "C", "D"), (double,)), check_end=False).lines[0]
    assert line.deltas == (-1000, 1000, 0, 0)


def test_dealer_stop_in_the_last_hand() -> None:
    rules = find_preset("tenhou").replace(game=GameFlow(length="east", dealer_stop=True))
    hands = [
        Hand("ron", (Win(1, 1, 30),), discarder=2),  # E1 -> E2
        Hand("ron", (Win(2, 1, 30),), discarder=1),  # E2 -> E3
        Hand("ron", (Win(3, 1, 30),), discarder=1),  # E3 -> E4, Dae deals
        Hand("ron", (Win(3, 3, 30),), discarder=0, stop=True),  # Dae leads and stops
    ]
    played = GameRecord(rules, ("A", "B", "C", "D"), tuple(hands)).play()
    assert str(played.ended) == "the dealer stopped as the leader in E4"
    # B +1000 -1000 -1000, C -1000 +1000, D +1000 +5800 (dealer 3han30fu from A)
    assert played.final_points == (19200, 24000, 25000, 31800)


PLAYERS = {3: ("A", "B", "C"), 4: ("A", "B", "C", "D")}
RULESETS = [
    find_preset("tenhou"),
    find_preset("ema"),  # ties split: deposits shared by tied firsts
    find_preset("jpml"),  # deposits lost
    find_preset("tenhou-sanma"),
    find_preset("tenhou-sanma").replace(scoring=Scoring(sanma_tsumo="split-north")),
    find_preset("tenhou").replace(scoring=Scoring(triple_ron="win", atamahane=False)),
]


@st.composite
def games(draw: st.DrawFn) -> tuple[Rules, list[Hand]]:
    rules = draw(st.sampled_from(RULESETS))
    n = rules.players
    seats = st.integers(0, n - 1)
    hands = []
    for _ in range(draw(st.integers(1, 30))):
        riichi = tuple(sorted(draw(st.sets(seats, max_size=2))))
        kinds = ["ron", "ron", "tsumo", "tsumo", "draw", *(["abort"] if rules.game.aborts else [])]
        kind = draw(st.sampled_from(kinds))
        if kind == "ron":
            discarder = draw(seats)
            winners = draw(st.sets(seats.filter(lambda s, d=discarder: s != d), min_size=1,
                                   max_size=n - 1))  # fmt: skip
            wins = tuple(
                Win(w, yakuman=1, pao=draw(st.sampled_from([None, discarder])))
                if draw(st.booleans()) and draw(st.booleans())
                else Win(w, draw(st.integers(1, 13)), draw(st.sampled_from([30, 40, 50, 110])))
                for w in sorted(winners)
            )
            hands.append(Hand("ron", wins, discarder=discarder, riichi=riichi))
        elif kind == "tsumo":
            winner = draw(seats)
            pao = draw(st.sampled_from([None, *[s for s in range(n) if s != winner]]))
            win = (
                Win(winner, yakuman=1, pao=pao)
                if pao is not None
                else Win(winner, draw(st.integers(1, 13)), draw(st.sampled_from([30, 40, 60])))
            )
            hands.append(Hand("tsumo", (win,), riichi=riichi))
        elif kind == "draw":
            tenpai = tuple(sorted(set(draw(st.sets(seats))) | set(riichi)))
            hands.append(Hand("draw", tenpai=tenpai, riichi=riichi))
        else:
            hands.append(Hand("abort", riichi=riichi))
    return rules, hands


@settings(max_examples=250, deadline=None)
@given(games())
def test_every_hand_of_any_game_sums_to_zero(case: tuple[Rules, list[Hand]]) -> None:
    """In every hand the points change hands with an exact zero sum, deposits counted."""
    rules, specs = case
    names = PLAYERS[rules.players]
    hands: list[Hand] = []
    for hand in specs:
        try:
            play(GameRecord(rules, names, (*hands, hand)), check_end=False)
        except GameError as err:
            # only the game's end or a riichi without the points may stop a random game
            assert "already ended" in str(err) or "cannot declare riichi" in str(err), err
            break
        hands.append(hand)
    if not hands:
        return
    played = play(GameRecord(rules, names, tuple(hands)), check_end=False)
    for line in played.lines:
        assert sum(line.deltas) + line.deposits_after - line.deposits_before == 0
    assert sum(played.final_points) + played.leftover == rules.start * rules.players


def _game(rules: Rules, *hands: Hand, names=("A", "B", "C", "D")):
    return GameRecord(rules, names, hands)


NO_TENPAI = Hand("draw")


def test_tied_firsts_share_the_leftover_deposits() -> None:
    """EMA: players tying for first share any leftover riichi sticks."""
    rules = find_preset("ema").replace(game=GameFlow(extension=Extension.NONE))
    # E1: B, C tenpai (+1500, A and D -1500); six draws nobody tenpai; in S4 A declares
    # riichi and is alone tenpai (-1000 +3000)
    hands = [Hand("draw", tenpai=(1, 2))] + [NO_TENPAI] * 6 + [
        Hand("draw", riichi=(0,), tenpai=(0,))
    ]  # fmt: skip
    played = _game(rules, *hands).play()
    assert played.final_points == (30500, 30500, 30500, 27500)
    assert played.leftover == 1000
    # D: -2.5 - 15 = -17.5; A, B, C share 17.5 (uma 15+5-5, their 0.5 each and the
    # stick's 1): 5.8 each and the leftover tenth to seat 0
    assert [str(x) for x in played.settlement.scores] == ["59/10", "29/5", "29/5", "-35/2"]


def test_lost_deposits_at_the_end() -> None:
    rules = find_preset("jpml").replace(game=GameFlow(extension=Extension.NONE))
    hands = [NO_TENPAI] * 7 + [Hand("draw", riichi=(0,), tenpai=(0,))]
    played = _game(rules, *hands).play()
    assert played.final_points == (32000, 29000, 29000, 29000)  # -1000 stick, +3000 noten
    assert played.leftover == 1000 and str(played.ended) == "after S4"


def test_dealer_stop_needs_the_target_and_a_win_or_tenpai() -> None:
    rules = find_preset("tenhou").replace(game=GameFlow(extension="west", dealer_stop=True))
    below = [NO_TENPAI] * 7 + [Hand("draw", tenpai=(3,), stop=True)]
    with pytest.raises(GameError, match="hand 8: the dealer cannot stop below 30000"):
        _game(rules, *below).play()
    abort = [NO_TENPAI] * 7 + [Hand("abort", stop=True)]
    with pytest.raises(GameError, match="hand 8: only the dealer who wins or is tenpai"):
        _game(rules, *abort).play()


def test_three_players_tsumo_loss_and_split_north() -> None:
    names = ("A", "B", "C")
    tsumo = Hand("tsumo", (Win(1, 3, 30),))  # B, non-dealer: 1000/2000
    loss = _game(find_preset("tenhou-sanma"), tsumo, names=names)
    assert play(loss, check_end=False).lines[0].deltas == (-2000, 3000, -1000)
    split = find_preset("tenhou-sanma").replace(scoring=Scoring(sanma_tsumo="split-north"))
    assert play(_game(split, tsumo, names=names), check_end=False).lines[0].deltas == (
        -2500, 4000, -1500
    )  # fmt: skip


def test_west_ends_after_west_4_and_north_goes_on() -> None:
    rules = find_preset("tenhou")
    hands = [NO_TENPAI] * 12  # nobody ever reaches 30000
    assert str(_game(rules, *hands).play().ended) == "after W4"
    north = rules.replace(game=GameFlow(extension=Extension.NORTH))
    with pytest.raises(GameError, match="the record stops at N1"):
        _game(north, *hands).play()
    assert str(_game(north, *hands, *[NO_TENPAI] * 4).play().ended) == "after N4"


def test_east_only_goes_into_south() -> None:
    rules = find_preset("tenhou").replace(game=GameFlow(length="east", extension="west"))
    assert str(_game(rules, *[NO_TENPAI] * 8).play().ended) == "after S4"


def test_pao_on_a_double_ron() -> None:
    rules = find_preset("tenhou").replace(game=GameFlow(bust_ends=False))
    # D deals in to B's yakuman (C responsible) and to C's 1 han 30 fu
    hand = Hand("ron", (Win(1, yakuman=1, pao=2), Win(2, 1, 30)), discarder=3)
    deltas = play(_game(rules, hand), check_end=False).lines[0].deltas
    assert deltas == (0, 32000, -16000 + 1000, -16000 - 1000)


def test_pao_is_for_yakuman_only() -> None:
    hand = Hand("ron", (Win(1, 2, 30, pao=3),), discarder=2)
    with pytest.raises(GameError, match="包 \\(pao\\) is for a yakuman"):
        play(_game(find_preset("tenhou"), hand), check_end=False)


def test_triple_ron_is_an_abortive_draw_under_tenhou() -> None:
    hand = Hand("ron", (Win(1, 1, 30), Win(2, 1, 30), Win(3, 1, 30)), discarder=0, riichi=(1,))
    line = play(_game(find_preset("tenhou"), hand), check_end=False).lines[0]
    assert str(line.summary) == "triple ron: abortive draw (sanchahou)"
    assert line.deltas == (0, -1000, 0, 0) and line.deposits_after == 1000
    paid = find_preset("tenhou").replace(scoring=Scoring(triple_ron="win"))
    # three 1000s from A; B, nearest, also takes back its own stick
    assert play(_game(paid, hand), check_end=False).lines[0].deltas == (-3000, 1000, 1000, 1000)


@pytest.mark.parametrize(
    ("hand", "message"),
    [
        (Hand("abort", reason="suucha-riichi", riichi=(0, 1)), "needs all four riichi"),
        (Hand("ron", (Win(1, yakuman=100),), discarder=0), "hand 1: B: 100 yakuman cannot"),
        (Hand("ron", (Win(1, 2, 30, yakuman=1),), discarder=0), "give han or yakuman, not both"),
        (
            Hand("ron", (Win(1, 2, 30, dora=3),), discarder=0),
            "^hand 1: B's 3 han of dora leave no han of yaku in a 2 han hand$",
        ),
        # exactly the hand's han: no han of yaku is left, and a win needs one
        (
            Hand("ron", (Win(1, 2, 30, dora=2),), discarder=0),
            "^hand 1: B's 2 han of dora leave no han of yaku in a 2 han hand$",
        ),
        (
            Hand("ron", (Win(1, yakuman=1, dora=1),), discarder=0),
            "^hand 1: B's yakuman takes no dora",
        ),
        (
            Hand("ron", (Win(1, 2, 30, dora=-1),), discarder=0),
            "hand 1: dora: -1 must be a whole number, 0 or more",
        ),
    ],
)
def test_more_bad_hands(hand: Hand, message: str) -> None:
    with pytest.raises(GameError, match=message):
        play(_game(find_preset("tenhou"), hand), check_end=False)


def test_dora_up_to_one_han_less_than_the_hand_are_kept() -> None:
    """One han of yaku and the rest dora is the most dora a hand may have (the line:
    one more is refused above)."""
    hand = Hand("ron", (Win(1, 2, 30, dora=1),), discarder=0)
    assert play(_game(find_preset("tenhou"), hand), check_end=False).lines[0].deltas[1] == 2000


def test_a_reason_only_for_an_abortive_draw(tmp_path: Path) -> None:
    data = json.loads(EXAMPLE.read_text(encoding="utf-8"))
    data["hands"][1]["reason"] = "kyuushu"
    with pytest.raises(GameError, match="hand 2: a reason is given only for an abortive draw"):
        record_from_dict(data)


def test_loose_records_are_written_in_the_canonical_form() -> None:
    data = json.loads(EXAMPLE.read_text(encoding="utf-8"))
    data["hands"][0]["round"] = "東1"
    data["hands"][1]["from"] = 0  # a seat number
    del data["hands"][2]["round"]
    canonical = record_from_dict(data).to_dict()
    assert canonical == json.loads(EXAMPLE.read_text(encoding="utf-8"))
    data["rules"] = {"extends": "tenhou", "uma": "10-30"}
    assert record_from_dict(data).to_dict()["rules"] == {"extends": "tenhou", "uma": "10-30"}


def test_play_errors_name_the_file(tmp_path: Path) -> None:
    data = json.loads(EXAMPLE.read_text(encoding="utf-8"))
    data["hands"].pop()
    path = tmp_path / "short.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    with pytest.raises(GameError, match=f"^{path}: the record stops at W1"):
        load_record(path).play()


def test_the_game_table_shows_a_settlement_with_lost_deposits(cli, tmp_path: Path) -> None:
    """A stick lost at the end is in nobody's points; the table still settles."""
    data = {
        "rules": {"extends": "jpml", "game": {"extension": "none"}},
        "players": ["A", "B", "C", "D"],
        "hands": [{"result": "draw"}] * 7 + [{"result": "draw", "riichi": ["A"], "tenpai": ["A"]}],
    }
    path = tmp_path / "lost.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    out = cli.run("game", str(path))
    assert "after S4" in out
    # A: +2 points and 1人浮き +12 (the lost stick is in nobody's score); B, C, D share -12
    assert re.search(r"A\s*│\s*32000\s*│\s*\+14", out)
    assert "Uma 1 at or above return points +12/-1/-3/-8" in out
    assert len(re.findall(r"│\s*29000\s*│\s*-5", out)) == 3


def test_a_record_may_name_a_rules_file_beside_it(tmp_path: Path) -> None:
    (tmp_path / "club.toml").write_text('extends = "tenhou"\numa = "10-30"\n', encoding="utf-8")
    data = json.loads(EXAMPLE.read_text(encoding="utf-8"))
    data["rules"] = "club.toml"
    path = tmp_path / "game.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    played = load_record(path).play()
    # the same hands; 10-30 instead of 10-20: Chie +0.7 + 30 + 20, Ana -7.9 - 30
    assert [str(s) for s in played.settlement.scores] == ["-379/10", "43/10", "507/10", "-171/10"]


# -- issue 7: game length, Tenhou's flow, three players, nagashi, the exact system ----


def test_organisations_without_west_end_after_south_4() -> None:
    """M.League, WRC, EMA and JPML end after South 4 with nobody at 30000."""
    for preset in ("mleague", "wrc", "ema", "jpml", "rmu", "saikouisen"):
        played = _game(find_preset(preset), *[NO_TENPAI] * 8).play()
        assert str(played.ended) == "after S4" and played.end == "length", preset
    for preset in ("tenhou", "mahjongsoul", "sun-oka", "one-two-oka"):
        with pytest.raises(GameError, match="the record stops at W1"):
            _game(find_preset(preset), *[NO_TENPAI] * 8).play()


def test_a_record_may_end_on_time_and_settles_on_its_points() -> None:
    data = json.loads(EXAMPLE.read_text(encoding="utf-8"))
    data["hands"] = data["hands"][:5]
    data["end"] = "time"
    played = record_from_dict(data).play()
    assert played.end == "time" and str(played.ended) == "stopped on time before E4"
    assert played.final_points == (13900, 26300, 27000, 32800)
    assert played.settlement is not None and sum(played.settlement.scores) == 0
    assert record_from_dict(data).to_dict()["end"] == "time"
    data["end"] = "tea"
    with pytest.raises(GameError, match="end: “tea” must be one of time, agreement"):
        record_from_dict(data)
    del data["end"]  # a record the rules end: its end is the empty text, not None
    assert record_from_dict(data).end == ""


def test_tenhou_stops_the_game_itself_for_the_leading_dealer() -> None:
    """Tenhou's automatic agari-yame and tenpai-yame: the South 4 dealer wins, or is
    tenpai, and leads with 30000 or more."""
    tenhou = find_preset("tenhou")
    # seven all-noten draws (honba 7), then S4-7: dealer D's ron 3han30fu 5800 + 2100
    hands = [NO_TENPAI] * 7 + [Hand("ron", (Win(3, 3, 30),), discarder=0)]
    played = _game(tenhou, *hands).play()
    assert (
        played.end == "stop"
        and str(played.ended) == "the dealer led in S4, where the rules end the game"
    )
    assert played.final_points == (17100, 25000, 25000, 32900)
    # E1: D ron 3900 from B; six noten draws; S4-6: D alone tenpai, 28900 + 3000 = 31900
    tenpai = [Hand("ron", (Win(3, 3, 30),), discarder=1), *[NO_TENPAI] * 6,
              Hand("draw", tenpai=(3,))]  # fmt: skip
    assert _game(tenhou, *tenpai).play().end == "stop"
    # below 30000 the dealer plays on: 1500 + 2100 = 3600, D 28600
    below = [NO_TENPAI] * 7 + [Hand("ron", (Win(3, 1, 30),), discarder=0)]
    with pytest.raises(GameError, match="the record stops at S4 with 8 honba"):
        _game(tenhou, *below).play()
    # an abortive draw never stops the game, leader or not
    aborted = [*tenpai[:-1], Hand("draw", tenpai=(3,)), Hand("abort", reason="kyuushu")]
    with pytest.raises(GameError, match="hand 9: the game already ended"):
        _game(tenhou, *aborted).play()


def test_in_west_keeping_the_deal_comes_first() -> None:
    """Issue 7 item 9 (the real log 2022060108gm-00a9-0000-930771df shows it): in West,
    C reaches 30000 at a draw where the dealer A is tenpai: W1 is played again; the game
    ends when a hand leaves someone at 30000 and the deal passes."""
    hands = [
        Hand("ron", (Win(2, 3, 30),), discarder=3),  # E1-0: C 28900, D 21100
        *[NO_TENPAI] * 7,  # E2-0 .. S4-6: nobody has 30000: into West
        Hand("draw", tenpai=(0, 2)),  # W1-7: A (dealer) and C tenpai: C 30400, A 26500
        NO_TENPAI,  # W1-8: the dealer is noten, the deal passes: sudden death
    ]
    played = _game(find_preset("tenhou"), *hands).play()
    assert played.end == "sudden-death" and str(played.ended) == "sudden death in W1"
    assert [line.round for line in played.lines[-2:]] == ["W1", "W1"]
    assert played.final_points == (26500, 23500, 30400, 19600)
    with pytest.raises(GameError, match="the record stops at W1 with 8 honba"):
        _game(find_preset("tenhou"), *hands[:-1]).play()


def test_the_last_west_hand_is_played_again_when_the_dealer_keeps_the_deal() -> None:
    """004: Tenhou ends after West 4 whatever the points. A dealer who keeps the deal in
    West 4 plays it again, as real three-player Tenhou logs do in their last West hand
    (W3-1, W3-2 in 2026011723gm-00b9-0000-828689a2); the game ends when the deal passes."""
    hands = [*[NO_TENPAI] * 11, Hand("draw", tenpai=(3,))]  # W4-11: D alone tenpai, 28000
    with pytest.raises(GameError, match="the record stops at W4 with 12 honba"):
        _game(find_preset("tenhou"), *hands).play()
    played = _game(find_preset("tenhou"), *hands, NO_TENPAI).play()
    assert str(played.ended) == "after W4" and played.end == "length"
    assert [line.round for line in played.lines[-2:]] == ["W4", "W4"]


def test_three_player_tenhou_noten_payments_and_honba() -> None:
    """Issue 7 item 10, as real three-player Tenhou logs show: noten payments total 2000,
    a honba is 200 on a ron and 100 from each payer on a tsumo."""
    hands = [
        Hand("draw", tenpai=(0,)),  # E1-0: A alone tenpai: +2000, 1000 from each
        Hand("tsumo", (Win(1, 1, 30),)),  # E1-1: B 300/500, +100 each: ツモ損
        Hand("draw", tenpai=(0, 2)),  # E2-0: two tenpai: 1000 each from B
        Hand("ron", (Win(2, 1, 30),), discarder=0),  # E3-1: dealer C 1500 + 200
    ]
    played = play(_game(find_preset("tenhou-sanma"), *hands, names=("A", "B", "C")),
                  check_end=False)  # fmt: skip
    assert [line.deltas for line in played.lines] == [
        (2000, -1000, -1000),
        (-600, 1000, -400),
        (1000, -2000, 1000),
        (-1700, 0, 1700),
    ]
    assert [line.round + f"-{line.honba}" for line in played.lines] == [
        "E1-0", "E1-1", "E2-0", "E3-1"
    ]  # fmt: skip


def test_nagashi_mangan_is_paid_like_a_mangan_tsumo() -> None:
    """Issue 7 item 11: no honba, deposits stay on the table, no noten payments, and
    the dealer keeps the deal if tenpai; several players may make it."""
    tenhou = find_preset("tenhou")
    one = Hand("draw", riichi=(1,), tenpai=(0, 1), nagashi=(2,))
    line = play(_game(tenhou, NO_TENPAI, one), check_end=False).lines[1]
    assert line.honba == 1 and line.round == "E2"  # B deals; honba 1 is not paid
    assert line.deltas == (-2000, -1000 - 4000, 8000, -2000)
    assert line.deposits_after == 1000
    assert str(line.summary) == "draw, nagashi mangan: C; tenpai: A, B"
    # the dealer makes it too: A 4000 from each, C 4000 from A and 2000 from B and D
    two = Hand("draw", tenpai=(0,), nagashi=(0, 2))
    played = play(_game(tenhou, two), check_end=False)
    assert played.lines[0].deltas == (8000, -6000, 4000, -6000)
    assert played.lines[0].honba == 0 and len(played.lines) == 1
    assert play(_game(tenhou, two, NO_TENPAI), check_end=False).lines[1].round == "E1"  # 連荘
    # three players (ツモ損): a non-dealer's is 6000, the dealer's 8000
    sanma = find_preset("tenhou-sanma")
    three = play(_game(sanma, Hand("draw", nagashi=(1,)), names=("A", "B", "C")), check_end=False)
    assert three.lines[0].deltas == (-4000, 6000, -2000)
    # WRC has none: a record that states one is an error
    with pytest.raises(GameError, match="hand 1: these rules have no 流し満貫"):
        play(_game(find_preset("wrc"), Hand("draw", nagashi=(1,))), check_end=False)


def test_an_exact_system_game_settles_to_the_point(cli, tmp_path: Path) -> None:
    """Issue 7 item 5: the reviewer's record: E1 dealer ron 3 han 42 fu = 8064 under 精算法,
    then eight all-noten draws, M.League rules: A scores +53.064."""
    record = {
        "rules": {"extends": "mleague", "scoring": {"system": "exact"}},
        "players": ["A", "B", "C", "D"],
        "hands": [{"result": "ron", "from": "B", "wins": [{"winner": "A", "han": 3, "fu": 42}]}]
        + [{"result": "draw"}] * 8,
    }
    path = tmp_path / "exact.json"
    path.write_text(json.dumps(record), encoding="utf-8")
    played = load_record(path).play()
    assert played.final_points == (33064, 16936, 25000, 25000)
    assert played.record.rules.unit == 1
    data = cli.json("game", str(path))
    scores = [r["score"] for r in data["settlement"]["results"]]
    assert scores == [Decimal("53.064"), Decimal("-43.064"), -5, -5]
    assert data["settlement"]["rules"]["changed"] == ["scoring"]
    out = cli.run("game", str(path))
    assert "+53.064" in out and "-43.064" in out and "-5.000" in out


@pytest.mark.parametrize(
    ("lang", "chosen", "automatic"),
    [
        ("en", "the dealer stopped as the leader in S4",
         "the dealer led in S4, where the rules end the game"),
        ("ja", "南4局でトップの親がやめて終了",
         "南4局で親がトップのため、ルールにより終了"),
        ("ko", "남4국에서 1등인 친이 종료를 선택",
         "남4국에서 친이 1등이라 룰에 따라 종료"),
    ],
)  # fmt: skip
def test_the_end_line_names_the_round_as_players_write_it(
    lang: str, chosen: str, automatic: str
) -> None:
    """Issue 16: 南4局 / 남4국, never S4, in every end line; a stop the rules make
    (Tenhou) is not told as the dealer's choice."""
    tenhou = find_preset("tenhou")
    hands = [NO_TENPAI] * 7 + [Hand("ron", (Win(3, 3, 30),), discarder=0)]
    played = _game(tenhou, *hands).play()
    assert played.ended.text(lang) == automatic  # type: ignore[union-attr]
    choice = tenhou.replace(game=GameFlow(dealer_stop="choice"))
    stopped = _game(
        choice, *hands[:-1], Hand("ron", (Win(3, 3, 30),), discarder=0, stop=True)
    ).play()
    assert stopped.ended.text(lang) == chosen  # type: ignore[union-attr]


@pytest.mark.parametrize(
    ("pao_rule", "deltas"),
    [(True, (-5200, 5200, 0, 0)), (False, (-2600, 5200, -1300, -1300))],
)
def test_daiminkan_rinshan_is_paid_by_whoever_fed_the_kan_when_the_rules_say(
    pao_rule: bool, deltas: tuple[int, ...]
) -> None:
    """大明槓の責任払い: B's 嶺上開花 (3han 40fu tsumo 1300/2600; A deals) after a kan on
    A's discard: A pays all 5200 under the rule, else it is an ordinary tsumo."""
    rules = find_preset("tenhou").replace(scoring=Scoring(daiminkan_pao=pao_rule))
    tsumo = Hand("tsumo", (Win(1, 3, 40, daiminkan=0),))
    played = play(GameRecord(rules, ("A", "B", "C", "D"), (tsumo,)), check_end=False)
    assert played.lines[0].deltas == deltas
    data = GameRecord(rules, ("A", "B", "C", "D"), (tsumo,)).to_dict()
    assert data["hands"][0]["wins"][0]["daiminkan"] == "A"
    assert record_from_dict(data).to_dict() == data


def test_a_daiminkan_on_a_ron_or_on_oneself_is_refused() -> None:
    rules = find_preset("tenhou").replace(scoring=Scoring(daiminkan_pao=True))
    ron = Hand("ron", (Win(1, 3, 40, daiminkan=0),), discarder=0)
    with pytest.raises(
        GameError, match=r"^hand 1: a 嶺上開花 after a 大明槓 \(daiminkan\) is a tsumo, not a ron$"
    ):
        play(GameRecord(rules, ("A", "B", "C", "D"), (ron,)), check_end=False)
    own = Hand("tsumo", (Win(1, 3, 40, daiminkan=1),))
    with pytest.raises(GameError, match="cannot be responsible"):
        play(GameRecord(rules, ("A", "B", "C", "D"), (own,)), check_end=False)


def test_a_daiminkan_by_no_player_is_named_with_its_hand() -> None:
    rules = find_preset("tenhou").replace(scoring=Scoring(daiminkan_pao=True))
    tsumo = Hand("tsumo", (Win(1, 3, 40, daiminkan=0),))
    data = GameRecord(rules, ("A", "B", "C", "D"), (tsumo,)).to_dict()
    data["hands"][0]["wins"][0]["daiminkan"] = "Zed"
    with pytest.raises(GameError) as caught:
        record_from_dict(data)
    assert str(caught.value) == (
        "hand 1: daiminkan: “Zed” is not a player (seats 0 to 3 or A, B, C, D)"
    )


@pytest.mark.parametrize(
    ("lang", "line"),
    [("ja", "ロン（Anaの放銃）: Ben 1翻30符 1000、Dae 3翻30符 3900"),
     ("ko", "론 (Ana 방총): Ben 1판 30부 1000; Dae 3판 30부 3900"),
     ("en", "ron from Ana: Ben 1han30fu 1000; Dae 3han30fu 3900")],
)  # fmt: skip
def test_a_double_rons_wins_are_listed_as_the_language_lists(cli, lang: str, line: str) -> None:
    """helper-87's review: a double ron's two wins were joined by “; ” in Japanese too,
    where a Japanese list takes 「、」 (``LIST_SEPARATORS``, as every other list)."""
    assert line in cli.run("--lang", lang, "game", str(EXAMPLE))


@pytest.mark.parametrize(
    ("lang", "title"),
    [("ja", "符計算: 門前清自摸和、立直、平和、ドラ (4翻20符)"),
     ("en", "Standard: Menzen Tsumo, Riichi, Pinfu, Dora (4 han 20 fu)")],
)  # fmt: skip
def test_a_hands_yaku_are_listed_as_the_language_lists(cli, lang: str, title: str) -> None:
    """helper-87's review: the hand's yaku in its title were joined by “, ” in Japanese."""
    out = cli.run("--lang", lang, "hand", "--tiles", "234m567p11s345678s", "--win", "8s",
                  "--tsumo", "--riichi", "--dora", "1m", "--seat-wind", "S")  # fmt: skip
    assert title in out
