"""A season in and out as the command line's files.

Export: a TOML and a JSON session file (rules included: ``seisan session FILE``
reads either alone) and a CSV (``seisan session FILE.csv --rules rules.toml``), each
with every game's bets, chips, busts, 焼き鳥 winners, spectators, penalties and
substitute, so they read back to the same totals and money. CSV follows RFC 4180,
and a text cell a spreadsheet would run as a formula (``=1+1``) is written with a
leading ``'``, which seisan's reader takes off again.

Import: a session file (TOML, JSON, CSV) or a game record, settled in memory first
(nothing is written if one game is wrong), then stored in one short transaction of
a few bulk inserts, so game entry at the tables is never held up for long. The same
file twice is asked about; a file too large is refused with a message.
"""

from __future__ import annotations

import csv
import hashlib
import io
import tomllib
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from datetime import date
from decimal import Decimal
from typing import Any

import tomli_w
from django.db import transaction
from django.utils.text import slugify
from simple_history.utils import bulk_create_with_history

from seisan.errors import SeisanError, where_in_text
from seisan.games import json_data, record_from_dict
from seisan.i18n import _, _n, name_key
from seisan.ledger import GameResult
from seisan.output import dumps_json, formula_safe
from seisan.pt import pt_value
from seisan.rules import Rules
from seisan.session import SessionGame, games_from_csv, label_text, session_from_dict
from seisan.web.clubs import history
from seisan.web.clubs import models as m
from seisan.web.clubs.services import (
    EntryError,
    _check_names,
    as_known,
    check_winners,
    club_players,
    names_written,
    player_named,
    rename_in_record,
    rules_of,
    rules_toml,
    seat_lines,
    settle_data,
    settle_record,
)
from seisan.web.clubs.standings import bump, outdated_games, season_games

MAX_IMPORT_GAMES = 20_000  #: more is refused (split the file)
MAX_IMPORT_BYTES = 10 * 1024 * 1024
BET_COLUMNS = ("sashi", "bashin", "binta", "chips", "busted", "winners", "soto", "pool")


class AlreadyImported(SeisanError):
    """The same file was imported into this season before (asked about, not refused)."""

    def __init__(self, earlier: m.Import) -> None:
        super().__init__(
            _n("{file} was imported into this season already, on {date} ({count} game)",
               "{file} was imported into this season already, on {date} ({count} games)",
               "count", file=earlier.filename, date=earlier.created.date().isoformat(),
               count=earlier.games)
        )  # fmt: skip
        self.earlier = earlier


# -- export -----------------------------------------------------------------------------


@dataclass(frozen=True)
class Export:
    """A season as files: ``rules`` (TOML), ``toml`` and ``json`` (session files with
    their rules inside) and ``csv``; ``stem`` names them after the season."""

    stem: str
    rules: str
    toml: str
    json: str
    csv: str


def export_season(season: m.Season) -> Export:
    """Files ``seisan session`` reads back to the same totals and money. Games still
    settled under earlier rules would read back differently: re-settle them first."""
    outdated = outdated_games(season)
    if outdated:
        raise SeisanError(
            _n("{count} game was settled under earlier rules: re-settle it first, so the "
               "export reads back to the same totals",
               "{count} games were settled under earlier rules: re-settle them first, so the "
               "export reads back to the same totals", "count", count=outdated)
        )  # fmt: skip
    current = rules_of(season.rules)
    tables = []
    for game in season_games(season).select_related("session").prefetch_related("seats__player"):
        names = [s.player.name for s in sorted(game.seats.all(), key=lambda s: s.seat)]
        for name in names:
            _check_names([name])  # a name from before seisan refused separators
        label = f"{game.session.date.isoformat()} #{game.number}"
        if game.record is not None:
            table = _record_table({**game.record, "players": names}, current)
        else:
            table = {**game.data, "players": names}
        row = {"label": label, **table}
        row["label"] = label_text(row["label"])  # (a number or null stored before 2026-12-06)
        tables.append(row)
    rules_data = current.to_dict()
    session = {"title": season.name, "rules": rules_data, "games": tables}
    stem = slugify(season.name, allow_unicode=True) or f"season-{season.pk}"
    return Export(
        stem=stem,
        rules=rules_toml(current),
        toml=tomli_w.dumps(_tomlable(session)),
        json=dumps_json(_jsonable(session)) + "\n",
        csv=_csv(tables),
    )


