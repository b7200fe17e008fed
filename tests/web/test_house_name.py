"""“house” is the ledgers' name for the house (its fees, the riichi sticks it keeps): a
player's balance under that name merged with the house's (wrong totals, then a
traceback). New names are refused; a stored one is renamed by a migration."""

from __future__ import annotations

import importlib
from typing import Any

import pytest
from django.apps import apps
from django.test import Client
from django.urls import reverse

from seisan.web.accounts.tokens import new_api_token
from seisan.web.clubs import models as m
from seisan.web.clubs import services

from .conftest import enter

NAMES = ["Ana", "Ben", "Chie", "Dae"]


def test_a_player_called_house_is_refused_at_the_table(
    signed_in: Client, session: m.Session
) -> None:
    page = enter(signed_in, session, ["Ana", "Ben", "Chie", "House"], [40000, 30000, 20000, 10000])
    assert page.status_code == 200  # the form again, with the error beside the name
    assert "is the house&#x27;s name in the ledgers" in page.content.decode()
    assert not m.Game.objects.exists()


def test_a_stored_player_called_house_is_renamed_by_the_migration(
    signed_in: Client, session: m.Session, owner: Any
) -> None:
    """A night whose player was called “house” before the name was refused: its page
    had become an error; the migration names them “house 3” (“house 2” is taken)
    everywhere the game names them, and the night's page shows them."""
    club = session.season.club
    data = {"players": NAMES, "points": [40000, 30000, 20000, 10000],
            "sashi": ["Dae:Ana:10000"], "soto": {"Eve": "Dae"}}  # fmt: skip
    game, _created = services.save_game(session, data, owner, key="g")
    m.Player.objects.create(club=club, name="House 2")
    ana = m.Player.objects.get(club=club, name="Ana")  # a guest merged into Ana long ago
    m.Player.objects.create(club=club, name="HOUSE", merged_into=ana)
    m.Player.objects.filter(club=club, name="Dae").update(name="house")
    stored = services.rename_in_table(game.data, "Dae", "house")
    m.Game.objects.filter(pk=game.pk).update(data=stored)
    url = reverse("clubs:session", args=[club.slug, session.pk])
    session.season.refresh_from_db()
    revision, version = session.season.revision, m.Game.objects.get(pk=game.pk).version
    migration = importlib.import_module(
        "seisan.web.clubs.migrations.0010_house_is_not_a_players_name"
    )
    migration.rename_house(apps, None)
    game.refresh_from_db()
    session.season.refresh_from_db()
    assert sorted(m.Player.objects.filter(club=club).values_list("name", flat=True)) == [
        "Ana",
        "Ben",
        "Chie",
        "HOUSE",
        "House 2",
        "house 3",
    ]  # fmt: skip (the merged: as it was)
    assert game.data["players"] == ["Ana", "Ben", "Chie", "house 3"]
    assert game.data["sashi"] == ["house 3:Ana:10000"]
    assert game.data["soto"] == {"Eve": "house 3"}
    assert (game.version, session.season.revision) == (version + 1, revision + 1)
    page = signed_in.get(url)
    assert page.status_code == 200 and "house 3" in page.content.decode()
    migration.rename_house(apps, None)  # run again: nothing left to change
    game.refresh_from_db()
    assert game.version == version + 1


def test_a_stored_spectator_called_house_is_a_clear_page_then_renamed(
    signed_in: Client, session: m.Session, owner: Any
) -> None:
    """A spectator called “house” stored before the name was refused: the night's page
    (409) and the API (400, its answer to any error of the core) say which name and
    why, in the reader's words (no server error); the migration renames the spectator
    (“house 2”) in that game."""
    club = session.season.club
    data = {"players": NAMES, "points": [40000, 30000, 20000, 10000], "soto": {"Eve": "Ana"}}
    game, _created = services.save_game(session, data, owner, key="g")
    stored = services.rename_in_table(game.data, "Eve", "House")
    watched = game.spectators["Eve"]  # what the spectator won, as stored
    m.Game.objects.filter(pk=game.pk).update(data=stored, spectators={"House": watched})
    page = signed_in.get(reverse("clubs:session", args=[club.slug, session.pk]))
    assert page.status_code == 409
    assert "“House” is the house&#x27;s name in the ledgers" in page.content.decode()
    assert f'href="{reverse("clubs:club", args=[club.slug])}"' in page.content.decode()
    token = new_api_token(owner, "bot")
    answer = Client().get(f"/api/clubs/{club.slug}/sessions/{session.pk}",
                          HTTP_AUTHORIZATION=f"Bearer {token}")  # fmt: skip
    assert answer.status_code == 400 and answer.json()["error"]["code"] == "invalid"
    assert answer.json()["error"]["message"].startswith("“House” is the house's name")
    signed_in.cookies["django_language"] = "ja"
    page = signed_in.get(reverse("clubs:session", args=[club.slug, session.pk]))
    assert page.status_code == 409 and "「House」は精算表で店" in page.content.decode()
    migration = importlib.import_module(
        "seisan.web.clubs.migrations.0010_house_is_not_a_players_name"
    )
    migration.rename_house(apps, None)
    game.refresh_from_db()
    assert game.data["soto"] == {"house 2": "Ana"} and game.spectators == {"house 2": watched}
    page = signed_in.get(reverse("clubs:session", args=[club.slug, session.pk]))
    assert page.status_code == 200 and "house 2" in page.content.decode()


def test_an_entry_called_house_from_before_is_not_approved_as_a_player(
    season: m.Season, owner: Any
) -> None:
    """An entry asked for before the name was refused: approving it names the problem
    on the name's field and makes no player."""
    from seisan.web.clubs.services import EntryError  # noqa: PLC0415
    from seisan.web.events import tournament  # noqa: PLC0415
    from seisan.web.events.models import Registration  # noqa: PLC0415

    entry = Registration.objects.create(season=season, name="House")
    with pytest.raises(EntryError) as refused:
        tournament.entry_action(season, {"action": "approve", "entry": str(entry.pk)}, owner)
    assert refused.value.field == "name" and "house's name" in refused.value.message.text("en")
    assert not m.Player.objects.filter(name__iexact="house").exists()
