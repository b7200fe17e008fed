"""A stop (``end``: "time" or "agreement") said of a game its own rules had ended: the
core reads a stop only where the rules have not ended the game, so such a claim was
kept and never read. As new input it is refused; the ones stored before 2026-12-07
are dropped by a migration; a correction that makes the rules end a stopped game
drops its stop; re-settling under other rules still reads a stop it now needs."""

from __future__ import annotations

import importlib
import json
from typing import Any

import pytest
from django.apps import apps
from django.test import Client

from seisan.errors import SeisanError
from seisan.web.accounts.tokens import new_api_token
from seisan.web.clubs import models as m
from seisan.web.clubs import services
from seisan.web.tables import services as tables
from seisan.web.tables.models import Table

from .conftest import EXAMPLES, season_with

pytestmark = pytest.mark.django_db

NAMES = ["Ana", "Ben", "Chie", "Dae"]
GAME = json.loads((EXAMPLES / "game.json").read_text(encoding="utf-8"))
HANDS = [{k: v for k, v in h.items() if k not in ("round", "honba")} for h in GAME["hands"]]
ENDED = {"players": NAMES, "hands": GAME["hands"]}  # 13 hands: sudden death in W1
STOPPED = {"players": NAMES, "hands": GAME["hands"][:3], "end": "time"}  # before E3 1本場
REFUSED = ("end = “time”: the game was not stopped, it ended by its rules (sudden death in "
           "W1); leave end out")  # fmt: skip


@pytest.fixture
def session(club: m.Club, owner: Any) -> m.Session:
    season = season_with(club, "tenhou", owner, name="Tenhou rules")
    return m.Session.objects.create(season=season, title="League night")


def test_a_new_record_said_stopped_after_its_rules_ended_it_is_refused(
    session: m.Session, owner: Any
) -> None:
    with pytest.raises(SeisanError) as refused:
        services.save_game(session, {}, owner, key="a", record={**ENDED, "end": "time"})
    assert (str(refused.value.message), refused.value.field) == (REFUSED, "end")
    assert not m.Game.objects.exists()
    game, _ = services.save_game(session, {}, owner, key="b", record=STOPPED)  # a real stop
    assert game.record["end"] == "time"


def test_the_api_refuses_it_naming_end(session: m.Session, owner: Any) -> None:
    """The field within the request: ``record.end`` (a record's refusals are named
    under ``record.``, as ``record.rules`` and ``record.title`` were, 2026-12-07)."""
    token = new_api_token(owner, "bot")
    client = Client(HTTP_AUTHORIZATION=f"Bearer {token}")
    url = f"/api/clubs/test/sessions/{session.pk}/games"
    answer = client.post(url, {"record": {**ENDED, "end": "agreement"}},
                         content_type="application/json")  # fmt: skip
    assert answer.status_code == 400, answer.content
    error = answer.json()["error"]
    assert error["field"] == "record.end" and "leave end out" in error["message"]


def test_a_claim_stored_before_is_kept_through_edits_and_read_by_other_rules(
    session: m.Session, owner: Any
) -> None:
    """Stored before the refusal (or made pointless by re-settling): an edit that leaves
    the stop as it was is not refused for it, and rules under which the game would not
    have ended read the stop."""
    game, _ = services.save_game(session, {}, owner, key="a", record=ENDED)
    m.Game.objects.filter(pk=game.pk).update(record={**ENDED, "end": "time"})
    game.refresh_from_db()
    edited = {**game.record, "title": "Final"}
    game, _ = services.save_game(session, {}, owner, game=game, version=game.version,
                                 record=edited)  # fmt: skip
    assert game.record["end"] == "time"
    rules = services.rules_from_text('extends = "tenhou"\n[game]\ntarget = 40000\n')
    played = services.record_from_dict(game.record, rules).play()
    assert (played.end, played.claim_unused) == ("time", False)


def test_a_correction_that_ends_a_stopped_game_by_its_rules_drops_the_stop(
    session: m.Session, owner: Any
) -> None:
    table = Table.objects.create(session=session, number=1, rules=session.season.rules,
                                 names=NAMES)  # fmt: skip
    for number, hand in enumerate(HANDS[:3], start=1):
        table, _ = tables.add_hand(table, hand, number, f"k{number}", owner)
    table = tables.stop(table, "time", table.version, owner)
    bust = {"result": "ron", "from": "Ana", "wins": [{"winner": "Dae", "yakuman": 2}]}
    table = tables.replace_hand(table, 3, bust, table.version, owner)
    assert table.end == ""  # Ana below zero: the game ended by its rules, at hand 3
    game = tables.save(table, owner)
    assert "end" not in game.record and tables.state_of(table).played.end == "bust"


