"""The entry form's parts, value by value: the rows a form has, numbers as typed at the
table, a penalty as a game table keeps it, points that do not add up, and a stored
game read back into the form. Each error word for word, with the field it names."""

from __future__ import annotations

from fractions import Fraction
from typing import Any

import pytest

from seisan.i18n import Message
from seisan.presets import find_preset
from seisan.settlement import PointsTotalError
from seisan.web.clubs.entry import (
    initial_of,
    parse_amount,
    parse_int,
    parse_pt,
    penalty_item,
    points_problem,
    rows_for,
    rows_of,
)
from seisan.web.clubs.services import EntryError

WHAT = Message("the amount")


@pytest.mark.parametrize(
    ("text", "rows"),
    [("3,2,2", (3, 2, 2)), ("1,1,1", (1, 1, 1)), ("12,12,12", (12, 12, 12)),
     ("1,12,5", (1, 12, 5)), ("0,2,2", (2, 2, 2)), ("13,2,2", (2, 2, 2)), ("2,2,13", (2, 2, 2)),
     ("3,3", (2, 2, 2)), ("3,3,3,3", (2, 2, 2)), ("3 3 3", (2, 2, 2)), ("a,b,c", (2, 2, 2)),
     ("", (2, 2, 2)), (None, (2, 2, 2)), ("-1,2,2", (2, 2, 2))],
)  # fmt: skip
def test_rows_of(text: Any, rows: tuple[int, int, int]) -> None:
    assert rows_of(text) == rows


@pytest.mark.parametrize(
    ("table", "rows"),
    [({}, (2, 2, 2)),
     ({"sashi": ["A:B:1000"]}, (2, 2, 2)),
     ({"sashi": ["A:B:1000", "C:D:1000"]}, (3, 2, 2)),
     ({"bashin": ["A:B:1000", "C:D:1000"]}, (3, 2, 2)),
     ({"binta": ["A:B:1000", "C:D:1000"]}, (3, 2, 2)),
     ({"sashi": ["a"], "bashin": ["b"], "binta": ["c"]}, (4, 2, 2)),
     ({"sashi": ["a"] * 11}, (12, 2, 2)), ({"sashi": ["a"] * 12}, (12, 2, 2)),
     ({"soto": {"Eve": "Ana", "Fay": "Ben"}}, (2, 3, 2)),
     ({"pool": {"Eve": "Ana", "Fay": "Ben"}}, (2, 3, 2)),
     ({"soto": {"Eve": "Ana"}, "pool": {"Fay": "Ben", "Gus": "Ana"}}, (2, 4, 2)),
     ({"penalties": ["Ana:20:chombo", "Ben:5"]}, (2, 2, 3)),
     ({"penalties": ["x"] * 11}, (2, 2, 12)), ({"penalties": ["x"] * 20}, (2, 2, 12)),
     ({"sashi": None, "soto": None, "penalties": None}, (2, 2, 2))],
)  # fmt: skip
def test_rows_for(table: dict[str, Any], rows: tuple[int, int, int]) -> None:
    """Rows enough for the stored bets and one empty row of each, at most 12."""
    assert rows_for(table) == rows


def refused(call: Any, *args: Any) -> tuple[str, str]:
    with pytest.raises(EntryError) as caught:
        call(*args)
    return caught.value.text("en"), caught.value.field


@pytest.mark.parametrize(
    ("text", "value"),
    [("12300", 12300), ("-12300", -12300), ("+500", 500), ("０", 0), ("▲１，２００点", -1200),
     ("12,300点", 12300), ("9999999999", 9999999999), ("-9999999999", -9999999999)],
)  # fmt: skip
def test_whole_numbers_as_typed(text: str, value: int) -> None:
    assert parse_int(text, WHAT, "f") == value


@pytest.mark.parametrize("text", ["", "lots", "1.5", "40,00,0", "1e3", "--1"])
def test_not_whole_numbers(text: str) -> None:
    assert refused(parse_int, text, WHAT, "points_2") == (
        f"the amount: “{text}” is not a whole number",
        "points_2",
    )


@pytest.mark.parametrize(("text", "shown"), [
    ("12345678901", "12345678901"), ("-12345678901", "-12345678901"),
    ("１２，３４５，６７８，９０１点", "12345678901"), ("9" * 20, "9" * 20),
    ("-" + "9" * 20, "-" + "9" * 20), ("9" * 4301, "9" * 20 + "…"),
])  # fmt: skip
def test_whole_numbers_past_ten_digits_are_said_beyond_the_limit(text: str, shown: str) -> None:
    """Whole, one digit past the ten a field takes: beyond its limit (helper-95: “not a
    whole number”); the limit itself is taken (``test_whole_numbers_as_typed``)."""
    assert refused(parse_int, text, WHAT, "points_2") == (
        f"the amount: {shown} is beyond 9999999999",
        "points_2",
    )


@pytest.mark.parametrize(
    ("text", "zero", "value"),
    [("100", False, 100), ("10000", False, 10000), ("0", True, 0), ("100", True, 100)],
)
def test_amounts(text: str, zero: bool, value: int) -> None:
    assert parse_amount(text, WHAT, "f", zero) == value


