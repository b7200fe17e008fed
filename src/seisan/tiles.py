"""Tile hands: yaku, han and fu from the tiles, by the maintained ``mahjong``
package (MahjongRepository), then paid under seisan's point systems.

An optional module, like ``chess.engine``: the core does not import it.
Tiles are written in mpsz notation (``234m567p11s345678s``; honors ``1z``-``7z``
for East, South, West, North, white, green, red; ``0m`` a red five).
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace

from mahjong.constants import EAST, NORTH, SOUTH, WEST
from mahjong.hand_calculating.hand import HandCalculator
from mahjong.hand_calculating.hand_config import HandConfig, OptionalRules
from mahjong.meld import Meld
from mahjong.tile import TilesConverter

from seisan.hands import HandError, HandValue, hand_value
from seisan.i18n import Message, Term, _
from seisan.rules import Kazoe, PointSystem, Scoring
from seisan.yaku import DORA_IDS, catalogue, recorded

_GROUP = re.compile(r"([0-9]+)([mpsz])")
_WINDS = {"e": EAST, "s": SOUTH, "w": WEST, "n": NORTH, "1z": EAST, "2z": SOUTH, "3z": WEST,
          "4z": NORTH, "east": EAST, "south": SOUTH, "west": WEST, "north": NORTH}  # fmt: skip
_MELDS = {"chi": Meld.CHI, "pon": Meld.PON, "kan": Meld.KAN, "ankan": Meld.KAN}
_ERRORS = {
    "hand_not_winning": _("the tiles are not a winning hand"),
    "no_yaku": _("the hand has no yaku"),
    "winning_tile_not_in_hand": _("the winning tile is not among the tiles"),
    # what the hand says of how it was won that cannot be (the ``mahjong`` package's ids)
    "open_hand_riichi_not_allowed": _("riichi (立直) is declared with a closed hand only"),
    "open_hand_daburi_not_allowed": _(
        "double riichi (ダブル立直) is declared with a closed hand only"
    ),
    "ippatsu_without_riichi_not_allowed": _("ippatsu (一発) comes only after riichi"),
    "chankan_with_tsumo_not_allowed": _("chankan (槍槓) is a ron, not a tsumo"),
    "rinshan_without_tsumo_not_allowed": _("rinshan (嶺上開花) is a tsumo, not a ron"),
    "haitei_without_tsumo_not_allowed": _("haitei (海底摸月) is a tsumo, not a ron"),
    "houtei_with_tsumo_not_allowed": _("houtei (河底撈魚) is a ron, not a tsumo"),
    "haitei_with_rinshan_not_allowed": _(
        "haitei (海底摸月) and rinshan (嶺上開花) cannot be one win"
    ),
    "houtei_with_chankan_not_allowed": _("houtei (河底撈魚) and chankan (槍槓) cannot be one win"),
    "tenhou_not_as_dealer_not_allowed": _("tenhou (天和) is the dealer's only"),
    "tenhou_without_tsumo_not_allowed": _("tenhou (天和) is a tsumo, not a ron"),
    "tenhou_with_meld_not_allowed": _("tenhou (天和) is won with no call"),
    "chiihou_as_dealer_not_allowed": _("chiihou (地和) is not the dealer's"),
    "chiihou_without_tsumo_not_allowed": _("chiihou (地和) is a tsumo, not a ron"),
    "chiihou_with_meld_not_allowed": _("chiihou (地和) is won with no call"),
    "renhou_as_dealer_not_allowed": _("renhou (人和) is not the dealer's"),
    "renhou_with_tsumo_not_allowed": _("renhou (人和) is a ron, not a tsumo"),
    "renhou_with_meld_not_allowed": _("renhou (人和) is won with no call"),
}


@dataclass(frozen=True)
class TileHand:
    """A scored tile hand: what the ``mahjong`` package found, and what it pays."""

    yaku: tuple[str, ...]  #: English names, as the ``mahjong`` package gives them
    han: int
    fu: int
    yakuman: int
    value: HandValue
    yaku_ids: tuple[int, ...] = ()
    dora: int = 0  #: han of dora, aka and ura dora (in ``han``; among ``yaku`` by name)

    def yaku_names(self, lang: str = "en") -> list[str]:
        """The yaku in ``lang`` (en, ja, ko)."""
        if lang == "en":
            return list(self.yaku)
        names = catalogue()
        return [
            names.get(yaku_id, {}).get(lang, english)
            for yaku_id, english in zip(self.yaku_ids, self.yaku, strict=True)
        ]

    def recorded_yaku(self) -> list[str]:
        """The yaku as a game record keeps them (:mod:`seisan.yaku`), dora left out:
        they are counted in :attr:`dora`."""
        return recorded(list(self.yaku))


@dataclass(frozen=True)
class WinContext:
    """How a hand was won, beyond its tiles and riichi: what a log's replay knows and a
    player entering a hand says (一発, 嶺上開花, 槍槓, 海底摸月, 河底撈魚, ダブル立直, 天和,
    地和; 抜きドラ in three-player games)."""

    ippatsu: bool = False
    rinshan: bool = False
    chankan: bool = False
    haitei: bool = False
    houtei: bool = False
    double_riichi: bool = False
    tenhou: bool = False
    chiihou: bool = False
    nuki: int = 0  #: North tiles set aside (three players): dora each


def tile_names(text: str, what: object = None) -> list[str]:
    """mpsz text as tile names (``5m``; a red five ``0m``); an unknown tile is an
    error naming it, and ``what`` it was given as (the hand's tiles by default)."""
    what = what if what is not None else Term("field.tiles")
    compact = text.replace(" ", "")
    if not compact or _GROUP.sub("", compact):
        bad = _GROUP.sub("", compact) or text
        raise HandError(
            _("{what}: unknown tiles “{bad}”; write them like 234m567p11s1z", what=what, bad=bad)
        )
    names = []
    for digits, suit in _GROUP.findall(compact):
        for digit in digits:
            if suit == "z" and digit not in "1234567":
                tile = digit + suit
                raise HandError(
                    _("{what}: unknown tile {tile} (honors are 1z to 7z)", what=what, tile=tile)
                )
            names.append(f"{digit}{suit}")
    return names


def _kind(name: str) -> str:
    return "5" + name[1] if name[0] == "0" else name


def check_counts(groups: Mapping[object, Sequence[str]]) -> None:
    """No more than four of a tile, and one red five a suit, over all ``groups``
    (the hand, the dora indicators ...), which are tiles of one set."""
    counts: dict[str, int] = {}
    reds: dict[str, int] = {}
    for what, names in groups.items():
        for name in names:
            counts[_kind(name)] = counts.get(_kind(name), 0) + 1
            if counts[_kind(name)] > 4:
                raise HandError(_("{what}: more than four {tile} in all", what=what,
                                  tile=_kind(name)))  # fmt: skip
            if name[0] == "0":
                reds[name] = reds.get(name, 0) + 1
                if reds[name] > 1:
                    raise HandError(
                        _("{what}: only one red five of each suit ({tile})", what=what, tile=name)
                    )


def parse_tiles(text: str, what: object = None) -> list[int]:
    """mpsz text, checked, as 136-format tiles for the ``mahjong`` package."""
    what = what if what is not None else Term("field.tiles")
    check_counts({what: tile_names(text, what)})
    return _to_136(text)


def _to_136(text: str, aka: bool = True) -> list[int]:
    """Checked mpsz text as 136-format tiles. With ``aka`` a red five (0) is the suit's
    first five and plain fives the other three, so a fourth plain five has no number:
    a hand without red fives is converted without them (all four plain fives)."""
    return TilesConverter.one_line_string_to_136_array(text.replace(" ", ""), has_aka_dora=aka)


def _wind(value: str, what: Message) -> int:
    key = value.strip().lower()
    if key not in _WINDS:
        raise HandError(_("{what}: unknown wind “{value}” (E, S, W, N)", what=what, value=value))
    return _WINDS[key]


def _meld(spec: str, aka: bool = True) -> tuple[Meld, list[str]]:
    kind, _colon, tiles = spec.partition(":")
    kind = kind.strip().lower()
    if kind not in _MELDS:
        raise HandError(
            _("melds: “{spec}” should be chi:123m, pon:555z, kan:1111p or ankan:9999s", spec=spec)
        )
    names = tile_names(tiles, _("meld {spec}", spec=spec))
    kinds = sorted(_kind(n) for n in names)
    size = 3 if kind in ("chi", "pon") else 4
    if len(names) != size:
        raise HandError(_("meld {spec}: a {kind} has {size} tiles", spec=spec, kind=kind,
                          size=size))  # fmt: skip
    if kind == "chi":
        suits = {k[1] for k in kinds}
        numbers = [int(k[0]) for k in kinds]
        if len(suits) != 1 or "z" in suits or numbers != list(range(numbers[0], numbers[0] + 3)):
            raise HandError(_("meld {spec}: a chi is three tiles in a row of one suit", spec=spec))
    elif len(set(kinds)) != 1:
        raise HandError(_("meld {spec}: a {kind} is {size} of the same tile", spec=spec,
                          kind=kind, size=size))  # fmt: skip
    meld = Meld(
        meld_type=_MELDS[kind],
        tiles=sorted(_to_136(tiles, aka)),  # the package reads a chi in order (867p is 678p)
        opened=kind != "ankan",
    )
    return meld, names


def score_tiles(
    tiles: str,
    win: str,
    *,
    tsumo: bool = False,
    riichi: bool = False,
    dealer: bool | None = None,
    seat_wind: str | None = None,
    round_wind: str = "E",
    dora: str = "",
    ura: str = "",
    melds: Sequence[str] = (),
    scoring: Scoring | None = None,
    context: WinContext | None = None,
    players: int = 4,
) -> TileHand:
    """Find yaku, han and fu of ``tiles`` (all 14, the winning tile included) with the
    ``mahjong`` package, and pay them under ``scoring``'s point system. Sitting East
    (``seat_wind``) is being the dealer; ``dealer`` (None: as the seat wind says) may
    not say otherwise. At a table of three ``players`` there is no 2m–8m and no chi."""
    scoring = scoring or Scoring()
    hand_names = tile_names(tiles)
    if not win.strip():  # (it had been “unknown tiles “””)
        raise HandError(_("win: give the winning tile (like 5p)"))
    win_names = tile_names(win, Term("field.win"))
    if len(win_names) != 1:
        raise HandError(_("win: give one winning tile, not “{win}”", win=win))
    if win_names[0] not in hand_names:
        raise HandError(
            _("win: {tile} is not among the tiles (give all 14 with it)", tile=win_names[0])
        )
    check_counts({
        Term("field.tiles"): hand_names,
        Term("field.dora"): tile_names(dora, Term("field.dora")) if dora else [],
        Term("field.ura"): tile_names(ura, Term("field.ura")) if ura else [],
    })  # fmt: skip
    # red fives counted only in a hand holding one: else four plain fives of a suit (a
    # game without red fives, or a kan of them) would be read as three and a six
    aka = any(name[0] == "0" for name in hand_names)
    if aka:
        for five in ("5m", "5p", "5s"):
            if hand_names.count(five) == 4:
                raise HandError(
                    _(
                        "tiles: four plain {tile} and a red five in one hand (a game "
                        "with red fives has three plain fives of a suit)",
                        tile=five,
                    )
                )
    if players == 3:  # (a hand of 2m–8m had been scored as if it could be dealt)
        dealt = [*hand_names, *(tile_names(dora) if dora else []),
                 *(tile_names(ura) if ura else [])]  # fmt: skip
        absent = sorted({name for name in dealt if name[1] == "m" and name[0] not in "19"})
        if absent:
            raise HandError(_("three-player mahjong has no {tiles}: of the characters (萬子) "
                              "only 1m and 9m", tiles=absent))  # fmt: skip
        if any(spec.partition(":")[0].strip().lower() == "chi" for spec in melds):
            raise HandError(_("three-player mahjong has no chi (チー): pon and kan only"))
    called = [_meld(spec, aka) for spec in melds]
    left = list(hand_names)
    for spec, (_unused, names) in zip(melds, called, strict=True):
        for name in names:
            if name not in left:
                raise HandError(_("meld {spec}: {tile} is not among the tiles (or used twice)",
                                  spec=spec, tile=name))  # fmt: skip
            left.remove(name)
    kans = sum(1 for meld, _names in called if meld.type == Meld.KAN)
    if len(hand_names) != 14 + kans:
        raise HandError(
            _("tiles: a winning hand has {count} tiles here, not {given}", count=14 + kans,
              given=len(hand_names))
        )  # fmt: skip
    seat = _wind(seat_wind, _("seat wind")) if seat_wind else (EAST if dealer else SOUTH)
    if dealer and seat != EAST:
        raise HandError(_("the dealer's seat wind is East"))
    if dealer is False and seat == EAST:  # (East had paid as the dealer, told not to be)
        raise HandError(_("a winner sitting East is the dealer"))
    dealer = seat == EAST
    options = OptionalRules(
        has_open_tanyao=True,
        has_aka_dora=aka,
        has_double_yakuman=scoring.double_yakuman,
        kiriage=scoring.kiriage or (scoring.kiriage_dealer and dealer),
        kazoe_limit=0 if scoring.kazoe is Kazoe.YAKUMAN else 1,
    )
    when = context or WinContext()
    config = HandConfig(
        is_tsumo=tsumo,
        is_riichi=riichi or when.double_riichi,
        is_ippatsu=when.ippatsu,
        is_rinshan=when.rinshan,
        is_chankan=when.chankan,
        is_haitei=when.haitei,
        is_houtei=when.houtei,
        is_daburu_riichi=when.double_riichi,
        is_tenhou=when.tenhou,
        is_chiihou=when.chiihou,
        num_nuki_dora=when.nuki,
        player_wind=seat,
        round_wind=_wind(round_wind, _("round wind")),
        options=options,
    )
    result = HandCalculator.estimate_hand_value(
        _to_136(tiles, aka),  # all checked above
        _to_136(win, aka)[0],
        melds=[meld for meld, _names in called] or None,
        # an indicator counts by its kind: each set is converted with red fives only if
        # it holds one (so four plain 5s stay four 5s, and a 0 stays a five)
        dora_indicators=_to_136(dora, "0" in dora) if dora else None,
        ura_dora_indicators=_to_136(ura, "0" in ura) if ura else None,
        config=config,
    )
    if result.error or result.han is None or result.fu is None or result.yaku is None:
        raise HandError(
            _ERRORS.get(
                str(result.error), _("the hand cannot be scored ({error})", error=result.error)
            )
        )
    opened = any(meld.opened for meld, _names in called)
    # each yakuman's count: 2 for a double (四暗刻単騎…) where the rules allow it
    counts = [(y.han_open if opened else y.han_closed) // 13 if scoring.double_yakuman else 1
              for y in result.yaku if y.is_yakuman]  # fmt: skip
    # composite yakuman (大三元 and 字一色) add up unless the rules cap a hand at one
    yakuman = (sum(counts) if scoring.composite_yakuman else max(counts)) if counts else 0
    han = result.han if not yakuman else 0
    ankan = sum(1 for meld, _names in called if meld.type == Meld.KAN and not meld.opened)
    needs_fu = scoring.system in (PointSystem.STANDARD, PointSystem.EXACT)
    # 精算法 pays the fu as counted (42符 is not 50符: seed 003's table 16); `mahjong`
    # gives them rounded up to ten, and each part in its details
    counted = sum(detail["fu"] for detail in result.fu_details or ())
    fu = counted if scoring.system is PointSystem.EXACT else result.fu
    value = hand_value(
        han,
        fu if needs_fu and not yakuman else None,
        dealer,
        scoring,
        yakuman=yakuman,
        ankan=ankan if scoring.system is PointSystem.THIRTY_FU else 0,
    )
    # the tiles say how the hand was won: only that way pays
    if tsumo:
        value = replace(value, ron=None)
    else:
        value = replace(value, tsumo_non_dealer=None, tsumo_dealer=None)
    return TileHand(
        tuple(y.name for y in result.yaku),
        13 * yakuman if yakuman else result.han,  # the yakuman the rules count
        fu,
        yakuman,
        value,
        tuple(y.yaku_id for y in result.yaku),
        sum(y.han_open if opened else y.han_closed for y in result.yaku
            if y.yaku_id in DORA_IDS),
    )  # fmt: skip
