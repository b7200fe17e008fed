"""Tournament rules (issue 10): chombo, referee penalties, substitutes, multiple ron
and each organisation's flow, with the numbers their rule texts publish."""

from __future__ import annotations

import json
from decimal import Decimal
from fractions import Fraction
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from seisan import find_preset, settle
from seisan.games import GameError, GameRecord, Hand, Win, load_record, play, record_from_dict
from seisan.ledger import settle_game
from seisan.rules import Penalties, Rules
from seisan.session import load_session
from seisan.settlement import Penalty, Substitute

NAMES = ("Ana", "Ben", "Chie", "Dae")
EXAMPLES = Path(__file__).resolve().parents[1] / "examples"
NOTEN = Hand("draw")


def _play(rules: Rules, *hands: Hand, check_end: bool = False):
    return play(GameRecord(rules, NAMES, hands), check_end=check_end)


# -- chombo -----------------------------------------------------------------------------


def test_ema_chombo_is_20_pt_after_uma_and_the_hand_is_dealt_again() -> None:
    """EMA RCR 2016 §3.4.6: 「the chombo penalty is 20,000 points … deducted … after the uma
    is added」; 「riichi bets are returned … a re-deal. No counter is placed, and the dealer
    does not rotate」."""
    ema = find_preset("ema")
    chombo = Hand("chombo", riichi=(0,), offender=1)  # Ana's riichi stick goes back
    played = _play(ema, chombo, *[NOTEN] * 8, check_end=True)
    first, again = played.lines[0], played.lines[1]
    assert first.deltas == (0, 0, 0, 0) and first.deposits_after == 0
    assert (again.round, again.honba) == ("E1", 0)  # the same hand, dealt again
    assert str(first.summary) == "chombo: Ben, 20 pt after uma"
    assert played.settlement is not None
    # everyone ends on 30000: a four-way tie, 0 each; Ben -20 after uma
    assert list(played.settlement.scores) == [0, -20, 0, 0]
    assert played.settlement[1].parts.penalty == -20
    assert sum(played.settlement.scores) == -20


def test_a_mangan_chombo_is_paid_like_a_reverse_mangan_tsumo() -> None:
    """EMA outside tournaments (and jansou, 満貫払い): 「4,000 to East, 2,000 to other
    players … East … 4,000 to each」."""
    jansou = find_preset("tenhou").replace(penalties=Penalties(chombo="mangan"))
    child = _play(jansou, Hand("chombo", offender=1)).lines[0]
    assert child.deltas == (4000, -8000, 2000, 2000)
    dealer = _play(jansou, Hand("chombo", offender=0)).lines[0]
    assert dealer.deltas == (-12000, 4000, 4000, 4000)
    # counted as played: the deal passes and a counter is added, as after a draw
    played = jansou.replace(penalties=Penalties(chombo="mangan", chombo_replay=False))
    line = _play(played, Hand("chombo", offender=0), NOTEN).lines[1]
    assert (line.round, line.honba) == ("E2", 1)
    kept = jansou.replace(penalties=Penalties(chombo="mangan", chombo_riichi_back=False))
    stays = _play(kept, Hand("chombo", riichi=(2,), offender=1)).lines[0]
    assert stays.deltas == (4000, -8000, 1000, 2000) and stays.deposits_after == 1000


def test_a_chombo_names_its_player() -> None:
    with pytest.raises(GameError, match="hand 1: a chombo names its player"):
        _play(find_preset("ema"), Hand("chombo"))
    data = {"players": list(NAMES), "hands": [{"result": "draw", "player": "Ana"}]}
    with pytest.raises(GameError, match=r"only a chombo names a player \(player = …\)"):
        record_from_dict(data)


# -- penalties ----------------------------------------------------------------------------


