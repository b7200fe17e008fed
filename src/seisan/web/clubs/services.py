"""The web app's one door to the core: rules in and out, games settled and stored,
standings, ledgers and exports. Views call these; every number comes from seisan.
"""

from __future__ import annotations

import tomllib
from collections.abc import Callable, Mapping, Sequence
from decimal import ROUND_HALF_UP, Decimal
from fractions import Fraction
from functools import lru_cache
from typing import Any, TypeVar

import tomli_w
from django.db import IntegrityError, transaction
from django.db.models import Q, QuerySet
from django.utils import timezone
from simple_history.utils import bulk_create_with_history

from seisan.errors import SeisanError, where_in_text
from seisan.games import record_from_dict
from seisan.i18n import Message, Spellings, _, name_key, plain_text
from seisan.ledger import GameResult, game_result
from seisan.presets import find_preset, rules_from_data
from seisan.pt import pt_value
from seisan.rules import Rules
from seisan.session import Session as CoreSession
from seisan.session import (
    SessionGame,
    SessionResult,
    first_spelling,
    game_from_dict,
    label_text,
    settle_one,
)
from seisan.settlement import PointsTotalError
from seisan.transfers import house_name, is_house
from seisan.web.clubs import history, inserts, reads
from seisan.web.clubs import models as m
from seisan.web.clubs.standings import bump, forget_old_changes, live_games


class EntryError(SeisanError):
    """What is wrong with a game as entered: names the field (for the form)."""

    def __init__(self, message: Message, field: str = "") -> None:
        super().__init__(message)
        self.field = field


def points_problem(err: PointsTotalError, rules: Rules) -> Message:
    """Points that do not add up, said for the form (sticks have their own field)."""
    expected = rules.start * rules.players
    held = err.total + err.on_table
    if held > expected:
        return _("the points add up to {total}, {excess} more than the {expected} the players "
                 "started with", total=held, excess=held - expected, expected=expected)  # fmt: skip
    return _("the points add up to {total}, {missing} less than the {expected} the players "
             "started with (riichi sticks left on the table have their own field)",
             total=held, missing=expected - held, expected=expected)  # fmt: skip


class Conflict(SeisanError):
    """Someone else changed the game since this form was opened."""


# -- rules ------------------------------------------------------------------------------


def rules_from_text(text: str) -> Rules:
    """Rules from what an organiser typed: a preset name (any alias or title), or
    house rules as TOML (``extends = "mleague"`` …). Errors are the core's."""
    stripped = text.strip()
    if not stripped:
        raise SeisanError(_("give a rules preset name or a house-rules .toml file"))
    if "=" not in stripped and "\n" not in stripped and not stripped.startswith("["):
        return find_preset(stripped)  # (“[[[” is TOML gone wrong, not a preset's name)
    try:
        data = tomllib.loads(stripped, parse_float=Decimal)
    except (ValueError, RecursionError) as err:  # TOMLDecodeError, Python's own limits
        raise SeisanError(_("not valid TOML ({where})", where=where_in_text(err))) from None
    rules = rules_from_data(data)  # titled as the preset it extends, "changed"
    rules.check_whole()  # a season's rules are whole: no --rate comes later
    return rules


def rules_toml(rules: Rules) -> str:
    """The rules as TOML text, exact (what a version stores and an export writes)."""
    return tomli_w.dumps(rules.to_dict())


@lru_cache(maxsize=256)
def _rules_from_toml(text: str) -> Rules:
    return rules_from_data(tomllib.loads(text, parse_float=Decimal))


def rules_of(version: m.RulesVersion) -> Rules:
    """The core's rules of a stored version."""
    return _rules_from_toml(version.toml)


def currency_of(club: m.Club, rules: Rules) -> str:
    """How money is written: the rules' own currency (円, 원) when they name one, else
    the club's ISO code (JPY, KRW, USD)."""
    return rules.stakes.currency or club.currency


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


def settle_record(record: Mapping[str, Any], rules: Rules, *, claims: bool = False) -> GameResult:
    """A hand-by-hand record played and settled by the core; ``claims``: its ``end``
    is new input under the rules it was played by, refused if those rules ended it."""
    played = record_from_dict(record, rules).play()
    if claims:
        played.check_claims()
    assert played.settlement is not None
    return game_result(played.settlement)


STORED = Decimal("0.001")  #: a seat's pt and money as the database keeps them


def _decimal(value: Fraction) -> Decimal:
    """A pt or money value as stored: to the thousandth, a half away from zero (as
    PostgreSQL rounds a numeric), so what is kept is what was answered on any database."""
    return Decimal(str(pt_value(value))).quantize(STORED, rounding=ROUND_HALF_UP)


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


def seat_lines(result: GameResult) -> tuple[list[dict[str, Any]], dict[str, Any]]:
    """A settlement as stored: each seat's line, and the spectators' 外ウマ totals (pt
    and money as exact text)."""
    totals, money = result.totals(), result.money()
    spectators = {
        s.name: {"total": str(pt_value(totals[s.name])),
                 "money": None if money is None else str(pt_value(money[s.name]))}
        for s in result.spectators
    }  # fmt: skip
    return seat_rows(result), spectators


def player_named(club: m.Club, name: str) -> m.Player:
    """The club's player called ``name`` (any case), or a new guest of that name: made
    once even when two phones enter the same new name at the same moment."""
    clean = " ".join(name.split())
    for _attempt in range(3):
        found: m.Player | None = m.same_name(
            club.players.filter(merged_into__isnull=True), clean
        ).first()
        if found is not None:
            return found
        try:
            with transaction.atomic():  # a savepoint: the other phone's row wins
                return m.Player.objects.create(club=club, name=clean)
        except IntegrityError:
            continue
    raise EntryError(_("{name} could not be saved: try again", name=clean))


