"""Real Tenhou games replayed hand by hand: every hand's points and the final pt must
be Tenhou's own, to the digit (tests/data/tenhou/SOURCES.md says where each log is from).

Each named case below is one of issue 7's Tenhou items, on a log that shows it."""

from __future__ import annotations

from dataclasses import replace
from decimal import Decimal
from fractions import Fraction
from pathlib import Path

import pytest

from seisan.games import GameError, GameRecord, Hand, Win, play
from seisan.logs import tenhou
from seisan.presets import find_preset
from seisan.rules import DealerStop, Rules

DATA = Path(__file__).parent / "data" / "tenhou"
LOGS = sorted(p for p in DATA.iterdir() if p.suffix in (".mjlog", ".json"))


def _lobby_10011() -> Rules:
    """The private lobby's own rules, read from the log's final scores."""
    data = find_preset("tenhou").to_dict()  # pt shown to 0.1, unrounded
    data.update(name="lobby-10011", start=30000, oka=0, uma=[50, 20, 0, -70])
    data.pop("aliases")
    return Rules.from_dict(data)


def rules_of(path: Path) -> Rules | None:
    """The rules a log needs beyond what its name and tags say (see SOURCES.md)."""
    # (a log without its id, so without a date, is told by its own final pt)
    if "-10011-" in path.name:
        return _lobby_10011()
    return None


def replay(name: str):
    path = DATA / name
    return tenhou.check(tenhou.load(path, rules_of(path)))


def test_the_corpus_is_real_and_varied() -> None:
    assert len(LOGS) >= 60
    sanma = [p for p in LOGS if tenhou.load(p, rules_of(p)).record.rules.players == 3]
    assert len(sanma) >= 9
    assert {p.suffix for p in LOGS} == {".mjlog", ".json"}
    listed = (DATA / "SOURCES.md").read_text()
    assert all(p.name in listed for p in LOGS)


@pytest.mark.parametrize("path", LOGS, ids=lambda p: p.stem)
def test_every_hand_and_the_final_pt_match_tenhou(path: Path) -> None:
    game = tenhou.load(path, rules_of(path))
    played = tenhou.check(game)  # raises, naming the hand, at the first difference
    assert len(played.lines) == len(game.points_after)
    assert played.settlement is not None
    assert sum(played.settlement.scores) == 0
    assert played.end in {"bust", "stop", "sudden-death", "length"}


def test_json_and_mjlog_of_one_game_agree() -> None:
    for stem in ("2019021004gm-00a9-0000-e2f6516d", "2019123123gm-00a9-0000-f4386d0e"):
        xml, js = replay(stem + ".mjlog"), replay(stem + ".json")
        assert [line.points for line in xml.lines] == [line.points for line in js.lines]
        assert xml.settlement.scores == js.settlement.scores  # type: ignore[union-attr]


# -- item 8: the last dealer's automatic agari-yame / tenpai-yame -------------------------


@pytest.mark.parametrize(
    ("name", "result", "final"),
    [
        # S4-0: the dealer (seat 3) tsumo to 38900, first: the game ends there
        ("2010081709gm-00a9-0000-fe3371ad.mjlog", "tsumo", (20100, 35800, 5200, 38900)),
        # S4-0: the dealer alone counts as tenpai (34000 + 1000) and first: ends
        ("2022060102gm-00a9-0000-721b23eb.mjlog", "draw", (6600, 26000, 30400, 37000)),
        # east-only game: E4-0 dealer tsumo as first
        ("2022060223gm-0001-0000-b8e20009.mjlog", "tsumo", None),
    ],
)
def test_the_last_dealer_stops_by_himself(name: str, result: str, final) -> None:
    played = replay(name)
    assert played.end == "stop"
    last = played.record.hands[-1]
    assert last.result == result
    assert played.lines[-1].dealer == played.record.rules.players - 1
    if final:
        assert played.final_points == final


def test_a_leading_dealer_below_30000_plays_on() -> None:
    """S4-0: the dealer won and was first with only 28900: S4-1 was played."""
    played = replay("2022060100gm-00a9-0000-01481d95.mjlog")
    s4 = [line for line in played.lines if line.round == "S4"]
    assert [line.honba for line in s4][:2] == [0, 1]
    assert s4[0].points[3] == 28900 and max(s4[0].points) == 28900


