"""The web app's one door to the core: rules in and out, games settled and stored,
standings, ledgers and exports. Views call these; every number comes from seisan.
"""

from __future__ import annotations

import csv
import io
import tomllib
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from datetime import date
from decimal import Decimal
from fractions import Fraction
from functools import lru_cache
from typing import Any

import tomli_w
from django.db import IntegrityError, transaction
from django.db.models import QuerySet
from django.utils import timezone

from seisan.errors import SeisanError, where_in_text
from seisan.games import record_from_dict
from seisan.i18n import Message, _
from seisan.ledger import GameResult, game_result
from seisan.presets import find_preset, rules_from_data
from seisan.pt import pt_value
from seisan.rules import Rules
from seisan.session import Session as CoreSession
from seisan.session import SessionGame, SessionResult, game_from_dict, settle_one
from seisan.stats import Seat as StatSeat
from seisan.stats import Standing, standings
from seisan.web.clubs import models as m


class EntryError(SeisanError):
    """What is wrong with a game as entered: names the field (for the form)."""

    def __init__(self, message: Message, field: str = "") -> None:
        super().__init__(message)
        self.field = field


class Conflict(SeisanError):
    """Someone else changed the game since this form was opened."""


# -- rules ------------------------------------------------------------------------------


def rules_from_text(text: str) -> Rules:
    """Rules from what an organiser typed: a preset name (any alias or title), or
    house rules as TOML (``extends = "mleague"`` …). Errors are the core's."""
    stripped = text.strip()
    if not stripped:
        raise SeisanError(_("give a rules preset name or a house-rules .toml file"))
    if "=" not in stripped and "\n" not in stripped:
        return find_preset(stripped)
    try:
        data = tomllib.loads(stripped, parse_float=Decimal)
    except tomllib.TOMLDecodeError as err:
        raise SeisanError(_("not valid TOML ({where})", where=str(err))) from None
    return rules_from_data(data)  # titled as the preset it extends, "changed"


def rules_toml(rules: Rules) -> str:
    """The rules as TOML text, exact (what a version stores and an export writes)."""
    return tomli_w.dumps(rules.to_dict())


@lru_cache(maxsize=256)
def _rules_from_toml(text: str) -> Rules:
    return rules_from_data(tomllib.loads(text, parse_float=Decimal))


def rules_of(version: m.RulesVersion) -> Rules:
    """The core's rules of a stored version."""
    return _rules_from_toml(version.toml)


def new_rules_version(season: m.Season, rules: Rules, source: str, user: Any) -> m.RulesVersion:
    """Store ``rules`` as the season's next version (the old ones stay)."""
    last = season.rule_versions.order_by("-number").first()
    return m.RulesVersion.objects.create(
        season=season,
        number=(last.number + 1) if last else 1,
        toml=rules_toml(rules),
        source=source,
        created_by=user if getattr(user, "is_authenticated", False) else None,
    )


# -- games ------------------------------------------------------------------------------


def session_game(game: m.Game, names: Sequence[str] | None = None) -> SessionGame:
    """A stored game as the core's session game (players by their current names)."""
    rules = rules_of(game.rules)
    if game.record is not None:
        record = record_from_dict(game.record, rules)
        if names is not None:
            from dataclasses import replace  # noqa: PLC0415

            record = replace(record, names=tuple(names))
        return SessionGame(record.names, (), record=record)
    data = dict(game.data)
    if names is not None:
        data["players"] = list(names)
    return game_from_dict(data)


def settle_data(data: Mapping[str, Any], rules: Rules) -> GameResult:
    """One game table settled by the core (raises the core's errors)."""
    return settle_one(game_from_dict(data), rules)


def settle_record(record: Mapping[str, Any], rules: Rules) -> GameResult:
    """A hand-by-hand record played and settled by the core."""
    played = record_from_dict(record, rules).play()
    assert played.settlement is not None
    return game_result(played.settlement)


def _decimal(value: Fraction) -> Decimal:
    return Decimal(str(pt_value(value)))


