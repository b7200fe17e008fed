"""Rank uma presets of seed 000 (順位ウマ table) and floating uma."""

from __future__ import annotations

import re
from collections.abc import Callable
from fractions import Fraction

import pytest

from seisan import Rules, RulesError, parse_floating, parse_uma, settle
from seisan.uma import FloatingUma

# 000's table: 通称 / 3位→2位 / 4位→1位: 4位 pays 1位 and 3位 pays 2位, so the uma
# of places 1..4 in points is (4位→1位, 3位→2位, −3位→2位, −4位→1位).
TABLE_000 = [
    ("ゴットー", "5-10", [10000, 5000, -5000, -10000]),
    ("ワンツー", "10-20", [20000, 10000, -10000, -20000]),
    ("ワンスリー", "10-30", [30000, 10000, -10000, -30000]),
    ("ツースリー", "20-30", [30000, 20000, -20000, -30000]),
]


@pytest.mark.parametrize(("name", "spec", "uma_points"), TABLE_000)
@pytest.mark.parametrize("form", ["name", "spec"])
def test_rank_uma_presets_of_000(
    cli, form: str, name: str, spec: str, uma_points: list[int]
) -> None:
    given = name if form == "name" else spec
    assert parse_uma(given).values == tuple(Fraction(p, 1000) for p in uma_points)
    # through the CLI: 30000/30000 with everyone within 200 points of 30000
    scores = cli.scores("30200", "30100", "29900", "29800", "--start", "30000",
                        "--return-points", "30000", "--uma", given)  # fmt: skip
    offsets = [200, 100, -100, -200]
    assert [s * 1000 for s in scores] == [u + o for u, o in zip(uma_points, offsets, strict=True)]


@pytest.mark.parametrize(
    ("key", "spec"),
    [("gotto", "5-10"), ("one-two", "10-20"), ("one-three", "10-30"), ("two-three", "20-30"),
     ("two-six", "20-60"), ("none", "0-0"), ("One-Three", "10-30")],
)  # fmt: skip
def test_a_named_uma_is_found_by_its_id(key: str, spec: str) -> None:
    """Each named uma of ``data/uma.toml`` is also found by its own key, in any case
    (``one-three`` is ワンスリー, 10-30), not only by the aliases it lists
    (``named_umas``, a ``cache``: outside every mutmut run, named_umas_14 applied by
    hand kept no key, and every uma asked for by it was refused)."""
    assert parse_uma(key) == parse_uma(spec)


@pytest.mark.parametrize("spec", ["none", "순우마", "0"])
def test_no_uma(spec: str) -> None:
    assert parse_uma(spec).values == (0, 0, 0, 0)


def test_uma_lists_for_three_players() -> None:
    assert parse_uma("20,0,-20", players=3).values == (20, 0, -20)
    with pytest.raises(RulesError, match="X-Y uma is for 4 players"):
        parse_uma("10-20", players=3)


@pytest.mark.parametrize(
    ("spec", "problem"),
    [
        ("30,10,-10", "needs 4 values"),
        ("30,10,-10,-20", "must sum to 0"),
        ("10,30,-10,-30", "must not rise"),
        ("10000-20000", "did you give points"),
        ("10.25-20", "give a name"),
        ("30,10,-10.05,-29.95", "multiple of 0.1"),
        ("wan-wan", "give a name"),
        ("a,b,c,d", "must be a number"),
    ],
)
def test_bad_uma_is_named(spec: str, problem: str) -> None:
    with pytest.raises(RulesError, match=problem) as err:
        parse_uma(spec)
    assert err.value.field.startswith("uma")


def test_floating_uma_picks_by_players_at_or_above_return() -> None:
    uma = parse_floating({"1": [12, -1, -3, -8], "2": [8, 4, -4, -8]})
    assert uma.for_points([31000, 30000, 29900, 29100], 30000) == (8, 4, -4, -8)
    assert uma.for_points([31000, 29900, 29900, 29200], 30000) == (12, -1, -3, -8)
    with pytest.raises(RulesError, match="no uma for 3 players at or above 30000"):
        uma.for_points([31000, 30000, 30000, 29000], 30000)


