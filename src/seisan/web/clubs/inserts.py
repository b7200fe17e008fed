"""A new game stored in one statement on PostgreSQL: the game, its seats, their
history rows (django-simple-history's, as its signals write them), the club's
history entry and the season's new revision, as one ``WITH … INSERT``. Each
statement is a round trip and Django's work to write it: a game entered through the
API made seventeen, eight of them for these rows and the game's number; now two
(issue 18: 200 games a second).

The rows are the ORM's own: Django's insert compiler writes each ``INSERT`` from
model instances, so the values are prepared as ``Model.save`` prepares them; the
game's id and number and its seats' ids are taken first (:func:`numbers`), under
the night's lock. SQLite, and an edit, store through the ORM (``services._write``);
``tests/web/test_integrity.py`` holds the two ways to the same rows.

What django-simple-history offers beyond its rows is not taken here: a row's own
``_history_user``, ``_change_reason`` or ``_history_date``, ``SIMPLE_HISTORY_ENABLED``,
and its signals around a history row (nothing in seisan uses them; a change that does
must store its games through the ORM)."""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache
from typing import Any

from django.db import connection, connections
from django.db.models import Model
from django.db.models.sql import InsertQuery
from django.utils import timezone

from seisan.web.clubs import models as m
from seisan.web.clubs import reads


def one_statement() -> bool:
    """Whether new games are stored by :func:`insert_game` (PostgreSQL)."""
    return connection.vendor == "postgresql"


def lock_night(session: m.Session, unflushed: bool = False) -> None:
    """The night's lock, held to the transaction's end, so that its games are numbered
    one at a time (twenty bots posting at once would otherwise take the same number
    over and over). SQLite's write transaction (``BEGIN IMMEDIATE``) is that lock
    already; PostgreSQL locks the night's row.

    ``unflushed``: this transaction's commit returns before its WAL is on disk
    (PostgreSQL's ``synchronous_commit`` off, for it alone, set in the same statement:
    one round trip less). The night's lock goes with the commit, and a commit that
    waited for the disk held it through the flush (about 3.5 ms here), which let one
    night number no more than about 220 games a second (issue 18). :func:`wait_for_disk`
    after it, before anyone is told the game is stored."""
    if not connection.features.has_select_for_update:
        return
    quote = connection.ops.quote_name
    off = "set_config('synchronous_commit', 'off', true)" if unflushed else "1"
    with reads.cursor() as cursor:
        cursor.execute(
            f"SELECT {off} FROM {quote(m.Session._meta.db_table)} WHERE {quote('id')} = %s "
            "FOR UPDATE",
            [session.pk],
        )


def wait_for_disk() -> None:
    """Returns once every commit before it is on disk: a transaction of one WAL record
    (a logical message, which nothing reads) committed with ``synchronous_commit`` on.
    The WAL is flushed in its order, so its flush is every earlier one's, and the
    flushes of several requests waiting at once are one (PostgreSQL's group commit),
    outside any lock. A game seen by another request before its flush, and lost in a
    crash at that moment, was never said to be stored; a later game numbered after
    it is lost with it (its WAL comes after)."""
    with reads.cursor() as cursor:
        cursor.execute("SELECT pg_logical_emit_message(true, 'seisan', '')", [])


def flushed_after() -> bool:
    """Whether this request's commits may return before the disk, and it waits for
    the disk itself (:func:`wait_for_disk`): on PostgreSQL, outside a transaction of
    the caller's. Inside one, its own commit flushes; on SQLite every commit waits
    for the disk."""
    return one_statement() and not connection.in_atomic_block


def on_disk() -> None:
    """What this request read as stored is on disk before it says so: a game another
    request stored moments ago (a resend finding its key's game, an API retry finding
    its answer) may not be flushed yet (helper-73)."""
    if flushed_after():
        wait_for_disk()


def numbers(session: m.Session, seats: int) -> tuple[int, int, list[int]]:
    """The night's next game number, the new game's id and ``seats`` seat ids: one
    query, under the night's lock (taken before: the number is read after it)."""
    quote = connection.ops.quote_name
    game, seat = m.Game._meta.db_table, m.Seat._meta.db_table
    with reads.cursor() as cursor:
        cursor.execute(
            f"SELECT COALESCE(MAX({quote('number')}), 0) + 1, "
            f"nextval(pg_get_serial_sequence(%s, 'id')), "
            f"ARRAY(SELECT nextval(pg_get_serial_sequence(%s, 'id')) "
            f"FROM generate_series(1, %s)) "
            f"FROM {quote(game)} WHERE {quote('session_id')} = %s",
            [game, seat, seats, session.pk],
        )
        number, pk, seat_pks = cursor.fetchone()
    return number, pk, list(seat_pks)


