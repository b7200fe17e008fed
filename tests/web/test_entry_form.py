"""The game form on its own, field by field: each refusal word for word on the field it
names, the game table it makes of everything a table may add (chips, busts, 焼き鳥,
pair bets, spectators, penalties, a substitute), what the template is given, which
folded parts open, and the points still missing as the scorer types."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from seisan.web.clubs import models as m
from seisan.web.clubs import services
from seisan.web.clubs.entry import GameForm, initial_of

pytestmark = pytest.mark.django_db

BELOW = 'extends = "mleague"\n[side]\nchip_value = 2\ntobi = 10000\nyakitori = 1000\nbinta = 1000\n'
AT_ZERO = BELOW + "tobi_at_zero = true\n"
CHOMBO_PT = "20"  #: BELOW's chombo (M.League's), as a pt field shows it
PLAIN = 'extends = "mleague"\n'
SEATS = {
    **{f"player_{seat}": name for seat, name in enumerate(["Ana", "Ben", "Chie", "Dae"])},
    **{f"points_{seat}": str(p) for seat, p in enumerate([42600, 31000, 16400, 10000])},
}


def form(rules: str = BELOW, rows: str = "2,2,2", **data: Any) -> GameForm:
    bound = GameForm({**SEATS, "rows": rows, **data}, rules=services.rules_from_text(rules))
    bound.is_valid()
    return bound


def points(*values: int) -> dict[str, str]:
    return {f"points_{seat}": str(value) for seat, value in enumerate(values)}


ZERO = points(52600, 31000, 16400, 0)
MINUS = points(52700, 31000, 16400, -100)
HUNDRED = points(52500, 31000, 16400, 100)
POOL = {"soto_name_0": "Eve", "soto_backs_0": "0", "soto_amount_0": "1000"}


@pytest.mark.parametrize(
    ("rules", "data", "field", "said"),
    [(BELOW, {"player_2": " "}, "player_2", "West: who sat here?"),
     (BELOW, {"player_3": "ana"}, "player_3", "ana sits twice at this table"),
     (BELOW, {"player_3": "ANA", "player_2": "ana"}, "player_2", "ana sits twice at this table"),
     (BELOW, {"points_1": " "}, "points_1", "Ben: give the final points"),
     (BELOW, {"points_1": "x"}, "points_1", "Ben's points: “x” is not a whole number"),
     (BELOW, {"deposits": "-1"}, "deposits", "riichi sticks: -1 must be a count, 0 or more"),
     (BELOW, {"deposits": "x"}, "deposits", "riichi sticks: “x” is not a whole number"),
     (BELOW, {"chips_1": "x"}, "chips_1", "South's chips: “x” is not a whole number"),
     (BELOW, {"chips_0": "3", "chips_1": "-2"}, "chips_0",
      "the chips add up to 1, not 0: what one wins another loses"),
     (BELOW, {"chips_2": "-2"}, "chips_0",
      "the chips add up to -2, not 0: what one wins another loses"),
     (BELOW, {**MINUS, "busted_3": "3"}, "busted_3", "Dae cannot bust themself"),
     (BELOW, {**ZERO, "busted_3": "0"}, "busted_3",
      "Dae did not end below zero: nobody busted them"),
     (AT_ZERO, {**HUNDRED, "busted_3": "0"}, "busted_3",
      "Dae did not end at or below zero: nobody busted them"),
     (BELOW, {"bet_a_0": "0"}, "bet_b_0", "a bet is between two players: choose both"),
     (BELOW, {"bet_b_0": "1"}, "bet_a_0", "a bet is between two players: choose both"),
     (BELOW, {"bet_amount_1": "1000"}, "bet_a_1", "a bet is between two players: choose both"),
     (BELOW, {"bet_a_0": "1", "bet_b_0": "1", "bet_amount_0": "1000"}, "bet_b_0",
      "a player cannot bet with themself"),
     (BELOW, {"bet_a_0": "0", "bet_b_0": "1"}, "bet_amount_0",
      "give the amount of the bet, in points"),
     (BELOW, {"bet_a_0": "0", "bet_b_0": "1", "bet_amount_0": "0"}, "bet_amount_0",
      "the amount: 0 is not a positive multiple of 100 points"),
     (BELOW, {"bet_kind_0": "binta", "bet_a_0": "0", "bet_b_0": "1", "bet_amount_0": "50"},
      "bet_amount_0", "the amount: 50 is not a multiple of 100 points, 0 or more"),
     (BELOW, {"bet_a_0": "0", "bet_b_0": "1", "bet_amount_0": "1000", "bet_a_1": "1",
              "bet_b_1": "0", "bet_amount_1": "2000"}, "bet_amount_1",
      "this pair has this bet twice"),
     (BELOW, {"soto_name_0": "Eve"}, "soto_backs_0", "whom does Eve back?"),
     (BELOW, {"soto_backs_0": "1"}, "soto_name_0", "who is the spectator?"),
     (BELOW, {"soto_amount_0": "1000"}, "soto_name_0", "who is the spectator?"),
     (BELOW, {"soto_name_0": "ben", "soto_backs_0": "0"}, "soto_name_0",
      "ben is already at this table or betting"),
     (BELOW, {"soto_name_0": "Eve", "soto_backs_0": "0", "soto_name_1": "EVE",
              "soto_backs_1": "1"}, "soto_name_1", "EVE is already at this table or betting"),
     (BELOW, {**POOL, "soto_name_1": "Fay", "soto_backs_1": "1", "soto_amount_1": "2000"},
      "soto_amount_1", "the spectators' pool has one amount a game: 1000 or 2000?"),
     (BELOW, {**POOL, "soto_amount_0": "150"}, "soto_amount_0",
      "the amount: 150 is not a positive multiple of 100 points"),
     (BELOW, POOL, "soto_amount_0", "a spectators' pool needs two spectators or more (leave "
      "the amount empty to follow a player's every payment)"),
     (BELOW, {"soto_name_0": "Eve", "soto_backs_0": "1", "soto_name_1": "Fay",
              "soto_backs_1": "0", "soto_amount_1": "1000"}, "soto_amount_1",
      "a spectators' pool needs two spectators or more (leave the amount empty to follow "
      "a player's every payment)"),
     (BELOW, {"pen_pt_1": "5"}, "pen_seat_1", "who is penalised?"),
     (BELOW, {"pen_reason_0": "late"}, "pen_seat_0", "who is penalised?"),
     (BELOW, {"pen_seat_0": "2", "pen_kind_0": "penalty"}, "pen_pt_0",
      "give the penalty in pt"),
     (BELOW, {"pen_seat_0": "2", "pen_kind_0": "penalty", "pen_pt_0": "5",
              "pen_reason_0": "a;b"}, "pen_reason_0", "a reason has no “;”"),
     # a pt beside a chombo is the rules' or refused: it was dropped in silence
     (BELOW, {"pen_seat_0": "2", "pen_kind_0": "chombo", "pen_pt_0": "30"}, "pen_pt_0",
      "a chombo costs 20 pt under these rules: leave its pt empty, or choose a penalty"),
     (BELOW, {"pen_seat_0": "2", "pen_kind_0": "chombo", "pen_pt_0": "zzz"}, "pen_pt_0",
      "the penalty: “zzz” is not a number of pt above 0 (20, 7.5)"),
     (BELOW, {"sub_name": "Hana"}, "sub_seat", "whose seat did the substitute play?"),
     (BELOW, {"sub_later": "on"}, "sub_seat", "whose seat did the substitute play?"),
     (BELOW, {"sub_seat": "1"}, "sub_name", "who played as the substitute?"),
     (BELOW, {"sub_seat": "1", "sub_name": "ben"}, "sub_name", "ben is already at this table"),
     (BELOW, {"points_3": "11000"}, None, "the points add up to 101000, 1000 more than the "
      "100000 the players started with"),
     (BELOW, {"points_3": "9000", "deposits": "2"}, None, "the points add up to 101000, 1000 "
      "more than the 100000 the players started with")],
)  # fmt: skip
def test_each_refusal_on_its_field(
    club: m.Club, rules: str, data: dict[str, str], field: str | None, said: str
) -> None:
    bound = form(rules, **data)
    assert bound.errors == {field or "__all__": [said]}
    assert bound.data_out == {} or field is None


@pytest.mark.parametrize(
    ("rules", "data", "busted"),
    [(BELOW, {**MINUS, "busted_3": "0"}, {"Dae": "Ana"}),
     (AT_ZERO, {**MINUS, "busted_3": "0"}, {"Dae": "Ana"}),
     (AT_ZERO, {**ZERO, "busted_3": "1"}, {"Dae": "Ben"}),
     (AT_ZERO, {**ZERO}, None)],
)  # fmt: skip
def test_busts_on_the_line(club: m.Club, rules: str, data: dict[str, str], busted: Any) -> None:
    """Below zero busts; exactly 0 busts only where the rules say so."""
    bound = form(rules, **data)
    assert bound.errors == {}
    assert bound.data_out.get("busted") == busted


def test_everything_a_table_may_add(club: m.Club) -> None:
    bound = form(
        BELOW, "3,4,2", **points(51700, 31000, 16400, -100), deposits="1",
        chips_0="4", chips_3="-4", busted_3="0",
        won_0="on", won_2="on",
        bet_kind_0="sashi", bet_a_0="0", bet_b_0="1", bet_amount_0="１，０００",
        bet_kind_1="binta", bet_a_1="2", bet_b_1="3", bet_amount_1="0",
        bet_kind_2="sashi", bet_a_2="2", bet_b_2="3", bet_amount_2="500",
        soto_name_0=" Eve ", soto_backs_0="0",
        soto_name_1="Fay", soto_backs_1="1", soto_amount_1="2000",
        soto_name_2="Gus", soto_backs_2="3", soto_amount_2="2000",
        pen_seat_0="3", pen_kind_0="chombo", pen_pt_0="２０",  # (the rules' own: taken)
        pen_seat_1="1", pen_kind_1="penalty", pen_pt_1="2.5", pen_reason_1="  late   again ",
        sub_seat="2", sub_name=" Hana ", sub_later="on",
    )  # fmt: skip
    assert bound.errors == {}
    assert bound.data_out == {
        "players": ["Ana", "Ben", "Chie", "Dae"],
        "points": [51700, 31000, 16400, -100],
        "deposits": 1,
        "chips": [4, 0, 0, -4],
        "busted": {"Dae": "Ana"},
        "winners": ["Ana", "Chie"],
        "sashi": ["Ana:Ben:1000", "Chie:Dae:500"],
        "binta": ["Chie:Dae:0"],
        "soto": {"Eve": "Ana"},
        "pool": {"Fay": "Ben", "Gus": "Dae"},
        "side": {"soto_pool": 2000},
        "penalties": ["Dae:20:chombo", "Ben:2.5:late again"],
        "substitute": "Chie:Hana:later",
    }
    assert bound.result is not None


def test_a_spectator_after_an_empty_row_is_kept(club: m.Club) -> None:
    """A row left empty (its spectator taken off) skips to the next, never ends the
    spectators: Fay in the third row still backs Ben."""
    bound = form(BELOW, "2,3,2", soto_name_0="Eve", soto_backs_0="0",
                 soto_name_2="Fay", soto_backs_2="1")  # fmt: skip
    assert bound.errors == {}
    assert bound.data_out["soto"] == {"Eve": "Ana", "Fay": "Ben"}


def test_a_pool_at_the_rules_amount_and_no_extras(club: m.Club) -> None:
    rules = PLAIN + "[side]\nsoto_pool = 1000\n"
    bound = form(rules, **POOL, soto_name_1="Fay", soto_backs_1="1", soto_amount_1="1000",
                 sub_seat="0", sub_name="Hana")  # fmt: skip
    assert bound.errors == {}
    assert bound.data_out == {"players": ["Ana", "Ben", "Chie", "Dae"],
                              "points": [42600, 31000, 16400, 10000],
                              "pool": {"Eve": "Ana", "Fay": "Ben"},
                              "substitute": "Ana:Hana"}  # fmt: skip
    plain = form(PLAIN, chips_0="4", busted_3="0", won_0="on")  # no such fields
    assert plain.errors == {} and set(plain.data_out) == {"players", "points"}


def test_what_the_template_is_given(club: m.Club) -> None:
    full = GameForm(rules=services.rules_from_text(BELOW))
    seats = full.seat_fields()
    assert [s["label"] for s in seats] == ["East", "South", "West", "North"]
    assert [(s["player"].name, s["points"].name, s["chips"].name, s["busted"].name,
             s["won"].name) for s in seats][3] == ("player_3", "points_3", "chips_3",
                                                   "busted_3", "won_3")  # fmt: skip
    plain = GameForm(rules=services.rules_from_text(PLAIN), rows=(1, 3, 2))
    assert [(s["chips"], s["busted"], s["won"]) for s in plain.seat_fields()] == [
        (None, None, None)] * 4  # fmt: skip
    assert [row["name"].name for row in plain.spectator_rows()] == [
        "soto_name_0", "soto_name_1", "soto_name_2"]  # fmt: skip
    assert [row["amount"].name for row in plain.pair_rows()] == ["bet_amount_0"]
    assert [row["reason"].name for row in plain.penalty_rows()] == ["pen_reason_0",
                                                                    "pen_reason_1"]  # fmt: skip
    kinds = [value for value, _label in full.fields["bet_kind_0"].choices]  # type: ignore[attr-defined]
    assert kinds == ["sashi", "bashin", "binta"]
    assert [v for v, _l in plain.fields["bet_kind_0"].choices] == ["sashi", "bashin"]  # type: ignore[attr-defined]


@pytest.mark.parametrize(
    ("data", "initial", "prefix", "opens"),
    [(None, {}, "bet_", False), (None, {"bet_kind_0": "binta"}, "bet_", False),
     (None, {"bet_a_0": "1"}, "bet_", True), (None, {"bet_a_0": "1"}, "soto_", False),
     (None, {"sub_later": True}, "sub_", False), (None, {"sub_name": "Hana"}, "sub_", True),
     (None, {"pen_pt_1": "0"}, "pen_", True), (None, {"soto_name_0": ""}, "soto_", False),
     ({"bet_kind_0": "binta"}, {}, "bet_", False), ({"soto_name_1": "Eve"}, {}, "soto_", True),
     ({}, {"soto_name_1": "Eve"}, "soto_", False),
     ({"sub_later": "on"}, {}, "sub_", True),  # (“later” alone is refused: its error opens)
     ({"soto_backs_0": "1"}, {}, "soto_", True)],
)  # fmt: skip
def test_which_folded_parts_open(
    club: m.Club, data: dict[str, str] | None, initial: dict[str, Any], prefix: str, opens: bool
) -> None:
    """A part opens when a field of its own (not its kind, not "later") has a value, in
    what was sent or, for a new form, in what it starts with."""
    rules = services.rules_from_text(BELOW)
    if data is None:
        bound = GameForm(rules=rules, initial=initial)
    else:
        bound = GameForm({**SEATS, **data}, rules=rules, initial=initial)
    assert bound.used(prefix) is opens


def test_a_part_with_an_error_opens(club: m.Club) -> None:
    bound = form(BELOW, bet_kind_0="sashi", bet_amount_0="")
    assert bound.used("bet_") is False
    bound = form(BELOW, pen_kind_0="penalty", pen_reason_0="x" * 61)
    assert "pen_reason_0" in bound.errors and bound.used("pen_") is True


@pytest.mark.parametrize(
    ("data", "typed", "missing"),
    [({}, [None] * 4, None),
     ({"points_0": "42600", "points_1": "31000"}, [42600, 31000, None, None], None),
     ({"points_0": "42600", "points_1": "31000", "points_2": "16400"},
      [42600, 31000, 16400, None], 10000),
     ({"points_0": "42600", "points_1": "x", "points_2": "16400", "points_3": "1"},
      [42600, None, 16400, 1], 40999),
     ({"points_0": "▲１００", "points_1": "31000", "points_2": "16400", "deposits": "2"},
      [-100, 31000, 16400, None], 50700),
     ({"points_0": "42600", "points_1": "31000", "points_2": "16400", "deposits": "x"},
      [42600, 31000, 16400, None], 10000),
     ({"points_0": "42600", "points_1": "31000", "points_2": "16400", "points_3": "10000"},
      [42600, 31000, 16400, 10000], 0)],
)  # fmt: skip
def test_points_still_missing(
    club: m.Club, data: dict[str, str], typed: list[int | None], missing: int | None
) -> None:
    bound = GameForm(data, rules=services.rules_from_text(BELOW))
    assert bound.typed_points() == typed
    assert bound.missing() == missing


def test_the_rows_each_part_has(club: m.Club) -> None:
    """A third pair row is read when the form has three; a pair without a kind is
    差しウマ; names are kept with single spaces."""
    bound = form(BELOW, "3,2,2", bet_a_2="0", bet_b_2="1", bet_amount_2="1000",
                 soto_name_0=" Eve   Lyn ", soto_backs_0="2", sub_seat="3",
                 sub_name="Hana  Mori")  # fmt: skip
    assert bound.errors == {}
    assert bound.data_out["sashi"] == ["Ana:Ben:1000"]
    assert bound.data_out["soto"] == {"Eve Lyn": "Chie"}
    assert bound.data_out["substitute"] == "Dae:Hana Mori"


def test_a_substitutes_name_is_checked_on_its_field(club: m.Club) -> None:
    bound = form(BELOW, sub_seat="3", sub_name="Ha:na")
    assert list(bound.errors) == ["sub_name"]
    assert "“:”" in bound.errors["sub_name"][0]


def test_a_field_with_an_error_opens_its_part_even_when_empty(club: m.Club) -> None:
    bound = form(BELOW)
    assert bound.used("sub_") is False
    bound.add_error("sub_name", "wrong")
    assert bound.used("sub_") is True and bound.used("soto_") is False


def test_a_penalty_row_without_a_kind_is_a_chombo(club: m.Club) -> None:
    bound = form(BELOW, pen_seat_0="2")
    assert bound.errors == {} and bound.data_out["penalties"] == ["Chie:20:chombo"]


@pytest.mark.parametrize(
    ("name", "most"),
    [("player_0", 60), ("points_3", 20), ("chips_2", 6), ("bet_amount_1", 20),
     ("soto_name_1", 60), ("soto_amount_0", 20), ("pen_pt_1", 20), ("pen_reason_0", 60),
     ("sub_name", 60), ("deposits", 20), ("key", 64), ("rows", 20)],
)  # fmt: skip
def test_how_long_each_field_may_be(name: str, most: int) -> None:
    full = GameForm(rules=services.rules_from_text(BELOW))
    assert full.fields[name].max_length == most  # type: ignore[attr-defined]
    too_long = form(**{name: "1" * (most + 1)})
    assert name in too_long.errors


def test_the_labels_and_choices_of_a_new_form() -> None:
    full = GameForm(rules=services.rules_from_text(BELOW), initial={"key": "kept"})
    names = ("player_0", "player_3", "points_1", "chips_1", "busted_2", "won_0", "deposits")
    labels = {name: str(full.fields[name].label) for name in names}
    assert labels == {"player_0": "East", "player_3": "North", "points_1": "Points",
                      "chips_1": "Chips", "busted_2": "Busted by", "won_0": "Won a hand",
                      "deposits": "Riichi sticks left on the table"}  # fmt: skip
    choices = full.fields["sub_seat"].choices  # type: ignore[attr-defined]
    assert choices == [("", "—"), ("0", "East"), ("1", "South"), ("2", "West"), ("3", "North")]
    assert full.initial["key"] == "kept" and full.initial["rows"] == "2,2,2"
    fresh = GameForm(rules=services.rules_from_text(BELOW), rows=(3, 1, 2))
    assert len(fresh.initial["key"]) == 32 and fresh.initial["rows"] == "3,1,2"
    assert GameForm(rules=services.rules_from_text(BELOW)).initial["key"] != fresh.initial["key"]
    sent = GameForm({"key": "sent"}, rules=services.rules_from_text(BELOW))
    assert "key" not in sent.initial  # the form's own key comes back with it
    assert fresh.result is None and fresh.data_out == {}


@pytest.mark.parametrize("code", ["ja", "ko"])
def test_errors_in_the_pages_language(code: str) -> None:
    """The form's errors are in the language of the page, not of the process."""
    from django.utils import translation  # noqa: PLC0415

    from seisan.i18n import _  # noqa: PLC0415

    cases = [({"points_1": "x"}, "points_1"), ({"points_3": "11000"}, "__all__"),
             ({"player_1": "Be:n"}, "player_1"),
             ({"points_0": "42650", "points_3": "9950"}, "points_0")]  # fmt: skip
    for data, field in cases:
        english = form(**data).errors[field][0]
        with translation.override(code):
            theirs = form(**data).errors[field][0]
        assert theirs != english, (field, theirs)
    with translation.override(code):
        bad = form(points_3="11000").errors["__all__"][0]
    said = _("the points add up to {total}, {excess} more than the {expected} the players "
             "started with", total=101000, excess=1000, expected=100000)  # fmt: skip
    assert bad == said.text(code)