def test_floating_uma_with_split_ties() -> None:
    rules = Rules(uma=parse_floating({"2": [8, 4, -4, -8]}))
    result = settle([35000, 35000, 25000, 25000], rules)
    assert list(result.scores) == [11, 11, -11, -11]


_FOUR = (Fraction(20), Fraction(10), Fraction(-10), Fraction(-20))


@pytest.mark.parametrize(
    ("make", "message"),
    [
        (lambda: parse_floating({}),
         "rules: floating_uma = []: needs at least one entry {count = [uma, ...]}"),
        (lambda: parse_floating({"2": [20, 10, -10, -20], "02": [30, 10, -10, -30]}),
         "rules: floating_uma = 2: gives the same count of floating players twice"),
        (lambda: FloatingUma(((True, _FOUR),)),
         "rules: floating_uma = true: keys are counts of floating players"),
        (lambda: FloatingUma((("2", _FOUR),)),
         "rules: floating_uma = “2”: keys are counts of floating players"),
        (lambda: FloatingUma(((2, ("x", 1, 2, 3)),)),
         "rules: floating_uma.2[0] = “x”: must be a number of pt"),
        (lambda: parse_floating({"1": [20, 10, -10, -20], "2": [20, 10, -10, -20],
                                 "02": [30, 10, -10, -30]}),
         "rules: floating_uma = 2: gives the same count of floating players twice"),
        (lambda: FloatingUma(((1, _FOUR), (2, (Fraction(10), Fraction(0), Fraction(-10))))),
         "rules: floating_uma = [3, 4]: every uma list needs the same length"),
    ],
    ids=["empty", "a-count-twice", "a-bool-count", "a-text-count", "a-bad-value",
         "the-second-count-twice", "lists-of-two-lengths"],
)  # fmt: skip
def test_a_bad_floating_uma_is_refused_in_words(make: Callable[[], object], message: str) -> None:
    """A floating uma made by the library's callers (``FloatingUma``) or from a rules
    file's table (``parse_floating``) is refused naming the field, the value and what
    is wrong: "02" and "2" are one count (issue 16: mutation testing)."""
    with pytest.raises(RulesError) as caught:
        make()
    assert str(caught.value) == message


@pytest.mark.parametrize("lang", ["en", "ja", "ko"])
def test_every_way_the_uma_fields_label_offers_is_taken(lang: str) -> None:
    """The rules form's label lists the ways to write an uma; each is taken as written
    in the reader's language (helper-95: the ja/ko label offered the English “none”,
    and なし was refused: ウマなし and 순우마 are the uma table's own names)."""
    from seisan.explain import RULE_FIELDS  # noqa: PLC0415
    from seisan.i18n import Message  # noqa: PLC0415

    label = Message(RULE_FIELDS["uma"]).text(lang)
    inside = label[label.index("（" if lang == "ja" else "(") + 1 : -1]
    ways = [w.strip() for w in re.split(r"、|, ", inside)]  # (a list of pt has no space)
    assert len(ways) == 4, ways
    assert parse_uma(ways[0]).values == (30, 10, -10, -30)
    assert parse_uma(ways[1]).values == (30, 10, -10, -30)
    assert parse_uma(ways[2]).values == (30, 10, -10, -30)
    assert parse_uma(ways[3]).values == (0, 0, 0, 0)
    assert lang == "en" or "none" not in label


@pytest.mark.parametrize(
    "typed", ["１０－３０", "３０，１０，－１０，－３０", "ﾜﾝｽﾘｰ", "10−30", " 10 - 30 "]
)
def test_an_uma_typed_on_a_japanese_keyboard_is_taken(typed: str) -> None:
    """Full width (１０－３０), half-width katakana (ﾜﾝｽﾘｰ), a minus sign (−): the web form's
    full-width uma had been refused where its full-width start points were taken
    (helper-95)."""
    assert parse_uma(typed).values == (30, 10, -10, -30)


def test_a_full_width_uma_that_is_no_uma_is_refused_as_typed() -> None:
    with pytest.raises(RulesError) as refused:
        parse_uma("１０－")
    assert "１０－" in str(refused.value)