MAX_NAME = 60  #: the longest player name kept (Player.name)
SEPARATORS = (":", ";")  #: what a session file puts between names and amounts


def check_name(name: str, field: str = "") -> None:
    """A name seisan can write to its session files and read back: not too long, none
    of the separators (``A:B:10000``, ``Ana;Ben``)."""
    if len(name) > MAX_NAME:
        raise EntryError(
            _("the name “{name}” is longer than {most} characters", name=name[:20] + "…",
              most=MAX_NAME), field,
        )  # fmt: skip
    for mark in SEPARATORS:
        if mark in name:
            raise EntryError(
                _("the name “{name}” has “{mark}”, which separates names in seisan's files: "
                  "leave it out", name=name, mark=mark), field,
            )  # fmt: skip
    if not plain_text(name):
        raise EntryError(
            _("a name is letters, digits and spaces: no control or invisible characters"), field
        )
    if is_house(name):
        raise EntryError(house_name(name.strip()), field)


def _check_names(names: Sequence[str], spectators: Sequence[str] = ()) -> None:
    for seat, name in enumerate(names):
        check_name(name, f"player_{seat}")
    for name in spectators:
        check_name(name, "soto")


_T = TypeVar("_T")
NUMBER_ATTEMPTS = 3  #: two rows numbered at once in one session: the second takes the next


def numbered(rows: QuerySet[Any], create: Callable[[int], _T]) -> _T:
    """``create(number)`` with the number after the highest of ``rows`` (a session's
    tables, its seatings), in a transaction of its own; when another request took that
    number at the same moment (the unique constraint), again with the next one."""
    attempts = 0
    while True:
        try:
            with transaction.atomic():
                last = rows.order_by("-number").values_list("number", flat=True).first()
                return create((last or 0) + 1)
        except IntegrityError:
            attempts += 1
            if attempts >= NUMBER_ATTEMPTS:
                raise


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
    kind: str = "",
    also: Callable[[m.Game], tuple[str, list[Any]] | None] | None = None,
) -> tuple[m.Game, bool]:
    """Settle and store a game: new (under the season's current rules), or an edit of
    ``game`` made from ``version`` (under the game's own rules unless ``rules_version``
    says otherwise: only re-settling moves a game to new rules). The club's history
    keeps it, with what changed in words (``kind`` says how: entered, edited…).

    Returns the game and whether it was created now. A resent form (same ``key`` in
    the same session, same game) returns the game it made the first time; the key
    reused for a different game is an error. Two games saved at once get two numbers.
    Nothing is stored on an error. ``also(game)``: a statement (and its values) stored
    with a new game in its own statement, or None (PostgreSQL only; the game as it will
    be stored, its seats and id given: an API key's answer).
    """
    scoped = f"{session.pk}:{key}" if key else None
    if game is not None and version is None:
        raise Conflict(_("this form is missing the game's version: reload the game and edit again"))
    data, record, known = as_the_club_writes(session.season.club, data, record)
    sent, sent_record = data, record  # as sent, before the night's substitute is marked

    def stored_already() -> tuple[m.Game, bool] | None:
        """A new game sent again (or two taps at once): the game as first stored. Asked
        only when storing or settling fails, not before every game: the key's unique
        row tells a resend, and the night may have changed since (a substitute, the
        rules) so that the form would no longer settle."""
        if not scoped or game is not None:
            return None
        existing = m.Game.objects.filter(idempotency_key=scoped).first()
        if existing is None:
            return None
        first = _resent(existing, sent, sent_record, known)
        inserts.on_disk()  # (its own request may still be waiting for the flush)
        return first

    try:
        if game is None:
            data, record = _substituted(session, data, record)
        version_row = rules_version or (game.rules if game is not None else session.season.rules)
        rules = rules_of(version_row)
        if record is not None:  # a stop said now, not one kept from before (re-settled)
            kept = (game.record or {}).get("end") if game is not None else None
            result = settle_record(record, rules, claims=record.get("end") != kept)
        else:
            result = settle_data(data, rules)
        names = list(result.settlement.names)
        _check_names(names, [s.name for s in result.spectators])
    except SeisanError:
        if (first := stored_already()) is not None:
            return first
        raise
    stored: dict[str, Any] = dict(data) if record is None else {"players": names}
    if "label" in stored:  # as the core reads it: text (a number sent was kept a number)
        stored["label"] = label_text(stored["label"])
    # a new game in a transaction of its own, on PostgreSQL: its commit lets go of the
    # night's lock without waiting for the disk, and the request waits after it
    unflushed = game is None and inserts.flushed_after()
    try:  # no retry: the night's lock in _write gives each game its number in turn
        with transaction.atomic():
            written = _write(session, stored, record, result, user, scoped, game, version,
                             version_row, kind, known, also, unflushed)  # fmt: skip
        if unflushed:
            inserts.wait_for_disk()
        return written
    except (SeisanError, IntegrityError):  # a key stored at the same moment: its game
        if (first := stored_already()) is not None:
            return first
        raise