def test_without_the_dealer_stop_the_record_would_not_end() -> None:
    game = tenhou.load(DATA / "2022060102gm-00a9-0000-721b23eb.mjlog")
    rules = game.record.rules
    assert rules.game.dealer_stop is DealerStop.AUTO
    no_stop = replace(rules, game=replace(rules.game, dealer_stop=DealerStop.NONE))
    with pytest.raises(GameError, match="has not ended"):
        play(replace(game.record, rules=no_stop))


def test_before_june_2010_a_tenpai_dealer_played_on() -> None:
    """S4-1 draw: the dealer (seat 3) alone tenpai, 37400 and first; S4-2 was played."""
    played = replay("2009022022gm-00a9-0000-cd94aac8.mjlog")
    s4 = [line for line in played.lines if line.round == "S4"]
    assert [line.honba for line in s4][-2:] == [1, 2]
    assert s4[-2].points == (19000, 34400, 9200, 37400)


# -- item 9: West round, keeping the deal comes first ----------------------------------


def test_in_the_west_keeping_the_deal_comes_first() -> None:
    """W1-0: the dealer (seat 0) tenpai while seat 2 has 30900: W1-1 is still played,
    and the game ends once the deal passes."""
    played = replay("2022060108gm-00a9-0000-930771df.mjlog")
    w1 = [line for line in played.lines if line.round == "W1"]
    assert [line.honba for line in w1] == [0, 1]
    assert w1[0].points == (20200, 20700, 30900, 28200)
    assert played.end == "sudden-death"
    assert played.settlement.scores == (  # type: ignore[union-attr]
        Fraction("-32.1"), Fraction("-19.3"), Fraction("43.2"), Fraction("8.2"))  # fmt: skip


def test_west_4_is_the_last_hand() -> None:
    """Nobody reached 30000 by W4, the W4 dealer lost the deal: no North round."""
    played = replay("unknown-id_mjx_encdec-no-north-rounds.mjlog")
    assert played.lines[-1].round == "W4"
    assert played.end == "length"
    assert played.settlement.scores == (37, -15, -29, 7)  # type: ignore[union-attr]


# -- item 10: three-player payments ------------------------------------------------------


def _hand(played, number: int):
    return played.lines[number - 1]


def test_sanma_honba_and_noten_payments() -> None:
    played = replay("2026011603gm-00b9-0000-2b45278f.json")
    deltas = [line.deltas[:3] for line in played.lines]
    # E1-0 dealer baiman tsumo: 8000 from each (tsumo loss: 16000, not 24000)
    assert deltas[0] == (16000, -8000, -8000)
    honba_rons = [
        (line, hand) for line, hand in zip(played.lines, played.record.hands, strict=True)
        if hand.result == "ron" and line.honba
    ]  # fmt: skip
    assert honba_rons, "the log has a ron with honba"
    for line, hand in honba_rons:
        assert -line.deltas[hand.discarder] % 100 == 0
    draws = [line for line, hand in zip(played.lines, played.record.hands, strict=True)
             if hand.result == "draw"]  # fmt: skip
    for line in draws:  # noten payments total 2000 (1000 each, or 2000 from one)
        paid = sorted(d for d in line.deltas[:3] if d < 0)
        assert paid in ([], [-1000, -1000], [-2000]) or -1000 in paid


@pytest.mark.parametrize(
    ("honba", "payers", "expected"),
    [
        # 2026011603gm-00b9-0000-2b45278f: 1 honba ron 8000 -> the discarder pays 8200
        (1, "ron", (-8200, 8200)),
        (3, "ron", (-8600, 8600)),
        (0, "ron", (-8000, 8000)),
    ],
)
def test_sanma_ron_honba_is_200(honba: int, payers: str, expected) -> None:
    rules = find_preset("tenhou-sanma")
    assert rules.scoring.honba == 200
    hands = [Hand(result="draw", tenpai=(0,), round="E1", honba=i) for i in range(honba)]
    hands.append(
        Hand(result="ron", wins=(Win(winner=2, han=4, fu=40),), discarder=0, round="E1",
             honba=honba)
    )  # fmt: skip
    record = GameRecord(rules=rules, names=("Ana", "Ben", "Chie"), hands=tuple(hands), end="time")
    line = play(record).lines[-1]
    assert (line.deltas[0], line.deltas[2]) == expected