def _record_table(record: Mapping[str, Any], rules: Any) -> dict[str, Any]:
    """A hand-by-hand record as the table it ends in: final points, sticks left, and
    the penalties and substitute of its settlement (the same totals)."""
    played = record_from_dict(record, rules).play()
    settlement = played.settlement
    assert settlement is not None
    names = list(settlement.names)
    table: dict[str, Any] = {"players": names, "points": list(played.final_points)}
    stick = rules.scoring.riichi
    if played.leftover and stick:
        table["deposits"] = played.leftover // stick
    penalties = [
        f"{names[p.seat]}:{pt_value(p.pt)}" + (f":{p.reason}" if p.reason else "")
        for p in settlement.penalties
    ]
    if penalties:
        table["penalties"] = penalties
    sub = settlement.substitute
    if sub is not None:
        table["substitute"] = f"{names[sub.seat]}:{sub.name}" + ("" if sub.from_start else ":later")
    return table


def _csv(tables: Sequence[Mapping[str, Any]]) -> str:
    """One row a game: label, seats in order, sticks, the bets used, then each
    player's points under their name (RFC 4180; formulas neutralised)."""
    used = [key for key in ("penalties", "substitute", *BET_COLUMNS)
            if any(t.get(key) or (key == "winners" and key in t) for t in tables)]  # fmt: skip
    pooled = any((t.get("side") or {}).get("soto_pool") for t in tables)
    people = sorted({n for t in tables for n in t["players"]}, key=str.casefold)
    buffer = io.StringIO()
    writer = csv.writer(buffer, lineterminator="\r\n")
    header = ["game", "seats", "deposits", *used, *(["soto_pool"] if pooled else []), *people]
    writer.writerow([formula_safe(h) for h in header])
    for t in tables:
        points = dict(zip(t["players"], t["points"], strict=True))
        row = [t["label"], ";".join(t["players"]), str(t.get("deposits", 0))]
        row += [_cell(key, t.get(key), t["players"]) for key in used]
        if pooled:
            row.append(str((t.get("side") or {}).get("soto_pool", "")))
        row += [str(points[n]) if n in points else "" for n in people]
        writer.writerow([formula_safe(cell) for cell in row])
    return buffer.getvalue()


def _cell(key: str, value: Any, names: Sequence[str]) -> str:
    """A bet as a CSV cell: items joined by ``;`` as ``seisan session`` reads them."""
    if value in (None, "", [], {}):
        return ""
    if key == "chips":
        counts = value if isinstance(value, Mapping) else dict(zip(names, value, strict=True))
        return ";".join(f"{n}:{c}" for n, c in counts.items() if c)
    if isinstance(value, Mapping):  # busted, soto, pool: {a = b}
        return ";".join(f"{a}:{b}" for a, b in value.items())
    if isinstance(value, list):
        return ";".join(str(v) for v in value)
    return str(value)


def _tomlable(value: Any) -> Any:
    if isinstance(value, Mapping):
        return {k: _tomlable(v) for k, v in value.items() if v is not None}
    if isinstance(value, list | tuple):
        return [_tomlable(v) for v in value]
    return value


def _jsonable(value: Any) -> Any:
    """Exact numbers for JSON: Decimal stays Decimal (written digit for digit)."""
    if isinstance(value, Mapping):
        return {k: _jsonable(v) for k, v in value.items()}
    if isinstance(value, list | tuple):
        return [_jsonable(v) for v in value]
    if hasattr(value, "numerator") and not isinstance(value, int | bool):
        return Decimal(value.numerator) / Decimal(value.denominator)
    return value


# -- import -----------------------------------------------------------------------------