def _write(
    session: m.Session,
    stored: dict[str, Any],
    record: Mapping[str, Any] | None,
    result: GameResult,
    user: Any,
    scoped: str | None,
    game: m.Game | None,
    version: int | None,
    version_row: m.RulesVersion,
    kind: str,
    known: Mapping[str, m.Player | None] | None = None,
    also: Callable[[m.Game], tuple[str, list[Any]] | None] | None = None,
    unflushed: bool = False,
) -> tuple[m.Game, bool]:
    """One attempt at storing the game, inside a transaction. The players are found
    (or made) before the session's lock is taken: the lock is held for the writes only;
    ``known``: players already read, by key; ``unflushed``: the commit does not wait
    for the disk (:func:`inserts.lock_night`)."""
    club = session.season.club
    rows, spectators = seat_lines(result)
    players = players_named(club, [row["name"] for row in rows], known)
    if len({p.pk for p in players}) != len(players):
        raise EntryError(_("a player sits twice at this table"), "players")
    seat_pks: list[int] = []
    if game is None:
        inserts.lock_night(session, unflushed)
        if inserts.one_statement():  # the number, and the ids the one statement needs
            number, pk, seat_pks = inserts.numbers(session, len(rows))
        else:
            last = session.games.order_by("-number").values_list("number", flat=True).first()
            number, pk = (last or 0) + 1, None
        game = m.Game(
            pk=pk,
            session=session,
            number=number,
            created_by=user if getattr(user, "is_authenticated", False) else None,
            idempotency_key=scoped,
        )
        created = True
        before_data: dict[str, Any] = {}
        before_rows: list[dict[str, Any]] = []
        old_rules = None
    else:
        fresh = m.Game.objects.select_for_update().get(pk=game.pk)
        if isinstance(version, int) and not 1 <= version <= fresh.version:  # (no change of
            # anyone's: a version this game never had, 0 or -1 or one not yet written)
            raise EntryError(_("version: {version} is not a version of this game (1 to "
                               "{current})", version=version, current=fresh.version),
                             "version")  # fmt: skip
        if fresh.version != version:
            raise Conflict(
                _("someone changed this game since you opened it: reload to see their change")
            )
        game = fresh
        before_data = as_known(game.data, known or {})  # (stored as typed, before)
        before_rows = [
            {"name": name, "total": total, "money": money}
            for name, total, money in game.seats.values_list("player__name", "total", "money")
        ]
        old_rules = game.rules
        game.version += 1
        created = False
    game.rules = version_row
    game.data = stored
    game.record = dict(record) if record is not None else None
    game.updated = timezone.now()
    game.spectators = spectators
    after_rows = [{"name": r["name"], "total": r["total"], "money": r["money"]} for r in rows]
    changes = [] if created else history.game_changes(before_data, stored, before_rows, after_rows)
    if old_rules is not None and old_rules.pk != version_row.pk:
        what = Message(history.RULES)
        changes.insert(0, history.change(what, old_rules.number, version_row.number))

    def action() -> m.Action:  # the history's line, once the game has its id
        return history.action_of(
            club, user, kind or ("game.entered" if created else "game.edited"),
            number=game.number, session=history.session_name(session),
            version=version_row.number, changes=changes, link=["clubs:game", [game.pk]],
            game=game,
        )  # fmt: skip

    if seat_pks:  # a new game on PostgreSQL: every row in one statement
        seats = _seats_of(game, players, rows, {})
        for seat, seat_pk in zip(seats, seat_pks, strict=True):
            seat.pk = seat_pk
        _kept_seats(game, seats)  # (as it will be stored: what ``also`` shows)
        extra = also(game) if also is not None else None
        revision = inserts.insert_game(game, seats, action(), session.season_id, extra)
        forget_old_changes(session.season_id, revision)
        return game, created
    game.save()
    _store_seats(game, players, rows, created)
    bump(session.season_id, [game.pk])
    action().save()
    return game, created


def as_the_club_writes(
    club: m.Club, data: Mapping[str, Any], record: Mapping[str, Any] | None
) -> tuple[Mapping[str, Any], Mapping[str, Any] | None, dict[str, m.Player | None]]:
    """A game's names (seats, spectators, a substitute) written as the club's players
    are: “ａｎａ” typed where Ana plays is stored as “Ana”, so that the season's
    standings and pages, which read names letter for letter, find one person where the
    core's ledgers find one (by :func:`seisan.i18n.name_key`). Names of no player stay
    as typed. One query; the players looked up (by key; None: no player) are returned
    for the seats."""
    source = record if record is not None else data
    known = club_players(club, names_written(source))
    if record is not None:
        return data, as_known(record, known, record=True), known
    return as_known(data, known), record, known


def names_written(source: Any) -> list[str]:
    """The names a game table or record writes where a person stands (seats,
    spectators, a substitute), as typed; a name no name may be is left out (the core's
    words say what is wrong with it: a lone surrogate cannot even be looked up)."""
    if not isinstance(source, Mapping):
        return []
    seats = source.get("players")
    names = [n for n in seats if isinstance(n, str)] if isinstance(seats, list) else []
    for key in ("soto", "pool"):  # spectators: {NAME = PLAYER}, ["NAME:PLAYER"], "NAME:PLAYER"
        given = source.get(key)
        if isinstance(given, Mapping):
            names += [n for n in given if isinstance(n, str)]
        elif isinstance(given, list | str):
            for pair in given if isinstance(given, list) else [given]:
                who = _spectator(pair)
                if isinstance(who, str):
                    names.append(who)
    by = substitute_name(source.get("substitute"))
    if by is not None:
        names.append(by)
    return [n for n in dict.fromkeys(names) if n.strip() and plain_text(n)]


def substitute_name(played: Any) -> str | None:
    """Who played the seat, as a table or record writes its substitute: ``SEAT:NAME``
    or ``{seat = PLAYER, by = NAME}``."""
    by = played.get("by") if isinstance(played, Mapping) else None
    if isinstance(played, str) and ":" in played:
        by = played.split(":")[1]
    return by if isinstance(by, str) else None


def club_players(club: m.Club, names: Sequence[str]) -> dict[str, m.Player | None]:
    """The club's player of each of ``names``, by key (None: none), in one query."""
    return {name_key(n): p for n, p in zip(names, reads.players(club, names), strict=True)}


