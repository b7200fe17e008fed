"""Yaku kept under the ``mahjong`` package's English names (a win given as tiles before
yaku were recorded by Tenhou's names) under Tenhou's names, dora left out of them:
a season then counts each yaku once. Games so changed get a new version, so that
their statistics are worked out again."""

from typing import Any

from django.db import migrations

from seisan.yaku import recorded


def _hands(hands: list[Any]) -> bool:
    changed = False
    for hand in hands:
        for win in hand.get("wins", []) if isinstance(hand, dict) else []:
            names = win.get("yaku") if isinstance(win, dict) else None
            if isinstance(names, list) and all(isinstance(n, str) for n in names):
                now = recorded(names)
                if now != names:
                    changed = True
                    if now:
                        win["yaku"] = now
                    else:
                        del win["yaku"]
    return changed


def forwards(apps: Any, schema_editor: Any) -> None:
    Table = apps.get_model("tables", "Table")
    Game = apps.get_model("clubs", "Game")
    for table in Table.objects.all():
        if _hands([entry.get("hand", {}) for entry in table.hands or []]):
            table.version += 1
            table.save(update_fields=["hands", "version"])
    for game in Game.objects.exclude(record=None):
        if isinstance(game.record, dict) and _hands(game.record.get("hands", [])):
            game.version += 1
            game.save(update_fields=["record", "version"])


class Migration(migrations.Migration):
    dependencies = [
        ("tables", "0002_table_undone"),
        ("clubs", "0006_season_revision"),
    ]

    operations = [migrations.RunPython(forwards, migrations.RunPython.noop)]