def test_a_red_card_is_20_pt_from_the_players_total(cli) -> None:
    """M.League: 「レッドカードが提示された者は、チョンボと同様の罰則（個人トータルポイント
    から20ポイントを減算）」; never paid to the others."""
    data = cli.json("settle", "42600", "31000", "16400", "10000", "-r", "mleague", "--names",
                    "Ana,Ben,Chie,Dae", "--penalty", "Chie:20:red card")  # fmt: skip
    assert [r["score"] for r in data["results"]] == [
        Decimal("62.6"), 11, Decimal("-43.6"), -50
    ]  # fmt: skip
    assert data["results"][2]["parts"]["penalty"] == -20
    assert data["penalties"] == [{"seat": 2, "name": "Chie", "pt": 20, "reason": "red card"}]
    # the ledger: first place hands the 20 pt nobody receives to the house
    assert {"from_name": "Ana", "to_name": "house", "amount": 20} in [
        {k: t[k] for k in ("from_name", "to_name", "amount")} for t in data["jansou"]
    ]
    out = cli.run("settle", "42600", "31000", "16400", "10000", "-r", "mleague", "--chombo", "1")
    assert "Penalty" in out and "-20" in out


def test_penalties_redistributed_when_the_rules_say_so() -> None:
    rules = find_preset("mleague").replace(penalties=Penalties(redistribute=True))
    result = settle([42600, 31000, 16400, 10000], rules, penalties=[Penalty(3, Fraction(9))])
    assert [r.parts.penalty for r in result] == [3, 3, 3, -9]
    assert sum(result.scores) == 0


def test_bad_penalties_are_named(cli) -> None:
    args = ["settle", "42600", "31000", "16400", "10000", "-r", "mleague"]
    assert "penalties: 0 pt must be more than 0" in cli.run(*args, "--penalty", "0:0", code=2)
    assert "“Zed” is not a player" in cli.run(*args, "--penalty", "Zed:5", code=2)
    assert "should be NAME:PT" in cli.run(*args, "--penalty", "Ana", code=2)


# -- substitutes --------------------------------------------------------------------------


def test_ema_substitute_from_the_start_counts_for_the_opponents_uma() -> None:
    """EMA §5.8: the substitute's seat is entered as -15,000 points and -15,000 uma
    (-30); 「if the substitute wins the table, the other players will get umas of 5,000,
    -5,000 and -15,000」."""
    result = settle([40000, 30000, 26000, 24000], find_preset("ema"),
                    substitute=Substitute(0, "Eve"))  # fmt: skip
    assert [r.score for r in result] == [-30, 5, -9, -21]
    assert [r.parts.uma for r in result] == [-15, 5, -5, -15]


def test_ema_substitute_from_a_later_hand_takes_the_last_uma() -> None:
    """「the substitute will always receive the -15,000 uma, meaning that the other three
    players will get the 15,000, 5,000 and -5,000 uma」."""
    result = settle([40000, 30000, 26000, 24000], find_preset("ema"),
                    substitute=Substitute(0, "Eve", from_start=False))  # fmt: skip
    assert [r.parts.uma for r in result] == [-15, 15, 5, -5]
    assert [r.score for r in result] == [-30, 15, 1, -11]
    assert [r.place for r in result] == [4, 1, 2, 3]


def test_a_fixed_substitute_tied_with_the_firsts_takes_no_role_of_first() -> None:
    """Four players tied on 30000 under split ties: the absent player's fixed -30 goes to
    the house, and the three present tie as equals (0 each), in scores and in ledgers."""
    result = settle_game([30000] * 4, find_preset("ema"), ["Ana", "Ben", "Chie", "Dae"],
                         substitute=Substitute(3, "Eve"))  # fmt: skip
    assert result.settlement.first_group() == (0, 1, 2)
    assert result.totals() == {"Ana": 0, "Ben": 0, "Chie": 0, "Dae": -30}
    assert result.ledger_balances() == {"Ana": 0, "Ben": 0, "Chie": 0, "Dae": -30, "house": 30}
    paid = {(t.payer, t.payee): t.amount for t in result.jansou()}
    # settling with first place: Dae pays each first, each first hands it to the house
    assert paid == {("Dae", "Ana"): 10, ("Dae", "Ben"): 10, ("Dae", "Chie"): 10,
                    ("Ana", "house"): 10, ("Ben", "house"): 10, ("Chie", "house"): 10}  # fmt: skip
    assert [(t.payer, t.payee, t.amount) for t in result.transfers()] == [("Dae", "house", 30)]


