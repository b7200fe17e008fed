"""A session: several games under the same rules, players joining and leaving,
running totals per player and one final ledger.

Session files are TOML (``[[games]]`` with ``players``, ``points`` and the
game's bets) or CSV (one row per game, one column per player, bets in extra
columns); both name players, so someone who sits out a game simply has no
points in it. A bad game is reported with its number and field, and nothing
of the session is settled.
"""

from __future__ import annotations

import csv
import io
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from fractions import Fraction
from pathlib import Path
from typing import Any

from seisan.errors import SeisanError
from seisan.ledger import HOUSE, GameResult, fewest_transfers, settle_game, with_first
from seisan.presets import load_rules, read_toml, rules_from_data
from seisan.pt import pt_value
from seisan.rules import Rules
from seisan.settlement import check_names
from seisan.sidebets import Transfer, bets_from_dict

_ZERO = Fraction(0)
_BET_COLUMNS = ("sashi", "bashin", "binta", "chips", "busted", "winners", "soto")


class SessionError(SeisanError):
    """A session file or game that cannot be settled: names the game and the field."""


@dataclass(frozen=True)
class SessionGame:
    """One game of a session: names in seat order, final points, its bets (by name)."""

    names: tuple[str, ...]
    points: tuple[int, ...]
    bets: Mapping[str, Any]
    label: str = ""


@dataclass(frozen=True)
class Session:
    """Games played under one set of rules."""

    rules: Rules
    games: tuple[SessionGame, ...]
    title: str = ""
    source: str = ""  #: the file it came from, named in errors

    def settle(self) -> SessionResult:
        """Settle every game; the first bad game raises and nothing is returned."""
        if not self.games:
            raise SessionError("the session has no games")
        results = []
        for number, game in enumerate(self.games, start=1):
            where = f"{self.source}: " if self.source else ""
            where += f"game {game.label or number}"
            try:
                names = check_names(list(game.names), self.rules.players)
                bets = bets_from_dict(game.bets, names, self.rules.side)
                results.append(settle_game(game.points, self.rules, names, bets))
            except SeisanError as err:
                raise SessionError(f"{where}: {err}") from None
        return SessionResult(self, tuple(results))


@dataclass(frozen=True)
class SessionResult:
    """A settled session: every game, running totals and the final ledgers."""

    session: Session
    games: tuple[GameResult, ...]

    def labels(self) -> list[str]:
        return [g.label or str(i) for i, g in enumerate(self.session.games, start=1)]

    def people(self) -> list[str]:
        """Everyone who played or bet, in order of first appearance."""
        seen: dict[str, None] = {}
        for game in self.games:
            seen.update(dict.fromkeys(game.participants()))
        return list(seen)

    def per_game(self) -> dict[str, list[Fraction | None]]:
        """Each person's total in each game (None where they were not there)."""
        rows: dict[str, list[Fraction | None]] = {name: [] for name in self.people()}
        for game in self.games:
            totals = game.totals()
            for name, row in rows.items():
                row.append(totals.get(name))
        return rows

    def running(self) -> dict[str, list[Fraction]]:
        """Each person's cumulative total after each game (0 before they first sit)."""
        out: dict[str, list[Fraction]] = {}
        for name, row in self.per_game().items():
            total = _ZERO
            out[name] = []
            for value in row:
                total += value or _ZERO
                out[name].append(total)
        return out

    def totals(self) -> dict[str, Fraction]:
        return {name: row[-1] for name, row in self.running().items()}

    def money(self) -> dict[str, Fraction] | None:
        """Each person's money over the session (each game rounded, fees taken), or None."""
        if self.session.rules.stakes.rate is None:
            return None
        out = dict.fromkeys(self.people(), _ZERO)
        for game in self.games:
            for name, amount in (game.money() or {}).items():
                out[name] += amount
        return out

    def house(self) -> Fraction:
        return sum((game.house() for game in self.games), _ZERO)

    def transfers(self) -> list[Transfer]:
        """The fewest transfers, in pt, that settle the whole session."""
        return fewest_transfers(self.totals())

    def money_transfers(self) -> list[Transfer] | None:
        amounts = self.money()
        if amounts is None:
            return None
        house = self.house()
        return fewest_transfers({**amounts, HOUSE: house} if house else amounts)

    def jansou(self) -> list[Transfer]:
        """Everyone settles each game with that game's first place (001), netted per pair."""
        owed: dict[tuple[str, str], Fraction] = {}
        for game in self.games:
            for t in with_first(game.totals(), game.first):
                owed[(t.payer, t.payee)] = owed.get((t.payer, t.payee), _ZERO) + t.amount
        out = []
        for (payer, payee), amount in owed.items():
            net = amount - owed.get((payee, payer), _ZERO)
            if net > 0:
                out.append(Transfer(payer, payee, net))
        return out

    def to_dict(self) -> dict[str, Any]:
        """The JSON of ``seisan session``."""
        per_game = self.per_game()
        amounts = self.money()
        data: dict[str, Any] = {
            "title": self.session.title,
            "rules": self.session.rules.to_dict(meta=False),
            "games": [
                {"label": label, **{k: v for k, v in g.to_dict().items() if k != "rules"}}
                for label, g in zip(self.labels(), self.games, strict=True)
            ],
            "players": [
                {
                    "name": name,
                    "games": sum(1 for v in per_game[name] if v is not None),
                    "total": pt_value(total),
                    **({"money": pt_value(amounts[name])} if amounts is not None else {}),
                }
                for name, total in self.totals().items()
            ],
            "running": {name: [pt_value(v) for v in row] for name, row in self.running().items()},
            "transfers": [_plain(t) for t in self.transfers()],
            "jansou": [_plain(t) for t in self.jansou()],
        }
        money_transfers = self.money_transfers()
        if money_transfers is not None:
            data["money_transfers"] = [_plain(t) for t in money_transfers]
            if self.house():
                data["house"] = pt_value(self.house())
        return data