def test_a_players_name_with_inner_spaces_and_a_separator() -> None:
    bound = form(player_1="  Ben   Ito ")
    assert bound.errors == {} and bound.data_out["players"][1] == "Ben Ito"
    assert list(form(player_2="Chie;").errors) == ["player_2"]


@st.composite
def any_game_form(draw: st.DrawFn) -> dict[str, str]:
    """A game form as a scorer may leave it: any of its fields filled with a value it
    takes (each row's parts alone or together), the seats' names and points as typed."""
    seats = [str(s) for s in range(4)]
    optional: dict[str, Any] = {
        "deposits": st.sampled_from(["0", "1"]), "sub_seat": st.sampled_from(seats),
        "sub_name": st.just("Hana"), "sub_later": st.just("on"),
    }  # fmt: skip
    for s in seats:
        optional |= {f"chips_{s}": st.just("0"), f"busted_{s}": st.sampled_from(seats),
                     f"won_{s}": st.just("on")}  # fmt: skip
    for row in range(2):
        optional |= {
            f"bet_kind_{row}": st.sampled_from(["sashi", "bashin", "binta"]),
            f"bet_a_{row}": st.sampled_from(seats), f"bet_b_{row}": st.sampled_from(seats),
            f"bet_amount_{row}": st.sampled_from(["500", "1000"]),
            f"soto_name_{row}": st.sampled_from(["Eve", "Fay"]),
            f"soto_backs_{row}": st.sampled_from(seats),
            f"soto_amount_{row}": st.just("1000"),
            f"pen_seat_{row}": st.sampled_from(seats),
            f"pen_kind_{row}": st.sampled_from(["chombo", "penalty"]),
            f"pen_pt_{row}": st.sampled_from(["2.5", "20"]),
            f"pen_reason_{row}": st.just("late"),
        }  # fmt: skip
    data = dict(draw(st.sampled_from([SEATS, {**SEATS, **points(52700, 31000, 16400, -100)}])))
    for key in draw(st.lists(st.sampled_from(sorted(optional)), unique=True, max_size=8)):
        data[key] = draw(optional[key])
    return data


