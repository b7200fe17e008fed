"""Worked examples from the seeds and from each preset's published source.

Each case: preset, final points in seat order, the scores the source prints.
Through the library and through the CLI.
"""

from __future__ import annotations

from decimal import Decimal
from fractions import Fraction

import pytest

from seisan import find_preset, format_score, settle

CASES = [
    # seed 001: M-League rules, a 42600 top scores +62.6
    ("mleague", [42600, 31000, 16400, 10000], "+62.6 +11 -23.6 -50", "001 M-League"),
    # seed 004: the four Korean examples (the 원투우마 2nd/3rd follow the printed formulas)
    ("sun-uma", [50000, 40000, 20000, 10000], "+20 +10 -10 -20", "004 순우마"),
    ("one-two-uma", [50000, 40000, 20000, 10000], "+40 +20 -20 -40", "004 원투우마"),
    ("sun-oka", [40000, 30000, 20000, 10000], "+30 -0 -10 -20", "004 순오카"),
    ("one-two-oka", [40000, 30000, 20000, 10000], "+50 +10 -20 -40", "004 원투오카"),
    # Tenhou to 2020: real result lines (owari) of Tenhou logs, seat order; whole pt,
    # the final points rounded to 1000 with halves away from zero
    ("tenhou-2020", [20300, 34400, 19200, 26100], "-20 +45 -31 +6", "Tenhou owari 203,-20,..."),
    ("tenhou-2020", [22500, 23000, 38800, 15700], "-17 +3 +48 -34", "Tenhou: 22500 → -7"),
    # 2016090900gm-00a9-0000-a2a25bb6: owari="662,77.0,52,-35.0,331,13.0,-45,-55.0"
    ("tenhou-2020", [66200, 5200, 33100, -4500], "+77 -35 +13 -55", "Tenhou: -4500 → -35"),
    # 2009022116gm-00a9-0000-77155835: owari="269,-13,292,9,514,62,-75,-58"
    ("tenhou-2020", [26900, 29200, 51400, -7500], "-13 +9 +62 -58", "Tenhou: -7500 → -38"),
    # Tenhou today: 2022060100gm-00a9-0000-34c99cfa owari="-31,-53.1,519,61.9,240,-16.0,272,7.2"
    ("tenhou", [-3100, 51900, 24000, 27200], "-53.1 +61.9 -16 +7.2", "Tenhou 2022: exact"),
    # Tenhou ties: 東1局の風順 (seat 1 ranks above seat 3 on equal points)
    ("tenhou", [40000, 20000, 20000, 20000], "+50 +0 -20 -30", "Tenhou tie by seat"),
    # Mahjong Soul: EndScore = (MatchResult - 25000) / 1000 + uma, ties by seat
    ("mahjongsoul", [40000, 30000, 20000, 10000], "+30 +10 -10 -30", "Majsoul formula"),
    ("mahjongsoul", [25000, 25000, 35000, 15000], "+5 -5 +25 -25", "Majsoul tie by seat"),
    # M-League: a real game (subculture-fighting) and the two tie examples (ameblo)
    ("mleague", [37000, 27300, 23800, 11900], "+57 +7.3 -16.2 -48.1", "M-League game"),
    ("mleague", [50000, 39200, 5400, 5400], "+70 +19.2 -44.6 -44.6", "M-League 3rd/4th tie"),
    ("mleague", [35200, 35200, 24800, 4800], "+35.2 +35.2 -15.2 -55.2", "M-League 1st/2nd tie"),
    # WRC: 40000 as best ranked scores 25 (errata); ties average the uma
    ("wrc", [40000, 30000, 30000, 20000], "+25 +0 +0 -25", "WRC 40000 top; 2nd/3rd tie"),
    # EMA: uma shared on ties, no oka, no rounding
    ("ema", [36300, 36300, 24700, 22700], "+16.3 +16.3 -10.3 -22.3", "EMA 1st/2nd tie"),
    # RMU A/B: 15/5/-5/-15, 同点の場合は順位点を分ける
    ("rmu", [35600, 24400, 30000, 30000], "+20.6 -20.6 +0 +0", "RMU 2nd/3rd tie"),
    # RMU M: +50/+10/-10/-30 with oka
    ("rmu-m", [30000, 30000, 20000, 20000], "+30 +30 -30 -30", "RMU M two ties"),
    # Saikouisen: +30/+10/-10/-30, no oka
    ("saikouisen", [45000, 35000, 25000, 15000], "+45 +15 -15 -45", "Saikouisen 10-30"),
    # JPML floating uma: 1, 2, 3 players at or above 30000
    ("jpml", [45000, 29000, 26000, 20000], "+27 -2 -7 -18", "JPML 1人浮き"),
    ("jpml", [38000, 32000, 28000, 22000], "+16 +6 -6 -16", "JPML 2人浮き"),
    ("jpml", [34000, 31000, 30000, 25000], "+12 +4 +1 -17", "JPML 3人浮き (30000 floats)"),
    # Tenhou sanma: 35000/40000, oka +15, uma +20/0/-20
    ("tenhou-sanma", [50000, 35000, 20000], "+45 -5 -40", "Tenhou 3p"),
    # 2026012022gm-00b9-0000-c6725c77: owari="319,-8.1,319,-28.1,412,36.2" (a tie by seat)
    ("tenhou-sanma", [31900, 31900, 41200], "-8.1 -28.1 +36.2", "Tenhou 3p 2026"),
    # 2014091101gm-00b9-0000-5ca6b487: owari="592,54.0,228,-37.0,230,-17.0" (22800 → 23000)
    ("tenhou-sanma-2020", [59200, 22800, 23000], "+54 -37 -17", "Tenhou 3p 2014"),
    # a three-player log of the whole-pt era: owari="274,-13.0,831,79.0,-55,-66.0"
    ("tenhou-sanma-2020", [27400, 83100, -5500], "-13 +79 -66", "Tenhou 3p: -5500 → -46"),
    # Ties for the presets whose sources print no tie example, worked by hand from
    # the tie rule each cites (seat order, or uma and oka shared).
    ("tenhou-sanma", [40000, 40000, 25000], "+35 +0 -35", "Tenhou 3p tie by seat"),
    ("tenhou-2020", [40000, 20000, 20000, 20000], "+50 +0 -20 -30", "Tenhou 2020 tie by seat"),
    ("jpml", [35000, 35000, 25000, 25000], "+11 +11 -11 -11", "JPML 2人浮き two ties"),
    ("saikouisen", [40000, 25000, 25000, 30000], "+40 -25 -25 +10", "Saikouisen 3rd/4th tie"),
    ("sun-uma", [40000, 40000, 20000, 20000], "+10 +10 -10 -10", "순우마 ties"),
    ("sun-oka", [35000, 35000, 15000, 15000], "+25 +5 -15 -15", "순오카 tie: oka to seat 0"),
    ("one-two-uma", [40000, 40000, 20000, 20000], "+30 +20 -20 -30", "원투우마 ties by seat"),
    ("one-two-oka", [35000, 35000, 15000, 15000], "+45 +15 -25 -35", "원투오카 ties by seat"),
]