def test_the_migration_drops_stops_the_rules_had_made_pointless(
    session: m.Session, owner: Any
) -> None:
    migration = importlib.import_module(
        "seisan.web.tables.migrations.0004_stops_after_the_end_dropped"
    )

    def table(number: int, end: str, hands: list[dict[str, Any]]) -> Table:
        return Table.objects.create(
            session=session, number=number, rules=session.season.rules, names=NAMES, end=end,
            hands=[{"hand": h, "key": str(i)} for i, h in enumerate(hands)],
        )  # fmt: skip

    ended, stopped = table(1, "agreement", HANDS), table(2, "time", HANDS[:3])
    pointless, _ = services.save_game(session, {}, owner, key="a", record=ENDED)
    m.Game.objects.filter(pk=pointless.pk).update(record={**ENDED, "end": "time"})
    real, _ = services.save_game(session, {}, owner, key="b", record=STOPPED)
    before = {t.pk: t.version for t in (ended, stopped)} | {
        g.pk: g.version for g in m.Game.objects.all()}  # fmt: skip
    migration.forwards(apps, None)
    migration.forwards(apps, None)  # again: nothing left to change
    ended.refresh_from_db(), stopped.refresh_from_db()
    pointless.refresh_from_db(), real.refresh_from_db()
    assert (ended.end, ended.version) == ("", before[ended.pk] + 1)
    assert (stopped.end, stopped.version) == ("time", before[stopped.pk])
    assert "end" not in pointless.record and pointless.version == before[pointless.pk]
    assert pointless.record["hands"] == ENDED["hands"]
    assert (real.record["end"], real.version) == ("time", before[real.pk])


def test_a_season_import_of_a_record_said_stopped_after_its_end_is_refused(
    session: m.Session, owner: Any
) -> None:
    from seisan.web.clubs import files  # noqa: PLC0415

    text = json.dumps({**ENDED, "end": "time"})
    with pytest.raises(SeisanError) as refused:
        files.import_session(session.season, text, "ended.json", owner)
    assert str(refused.value.message).endswith(REFUSED)
    stopped, count = files.import_session(session.season, json.dumps(STOPPED), "s.json", owner)
    assert count == 1 and stopped.games.get().record["end"] == "time"


def _migrated() -> None:
    importlib.import_module("seisan.web.tables.migrations.0004_stops_after_the_end_dropped"
                            ).forwards(apps, None)  # fmt: skip


def test_the_migration_keeps_a_stop_the_rules_a_game_was_entered_by_read(
    club: m.Club, owner: Any
) -> None:
    """Entered under rules that read its stop, then re-settled under rules that end it
    in W1: the stop had been dropped, and re-settling the season back was refused ("the
    game has not ended")."""
    higher = 'extends = "tenhou"\n[game]\ntarget = 40000\n'  # W1 does not end it
    season = season_with(club, higher, owner)
    night = m.Session.objects.create(season=season, title="Night")
    game, _ = services.save_game(night, {}, owner, key="a", record={**ENDED, "end": "time"})
    totals = {s.player.name: s.total for s in game.seats.all()}
    services.new_rules_version(season, services.rules_from_text("tenhou"), "tenhou", owner)
    services.resettle(season, owner)
    _migrated()
    game.refresh_from_db()
    assert game.record["end"] == "time"
    services.new_rules_version(season, services.rules_from_text(higher), higher, owner)
    services.resettle(season, owner)
    game.refresh_from_db()
    assert {s.player.name: s.total for s in game.seats.all()} == totals


def test_a_merge_made_before_the_migration_can_still_be_undone(
    session: m.Session, owner: Any
) -> None:
    """The migration had raised the version of a game whose stop it dropped, and the
    undo of a merge made before found the game "changed again since"."""
    game, _ = services.save_game(session, {}, owner, key="a", record=ENDED)
    m.Game.objects.filter(pk=game.pk).update(record={**ENDED, "end": "time"})
    m.Player.objects.create(club=session.season.club, name="Zed")
    players = session.season.club.players
    action = services.merge_players(players.get(name="Ana"), players.get(name="Zed"), owner)
    _migrated()
    services.undo_merge(action, owner)
    game.refresh_from_db()  # (the undo's copy, stop and all: read as before)
    assert game.record["players"][0] == "Ana"
