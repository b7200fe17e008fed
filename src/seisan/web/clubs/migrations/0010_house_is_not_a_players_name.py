"""A player called “house” (in any case) is renamed “house 2” (or the next number free
in the club): the ledgers' name for the house (its fees, the riichi sticks it keeps),
which a player's balance merged with, is no longer a player's name (the core refuses
it). The name changes in the game tables, records, spectators' bets, seatings and
tables kept hand by hand, as a rename does. Payments stay as they are: one to or from
“house” may be the house's own, and nothing tells which. (decisions.md)"""

from django.db import migrations

from seisan.transfers import HOUSE
from seisan.web.clubs.services import _one, rename_in_record, rename_in_table


def rename_house(apps, schema_editor):
    Player = apps.get_model("clubs", "Player")
    Game = apps.get_model("clubs", "Game")
    Season = apps.get_model("clubs", "Season")
    SeasonChange = apps.get_model("clubs", "SeasonChange")
    Seating = apps.get_model("events", "Seating")
    Table = apps.get_model("tables", "Table")
    for player in Player.objects.all():
        if player.name.strip().casefold() != HOUSE:
            continue
        club, old = player.club_id, player.name
        taken = {n.casefold() for n in Player.objects.filter(club_id=club)
                 .values_list("name", flat=True)}  # fmt: skip
        number = 2
        while f"{old.strip()} {number}".casefold() in taken:
            number += 1
        new = f"{old.strip()} {number}"
        for game in Game.objects.filter(session__season__club_id=club):
            data = rename_in_table(game.data, old, new)
            record = None if game.record is None else rename_in_record(game.record, old, new)
            spectators = {_one(k, old, new): v for k, v in (game.spectators or {}).items()}
            if (data, record, spectators) != (game.data, game.record, game.spectators or {}):
                game.data, game.record, game.spectators = data, record, spectators
                game.version += 1  # an edit based on the version before is stale
                game.save(update_fields=["data", "record", "spectators", "version"])
        for seating in Seating.objects.filter(session__season__club_id=club):
            seating.tables = [[_one(n, old, new) for n in t] for t in seating.tables]
            seating.sitting_out = [_one(n, old, new) for n in seating.sitting_out]
            seating.save(update_fields=["tables", "sitting_out"])
        for table in Table.objects.filter(session__season__club_id=club):
            hands = [e["hand"] for e in table.hands]
            renamed = rename_in_record({"players": table.names, "hands": hands}, old, new)
            if renamed["players"] != table.names or renamed["hands"] != hands:
                table.names = renamed["players"]
                table.hands = [e | {"hand": h} for e, h in zip(table.hands, renamed["hands"],
                                                                strict=True)]  # fmt: skip
                table.version += 1
                table.save(update_fields=["names", "hands", "version"])
        player.name = new
        player.save(update_fields=["name"])
        for season in Season.objects.filter(club_id=club):  # standings kept are stale
            season.revision += 1
            season.save(update_fields=["revision"])
            SeasonChange.objects.create(season=season, revision=season.revision, games=None)


class Migration(migrations.Migration):
    dependencies = [
        ("clubs", "0009_season_changes"),
        ("events", "0004_tournament"),
        ("tables", "0003_yaku_by_tenhou_names"),
    ]

    operations = [migrations.RunPython(rename_house, migrations.RunPython.noop)]
