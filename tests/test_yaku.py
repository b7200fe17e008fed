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
