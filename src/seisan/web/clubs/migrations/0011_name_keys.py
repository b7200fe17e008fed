"""Players found by their name as the core tells names apart (``seisan.i18n.name_key``:
case, runs of spaces of any script, Unicode's compatibility form), kept in ``key``,
where the database's ``LOWER`` had told them apart (ASCII letters only on SQLite;
full-width “Ａｎａ” another player than “Ana” everywhere).

Names the key takes for one but that were two people stay two people, each club on
its own; nothing is merged behind the organiser's back (decisions.md):

- two players (“Ana” and “Ａｎａ”; on SQLite “Äda” and “äda”; “Strauss” and
  “Strauß”): one keeps the name (the one the rules' standing bets name, else the
  first made), the other is called “Ａｎａ 2” (the first number whose name is free
  among every name the club has used) in every game, record, seating, table and
  payment that writes their name letter for letter;
- a spectator or substitute written otherwise than a player or another spectator,
  where the web app had told the two apart (“Ａｎａ” watching, “Ana” playing): the
  spectator is called “Ａｎａ 2” likewise. Spellings that differ in case only had
  been one person (“ana” watching is Ana) and stay so.

Games and tables renamed get a new version, the club's seasons a new revision.
``name_key`` and the renaming functions are copied as they were when this was
written: a migration runs on the data of its own time."""

import itertools
import tomllib
import unicodedata
from collections.abc import Mapping
from typing import Any

from django.db import migrations, models

MAX_NAME = 60  #: Player.name's length
#: a row's key while every key is written: no key of a name holds a capital letter
PASSING = "Passing {}"


def name_key(name: str) -> str:
    if not name.isascii():
        name = unicodedata.normalize("NFKC", name)
    return " ".join(name.split()).casefold()


def _case(name: str) -> str:
    """How the web app had compared names at the tables: case only."""
    return " ".join(name.split()).casefold()


_PAIR_BETS = ("sashi", "bashin", "binta")


_LINKS = ("busted", "soto", "pool")  # {a = b}: both names


_RECORD_LISTS = ("riichi", "tenpai", "nagashi", "calls")


_RECORD_ONE = ("from", "player")


_WIN_NAMES = {"winner", "pao", "daiminkan"}  #: a win's fields that name a player


def _one(value: Any, old: Any, new: str) -> Any:
    """``new`` where ``value`` is one of the spellings ``old`` (letter for letter, as
    the web app stored names: single spaces), else ``value``."""
    return new if isinstance(value, str) and " ".join(value.split()) in old else value


def rename_in_table(data: Mapping[str, Any], old: Any, new: str) -> dict[str, Any]:
    """A game table with player ``old`` called ``new`` wherever a name stands: the
    seats, pair bets (A:B:AMOUNT, or a list), chips, who busted whom and spectators
    (a table, or a list of A:B), winners, penalties (NAME:PT[:REASON]) and the
    substitute (SEAT:NAME, both)."""
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
        elif isinstance(out.get(key), list):  # ["Dae:Ana"], as a CSV's column gives them
            out[key] = [_pair_text(item, old, new) for item in out[key]]
    if isinstance(out.get("winners"), list):
        out["winners"] = [_one(n, old, new) for n in out["winners"]]
    if isinstance(out.get("penalties"), list):
        out["penalties"] = [_first_part(p, old, new) for p in out["penalties"]]
    if isinstance(out.get("substitute"), str):  # SEAT:NAME
        out["substitute"] = _pair_text(out["substitute"], old, new)
    elif isinstance(out.get("substitute"), Mapping):
        out["substitute"] = _first_part(out["substitute"], old, new)
    if isinstance(out.get("side"), Mapping):  # the game's own standing pairs
        side = dict(out["side"])
        for key in ("sashi", "bashin", "binta_pairs"):
            if isinstance(side.get(key), list):
                side[key] = [_pair_text(item, old, new) for item in side[key]]
        out["side"] = side
    return out


def _pair_text(item: Any, old: Any, new: str) -> Any:
    """A pair's two names renamed: ``A:B[:…]`` or ``[A, B, …]``."""
    if isinstance(item, list):
        return [_one(p, old, new) for p in item[:2]] + item[2:]
    if not isinstance(item, str):
        return item
    parts = item.split(":")
    return ":".join([_one(p, old, new) for p in parts[:2]] + parts[2:])


