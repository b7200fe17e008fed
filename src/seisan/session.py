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
from seisan.ledger import Accounts, GameResult, settle_game, transfer_dict
from seisan.presets import read_toml, rules_from_spec
from seisan.pt import pt_value
from seisan.rules import Rules, Stakes
from seisan.settlement import check_names
from seisan.sidebets import BET_FIELDS, bets_from_dict
from seisan.transfers import Transfer

_ZERO = Fraction(0)
_BET_COLUMNS = tuple(field for field in BET_FIELDS if field != "side")


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
class SessionResult(Accounts):
    """A settled session: every game, running totals and the final ledgers."""

    session: Session
    games: tuple[GameResult, ...]

    @property
    def stakes(self) -> Stakes:
        return self.session.rules.stakes

    def labels(self) -> list[str]:
        return [g.label or str(i) for i, g in enumerate(self.session.games, start=1)]

    def people(self) -> list[str]:
        """Everyone who played or bet, in order of first appearance."""
        seen: dict[str, None] = {}
        for game in self.games:
            seen.update(dict.fromkeys(game.participants()))
        return list(seen)

    def played(self, name: str) -> int:
        """How many games ``name`` sat at the table for (watching does not count)."""
        return sum(1 for game in self.games if name in game.names)

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

    def _summed(self, parts: list[dict[str, Fraction]]) -> dict[str, Fraction]:
        out = dict.fromkeys(self.people(), _ZERO)
        for part in parts:
            for name, amount in part.items():
                out[name] += amount
        return out

    def money_before_fees(self) -> dict[str, Fraction] | None:
        """Each game's money (rounded per game, as it is paid), summed."""
        if self.stakes.rate is None:
            return None
        return self._summed([game.money_before_fees() or {} for game in self.games])

    def fees(self) -> dict[str, Fraction]:
        return {k: v for k, v in self._summed([g.fees() for g in self.games]).items() if v}

    def jansou(self, in_money: bool = False) -> list[Transfer]:
        """Everyone settles each game with that game's first place, netted per pair."""
        owed: dict[tuple[str, str], Fraction] = {}
        for game in self.games:
            for t in game.jansou(in_money):
                owed[(t.payer, t.payee)] = owed.get((t.payer, t.payee), _ZERO) + t.amount
        out = []
        for (payer, payee), amount in owed.items():
            net = amount - owed.get((payee, payer), _ZERO)
            if net > 0:
                out.append(Transfer(payer, payee, net))
        return out

    def to_dict(self) -> dict[str, Any]:
        """The JSON of ``seisan session`` (ledgers by name: seats change between games)."""
        per_game = self.per_game()
        amounts = self.money()
        fees = self.fees()
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
                    "played": self.played(name),
                    "watched": sum(1 for v in per_game[name] if v is not None) - self.played(name),
                    "total": pt_value(total),
                    **({"money": pt_value(amounts[name])} if amounts is not None else {}),
                    **({"fees": pt_value(fees.get(name, _ZERO))} if fees else {}),
                }
                for name, total in self.totals().items()
            ],
            "running": {name: [pt_value(v) for v in row] for name, row in self.running().items()},
            "transfers": [transfer_dict(t) for t in self.transfers()],
            "jansou": [transfer_dict(t) for t in self.jansou()],
        }
        if amounts is not None:
            data["money_transfers"] = [transfer_dict(t) for t in self.transfers(True)]
            data["money_jansou"] = [transfer_dict(t) for t in self.jansou(True)]
            if fees:
                data["house"] = pt_value(self.house())
        return data


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
        rules = rules_from_spec(data.get("rules"), base)
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
    """A session from CSV: a header of player names (and optionally ``game``,
    ``seats`` and bet columns), then one row per game with the final points of
    those who played. Seats go left to right in the header unless ``seats`` lists
    the names in seat order. Bet cells join items with ``;``:
    ``sashi = Ana:Ben:10000``, ``chips = Ana:2;Ben:-1;Dae:-1``, ``winners = Ana;Ben``,
    ``busted = Dae:Ana``, ``soto = Eve:Ana``, ``pool = Fay:Ben``."""
    try:
        rows = list(csv.reader(io.StringIO(text)))
    except csv.Error as err:
        raise SessionError(f"not valid CSV: {err}") from None
    if len(rows) < 2:
        raise SessionError("the CSV needs a header of player names and one row per game")
    header = [h.strip() for h in rows[0]]
    reserved = {"game", "seats", *_BET_COLUMNS}
    for index, name in enumerate(header):
        if not name and any(len(row) > index and row[index].strip() for row in rows[1:]):
            raise SessionError(f"column {index + 1} has values but no name in the header")
    players = [h for h in header if h and h.casefold() not in reserved]
    folded = [p.casefold() for p in players]
    if len(set(folded)) != len(folded):
        raise SessionError("the header names every player once")
    games = []
    for number, row in enumerate(rows[1:], start=1):
        if not any(cell.strip() for cell in row):
            continue
        if len(row) > len(header):
            raise SessionError(f"game {number}: {len(row)} cells for {len(header)} columns")
        cells = {h.casefold(): c.strip() for h, c in zip(header, row, strict=False) if h}
        label = cells.get("game", "")
        where = f"game {label or number}"
        points_of: dict[str, int] = {}
        for name in players:
            value = cells.get(name.casefold(), "")
            if value:
                try:
                    points_of[name] = int(value)
                except ValueError:
                    raise SessionError(f"{where}: {name}: {value!r} is not whole points") from None
        names = list(points_of)
        if cells.get("seats"):
            seated = [n.strip() for n in cells["seats"].split(";") if n.strip()]
            by_fold = {n.casefold(): n for n in names}
            if sorted(n.casefold() for n in seated) != sorted(by_fold):
                raise SessionError(f"{where}: seats: {seated} are not the players with points")
            names = [by_fold[n.casefold()] for n in seated]
        bets: dict[str, Any] = {}
        for key in _BET_COLUMNS:
            if cells.get(key):
                items = [item.strip() for item in cells[key].split(";") if item.strip()]
                bets[key] = _csv_bet(where, key, items)
        games.append(SessionGame(tuple(names), tuple(points_of[n] for n in names), bets, label))
    return Session(rules, tuple(games), title)


def _csv_bet(where: str, key: str, items: Sequence[str]) -> object:
    if key != "chips":
        return list(items)
    counts: dict[str, str] = {}
    for item in items:
        name, colon, count = item.rpartition(":")
        if not colon or not name.strip():
            raise SessionError(f"{where}: chips: {item!r} should be NAME:COUNT")
        if name.strip().casefold() in {n.casefold() for n in counts}:
            raise SessionError(f"{where}: chips: {name.strip()} is given two counts")
        counts[name.strip()] = count
    return counts