@settings(max_examples=300, deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture])  # fmt: skip
@given(data=any_game_form())
def test_whatever_a_game_form_holds_is_refused_or_kept(club: m.Club, data: dict[str, str]) -> None:
    """The game form drops nothing: what it takes comes back whole from the game table
    it makes (as the edit page shows a stored game), field by field; else it refuses
    it in words beside a field. A row's choice of kind alone is no row (a list always
    shows one)."""
    rules = services.rules_from_text(BELOW)
    bound = GameForm({**data, "rows": "2,2,2"}, rules=rules)
    if not bound.is_valid():
        assert all(bound.errors.values())
        return

    def held(fields: dict[str, Any]) -> dict[str, str]:
        """What the fields hold: a count of 0 (chips, sticks left) as none."""
        out = {}
        for key, value in fields.items():
            text = "on" if value is True else str(value)
            if text not in ("", "None", "False") and not (
                    text == "0" and key.startswith(("chips", "deposits"))):  # fmt: skip
                out[key] = text
        return out

    sent = held(data)
    back = held(initial_of(bound.data_out, ["Ana", "Ben", "Chie", "Dae"],
                           rules.penalties.chombo_pt, rules.side.soto_pool))  # fmt: skip
    assert by_row(sent) == by_row(back)  # (rows in any order: the edit page packs them)