def _expect(text: str) -> list[Fraction]:
    return [Fraction(Decimal(s)) for s in text.split()]


@pytest.mark.parametrize(("preset", "points", "scores", "what"), CASES, ids=[c[3] for c in CASES])
def test_worked_example_library(preset: str, points: list[int], scores: str, what: str) -> None:
    result = settle(points, find_preset(preset))
    assert list(result.scores) == _expect(scores)
    assert sum(result.scores) == 0


@pytest.mark.parametrize(("preset", "points", "scores", "what"), CASES, ids=[c[3] for c in CASES])
def test_worked_example_cli(cli, preset: str, points: list[int], scores: str, what: str) -> None:
    got = cli.scores(*map(str, points), "--rules", preset)
    assert [Fraction(g) for g in got] == _expect(scores)


def test_korean_zero_is_written_minus_zero(cli) -> None:
    """004: 「참고로 0은 -0으로 취급한다. +0 따위는 없다.」"""
    out = cli.run(
        "settle", "40000", "30000", "20000", "10000", "--rules", "sun-oka", "--lang", "ko"
    )
    assert "-0" in out.split()[out.split().index("30000") + 2]
    rules = find_preset("sun-oka")
    assert format_score(settle([40000, 30000, 20000, 10000], rules)[1].score, rules.zero) == "-0"


def test_mleague_table_shows_one_decimal(cli) -> None:
    out = cli.run("settle", "42600", "31000", "16400", "10000", "--rules", "mleague")
    assert "+62.6" in out and "+11.0" in out and "-50.0" in out


def test_tie_places_are_shared_under_split(cli) -> None:
    data = cli.json("settle", "35200", "35200", "24800", "4800", "--rules", "mleague")
    assert [r["place"] for r in data["results"]] == [1, 1, 3, 4]
    data = cli.json("settle", "40000", "20000", "20000", "20000", "--rules", "tenhou")
    assert [r["place"] for r in data["results"]] == [1, 2, 3, 4]


def test_three_way_tie_leftover_tenths_go_in_seat_order() -> None:
    # M-League, three tied for first: oka 20 + uma 30 + 10 - 10 = 50 pt over three:
    # 16.6 each and 0.2 left over, one tenth each to seats 1 and 2 (seat order).
    result = settle([4000, 32000, 32000, 32000], find_preset("mleague"))
    assert [format_score(s) for s in result.scores] == ["-56", "+18.7", "+18.7", "+18.6"]
    # three tied for second: 10 - 10 - 30 = -30 over three = -10 each, exact
    result = settle([40000, 20000, 20000, 20000], find_preset("mleague"))
    assert [format_score(s) for s in result.scores] == ["+60", "-20", "-20", "-20"]
