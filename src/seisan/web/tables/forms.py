"""The forms of the table assistant: the players' seats, and one hand as the scorer taps
it in. A form only collects; the hand it makes (the record format of ``seisan game``)
is checked by the core, whose message says what is wrong."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from django import forms

from seisan.errors import SeisanError
from seisan.games import ABORTS, FOUR_PLAYER_ABORTS, RESULTS, WINDS
from seisan.i18n import N_, term
from seisan.rules import PointSystem, Scoring
from seisan.web.clubs.forms import in_our_words, words
from seisan.web.clubs.middleware import web_lang
from seisan.yaku import entry_yaku, yaku_name

RESULT_LABELS = {
    "ron": N_("Ron"),
    "tsumo": N_("Tsumo"),
    "draw": N_("Draw (流局)"),
    "abort": N_("Abortive draw (途中流局)"),
    "chombo": N_("Chombo"),
}
ABORT_LABELS = {
    "kyuushu": N_("nine terminals (九種九牌)"),
    "suufon": N_("four winds (四風連打)"),
    "suucha-riichi": N_("four riichi (四家立直)"),
    "suukan": N_("four kans (四槓散了)"),
    "sanchahou": N_("triple ron (三家和)"),
}
SEAT_FLAGS = ("win", "riichi", "tenpai", "nagashi", "open")
MAX_KEY = 100
MAX_YAKU_NAME = 40  #: a yaku name not in the list (a house yaku) is kept up to this long


def seat_label(seat: int, dealer: int, players: int) -> str:
    """The seat's wind this hand (東 for the dealer) in the reader's words."""
    return term(f"seat.{(seat - dealer) % players}", web_lang())


@dataclass(frozen=True)
class Seating:
    """Where a hand is played, for a hand given as tiles: the dealer, the round's wind
    (E, S, W, N) and the scoring the tiles are paid under."""

    dealer: int
    wind: str
    players: int
    scoring: Scoring


class StartForm(forms.Form):
    """Who sits where: seat 0 is the first dealer (起家)."""

    def __init__(self, *args: Any, players: int, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.players = players
        for seat in range(players):
            self.fields[f"player_{seat}"] = forms.CharField(
                max_length=60, label=term(f"seat.{seat}", web_lang())
            )
        in_our_words(self)

    def names(self) -> list[str]:
        return [self.cleaned_data[f"player_{seat}"].strip() for seat in range(self.players)]


#: why a hand's field is refused where it would not be read
FOR_A_WINNER = N_("this is for a winner: tick “wins”, or clear it")
TILES_AS_WELL = N_("give the winning hand's tiles as well, or clear this")
FROM_TILES = N_("this is worked out from the tiles: clear it, or clear the tiles")
DORA_AS_TILES = N_("dora indicators are read only for a winner given as tiles: give the "
                   "winner's tiles, or clear the indicators")  # fmt: skip
URA_AS_TILES = N_("ura dora indicators are read only for a winner in riichi given as tiles: "
                  "give the winner's tiles, or clear the indicators")  # fmt: skip


class HandForm(forms.Form):
    """One hand: its result, the winners with their han and fu (or yakuman; and if the
    scorer likes, their yaku and dora for the statistics), who discarded, riichi,
    tenpai, 流し満貫, open hands, the abort's kind, the chombo's player. ``number`` is
    the hand the scorer's screen showed as next; ``key`` makes the form's hand stored
    once however often it is sent."""

    def __init__(
        self, *args: Any, names: Sequence[str], seating: Seating | None = None,
        corrected: Mapping[str, Any] | None = None, **kwargs: Any,
    ) -> None:  # fmt: skip
        super().__init__(*args, **kwargs)
        self.names = list(names)
        self.seating = seating
        self.from_tiles: dict[int, dict[str, Any]] = {}  #: wins worked out from tiles
        seats = [("", "—"), *((str(s), name) for s, name in enumerate(names))]
        lang = web_lang()
        known = entry_yaku()
        yaku = [(name, yaku_name(name, lang)) for name in known]
        # a yaku the record has that the list lacks (a house yaku, another program's
        # name) is offered too, so that a correction keeps it (``corrected``: the hand
        # the page corrects, when it is sent back); any other is refused
        self.offered = initial_of(corrected, self.names) if corrected else {}
        initial = self.initial or {}
        given = [n for seat in range(len(self.names)) for source in (self.offered, initial)
                 for n in source.get(f"yaku_{seat}") or []]  # fmt: skip
        for name in dict.fromkeys(given):
            if name not in known and isinstance(name, str) and 0 < len(name) <= MAX_YAKU_NAME:
                yaku.append((name, yaku_name(name, lang)))
        self.fields["result"] = forms.ChoiceField(
            choices=[(r, words(RESULT_LABELS[r])) for r in RESULTS], widget=forms.RadioSelect
        )
        self.fields["discarder"] = forms.ChoiceField(choices=seats, required=False)
        self.fields["offender"] = forms.ChoiceField(choices=seats, required=False)
        self.fields["reason"] = forms.ChoiceField(
            choices=[("", "—"), *((a, words(ABORT_LABELS[a])) for a in ABORTS
                                  if len(names) == 4 or a not in FOUR_PLAYER_ABORTS)],
            required=False,
        )  # fmt: skip
        self.fields["stop"] = forms.BooleanField(required=False)
        self.fields["number"] = forms.IntegerField(min_value=1, widget=forms.HiddenInput)
        self.fields["key"] = forms.CharField(max_length=MAX_KEY, widget=forms.HiddenInput)
        self.fields["version"] = forms.IntegerField(
            min_value=1, required=False, widget=forms.HiddenInput
        )
        for seat in range(len(names)):
            for flag in SEAT_FLAGS:
                self.fields[f"{flag}_{seat}"] = forms.BooleanField(required=False)
            self.fields[f"han_{seat}"] = forms.IntegerField(
                min_value=1, max_value=99, required=False
            )
            self.fields[f"fu_{seat}"] = forms.IntegerField(
                min_value=20, max_value=110, required=False
            )
            self.fields[f"yakuman_{seat}"] = forms.IntegerField(
                min_value=0, max_value=6, required=False
            )
            self.fields[f"pao_{seat}"] = forms.ChoiceField(choices=seats, required=False)
            self.fields[f"tiles_{seat}"] = forms.CharField(max_length=80, required=False)
            self.fields[f"wintile_{seat}"] = forms.CharField(max_length=8, required=False)
            self.fields[f"melds_{seat}"] = forms.CharField(max_length=80, required=False)
            self.fields[f"yaku_{seat}"] = forms.MultipleChoiceField(
                choices=yaku, required=False, widget=forms.CheckboxSelectMultiple
            )
            self.fields[f"dora_{seat}"] = forms.IntegerField(
                min_value=0, max_value=99, required=False
            )
        self.fields["dora"] = forms.CharField(max_length=40, required=False)
        self.fields["ura"] = forms.CharField(max_length=40, required=False)
        in_our_words(self)

    def clean(self) -> dict[str, Any]:
        """A winner given as tiles: their han, fu (or yakuman) and yaku from the tiles,
        by the ``mahjong`` package under the rules' scoring (seisan.tiles)."""
        data = super().clean() or {}
        winning = data.get("result") in ("ron", "tsumo")
        given_as_tiles = riichi_as_tiles = False
        for seat in range(len(self.names)):
            tiles = (data.get(f"tiles_{seat}") or "").strip()
            if not data.get(f"win_{seat}"):  # what a winner's row holds
                self._unread(seat, data, ("tiles", "wintile", "melds", "han", "fu", "yakuman",
                                          "dora", "yaku", "pao"), FOR_A_WINNER)  # fmt: skip
                continue
            if not tiles:
                self._unread(seat, data, ("wintile", "melds"), TILES_AS_WELL)
                continue
            # (as a correction shows them, they give way to the tiles typed)
            self._unread(seat, data, ("han", "fu", "yakuman", "dora", "yaku"), FROM_TILES,
                         self.offered)  # fmt: skip
            given_as_tiles = True
            riichi_as_tiles |= bool(data.get(f"riichi_{seat}"))
            if self.seating is None or not winning:  # (no table to score them at, or no
                continue  # win: the page's own check; the core's, of a win at a draw)
            try:
                self.from_tiles[seat] = self._scored(seat, tiles, data)
            except SeisanError as err:
                self.add_error(f"tiles_{seat}", err.message.text(web_lang()))
        if (data.get("dora") or "").strip() and not given_as_tiles:
            self.add_error("dora", words(DORA_AS_TILES))
        if (data.get("ura") or "").strip() and not riichi_as_tiles:
            self.add_error("ura", words(URA_AS_TILES))
        return data

    def _unread(self, seat: int, data: Mapping[str, Any], keys: Sequence[str], why: str,
                shown: Mapping[str, Any] | None = None) -> None:  # fmt: skip
        """Each of a seat's fields in ``keys`` that holds something (other than what
        the page ``shown`` it with) is refused with ``why``: nothing typed is dropped
        in silence."""
        for key in keys:
            field = f"{key}_{seat}"
            value = data.get(field)
            was = shown.get(field) if shown else None
            if was is not None and (sorted(value) == sorted(was) if isinstance(value, list)
                                    else value == was):  # fmt: skip
                continue
            if value not in (None, "", [], 0) and field not in self.errors:
                self.add_error(field, words(why))

    def _scored(self, seat: int, tiles: str, data: Mapping[str, Any]) -> dict[str, Any]:
        from seisan.tiles import score_tiles  # noqa: PLC0415 - only for a hand given as tiles

        seating = self.seating
        assert seating is not None
        melds = tuple((data.get(f"melds_{seat}") or "").split())
        hand = score_tiles(
            tiles, (data.get(f"wintile_{seat}") or "").strip(),
            tsumo=data["result"] == "tsumo", riichi=bool(data.get(f"riichi_{seat}")),
            dealer=seat == seating.dealer,
            seat_wind=WINDS[(seat - seating.dealer) % seating.players], round_wind=seating.wind,
            dora=(data.get("dora") or "").strip(),
            ura=(data.get("ura") or "").strip() if data.get(f"riichi_{seat}") else "",
            melds=melds, scoring=seating.scoring, players=seating.players,
        )  # fmt: skip
        win: dict[str, Any] = {}
        if hand.yakuman:
            win["yakuman"] = hand.yakuman
        else:
            win["han"] = hand.han
            if hand.han < 5 and seating.scoring.system in (PointSystem.STANDARD,
                                                           PointSystem.EXACT):  # fmt: skip
                win["fu"] = hand.fu
        if yaku := hand.recorded_yaku():
            win["yaku"] = yaku
        if hand.dora and not hand.yakuman:
            win["dora"] = hand.dora
        return win

    def seat_rows(self) -> list[dict[str, Any]]:
        """The fields of each seat, for the template's rows."""
        return [
            {
                "seat": seat,
                "name": name,
                **{
                    key: self[f"{key}_{seat}"]
                    for key in (
                        *SEAT_FLAGS,
                        "han",
                        "fu",
                        "yakuman",
                        "pao",
                        "tiles",
                        "wintile",
                        "melds",
                        "yaku",
                        "dora",
                    )
                },
            }
            for seat, name in enumerate(self.names)
        ]

    def hand(self) -> dict[str, Any]:
        """The hand in the record format (names, not seats), for the core to check."""
        data = self.cleaned_data
        names = self.names

        def flagged(flag: str) -> list[str]:
            return [name for seat, name in enumerate(names) if data.get(f"{flag}_{seat}")]

        result = data["result"]
        hand: dict[str, Any] = {"result": result}
        if riichi := flagged("riichi"):
            hand["riichi"] = riichi
        # what is ticked or chosen goes to the core whatever the result, which refuses
        # what the result has not (tenpai at a ron, a winner at a draw: never dropped);
        # but who dealt in, read at a ron only: a round button cannot be unticked
        if winners := [seat for seat in range(len(names)) if data.get(f"win_{seat}")]:
            hand["wins"] = [self._win(seat) for seat in winners]
        if result == "ron" and data.get("discarder") not in (None, ""):
            hand["from"] = names[int(data["discarder"])]
        if tenpai := flagged("tenpai"):
            hand["tenpai"] = tenpai
        if nagashi := flagged("nagashi"):
            hand["nagashi"] = nagashi
        if data.get("reason"):
            hand["reason"] = data["reason"]
        if data.get("offender") not in (None, ""):
            hand["player"] = names[int(data["offender"])]
        if calls := flagged("open"):
            hand["calls"] = calls
        if data.get("stop"):
            hand["stop"] = True
        return hand

    def _win(self, seat: int) -> dict[str, Any]:
        data = self.cleaned_data
        win: dict[str, Any] = {"winner": self.names[seat]}
        if seat in self.from_tiles:
            win |= self.from_tiles[seat]
        else:  # han and fu beside a yakuman go too: the core refuses them, never dropped
            if data.get(f"yakuman_{seat}"):
                win["yakuman"] = data[f"yakuman_{seat}"]
            if data.get(f"han_{seat}") is not None or not data.get(f"yakuman_{seat}"):
                win["han"] = data.get(f"han_{seat}") or 0
            if data.get(f"fu_{seat}") is not None:
                win["fu"] = data[f"fu_{seat}"]
        if seat not in self.from_tiles:  # optional counts, for the statistics
            if yaku := data.get(f"yaku_{seat}"):
                win["yaku"] = list(yaku)
            if dora := data.get(f"dora_{seat}"):
                win["dora"] = dora
        if data.get(f"pao_{seat}") not in (None, ""):
            win["pao"] = self.names[int(data[f"pao_{seat}"])]
        return win


def initial_of(hand: Mapping[str, Any], names: Sequence[str]) -> dict[str, Any]:
    """A stored hand back as the form's fields (to correct it)."""
    seat = {name: str(s) for s, name in enumerate(names)}
    initial: dict[str, Any] = {"result": hand["result"]}
    for flag, key in (("riichi", "riichi"), ("tenpai", "tenpai"), ("nagashi", "nagashi"),
                      ("open", "calls")):  # fmt: skip
        for name in hand.get(key, []):
            initial[f"{flag}_{seat[name]}"] = True
    for win in hand.get("wins", []):
        s = seat[win["winner"]]
        initial[f"win_{s}"] = True
        for key in ("han", "fu", "yakuman", "yaku", "dora"):
            if key in win:
                initial[f"{key}_{s}"] = win[key]
        if "pao" in win:
            initial[f"pao_{s}"] = seat[win["pao"]]
    if "from" in hand:
        initial["discarder"] = seat[hand["from"]]
    if "player" in hand:
        initial["offender"] = seat[hand["player"]]
    if "reason" in hand:
        initial["reason"] = hand["reason"]
    if hand.get("stop"):
        initial["stop"] = True
    return initial