_NAMING_KEYS = {"player", "seat", "by"}  #: a penalty's or substitute's fields that name


def _first_part(item: Any, old: Any, new: str) -> Any:
    if isinstance(item, Mapping):
        return {k: _one(v, old, new) if k in _NAMING_KEYS else v for k, v in item.items()}
    if not isinstance(item, str):
        return item
    head, sep, rest = item.partition(":")
    return f"{_one(head, old, new)}{sep}{rest}"


def rename_in_record(record: Mapping[str, Any], old: Any, new: str) -> dict[str, Any]:
    """A hand-by-hand record with player ``old`` called ``new`` in every field that
    names a player (never in results or round names)."""
    out = dict(record)
    out["players"] = [_one(n, old, new) for n in record.get("players", [])]
    if isinstance(out.get("substitute"), Mapping):  # {seat = PLAYER, by = NAME}
        out["substitute"] = _first_part(out["substitute"], old, new)
    elif isinstance(out.get("substitute"), str):  # SEAT:NAME
        out["substitute"] = _pair_text(out["substitute"], old, new)
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
                {k: _one(v, old, new) if k in _WIN_NAMES else v for k, v in w.items()}
                if isinstance(w, Mapping) else w
                for w in h["wins"]
            ]  # fmt: skip
        hands.append(h)
    if "hands" in record:
        out["hands"] = hands
    return out


def _pair_names(item: Any) -> list[Any]:
    if isinstance(item, list):
        return item[:2]
    return str(item).split(":")[:2] if isinstance(item, str) else []


def _texts(data: Any, record: Any, spectators: Any) -> list[str]:
    """Every name a game writes where a person stands (seats, spectators, pools, who
    busted whom, substitutes), as written."""
    data, record = data or {}, record or {}
    found = [*data.get("players", []), *record.get("players", []), *(spectators or {})]
    for key in _LINKS:
        if isinstance(data.get(key), Mapping):
            found += [*data[key], *data[key].values()]
        elif isinstance(data.get(key), list):
            found += [n for item in data[key] for n in _pair_names(item)]
    for sub in (data.get("substitute"), record.get("substitute")):
        if isinstance(sub, str):
            found += _pair_names(sub)
        elif isinstance(sub, Mapping):
            found += [sub.get("seat"), sub.get("by")]
    return [" ".join(n.split()) for n in found if isinstance(n, str) and n.strip()]


def free_name(name: str, used: set[str]) -> str:
    """``name`` with the first number from 2 whose key is none of ``used`` (the name
    shortened where the number would make it too long)."""
    number = 2
    while True:
        tail = f" {number}"
        named = name[: MAX_NAME - len(tail)].rstrip() + tail
        if name_key(named) not in used:
            return named
        number += 1


def _rename(games, seatings, tables, payments, old, new, seated=None):
    """The spellings ``old`` called ``new`` in the club's games, seatings, tables and
    payments (in memory: each marked ``changed``); where ``seated`` is a player's id, in
    a game they sat at also the name their seat has there (in another case: the seats
    say who sat where, the names alone do not). Returns whether anything changed."""
    changed = False
    for game in games:
        names = (game.data or {}).get("players", [])
        spelled = old | {
            " ".join(str(names[s]).split()) for s in game.seated.get(seated, ()) if s < len(names)
        }
        data = rename_in_table(game.data, spelled, new)
        record = None if game.record is None else rename_in_record(game.record, spelled, new)
        spectators = {_one(k, spelled, new): v for k, v in (game.spectators or {}).items()}
        if (data, record, spectators) != (game.data, game.record, game.spectators or {}):
            game.data, game.record, game.spectators = data, record, spectators
            game.changed = changed = True
    for seating in seatings:
        at = [[_one(n, old, new) for n in t] for t in seating.tables]
        out = [_one(n, old, new) for n in seating.sitting_out]
        if (at, out) != (seating.tables, seating.sitting_out):
            seating.tables, seating.sitting_out, seating.changed = at, out, True
            changed = True
    for table in tables:
        hands = [e["hand"] for e in table.hands]
        renamed = rename_in_record({"players": table.names, "hands": hands}, old, new)
        if renamed["players"] != table.names or renamed["hands"] != hands:
            table.names = renamed["players"]
            table.hands = [
                e | {"hand": h} for e, h in zip(table.hands, renamed["hands"], strict=True)
            ]
            table.changed = changed = True
    for payment in payments:
        payer, payee = _one(payment.payer, old, new), _one(payment.payee, old, new)
        if (payer, payee) != (payment.payer, payment.payee):
            payment.payer, payment.payee, payment.changed = payer, payee, True
            changed = True
    return changed


