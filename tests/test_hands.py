"""Point systems: the standard table against a published table, seed 003's tables
cell for cell, and the 精算法 example."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from seisan.hands import HandError, HandValue, hand_value
from seisan.rules import Kazoe, PointSystem, Scoring

DATA = Path(__file__).resolve().parent / "data"


def _published() -> list[tuple[int, int, str, str, str, str]]:
    rows = []
    for line in (DATA / "standard_table.txt").read_text(encoding="utf-8").splitlines():
        if line.strip() and not line.startswith("#"):
            fu, han, *cells = line.split()
            rows.append((int(fu), int(han), *cells))
    return rows  # type: ignore[return-value]


def _cells(value: HandValue | None, dealer: bool) -> tuple[str, str]:
    if value is None:
        return "-", "-"
    ron = "-" if value.ron is None else str(value.ron)
    if value.tsumo_non_dealer is None:
        return ron, "-"
    if dealer:
        return ron, str(value.tsumo_non_dealer)
    return ron, f"{value.tsumo_non_dealer}-{value.tsumo_dealer}"


def _value(han: int, fu: int, dealer: bool, scoring: Scoring) -> HandValue | None:
    try:
        return hand_value(han, fu, dealer, scoring)
    except HandError:
        return None  # the book's "---" for every way of winning


KIRIAGE = {(30, 4), (60, 3)}  # 切り上げ満貫: these round up to mangan
MANGAN = {False: ("8000", "2000-4000"), True: ("12000", "4000")}

CELLS = [
    pytest.param(fu, han, dealer, kiriage, cells, id=f"{fu}fu-{han}han-{who}-{rule}")
    for fu, han, kr, kt, dr, dt in _published()
    for dealer, cells, who in ((False, (kr, kt), "non-dealer"), (True, (dr, dt), "dealer"))
    for kiriage, rule in ((False, "plain"), (True, "kiriage"))
]


@pytest.mark.parametrize(("fu", "han", "dealer", "kiriage", "cells"), CELLS)
def test_standard_table_cell(fu: int, han: int, dealer: bool, kiriage: bool, cells) -> None:
    expected = MANGAN[dealer] if kiriage and (fu, han) in KIRIAGE else cells
    assert _cells(_value(han, fu, dealer, Scoring(kiriage=kiriage)), dealer) == expected


# The same book's "Scores for limit hands" (5 mangan ... 13+ yakuman)
LIMITS = [
    (5, "8000", "2000-4000", "12000", "4000"),
    (6, "12000", "3000-6000", "18000", "6000"),
    (7, "12000", "3000-6000", "18000", "6000"),
    (8, "16000", "4000-8000", "24000", "8000"),
    (10, "16000", "4000-8000", "24000", "8000"),
    (11, "24000", "6000-12000", "36000", "12000"),
    (12, "24000", "6000-12000", "36000", "12000"),
    (13, "32000", "8000-16000", "48000", "16000"),
]


@pytest.mark.parametrize(("han", "kr", "kt", "dr", "dt"), LIMITS)
def test_limit_hands(han: int, kr: str, kt: str, dr: str, dt: str) -> None:
    assert _cells(hand_value(han, None, False), False) == (kr, kt)
    assert _cells(hand_value(han, None, True), True) == (dr, dt)


def test_counted_yakuman_capped_at_sanbaiman_and_multiple_yakuman() -> None:
    capped = Scoring(kazoe=Kazoe.SANBAIMAN)
    assert hand_value(13, None, False, capped).ron == 24000
    assert hand_value(0, None, False, yakuman=2).to_dict() == {
        "ron": 64000, "tsumo": {"dealer": 32000, "non_dealer": 16000}
    }  # fmt: skip
    assert hand_value(0, None, True, yakuman=1).ron == 48000


# 003, 30符ベース式: 子ロン | 子ツモ | 翻 (場ゾロ included) | 親ロン | 親ツモ
THIRTY_FU = [
    ("三翻", 1, "1000", "300-500", "1500", "500"),
    ("四翻", 2, "2000", "500-1000", "3000", "1000"),
    ("五翻", 3, "3900", "1000-2000", "5800", "2000"),
    ("六翻", 4, "7700", "2000-4000", "11600", "4000"),
    ("七翻（満貫）", 5, "8000", "2000-4000", "12000", "4000"),
    ("8-9翻（跳満）", 6, "12000", "3000-6000", "18000", "6000"),
    ("8-9翻（跳満）", 7, "12000", "3000-6000", "18000", "6000"),
    ("10-12（倍満）", 8, "16000", "4000-8000", "24000", "8000"),
    ("10-12（倍満）", 10, "16000", "4000-8000", "24000", "8000"),
    ("13-14（三倍）", 11, "24000", "6000-12000", "36000", "12000"),
    ("13-14（三倍）", 12, "24000", "6000-12000", "36000", "12000"),
    ("15以上（役満）", 13, "36000", "9000-18000", "48000", "16000"),
    ("15以上（役満）", 20, "36000", "9000-18000", "48000", "16000"),
]
SYSTEM_30 = Scoring(system=PointSystem.THIRTY_FU)


@pytest.mark.parametrize(("printed", "han", "kr", "kt", "dr", "dt"), THIRTY_FU)
def test_thirty_fu_table(printed: str, han: int, kr: str, kt: str, dr: str, dt: str) -> None:
    assert _cells(hand_value(han, None, False, SYSTEM_30), False) == (kr, kt)
    assert _cells(hand_value(han, None, True, SYSTEM_30), True) == (dr, dt)


@pytest.mark.parametrize(("han", "ron", "dealer_ron"), [(3, 4000, 6000), (4, 8000, 12000)])
def test_thirty_fu_variant(han: int, ron: int, dealer_ron: int) -> None:
    """※五翻を4000/6000、六翻を8000/12000とするルールもある."""
    variant = Scoring(system=PointSystem.THIRTY_FU, thirty_fu_variant=True)
    assert hand_value(han, None, False, variant).ron == ron
    assert hand_value(han, None, True, variant).ron == dealer_ron
    # the tsumo stays as printed, and now sums to the ron
    value = hand_value(han, None, False, variant)
    assert 2 * value.tsumo_non_dealer + value.tsumo_dealer == ron


def test_thirty_fu_ankan_adds_one_han() -> None:
    """※暗槓は牌種に関係なく、無条件に一翻増し: one han and one 暗槓 is the 四翻 line."""
    value = hand_value(1, None, False, SYSTEM_30, ankan=1)
    assert (value.ron, value.tsumo_non_dealer, value.tsumo_dealer) == (2000, 500, 1000)
    with pytest.raises(HandError, match="only the 30fu system"):
        hand_value(1, 30, False, ankan=1)


# 003, 表14 五輪ルール: 子 (親) as printed; tsumo: the base from each non-dealer
# and twice it from the dealer; a dealer's tsumo twice the base from each.
GORIN = [
    ("一翻", 1, 400, 600, (100, 200), 200), ("二翻", 2, 800, 1200, (200, 400), 400),
    ("三翻", 3, 1600, 2400, (400, 800), 800), ("四翻", 4, 3200, 4800, (800, 1600), 1600),
    ("五翻", 5, 6400, 9600, (1600, 3200), 3200), ("六翻", 6, 12800, 19200, (3200, 6400), 6400),
    ("七翻", 7, 25600, 38400, (6400, 12800), 12800),
    ("八翻 数満", 8, 40000, 60000, (10000, 20000), 20000),
    ("九翻 跳満", 9, 80000, 120000, (20000, 40000), 40000),
    ("10翻 倍満", 10, 120000, 180000, (30000, 60000), 60000),
    ("11以上 超満", 11, 200000, 300000, (50000, 100000), 100000),
    ("11以上 超満", 14, 200000, 300000, (50000, 100000), 100000),
]  # fmt: skip
SYSTEM_GORIN = Scoring(system=PointSystem.GORIN)


@pytest.mark.parametrize(("printed", "han", "ron", "dealer_ron", "tsumo", "dealer_tsumo"), GORIN)
def test_gorin_table(
    printed: str, han: int, ron: int, dealer_ron: int, tsumo: tuple[int, int], dealer_tsumo: int
) -> None:
    non_dealer = hand_value(han, None, False, SYSTEM_GORIN)
    dealer = hand_value(han, None, True, SYSTEM_GORIN)
    assert (non_dealer.ron, dealer.ron) == (ron, dealer_ron)
    assert (non_dealer.tsumo_non_dealer, non_dealer.tsumo_dealer) == tsumo
    assert dealer.tsumo_non_dealer == dealer_tsumo


def test_exact_settlement_example_of_003() -> None:
    """表16 精算法(親の場合): 42符五翻 = 42×32×6 = 8064, where double round-up gives 9600."""
    exact = Scoring(system=PointSystem.EXACT)
    assert hand_value(3, 42, True, exact).ron == 8064
    assert hand_value(3, 50, True, exact).ron == 9600
    assert hand_value(3, 42, True).ron == 9600


@pytest.mark.parametrize(
    ("han", "fu", "scoring", "message"),
    [
        (1, 20, Scoring(), "1 han 20 fu cannot occur"),
        (1, 25, Scoring(), "1 han 25 fu cannot occur"),
        (2, 120, Scoring(), "120 fu cannot occur"),
        (2, 10, Scoring(), "10 fu cannot occur"),
        (0, 30, Scoring(), "at least one han"),
        (3, 33, Scoring(), "33 fu cannot occur"),
        (5, 7, Scoring(), "7 fu cannot occur"),
        (-1, 30, Scoring(), "han -1 must be a whole number, 0 or more"),
        (3, None, Scoring(), "needs its fu"),
        (2, 30, SYSTEM_30, "30-fu base counts no fu of the hand: leave the fu out"),
        (2, 30, SYSTEM_GORIN, r"Gorin \(50 fu\) counts no fu of the hand: leave the fu out"),
    ],
)
def test_hands_that_cannot_occur(han: int, fu: int | None, scoring: Scoring, message: str) -> None:
    with pytest.raises(HandError, match=message):
        hand_value(han, fu, False, scoring)


def test_hand_on_the_cli(cli) -> None:
    out = cli.run("hand", "--han", "3", "--fu", "30", "--format", "json")
    assert json.loads(out) == {"ron": 3900, "tsumo": {"dealer": 2000, "non_dealer": 1000}}
    out = cli.run("hand", "--han", "3", "--fu", "30", "--dealer", "--format", "json")
    assert json.loads(out) == {"ron": 5800, "tsumo": {"non_dealer": 2000}}
    out = cli.run("hand", "--han", "2", "--fu", "20", "--format", "json")
    assert json.loads(out) == {"ron": None, "tsumo": {"dealer": 700, "non_dealer": 400}}
    out = cli.run("hand", "--han", "3", "--fu", "30", "--honba", "2", "--format", "json")
    assert json.loads(out) == {"ron": 4500, "tsumo": {"dealer": 2200, "non_dealer": 1200}}
    out = cli.run("hand", "--han", "3", "--fu", "42", "--dealer", "--system", "exact", "-f", "json")
    assert json.loads(out)["ron"] == 8064
    out = cli.run("hand", "--han", "1", "--system", "30fu", "--format", "json")
    assert json.loads(out) == {"ron": 1000, "tsumo": {"dealer": 500, "non_dealer": 300}}
    err = cli.run("hand", "--han", "1", "--fu", "20", code=2)
    assert "1 han 20 fu cannot occur" in err


# Tile hands through the maintained `mahjong` package (yaku, han, fu), paid by seisan.
TILE_HANDS = [
    # the example: pinfu on a two-sided wait, ron
    (["--tiles", "234m567p11s345678s", "--win", "8s"], ["Pinfu"], 1, 30,
     {"ron": 1000, "tsumo": None}),
    (["--tiles", "234m567p11s345678s", "--win", "8s", "--tsumo", "--riichi"],
     ["Menzen Tsumo", "Riichi", "Pinfu"], 3, 20,
     {"ron": None, "tsumo": {"dealer": 1300, "non_dealer": 700}}),
    # seven pairs: 25 fu, not rounded
    (["--tiles", "1122m3344p5566s77z", "--win", "7z"], ["Chiitoitsu"], 2, 25,
     {"ron": 1600, "tsumo": None}),
    # dealer, riichi, dora 1m (indicator 9m makes 1m dora): riichi pinfu dora 2 = 4 han 30 fu
    (["--tiles", "11m234567p345678s", "--win", "8s", "--riichi", "--dealer", "--dora", "9m"],
     ["Riichi", "Pinfu", "Dora"], 4, 30, {"ron": 11600, "tsumo": None}),
]  # fmt: skip


@pytest.mark.parametrize(("args", "yaku", "han", "fu", "pays"), TILE_HANDS)
def test_tile_hands(cli, args: list[str], yaku: list[str], han: int, fu: int, pays) -> None:
    data = json.loads(cli.run("hand", *args, "--format", "json"))
    assert (data["yaku"], data["han"], data["fu"]) == (yaku, han, fu)
    assert {"ron": data["ron"], "tsumo": data["tsumo"]} == pays


def test_tile_hand_under_the_30fu_system(cli) -> None:
    data = json.loads(cli.run("hand", "--tiles", "234m567p11s345678s", "--win", "8s",
                              "--system", "30fu", "--format", "json"))  # fmt: skip
    assert data["ron"] == 1000  # one han of yaku: the 三翻 line


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--tiles", "234m567p11s34567x", "--win", "8s"], "tiles: unknown tiles “34567x”"),
        (["--tiles", "234m567p11s345678z", "--win", "8s"], "unknown tile 8z"),
        (["--tiles", "234m567p11s345679s", "--win", "9s"], "not a winning hand"),
        (
            ["--tiles", "234m567p11s34578s", "--win", "8s"],
            "a winning hand has 14 tiles here, not 13",
        ),
        (["--tiles", "234m567p11s34567s", "--win", "8s"], "win: 8s is not among the tiles"),
        (["--tiles", "234m567p11s345678s", "--win", ""], "win: give the winning tile (like 5p)"),
        (["--tiles", "234m567p11s345678s", "--win", " "], "win: give the winning tile (like 5p)"),
        (
            ["--tiles", "234m567p11s555z678s", "--win", "8s", "--meld", "pon:777z"],
            "meld pon:777z: 7z is not among the tiles",
        ),
        (
            ["--tiles", "234m567p11s123z678s", "--win", "8s", "--meld", "pon:123z"],
            "a pon is 3 of the same tile",
        ),
        (
            ["--tiles", "234m567p11s555z678s", "--win", "8s", "--meld", "pon:5555z"],
            "a pon has 3 tiles",
        ),
        (
            [
                "--tiles",
                "234m567p11s555z678s",
                "--win",
                "8s",
                "--meld",
                "pon:555z",
                "--meld",
                "pon:555z",
            ],
            "5z is not among the tiles (or used twice)",
        ),
        (["--tiles", "234m006p11s345678s", "--win", "8s"], "only one red five of each suit (0p)"),
        (["--tiles", "234m567p11s345678s", "--win", "8s", "--dora", "8888s"], "more than four 8s"),
        (
            ["--tiles", "234m567p11s345678s", "--win", "8s", "--dealer", "--seat-wind", "S"],
            "the dealer's seat wind is East",
        ),
        (["--tiles", "234m567p11s345678s"], "give both --tiles"),
        (["--tiles", "234m567p11s345678s", "--win", "8s", "--han", "2"], "either --tiles"),
        (["--tiles", "123m456m789p11s567p", "--win", "1s", "--meld", "chi:567p"], "no yaku"),
    ],
)
def test_bad_tile_hands(cli, args: list[str], message: str) -> None:
    assert message in cli.run("hand", *args, code=2)


def test_sitting_east_is_being_the_dealer(cli) -> None:
    data = json.loads(cli.run("hand", "--tiles", "111z234m567p11s678s", "--win", "8s",
                              "--seat-wind", "E", "--format", "json"))  # fmt: skip
    assert data["yaku"] == ["Yakuhai (seat wind east)", "Yakuhai (round wind east)"]
    assert data["ron"] == 3900  # the dealer's 2 han 40 fu


def test_double_yakuman_follows_the_rules(cli) -> None:
    args = ["hand", "--tiles", "19m19p19s1234567z1m", "--win", "1m", "--format", "json"]
    assert json.loads(cli.run(*args))["ron"] == 64000  # 国士無双十三面: double by default
    assert json.loads(cli.run(*args, "--rules", "tenhou"))["ron"] == 32000  # 天鳳: no double


#: 大三元 and 字一色 in one open hand (a 555z pon, so no 四暗刻): two yakuman by default
COMPOSITE = ["--tiles", "555z666z777z111z22z", "--win", "2z", "--meld", "pon:555z"]


@pytest.mark.parametrize(
    ("options", "ron", "yakuman"),
    [
        ([], 64000, 2),  # 役満の複合: both count
        (["--rules", "mleague"], 64000, 2),  # 純粋な役満の複合 (no single double, composites)
        (["--rules", "tenhou"], 64000, 2),
        (["--rules", "ema"], 32000, 1),  # EMA: "the maximum score is a single yakuman"
        (["--rules", "wrc"], 32000, 1),  # WRC: "Every yakuman is counted as single"
        (["--rules", "saikouisen-classic"], 32000, 1),  # 「役満の複合あり」: false
        (["--no-composite-yakuman"], 32000, 1),
        (["--rules", "ema", "--composite-yakuman"], 64000, 2),
    ],
)
def test_composite_yakuman_follow_the_rules(cli, options: list[str], ron: int,
                                            yakuman: int) -> None:  # fmt: skip
    data = json.loads(cli.run("hand", *COMPOSITE, *options, "--format", "json"))
    assert (data["ron"], data.get("yakuman", 1), data["han"]) == (ron, yakuman, 13 * yakuman)


@pytest.mark.parametrize(
    ("options", "ron"),
    [
        ([], 64000),  # 国士無双十三面: a double yakuman by default
        (["--no-composite-yakuman"], 64000),  # one yaku's double is not a composite
        (["--rules", "mleague"], 32000),  # 国士無双13面待ちなどは、ダブル役満にはなりません
        (["--rules", "jpml"], 32000),  # 純粋な役満の複合を認める
        (["--rules", "npm"], 32000),
        (["--rules", "rmu"], 32000),
        (["--rules", "mahjongsoul"], 64000),
    ],
)
def test_a_single_yaku_counts_double_only_where_the_rules_say(cli, options: list[str],
                                                              ron: int) -> None:  # fmt: skip
    args = ["hand", "--tiles", "19m19p19s1234567z1m", "--win", "1m", "--format", "json"]
    assert json.loads(cli.run(*args, *options))["ron"] == ron


def test_the_yakuman_options_are_for_tiles_only(cli) -> None:
    for option in ("--composite-yakuman", "--no-double-yakuman"):
        assert "decide how --tiles count" in cli.run("hand", "--yakuman", "2", option, code=2)


def test_kazoe_and_variant_options(cli) -> None:
    out = cli.run("hand", "--han", "13", "--kazoe", "sanbaiman", "--format", "json")
    assert json.loads(out)["ron"] == 24000
    out = cli.run("hand", "--han", "3", "--system", "30fu", "--variant", "--format", "json")
    assert json.loads(out) == {"ron": 4000, "tsumo": {"dealer": 2000, "non_dealer": 1000}}


@pytest.mark.parametrize(
    ("sanma", "expected"),
    [
        ("tsumo-loss", {"dealer": 2000, "non_dealer": 1000}),  # the north's 1000 is lost
        ("split-north", {"dealer": 2500, "non_dealer": 1500}),  # 500 more from each payer
    ],
)
def test_three_player_tsumo(cli, sanma: str, expected) -> None:
    out = cli.run("hand", "--han", "3", "--fu", "30", "--players", "3", "--sanma", sanma,
                  "--format", "json")  # fmt: skip
    assert json.loads(out)["tsumo"] == expected


# 精算法 from tiles: the fu as counted, not rounded up to ten (helper-72: the tiles
# had paid 40符 where the same hand given as --han 2 --fu 34 paid 34符); 七対子 25符
@pytest.mark.parametrize(("args", "fu", "pays"), [
    (["--tiles", "222345m456p678s55s", "--win", "5m", "--riichi"], 34,  # 30+4 (222m 中張暗刻)
     {"ron": 34 * 16 * 4, "tsumo": None}),
    (["--tiles", "234m567p11s345s5555z", "--win", "5s", "--meld", "kan:5555z", "--seat-wind",
      "S"], 36, {"ron": 36 * 8 * 4, "tsumo": None}),  # 20 + 16 (明槓 of 白), no menzen ron
    (["--tiles", "234m567p11s345s1111z", "--win", "5s", "--meld", "kan:1111z", "--tsumo",
      "--seat-wind", "S"], 38, {"ron": None, "tsumo": {"dealer": 608, "non_dealer": 304}}),
    (["--tiles", "1122m3344p5566s77z", "--win", "7z"], 25, {"ron": 25 * 16 * 4, "tsumo": None}),
])  # fmt: skip
def test_tile_hands_under_the_exact_system_pay_the_fu_as_counted(
    cli, args: list[str], fu: int, pays
) -> None:
    data = json.loads(cli.run("hand", *args, "--system", "exact", "--format", "json"))
    assert data["fu"] == fu
    assert {"ron": data["ron"], "tsumo": data["tsumo"]} == pays
    by_count = ["--han", str(data["han"]), "--fu", str(fu), "--system", "exact"]
    given = json.loads(cli.run("hand", *by_count, "--format", "json"))
    way = "ron" if pays["ron"] else "tsumo"
    assert given[way] == pays[way]  # the same as the hand given by its han and fu


@pytest.mark.parametrize(("options", "honba", "expected"), [
    ([], 0, {"dealer": 700, "non_dealer": 500}),  # 1han30fu: 300 of the north, 200 each
    (["--system", "exact"], 0, {"dealer": 600, "non_dealer": 360}),  # base 240: 120 each
    (["--system", "exact"], 1, {"dealer": 700, "non_dealer": 460}),
])  # fmt: skip
def test_the_norths_share_is_split_to_the_point_under_the_exact_system(
    cli, options: list[str], honba: int, expected
) -> None:
    out = cli.run("hand", "--han", "1", "--fu", "30", "--players", "3", "--sanma", "split-north",
                  "--honba", str(honba), *options, "--format", "json")  # fmt: skip
    assert json.loads(out)["tsumo"] == expected


@pytest.mark.parametrize(("options", "ron"), [
    (["-r", "mleague"], 8000),  # M.League's 切り上げ満貫
    (["-r", "mleague", "--no-kiriage"], 7700),  # said, and kept: helper-72 had 8000
    (["-r", "saikouisen", "--dealer"], 12000),  # 最高位戦: the dealer's 30符4翻 rounded up
    (["-r", "saikouisen", "--dealer", "--no-kiriage"], 11600),  # none at all (helper-73)
    (["--kiriage"], 8000),
    ([], 7700),
])  # fmt: skip
def test_an_option_said_no_overrules_the_rules(cli, options: list[str], ron: int) -> None:
    out = cli.run("hand", "--han", "4", "--fu", "30", *options, "--format", "json")
    assert json.loads(out)["ron"] == ron


def test_no_variant_overrules_a_rules_file(cli, tmp_path: Path) -> None:
    file = tmp_path / "variant.toml"
    file.write_text('[scoring]\nsystem = "30fu"\nthirty_fu_variant = true\n', encoding="utf-8")
    given = ["hand", "--han", "3", "-r", str(file), "--format", "json"]
    assert json.loads(cli.run(*given))["ron"] == 4000
    assert json.loads(cli.run(*given, "--no-variant"))["ron"] == 3900


@pytest.mark.parametrize(
    ("lang", "words"),
    [("en", ["Menzen Tsumo, Riichi, Pinfu", "3 han 20 fu"]),
     ("ja", ["門前清自摸和、立直、平和", "(3翻20符)", "ツモ"]),
     ("ko", ["멘젠쯔모, 리치, 핑후", "(3판 20부)", "쯔모"])],
)  # fmt: skip
def test_tile_hands_speak_the_language(cli, lang: str, words: list[str]) -> None:
    out = cli.run("hand", "--tiles", "234m567p11s345678s", "--win", "8s", "--riichi", "--tsumo",
                  "--lang", lang)  # fmt: skip
    for word in words:
        assert word in out


def test_a_value_kept_is_never_given_for_what_a_first_call_refuses() -> None:
    """Issue 20: values are kept by their inputs; 3.0 or True equal 3 and 1 as keys,
    so a kept value must not let through what a first call refuses."""
    assert hand_value(3, 30, False).ron == 3900
    assert hand_value(1, 30, True).ron == 1500
    for han, fu, message in ((3.0, 30, "han 3.0 must be a whole number, 0 or more"),
                             (True, 30, "han true must be a whole number, 0 or more"),
                             (3, 30.0, "fu 30.0 must be a whole number")):  # fmt: skip
        with pytest.raises(HandError) as caught:
            hand_value(han, fu, False)  # type: ignore[arg-type]
        assert caught.value.text("en") == message
    with pytest.raises(HandError, match=r"yakuman 1\.0 must be a whole number"):
        hand_value(0, None, False, yakuman=1.0)  # type: ignore[arg-type]
    # a dealer given as 1 is answered as given, not from the value kept for True
    assert hand_value(1, 30, 1).dealer == 1 and hand_value(1, 30, True).dealer is True  # type: ignore[arg-type]


def test_each_scoring_keeps_its_own_values() -> None:
    """Equal hands under two scorings: 4 han 30 fu is 7,700 plain, 8,000 with 切り上げ満貫;
    a scoring made after another was dropped is never answered with the other's values."""
    for _ in range(50):
        kiriage = Scoring(kiriage=True)
        assert hand_value(4, 30, False, kiriage).ron == 8000
        del kiriage
        plain = Scoring()
        assert hand_value(4, 30, False, plain).ron == 7700
        del plain


