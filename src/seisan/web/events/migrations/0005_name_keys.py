"""Entries and teams of a season found by their name as the core tells names apart,
kept in ``key``, as the club's players are (clubs' migration 0011, whose functions
this uses): of two that the key takes for one (“Kaze” and “Ｋａｚｅ”), the later one is
called “Ｋａｚｅ 2”."""

from importlib import import_module

from django.db import migrations, models

players = import_module("seisan.web.clubs.migrations.0011_name_keys")


def season_keys(apps, schema_editor):
    for model in ("Registration", "Team"):
        players.keep_apart(apps.get_model("events", model).objects.all(), "season_id")
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