@pytest.mark.parametrize(
    ("text", "zero", "said"),
    [("0", False, "the amount: 0 is not a positive multiple of 100 points"),
     ("150", False, "the amount: 150 is not a positive multiple of 100 points"),
     ("-100", False, "the amount: -100 is not a positive multiple of 100 points"),
     ("1", False, "the amount: 1 is not a positive multiple of 100 points"),
     ("150", True, "the amount: 150 is not a multiple of 100 points, 0 or more"),
     ("-100", True, "the amount: -100 is not a multiple of 100 points, 0 or more"),
     ("x", True, "the amount: “x” is not a whole number")],
)  # fmt: skip
def test_amounts_refused(text: str, zero: bool, said: str) -> None:
    assert refused(parse_amount, text, WHAT, "bet_amount_1", zero) == (said, "bet_amount_1")


def test_an_amount_is_above_zero_unless_said() -> None:
    assert refused(parse_amount, "0", WHAT, "f")[0].endswith(
        "not a positive multiple of 100 points"
    )


@pytest.mark.parametrize(
    ("text", "value"),
    [("20", Fraction(20)), ("7.5", Fraction(15, 2)), ("0.1", Fraction(1, 10)),
     ("１２．５", Fraction(25, 2)), ("12345678.9", Fraction(123456789, 10)),
     ("123456789012", Fraction(123456789012))],
)  # fmt: skip
def test_pt_as_typed(text: str, value: Fraction) -> None:
    assert parse_pt(text, WHAT, "f") == value


@pytest.mark.parametrize(
    "text", ["0", "-5", "0.05", "7.25", "abc", "NaN", "Infinity", "", "1234567890123"]
)
def test_pt_refused(text: str) -> None:
    assert refused(parse_pt, text, WHAT, "pen_pt_0") == (
        f"the amount: “{text}” is not a number of pt above 0 (20, 7.5)",
        "pen_pt_0",
    )


MLEAGUE = find_preset("mleague")


@pytest.mark.parametrize(
    ("kind", "pt", "reason", "item"),
    [("chombo", "", "", "Dae:20:chombo"), ("chombo", "20", "", "Dae:20:chombo"),
     ("chombo", "20.0", "  ", "Dae:20:chombo"),
     ("penalty", "7.5", "late", "Dae:7.5:late"), ("penalty", "5", "", "Dae:5"),
     ("penalty", "5", "x" * 60, f"Dae:5:{'x' * 60}")],
)  # fmt: skip
def test_a_penalty_as_a_table_keeps_it(kind: str, pt: str, reason: str, item: str) -> None:
    assert penalty_item("Dae", kind, pt, reason, MLEAGUE) == item


@pytest.mark.parametrize(
    ("kind", "pt", "reason", "said", "field"),
    [("penalty", "5", "a;b", "a reason has no “;”", "pen_reason_3"),
     ("chombo", "", "a;b", "a reason has no “;”", "pen_reason_3"),
     ("penalty", "5", "x" * 61, "too long: at most 60 characters", "pen_reason_3"),
     ("penalty", "5", "a\tb",
      "a reason is written in letters, digits and spaces: no control or invisible characters",
      "pen_reason_3"),
     ("penalty", "", "late", "give the penalty in pt", "pen_pt_3"),
     ("penalty", "0", "late", "the penalty: “0” is not a number of pt above 0 (20, 7.5)",
      "pen_pt_3"),
     # a pt beside a chombo other than the rules' was dropped, 20 taken, without a word
     ("chombo", "5", "", "a chombo costs 20 pt under these rules: leave its pt empty, "
      "or choose a penalty", "pen_pt_3"),
     ("chombo", "x", "", "the penalty: “x” is not a number of pt above 0 (20, 7.5)",
      "pen_pt_3"),
     # and a reason beside a chombo, dropped too (a game keeps it as “chombo”)
     ("chombo", "", "false ron", "a chombo is kept as “chombo”: leave its reason empty, or "
      "choose a penalty to give a reason", "pen_reason_3")],
)  # fmt: skip
def test_a_penalty_refused(kind: str, pt: str, reason: str, said: str, field: str) -> None:
    assert refused(penalty_item, "Dae", kind, pt, reason, MLEAGUE, "_3") == (said, field)


def test_a_penalty_without_a_row() -> None:
    assert refused(penalty_item, "Dae", "penalty", "", "", MLEAGUE)[1] == "pen_pt"


@pytest.mark.parametrize(
    ("points", "deposits", "said"),
    [([25000, 25000, 25000, 26000], 0,
      "the points add up to 101000, 1000 more than the 100000 the players started with"),
     ([25000, 25000, 25000, 24000], 0,
      "the points add up to 99000, 1000 less than the 100000 the players started with "
      "(riichi sticks left on the table have their own field)"),
     ([25000, 25000, 25000, 24000], 2,
      "the points add up to 101000, 1000 more than the 100000 the players started with"),
     ([25000, 25000, 25000, 23000], 1,
      "the points add up to 99000, 1000 less than the 100000 the players started with "
      "(riichi sticks left on the table have their own field)")],
)  # fmt: skip
def test_points_that_do_not_add_up(points: list[int], deposits: int, said: str) -> None:
    rules = find_preset("tenhou")
    error = PointsTotalError(sum(points), deposits * 1000, rules)
    assert points_problem(error, rules).text("en") == said


