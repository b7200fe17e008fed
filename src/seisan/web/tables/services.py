"""The table assistant's work, in the core's terms: a table's hands are a game record,
played by :func:`seisan.games.play` for the running points, the next round and the
end; the conditions of the last hands come from :mod:`seisan.conditions`. Every change
is one transaction on the table's row, checked against what the sender saw, so two
phones at one table never overwrite each other and a resent hand is stored once.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from django.db import transaction
from django.utils import timezone

from seisan.conditions import Need, conditions
from seisan.errors import SeisanError
from seisan.games import GamePlay, GameRecord, HandLine, play, record_from_dict
from seisan.i18n import _, name_key
from seisan.rules import Rules
from seisan.settlement import check_names, places
from seisan.web.clubs import history
from seisan.web.clubs import models as m
from seisan.web.clubs.services import (
    Conflict,
    EntryError,
    check_name,
    numbered,
    rules_of,
    save_game,
)
from seisan.web.tables.models import Table


@dataclass(frozen=True)
class TableState:
    """What the scorer's screen shows: the record played as far as it goes."""

    rules: Rules
    record: GameRecord
    played: GamePlay

    @property
    def ended(self) -> bool:
        return self.played.next is None

    @property
    def points(self) -> tuple[int, ...]:
        if self.played.next is not None:
            return self.played.next.points
        return self.played.final_points

    def places(self) -> list[int]:
        return places(self.points, self.rules.ties)

    def needs(self) -> list[Need]:
        """The conditions (条件) of the next hand when it is オーラス or later."""
        upcoming = self.played.next
        if upcoming is None or not upcoming.last:
            return []
        stick = self.rules.scoring.riichi
        sticks = upcoming.deposits // stick if stick else 0
        return conditions(
            upcoming.points, upcoming.dealer, self.rules, honba=upcoming.honba, deposits=sticks
        )


def hands_of(table: Table) -> list[dict[str, Any]]:
    return [entry["hand"] for entry in table.hands]


def record_of(table: Table, hands: Sequence[Mapping[str, Any]] | None, rules: Rules) -> GameRecord:
    """The table's game record under ``rules`` (its own), with ``hands`` instead of its
    own when given (to try a change)."""
    hands = hands_of(table) if hands is None else list(hands)
    if not hands:
        return GameRecord(rules, tuple(check_names(table.names, rules.players)), ())
    data: dict[str, Any] = {"players": table.names, "hands": list(hands)}
    if table.end:
        data["end"] = table.end
    return record_from_dict(data, rules)


def state_of(table: Table, hands: Sequence[Mapping[str, Any]] | None = None) -> TableState:
    """The table played as far as it goes; a record the core refuses raises its error."""
    rules = rules_of(table.rules)
    record = record_of(table, hands, rules)
    return TableState(rules, record, play(record, check_end=False))


def preview(table: Table, hand: Mapping[str, Any], index: int | None = None) -> HandLine:
    """What ``hand`` would do as the next hand (or in place of hand ``index``, 1-based):
    the core's line for it, or its error."""
    hands = hands_of(table)
    if index is None:
        hands.append(dict(hand))
        index = len(hands)
    else:
        hands[index - 1] = dict(hand)
    return state_of(table, hands).played.lines[index - 1]


def start(session: m.Session, names: Sequence[str], user: Any) -> Table:
    """A new table in ``session`` under the season's rules, the names in seat order."""
    version = session.season.rules
    rules = rules_of(version)
    given = [" ".join(str(n).split()) for n in names]  # spaces as the club's names have them
    for name in given:
        check_name(name)
    club = session.season.club
    known = {name_key(p): p for p in club.players.filter(merged_into__isnull=True)
             .values_list("name", flat=True)}  # fmt: skip
    clean = check_names([known.get(name_key(n), n) for n in given], rules.players)

    def create(number: int) -> Table:
        table = Table.objects.create(
            session=session, number=number, rules=version, names=clean,
            created_by=user if getattr(user, "is_authenticated", False) else None,
        )  # fmt: skip
        _said(table, user, "table.started", names=list(clean))
        return table

    return numbered(session.tables.all(), create)


def _said(table: Table, user: Any, kind: str, **fields: Any) -> None:
    session = table.session
    history.record(
        session.season.club, user, kind, number=table.number,
        session=history.session_name(session), link=["clubs:tables:table", [table.pk]],
        **fields,
    )  # fmt: skip


def _locked(pk: int) -> Table:
    table = Table.objects.select_for_update().get(pk=pk)
    if table.game_id is not None:
        raise Conflict(_("this game is saved: change it on the game's page"))
    return table


def _stored(table: Table, hands: list[dict[str, Any]]) -> None:
    """Check the hands with the core, then keep them: a record the core refuses is
    never stored."""
    try:
        state = state_of(table, [entry["hand"] for entry in hands])
    except SeisanError as err:
        raise EntryError(err.message) from None
    if state.played.claim_unused:  # (a correction that ends the game by its rules
        table.end = ""  # before the stop: there is no stop left to keep)
    table.hands = hands
    table.version += 1
    table.updated = timezone.now()
    table.save(update_fields=["hands", "version", "updated", "end", "undone"])


