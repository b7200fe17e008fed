"""Players found by their name as the core tells names apart (``seisan.i18n.name_key``:
case, runs of spaces of any script, Unicode's compatibility form), kept in ``key``,
where the database's ``LOWER`` had told them apart (ASCII letters only on SQLite;
full-width “Ａｎａ” another player than “Ana” everywhere).

Two players of a club that the key takes for one (“Ana” and “Ａｎａ”, both stored when
``LOWER`` told them apart) stay two people: the later one is called “Ａｎａ 2” (or the
next number free among the club's names) everywhere their name stands, as the
migration for “house” renamed (its functions find a name letter for letter, in any
case, as names were found when these were stored); games and tables get a new
version, seasons a new revision; the organiser merges the two on the player's page
where they are one person. Nothing is merged behind the organiser's back.
(decisions.md)

``name_key`` is copied as it was when this was written: a migration runs on the data
of its own time."""

import unicodedata
from importlib import import_module

from django.db import migrations, models

house = import_module("seisan.web.clubs.migrations.0010_house_is_not_a_players_name")


def name_key(name):
    if not name.isascii():
        name = unicodedata.normalize("NFKC", name)
    return " ".join(name.split()).casefold()


MAX_NAME = 60  #: Player.name's length


def free_name(name, used):
    """``name`` with the first number from 2 whose key is none of ``used`` (the name
    shortened where the number would make it too long)."""
    number = 2
    while name_key(named := f"{name[:MAX_NAME - len(str(number)) - 1]} {number}") in used:
        number += 1
    return named


def keep_apart(rows, scope, renamed=lambda row, old, new: None):
    """Each row's key; a later row whose key an earlier one of its ``scope`` holds is
    renamed (``renamed`` says where else its name stands) to a name of its own."""
    rows = list(rows.order_by("pk"))
    used = {}
    for row in rows:
        used.setdefault(getattr(row, scope), set()).add(name_key(row.name))
    taken = set()
    for row in rows:
        key = name_key(row.name)
        if (getattr(row, scope), key) in taken:
            old, row.name = row.name, free_name(row.name, used[getattr(row, scope)])
            key = name_key(row.name)
            used[getattr(row, scope)].add(key)
            renamed(row, old, row.name)
        taken.add((getattr(row, scope), key))
        row.key = key
        row.save(update_fields=["name", "key"])
    return {scope_id for scope_id, _key in taken}


def player_keys(apps, schema_editor):
    Player = apps.get_model("clubs", "Player")
    Game = apps.get_model("clubs", "Game")
    Payment = apps.get_model("clubs", "Payment")
    Season = apps.get_model("clubs", "Season")
    SeasonChange = apps.get_model("clubs", "SeasonChange")
    Seating = apps.get_model("events", "Seating")
    Table = apps.get_model("tables", "Table")
    changed = set()

    def rename(player, old, new):
        club = player.club_id
        changed.add(club)
        for game in list(Game.objects.filter(session__season__club_id=club)):
            data = house.rename_in_table(game.data, old, new)
            record = (None if game.record is None
                      else house.rename_in_record(game.record, old, new))
            spectators = {house._one(k, old, new): v for k, v in (game.spectators or {}).items()}
            if (data, record, spectators) != (game.data, game.record, game.spectators or {}):
                game.data, game.record, game.spectators = data, record, spectators
                game.version += 1  # an edit based on the version before is stale
                game.save(update_fields=["data", "record", "spectators", "version"])
        for seating in Seating.objects.filter(session__season__club_id=club):
            tables = [[house._one(n, old, new) for n in t] for t in seating.tables]
            sitting_out = [house._one(n, old, new) for n in seating.sitting_out]
            if (tables, sitting_out) != (seating.tables, seating.sitting_out):
                seating.tables, seating.sitting_out = tables, sitting_out
                seating.save(update_fields=["tables", "sitting_out"])
        for table in Table.objects.filter(session__season__club_id=club):
            hands = [e["hand"] for e in table.hands]
            renamed = house.rename_in_record({"players": table.names, "hands": hands}, old, new)
            if renamed["players"] != table.names or renamed["hands"] != hands:
                table.names = renamed["players"]
                table.hands = [e | {"hand": h} for e, h in zip(table.hands, renamed["hands"],
                                                                strict=True)]
                table.version += 1
                table.save(update_fields=["names", "hands", "version"])
        for payment in Payment.objects.filter(session__season__club_id=club):
            payer, payee = house._one(payment.payer, old, new), house._one(payment.payee, old, new)
            if (payer, payee) != (payment.payer, payment.payee):
                payment.payer, payment.payee = payer, payee
                payment.save(update_fields=["payer", "payee"])

    # the merged first: their keys only (a merged guest's games are its target's)
    for row in Player.objects.filter(merged_into__isnull=False):
        row.key = name_key(row.name)
        row.save(update_fields=["key"])
    keep_apart(Player.objects.filter(merged_into__isnull=True), "club_id", rename)
    for season in Season.objects.filter(club_id__in=changed):  # standings kept are stale
        season.revision += 1
        season.save(update_fields=["revision"])
        SeasonChange.objects.create(season=season, revision=season.revision, games=None)
    history = apps.get_model("clubs", "HistoricalPlayer").objects
    for row in list(history.only("history_id", "name")):
        history.filter(history_id=row.history_id).update(key=name_key(row.name))


class Migration(migrations.Migration):

    dependencies = [
        ("clubs", "0010_house_is_not_a_players_name"),
        ("events", "0004_tournament"),
        ("tables", "0003_yaku_by_tenhou_names"),
    ]

    operations = [
        migrations.RemoveConstraint(
            model_name="player",
            name="one_name_a_club",
        ),
        migrations.AddField(
            model_name="historicalplayer",
            name="key",
            field=models.TextField(default="", editable=False),
        ),
        migrations.AddField(
            model_name="player",
            name="key",
            field=models.TextField(default="", editable=False),
        ),
        migrations.RunPython(player_keys, migrations.RunPython.noop),
        migrations.AddConstraint(
            model_name="player",
            constraint=models.UniqueConstraint(
                condition=models.Q(("merged_into__isnull", True)),
                fields=("club", "key"),
                name="one_key_a_club",
            ),
        ),
    ]
