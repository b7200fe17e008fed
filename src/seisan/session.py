"""A session: several games under the same rules, players joining and leaving,
running totals per player and one final ledger.

Session files are TOML or JSON (``games`` with ``players``, ``points``,
``deposits`` and the game's bets), CSV (one row per game, one column per
player, bets in extra columns; ``,``, ``;`` or tab separated), or hand-by-hand
game records (``seisan game`` JSON). Several files make one session, in order:
a season of nights. They name players, so someone who sits out a game simply
has no points in it. A bad game is reported with its file, number and field,
and nothing of the session is settled.
"""

from __future__ import annotations

import csv
import difflib
import io
import re
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from fractions import Fraction
from functools import cached_property
from itertools import accumulate
from math import lcm
from pathlib import Path
from typing import Any

from seisan.errors import RulesError, SeisanError, file_problem
from seisan.games import (
    GameRecord,
    penalties_from,
    read_json,
    record_from_dict,
    substitute_from,
)
from seisan.i18n import (
    Message,
    Spellings,
    _,
    _n,
    decode_text,
    file_text,
    name_key,
    plain_number,
    plain_text,
)
from seisan.ledger import Accounts, GameResult, game_result, settle_game, transfer_dict
from seisan.output import csv_separator, unformula
from seisan.presets import read_toml, rules_from_spec
from seisan.pt import JSONText, from_quanta, pt_value, quanta_text, quanta_value
from seisan.rules import MAX_POINTS, Rules, Stakes, Ties, points_number
from seisan.settlement import Penalty, check_names, places
from seisan.sidebets import BET_FIELDS, BetError, bets_from_dict, links
from seisan.stats import Seat
from seisan.transfers import HOUSE, Transfer, transfer_units

_ZERO = Fraction(0)
_BET_COLUMNS = tuple(name for name in BET_FIELDS if name != "side")
_CSV_COLUMNS = ("game", "seats", "deposits", "penalties", "substitute", *_BET_COLUMNS,
                "soto_pool")  # fmt: skip
_CSV_KEYS = frozenset(_CSV_COLUMNS)  #: (each its own name_key: lower-case ASCII)
#: the fields of a game's table (a session file's ``[[games]]``, the API's game)
GAME_FIELDS = ("players", "points", "label", "deposits", "penalties", "substitute",
               *_BET_COLUMNS, "side")  # fmt: skip


class SessionError(SeisanError):
    """A session file or game that cannot be settled: names the game and the field."""


@dataclass(frozen=True)
class SessionGame:
    """One game of a session: names in seat order, final points, riichi sticks left on
    the table, its bets (by name); or a hand-by-hand ``record`` that gives them all."""

    names: tuple[str, ...]
    points: tuple[int, ...]
    bets: Mapping[str, Any] = field(default_factory=dict)
    label: str = ""
    deposits: int = 0
    record: GameRecord | None = None
    source: str = ""  #: the file it came from
    penalties: tuple[object, ...] = ()  #: as written: NAME:PT[:REASON] or tables
    substitute: object = None  #: as written: PLAYER:NAME or a table


@dataclass(frozen=True)
class Session:
    """Games played under one set of rules."""

    rules: Rules
    games: tuple[SessionGame, ...]
    title: str = ""
    source: str = ""  #: the file it came from, named in errors
    #: penalties of the session, not of a game (a late arrival, a card at the end)
    penalties: tuple[object, ...] = ()
    #: (file, encoding) of the files read in another encoding than UTF-8 (Shift_JIS)
    read_as: tuple[tuple[str, str], ...] = ()

    def settle(self) -> SessionResult:
        """Settle every game; the first bad game raises and nothing is returned."""
        if not self.games:
            raise SessionError(_("the session has no games"))
        results = []
        spelled = Spellings()  # one person, one name: as first written
        for number, game in enumerate(self.games, start=1):
            try:
                results.append(_settle(first_spelling(game, spelled), self.rules))
            except SeisanError as err:
                where = _("game {label}", label=game.label or number)
                source = game.source or self.source
                if source:
                    where = _("{file}: {game}", file=source, game=where)
                raise SessionError(err.within(where)) from None
        result = SessionResult(self, tuple(results))
        result.session_penalties  # noqa: B018 - refused now, not when the totals are asked
        return result


def game_from_dict(game: Mapping[str, Any], number: int | None = None) -> SessionGame:
    """One game as a session file's ``[[games]]`` table gives it: ``players``,
    ``points``, ``deposits``, ``penalties``, ``substitute`` and its bets. An error names
    the game by ``number`` when given (a game of a file); a game alone (the web app's,
    the API's) is no "game 1" of anything."""
    if number is None:
        return _game(game)
    try:
        return _game(game)
    except SessionError as err:
        raise SessionError(err.within(_("game {label}", label=number)), field=err.field) from None


def settle_one(game: SessionGame, rules: Rules) -> GameResult:
    """One game of a session settled in full under ``rules`` (the web app settles
    each game as it is entered)."""
    return _settle(game, rules)


