"""Entries and teams of a season found by their name as the core tells names apart,
kept in ``key``, as the club's players are (clubs' migration 0011, whose functions
this uses): of two that the key takes for one (“Kaze” and “Ｋａｚｅ”), the later one is
called “Ｋａｚｅ 2” — of two entries, the one not under its player's own name."""

from importlib import import_module

from django.db import migrations, models

players = import_module("seisan.web.clubs.migrations.0011_name_keys")


def season_keys(apps, schema_editor):
    named = dict(apps.get_model("clubs", "Player").objects.values_list("pk", "name"))

    def own_name(entry):
        """An approved entry under its player's own name keeps it (“Ａｎａ” entered
        for the player now called “Ａｎａ 2” is the one renamed)."""
        player = named.get(entry.player_id)
        return player is not None and players.name_key(player) == players.name_key(entry.name)

    registrations = apps.get_model("events", "Registration").objects.all()
    players.keep_apart(registrations, "season_id", own_name)
    players.keep_apart(apps.get_model("events", "Team").objects.all(), "season_id")
    players.checked_now(schema_editor)


class Migration(migrations.Migration):
    dependencies = [
        ("clubs", "0011_name_keys"),
        ("events", "0004_tournament"),
    ]

    operations = [
        migrations.RemoveConstraint(
            model_name="registration",
            name="one_entry_a_name",
        ),
        migrations.RemoveConstraint(
            model_name="team",
            name="one_team_name_a_season",
        ),
        migrations.AddField(
            model_name="registration",
            name="key",
            field=models.TextField(default="", editable=False),
        ),
        migrations.AddField(
            model_name="team",
            name="key",
            field=models.TextField(default="", editable=False),
        ),
        migrations.RunPython(season_keys, migrations.RunPython.noop),
        migrations.AddConstraint(
            model_name="registration",
            constraint=models.UniqueConstraint(fields=("season", "key"), name="one_entry_a_key"),
        ),
        migrations.AddConstraint(
            model_name="team",
            constraint=models.UniqueConstraint(
                fields=("season", "key"), name="one_team_key_a_season"
            ),
        ),
    ]