def add_hand(
    table: Table, hand: Mapping[str, Any], number: int, key: str, user: Any
) -> tuple[Table, bool]:
    """Add ``hand`` as hand ``number`` (what the scorer's screen showed as next).

    The same ``key`` again (a form resent, a queue sent twice after a dropped
    connection) stores nothing more; another hand already stored as ``number`` is a
    conflict, refused with the table as it is now."""
    with transaction.atomic():
        table = _locked(table.pk)
        for stored, entry in enumerate(table.hands, start=1):
            if entry.get("key") != key:
                continue
            if entry["hand"] == dict(hand) and stored == number:
                return table, False  # sent again: stored once
            raise Conflict(
                _("this form already saved hand {number}: here is the table as it is now, "
                  "enter the hand again", number=stored)
            )  # fmt: skip
        if key in table.undone:
            raise Conflict(
                _("hand {number} from this form was taken back (undo), perhaps on another "
                  "phone: here is the table as it is now, enter the hand again if it stands",
                  number=number)
            )  # fmt: skip
        if table.end:  # (a second phone that had not seen the stop)
            raise Conflict(
                _("the game was stopped after hand {last}: take back the stop (undo) to enter "
                  "more hands; here is the table as it is now", last=len(table.hands))
            )  # fmt: skip
        if number > len(table.hands) + 1:  # (a hand not yet played, not one entered)
            raise Conflict(
                _("hand {number} is not the next hand ({next}): here is the table as it is "
                  "now", number=number, next=len(table.hands) + 1)
            )  # fmt: skip
        if number != len(table.hands) + 1:
            raise Conflict(
                _("hand {number} is already entered (from another phone?): here is the table "
                  "as it is now", number=number)
            )  # fmt: skip
        entry = {"hand": dict(hand), "key": key, "by": getattr(user, "pk", None),
                 "at": timezone.now().isoformat()}  # fmt: skip
        _stored(table, [*table.hands, entry])
    return table, True


def undo_last(table: Table, version: int, user: Any) -> Table:
    """Take back the last thing entered: a stop on time, else the last hand, if the
    table is as the scorer saw it."""
    with transaction.atomic():
        table = _locked(table.pk)
        if table.version != version:
            raise Conflict(_("the table changed since you opened it: here it is as it is now"))
        if table.end:
            table.end = ""
            _stored(table, table.hands)
            return table
        if not table.hands:
            raise EntryError(_("there is no hand to undo"))
        _said(table, user, "table.undone", hand=len(table.hands))
        key = table.hands[-1].get("key")
        if key:
            table.undone = [*table.undone, key]
        _stored(table, table.hands[:-1])
    return table


def replace_hand(
    table: Table, index: int, hand: Mapping[str, Any], version: int, user: Any
) -> Table:
    """Hand ``index`` (1-based) as corrected; every later hand is played again on it,
    and a correction that makes a later hand impossible is refused, naming it."""
    with transaction.atomic():
        table = _locked(table.pk)
        if table.version != version:
            raise Conflict(_("the table changed since you opened it: here it is as it is now"))
        if not 1 <= index <= len(table.hands):
            raise EntryError(_("there is no hand {number}", number=index))
        hands = [dict(entry) for entry in table.hands]
        hands[index - 1]["hand"] = dict(hand)
        _stored(table, hands)
        _said(table, user, "table.corrected", hand=index)
    return table


def stop(table: Table, end: str, version: int, user: Any) -> Table:
    """The game stops before the rules end it: on time, or by agreement."""
    with transaction.atomic():
        table = _locked(table.pk)
        if table.version != version:
            raise Conflict(_("the table changed since you opened it: here it is as it is now"))
        if not table.hands:
            raise EntryError(_("no hand is played yet: there is nothing to stop"))
        if not table.end and state_of(table).ended:
            raise EntryError(_("the game has already ended by its rules: there is nothing to "
                               "stop"))  # fmt: skip
        table.end = end
        _stored(table, table.hands)
        _said(table, user, "table.stopped")
    return table


def export(table: Table) -> dict[str, Any]:
    """The record as ``seisan game`` reads it: the rules in full, round and honba of
    every hand as played."""
    state = state_of(table)
    data = state.record.to_dict(state.played.lines)
    data["rules"] = state.rules.to_dict(meta=False)
    return data


def save(table: Table, user: Any) -> m.Game:
    """The ended game saved in the session with its record (settled by the core as
    ``seisan game`` settles it); saving twice gives the same game."""
    with transaction.atomic():
        table = Table.objects.select_for_update().get(pk=table.pk)
        if table.game is not None:
            return table.game
        state = state_of(table)
        if not state.ended:
            raise EntryError(_("the game has not ended: enter its hands, or stop it on time"))
        record = state.record.to_dict(state.played.lines)
        record.pop("rules", None)
        game, _created = save_game(  # (a record's game: its players are the record's)
            table.session, {}, user, key=f"table-{table.pk}", record=record,
            rules_version=table.rules,
        )  # fmt: skip
        table.game = game
        table.save(update_fields=["game"])
    return game