def as_known(
    data: Mapping[str, Any], known: Mapping[str, m.Player | None], *, record: bool = False
) -> dict[str, Any]:
    """A table (or a ``record``) with the names of ``known`` players as the club writes
    them (no query): a game to store, or one stored before names were, compared with
    its edit."""
    rename = rename_in_record if record else rename_in_table
    out = dict(data)
    for key, name in {name_key(n): n for n in names_written(data)}.items():
        player = known.get(key)
        # every field that names them (a seat may be written right and a bet not); a
        # name of nobody's with its spaces as a new player's are
        spelled = player.name if player is not None else " ".join(name.split())
        out = rename(out, name, spelled)
    return out


def _spectator(pair: Any) -> Any:
    """Who watches in a spectator's pair, ``NAME:PLAYER`` or ``[NAME, PLAYER]`` (None:
    neither)."""
    if isinstance(pair, list):
        return pair[0] if pair else None
    return pair.partition(":")[0] if isinstance(pair, str) else None


def _substituted(
    session: m.Session, data: Mapping[str, Any], record: Mapping[str, Any] | None
) -> tuple[Mapping[str, Any], Mapping[str, Any] | None]:
    """A new game with the night's substitute marked where a player who left sits (the
    events app's :func:`~seisan.web.events.tournament.with_substitute`)."""
    from seisan.web.events.tournament import with_substitute  # noqa: PLC0415

    if record is not None:
        return data, with_substitute(session, record)
    return with_substitute(session, data), None


def _resent(
    existing: m.Game,
    data: Mapping[str, Any],
    record: Mapping[str, Any] | None,
    known: Mapping[str, m.Player | None],
) -> tuple[m.Game, bool]:
    """The game a resent form stored the first time, if it is the same game (else an
    error). Compared as the club writes its players now (``known``, as the form was
    looked up): a spectator “zed” who has played as Zed since is the same game."""

    def unmarked(stored: Mapping[str, Any] | None, sent: Mapping[str, Any]) -> bool:
        """Whether ``stored`` is what was ``sent``, or that with the substitute the
        night marked on it when it was stored (the night's may have changed since)."""
        if stored is None:
            return False
        stored = as_known(stored, known, record=record is not None)
        if dict(stored) == dict(sent):
            return True
        # (a form that names a substitute is never equal to a stored table without one)
        return {k: v for k, v in stored.items() if k != "substitute"} == dict(sent)

    same = unmarked(existing.record, record) if record is not None else unmarked(
        existing.data, data)  # fmt: skip
    if not same:
        raise EntryError(
            _("this form already saved game {number}: open a new form for the next game",
              number=existing.number)
        )  # fmt: skip
    return existing, False


def _store_seats(
    game: m.Game, players: list[m.Player], rows: list[dict[str, Any]], created: bool
) -> None:
    """The game's seat lines as the core settled them, ``players`` by seat (a new game:
    inserted at once; an edit: in place of the old ones, a player's confirmation kept
    while their line is the same)."""
    kept: dict[tuple[Any, ...], bool] = {}
    if not created:
        kept = {(s.player_id, s.seat, s.points, s.place, s.total): s.confirmed
                for s in game.seats.all()}  # fmt: skip
        game.seats.all().delete()
    seats = _seats_of(game, players, rows, kept)
    bulk_create_with_history(seats, m.Seat)
    _kept_seats(game, seats)


def _seats_of(
    game: m.Game,
    players: list[m.Player],
    rows: list[dict[str, Any]],
    kept: Mapping[tuple[Any, ...], bool],
) -> list[m.Seat]:
    """The seat rows of ``rows``, by seat, not stored yet (``kept``: the confirmations
    of the lines as they were before an edit)."""
    seats = []
    for row, player in zip(rows, players, strict=True):
        line = (player.pk, row["seat"], row["points"], row["place"], row["total"])
        seats.append(
            m.Seat(
                game=game,
                seat=row["seat"],
                player=player,
                points=row["points"],
                place=row["place"],
                score=row["score"],
                total=row["total"],
                money=row["money"],
                parts=row["parts"],
                confirmed=bool(kept.get(line)),  # a confirmation holds while the line is the same
            )
        )
    seats.sort(key=lambda seat: seat.seat)
    return seats


def _kept_seats(game: m.Game, seats: list[m.Seat]) -> None:
    """The seats as stored, with their players, kept as Django keeps what it
    prefetched: who shows the game next reads no row again (a new query still reads
    the table)."""
    kept_seats = m.Seat.objects.filter(game=game)
    kept_seats._result_cache = seats
    kept_seats._prefetch_done = True  # type: ignore[attr-defined]
    game._prefetched_objects_cache = {"seats": kept_seats}  # type: ignore[attr-defined]


def players_named(
    club: m.Club,
    names: Sequence[str],
    read_already: Mapping[str, m.Player | None] | None = None,
) -> list[m.Player]:
    """:func:`player_named` for each of ``names``, the known ones read in one query (none
    for those in ``read_already``, by key). New players are made in the order of their
    names, not of the seats: two games at once that name the same new players in other
    seats would otherwise each wait for a name the other made (a deadlock on
    PostgreSQL)."""
    clean = [" ".join(name.split()) for name in names]
    read = dict(read_already or {})
    asked = [n for n in clean if name_key(n) not in read]
    read |= {name_key(n): p for n, p in zip(asked, reads.players(club, asked), strict=True)}
    known = {n: read.get(name_key(n)) for n in clean}
    made = {
        name: player_named(club, name)
        for name in sorted((n for n, p in known.items() if p is None), key=str.casefold)
    }
    return [known[n] or made[n] for n in clean]


