"""No player or spectator is called “house” (in any case) any more: the ledgers' name
for the house (its fees, the riichi sticks it keeps), which a person's balance merged
with, and which the core now refuses. In each club that has one, the name becomes
“house 2” (or the next number free among the club's players and the names at its
tables) in the game tables, records, spectators' bets, seatings and tables kept hand
by hand, raising the games' and tables' versions and the seasons' revisions, as a
rename does; the player keeps their history. Left as they are: merged guests (their
games are their target's), payments (one to or from “house” may be the house's own,
and nothing tells which) and standing bets of the rules. (decisions.md)

The renaming functions are copied from ``seisan.web.clubs.services`` as they were when
this was written: a migration runs on the data of its own time."""

from collections.abc import Mapping
from typing import Any

from django.db import migrations

HOUSE = "house"


_PAIR_BETS = ("sashi", "bashin", "binta")
_LINKS = ("busted", "soto", "pool")  # {a = b}: both names
_RECORD_LISTS = ("riichi", "tenpai", "nagashi")
_RECORD_ONE = ("from", "player")


def _one(value: Any, old: str, new: str) -> Any:
    return new if isinstance(value, str) and value.strip().casefold() == old.casefold() else value


def rename_in_table(data: Mapping[str, Any], old: str, new: str) -> dict[str, Any]:
    """A game table with player ``old`` called ``new`` wherever a name stands: the
    seats, pair bets (A:B:AMOUNT), chips, who busted whom, winners, spectators,
    penalties (NAME:PT[:REASON]) and the substitute's seat."""
    out = dict(data)
    out["players"] = [_one(n, old, new) for n in data.get("players", [])]
    for key in _PAIR_BETS:
        if key in out:
            out[key] = [_pair_text(item, old, new) for item in out[key]]
    if isinstance(out.get("chips"), Mapping):
        out["chips"] = {_one(k, old, new): v for k, v in out["chips"].items()}
    for key in _LINKS:
        if isinstance(out.get(key), Mapping):
            out[key] = {_one(k, old, new): _one(v, old, new) for k, v in out[key].items()}
    if isinstance(out.get("winners"), list):
        out["winners"] = [_one(n, old, new) for n in out["winners"]]
    if isinstance(out.get("penalties"), list):
        out["penalties"] = [_first_part(p, old, new) for p in out["penalties"]]
    if isinstance(out.get("substitute"), str):
        out["substitute"] = _first_part(out["substitute"], old, new)
    if isinstance(out.get("side"), Mapping):  # the game's own standing pairs
        side = dict(out["side"])
        for key in ("sashi", "bashin", "binta_pairs"):
            if isinstance(side.get(key), list):
                side[key] = [_pair_text(item, old, new) for item in side[key]]
        out["side"] = side
    return out


def _pair_text(item: Any, old: str, new: str) -> Any:
    if not isinstance(item, str):
        return item
    parts = item.split(":")
    return ":".join([_one(p, old, new) for p in parts[:2]] + parts[2:])


def _first_part(item: Any, old: str, new: str) -> Any:
    if isinstance(item, Mapping):
        return {k: _one(v, old, new) if k in {"player", "seat"} else v for k, v in item.items()}
    if not isinstance(item, str):
        return item
    head, sep, rest = item.partition(":")
    return f"{_one(head, old, new)}{sep}{rest}"


def rename_in_record(record: Mapping[str, Any], old: str, new: str) -> dict[str, Any]:
    """A hand-by-hand record with player ``old`` called ``new`` in every field that
    names a player (never in results or round names)."""
    out = dict(record)
    out["players"] = [_one(n, old, new) for n in record.get("players", [])]
    if isinstance(out.get("substitute"), Mapping):
        out["substitute"] = {k: _one(v, old, new) if k == "seat" else v
                             for k, v in out["substitute"].items()}  # fmt: skip
    elif isinstance(out.get("substitute"), str):
        out["substitute"] = _first_part(out["substitute"], old, new)
    if isinstance(out.get("penalties"), list):
        out["penalties"] = [_first_part(p, old, new) for p in out["penalties"]]
    hands = []
    for hand in record.get("hands", []):
        h = dict(hand)
        for key in _RECORD_LISTS:
            if isinstance(h.get(key), list):
                h[key] = [_one(n, old, new) for n in h[key]]
        for key in _RECORD_ONE:
            if key in h:
                h[key] = _one(h[key], old, new)
        if isinstance(h.get("wins"), list):
            h["wins"] = [
                {k: _one(v, old, new) if k in {"winner", "pao"} else v for k, v in w.items()}
                if isinstance(w, Mapping) else w
                for w in h["wins"]
            ]  # fmt: skip
        hands.append(h)
    if "hands" in record:
        out["hands"] = hands
    return out