def test_the_values_kept_are_bounded(monkeypatch: pytest.MonkeyPatch) -> None:
    from seisan import hands  # noqa: PLC0415

    monkeypatch.setattr(hands, "_MOST_VALUES", 3)
    monkeypatch.setattr(hands, "_VALUES", {})
    for han in range(1, 8):
        assert hand_value(han, 30, False) == hands._value(han, 30, False, Scoring(), 0, 0)
        assert 1 <= len(hands._VALUES) <= 3
    assert hand_value(4, 30, False).ron == 7700


def test_a_value_asked_again_is_the_one_kept_for_its_scoring(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The values are kept (issue 20: a replay asks for the same few hundred again and
    again), each for its own scoring: asked again, the very value given the first time,
    with another scoring's value of the same hand asked in between."""
    from seisan import hands  # noqa: PLC0415

    monkeypatch.setattr(hands, "_VALUES", {})  # (no other test's values, nothing cleared)
    plain, kiriage = Scoring(), Scoring(kiriage=True)
    first, other = hand_value(4, 30, False, plain), hand_value(4, 30, False, kiriage)
    assert (first.ron, other.ron) == (7700, 8000)
    assert hand_value(4, 30, False, plain) is first
    assert hand_value(4, 30, False, kiriage) is other


@pytest.mark.parametrize(("args", "ja", "ko"), [
    (["--tiles", "234m567p11s34567x", "--win", "8s"], "手牌(tiles): 不明な牌「34567x」",
     "손패(tiles): 알 수 없는 패"),
    (["--tiles", "234m567p456s789s66z", "--win", "9q"], "和了牌(win): 不明な牌「9q」",
     "화료패(win): 알 수 없는 패"),
    (["--tiles", "234m567p456s789s66z", "--win", "8s", "--dora", "8z"],
     "ドラ表示牌(dora): 不明な牌 8z", "도라 표시패(dora): 알 수 없는 패 8z"),
    (["--tiles", "234m567p456s789s66z", "--win", "8s", "--riichi", "--ura", "8z"],
     "裏ドラ表示牌(ura): 不明な牌 8z", "뒷도라 표시패(ura): 알 수 없는 패 8z"),
    (["--tiles", "234m567p456s789s66z", "--win", "8s", "--meld", "pon:5q5"],
     "副露 pon:5q5: 不明な牌「5q5」", "후로 pon:5q5: 알 수 없는 패"),
])  # fmt: skip
def test_a_tile_hands_fields_are_named_in_the_readers_words(
    cli, args: list[str], ja: str, ko: str
) -> None:
    """The field in the reader's words, its key in brackets (as 罰則(penalties)): the
    table assistant showed "tiles:", "win:", "dora:" on ja/ko pages (the review)."""
    assert ja in cli.run("hand", *args, "--lang", "ja", code=2)
    assert ko in cli.run("hand", *args, "--lang", "ko", code=2)


def test_every_reason_mahjong_gives_for_refusing_a_hand_is_in_our_words() -> None:
    """`mahjong`'s ids (open_hand_riichi_not_allowed) had been shown as they are, in
    every language (helper-72)."""
    from mahjong.hand_calculating.hand import HandCalculator  # noqa: PLC0415

    from seisan.tiles import _ERRORS  # noqa: PLC0415

    ids = {v for k, v in vars(HandCalculator).items() if k.startswith("ERR_")}
    assert len(ids) == 21 and ids <= set(_ERRORS)


@pytest.mark.parametrize(("lang", "said"), [
    ("en", "riichi (立直) is declared with a closed hand only"),
    ("ja", "立直"), ("ko", "리치"),
])  # fmt: skip
def test_riichi_with_a_call_is_said_in_the_readers_words(cli, lang: str, said: str) -> None:
    error = cli.run("hand", "--tiles", "234m567p11s345s444z", "--win", "5s", "--meld",
                    "pon:444z", "--riichi", "--lang", lang, code=2)  # fmt: skip
    assert said in error and "open_hand" not in error


@pytest.mark.parametrize(("args", "heading"), [
    (["--tiles", "111m999p111s11z222z", "--win", "2z", "--tsumo"], "Standard: Suu Ankou"),
    (["--tiles", "234m567p11s345678s", "--win", "8s", "--system", "gorin"],
     "Gorin (50 fu): Pinfu (1 han)"),
    (["--tiles", "234m567p11s345678s", "--win", "8s", "--system", "30fu"],
     "30-fu base: Pinfu (1 han)"),
    (["--tiles", "234m567p11s345678s", "--win", "8s"], "Standard: Pinfu (1 han 30 fu)"),
])  # fmt: skip
def test_a_tile_hands_heading_counts_what_its_system_counts(cli, args: list[str],
                                                            heading: str) -> None:  # fmt: skip
    """A yakuman is no count of han (it had read “(65 han 70 fu)”: the yakuman's 13 a
    time), and the 30-fu base and 五輪 count no fu (“(1 han 30 fu)” under 五輪's fixed
    50): helper-72."""
    out = cli.run("hand", *args, "--lang", "en")
    assert out.splitlines()[0].strip() == heading


@pytest.mark.parametrize("extra", [["--fu", "30"], ["--ankan", "1", "--system", "30fu"]])
def test_what_a_yakuman_never_reads_is_refused(cli, extra: list[str]) -> None:
    """A yakuman's value is fixed: --fu and --ankan beside it had gone unread (helper-72),
    as --han beside it is refused."""
    error = cli.run("hand", "--yakuman", "1", *extra, code=2)
    assert error == f"seisan: error: {extra[0]} does nothing with --yakuman\n"


@pytest.mark.parametrize(("args", "row"), [
    (["--han", "3", "--fu", "30"], "3,30,3900,1000,2000,,"),
    (["--han", "3", "--fu", "30", "--dealer"], "3,30,5800,2000,,,"),  # all pay 2000
    (["--tiles", "234m567p11s345678s", "--win", "8s", "--tsumo"], "2,20,,400,700,,"),
    (["--tiles", "234m567p11s345678s", "--win", "8s", "--riichi"], "2,30,2000,,,,"),
    (["--han", "5"], "5,,8000,2000,4000,mangan,"),
    (["--yakuman", "2"], ",,64000,16000,32000,yakuman,2"),
])  # fmt: skip
def test_a_hand_as_csv_is_the_jsons_numbers(cli, args: list[str], row: str) -> None:  # type: ignore[no-untyped-def]
    """The CSV had been the table's rows: a tsumo “1000/2000” in one cell, a win that
    cannot occur “'-” (the formula guard on the table's dash), “ロン” in Japanese."""
    header = "han,fu,ron,tsumo_non_dealer,tsumo_dealer,limit,yakuman"
    for lang in ("en", "ja"):
        assert cli.run("--lang", lang, "hand", *args, "-f", "csv") == f"{header}\n{row}\n"
