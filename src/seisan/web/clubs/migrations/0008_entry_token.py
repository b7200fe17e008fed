"""Each season's entries get their own link (a token of their own, not the public
standings' one): added empty, filled in one token a season, then made unique."""

from django.db import migrations, models

import seisan.web.clubs.models


def fill(apps, schema_editor):  # type: ignore[no-untyped-def]
    season = apps.get_model("clubs", "Season")
    for row in season.objects.filter(entry_token__isnull=True).only("pk"):
        row.entry_token = seisan.web.clubs.models._token()
        row.save(update_fields=["entry_token"])


class Migration(migrations.Migration):
    dependencies = [
        ("clubs", "0007_tournament"),
    ]

    operations = [
        migrations.AddField(
            model_name="season",
            name="entry_token",
            field=models.CharField(max_length=40, null=True),
        ),
        migrations.RunPython(fill, migrations.RunPython.noop),
        migrations.AlterField(
            model_name="season",
            name="entry_token",
            field=models.CharField(
                default=seisan.web.clubs.models._token, max_length=40, unique=True
            ),
        ),
    ]