def test_sanma_tsumo_honba_is_100_from_each() -> None:
    rules = find_preset("tenhou-sanma")
    hands = [Hand(result="draw", tenpai=(0, 1, 2), round="E1", honba=i) for i in range(10)]
    hands.append(Hand(result="tsumo", wins=(Win(winner=1, han=1, fu=30),), round="E1", honba=10))
    record = GameRecord(rules=rules, names=("Ana", "Ben", "Chie"), hands=tuple(hands), end="time")
    line = play(record).lines[-1]
    # 2026012117gm-00b9-0000-3a0d9881: 30fu 1han tsumo, 10 honba: dealer 500 + 1000,
    # the other 300 + 1000 (tsumo loss: no share for the missing North)
    assert line.deltas == (-1500, 2800, -1300)


# -- item 11: nagashi mangan -------------------------------------------------------------


@pytest.mark.parametrize(
    ("name", "round_", "deltas", "next_honba", "next_round"),
    [
        # E4-0, seat 2 (not the dealer): mangan tsumo (the dealer's -5000 has his riichi
        # stick); no noten payments; the dealer was tenpai -> keeps the deal
        ("2019082700gm-00a9-0000-63d1f136.mjlog", "E4", (-2000, -2000, 8000, -5000), 1, "E4"),
        # E4-0, seat 1 (seat 0's -3000 has a riichi stick); the dealer was noten -> South 1,
        # honba +1, the stick stays
        ("2022060101gm-00a9-0000-4f6762de.mjlog", "E4", (-3000, 8000, -2000, -4000), 1, "S1"),
    ],
)
def test_nagashi_mangan(name, round_, deltas, next_honba, next_round) -> None:
    played = replay(name)
    index = next(
        i for i, hand in enumerate(played.record.hands) if hand.nagashi and hand.round == round_
    )
    line = played.lines[index]
    assert line.deltas == deltas
    hand = played.record.hands[index]
    # the riichi stick of the hand stays on the table: nobody takes it
    assert line.deposits_after == line.deposits_before + 1000 * len(hand.riichi) == 1000
    after = played.lines[index + 1]
    assert (after.round, after.honba) == (next_round, next_honba)


def test_dealer_nagashi_in_the_last_hand_ends_the_game() -> None:
    played = replay("unknown-id_mjx_nm.mjlog")
    assert played.lines[-1].deltas == (-5000, -4000, -4000, 12000)  # seat 0: + a riichi stick
    assert played.final_points == (13000, 20400, 24400, 42200)  # + the stick to first


def test_nagashi_can_be_switched_off() -> None:
    game = tenhou.load(DATA / "2022060101gm-00a9-0000-4f6762de.mjlog")
    rules = game.record.rules
    off = replace(rules, scoring=replace(rules.scoring, nagashi=False))
    with pytest.raises(GameError, match="nagashi"):
        play(replace(game.record, rules=off))


# -- item 12: Tenhou's rounding by era ---------------------------------------------------


@pytest.mark.parametrize(
    ("name", "scores"),
    [
        # whole pt: -4500 -> -5000 (halves away from zero): -35 - 20 = -55
        ("2016090900gm-00a9-0000-a2a25bb6.mjlog", ("77", "-35", "13", "-55")),
        # 25500 -> 26000: 2nd +6
        ("2020061922gm-00a9-0000-6183ff37.mjlog", None),
        # 14500 -> -25, 5500 -> -44
        ("2020012601gm-00a9-0000-da610ecf.mjlog", ("-44", "19", "-25", "50")),
        # sanma, whole pt: 22800 -> 23000: -37; the top takes the rest (54, not 54.2)
        ("2014091101gm-00b9-0000-5ca6b487.mjlog", ("54", "-37", "-17")),
        ("unknown-id_tenhou_sanma2.mjlog", ("-13", "79", "-66")),
        # one decimal, unrounded, from 2022
        ("2022060108gm-00a9-0000-930771df.mjlog", ("-32.1", "-19.3", "43.2", "8.2")),
        ("2024123123gm-00b9-0000-09c44fd1.json", ("54.8", "-7", "-47.8")),
    ],
)
def test_tenhou_rounding_by_era(name: str, scores) -> None:
    played = replay(name)
    got = played.settlement.scores  # type: ignore[union-attr]
    if scores:
        assert got == tuple(Fraction(s) for s in scores)
    game = tenhou.load(DATA / name, rules_of(DATA / name))
    assert tuple(Decimal(s.numerator) / s.denominator for s in got) == game.final_pt


def test_the_era_picks_the_preset() -> None:
    assert tenhou.rules_for(0xA9, "20200812").name == "tenhou-2020"
    assert tenhou.rules_for(0xA9, "20220601").name == "tenhou"
    assert tenhou.rules_for(0xB9, "20141231").name == "tenhou-sanma-2020"
    assert tenhou.rules_for(0xB9, "20240101").name == "tenhou-sanma"
    for name in ("tenhou", "tenhou-sanma", "tenhou-2020", "tenhou-sanma-2020"):
        assert "2020" in dict(find_preset(name).notes)["rounding"]