def seat_rows(result: GameResult) -> list[dict[str, Any]]:
    """Each player's stored line of a settlement."""
    totals = result.totals()
    money = result.money()
    rows = []
    for r in result.settlement.results:
        rows.append(
            {
                "seat": r.seat,
                "name": r.name,
                "points": r.points,
                "place": r.place,
                "score": _decimal(r.score),
                "total": _decimal(totals[r.name]),
                "money": None if money is None else _decimal(money[r.name]),
                "parts": {k: str(v) for k, v in r.parts.to_dict().items()},
            }
        )
    return rows


def player_named(club: m.Club, name: str) -> m.Player:
    """The club's player called ``name`` (any case), or a new guest of that name."""
    clean = " ".join(name.split())
    found = club.players.filter(name__iexact=clean, merged_into__isnull=True).first()
    if found is not None:
        return found
    return m.Player.objects.create(club=club, name=clean)


MAX_NAME = 60  #: the longest player name kept (Player.name)


def _check_names(names: Sequence[str]) -> None:
    for seat, name in enumerate(names):
        if len(name) > MAX_NAME:
            raise EntryError(
                _("seat {seat}: the name “{name}” is longer than {most} characters",
                  seat=seat + 1, name=name[:20] + "…", most=MAX_NAME), f"player_{seat}",
            )  # fmt: skip


def save_game(
    session: m.Session,
    data: Mapping[str, Any],
    user: Any,
    *,
    key: str | None = None,
    game: m.Game | None = None,
    version: int | None = None,
    record: Mapping[str, Any] | None = None,
    rules_version: m.RulesVersion | None = None,
) -> tuple[m.Game, bool]:
    """Settle and store a game: new (under the season's current rules), or an edit of
    ``game`` made from ``version`` (under the game's own rules unless ``rules_version``
    says otherwise: only re-settling moves a game to new rules).

    Returns the game and whether it was created now. A resent form (same ``key`` in
    the same session, same game) returns the game it made the first time; the key
    reused for a different game is an error. Nothing is stored on an error.
    """
    scoped = f"{session.pk}:{key}" if key else None
    if scoped and game is None:
        existing = m.Game.objects.filter(idempotency_key=scoped).first()
        if existing is not None:
            return _resent(existing, data, record)
    if game is not None and version is None:
        raise Conflict(_("this form is missing the game's version: reload the game and edit again"))
    version_row = rules_version or (game.rules if game is not None else session.season.rules)
    rules = rules_of(version_row)
    result = settle_record(record, rules) if record is not None else settle_data(data, rules)
    names = list(result.settlement.names)
    _check_names([*names, *(s.name for s in result.spectators)])
    stored = dict(data) if record is None else {"players": names}
    try:
        with transaction.atomic():
            if game is None:
                last = session.games.order_by("-number").first()
                game = m.Game(
                    session=session,
                    number=(last.number + 1) if last else 1,
                    created_by=user if getattr(user, "is_authenticated", False) else None,
                    idempotency_key=scoped,
                )
                created = True
            else:
                fresh = m.Game.objects.select_for_update().get(pk=game.pk)
                if fresh.version != version:
                    raise Conflict(
                        _("someone changed this game since you opened it: reload to see "
                          "their change")
                    )  # fmt: skip
                game = fresh
                game.version += 1
                created = False
            game.rules = version_row
            game.data = stored
            game.record = dict(record) if record is not None else None
            game.updated = timezone.now()
            game.save()
            _store_seats(game, session.season.club, result)
    except IntegrityError:
        if scoped:  # two taps at once: the other request stored it
            existing = m.Game.objects.filter(idempotency_key=scoped).first()
            if existing is not None:
                return _resent(existing, data, record)
        raise
    return game, created


def _resent(
    existing: m.Game, data: Mapping[str, Any], record: Mapping[str, Any] | None
) -> tuple[m.Game, bool]:
    same = existing.record == record if record is not None else existing.data == dict(data)
    if not same:
        raise EntryError(
            _("this form already saved game {number}: open a new form for the next game",
              number=existing.number)
        )  # fmt: skip
    return existing, False