# -- names: merging a duplicate guest ---------------------------------------------------

_PAIR_BETS = ("sashi", "bashin", "binta")
_LINKS = ("busted", "soto", "pool")  # {a = b}: both names
_RECORD_LISTS = ("riichi", "tenpai", "nagashi", "calls")
_RECORD_ONE = ("from", "player")
_WIN_NAMES = {"winner", "pao", "daiminkan"}  #: a win's fields that name a player


def _one(value: Any, old: str, new: str) -> Any:
    return new if isinstance(value, str) and name_key(value.strip()) == name_key(old) else value


def rename_in_table(data: Mapping[str, Any], old: str, new: str) -> dict[str, Any]:
    """A game table with player ``old`` called ``new`` wherever a name stands: the
    seats, pair bets (A:B:AMOUNT, or a list), chips, who busted whom and spectators
    (a table, or a list of A:B), winners, penalties (NAME:PT[:REASON]) and the
    substitute (SEAT:NAME, both)."""
    out = dict(data)
    out["players"] = _names(data.get("players", []), old, new)
    for key in _PAIR_BETS:
        if isinstance(out.get(key), list):
            out[key] = [_pair_text(item, old, new) for item in out[key]]
    if isinstance(out.get("chips"), Mapping):
        out["chips"] = _renamed_keys(out["chips"], old, new, lambda v: v)
    for key in _LINKS:
        if isinstance(out.get(key), Mapping):
            out[key] = _renamed_keys(out[key], old, new, lambda v: _one(v, old, new))
        elif isinstance(out.get(key), list):  # ["Dae:Ana"], as a CSV's column gives them
            out[key] = [_pair_text(item, old, new) for item in out[key]]
        elif isinstance(out.get(key), str):  # "Dae:Ana", one pair
            out[key] = _pair_text(out[key], old, new)
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


def names_in_rules(club: m.Club) -> set[str]:
    """Everyone the club's rules name in standing bets between players (their keys,
    :func:`seisan.i18n.name_key`): renaming or merging them would leave the rules
    naming nobody."""
    found: set[str] = set()
    for version in m.RulesVersion.objects.filter(season__club=club):
        side = rules_of(version).side
        for a, b, _amount in (*side.sashi, *side.bashin, *side.binta_pairs):
            found |= {name_key(a), name_key(b)}
    return found


def names_used(club: m.Club) -> set[str]:
    """Every name at the club's tables (their keys, :func:`seisan.i18n.name_key`):
    players, spectators, substitutes."""
    found = {
        name_key(n)
        for n in club.players.filter(merged_into__isnull=True).values_list("name", flat=True)
    }
    tables = m.Game.objects.filter(session__season__club=club).values_list(
        "spectators", "data", "record"
    )
    for spectators, data, record in tables:
        found |= {name_key(n) for n in (spectators or {})}
        for played in ((data or {}).get("substitute"), (record or {}).get("substitute")):
            if (by := substitute_name(played)) is not None:
                found.add(name_key(by))
    return found


def _not_in_rules(club: m.Club, name: str) -> None:
    if name_key(name) in names_in_rules(club):
        raise EntryError(
            _("{name} is named in standing bets of the club's rules: change the rules first",
              name=name), "name",
        )  # fmt: skip


def _renamed_keys(given: Mapping[str, Any], old: str, new: str, value: Callable[[Any], Any]) -> Any:
    """A table keyed by names, renamed: as it was where two of its names would become
    one (“eve” and “Eve”: the core refuses the name twice, in words; a table would keep
    only the last)."""
    out = {_one(k, old, new): value(v) for k, v in given.items()}
    return out if len(out) == len(given) else dict(given)


def _pair_text(item: Any, old: str, new: str) -> Any:
    """A pair's two names renamed: ``A:B[:…]`` or ``[A, B, …]``."""
    if isinstance(item, list):
        return [_one(p, old, new) for p in item[:2]] + item[2:]
    if not isinstance(item, str):
        return item
    parts = item.split(":")
    return ":".join([_one(p, old, new) for p in parts[:2]] + parts[2:])


_NAMING_KEYS = {"player", "seat", "by"}  #: a penalty's or substitute's fields that name


def _first_part(item: Any, old: str, new: str) -> Any:
    if isinstance(item, Mapping):
        return {k: _one(v, old, new) if k in _NAMING_KEYS else v for k, v in item.items()}
    if not isinstance(item, str):
        return item
    head, sep, rest = item.partition(":")
    return f"{_one(head, old, new)}{sep}{rest}"


def rename_in_record(record: Mapping[str, Any], old: str, new: str) -> dict[str, Any]:
    """A hand-by-hand record with player ``old`` called ``new`` in every field that
    names a player (never in results or round names)."""
    out = dict(record)
    out["players"] = _names(record.get("players", []), old, new)
    if isinstance(out.get("substitute"), Mapping):  # {seat = PLAYER, by = NAME}
        out["substitute"] = _first_part(out["substitute"], old, new)
    elif isinstance(out.get("substitute"), str):  # SEAT:NAME
        out["substitute"] = _pair_text(out["substitute"], old, new)
    if isinstance(out.get("penalties"), list):
        out["penalties"] = [_first_part(p, old, new) for p in out["penalties"]]
    hands = []
    given = record.get("hands")
    for hand in given if isinstance(given, list) else []:
        if not isinstance(hand, Mapping):  # (the core words what is wrong with it)
            hands.append(hand)
            continue
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
    if "hands" in record and isinstance(given, list):
        out["hands"] = hands
    return out