# -- ties and double ron -----------------------------------------------------------------


def test_tied_players_rank_by_seat() -> None:
    """Seats 0 and 1 both end on 19100: seat 0 third, seat 1 fourth, no split."""
    played = replay("2022060103gm-00a9-0000-957cc283.mjlog")
    assert played.final_points[:2] == (19100, 19100)
    assert played.settlement.scores[:2] == (Fraction("-20.9"), Fraction("-30.9"))  # type: ignore[union-attr]


def test_double_ron_honba_and_sticks_go_to_the_nearest() -> None:
    """E2-4: the nearest winner takes 4 honba (1200) and 2 sticks (one his own, paid in
    this hand); the other only 5200."""
    played = replay("2022060100gm-00a9-0000-34c99cfa.mjlog")
    index = next(i for i, hand in enumerate(played.record.hands) if len(hand.wins) == 2)
    assert played.lines[index].deltas == (2600 + 1200 + 2000 - 1000, 0, 5200, -2600 - 1200 - 5200)


def test_a_private_lobby_with_its_own_rules() -> None:
    """Lobby 10011 starts at 30000; with its rules stated, every hand still matches."""
    played = replay("2019020120gm-0009-10011-215330df.mjlog")
    assert played.end == "bust"
    with pytest.raises(tenhou.LogError) as refused:  # its log does not state them
        tenhou.load(DATA / "2019020120gm-0009-10011-215330df.mjlog")
    assert str(refused.value).endswith(
        "lobby 10011: the log does not state the lobby's rules, and Tenhou's ranked rules do "
        "not give its start (30000, 30000, 30000, 30000) and result: give the lobby's rules "
        "with --rules")  # fmt: skip


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ('{"log": [', "not valid tenhou.net/6 JSON (at line 1, column 10)"),
        ('{"title": "no log"}', "a tenhou.net/6 log with a field missing or wrong"),
        ("<mjloggm><GO", "not valid mjlog XML (at line 1, column 10)"),
    ],
)
def test_broken_logs_say_what_is_wrong(text: str, message: str) -> None:
    with pytest.raises(tenhou.LogError) as err:
        tenhou.parse_any(text)
    assert str(err.value) == message


def test_a_broken_file_is_named(tmp_path: Path) -> None:
    path = tmp_path / "2022060108gm-00a9-0000-930771df.json"
    path.write_text('{"log": [')
    with pytest.raises(tenhou.LogError, match=r"2022060108gm-00a9-0000-930771df\.json"):
        tenhou.load(path)


def test_a_player_who_reconnects_keeps_every_name() -> None:
    """A reconnect is a second <UN> naming one seat (n0 here): the names stay."""
    path = DATA / "2019081518gm-00a9-0000-cce9d00c.mjlog"
    assert '<UN n0="%41%6E%61" />' in path.read_text(encoding="utf-8")
    assert tenhou.load(path).record.names == ("Ana", "Ben", "Chie", "Dae")


# -- tenhou.net/6 JSON: every kind of hand end, in real logs (SOURCES.md: Pantheon's) --