def _store_seats(game: m.Game, club: m.Club, result: GameResult) -> None:
    rows = seat_rows(result)
    players = [player_named(club, row["name"]) for row in rows]
    if len({p.pk for p in players}) != len(players):
        raise EntryError(_("a player sits twice at this table"), "players")
    kept = {
        (s.player_id, s.seat, s.points, s.place, s.total): s.confirmed for s in game.seats.all()
    }
    game.seats.all().delete()
    totals, money = result.totals(), result.money()
    game.spectators = {
        s.name: {"total": str(pt_value(totals[s.name])),
                 "money": None if money is None else str(pt_value(money[s.name]))}
        for s in result.spectators
    }  # fmt: skip
    game.save(update_fields=["spectators"])
    for row, player in zip(rows, players, strict=True):
        confirmed = kept.get((player.pk, row["seat"], row["points"], row["place"], row["total"]))
        m.Seat.objects.create(
            game=game,
            seat=row["seat"],
            player=player,
            points=row["points"],
            place=row["place"],
            score=row["score"],
            total=row["total"],
            money=row["money"],
            parts=row["parts"],
            confirmed=bool(confirmed),  # a confirmation holds while the line is the same
        )


# -- names: merging a duplicate guest ---------------------------------------------------

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


def names_in(game: m.Game) -> set[str]:
    """Everyone at or around the table: the seats and the spectators (casefolded)."""
    names = {s.player.name.casefold() for s in game.seats.all()}
    names |= {n.casefold() for n in (game.spectators or {})}
    return names


def merge_players(source: m.Player, target: m.Player) -> None:
    """``source`` (a duplicate guest) becomes ``target``: seats, names in every game
    table and record, spectators' bets and marked payments move over, all at once.
    Two people who were at one table (seated or watching) are never merged."""
    club = source.club
    games = list(
        m.Game.objects.filter(session__season__club=club).prefetch_related("seats__player")
    )
    old, new = source.name, target.name
    for game in games:
        present = names_in(game)
        if old.casefold() in present and new.casefold() in present:
            raise SeisanError(
                _("{a} and {b} sat at the same table: they are two people", a=old, b=new)
            )
    with transaction.atomic():
        for game in games:
            if old.casefold() not in names_in(game):
                continue
            game.data = rename_in_table(game.data, old, new)
            if game.record is not None:
                game.record = rename_in_record(game.record, old, new)
            game.spectators = {_one(k, old, new): v for k, v in (game.spectators or {}).items()}
            game.save(update_fields=["data", "record", "spectators"])
            game.seats.filter(player=source).update(player=target)
        for payment in m.Payment.objects.filter(session__season__club=club):
            payer, payee = _one(payment.payer, old, new), _one(payment.payee, old, new)
            if (payer, payee) != (payment.payer, payment.payee):
                payment.payer, payment.payee = payer, payee
                payment.save()
        source.merged_into = target
        source.save()


def game_result_of(game: m.Game) -> GameResult:
    """A stored game settled again by the core under its own rules version."""
    names = [s.player.name for s in game.seats.select_related("player").order_by("seat")]
    core = session_game(game, names or None)
    return settle_one(core, rules_of(game.rules))


def resettle_preview(season: m.Season) -> list[dict[str, Any]]:
    """What re-settling every game under the season's current rules changes: per
    game, each player's total before and after (only games that change)."""
    current = season.rules
    rules = rules_of(current)
    out = []
    for game in live_games(season).select_related("rules").prefetch_related("seats__player"):
        seats = list(game.seats.all())
        names = [s.player.name for s in seats]
        try:
            result = settle_one(session_game(game, names), rules)
        except SeisanError as err:
            out.append({"game": game, "error": err.message, "rows": []})
            continue
        after, money = result.totals(), result.money()
        rows = [
            {"name": s.player.name, "before": s.total, "after": _decimal(after[s.player.name]),
             "money_before": s.money,
             "money_after": None if money is None else _decimal(money[s.player.name])}
            for s in seats
        ]  # fmt: skip
        changes = any(
            r["before"] != r["after"] or r["money_before"] != r["money_after"] for r in rows
        )
        if game.rules_id != current.pk or changes:
            out.append({"game": game, "error": None, "rows": rows})
    return out


def resettle(season: m.Season, user: Any) -> int:
    """Re-settle every game under the current rules; returns how many changed."""
    changed = 0
    with transaction.atomic():
        for entry in resettle_preview(season):
            if entry["error"] is not None:
                raise SeisanError(entry["error"])
            game = entry["game"]
            save_game(game.session, game.data, user, game=game, version=game.version,
                      record=game.record, rules_version=season.rules)  # fmt: skip
            changed += 1
    return changed


# -- reading ----------------------------------------------------------------------------