def first_spelling(game: SessionGame, spelled: Spellings) -> SessionGame:
    """``game`` with each player and spectator named as the session first wrote them
    (``spelled``, filled as games come), telling names apart as a game does
    (:func:`seisan.i18n.name_key`): “ana” in a later game is Ana, not a second person
    in the totals. (The web app's night gives its players' names first: a spectator who
    played is under their name.)"""

    def name(given: str) -> str:
        if not isinstance(given, str) or not given.strip():
            return given  # (refused by the game's own checks)
        return spelled(given.strip())

    if game.record is not None:
        names = tuple(name(n) for n in game.record.names)
        if names == game.record.names:
            return game
        return replace(game, record=replace(game.record, names=names))
    names = tuple(name(n) for n in game.names)
    bets = game.bets
    for key in ("soto", "pool"):  # spectators by name: {Eve = "Ana"} or ["Eve:Ana"]
        given = bets.get(key)
        if given is None:
            continue
        try:
            pairs = links(key, given)
        except BetError:  # (the game words it)
            continue
        renamed = {name(k) if isinstance(k, str) else k: v for k, v in pairs}
        if len(renamed) == len(pairs) and list(renamed) != [k for k, _v in pairs]:
            bets = {**bets, key: renamed}  # (one spectator twice: the game refuses it)
    if names == game.names and bets is game.bets:  # (most games: nothing to change)
        return game
    return replace(game, names=names, bets=bets)


def _settle(game: SessionGame, rules: Rules) -> GameResult:
    if game.record is not None:
        record = game.record
        if record.rules != rules:  # a record settled under the session's rules: its seats too
            check_names(list(record.names), rules.players)
            record = replace(record, rules=rules)
        played = record.play()
        assert played.settlement is not None
        return game_result(played.settlement)
    names = check_names(list(game.names), rules.players)
    bets = bets_from_dict(game.bets, names, rules.side)
    penalties = penalties_from(list(game.penalties), names)
    substitute = substitute_from(game.substitute, names)
    return settle_game(game.points, rules, names, bets, game.deposits, penalties, substitute)