def _names_in(data: Any, record: Any, spectators: Any) -> set[str]:
    """Everyone a game names (casefolded): seats, spectators, substitutes."""
    data, record = data or {}, record or {}
    names = {str(n).strip().casefold() for n in data.get("players", [])}
    names |= {str(n).strip().casefold() for n in record.get("players", [])}
    names |= {str(n).strip().casefold() for n in (spectators or {})}
    for key in ("soto", "pool"):
        if isinstance(data.get(key), dict):
            names |= {str(n).strip().casefold() for n in data[key]}
    for found in (data.get("substitute"), record.get("substitute")):
        if isinstance(found, str):
            names.add(found.partition(":")[2].strip().casefold())
        elif isinstance(found, dict):
            names.add(str(found.get("by", "")).strip().casefold())
    return names


def rename_house(apps, schema_editor):
    Player = apps.get_model("clubs", "Player")
    Game = apps.get_model("clubs", "Game")
    Season = apps.get_model("clubs", "Season")
    SeasonChange = apps.get_model("clubs", "SeasonChange")
    Seating = apps.get_model("events", "Seating")
    Table = apps.get_model("tables", "Table")
    players = {club for club, name in Player.objects.filter(merged_into__isnull=True)
               .values_list("club_id", "name").iterator()
               if name.strip().casefold() == HOUSE}  # fmt: skip
    # a spectator called house: the spectators' names of every game, a game at a time
    watched = {club for club, spectators in Game.objects.values_list(
               "session__season__club_id", "spectators").iterator()
               if HOUSE in {str(n).strip().casefold() for n in (spectators or {})}}  # fmt: skip
    for club in sorted(players | watched):
        games = Game.objects.filter(session__season__club_id=club)
        used = {n.strip().casefold() for n in
                Player.objects.filter(club_id=club).values_list("name", flat=True)}  # fmt: skip
        for game in games.only("data", "record", "spectators").iterator():
            used |= _names_in(game.data, game.record, game.spectators)
        number = 2
        while f"{HOUSE} {number}" in used:
            number += 1
        new = f"{HOUSE} {number}"
        for game in list(games):  # one club's games (SQLite: no writes while iterating)
            data = rename_in_table(game.data, HOUSE, new)
            record = None if game.record is None else rename_in_record(game.record, HOUSE, new)
            spectators = {_one(k, HOUSE, new): v for k, v in (game.spectators or {}).items()}
            if (data, record, spectators) != (game.data, game.record, game.spectators or {}):
                game.data, game.record, game.spectators = data, record, spectators
                game.version += 1  # an edit based on the version before is stale
                game.save(update_fields=["data", "record", "spectators", "version"])
        for seating in Seating.objects.filter(session__season__club_id=club):
            tables = [[_one(n, HOUSE, new) for n in t] for t in seating.tables]
            sitting_out = [_one(n, HOUSE, new) for n in seating.sitting_out]
            if (tables, sitting_out) != (seating.tables, seating.sitting_out):
                seating.tables, seating.sitting_out = tables, sitting_out
                seating.save(update_fields=["tables", "sitting_out"])
        for table in Table.objects.filter(session__season__club_id=club):
            hands = [e["hand"] for e in table.hands]
            renamed = rename_in_record({"players": table.names, "hands": hands}, HOUSE, new)
            if renamed["players"] != table.names or renamed["hands"] != hands:
                table.names = renamed["players"]
                table.hands = [e | {"hand": h} for e, h in zip(table.hands, renamed["hands"],
                                                                strict=True)]  # fmt: skip
                table.version += 1
                table.save(update_fields=["names", "hands", "version"])
        for player in Player.objects.filter(club_id=club, merged_into__isnull=True):
            if player.name.strip().casefold() == HOUSE:
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