def _names(given: Any, old: str, new: str) -> Any:
    """A list of names renamed; anything else as it was (a table not yet checked: the
    core words what is wrong with it)."""
    return [_one(n, old, new) for n in given] if isinstance(given, list) else given


def names_in(game: m.Game) -> set[str]:
    """Everyone at or around the table: the seats, the spectators and a substitute
    (their keys, :func:`seisan.i18n.name_key`)."""
    names = {name_key(s.player.name) for s in game.seats.all()}
    names |= {name_key(n) for n in (game.spectators or {})}
    for played in ((game.data or {}).get("substitute"), (game.record or {}).get("substitute")):
        if (by := substitute_name(played)) is not None:
            names.add(name_key(by))
    return names


def _rename_everywhere(club: m.Club, old: str, new: str) -> dict[str, Any]:
    """``old`` called ``new`` in every game table, record, spectators' bet and payment of
    the club (inside the caller's transaction); returns what undoing it needs."""
    undo: dict[str, Any] = {"games": [], "payments": []}
    games = m.Game.objects.filter(session__season__club=club).prefetch_related("seats__player")
    for game in games:
        if name_key(old) not in names_in(game):
            continue
        before = {"pk": game.pk, "data": game.data, "record": game.record,
                  "spectators": game.spectators, "version": game.version + 1}  # fmt: skip
        undo["games"].append(before)
        game.data = rename_in_table(game.data, old, new)
        if game.record is not None:
            game.record = rename_in_record(game.record, old, new)
        # (two spellings of one name in a game stored before names had keys: both bets
        # kept, as its table keeps them)
        game.spectators = _renamed_keys(game.spectators or {}, old, new, lambda bet: bet)
        game.version += 1
        game.save(update_fields=["data", "record", "spectators", "version"])
    from seisan.web.events.models import Seating  # noqa: PLC0415 - the nights' seatings
    from seisan.web.tables.models import Table  # noqa: PLC0415 - the table assistant's app

    undo["seatings"] = []
    for seating in Seating.objects.select_for_update().filter(session__season__club=club):
        names = [n for t in seating.tables for n in t] + list(seating.sitting_out)
        if name_key(old) not in {name_key(str(n)) for n in names}:
            continue
        undo["seatings"].append({"pk": seating.pk, "tables": seating.tables,
                                 "sitting_out": seating.sitting_out})  # fmt: skip
        seating.tables = [[_one(n, old, new) for n in t] for t in seating.tables]
        seating.sitting_out = [_one(n, old, new) for n in seating.sitting_out]
        seating.save(update_fields=["tables", "sitting_out"])
    undo["tables"] = []
    for table in Table.objects.select_for_update().filter(session__season__club=club):
        if name_key(old) not in {name_key(str(n)) for n in table.names}:
            continue
        undo["tables"].append({"pk": table.pk, "names": table.names})  # (its hands: as they are)
        hands = [e["hand"] for e in table.hands]
        renamed = rename_in_record({"players": table.names, "hands": hands}, old, new)
        table.names = renamed["players"]
        table.hands = [e | {"hand": h} for e, h in zip(table.hands, renamed["hands"], strict=True)]
        table.version += 1
        table.save(update_fields=["names", "hands", "version"])
    for payment in m.Payment.objects.filter(session__season__club=club):
        payer, payee = _one(payment.payer, old, new), _one(payment.payee, old, new)
        if (payer, payee) != (payment.payer, payment.payee):
            undo["payments"].append({"pk": payment.pk, "payer": payment.payer,
                                     "payee": payment.payee})  # fmt: skip
            payment.payer, payment.payee = payer, payee
            payment.save()
    return undo


def bump_renamed(club: m.Club, undo: Mapping[str, Any]) -> None:
    """Every season of the club changed by a rename or a merge (its team pages name the
    player too), each noting the games of its own the name sat at or watched (those the
    rename rewrote): the kept standings read only these again."""
    ids = [entry["pk"] for entry in undo["games"]]
    theirs: dict[int, list[int]] = {}
    for season, game in m.Game.objects.filter(pk__in=ids).values_list("session__season_id",
                                                                       "pk"):  # fmt: skip
        theirs.setdefault(season, []).append(game)
    for season in club.seasons.values_list("pk", flat=True):
        bump(season, theirs.get(season, []))


def merge_players(source: m.Player, target: m.Player, user: Any = None) -> m.Action:
    """``source`` (a duplicate guest) becomes ``target``: seats, names in every game
    table and record, spectators' bets and payments move over, all at once, and the
    history keeps what undoing it needs. Two people who were at one table (seated or
    watching) are never merged."""
    club = source.club
    old, new = source.name, target.name
    from seisan.web.tables.models import Table  # noqa: PLC0415 - the table assistant's app

    # at a game, or at a table still being played (it would seat one name twice)
    tables = Table.objects.filter(session__season__club=club).values_list("names", flat=True)
    games = m.Game.objects.filter(session__season__club=club).prefetch_related("seats__player")
    for present in [*map(names_in, games), *({name_key(str(n)) for n in t} for t in tables)]:
        if name_key(old) in present and name_key(new) in present:
            raise SeisanError(
                _("{a} and {b} sat at the same table: they are two people", a=old, b=new)
            )
    from seisan.web.events.models import TeamMember  # noqa: PLC0415 - the events app's

    theirs = {t.season_id: t for t in TeamMember.objects.filter(player=target)
              .select_related("team")}  # fmt: skip
    mine = list(TeamMember.objects.filter(player=source).select_related("team"))
    for member in mine:
        other = theirs.get(member.season_id)
        if other is not None and other.team_id != member.team_id:
            raise SeisanError(
                _("{a} plays for {x} and {b} for {y} this season: take one of them out of "
                  "their team first", a=old, x=member.team.name, b=new, y=other.team.name)
            )  # fmt: skip
    with transaction.atomic():
        undo = _rename_everywhere(club, old, new)
        seats = list(m.Seat.objects.filter(player=source).values_list("pk", flat=True))
        m.Seat.objects.filter(pk__in=seats).update(player=target)
        # the guest's team places go with them (the same team twice: one place)
        moved = [t.pk for t in mine if t.season_id not in theirs]
        dropped = [[t.team_id, t.season_id] for t in mine if t.season_id in theirs]
        TeamMember.objects.filter(pk__in=moved).update(player=target)
        TeamMember.objects.filter(player=source).delete()
        desk = _merge_desk(source, target)
        source.merged_into = target
        source.save()
        bump_renamed(club, undo)
        undo.update({"seats": seats, "source": source.pk, "target": target.pk,
                     "team_members": moved, "team_dropped": dropped, **desk})  # fmt: skip
        return history.record(club, user, "players.merged", a=old, b=new, undo=undo,
                              link=["clubs:player", [target.pk]])  # fmt: skip


