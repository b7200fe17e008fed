"""The table assistant's services, word for word: each refusal (nothing to undo, no
such hand, nothing to stop, a stale screen, a saved game), what the club's history
says of each step and who did it, a resent hand stored once however many hands
follow it, an undo of the last of several hands, the record saved and downloaded as
the core writes it, under the rules the table started with."""

from __future__ import annotations

from datetime import datetime
from typing import Any

import pytest
from django.utils import timezone

from seisan.conditions import conditions
from seisan.i18n import Lang
from seisan.settlement import places
from seisan.web.clubs import history, services
from seisan.web.clubs import models as m
from seisan.web.clubs.services import Conflict, EntryError
from seisan.web.tables import services as tables
from seisan.web.tables.models import Table

from .conftest import make_user, season_with
from .test_tables import HANDS, NAMES

pytestmark = pytest.mark.django_db
STALE = "the table changed since you opened it: here it is as it is now"


@pytest.fixture
def night(club: m.Club, owner: Any) -> m.Session:
    season = season_with(club, "tenhou", owner, name="Tenhou rules")
    return m.Session.objects.create(season=season, title="League night")


def played(table: Table, count: int, user: Any) -> Table:
    for number, hand in enumerate(HANDS[:count], start=1):
        table, _stored = tables.add_hand(table, hand, number, f"k{number}", user)
    return table


def said(club: m.Club) -> tuple[str, Any, list[Any]]:
    action = club.actions.latest("pk")
    return history.said(action, Lang.EN), action.who, action.link


def test_a_table_started_is_said_with_who_started_it(night: m.Session, owner: Any) -> None:
    table = tables.start(night, NAMES, owner)
    assert table.created_by == owner and table.names == NAMES
    assert said(night.season.club) == ("started table 1 of League night: Ana, Ben, Chie, Dae",
                                       owner, ["clubs:tables:table", [table.pk]])  # fmt: skip
    other = tables.start(night, NAMES, None)  # a walk-up screen: nobody signed in
    assert other.created_by is None and other.number == 2
    assert said(night.season.club)[1] is None


def test_a_hand_resent_is_stored_once_wherever_it_is(night: m.Session, owner: Any) -> None:
    table = played(tables.start(night, NAMES, owner), 3, owner)
    assert table.version == 4  # one more each change
    entry = table.hands[1]
    assert entry["key"] == "k2" and entry["by"] == owner.pk
    at = datetime.fromisoformat(entry["at"])
    assert at.tzinfo is not None and abs((timezone.now() - at).total_seconds()) < 60
    again, stored = tables.add_hand(table, HANDS[1], 2, "k2", owner)  # the second, resent
    assert not stored and len(again.hands) == 3 and again.version == 4
    with pytest.raises(Conflict) as refused:  # the same form, the same hand, a later number
        tables.add_hand(table, HANDS[1], 4, "k2", owner)
    assert refused.value.message.text(Lang.EN) == (
        "this form already saved hand 2: here is the table as it is now, enter the hand again"
    )
    fourth, stored = tables.add_hand(table, HANDS[3], 4, "k4", make_user("b@example.com"))
    assert stored and fourth.hands[3]["by"] != owner.pk


def test_undo_takes_back_the_last_of_several(night: m.Session, owner: Any) -> None:
    club = night.season.club
    table = tables.start(night, NAMES, owner)
    with pytest.raises(EntryError) as nothing:
        tables.undo_last(table, table.version, owner)
    assert nothing.value.message.text(Lang.EN) == "there is no hand to undo"
    table = played(table, 3, owner)
    with pytest.raises(Conflict) as stale:
        tables.undo_last(table, table.version - 1, owner)
    assert stale.value.message.text(Lang.EN) == STALE
    table = tables.undo_last(table, table.version, owner)
    assert table.undone == ["k3"] and [e["key"] for e in table.hands] == ["k1", "k2"]
    assert said(club) == ("took back hand 3 at table 1 of League night", owner,
                          ["clubs:tables:table", [table.pk]])  # fmt: skip
    table = tables.stop(table, "time", table.version, owner)
    assert said(club)[:2] == ("stopped the game at table 1 of League night", owner)
    table = tables.undo_last(table, table.version, owner)  # the stop, not a hand
    table.refresh_from_db()
    assert table.end == "" and len(table.hands) == 2


def test_a_correction_names_the_hand(night: m.Session, owner: Any) -> None:
    table = played(tables.start(night, NAMES, owner), 2, owner)
    for index in (0, 3):
        with pytest.raises(EntryError) as missing:
            tables.replace_hand(table, index, HANDS[0], table.version, owner)
        assert missing.value.message.text(Lang.EN) == f"there is no hand {index}"
    with pytest.raises(Conflict) as stale:
        tables.replace_hand(table, 1, HANDS[0], table.version + 1, owner)
    assert stale.value.message.text(Lang.EN) == STALE
    tables.replace_hand(table, 2, HANDS[1], table.version, owner)
    assert said(night.season.club)[:2] == ("corrected hand 2 at table 1 of League night", owner)