def _games_in(text: str, filename: str, rules: Any) -> tuple[list[dict[str, Any]], list[Any]]:
    """The game tables and records of a file (nothing settled yet)."""
    lower = filename.lower()
    if lower.endswith((".csv", ".tsv")):
        return [_table_of(g) for g in games_from_csv(text)], []
    if lower.endswith((".mjlog", ".xml")):
        return [], [_tenhou_record(text, filename, rules)]
    if lower.endswith(".json"):
        data = json_data(text, filename)  # (a key given twice: refused, as the CLI does)
        if isinstance(data, dict) and "log" in data and not {"hands", "games"} & set(data):
            return [], [_tenhou_record(text, filename, rules)]  # tenhou.net/6 JSON
        if isinstance(data, dict) and "hands" in data:
            # the season's rules settle it: a record kept with its own (a `seisan game`
            # export writes them) would say one thing and be settled under another
            data = {key: value for key, value in data.items() if key != "rules"}
            for name in list(data.get("players", [])):
                clean = " ".join(str(name).split())
                if clean != name:
                    data = rename_in_record(data, str(name), clean)
            return [], [data]
        if not isinstance(data, dict) or "games" not in data:
            raise SeisanError(_("a .json file must be a seisan session or game record"))
    else:
        try:
            data = tomllib.loads(text, parse_float=Decimal)
        except (ValueError, RecursionError) as err:  # TOMLDecodeError, Python's own limits
            raise SeisanError(_("not valid TOML ({where})", where=where_in_text(err))) from None
    data = dict(data)
    data.pop("rules", None)  # the season's rules settle it
    core = session_from_dict(data, rules)
    if core.penalties:
        raise SeisanError(
            _("the file has penalties of the whole session: the web app keeps penalties "
              "with their game, so give each in its game's table")
        )  # fmt: skip
    return [_table_of(g) for g in core.games], []


def _tenhou_record(text: str, filename: str, rules: Any) -> dict[str, Any]:
    """A Tenhou log (mjlog XML or tenhou.net/6 JSON) as a hand-by-hand record, to be
    settled under the season's rules like any record (seisan.logs reads it)."""
    from seisan.logs import tenhou  # noqa: PLC0415 - only for a log

    try:
        game = tenhou.parse_any(text, rules)
    except SeisanError as err:
        raise SeisanError(err.within(filename)) from None
    record = game.record.to_dict()
    record.pop("rules", None)  # the season's rules settle it
    return record


def _table_of(game: SessionGame) -> dict[str, Any]:
    """A core session game as the table the web app stores (nothing left out)."""
    table: dict[str, Any] = {"players": list(game.names), "points": list(game.points)}
    if game.deposits:
        table["deposits"] = game.deposits
    if game.penalties:
        table["penalties"] = list(game.penalties)
    if game.substitute is not None:
        table["substitute"] = game.substitute
    stored: dict[str, Any] = _stored({**table, **dict(game.bets)})
    return stored  # (its names as the club writes them: import_session's as_known)


def _stored(value: Any) -> Any:
    """TOML and JSON values made storable as JSON (Decimal as exact text)."""
    if isinstance(value, Mapping):
        return {str(k): _stored(v) for k, v in value.items()}
    if isinstance(value, list | tuple):
        return [_stored(v) for v in value]
    if isinstance(value, Decimal):
        return str(value)
    return value