def _merge_desk(source: m.Player, target: m.Player) -> dict[str, Any]:
    """A tournament desk's rows of the merged guest go with them: entries, check-ins
    (one a night) and substitutions; what undoing needs."""
    from seisan.web.events.models import CheckIn, Registration, Substitution  # noqa: PLC0415

    seasons = set(Substitution.objects.filter(player=target).values_list("season_id", flat=True))
    if Substitution.objects.filter(player=source, season_id__in=seasons).exists():
        raise SeisanError(_("{a} and {b} both have a substitute this season: end one first",
                            a=source.name, b=target.name))  # fmt: skip
    pair = Q(player=source, by=target) | Q(player=target, by=source)
    if Substitution.objects.filter(pair).exists():
        raise SeisanError(_("{a} plays {b}'s seat as a substitute: they are two people",
                            a=source.name, b=target.name))  # fmt: skip
    entries = list(Registration.objects.filter(player=source).values_list("pk", flat=True))
    Registration.objects.filter(pk__in=entries).update(player=target)
    nights = set(CheckIn.objects.filter(player=target).values_list("session_id", flat=True))
    checked = list(CheckIn.objects.filter(player=source).exclude(session_id__in=nights)
                   .values_list("pk", flat=True))  # fmt: skip
    both = list(CheckIn.objects.filter(player=source, session_id__in=nights)
                .values_list("session_id", flat=True))  # fmt: skip
    CheckIn.objects.filter(pk__in=checked).update(player=target)
    CheckIn.objects.filter(player=source).delete()
    left = list(Substitution.objects.filter(player=source).values_list("pk", flat=True))
    subs = list(Substitution.objects.filter(by=source).values_list("pk", flat=True))
    Substitution.objects.filter(pk__in=left).update(player=target)
    Substitution.objects.filter(pk__in=subs).update(by=target)
    return {"entries": entries, "check_ins": checked, "check_ins_both": both,
            "left": left, "substitutes": subs}  # fmt: skip


def _unmerge_desk(undo: Mapping[str, Any], source: m.Player) -> None:
    from seisan.web.events.models import CheckIn, Registration, Substitution  # noqa: PLC0415

    Registration.objects.filter(pk__in=undo.get("entries", [])).update(player=source)
    CheckIn.objects.filter(pk__in=undo.get("check_ins", [])).update(player=source)
    for night in undo.get("check_ins_both", []):
        CheckIn.objects.get_or_create(session_id=night, player=source)
    Substitution.objects.filter(pk__in=undo.get("left", [])).update(player=source)
    Substitution.objects.filter(pk__in=undo.get("substitutes", [])).update(by=source)


def undo_merge(action: m.Action, user: Any) -> None:
    """Put a merge back as it was, if no game it touched changed since."""
    undo = action.undo
    if action.kind != "players.merged" or action.undone is not None or not undo:
        raise SeisanError(_("this cannot be undone"))
    source = m.Player.objects.get(pk=undo["source"])
    taken = m.same_name(action.club.players.filter(merged_into__isnull=True), source.name).first()
    if taken is not None and taken.name == source.name:
        raise SeisanError(
            _("a player is called {name} again since the merge: rename them first",
              name=source.name)
        )  # fmt: skip
    if taken is not None:  # (the merge's own target, where the two differ in case or width)
        raise SeisanError(
            _("{other} is the same name as {name} (case, width and spaces aside): rename "
              "{other} first", other=taken.name, name=source.name)
        )  # fmt: skip
    with transaction.atomic():
        for entry in undo["games"]:
            game = m.Game.objects.select_for_update().filter(pk=entry["pk"]).first()
            if game is None or game.version != entry["version"]:
                raise SeisanError(
                    _("a game the merge changed was changed again since: undo it by hand")
                )
            game.data, game.record = entry["data"], entry["record"]
            game.spectators = entry["spectators"]
            game.version += 1
            game.save(update_fields=["data", "record", "spectators", "version"])
        for entry in undo["payments"]:
            m.Payment.objects.filter(pk=entry["pk"]).update(payer=entry["payer"],
                                                            payee=entry["payee"])  # fmt: skip
        for entry in undo.get("tables", []):
            _unmerge_table(entry, source.name)
        from seisan.web.events.models import Seating  # noqa: PLC0415

        for entry in undo.get("seatings", []):  # the merged player's places, by name again
            seating = Seating.objects.select_for_update().filter(pk=entry["pk"]).first()
            if seating is None:
                continue
            back = source.name
            old = entry["tables"]
            seating.tables = [_named_back(old[k] if k < len(old) else [], table, back)
                              for k, table in enumerate(seating.tables)]  # fmt: skip
            seating.sitting_out = _named_back(entry["sitting_out"], seating.sitting_out, back)
            seating.save(update_fields=["tables", "sitting_out"])
        m.Seat.objects.filter(pk__in=undo["seats"]).update(player=source)
        from seisan.web.events.models import TeamMember  # noqa: PLC0415

        TeamMember.objects.filter(pk__in=undo.get("team_members", [])).update(player=source)
        _unmerge_desk(undo, source)
        for team, season in undo.get("team_dropped", []):
            TeamMember.objects.get_or_create(season_id=season, player=source,
                                             defaults={"team_id": team})  # fmt: skip
        source.merged_into = None
        source.save()
        bump_renamed(action.club, undo)
        action.undone = timezone.now()
        action.save(update_fields=["undone"])
        history.record(action.club, user, "players.unmerged", a=action.fields.get("a"),
                       b=action.fields.get("b"), link=["clubs:player", [source.pk]])  # fmt: skip


