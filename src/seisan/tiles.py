"""Tile hands: yaku, han and fu from the tiles, by the maintained ``mahjong``
package (MahjongRepository), then paid under seisan's point systems.

An optional module, like ``chess.engine``: the core does not import it.
Tiles are written in mpsz notation (``234m567p11s345678s``; honors ``1z``-``7z``
for East, South, West, North, white, green, red; ``0m`` a red five).
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass, replace

from mahjong.constants import EAST, NORTH, SOUTH, WEST
from mahjong.hand_calculating.hand import HandCalculator
from mahjong.hand_calculating.hand_config import HandConfig, OptionalRules
from mahjong.meld import Meld
from mahjong.tile import TilesConverter

from seisan.hands import HandError, HandValue, hand_value
from seisan.rules import Kazoe, Scoring

_GROUP = re.compile(r"([0-9]+)([mpsz])")
_WINDS = {"e": EAST, "s": SOUTH, "w": WEST, "n": NORTH, "1z": EAST, "2z": SOUTH, "3z": WEST,
          "4z": NORTH, "east": EAST, "south": SOUTH, "west": WEST, "north": NORTH}  # fmt: skip
_MELDS = {"chi": Meld.CHI, "pon": Meld.PON, "kan": Meld.KAN, "ankan": Meld.KAN}
_ERRORS = {
    "hand_not_winning": "the tiles are not a winning hand",
    "no_yaku": "the hand has no yaku",
    "winning_tile_not_in_hand": "the winning tile is not among the tiles",
}


@dataclass(frozen=True)
class TileHand:
    """A scored tile hand: what the ``mahjong`` package found, and what it pays."""

    yaku: tuple[str, ...]
    han: int
    fu: int
    yakuman: int
    value: HandValue


def parse_tiles(text: str, what: str = "tiles") -> list[int]:
    """mpsz text as 136-format tiles; an unknown tile is an error naming it."""
    compact = text.replace(" ", "")
    if not compact or _GROUP.sub("", compact):
        bad = _GROUP.sub("", compact) or text
        raise HandError(f"{what}: unknown tile(s) {bad!r}; write them like 234m567p11s1z")
    counts: dict[str, int] = {}
    for digits, suit in _GROUP.findall(compact):
        for digit in digits:
            if (suit == "z" and digit not in "1234567") or (digit == "0" and suit == "z"):
                raise HandError(f"{what}: unknown tile {digit}{suit} (honors are 1z to 7z)")
            tile = f"{'5' if digit == '0' else digit}{suit}"
            counts[tile] = counts.get(tile, 0) + 1
            if counts[tile] > 4:
                raise HandError(f"{what}: more than four {tile}")
    return TilesConverter.one_line_string_to_136_array(compact, has_aka_dora=True)


def _wind(value: str, what: str) -> int:
    key = value.strip().lower()
    if key not in _WINDS:
        raise HandError(f"{what}: unknown wind {value!r} (E, S, W, N)")
    return _WINDS[key]


def _meld(spec: str) -> Meld:
    kind, _, tiles = spec.partition(":")
    if kind.strip().lower() not in _MELDS:
        raise HandError(f"melds: {spec!r} should be chi:123m, pon:555z, kan:1111p or ankan:9999s")
    parsed = parse_tiles(tiles, "melds")
    return Meld(
        meld_type=_MELDS[kind.strip().lower()],
        tiles=parsed,
        opened=kind.strip().lower() != "ankan",
    )


def score_tiles(
    tiles: str,
    win: str,
    *,
    tsumo: bool = False,
    riichi: bool = False,
    dealer: bool = False,
    seat_wind: str | None = None,
    round_wind: str = "E",
    dora: str = "",
    ura: str = "",
    melds: Sequence[str] = (),
    scoring: Scoring | None = None,
) -> TileHand:
    """Find yaku, han and fu of ``tiles`` (all 14, the winning tile included) with the
    ``mahjong`` package, and pay them under ``scoring``'s point system."""
    scoring = scoring or Scoring()
    hand = parse_tiles(tiles)
    winning = parse_tiles(win, "win")
    if len(winning) != 1:
        raise HandError(f"win: give one winning tile, not {win!r}")
    called = [_meld(spec) for spec in melds]
    kans = sum(1 for m in called if m.type == Meld.KAN)
    if len(hand) != 14 + kans:
        raise HandError(f"tiles: a winning hand has {14 + kans} tiles here, not {len(hand)}")
    seat = _wind(seat_wind, "seat wind") if seat_wind else (EAST if dealer else SOUTH)
    if dealer and seat != EAST:
        raise HandError("the dealer's seat wind is East")
    options = OptionalRules(
        has_open_tanyao=True,
        has_aka_dora=True,
        kiriage=scoring.kiriage,
        kazoe_limit=0 if scoring.kazoe is Kazoe.YAKUMAN else 1,
    )
    config = HandConfig(
        is_tsumo=tsumo,
        is_riichi=riichi,
        player_wind=seat,
        round_wind=_wind(round_wind, "round wind"),
        options=options,
    )
    result = HandCalculator.estimate_hand_value(
        hand,
        winning[0],
        melds=called or None,
        dora_indicators=parse_tiles(dora, "dora") if dora else None,
        ura_dora_indicators=parse_tiles(ura, "ura") if ura else None,
        config=config,
    )
    if result.error or result.han is None or result.fu is None or result.yaku is None:
        raise HandError(
            _ERRORS.get(str(result.error), f"the hand cannot be scored: {result.error}")
        )
    yakuman = sum(y.han_open if any(m.opened for m in called) else y.han_closed
                  for y in result.yaku if y.is_yakuman) // 13  # fmt: skip
    han = result.han if not yakuman else 0
    ankan = sum(1 for m in called if m.type == Meld.KAN and not m.opened)
    needs_fu = scoring.system.value in ("standard", "exact")
    value = hand_value(
        han,
        result.fu if needs_fu else None,
        dealer,
        scoring,
        yakuman=yakuman,
        ankan=ankan if scoring.system.value == "30fu" else 0,
    )
    # the tiles say how the hand was won: only that way pays
    if tsumo:
        value = replace(value, ron=None)
    else:
        value = replace(value, tsumo_non_dealer=None, tsumo_dealer=None)
    return TileHand(tuple(y.name for y in result.yaku), result.han, result.fu, yakuman, value)