def check_size(size: int) -> None:
    """A file larger than an import takes is refused before it is read."""
    if size > MAX_IMPORT_BYTES:
        raise SeisanError(_("the file is larger than {most} MB: split it into several",
                            most=MAX_IMPORT_BYTES // (1024 * 1024)))  # fmt: skip


def digest(text: str) -> str:
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


def import_session(
    season: m.Season, text: str, filename: str, user: Any, *, again: bool = False
) -> tuple[m.Session, int]:
    """A file into a new session of the season, settled under the season's rules. All
    or nothing: an error stores no game. :class:`AlreadyImported` unless ``again``."""
    sha = digest(text)
    earlier = m.Import.objects.filter(season=season, sha256=sha).first()
    if earlier is not None and not again:
        raise AlreadyImported(earlier)
    check_size(len(text.encode("utf-8")))
    version = season.rules
    rules = rules_of(version)
    tables, records = _games_in(text, filename, rules)
    count = len(tables) + len(records)
    if count > MAX_IMPORT_GAMES:
        raise SeisanError(_("the file has {count} games, more than {most} at once: split it "
                            "into several", count=count, most=MAX_IMPORT_GAMES))  # fmt: skip
    if not count:
        raise SeisanError(_("the file has no games"))
    # named as the club writes its players (as a game entered at the table is), the
    # names of every game looked up at once
    written = [n for game in (*tables, *records) for n in names_written(game)]
    known = club_players(season.club, list(dict.fromkeys(written)))
    tables = [as_known(table, known) for table in tables]
    records = [as_known(record, known, record=True) for record in records]
    settled: list[tuple[dict[str, Any], Any, GameResult]] = []
    for number, table in enumerate(tables, start=1):
        settled.append((table, None, _settled(number, lambda t=table: _new_game(t, rules))))
    for number, record in enumerate(records, start=len(tables) + 1):
        result = _settled(number, lambda r=record: settle_record(r, rules, claims=True))
        settled.append(({"players": list(result.settlement.names)}, record, result))
    for number, (_table, _record, result) in enumerate(settled, start=1):
        try:
            _check_names(result.settlement.names, [s.name for s in result.spectators])
        except EntryError as err:
            raise EntryError(err.within(_("game {label}", label=number))) from None
    with transaction.atomic():
        session = store_games(season, version, filename, user, settled)
        m.Import.objects.create(season=season, session=session, filename=filename[:255],
                                sha256=sha, games=count,
                                created_by=user if user.is_authenticated else None)  # fmt: skip
        history.record(season.club, user, "session.imported", file=filename[:120],
                       season=season.name, count=count,
                       link=["clubs:session", [session.pk]])  # fmt: skip
    return session, count


def _new_game(table: dict[str, Any], rules: Rules) -> GameResult:
    """A file's game settled as new: its winners refused under rules without 焼き鳥, as
    the API refuses them (they had been kept, to no effect: helper-95)."""
    check_winners(table, rules)
    return settle_data(table, rules)


def _settled(number: int, settle: Any) -> GameResult:
    try:
        return settle()  # type: ignore[no-any-return]
    except SeisanError as err:
        raise SeisanError(err.within(_("game {label}", label=number))) from None


def store_games(
    season: m.Season,
    version: m.RulesVersion,
    filename: str,
    user: Any,
    settled: Sequence[tuple[dict[str, Any], Any, GameResult]],
    day: date | None = None,
) -> m.Session:
    """Games settled, stored as a new session titled ``filename`` (of ``day``, else
    today) in a few bulk inserts: the session, its players, games and seats."""
    club = season.club
    dated = {"date": day} if day is not None else {}
    session = m.Session.objects.create(season=season, title=filename[:120], **dated)
    wanted = {name_key(n): n for _t, _r, result in settled for n in result.settlement.names}
    players: dict[str, m.Player] = {}
    for player in club.players.filter(merged_into__isnull=True, key__in=list(wanted)):
        players[player.key] = player
    for key, name in wanted.items():
        if key not in players:
            players[key] = player_named(club, name)
    by = user if getattr(user, "is_authenticated", False) else None
    games = []
    for number, (table, record, result) in enumerate(settled, start=1):
        _rows, spectators = seat_lines(result)
        games.append(m.Game(session=session, number=number, rules=version, data=table,
                            record=record, spectators=spectators, created_by=by))  # fmt: skip
    games = bulk_create_with_history(games, m.Game, batch_size=500, default_user=by)
    if not games or games[0].pk is None:
        games = list(session.games.order_by("number"))
    seats = []
    for game, (_table, _record, result) in zip(games, settled, strict=True):
        rows, _spectators = seat_lines(result)
        for row in rows:
            seats.append(m.Seat(game=game, player=players[name_key(row["name"])],
                                **{k: v for k, v in row.items() if k != "name"}))  # fmt: skip
    bulk_create_with_history(seats, m.Seat, batch_size=1000, default_user=by)
    bump(season, [game.pk for game in games])
    return session