def test_where_the_substitutes_result_counts_nothing_changes() -> None:
    plain = settle([35000, 25000, 21000, 19000], find_preset("mleague"))
    subbed = settle([35000, 25000, 21000, 19000], find_preset("mleague"),
                    substitute=Substitute(0, "Eve"))  # fmt: skip
    assert plain.scores == subbed.scores and subbed.to_dict()["substitute"]["name"] == "Eve"


# -- multiple ron and the organisations' flow ----------------------------------------------


def test_ema_double_ron_pays_each_winner_the_counters_and_their_own_sticks() -> None:
    """EMA §4.1: 「Each winner receives the value of the hand including the value of
    counters in play」; 「Riichi declarers that win, always get their riichi bet back」."""
    double = Hand("ron", (Win(0, 1, 30), Win(2, 2, 30)), discarder=3, riichi=(0, 2))
    line = _play(find_preset("ema"), NOTEN, double).lines[1]  # E2, 1 honba
    assert line.honba == 1
    # Ana 1000 + 300 and her stick back; Chie 2000 + 300 and hers; Dae pays 3600
    assert line.deltas == (1300, 0, 2300, -3600) and line.deposits_after == 0
    tenhou = _play(find_preset("tenhou"), NOTEN, double).lines[1]
    # Tenhou: the honba and both sticks to the nearest winner after Dae, Ana
    assert tenhou.deltas == (-1000 + 1300 + 2000, 0, -1000 + 2000, -3300)


def test_abortive_draws_are_refused_where_an_organisation_has_none() -> None:
    """EMA RCR 2016 §3.4.3: 「Abortive draws are no longer used in EMA riichi rules」."""
    for preset in ("ema", "wrc", "mleague", "rmu"):
        with pytest.raises(GameError, match="these rules have no abortive draws"):
            _play(find_preset(preset), Hand("abort", reason="kyuushu"))
    assert _play(find_preset("tenhou"), Hand("abort", reason="kyuushu")).lines[0].round == "E1"


def test_tournament_presets_play_on_below_zero() -> None:
    """EMA: 「There is no bankruptcy rule」; WRC, M.League, RMU and JPML likewise."""
    yakuman = Hand("ron", (Win(1, yakuman=1),), discarder=2)  # Chie -32000: -2000
    for preset in ("ema", "wrc", "mleague", "rmu", "jpml"):
        assert _play(find_preset(preset), yakuman).end == "", preset
    assert _play(find_preset("tenhou"), yakuman).end == "bust"


# -- records and sessions -------------------------------------------------------------------


def test_the_example_tournament_record(cli) -> None:
    played = load_record(EXAMPLES / "tournament.json").play()
    assert played.settlement is not None
    data = cli.json("game", str(EXAMPLES / "tournament.json"))
    settlement = data["settlement"]
    assert settlement["substitute"] == {"seat": 3, "name": "Eve", "from_start": True}
    assert [p["reason"] for p in settlement["penalties"]] == ["chombo", "late"]
    # Chie 2 + 15 - 5 (late); Ana 1.5 + 5; Ben 0 - 5 - 20 (chombo); Dae's seat, played by
    # Eve from the start, -15 - 15 whatever it scored (26500)
    scores = [Decimal(r["score"]) for r in settlement["results"]]
    assert scores == [Decimal("6.5"), -25, 12, -30]
    record = json.loads((EXAMPLES / "tournament.json").read_text(encoding="utf-8"))
    assert record_from_dict(record).to_dict() == record