def live_games(season: m.Season) -> QuerySet[m.Game]:
    return m.Game.objects.filter(session__season=season, deleted__isnull=True).order_by(
        "session__date", "session_id", "number"
    )


def stat_seats(
    games: Iterable[m.Game],
) -> list[list[StatSeat]]:
    """Stored games as :mod:`seisan.stats` lines, players by their current names."""
    out = []
    for game in games:
        out.append(
            [
                StatSeat(
                    s.player.name,
                    s.place,
                    Fraction(s.total),
                    s.points,
                    None if s.money is None else Fraction(s.money),
                )
                for s in game.seats.all()
            ]
        )
    return out


def season_games(
    season: m.Season, start: date | None = None, end: date | None = None
) -> QuerySet[m.Game]:
    games = live_games(season)
    if start is not None:
        games = games.filter(session__date__gte=start)
    if end is not None:
        games = games.filter(session__date__lte=end)
    return games.prefetch_related("seats__player")


def season_standings(
    season: m.Season,
    min_games: int | None = None,
    start: date | None = None,
    end: date | None = None,
) -> list[Standing]:
    """The season's standings, computed by :func:`seisan.stats.standings`."""
    games = list(season_games(season, start, end))
    chosen = season.min_games if min_games is None else min_games
    extra, extra_money = off_table(games)
    return standings(stat_seats(games), chosen, extra, extra_money)


def off_table(games: Iterable[m.Game]) -> tuple[dict[str, Fraction], dict[str, Fraction]]:
    """What spectators won or lost backing players (外ウマ): pt, and money."""
    pt: dict[str, Fraction] = {}
    money: dict[str, Fraction] = {}
    for game in games:
        for name, entry in (game.spectators or {}).items():
            pt[name] = pt.get(name, Fraction(0)) + Fraction(Decimal(entry["total"]))
            if entry.get("money") is not None:
                money[name] = money.get(name, Fraction(0)) + Fraction(Decimal(entry["money"]))
    return pt, money


def club_balances(club: m.Club) -> dict[str, dict[str, Decimal]]:
    """Each person's money over every session of the club (seated and as a
    spectator), and what is still open after the money transfers marked paid."""
    won: dict[str, Decimal] = {}
    games = m.Game.objects.filter(session__season__club=club, deleted__isnull=True)
    for seat in m.Seat.objects.filter(game__in=games, money__isnull=False).select_related("player"):
        won[seat.player.name] = won.get(seat.player.name, Decimal(0)) + seat.money  # type: ignore[operator]
    for game in games.only("spectators"):
        for name, entry in (game.spectators or {}).items():
            if entry.get("money") is not None:
                won[name] = won.get(name, Decimal(0)) + Decimal(entry["money"])
    open_ = dict(won)
    for payment in m.Payment.objects.filter(session__season__club=club, in_money=True):
        if payment.payer in open_:
            open_[payment.payer] += payment.amount
        if payment.payee in open_:
            open_[payment.payee] -= payment.amount
    return {name: {"won": won[name], "open": open_[name]} for name in won}


def session_result(session: m.Session) -> SessionResult | None:
    """A night's games as the core's settled session (ledgers, fees, house)."""
    games = list(
        session.games.filter(deleted__isnull=True).select_related("rules").order_by("number")
    )
    if not games:
        return None
    core_games = []
    results = []
    for game in games:
        names = [s.player.name for s in game.seats.select_related("player").order_by("seat")]
        core = session_game(game, names)
        core_games.append(core)
        results.append(settle_one(core, rules_of(game.rules)))
    rules = rules_of(games[-1].rules)
    return SessionResult(CoreSession(rules, tuple(core_games), str(session)), tuple(results))


# -- export and import ------------------------------------------------------------------


@dataclass(frozen=True)
class Export:
    """A season as the CLI's files: ``rules.toml``, ``season.toml`` (every game in
    order), and a flat CSV of the points."""

    rules: str
    session: str
    csv: str


