"""A stop (``end``: "time" or "agreement") kept for a game its own rules had ended:
the table assistant took one until 2026-12-06, and a game record sent with one was
stored. The core reads a stop only where the rules have not ended the game, so these
were never read; they are dropped (a table's version raised), so that a stop said of
such a game can be refused as new input while every stored one still plays. A game's
stop is dropped only where every rules version it was settled under had ended it (a
game re-settled under other rules keeps a stop the rules it was entered by read), and
its version is kept (an undo of an earlier merge checks it). A record or table the core
no longer plays is left as it is."""

import tomllib
from decimal import Decimal
from typing import Any

from django.db import migrations

from seisan.errors import SeisanError
from seisan.games import play, record_from_dict
from seisan.presets import rules_from_data


def _unused(record: dict[str, Any], toml: str) -> bool:
    """Whether ``record``'s stop is one its rules had made pointless."""
    try:
        rules = rules_from_data(tomllib.loads(toml, parse_float=Decimal))
        return play(record_from_dict(record, rules), check_end=False).claim_unused
    except (SeisanError, ValueError, TypeError, KeyError):
        return False


def forwards(apps: Any, schema_editor: Any) -> None:
    Table = apps.get_model("tables", "Table")
    Game = apps.get_model("clubs", "Game")
    for table in Table.objects.exclude(end="").select_related("rules"):
        hands = [entry.get("hand", {}) for entry in table.hands or []]
        record = {"players": table.names, "hands": hands, "end": table.end}
        if _unused(record, table.rules.toml):
            table.end = ""
            table.version += 1
            table.save(update_fields=["end", "version"])
    History = apps.get_model("clubs", "HistoricalGame")
    RulesVersion = apps.get_model("clubs", "RulesVersion")
    for game in Game.objects.exclude(record=None).select_related("rules"):
        if isinstance(game.record, dict) and game.record.get("end"):
            # every rules version the game was settled under: a game re-settled since
            # may need its stop under the rules it was entered by (and re-settled back)
            ruled = {game.rules_id, *History.objects.filter(id=game.pk)
                     .values_list("rules_id", flat=True)}  # fmt: skip
            tomls = RulesVersion.objects.filter(pk__in=ruled).values_list("toml", flat=True)
            if all(_unused(game.record, toml) for toml in tomls):
                # (its version kept: an undo of a merge made before finds the game as
                # it left it, and the stop changes no number)
                game.record = {k: v for k, v in game.record.items() if k != "end"}
                game.save(update_fields=["record"])


class Migration(migrations.Migration):
    dependencies = [
        ("tables", "0003_yaku_by_tenhou_names"),
        ("clubs", "0011_name_keys"),
    ]

    operations = [migrations.RunPython(forwards, migrations.RunPython.noop)]