@dataclass(frozen=True, eq=False)
class SessionResult(Accounts):
    """A settled session: every game, running totals and the final ledgers."""

    session: Session
    games: tuple[GameResult, ...]

    @property
    def stakes(self) -> Stakes:
        return self.session.rules.stakes

    def labels(self) -> list[str]:
        return [g.label or str(i) for i, g in enumerate(self.session.games, start=1)]

    @cached_property
    def _people(self) -> tuple[str, ...]:
        seen: dict[str, None] = {}
        for game in self.games:
            seen.update(dict.fromkeys(game.participants()))
        return tuple(seen)

    def people(self) -> list[str]:
        """Everyone who played or bet, in order of first appearance."""
        return list(self._people)

    def ranked(self) -> list[str]:
        """Everyone, from the best total down (equal totals in order of first
        appearance: their place is shared, :meth:`places`)."""
        totals = self.totals()
        return sorted(self._people, key=lambda name: -totals[name])

    def places(self) -> dict[str, int]:
        """Each person's place in the standings: equal totals share the best place of
        the group (1, 1, 3), never one ahead of the other by where they sat."""
        totals = self.totals()
        shared = places([totals[name] for name in self._people], Ties.SPLIT)
        return dict(zip(self._people, shared, strict=True))

    def seats(self) -> list[list[Seat]]:
        """Each game's players as :mod:`seisan.stats` lines (place, total with side
        bets, points, money after fees), for standings and player statistics."""
        out = []
        for game in self.games:
            totals = game.totals()
            money = game.money()
            settlement = game.settlement
            out.append(
                [
                    Seat(name, settlement.places[seat], totals[name], settlement.points[seat],
                         None if money is None else money[name])
                    for seat, name in enumerate(settlement.names)
                ]
            )  # fmt: skip
        return out

    def off_table(self) -> dict[str, Fraction]:
        """pt each person won or lost away from the table: bets as a spectator (外ウマ)
        and the session's own penalties (what :meth:`seats` does not show)."""
        at_table = dict.fromkeys(self._people, _ZERO)
        for game in self.seats():
            for line in game:
                at_table[line.name] += line.total
        totals = self.totals()
        return {name: totals[name] - at_table[name] for name in self._people
                if totals[name] != at_table[name]}  # fmt: skip

    def played(self, name: str) -> int:
        """How many games ``name`` sat at the table for (watching does not count)."""
        return sum(1 for game in self.games if name in game.names)

    @cached_property
    def _units(self) -> tuple[dict[str, tuple[int | None, ...]], int]:
        """Each person's total in each game (None where they were not there) in whole
        units of 1/``per_pt`` pt, and ``per_pt``: a session's sums are made in integers
        (Fractions added 120,000 times took a third of a 10,000-game session)."""
        games = [game.total_units() for game in self.games]
        per_pt = lcm(*(common for _, common in games))
        count = len(games)
        rows: dict[str, list[int | None]] = {name: [None] * count for name in self._people}
        for index, (units, common) in enumerate(games):
            scale = per_pt // common
            for name, value in units.items():
                rows[name][index] = value * scale
        return {name: tuple(row) for name, row in rows.items()}, per_pt

    @cached_property
    def _running_units(self) -> dict[str, tuple[int, ...]]:
        rows, _per_pt = self._units
        return {
            name: tuple(accumulate(0 if value is None else value for value in row))
            for name, row in rows.items()
        }

    def per_game(self) -> dict[str, list[Fraction | None]]:
        """Each person's total in each game (None where they were not there)."""
        rows, per_pt = self._units
        return {
            name: [None if value is None else from_quanta(value, per_pt) for value in row]
            for name, row in rows.items()
        }

    def running(self) -> dict[str, list[Fraction]]:
        """Each person's cumulative total after each game (0 before they first sit)."""
        per_pt = self._units[1]
        return {
            name: [from_quanta(value, per_pt) for value in row]
            for name, row in self._running_units.items()
        }

    @cached_property
    def session_penalties(self) -> tuple[Penalty, ...]:
        """The session's own penalties (not of a game), by index into :meth:`people`."""
        try:
            return penalties_from(list(self.session.penalties), self._people)
        except SeisanError as err:  # (“penalties: …”, the file's own key, as a game's)
            source = self.session.source
            raise SessionError(err.within(source) if source else err.message) from None

    def totals(self) -> dict[str, Fraction]:
        """Each person's total: every game, less the session's own penalties."""
        per_pt = self._units[1]
        out = {name: from_quanta(row[-1], per_pt) for name, row in self._running_units.items()}
        for penalty in self.session_penalties:
            out[self._people[penalty.seat]] -= penalty.pt
        return out

    def _summed(self, parts: list[dict[str, Fraction]]) -> dict[str, Fraction]:
        """Everyone's sum over ``parts``, added in whole units of the amounts' common
        denominator (integers) and made Fractions once."""
        common = lcm(*{amount.denominator for part in parts for amount in part.values()})
        out = dict.fromkeys(self._people, 0)
        for part in parts:
            for name, amount in part.items():
                out[name] += amount.numerator * (common // amount.denominator)
        return {name: from_quanta(units, common) for name, units in out.items()}

    @cached_property
    def _money(self) -> dict[str, Fraction] | None:
        if self.stakes.rate is None:
            return None
        # each game's money in whole units of its unit, summed in integers
        games = [found for game in self.games if (found := game.money_units()) is not None]
        common = lcm(*{unit.denominator for _, unit in games},
                     *{amount.denominator for amount in self._penalty_money.values()})  # fmt: skip
        out = dict.fromkeys(self._people, 0)
        for units, unit in games:
            scale = unit.numerator * (common // unit.denominator)
            for name, count in units.items():
                out[name] += count * scale
        for name, amount in self._penalty_money.items():
            out[name] -= amount.numerator * (common // amount.denominator)
        return {name: from_quanta(units, common) for name, units in out.items()}

    @cached_property
    def _penalty_pt(self) -> dict[str, Fraction]:
        """The session's own penalties in pt, summed by who pays them (to the house)."""
        out: dict[str, Fraction] = {}
        for penalty in self.session_penalties:
            name = self._people[penalty.seat]
            out[name] = out.get(name, _ZERO) + penalty.pt
        return out

    @cached_property
    def _penalty_money(self) -> dict[str, Fraction]:
        """The money of the session's own penalties, by who pays it (to the house),
        rounded to the unit as every other amount of money."""
        stakes = self.stakes
        if stakes.rate is None:
            return {}
        per_unit = stakes.per_unit
        out: dict[str, Fraction] = {}
        for penalty in self.session_penalties:
            name = self._people[penalty.seat]
            pt, rate = penalty.pt, per_unit
            units = stakes.rounding.divide(pt.numerator * rate.numerator,
                                           pt.denominator * rate.denominator)  # fmt: skip
            out[name] = out.get(name, _ZERO) + units * stakes.unit
        return out

    def money_before_fees(self) -> dict[str, Fraction] | None:
        """Each game's money (rounded per game, as it is paid), summed."""
        return None if self._money is None else dict(self._money)

    def fees(self) -> dict[str, Fraction]:
        # each game's own (the web app's games keep the rules they were settled under)
        return {k: v for k, v in self._summed([g.fees() for g in self.games]).items() if v}

    def lost(self) -> Fraction:
        # (the games that lost nothing left out: adding 10,000 Fraction zeros cost 40 ms)
        own = sum((p.pt for p in self.session_penalties), _ZERO)
        return sum(filter(None, (game.lost() for game in self.games)), own)

    def lost_money(self) -> Fraction:
        own = sum(self._penalty_money.values(), _ZERO)
        return sum(filter(None, (game.lost_money() for game in self.games)), own)

    def jansou(self, in_money: bool = False) -> list[Transfer]:
        """Everyone settles each game with that game's first place, netted per pair."""
        own = self._penalty_money if in_money else self._penalty_pt
        # each game's (payer, payee, units) in whole units of 1/its common, pt from its
        # totals' units; the session's own penalties go to the house
        games = [game.jansou_units(in_money) for game in self.games]
        games.append(transfer_units([Transfer(name, HOUSE, pt) for name, pt in own.items()]))
        common = lcm(*{given for _lines, given in games})  # summed per pair in integers
        owed: dict[tuple[str, str], int] = {}
        for lines, given in games:
            scale = common // given
            for payer, payee, units in lines:
                owed[payer, payee] = owed.get((payer, payee), 0) + units * scale
        out = []
        for (payer, payee), units in owed.items():
            net = units - owed.get((payee, payer), 0)
            if net > 0:
                out.append(Transfer(payer, payee, from_quanta(net, common)))
        return out

    def to_dict(self, text_rows: bool = False) -> dict[str, Any]:
        """The JSON of ``seisan session`` (ledgers by name: seats change between games).
        ``text_rows``: the games that can be, and the running totals, as
        :class:`~seisan.pt.JSONText` (:meth:`GameResult.json_row`), for
        :func:`seisan.output.write_json`."""
        rows, per_pt = self._units
        amounts = self.money()
        fees = self.fees()
        totals = self.totals()
        played = dict.fromkeys(self._people, 0)
        count = len(self.games)
        for game in self.games:
            for name in game.names:
                played[name] += 1
        data: dict[str, Any] = {
            "title": self.session.title,
            "rules": self.session.rules.to_dict(meta=False),
            "games": [
                (text_rows and g.json_row(label)) or {"label": label, **g.to_dict(False)}
                for label, g in zip(self.labels(), self.games, strict=True)
            ],
            "players": [
                {
                    "name": name,
                    "played": played[name],
                    "watched": count - rows[name].count(None) - played[name],
                    "total": pt_value(totals[name]),
                    **({"money": pt_value(amounts[name])} if amounts is not None else {}),
                    **({"fees": pt_value(fees.get(name, _ZERO))} if fees else {}),
                }
                for name in self._people
            ],
            "running": {
                name: (_running_text if text_rows else _repeated_values)(row, per_pt)
                for name, row in self._running_units.items()
            },
            **(
                {"penalties": [p.to_dict(self._people) for p in self.session_penalties]}
                if self.session_penalties
                else {}
            ),
            "transfers": [transfer_dict(t) for t in self.transfers()],
            "jansou": [transfer_dict(t) for t in self.jansou()],
        }
        if amounts is not None:
            data["money_transfers"] = [transfer_dict(t) for t in self.transfers(True)]
            data["money_jansou"] = [transfer_dict(t) for t in self.jansou(True)]
            if self.house():
                data["house"] = pt_value(self.house())
        return data


def _running_text(row: Sequence[int], per_pt: int) -> JSONText:
    """:func:`_repeated_values` as compact JSON text (``text_rows``): each value's text
    made once for a run of games that keep it."""
    texts = _repeated_values(row, per_pt, quanta_text)
    return JSONText(f"[{', '.join(texts)}]")


def _repeated_values(
    row: Sequence[int], per_pt: int, make: Callable[[int, int], Any] = quanta_value
) -> list[Any]:
    """A running total's values for JSON (``make`` of each: its exact value, or its
    text): a value kept from one game to the next (most games a player sits out) is
    the same object, made once. At 100,000 games the distinct totals outgrow every
    cache, and making each afresh took most of the time."""
    out = []
    last, value = None, None
    for units in row:
        if units != last:
            last, value = units, make(units, per_pt)
        out.append(value)
    return out


# -- reading session files ---------------------------------------------------------------


@dataclass(frozen=True)
class _Part:
    """What one file gives a session: its games, and the rules it states (if any)."""

    games: tuple[SessionGame, ...]
    rules: Rules | None
    title: str = ""
    penalties: tuple[object, ...] = ()
    read_as: tuple[tuple[str, str], ...] = ()  #: (file, encoding) of files not in UTF-8


def _file_label(stem: str, label: str) -> str:
    """A game of one of several files: the file's name, then its own label unless that
    is the name again (a record imported from a log is titled by the log's id)."""
    return stem if label == stem else f"{stem} {label}"


def load_session(path: Path | Sequence[Path], rules: Rules | None = None) -> Session:
    """A session from one file or several (``.toml``, ``.csv``, ``.json``: a session or a
    game record), in order; ``rules`` replaces the files' own."""
    paths = [path] if isinstance(path, Path) else list(path)
    if not paths:
        raise SessionError(_("give at least one session file"))
    seen: dict[Path, Path] = {}
    for each in paths:  # (a night read twice would count its games twice)
        first = seen.setdefault(each.resolve(), each)
        if first is not each:
            raise SessionError(
                _("{file}: the same file as {other}, given twice: give each file once",
                  file=each, other=first)
            )  # fmt: skip
    parts = []
    for each in paths:
        part = _load_part(each, rules)
        if len(paths) > 1:  # label games by file: a season of nights
            part = replace(part, games=tuple(
                replace(g, label=_file_label(file_text(each.stem), g.label or str(i)))
                for i, g in enumerate(part.games, start=1)
            ))  # fmt: skip
        parts.append((each, part))
    chosen = rules
    if chosen is None:
        stated = [(p, part.rules) for p, part in parts if part.rules is not None]
        chosen = stated[0][1] if stated else Rules()
        for p, other in stated[1:]:
            if other is not None and _settles_as(other) != _settles_as(chosen):
                raise SessionError(
                    _("{file}: its rules ({rules}) differ from {first}'s ({first_rules}): give "
                      "--rules to settle every file under one", file=p, rules=other.title(),
                      first=stated[0][0], first_rules=chosen.title())
                )  # fmt: skip
    games = tuple(g for _path, part in parts for g in part.games)
    title = parts[0][1].title if len(parts) == 1 else ", ".join(file_text(p.stem) for p in paths)
    source = str(paths[0]) if len(paths) == 1 else ""
    penalties = tuple(p for _path, part in parts for p in part.penalties)
    read_as = tuple(item for _path, part in parts for item in part.read_as)
    return Session(chosen, games, title, source, penalties, read_as)


def _settles_as(rules: Rules) -> dict[str, Any]:
    """What of the rules changes a settlement (not their names or notes)."""
    data = rules.to_dict(meta=False)
    for key in ("name", "title", "extends_preset", "changed"):
        data.pop(key, None)
    return data


def _load_part(path: Path, rules: Rules | None) -> _Part:
    suffix = path.suffix.lower()
    source = str(path)
    if suffix in {".csv", ".tsv"}:
        text, encoding = _read_text(path)
        try:
            games = games_from_csv(text, source)
        except SeisanError as err:
            raise SessionError(err.within(path)) from None
        read_as = ((str(path), encoding),) if encoding != "utf-8" else ()
        return _Part(tuple(games), None, file_text(path.stem), read_as=read_as)
    if suffix == ".json":
        try:
            data = read_json(path, _("session file"))
        except SeisanError as err:
            raise SessionError(err.message) from None
        if isinstance(data, Mapping) and "hands" in data:
            try:
                record = record_from_dict(data, rules, path.parent)
            except SeisanError as err:
                raise SessionError(err.within(path)) from None
            record = replace(record, source=source)
            if rules is None:  # played under its own rules: a stop they ended is refused,
                _check_claims(record)  # as seisan game refuses it
            game = SessionGame(record.names, (), label=record.title, record=record, source=source)
            return _Part((game,), record.rules if rules is None else None, record.title)
    else:
        try:
            data = read_toml(path, _("session file"))
        except SeisanError as err:
            raise SessionError(err.message) from None
    if not isinstance(data, Mapping):
        raise SessionError(_("{file}: a session is a table of games", file=path))
    try:
        return _part_from_dict(data, rules, path.parent, source)
    except SeisanError as err:
        raise SessionError(err.within(path)) from None


def _check_claims(record: GameRecord) -> None:
    """A record's stop said of a game its own rules ended (:meth:`GamePlay.check_claims`);
    a record the core refuses otherwise is refused where it is settled, as before."""
    try:
        played = record.play()
    except SeisanError:
        return
    try:
        played.check_claims()
    except SeisanError as err:
        raise SessionError(err.message) from None


def _read_text(path: Path) -> tuple[str, str]:
    """A CSV's text and the encoding it was read in (UTF-8, else Shift_JIS)."""
    try:
        return decode_text(path.read_bytes())
    except OSError as err:
        raise SessionError(
            _("cannot read {what} {path}: {problem}", what=_("session file"), path=path,
              problem=file_problem(err))
        ) from None  # fmt: skip
    except UnicodeDecodeError:
        raise SessionError(_("{path}: neither UTF-8 nor Shift_JIS text", path=path)) from None


def _part_from_dict(
    data: Mapping[str, Any], rules: Rules | None, base: Path | None, source: str = ""
) -> _Part:
    unknown = set(data) - {"title", "rules", "games", "penalties"}
    if unknown:
        raise SessionError(
            _("“{field}” is not a session field (title, rules, games, penalties)",
              field=sorted(unknown)[0])
        )  # fmt: skip
    penalties = data.get("penalties", [])
    if not isinstance(penalties, list):
        raise SessionError(
            _("penalties: give a list of NAME:PT (or NAME:PT:REASON)"), field="penalties"
        )
    stated = rules_from_spec(data["rules"], base) if "rules" in data and rules is None else None
    games = data.get("games")
    if not isinstance(games, list) or not games:
        raise SessionError(_("games: give at least one [[games]] table"))
    out = []
    for number, game in enumerate(games, start=1):
        if not isinstance(game, Mapping):
            raise SessionError(_("game {label}: must be a table", label=number))
        out.append(replace(game_from_dict(game, number), source=source))
    title = data.get("title", "")
    if not isinstance(title, str) or not plain_text(title):
        raise SessionError(_("title: must be text"))
    return _Part(tuple(out), stated, title, tuple(penalties))


def session_from_dict(
    data: Mapping[str, Any], rules: Rules | None = None, base: Path | None = None
) -> Session:
    """A session from the tables of a TOML (or JSON) session file."""
    try:
        part = _part_from_dict(data, rules, base)
    except SessionError:
        raise
    except SeisanError as err:
        raise SessionError(err.message) from None
    return Session(rules or part.rules or Rules(), part.games, part.title, "", part.penalties)


def _game(game: Mapping[str, Any]) -> SessionGame:
    """One game's table read; its errors name the field (the caller says which game)."""
    unknown = set(game) - set(GAME_FIELDS)
    if unknown:
        raise SessionError(
            _("“{field}” is not a game field; known: {known}", field=sorted(unknown)[0],
              known=GAME_FIELDS), field=sorted(unknown)[0],
        )  # fmt: skip
    names, points = game.get("players"), game.get("points")
    if not isinstance(names, list) or not all(isinstance(n, str) for n in names):
        raise SessionError(_("players: give the names in seat order"), field="players")
    if not isinstance(points, list) or len(points) != len(names):
        raise SessionError(_("points: give one final score per player"), field="points")
    for seat, value in enumerate(points):
        if isinstance(value, bool) or not isinstance(value, int):
            raise SessionError(
                _("points: seat {seat} has {value}, not whole points", seat=seat, value=value),
                field="points",
            )  # fmt: skip
    deposits = game.get("deposits", 0)
    if isinstance(deposits, str) and deposits.strip().isdigit():  # (“1” shown bare read
        # as the number it is not; “x” is no number at all: the count's own words below)
        raise SessionError(_("{what}: “{value}” is text: write the number without quotes",
                             what=_("deposits"), value=deposits), field="deposits")  # fmt: skip
    if isinstance(deposits, bool) or not isinstance(deposits, int) or deposits < 0:
        raise SessionError(
            _("deposits: {value} must be a count of riichi sticks, 0 or more", value=deposits),
            field="deposits",
        )  # fmt: skip
    own = {"players", "points", "label", "deposits", "penalties", "substitute"}
    bets = {k: v for k, v in game.items() if k not in own}
    penalties = game.get("penalties", [])
    if not isinstance(penalties, list):
        raise SessionError(_("penalties: give a list of NAME:PT"), field="penalties")
    label = game.get("label", "")  # text, or what TOML reads as a number or a date
    if isinstance(label, Mapping | list) or not plain_text(str(label)):
        raise SessionError(_("label: must be text"), field="label")
    return SessionGame(tuple(names), tuple(points), bets, label_text(label), deposits,
                       penalties=tuple(penalties), substitute=game.get("substitute"))  # fmt: skip


def label_text(label: object) -> str:
    """A game's label as the text it is shown and stored as: a number or a date (as
    TOML reads ``label = 2026-12-04``) written as typed, JSON's null no label (it had
    been the label “None”; stored as given, the web app's exports failed on it)."""
    return "" if label is None else str(label)


def session_from_csv(text: str, rules: Rules, title: str = "") -> Session:
    """A session from CSV text (see :func:`games_from_csv`) under ``rules``."""
    return Session(rules, tuple(games_from_csv(text)), title)


_INTEGER = re.compile(r"^[+-]?[0-9]+$")
#: a cell that is a number, if not whole points (40.000, 40,00,0, 40000.5)
_NUMBERISH = re.compile(r"^[+-]?[0-9][0-9.,]*$")
#: ... unless it is a date written with dots or commas (2026.12.04, 04.12.2026)
_DATE = re.compile(r"^([0-9]{4}[.,][0-9]{1,2}[.,][0-9]{1,2}|[0-9]{1,2}[.,][0-9]{1,2}[.,][0-9]{4})$")
_LONGEST_POINTS = len(str(MAX_POINTS)) + 1
"""The longest text of whole points read as it is (a sign and the digits of the most
points any game holds); longer ones go through :func:`~seisan.rules.points_number`."""


def _long_points(name: str, text: str, where: Message) -> int:
    """A player's cell of many digits: within the points any game holds (zeros in
    front), or refused naming how many digits it has (never a Python error)."""
    try:
        return points_number(name, text)
    except RulesError as err:
        raise SessionError(
            _("{where}: {name}: {value} {problem}", where=where, name=name, value=err.value,
              problem=err.problem)
        ) from None  # fmt: skip


def _numberish(cell: str) -> bool:
    """Whether a cell is a number written otherwise than whole points (not a date)."""
    text = plain_number(cell)
    return bool(_NUMBERISH.match(text)) and not _DATE.match(text)


def _points_text(cell: str) -> str | None:
    """A player's cell as whole points in ASCII, read as ``seisan settle`` reads points
    (``plain_number``: ``40,000`` as a spreadsheet formats it, ▲1000, full-width
    digits), or None when it is not whole points."""
    if _INTEGER.match(cell):
        return cell
    plain = plain_number(cell)
    return plain if _INTEGER.match(plain) else None


def games_from_csv(text: str, source: str = "") -> list[SessionGame]:
    """Games from CSV: a header of player names (and optionally ``game``, ``seats``,
    ``deposits`` and bet columns), then one row per game with the final points of
    those who played. Seats go left to right in the header unless ``seats`` lists
    the names in seat order. Bet cells join items with ``;`` (or ``,`` in a
    ``;``-separated file): ``sashi = Ana:Ben:10000``, ``chips = Ana:2;Ben:-1;Dae:-1``,
    ``winners = Ana;Ben``, ``busted = Dae:Ana``, ``soto = Eve:Ana``, ``pool = Fay:Ben``,
    ``soto_pool = 1000`` (the game's pool); an empty ``winners`` cell is a game nobody
    won a hand in (焼き鳥 for all: nothing changes hands). A text cell written with a
    leading ``'`` against spreadsheet formulas (``'=1+1``) is read without it. A column
    that is neither a known one nor a player's points is an error. ``source``: the file,
    named in errors about a game."""
    separator = csv_separator(text)
    reader = csv.reader(io.StringIO(text), delimiter=separator)
    try:
        rows = list(reader)
    except csv.Error as err:  # (the csv module's words are English: said in the reader's)
        if "field larger" in str(err):
            problem = _("a cell longer than {most} characters", most=csv.field_size_limit())
        elif "new-line" in str(err):
            problem = _("a line break inside a cell without quotes, line {line}",
                        line=reader.line_num)  # fmt: skip
        else:
            problem = _("at line {line}", line=reader.line_num)
        raise SessionError(_("not valid CSV: {detail}", detail=problem)) from None
    if len(rows) < 2:
        raise SessionError(_("the CSV needs a header of player names and one row per game"))
    header = [unformula(h.strip()) for h in rows[0]]
    body = [row for row in rows[1:] if any(cell.strip() for cell in row)]
    for index, name in enumerate(header):
        if not name and any(len(row) > index and row[index].strip() for row in body):
            raise SessionError(
                _("column {number} has values but no name in the header", number=index + 1)
            )
    # a known column by its key, as names are told apart: ＳＥＡＴＳ from a Japanese
    # keyboard's full width is the seats (it had been read as a player's and the seats)
    players = [h for h in header if h and name_key(h) not in _CSV_KEYS]
    known = [key for h in header if (key := name_key(h)) in _CSV_KEYS]
    if len(set(known)) != len(known):  # (the later of two had been read, the first lost)
        twice = next(key for key in known if known.count(key) > 1)
        raise SessionError(
            _("the header has the column “{column}” twice: give each column once", column=twice)
        )
    columns = [(name, header.index(name)) for name in players]
    folded = [name_key(p) for p in players]
    if any(_close_column(name) for name in players) or len(set(folded)) != len(folded):
        _check_player_columns(columns, body)  # (a column that is no player's said first)
    if len(set(folded)) != len(folded):
        raise SessionError(_("the header names every player once"))
    try:
        return _csv_games(header, body, columns, separator, source)
    except SessionError as err:
        failed = err
    # a column that is not a player's is said as such before any one game's fault
    # (checked here, not up front: every column's cells read twice was a fifth of
    # reading a 10,000-game file, issue 20); with every cell whole points, none can be
    _check_player_columns(columns, body)
    raise failed


def _csv_games(
    header: Sequence[str],
    body: Sequence[Sequence[str]],
    columns: Sequence[tuple[str, int]],
    separator: str,
    source: str,
) -> list[SessionGame]:
    """:func:`games_from_csv`'s rows, each column read where it is (a row's dict of
    every cell, keyed and cleaned, was a fifth of reading a 10,000-game file)."""
    items = re.compile(r"[,;]" if separator != "," else r";")
    known = [(key, index) for index, h in enumerate(header) if (key := name_key(h)) in _CSV_KEYS]
    games = []
    for number, row in enumerate(body, start=1):
        width = len(row)
        if width > len(header):
            raise SessionError(
                _n("game {label}: {cells} cells for {columns} column",
                   "game {label}: {cells} cells for {columns} columns", "columns", label=number,
                   cells=width, columns=len(header))
            )  # fmt: skip
        cells = {key: _cell(row[index]) for key, index in known if index < width}
        label = cells.get("game", "")
        points_of: dict[str, int] = {}
        for name, index in columns:
            value = _cell(row[index]) if index < width else ""
            if value:
                whole = _points_text(value)
                if whole is None:  # a player's column, a slip in one game
                    raise SessionError(
                        _("{where}: {name}: “{value}” is not whole points",
                          where=_row(label, number), name=name, value=value)
                    )  # fmt: skip
                if len(whole) > _LONGEST_POINTS:  # (past 4,300 digits int() raises)
                    points_of[name] = _long_points(name, whole, _row(label, number))
                else:
                    points_of[name] = int(whole)
        names = list(points_of)
        if cells.get("seats"):
            seated = [n.strip() for n in items.split(cells["seats"]) if n.strip()]
            by_fold = {name_key(n): n for n in names}
            if sorted(name_key(n) for n in seated) != sorted(by_fold):
                raise SessionError(
                    _("{where}: seats: {seated} are not the players with points",
                      where=_row(label, number), seated=seated)
                )  # fmt: skip
            names = [by_fold[name_key(n)] for n in seated]
        deposits = 0
        if cells.get("deposits"):
            if not _INTEGER.match(cells["deposits"]) or int(cells["deposits"]) < 0:
                raise SessionError(
                    _("{where}: deposits: “{value}” must be a count of riichi sticks, 0 or more",
                      where=_row(label, number), value=cells["deposits"])
                )  # fmt: skip
            deposits = int(cells["deposits"])
        bets: dict[str, Any] = {}
        for key in _BET_COLUMNS:
            if cells.get(key):
                parts = [item.strip() for item in items.split(cells[key]) if item.strip()]
                bets[key] = _csv_bet(_row(label, number), key, parts)
        if "winners" in cells and not cells["winners"]:
            bets["winners"] = []  # the column is there and names nobody: nobody won a hand
        if cells.get("soto_pool"):  # this game's spectators' pool, in points
            bets["side"] = {"soto_pool": cells["soto_pool"]}
        penalties: tuple[str, ...] = ()
        if cells.get("penalties"):
            penalties = tuple(p.strip() for p in items.split(cells["penalties"]) if p.strip())
        games.append(
            SessionGame(tuple(names), tuple(points_of[n] for n in names), bets, label, deposits,
                        source=source, penalties=penalties,
                        substitute=cells.get("substitute") or None)
        )  # fmt: skip
    return games


def _row(label: str, number: int) -> Message:
    """A CSV row's game as its errors name it: its label, or its number (made only for
    an error: a Message for each of 10,000 rows cost a twentieth of reading them)."""
    return _("game {label}", label=label or number)


def _cell(cell: str) -> str:
    """A CSV cell's text as read: spaces around it and a formula guard's ``'`` taken off."""
    return unformula(cell.strip()) if cell else cell


def _close_column(name: str) -> str | None:
    """The known column a player's column's name is close to (a typo), or None."""
    close = difflib.get_close_matches(name_key(name), _CSV_COLUMNS, n=1, cutoff=0.85)
    return close[0] if close else None


def _check_player_columns(
    columns: Sequence[tuple[str, int]], body: Sequence[Sequence[str]]
) -> None:
    """Each player's column (name, index) in order: :func:`_check_player_column`."""
    for name, index in columns:
        _check_player_column(name, index, body)


def _check_player_column(name: str, index: int, body: Sequence[Sequence[str]]) -> None:
    """A player's column holds whole points; a column of words or dates is one seisan
    does not know (a typo of a known one, or a note), named in the error. Numbers that
    are not whole points (``40.000`` in a file of one game) are a player's, said by
    their game."""
    close = _close_column(name)
    cells = [cell for row in body if len(row) > index and (cell := _cell(row[index]))]
    bad = [cell for cell in cells if _points_text(cell) is None]
    # a slip among points, or numbers written otherwise (a one-game file's “40.000”, a
    # European spreadsheet's thousands): said by its game, as a player's cell
    notes = len(bad) == len(cells) and not all(_numberish(cell) for cell in bad)
    if bad and (close or notes):
        if close:
            raise SessionError(
                _("unknown column “{column}”: did you mean {known}?", column=name, known=close)
            )
        raise SessionError(
            _("column “{column}” has no whole points (“{cell}”): it is not a player's, and "
              "no known column is called so ({known})", column=name, cell=bad[0],
              known=_CSV_COLUMNS)
        )  # fmt: skip
    if close and close != name_key(name):
        raise SessionError(
            _("unknown column “{column}”: did you mean {known}? (a player of that name "
              "would be confusing)", column=name, known=close)
        )  # fmt: skip


def _csv_bet(where: Message, key: str, items: Sequence[str]) -> object:
    if key != "chips":
        return list(items)
    counts: dict[str, str] = {}
    for item in items:
        name, colon, count = item.rpartition(":")
        if not colon or not name.strip():
            raise SessionError(
                _("{where}: chips: “{item}” should be NAME:COUNT", where=where, item=item)
            )
        if name_key(name) in {name_key(n) for n in counts}:
            raise SessionError(
                _("{where}: chips: {name} is given two counts", where=where, name=name.strip())
            )
        counts[name.strip()] = count
    return counts