def test_a_preview_in_place_of_a_hand(night: m.Session, owner: Any) -> None:
    table = played(tables.start(night, NAMES, owner), 3, owner)
    state = tables.state_of(table)
    assert state.needs() == [] and state.places() == places(state.points, state.rules.ties)
    line = tables.preview(table, HANDS[2], 2)  # the third hand's result as the second
    state = tables.state_of(table, [HANDS[0], HANDS[2], HANDS[2]])
    assert line == state.played.lines[1] and line != tables.state_of(table).played.lines[1]


def test_nothing_to_stop(night: m.Session, owner: Any) -> None:
    table = tables.start(night, NAMES, owner)
    with pytest.raises(EntryError) as nothing:
        tables.stop(table, "time", table.version, owner)
    assert nothing.value.message.text(Lang.EN) == "no hand is played yet: there is nothing to stop"
    table = played(table, 1, owner)
    with pytest.raises(Conflict) as stale:
        tables.stop(table, "time", 0, owner)
    assert stale.value.message.text(Lang.EN) == STALE


def test_saved_under_the_rules_it_started_with(night: m.Session, owner: Any) -> None:
    table = tables.start(night, NAMES, owner)
    started = table.rules
    table = played(table, len(HANDS), owner)  # (ended by the rules: nothing to stop)
    season = night.season
    services.new_rules_version(season, services.rules_from_text("mleague"), "mleague", owner)
    state = tables.state_of(table)
    game = tables.save(table, owner)
    expected = state.record.to_dict(state.played.lines)
    expected.pop("rules")
    assert game.record == expected and "round" in game.record["hands"][0]
    assert game.data == {"players": NAMES} and game.rules == started
    assert game.idempotency_key is not None and game.idempotency_key.endswith(f"table-{table.pk}")
    assert tables.save(table, owner) == game and night.games.count() == 1
    table.refresh_from_db()
    assert table.game == game
    with pytest.raises(Conflict) as saved:
        tables.add_hand(table, HANDS[0], 1, "late", owner)
    assert saved.value.message.text(Lang.EN) == "this game is saved: change it on the game's page"
    exported = tables.export(table)
    assert exported["rules"] == state.rules.to_dict(meta=False)
    assert exported["hands"] == expected["hands"]


def to_south_four(night: m.Session, owner: Any) -> Any:
    """A table played to South 4: South 3 ends in a draw with Dae's riichi."""
    table = tables.start(night, NAMES, owner)
    draw = {"riichi": ["Dae"], "result": "draw", "tenpai": ["Dae"]}
    for number, hand in enumerate([*HANDS[:10], draw], start=1):
        table, _stored = tables.add_hand(table, hand, number, f"k{number}", owner)
    return tables.state_of(table)


def test_the_last_hand_counts_the_sticks_on_the_table(night: m.Session, owner: Any) -> None:
    """South 3 ends in a draw with Dae's riichi: South 4 starts with a stick on the
    table, and the conditions (条件) count it."""
    state = to_south_four(night, owner)
    upcoming = state.played.next
    assert upcoming is not None and upcoming.last and upcoming.deposits == 1000
    needs = state.needs()
    assert needs == conditions(upcoming.points, upcoming.dealer, state.rules,
                               honba=upcoming.honba, deposits=1)  # fmt: skip
    assert needs != conditions(upcoming.points, upcoming.dealer, state.rules,
                               honba=upcoming.honba, deposits=0)  # fmt: skip
    assert needs != conditions(upcoming.points, upcoming.dealer, state.rules, deposits=1)


def test_who_started_and_saved_a_table_and_its_places_under_its_ties(
    club: m.Club, owner: Any
) -> None:
    """A screen nobody is signed in on starts a table as nobody; a game is saved as the
    person who saved it; before the first hand everyone is tied, and the places are
    the rules' (Tenhou's by seat, M.League's shared)."""
    from django.contrib.auth.models import AnonymousUser  # noqa: PLC0415

    nights = {}
    for rules, expected in (("tenhou", [1, 2, 3, 4]), ("mleague", [1, 1, 1, 1])):
        season = season_with(club, rules, owner, name=rules)
        nights[rules] = m.Session.objects.create(season=season, title=rules)
        table = tables.start(nights[rules], NAMES, AnonymousUser())
        assert table.created_by is None
        state = tables.state_of(table)
        assert state.places() == expected == places(state.points, state.rules.ties)
        assert state.record.names == tuple(NAMES) and state.record.hands == ()
    table = played(tables.start(nights["tenhou"], NAMES, owner), 3, owner)
    table = tables.stop(table, "time", table.version, owner)
    assert tables.save(table, owner).created_by == owner


def test_conditions_without_a_riichi_deposit(club: m.Club, owner: Any) -> None:
    """Rules whose riichi costs nothing (riichi = 0) leave no stick on the table: the
    conditions of the last hand count none (and are found, never a division by zero)."""
    rules = 'extends = "tenhou"\n[scoring]\nriichi = 0\n'
    night = m.Session.objects.create(season=season_with(club, rules, owner), title="Free")
    state = to_south_four(night, owner)
    upcoming = state.played.next
    assert upcoming is not None and upcoming.last and upcoming.deposits == 0
    assert state.rules.scoring.riichi == 0
    assert state.needs() == conditions(upcoming.points, upcoming.dealer, state.rules,
                                       honba=upcoming.honba, deposits=0)  # fmt: skip