def insert_game(
    game: m.Game,
    seats: Sequence[m.Seat],
    action: m.Action,
    season_id: int,
    also: tuple[str, list[Any]] | None = None,
) -> int:
    """Store ``game`` (its id and number given), its ``seats`` (ids given), their
    history rows, ``action`` and a new revision of the season noting the game: one
    statement, with ``also`` (a statement and its values: the API key's answer) in
    it. The season's new revision."""
    quote = connection.ops.quote_name
    # who made the history rows: as django-simple-history finds them (the request's)
    user = _historical(m.Game).get_default_history_user(game)
    user_pk = None if user is None else user.pk
    when = m.Game._meta.get_field("created").get_db_prep_save(timezone.now(), connection)
    made = [_insert([game]), _insert(list(seats))]  # and each one's history row
    parts = [made[0], _history(m.Game, "w0", when, user_pk), made[1],
             _history(m.Seat, "w2", when, user_pk), _insert([action])]  # fmt: skip
    if also is not None:
        parts.append(also)
    season, change = m.Season._meta.db_table, m.SeasonChange._meta.db_table
    games = m.SeasonChange._meta.get_field("games").get_db_prep_save([game.pk], connection)
    sql = "WITH " + ", ".join(f"w{n} AS ({text})" for n, (text, _) in enumerate(parts))
    sql += (
        f", raised AS (UPDATE {quote(season)} SET {quote('revision')} = "
        f"{quote('revision')} + 1 WHERE {quote('id')} = %s RETURNING {quote('id')}, "
        f"{quote('revision')}) INSERT INTO {quote(change)} ({quote('season_id')}, "
        f"{quote('revision')}, {quote('games')}) SELECT {quote('id')}, {quote('revision')}, "
        f"%s FROM raised RETURNING {quote('revision')}"
    )
    params = [value for _, values in parts for value in values] + [season_id, games]
    with reads.cursor(numbered=True) as cursor:
        cursor.execute(sql, params)
        (revision,) = cursor.fetchone()
    for row in (game, *seats):
        row._state.adding, row._state.db = False, connection.alias
    return int(revision)


def _insert(rows: list[Model]) -> tuple[str, list[Any]]:
    """Django's ``INSERT`` of ``rows`` (one model), their ids included where given,
    returning every column (for the history rows). Its text depends only on the model,
    the number of rows and whether ids are given (:func:`_insert_text`); each call
    prepares the values as Django's compiler does (``pre_save``, then
    ``get_db_prep_save``). Compiling the text on every call took 1.2 ms of a game's
    ~11 ms of CPU (issue 18)."""
    model = type(rows[0])
    fields = _insert_fields(model, rows[0].pk is not None)
    # the connection itself: each use of Django's proxy looks it up again (asgiref)
    compiler = InsertQuery(model).get_compiler(connection=connections[connection.alias])
    values = [[f.pre_save(row, add=True) for f in fields] for row in rows]
    text = _insert_text(model, fields, len(rows))
    if text is None or any(hasattr(v, "resolve_expression") for row in values for v in row):
        sql, params = _compiled(model, fields, rows)  # Django's own way, as it is
        return f"{sql} RETURNING *", params
    return text, [
        compiler.prepare_value(f, v) for row in values for f, v in zip(fields, row, strict=True)
    ]


@cache
def _insert_fields(model: type[Model], with_pk: bool) -> tuple[Any, ...]:
    return tuple(f for f in model._meta.concrete_fields if with_pk or not f.primary_key)


def _compiled(
    model: type[Model], fields: Sequence[Any], rows: list[Model]
) -> tuple[str, list[Any]]:
    query = InsertQuery(model)
    query.insert_values(list(fields), rows)
    [(sql, params)] = query.get_compiler(connection=connection).as_sql()
    return sql, list(params)


@cache
def _insert_text(model: type[Model], fields: tuple[Any, ...], count: int) -> str | None:
    """The ``INSERT`` of ``count`` rows of ``model``: the row Django's compiler writes,
    its ``VALUES`` given once a row. (For several rows Django's compiler on PostgreSQL
    writes ``UNNEST`` of one array a column, and psycopg writes an array of JSON in
    Python, each quote escaped by a function ``re.sub`` calls: about 1 ms of a game's
    CPU for its seats' ``parts``.) None where the row is not plain placeholders."""
    sql, _ = _compiled(model, fields, [model(**{f.attname: None for f in fields})])
    head, _, row = sql.rpartition(" VALUES ")
    if row != "(" + ", ".join(["%s"] * len(fields)) + ")":
        return None
    return f"{head} VALUES {', '.join([row] * count)} RETURNING *"


def _history(model: type[Model], made: str, when: Any, user: int | None) -> tuple[str, list[Any]]:
    """The history rows django-simple-history writes for the rows of ``model`` that
    the part ``made`` inserted (a creation: ``+``, by ``user``)."""
    return _history_sql(model, made), [when, user]


@cache
def _historical(model: type[Model]) -> Any:
    """``model``'s history model (``Model.history`` makes a new manager each time)."""
    return model.history.model  # type: ignore[attr-defined]


@cache
def _history_sql(model: type[Model], made: str) -> str:
    historical = _historical(model)
    quote = connection.ops.quote_name
    fields = [f for f in historical._meta.concrete_fields if not f.name.startswith("history_")]
    columns = [quote(f.column) for f in fields]
    named = ", ".join([*columns, *map(quote, ("history_date", "history_change_reason",
                                             "history_type", "history_user_id"))])  # fmt: skip
    return (f"INSERT INTO {quote(historical._meta.db_table)} ({named}) "
            f"SELECT {', '.join(columns)}, %s, NULL, '+', %s FROM {made}")  # fmt: skip
