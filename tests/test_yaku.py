"""Yaku under one name whatever the source: Tenhou's logs, tiles scored by the
``mahjong`` package and the table assistant's ticks all record Tenhou's Japanese
spelling, shown in the reader's language; dora are counted apart, as han."""

from __future__ import annotations

from typing import Any

import pytest

from seisan.logs.tenhou import YAKU
from seisan.tiles import score_tiles
from seisan.yaku import catalogue, entry_yaku, yaku_name

DORA = {"ドラ", "裏ドラ", "赤ドラ"}


@pytest.mark.parametrize("name", [y for y in YAKU if y not in DORA])
def test_every_yaku_of_a_tenhou_log_has_its_names(name: str) -> None:
    """A yaku from a log is a yaku the tile scorer and the assistant record the same
    way, with an English and a Korean name."""
    assert name in entry_yaku()
    assert yaku_name(name, "ja") == name
    assert yaku_name(name, "en") != name
    assert yaku_name(name, "ko") != name


@pytest.mark.parametrize(
    ("recorded", "lang", "shown"),
    [
        ("立直", "en", "Riichi"),
        ("立直", "ko", "리치"),
        ("断幺九", "en", "Tanyao"),
        ("断幺九", "ko", "탕야오"),
        ("両立直", "en", "Double Riichi"),
        ("国士無双13面", "ko", "국사무쌍 13면 대기"),
        ("役牌 中", "en", "Yakuhai (chun)"),
        ("焼き鳥", "en", "焼き鳥"),  # a house yaku the catalogue does not know: as recorded
    ],
)
def test_a_recorded_yaku_in_the_readers_language(recorded: str, lang: str, shown: str) -> None:
    assert yaku_name(recorded, lang) == shown


def test_dora_are_not_ticked_as_yaku() -> None:
    entered = entry_yaku()
    assert not DORA & set(entered)
    assert "差し込み" not in entered
    assert entered[:2] == ["門前清自摸和", "立直"]
    assert len(entered) == len(catalogue()) - 4


@pytest.mark.parametrize(
    ("hand", "yaku", "dora", "han"),
    [
        # riichi pinfu, 8s dora (indicator 7s) and 8s ura dora: two han of dora
        ({"tiles": "234m567p11s345678s", "win": "8s", "riichi": True, "dora": "7s",
          "ura": "7s"}, ["立直", "平和"], 2, 4),
        # open tanyao with a red five: one han of aka dora
        ({"tiles": "234m067p22s345678s", "win": "8s", "melds": ["chi:345s"], "dora": "1z"},
         ["断幺九"], 1, 2),
        # no dora at all: 0, not left out of the count
        ({"tiles": "234m567p22s345678s", "win": "8s", "melds": ["chi:345s"], "dora": "1z"},
         ["断幺九"], 0, 1),
        # a chi written out of order (897p) is the chi 789p: 三色 and 純チャン, open
        ({"tiles": "123m123p1239s9s789p", "win": "3s", "melds": ["chi:897p"]},
         ["三色同順", "純全帯幺九"], 0, 3),
        # a yakuman: dora count for nothing (East, the dora, in a 字一色)
        ({"tiles": "111z222z333z444z55z", "win": "5z", "tsumo": True, "dora": "4z"},
         ["字一色", "大四喜", "四暗刻単騎"], 0, 65),
    ],
)  # fmt: skip
def test_tiles_record_their_yaku_and_dora_apart(
    hand: dict[str, Any], yaku: list[str], dora: int, han: int
) -> None:
    tiles = dict(hand)
    scored = score_tiles(tiles.pop("tiles"), tiles.pop("win"), **tiles)
    assert scored.recorded_yaku() == yaku
    assert (scored.dora, scored.han) == (dora, han)


@pytest.mark.parametrize(("tiles", "win", "melds", "han", "fu", "yaku"), [
    # four plain 5m held (a game without red fives): 三暗刻, 門前清自摸和, 混一色
    ("222345555666m11z", "6m", [], 6, 40, ("Menzen Tsumo", "San Ankou", "Honitsu")),
    # an open kan of four plain 5p: 一気通貫 and nothing red
    ("123456789s11z5555p", "9s", ["kan:5555p"], 1, 40, ("Ittsu",)),
    # a concealed one
    ("234456789s11z5555p", "4s", ["ankan:5555p"], 1, 40, ("Menzen Tsumo",)),
    # one of them red: its dora counted
    ("123456789s11z0555p", "9s", ["kan:0555p"], 2, 40, ("Ittsu", "Aka Dora")),
])  # fmt: skip
def test_four_fives_of_a_suit_are_four_fives(
    tiles: str, win: str, melds: list[str], han: int, fu: int, yaku: tuple[str, ...]
) -> None:
    """The ``mahjong`` package numbers a red five as its suit's first five, so a fourth
    plain five was read as a six ("not a winning hand"): a hand without red fives is
    converted without them."""
    scored = score_tiles(tiles, win, melds=melds, tsumo=True)
    assert (scored.han, scored.fu, scored.yaku) == (han, fu, yaku)


def test_four_plain_fives_beside_a_red_five_are_refused_in_words() -> None:
    from seisan.hands import HandError  # noqa: PLC0415

    with pytest.raises(HandError) as raised:
        score_tiles("222345555666m0p1z", "6m", tsumo=True)
    assert raised.value.text("en") == (
        "tiles: four plain 5m and a red five in one hand (a game with red fives has three "
        "plain fives of a suit)"
    )


def test_a_red_five_indicator_beside_a_hand_without_red_fives() -> None:
    """The indicator 0s makes 6s dora: one in the hand, held with a kan of four plain 5p
    (a hand no red five is in)."""
    scored = score_tiles("123456789s11z5555p", "9s", melds=["kan:5555p"], tsumo=True, dora="0s")
    assert (scored.han, scored.dora, scored.yaku) == (2, 1, ("Ittsu", "Dora"))


def test_four_plain_five_indicators_are_four_fives() -> None:
    """Four 5s indicators (a game without red fives, three kans) make 6s dora four times
    over: twelve dora from the three 6s held."""
    scored = score_tiles("123456789m11z666s", "9m", tsumo=True, dora="5s5s5s5s")
    assert scored.dora == 12
    assert score_tiles("123456789m11z666s", "9m", tsumo=True, dora="5s5s5s").dora == 9