NAMES = ["Ana", "Ben", "Chie", "Dae"]


def test_a_stored_game_read_back_into_the_form() -> None:
    table = {
        "points": [48000, 32000, 12000, 8000],
        "deposits": 1,
        "chips": {"Ana": 3, "Dae": -3},
        "busted": {"dae": "ana", "Nobody": "Ana"},
        "winners": ["ben", "Gus"],
        "sashi": ["Ana:ben:1000"],
        "bashin": [["Chie", "Dae", 500]],
        "binta": ["Ben:Chie:0"],
        "soto": {"Eve": "Ana"},
        "pool": {"Fay": " dae ", "Gus": "Ben"},
        "penalties": ["Dae:20:chombo", "Ben:20:chombo", "Chie:5:late",
                      {"player": "Ana", "pt": "2.5"}, "Ana:3"],
        "substitute": "Chie:Hana:later",
    }  # fmt: skip
    initial = initial_of(table, NAMES, Fraction(20), 3000)
    assert initial == {
        "deposits": 1,
        "player_0": "Ana", "player_1": "Ben", "player_2": "Chie", "player_3": "Dae",
        "points_0": 48000, "points_1": 32000, "points_2": 12000, "points_3": 8000,
        "chips_0": 3, "chips_3": -3,
        "busted_3": "0",
        "won_1": True,
        "bet_kind_0": "sashi", "bet_a_0": "0", "bet_b_0": "1", "bet_amount_0": "1000",
        "bet_kind_1": "bashin", "bet_a_1": "2", "bet_b_1": "3", "bet_amount_1": 500,
        "bet_kind_2": "binta", "bet_a_2": "1", "bet_b_2": "2", "bet_amount_2": "0",
        "soto_name_0": "Eve", "soto_backs_0": "0", "soto_amount_0": "",
        "soto_name_1": "Fay", "soto_backs_1": "3", "soto_amount_1": 3000,
        "soto_name_2": "Gus", "soto_backs_2": "1", "soto_amount_2": 3000,
        "pen_seat_0": "3", "pen_kind_0": "chombo",
        "pen_seat_1": "1", "pen_kind_1": "chombo",
        "pen_seat_2": "2", "pen_kind_2": "penalty", "pen_pt_2": "5", "pen_reason_2": "late",
        "pen_seat_3": "0", "pen_kind_3": "penalty", "pen_pt_3": "2.5", "pen_reason_3": "",
        "pen_seat_4": "0", "pen_kind_4": "penalty", "pen_pt_4": "3", "pen_reason_4": "",
        "sub_seat": "2", "sub_name": "Hana", "sub_later": True,
    }  # fmt: skip


def test_a_chombo_at_another_price_is_a_penalty() -> None:
    """A penalty called chombo that does not cost the rules' chombo keeps its pt."""
    table = {"points": [25000] * 4, "penalties": ["Dae:15:chombo", "Ben:20:chombo"],
             "chips": [0, 2, 0, 0], "side": {"soto_pool": 500}, "pool": {"Eve": "Ana"},
             "substitute": "Ana:Hana"}  # fmt: skip
    initial = initial_of(table, NAMES, Fraction(20))
    assert (initial["pen_kind_0"], initial["pen_pt_0"], initial["pen_reason_0"]) == (
        "penalty",
        "15",
        "chombo",
    )
    assert initial["pen_kind_1"] == "chombo" and "pen_pt_1" not in initial
    assert initial["deposits"] == 0 and initial["chips_1"] == 2 and "chips_0" not in initial
    assert initial["soto_amount_0"] == 500  # the game's own pool, not the rules'
    assert (initial["sub_seat"], initial["sub_name"], initial["sub_later"]) == ("0", "Hana",
                                                                                False)  # fmt: skip
    # a penalty as a session file may give it, with its reason; no substitute
    stored = {"points": [25000] * 4, "substitute": "",
              "penalties": [{"player": "Ben", "pt": 3, "reason": "late"}]}  # fmt: skip
    other = initial_of(stored, NAMES)
    assert (other["pen_seat_0"], other["pen_pt_0"], other["pen_reason_0"]) == ("1", 3, "late")
    assert "sub_seat" not in other and "sub_seat" not in initial_of({"points": [0] * 4}, NAMES)
    # without the rules' chombo (no price to compare), a chombo is a penalty as stored
    assert initial_of(table, NAMES)["pen_kind_1"] == "penalty"
    assert initial_of({"points": [25000] * 4, "pool": {"Eve": "Ana"}}, NAMES)[
        "soto_amount_0"] == ""  # fmt: skip