@pytest.mark.parametrize(
    ("stem", "index", "expected"),
    [
        # 全員聴牌 with a riichi, then Ben's 流し満貫 (特東喰赤速, 2019)
        ("2019020814gm-0061-0000-c1b0958b", 1,
         {"result": "draw", "riichi": (2,), "tenpai": (0, 1, 2, 3), "nagashi": ()}),
        ("2019020814gm-0061-0000-c1b0958b", 2,
         {"result": "draw", "riichi": (), "tenpai": (), "nagashi": (1,), "round": "E2",
          "honba": 1, "calls": (2, 3)}),
        # Dae rons the tile of Ben's riichi: Ben's stick was never paid
        ("2014081419gm-0009-7447-b66ad799", 0, {"result": "ron", "discarder": 1, "riichi": (3,)}),
        ("2014081419gm-0009-7447-b66ad799", 5, {"result": "draw", "tenpai": ()}),  # 全員不聴
        ("2014081419gm-0009-7447-b66ad799", 6,  # 四家立直: four sticks on the table
         {"result": "abort", "reason": "suucha-riichi", "riichi": (0, 1, 2, 3)}),
        # a triple yakuman tsumo (小四喜, 四暗刻, 字一色), after a 6 han with 3 of dora
        ("2009100819gm-0049-0000-13bf5b23", 9, {"result": "tsumo", "wins": (
            Win(0, 0, None, 3, yaku=("小四喜", "四暗刻", "字一色")),)}),
        ("2009100819gm-0049-0000-13bf5b23", 8, {"wins": (
            Win(0, 6, None, yaku=("対々和", "自風 東"), dora=3),)}),
        # 大三元 by ron with Dae responsible (包)
        ("2012050716gm-0009-0000-85fac029", 2,
         {"result": "ron", "discarder": 2, "wins": (Win(1, 0, None, 1, pao=3, yaku=("大三元",)),)}),
        ("2014011202gm-0089-0000-c5a5f508", 1, {"result": "abort", "reason": "kyuushu"}),
        ("2020020506gm-0009-7994-344ceb83", 10, {"result": "abort", "reason": "sanchahou"}),
        ("2015090309gm-0009-7447-fa717ec6", 7, {"result": "abort", "reason": "suufon"}),
        ("2014021417gm-0009-7447-00d6d80f", 5,  # the three who called the kans
         {"result": "abort", "reason": "suukan", "calls": (0, 1, 3), "round": "S1"}),
    ],
)  # fmt: skip
def test_every_end_of_a_hand_in_tenhou_json(stem: str, index: int,
                                            expected: dict[str, object]) -> None:  # fmt: skip
    hand = tenhou.load(DATA / f"{stem}.json").record.hands[index]
    assert {key: getattr(hand, key) for key in expected} == expected


@pytest.mark.parametrize(("owari", "shown"), [
    ('owari=":196,-30.0,229,-17.0,335,43.0,240,4.0"', ":196,-30.0,229,-17.0,335,43.0,240,4.0"),
    ('owari="196,-30.x,229,-17.0,335,43.0,240,4.0"', "196,-30.x,229,-17.0,335,43.0,240,4.0"),
])  # fmt: skip
def test_final_scores_that_are_not_numbers_are_named(owari: str, shown: str) -> None:
    """A damaged ``owari`` (found by the online import's fuzzing: a ``:`` before the first
    score) is the log's error, never a traceback."""
    path = Path(__file__).parent / "data" / "tenhou" / "2019080322gm-00a9-0000-81e85e04.mjlog"
    text = path.read_text(encoding="utf-8")
    damaged = text.replace('owari="196,-30.0,229,-17.0,335,43.0,240,4.0"', owari)
    assert damaged != text
    with pytest.raises(tenhou.LogError) as raised:
        tenhou.parse(damaged)
    assert raised.value.message.text("en") == (
        f"the log's final scores (owari) are not numbers: {shown}"
    )


def test_a_player_called_house_is_kept_as_the_player_of_their_seat() -> None:
    """“house” is the ledgers' name for the house: a log's player of that name is read
    with their seat's number after it (“House 2”: still a name of their own, which a
    club's online import maps to a player), and the log settles and checks as logged;
    the mjlog and the tenhou.net/6 JSON alike."""
    import json  # noqa: PLC0415

    path = DATA / "2009100819gm-0049-0000-13bf5b23.json"
    data = json.loads(path.read_text(encoding="utf-8"))
    data["name"][1] = "House"
    game = tenhou.parse_json(json.dumps(data))
    assert game.record.names[1] == "House 2"
    assert game.record.names[0] == data["name"][0]
    tenhou.check(game)
    named = tenhou.load(DATA / "2022060102gm-00a9-0000-721b23eb.mjlog",
                        names=["Ana", " house ", "Chie", "Dae"])  # fmt: skip
    assert named.record.names == ("Ana", "house 2", "Chie", "Dae")
    tenhou.check(named)