def export_season(season: m.Season) -> Export:
    """Files ``seisan session season.toml`` reads back to the same totals. Games still
    settled under earlier rules would read back differently: re-settle them first."""
    outdated = live_games(season).exclude(rules=season.rules).count()
    if outdated:
        raise SeisanError(
            _("{count} games were settled under earlier rules: re-settle them first, so the "
              "export reads back to the same totals", count=outdated)
        )  # fmt: skip
    games_out: list[dict[str, Any]] = []
    for game in season_games(season):
        names = [s.player.name for s in game.seats.all()]
        if game.record is not None:
            record = dict(game.record)
            record["players"] = names
            games_out.append({"record": record, "label": _label(game)})
            continue
        table = {"label": _label(game), **game.data, "players": names}
        games_out.append(table)
    current = rules_of(season.rules)
    session: dict[str, Any] = {"title": season.name, "rules": "rules.toml", "games": []}
    for entry in games_out:
        if "record" in entry:  # a hand record becomes its final table (points, deposits)
            record = entry["record"]
            played = record_from_dict(record, current).play()
            assert played.settlement is not None
            session["games"].append(
                {"label": entry["label"], "players": list(played.settlement.names),
                 "points": list(played.final_points), "deposits": played.leftover // 1000}
            )  # fmt: skip
        else:
            session["games"].append(entry)
    buffer = io.StringIO()
    people = sorted({n for g in session["games"] for n in g["players"]})
    writer = csv.writer(buffer)
    writer.writerow(["game", "seats", "deposits", *people])
    for g in session["games"]:
        cells = {n: str(p) for n, p in zip(g["players"], g["points"], strict=True)}
        writer.writerow([g["label"], ";".join(g["players"]), g.get("deposits", 0),
                         *(cells.get(n, "") for n in people)])  # fmt: skip
    return Export(rules_toml(current), tomli_w.dumps(session), buffer.getvalue())


def _label(game: m.Game) -> str:
    return f"{game.session.date.isoformat()}#{game.number}"


def import_session(season: m.Season, text: str, filename: str, user: Any) -> tuple[m.Session, int]:
    """A CLI session file (TOML, CSV or a game record JSON) into a new session of the
    season, under the season's rules. All or nothing: an error stores no game."""
    import json  # noqa: PLC0415

    from seisan.session import games_from_csv, session_from_dict  # noqa: PLC0415

    rules = rules_of(season.rules)
    lower = filename.lower()
    records: list[dict[str, Any]] = []
    tables: list[dict[str, Any]] = []
    if lower.endswith((".csv", ".tsv")):
        for g in games_from_csv(text):
            tables.append(_table_of(g))
    elif lower.endswith(".json"):
        try:
            data = json.loads(text)
        except json.JSONDecodeError as err:
            raise SeisanError(
                _("{path}: not valid JSON ({where})", path=filename, where=where_in_text(err))
            ) from None
        if not isinstance(data, dict) or "hands" not in data:
            raise SeisanError(_("a .json file must be a seisan game record"))
        records.append(data)
    else:
        try:
            data = tomllib.loads(text, parse_float=Decimal)
        except tomllib.TOMLDecodeError as err:
            raise SeisanError(_("not valid TOML ({where})", where=str(err))) from None
        data.pop("rules", None)  # the season's rules settle it
        core = session_from_dict(data, rules)
        if core.penalties:
            raise SeisanError(
                _("the file has penalties of the whole session: the web app keeps penalties "
                  "with their game, so give each in its game's table")
            )  # fmt: skip
        for g in core.games:
            tables.append(_table_of(g))
    with transaction.atomic():
        session = m.Session.objects.create(season=season, title=filename)
        count = 0
        for table in tables:
            save_game(session, _plain(table), user)
            count += 1
        for record in records:
            save_game(session, {}, user, record=record)
            count += 1
    return session, count


def _table_of(game: SessionGame) -> dict[str, Any]:
    """A core session game as the table the web app stores (nothing left out)."""
    table: dict[str, Any] = {"players": list(game.names), "points": list(game.points)}
    if game.deposits:
        table["deposits"] = game.deposits
    if game.penalties:
        table["penalties"] = list(game.penalties)
    if game.substitute is not None:
        table["substitute"] = game.substitute
    return {**table, **dict(game.bets)}


def _plain(value: Any) -> Any:
    """TOML values made JSON-safe (Decimal as exact text)."""
    if isinstance(value, Mapping):
        return {str(k): _plain(v) for k, v in value.items()}
    if isinstance(value, list | tuple):
        return [_plain(v) for v in value]
    if isinstance(value, Decimal):
        return str(value)
    return value