def _plain(t: Transfer) -> dict[str, Any]:
    return {"from": t.payer, "to": t.payee, "amount": pt_value(t.amount)}


def load_session(path: Path, rules: Rules | None = None) -> Session:
    """A session from a ``.toml`` or ``.csv`` file; ``rules`` replaces the file's."""
    if path.suffix.lower() == ".csv":
        try:
            text = path.read_text(encoding="utf-8-sig")
        except OSError as err:
            raise SessionError(f"cannot read session file {path}: {err.strerror}") from None
        except UnicodeDecodeError:
            raise SessionError(f"{path}: not UTF-8 text") from None
        try:
            session = session_from_csv(text, rules or Rules(), title=path.stem)
        except SessionError as err:
            raise SessionError(f"{path}: {err}") from None
    else:
        data = read_toml(path, "session file")
        try:
            session = session_from_dict(data, rules, base=path.parent)
        except SeisanError as err:
            raise SessionError(f"{path}: {err}") from None
    return replace(session, source=str(path))


def session_from_dict(
    data: Mapping[str, Any], rules: Rules | None = None, base: Path | None = None
) -> Session:
    """A session from the tables of a TOML session file."""
    unknown = set(data) - {"title", "rules", "games"}
    if unknown:
        raise SessionError(f"{sorted(unknown)[0]!r} is not a session field (title, rules, games)")
    if rules is None:
        spec = data.get("rules")
        if spec is None:
            rules = Rules()
        elif isinstance(spec, str):
            candidate = (base or Path()) / spec
            rules = load_rules(str(candidate) if candidate.suffix == ".toml" else spec)
        elif isinstance(spec, Mapping):
            rules = rules_from_data(spec)
        else:
            raise SessionError("rules: give a preset name, a .toml file or a table")
    games = data.get("games")
    if not isinstance(games, list) or not games:
        raise SessionError("games: give at least one [[games]] table")
    out = []
    for number, game in enumerate(games, start=1):
        if not isinstance(game, Mapping):
            raise SessionError(f"game {number}: must be a table")
        out.append(_game(number, game))
    title = data.get("title", "")
    if not isinstance(title, str):
        raise SessionError("title: must be text")
    return Session(rules, tuple(out), title)


def _game(number: int, game: Mapping[str, Any]) -> SessionGame:
    where = f"game {number}"
    unknown = set(game) - {"players", "points", "label", *_BET_COLUMNS, "side"}
    if unknown:
        raise SessionError(f"{where}: {sorted(unknown)[0]!r} is not a game field")
    names, points = game.get("players"), game.get("points")
    if not isinstance(names, list) or not all(isinstance(n, str) for n in names):
        raise SessionError(f"{where}: players: give the names in seat order")
    if not isinstance(points, list) or len(points) != len(names):
        raise SessionError(f"{where}: points: give one final score per player")
    for seat, value in enumerate(points):
        if isinstance(value, bool) or not isinstance(value, int):
            raise SessionError(f"{where}: points: seat {seat} has {value!r}, not whole points")
    bets = {k: v for k, v in game.items() if k not in {"players", "points", "label"}}
    return SessionGame(tuple(names), tuple(points), bets, str(game.get("label", "")))


def session_from_csv(text: str, rules: Rules, title: str = "") -> Session:
    """A session from CSV: a header of player names (and optionally ``game`` and bet
    columns), then one row per game with the final points of those who played, in
    seat order from left to right. Bet cells use ``;`` between items:
    ``sashi = Ana:Ben:10000``, ``chips = Ana:2;Ben:-1;Dae:-1``, ``winners = Ana;Ben``,
    ``busted = Dae:Ana``, ``soto = Eve:Ana``."""
    rows = list(csv.reader(io.StringIO(text)))
    if len(rows) < 2:
        raise SessionError("the CSV needs a header of player names and one row per game")
    header = [h.strip() for h in rows[0]]
    reserved = {"game", *_BET_COLUMNS}
    players = [h for h in header if h.lower() not in reserved]
    if len(set(players)) != len(players) or not all(players):
        raise SessionError("the header names every player once")
    games = []
    for number, row in enumerate(rows[1:], start=1):
        if not any(cell.strip() for cell in row):
            continue
        if len(row) > len(header):
            raise SessionError(f"game {number}: {len(row)} cells for {len(header)} columns")
        cells = dict(zip(header, [c.strip() for c in row], strict=False))
        label = cells.get("game", "") or cells.get("Game", "")
        where = f"game {label or number}"
        names, points = [], []
        for name in players:
            value = cells.get(name, "")
            if not value:
                continue
            try:
                points.append(int(value))
            except ValueError:
                raise SessionError(f"{where}: {name}: {value!r} is not whole points") from None
            names.append(name)
        bets: dict[str, Any] = {}
        for column in header:
            key = column.lower()
            if key in _BET_COLUMNS and cells.get(column):
                items = [item.strip() for item in cells[column].split(";") if item.strip()]
                bets[key] = _csv_bet(key, items)
        games.append(SessionGame(tuple(names), tuple(points), bets, label))
    return Session(rules, tuple(games), title)


def _csv_bet(key: str, items: Sequence[str]) -> object:
    if key == "chips":
        pairs = [item.rsplit(":", 1) for item in items]
        return {p[0]: p[1] if len(p) == 2 else "" for p in pairs}
    return list(items)