def _named_back(was: Sequence[Any], now: Sequence[Any], name: str) -> list[Any]:
    """A seating's places as they are ``now``, with ``name``'s places (as they ``was``
    before the merge) named back: a place or a table changed or added since stays."""
    back = name_key(name)
    return [was[k] if k < len(was) and name_key(str(was[k])) == back else now_name
            for k, now_name in enumerate(now)]  # fmt: skip


def _unmerge_table(entry: Mapping[str, Any], name: str) -> None:
    """The merged player's seat at a table back under ``name``, in its names and in
    every hand, including hands entered since the merge (the table's own undo and
    edits still see a new version)."""
    from seisan.web.tables.models import Table  # noqa: PLC0415

    table = Table.objects.select_for_update().filter(pk=entry["pk"]).first()
    if table is None:
        return
    seat = next((s for s, n in enumerate(entry["names"]) if name_key(n) == name_key(name)),
                None)  # fmt: skip
    # the name's seat then is no seat now, or its player sits there twice: changed since
    if (
        seat is None
        or seat >= len(table.names)
        or [name_key(n) for n in table.names].count(name_key(table.names[seat])) != 1
    ):
        raise SeisanError(_("a table the merge changed was changed again since: undo it by hand"))
    merged = table.names[seat]
    hands = [e["hand"] for e in table.hands]
    back = rename_in_record({"players": table.names, "hands": hands}, merged, entry["names"][seat])
    table.names = back["players"]
    table.hands = [e | {"hand": h} for e, h in zip(table.hands, back["hands"], strict=True)]
    table.version += 1
    table.save(update_fields=["names", "hands", "version"])


def rename_player(player: m.Player, name: str, user: Any) -> None:
    """A player's new name, everywhere it stands (games, records, bets, payments)."""
    clean = " ".join(name.split())
    check_name(clean, "name")
    if not clean:
        raise EntryError(_("give the new name"), "name")
    taken = m.same_name(player.club.players.filter(merged_into__isnull=True), clean)
    if taken.exclude(pk=player.pk).exists():
        raise EntryError(_("{name} is already a player here: merge the two instead", name=clean),
                         "name")  # fmt: skip
    old = player.name
    if old == clean:
        return
    if name_key(clean) != name_key(old) and name_key(clean) in names_used(player.club):
        raise EntryError(_("{name} is already a name at the club's tables (a spectator or a "
                           "substitute): choose another", name=clean), "name")  # fmt: skip
    _not_in_rules(player.club, old)
    with transaction.atomic():
        undo = _rename_everywhere(player.club, old, clean)
        player.name = clean
        player.save()
        bump_renamed(player.club, undo)
        history.record(player.club, user, "player.renamed", old=old, new=clean,
                       link=["clubs:player", [player.pk]])  # fmt: skip


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
        except PointsTotalError as err:  # (the game's own form has a field for the sticks)
            out.append({"game": game, "error": points_problem(err, rules), "rows": []})
            continue
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


def check_winners(table: Mapping[str, Any], rules: Rules) -> None:
    """Who won a hand counts only for 焼き鳥: a new game's winners (the API's, a file's)
    under rules without it are refused, as the command line refuses them (the core
    settles a game recorded with them under such rules — a season's rules changed since
    — as if they were not)."""
    side = table.get("side")
    paid = rules.side.yakitori or (isinstance(side, Mapping) and side.get("yakitori"))
    winners = table.get("winners")
    if isinstance(winners, list) and winners and not paid:  # (not a list: the core's words)
        raise SeisanError(_("winners: the rules pay no 焼き鳥, which is all winners count for "
                            "(yakitori / --yakitori)"), field="winners")  # fmt: skip


def session_result(session: m.Session) -> SessionResult | None:
    """A night's games as the core's settled session (ledgers, fees, house)."""
    games = list(
        session.games.filter(deleted__isnull=True)
        .select_related("rules")
        .prefetch_related("seats__player")
        .order_by("number")
    )
    if not games:
        return None
    seated = [[s.player.name for s in sorted(game.seats.all(), key=lambda s: s.seat)]
              for game in games]  # fmt: skip
    # one person, one name, as the core's session has it: a spectator written in other
    # letters in two games (“zed”, “ＺＥＤ”) is one, under a player's name if they played
    spelled = Spellings(name for names in seated for name in names)
    core_games = []
    results = []
    for game, names in zip(games, seated, strict=True):
        core = first_spelling(session_game(game, names), spelled)
        core_games.append(core)
        results.append(settle_one(core, rules_of(game.rules)))
    rules = rules_of(games[-1].rules)
    return SessionResult(CoreSession(rules, tuple(core_games), str(session)), tuple(results))