@pytest.mark.parametrize(("names", "kept"), [
    (["Ana", "Ben", "Chie", "Dae"], ("Ana", "Ben", "Chie", "Dae")),
    (["Ana", "HOUSE", "Chie", "Dae"], ("Ana", "HOUSE 2", "Chie", "Dae")),
    ([" house ", "Ben", "Chie"], ("house 1", "Ben", "Chie")),
    # the others keep their names (helper-94: every seat had become Player N, and B and
    # C's games lost to their statistics); Tenhou's guests all NoName, each by seat
    (["NoName"] * 4, ("NoName 1", "NoName 2", "NoName 3", "NoName 4")),
    # (still two alike: every seat by its number)
    (["Player 2", None, "Chie", "Dae"], ("Player 1", "Player 2", "Player 3", "Player 4")),
    (["Ana", "house", "house 2", "Dae"], ("Player 1", "Player 2", "Player 3", "Player 4")),
    ([None, "Ben", "Chie", "Dae"], ("Player 1", "Ben", "Chie", "Dae")),
    (["Ana", " ", "Chie", "Dae"], ("Ana", "Player 2", "Chie", "Dae")),
    (["Ana", "Ana", "Chie", "Dae"], ("Ana 1", "Ana 2", "Chie", "Dae")),
    (["Ana", " ana", "Chie", "Dae"], ("Ana 1", "ana 2", "Chie", "Dae")),
    (["Ana", "", "Chie", "Dae"], ("Ana", "Player 2", "Chie", "Dae")),
    (["Ana", "Ben", "Chie"], ("Ana", "Ben", "Chie", "Player 4")),
    (["Houses", "Ben", "Chie", "Dae"], ("Houses", "Ben", "Chie", "Dae")),
    # a name as seisan tells names apart (any run of spaces as one), without what no
    # name holds (a zero-width space, an escape): a record seisan itself then refuses
    (["A B", "A  B", "Chie", "Dae"], ("A B 1", "A  B 2", "Chie", "Dae")),
    (["Ana\u200b", "Ben\x1b", "Chie", "Dae"], ("Ana", "Ben", "Chie", "Dae")),
    (["Ana\u200b", "Ana", "Chie", "Dae"], ("Ana 1", "Ana 2", "Chie", "Dae")),
    (["\u200b", "Ben", "Chie", "Dae"], ("Player 1", "Ben", "Chie", "Dae")),
    (["山田　太郎", "Ben", "Chie", "Dae"], ("山田　太郎", "Ben", "Chie", "Dae")),
])  # fmt: skip
def test_a_logs_names_as_seisan_keeps_them(names: list[object], kept: tuple[str, ...]) -> None:
    from seisan.logs import seat_names  # noqa: PLC0415

    assert seat_names(names, len(kept)) == kept


@pytest.mark.parametrize(("names", "made"), [
    (("Ana 1", "Ana 2", "Chie", "Dae"), [0, 1]),
    (("NoName 1", "NoName 2", "NoName 3", "NoName 4"), [0, 1, 2, 3]),
    (("Ana", "Player 2", "Chie", "Dae"), [1]),
    (("Player 2", "Ben", "Chie", "Dae"), []),  # (a player so named, in another seat)
    (("Ana 1", "Ben 2", "Chie", "Dae"), []),  # (two names that end in their seats)
    (("house 1", "Ben", "Chie", "Dae"), []),  # (the house's word: one player's, kept)
    (("Ana", "Ben", "Chie", "Dae"), []),
])  # fmt: skip
def test_the_seats_whose_names_the_readers_made(names: tuple[str, ...], made: list[int]) -> None:
    """The web app's online import refuses a log whose names the readers made (a name
    given twice, a seat without one): no one's own name to match to a person."""
    from seisan.logs import made_up_seats  # noqa: PLC0415

    assert made_up_seats(names) == made


def test_a_log_renamed_without_its_date_says_its_rules_were_guessed(tmp_path: Path) -> None:
    """helper-94: a 2009 log (when a dealer leading in the last hand ended the game)
    renamed so that its date is gone replays under rules told by its result alone, and
    fails at hand 11; the error says why and how to keep the log. Under its own name it
    checks, and a dated log's error says nothing of it."""
    log = DATA / "2009022022gm-00a9-0000-cd94aac8.mjlog"
    tenhou.check(tenhou.load(log))
    renamed = tmp_path / "t1.mjlog"
    renamed.write_bytes(log.read_bytes())
    with pytest.raises(tenhou.CheckError) as raised:
        tenhou.check(tenhou.load(renamed))
    said = raised.value.message.text("en")
    assert said.startswith("hand 11: the game already ended")
    assert said.endswith("(the log's game id gives no date, so Tenhou's rules of its day were "
                         "guessed from its result: keep the log under its game id, as "
                         "2009022022gm-00a9-0000-cd94aac8.mjlog)")  # fmt: skip
    dated = tmp_path / log.name
    dated.write_text(log.read_text(encoding="utf-8").replace('sc="', 'sc="1', 1), encoding="utf-8")
    with pytest.raises(tenhou.CheckError) as plain:
        tenhou.check(tenhou.load(dated))
    assert "no date" not in plain.value.message.text("en")