def _all_texts(games, seatings, tables, payments):
    found = [n for g in games for n in _texts(g.data, g.record, g.spectators)]
    found += [str(n) for s in seatings for t in s.tables for n in t]
    found += [str(n) for s in seatings for n in s.sitting_out]
    found += [str(n) for t in tables for n in t.names]
    found += [n for p in payments for n in (p.payer, p.payee)]
    return [" ".join(n.split()) for n in found if n.strip()]


def _keep_people_apart(players, games, seatings, tables, payments, in_rules):
    """One club: the renames the key asks for, of players and of the club's games,
    seatings, tables and payments (in memory); returns whether anything changed."""
    active = sorted((p for p in players if p.merged_into_id is None), key=lambda p: p.pk)
    texts = _all_texts(games, seatings, tables, payments)
    used = {name_key(p.name) for p in players} | {name_key(n) for n in texts}
    changed = False
    by_key: dict[str, list[Any]] = {}
    for player in active:
        by_key.setdefault(name_key(player.name), []).append(player)
    for group in by_key.values():
        if len(group) < 2:
            continue
        named = [p for p in group if p.name in in_rules]
        keeper = (named or group)[0]
        for player in group:
            if player is keeper:
                continue
            # the player's name in any case (as the web app found it), unless another
            # player of the group has it in another case (“Strauss”, “Strauß”): then
            # letter for letter
            alike = [p for p in group if p is not player and _case(p.name) == _case(player.name)]
            old = {player.name} if alike else {t for t in texts if _case(t) == _case(player.name)}
            new = free_name(player.name, used)
            used.add(name_key(new))
            _rename(games, seatings, tables, payments, old | {player.name}, new, player.pk)
            player.name, changed = new, True
    # spectators and substitutes written otherwise than the player or the spectator
    # first met under their key (in case only: one person, as before)
    first = {name_key(p.name): _case(p.name) for p in active}
    spelled: dict[str, set[str]] = {}
    for text in _all_texts(games, seatings, tables, payments):
        if _case(text) != first.setdefault(name_key(text), _case(text)):
            spelled.setdefault(_case(text), set()).add(text)
    for spellings in spelled.values():
        new = free_name(sorted(spellings)[0], used)
        used.add(name_key(new))
        changed = _rename(games, seatings, tables, payments, spellings, new) or changed
    return changed


def _named_in_rules(texts):
    """The names the rules' standing bets between players name (A:B:AMOUNT), as
    written."""
    found = set()
    for text in texts:
        try:
            side = tomllib.loads(text).get("side", {})
        except tomllib.TOMLDecodeError:
            continue
        for key in ("sashi", "bashin", "binta_pairs"):
            for item in side.get(key, []) if isinstance(side, Mapping) else []:
                found |= {" ".join(str(n).split()) for n in _pair_names(item)}
    return found