def test_a_chombo_typed_with_the_rules_pt_is_kept_and_shown_as_the_rules() -> None:
    """A chombo given the rules' own 20 pt is stored with it, and its edit page leaves the
    pt empty (the form's words: “leave its pt empty”): sent again as shown, the same
    game (hypothesis found the pair of fields the property had read as a loss)."""
    rules = services.rules_from_text(BELOW)
    typed = {**SEATS, "pen_kind_0": "chombo", "pen_pt_0": CHOMBO_PT, "pen_seat_0": "0"}
    bound = GameForm({**typed, "rows": "2,2,2"}, rules=rules)
    assert bound.is_valid(), bound.errors
    assert bound.data_out["penalties"] == ["Ana:20:chombo"]
    shown = initial_of(bound.data_out, ["Ana", "Ben", "Chie", "Dae"], rules.penalties.chombo_pt,
                       rules.side.soto_pool)  # fmt: skip
    assert (shown["pen_kind_0"], shown.get("pen_pt_0"), shown["pen_seat_0"]) == ("chombo", None,
                                                                                 "0")  # fmt: skip
    again = GameForm({k: str(v) for k, v in shown.items() if v not in (None, "", False)}
                     | {"rows": "2,2,2"}, rules=rules)  # fmt: skip
    assert again.is_valid(), again.errors
    assert again.data_out == bound.data_out


def by_row(fields: dict[str, str]) -> dict[str, Any]:
    """The fields with each row of bets, spectators and penalties as a set of rows."""
    out: dict[str, Any] = {}
    rows: dict[tuple[str, str], dict[str, str]] = {}
    for key, value in fields.items():
        prefix = key.split("_")[0]
        if prefix in ("bet", "soto", "pen"):
            rows.setdefault((prefix, key.rsplit("_", 1)[1]), {})[key.rsplit("_", 1)[0]] = value
        else:
            out[key] = value
    for (prefix, _row), row in rows.items():
        if set(row) <= {"bet_kind", "pen_kind"}:
            continue  # (a kind chosen on a row left empty: no row)
        if prefix == "bet":
            row.setdefault("bet_kind", "sashi")  # (as the list shows it first)
        if prefix == "pen":
            row.setdefault("pen_kind", "chombo")  # (as the list shows it first)
            if row["pen_kind"] == "chombo" and row.get("pen_pt") == CHOMBO_PT:
                del row["pen_pt"]  # (the rules' own: the form says to leave it empty)
        out.setdefault(prefix, []).append(sorted(row.items()))
    return {k: sorted(v) if isinstance(v, list) else v for k, v in out.items()}