def test_sessions_carry_penalties_and_substitutes(tmp_path: Path) -> None:
    path = tmp_path / "league.toml"
    path.write_text(
        'rules = "ema"\npenalties = ["Ana:5:no-show at the start"]\n'
        "[[games]]\nplayers = ['Ana', 'Ben', 'Chie', 'Dae']\n"
        "points = [40000, 30000, 26000, 24000]\npenalties = ['Ben:20:chombo']\n"
        "substitute = 'Dae:Eve'\n",
        encoding="utf-8",
    )
    result = load_session(path).settle()
    # Ana 10 + 15; Ben 0 + 5 - 20; Chie -4 - 5; Dae's seat, played by Eve: -30
    assert result.per_game() == {"Ana": [25], "Ben": [-15], "Chie": [-9], "Dae": [-30]}
    assert result.totals() == {"Ana": 20, "Ben": -15, "Chie": -9, "Dae": -30}
    csv = tmp_path / "league.csv"
    csv.write_text("Ana,Ben,Chie,Dae,penalties,substitute\n"
                   "40000,30000,26000,24000,Ben:20:chombo,Dae:Eve\n", encoding="utf-8")  # fmt: skip
    assert load_session(csv, find_preset("ema")).settle().per_game()["Ben"] == [-15]


@pytest.mark.parametrize(
    ("lang", "lines"),
    [
        ("en", ["game 1: Ben -20 (Chombo)", "game 1: Dae (played by Eve)",
                "session: Ana -5 (no-show at the start)"]),
        ("ja", ["第1戦: Ben -20 (チョンボ)", "第1戦: Dae（代走: Eve）",
                "セッション: Ana -5 (no-show at the start)"]),
    ],
)  # fmt: skip
def test_the_session_table_lists_penalties_and_substitutes(cli, tmp_path, lang, lines) -> None:
    path = tmp_path / "league.toml"
    path.write_text(
        'rules = "ema"\npenalties = ["Ana:5:no-show at the start"]\n'
        "[[games]]\nplayers = ['Ana', 'Ben', 'Chie', 'Dae']\n"
        "points = [40000, 30000, 26000, 24000]\npenalties = ['Ben:20:chombo']\n"
        "substitute = 'Dae:Eve'\n",
        encoding="utf-8",
    )
    text = cli.run("session", str(path), "--no-chart", "--lang", lang)
    for line in lines:
        assert line in text.splitlines()


# -- properties ---------------------------------------------------------------------------


@st.composite
def penalised_games(draw: st.DrawFn):
    preset = draw(st.sampled_from(["mleague", "ema", "wrc", "tenhou", "jpml", "tenhou-sanma"]))
    rules = find_preset(preset)
    if draw(st.booleans()):
        rules = rules.replace(penalties=Penalties(redistribute=True))
    n = rules.players
    total = rules.start * n
    points = [draw(st.integers(-100, 700)) * 100 for _ in range(n - 1)]
    points.append(total - sum(points))
    penalties = [
        Penalty(draw(st.integers(0, n - 1)), Fraction(draw(st.integers(1, 400)), 10))
        for _ in range(draw(st.integers(0, 4)))
    ]
    return rules, points, penalties


@settings(max_examples=300, deadline=None)
@given(penalised_games())
def test_a_settlement_sums_to_minus_its_penalties(case) -> None:
    rules, points, penalties = case
    result = settle(points, rules, penalties=penalties)
    taken = sum((p.pt for p in penalties), Fraction(0))
    expected = 0 if rules.penalties.redistribute else -taken
    assert sum(result.scores) == expected
    for r in result:
        assert r.parts.total() == r.score
    unpenalised = settle(points, rules)
    for seat in range(rules.players):  # the penalty is its own part; nothing else moves
        own = sum((p.pt for p in penalties if p.seat == seat), Fraction(0))
        change = result[seat].score - unpenalised[seat].score
        assert change == result[seat].parts.penalty
        if not rules.penalties.redistribute:
            assert change == -own