def player_keys(apps, schema_editor):
    Player = apps.get_model("clubs", "Player")
    Game = apps.get_model("clubs", "Game")
    Payment = apps.get_model("clubs", "Payment")
    RulesVersion = apps.get_model("clubs", "RulesVersion")
    Seat = apps.get_model("clubs", "Seat")
    Season = apps.get_model("clubs", "Season")
    SeasonChange = apps.get_model("clubs", "SeasonChange")
    Seating = apps.get_model("events", "Seating")
    Table = apps.get_model("tables", "Table")
    players: dict[int, list[Any]] = {}
    for player in Player.objects.all().only("pk", "club_id", "name", "merged_into_id"):
        players.setdefault(player.club_id, []).append(player)
    for club, theirs in players.items():
        # first a look that keeps no game in memory: most clubs have nothing to rename
        first = {}
        for p in theirs:
            if p.merged_into_id is None:
                if name_key(p.name) in first:  # two players, one key
                    break
                first[name_key(p.name)] = _case(p.name)
        else:
            rows = (
                Game.objects.filter(session__season__club_id=club)
                .values_list("data", "record", "spectators")
                .iterator()
            )
            names = (n for row in rows for n in _texts(*row))
            payers = (
                Payment.objects.filter(session__season__club_id=club)
                .values_list("payer", "payee")
                .iterator()
            )
            names = itertools.chain(names, (" ".join(n.split()) for row in payers for n in row))
            if all(first.setdefault(name_key(n), _case(n)) == _case(n) for n in names):
                continue  # (seatings and tables name players only)
        games = list(Game.objects.filter(session__season__club_id=club).order_by("pk"))
        seatings = list(Seating.objects.filter(session__season__club_id=club).order_by("pk"))
        tables = list(Table.objects.filter(session__season__club_id=club).order_by("pk"))
        payments = list(Payment.objects.filter(session__season__club_id=club).order_by("pk"))
        for game in games:  # who sat where: a player's id → their seats
            game.seated = {}
        by_game = {game.pk: game for game in games}
        for game, player, seat in Seat.objects.filter(
            game__session__season__club_id=club
        ).values_list("game_id", "player_id", "seat"):
            if game in by_game:
                by_game[game].seated.setdefault(player, []).append(seat)
        in_rules = _named_in_rules(
            RulesVersion.objects.filter(season__club_id=club).values_list("toml", flat=True)
        )
        if not _keep_people_apart(theirs, games, seatings, tables, payments, in_rules):
            continue
        for game in games:
            if getattr(game, "changed", False):
                game.version += 1  # an edit based on the version before is stale
                game.save(update_fields=["data", "record", "spectators", "version"])
        for seating in seatings:
            if getattr(seating, "changed", False):
                seating.save(update_fields=["tables", "sitting_out"])
        for table in tables:
            if getattr(table, "changed", False):
                table.version += 1
                table.save(update_fields=["names", "hands", "version"])
        for payment in payments:
            if getattr(payment, "changed", False):
                payment.save(update_fields=["payer", "payee"])
        for season in Season.objects.filter(club_id=club):  # standings kept are stale
            season.revision += 1
            season.save(update_fields=["revision"])
            SeasonChange.objects.create(season=season, revision=season.revision, games=None)
    rows = [p for theirs in players.values() for p in theirs]
    for p in rows:  # first a key of each row's own: where the index is there already (a
        p.key = PASSING.format(p.pk)  # test), no two rows hold one key between the updates
    Player.objects.bulk_update(rows, ["key"], batch_size=500)
    for p in rows:
        p.key = name_key(p.name)
    Player.objects.bulk_update(rows, ["name", "key"], batch_size=500)
    history = apps.get_model("clubs", "HistoricalPlayer")
    rows = history.objects.only("history_id", "name").order_by("history_id")
    done = 0
    while batch := list(rows.filter(history_id__gt=done)[:2000]):  # a club's whole past
        for row in batch:  # is not kept in memory at once
            row.key = name_key(row.name)
        history.objects.bulk_update(batch, ["key"], batch_size=500)
        done = batch[-1].history_id
    checked_now(schema_editor)


def checked_now(schema_editor):
    """PostgreSQL: the foreign keys' checks of the rows just written run now, not at
    the end of the migration's transaction, so that the index after can be made
    (“cannot CREATE INDEX … because it has pending trigger events”)."""
    if schema_editor is not None and schema_editor.connection.vendor == "postgresql":
        schema_editor.execute("SET CONSTRAINTS ALL IMMEDIATE")


def keep_apart(rows, scope, keeps=lambda row: False):
    """Each row's key (teams, entries: a name and nothing else); of two rows of one
    ``scope`` the key takes for one, the one that ``keeps`` its name (else the first)
    keeps it and the other is called “… 2”."""
    rows = sorted(rows, key=lambda row: (not keeps(row), row.pk))
    used: dict[Any, set[str]] = {}
    for row in rows:
        used.setdefault(getattr(row, scope), set()).add(name_key(row.name))
    taken = set()
    for row in rows:
        if (getattr(row, scope), name_key(row.name)) in taken:
            row.name = free_name(row.name, used[getattr(row, scope)])
            used[getattr(row, scope)].add(name_key(row.name))
        taken.add((getattr(row, scope), name_key(row.name)))
        row.key = name_key(row.name)
    if rows:
        final = [row.key for row in rows]
        for row in rows:
            row.key = PASSING.format(row.pk)
        type(rows[0]).objects.bulk_update(rows, ["key"], batch_size=500)
        for row, key in zip(rows, final, strict=True):
            row.key = key
        type(rows[0]).objects.bulk_update(rows, ["name", "key"], batch_size=500)


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
