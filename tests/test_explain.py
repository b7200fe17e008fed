"""Every number of a settled game in words (seisan.explain), on the seeds' own games."""

from __future__ import annotations

import pytest

from seisan import find_preset
from seisan.explain import explain, ordinal, rules_caption
from seisan.i18n import language
from seisan.ledger import settle_game
from seisan.presets import rules_from_data
from seisan.settlement import Penalty
from seisan.sidebets import Bets, PairBet

NAMES = ["Ana", "Ben", "Chie", "Dae"]


def lines(result, name: str) -> list[str]:  # type: ignore[no-untyped-def]
    return [str(line) for line in explain(result)[name]]


def test_a_plain_game() -> None:
    result = settle_game([42600, 31000, 16400, 10000], find_preset("mleague"), NAMES)
    assert lines(result, "Dae") == [
        "points: (10000 − 30000) ÷ 1000 = -20",
        "uma for 4th place: -30",
        "score: -50",
    ]


def test_a_tie_for_first_shares_oka_and_uma() -> None:
    result = settle_game([35200, 35200, 24800, 4800], find_preset("mleague"), NAMES)
    assert lines(result, "Ben") == [
        "points: (35200 − 30000) ÷ 1000 = +5.2",
        "oka shared by 2 players tied for first: +10 each",
        "uma of places 1–2 shared by 2 tied players: (+30 + +10) ÷ 2 = +20",
        "score: +35.2",
    ]


def test_rounding_and_first_places_balance() -> None:
    rules = rules_from_data({"extends": "tenhou", "rounding": "half-up"})
    result = settle_game([42600, 31400, 16400, 9600], rules, NAMES)
    assert lines(result, "Ben")[1] == "rounded to whole pt (half up): -0.4"
    assert lines(result, "Dae")[1] == "rounded to whole pt (half up): +0.4"
    assert lines(result, "Ana")[3] == (
        "balance to first place: +0.4 (the others' rounding and shared sticks, so the table "
        "sums to zero)"
    )
    assert lines(result, "Ana")[-1] == "score: +53"


def test_sticks_left_on_the_table_go_to_first() -> None:
    result = settle_game([38000, 30000, 20000, 10000], find_preset("mleague"), NAMES, deposits=2)
    assert lines(result, "Ana")[0] == (
        "40000 points with the riichi sticks left on the table (38000 + 2000)"
    )
    assert "riichi sticks" not in " ".join(lines(result, "Ben"))


def test_penalties_and_side_bets() -> None:
    result = settle_game([42600, 31000, 16400, 10000], find_preset("mleague"), NAMES,
                         Bets(sashi=(PairBet(0, 3, 10000),)),
                         penalties=(Penalty(1, 20, "chombo"),))  # fmt: skip
    assert lines(result, "Ben") == [
        "points: (31000 − 30000) ÷ 1000 = +1",
        "uma for 2nd place: +10",
        "penalty: -20 (Chombo)",  # the term, in the reader's language
        "score: -9",
        "total: -9",
    ]
    assert lines(result, "Ana")[-2:] == ["Sashi-uma: +10", "total: +72.6"]
    assert lines(result, "Dae")[-2:] == ["Sashi-uma: -10", "total: -60"]


@pytest.mark.parametrize(("place", "en", "ja", "ko"), [
    (1, "1st", "1位", "1위"), (2, "2nd", "2位", "2위"), (3, "3rd", "3位", "3위"),
    (4, "4th", "4位", "4위"),
])  # fmt: skip
def test_ordinals(place: int, en: str, ja: str, ko: str) -> None:
    assert [ordinal(place).text(lang) for lang in ("en", "ja", "ko")] == [en, ja, ko]


def test_in_japanese() -> None:
    result = settle_game([42600, 31000, 16400, 10000], find_preset("mleague"), NAMES)
    with language("ja"):
        text = " ".join(lines(result, "Ana"))
    assert "+62.6" in text and "score" not in text and "uma" not in text


def test_the_rules_in_one_line() -> None:
    """With an oka, the 順位点 (uma with first place's oka) as the leagues quote them."""
    assert rules_caption(find_preset("mleague"), "en") == (
        "Start points 25000 · Return points 30000 · Oka +20 · Uma 10-30 (Rank points "
        "+50/+10/-10/-30) · Rounding: exact · Ties: split"
    )
    assert "順位点 +50/+10/-10/-30" in rules_caption(find_preset("npm"), "ja")
    assert "순위점" not in rules_caption(find_preset("saikouisen"), "ko")  # no oka: uma only


@pytest.mark.parametrize(("lang", "words"), [
    ("en", "a win: all three, or the nearest under 頭ハネ"),
    ("ja", "和了: 3人とも(頭ハネなら放銃者に近い1人)"),
    ("ko", "화료: 세 명 모두(머리치기면 방총자에 가까운 한 명)"),
])  # fmt: skip
def test_a_triple_ron_paid_reads_true_beside_one_winner_a_hand(lang: str, words: str) -> None:
    """M.League's 頭ハネ gives a triple ron to one winner: "all three win" beside it was
    wrong (the review, 2026-12-05)."""
    from seisan.explain import rule_value  # noqa: PLC0415

    assert rule_value("scoring.triple_ron", "win", lang) == words
