"""The reads every API write makes first, each one written query: the token's user;
the night with its season, club and rules now, the user's role there and whether the
season has substitutes; the club's players a game names. Through the ORM each cost more
of a worker's time to build and compile than to run (the night with its role and
substitutes 1.5 ms of CPU, its SQL 0.1 ms: issue 18's 200 games a second); the columns
and the values' conversions are the ORM's own (:func:`columns`, :func:`instance`), so
the rows are what the ORM gives, which ``tests/web/test_reads.py`` holds against it.

Anything else reads through the ORM: these are the ones every game entered makes."""

from __future__ import annotations

import itertools
import re
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from functools import cache, lru_cache
from typing import Any

from django.conf import settings
from django.contrib.auth import get_user_model
from django.db import connection
from django.db.models import Model

from seisan.i18n import name_key
from seisan.web.clubs import models as m

#: names asked in one prepared statement at the most (:func:`players`): each count of
#: names is a statement of its own, and a connection keeps a hundred
PREPARED_NAMES = 16


@contextmanager
def cursor(prepare: bool = True, numbered: bool = False) -> Iterator[Any]:
    """A cursor for the few statements every game makes (these reads, the key's row,
    the night's lock and number, the game's insert). On PostgreSQL their values go apart
    from the query and each is prepared once a connection: PostgreSQL parses and plans it
    once, and psycopg neither quotes the values into the text nor splits a long query
    again (helper-61: 1.5-2.3 ms of CPU a game less, most of it PostgreSQL's). Django's
    own cursor binds on the client (a prefetch may send more than a statement's 65,535
    parameters: docs/decisions.md); these send a few dozen. ``SEISAN_PG_PREPARE=0``
    turns it off, for a pooler in transaction mode that keeps no prepared statement.

    ``numbered``: the statement's ``%s`` are turned into PostgreSQL's ``$1``, ``$2``…
    once a text (:func:`_numbered`) and it is sent as it is (psycopg's ``RawCursor``):
    psycopg splits a statement again on every run when it is longer than 4,096
    characters or has more than 50 values (a game's insert has 76), about 0.4 ms of a
    game's CPU (issue 18)."""
    if not (prepare and settings.SEISAN_PREPARED and connection.vendor == "postgresql"):
        with connection.cursor() as plain:
            yield plain
        return
    bound = _Prepared(numbered)
    try:
        yield bound
    finally:
        bound.cursor.close()


class _Prepared:
    """A cursor whose statements are bound and prepared on the server, made again on a
    new connection when PostgreSQL refuses one it prepared (helper-62): a migration
    that changes a column a prepared read returns makes every later run of it fail
    ("cached plan must not change result type", a feature not supported), and outside
    a transaction nothing would ever make the connection forget it. Inside one, the
    statement fails once: the transaction's rollback makes psycopg forget them all."""

    def __init__(self, numbered: bool = False) -> None:
        self.numbered = numbered
        self.cursor = self._new()

    def _new(self) -> Any:
        from django.db.backends.postgresql.base import ServerBindingCursor  # noqa: PLC0415

        connection.close_if_health_check_failed()  # (as Django's own cursor() does)
        connection.ensure_connection()
        raw = connection.connection
        if raw.prepare_threshold is None:  # (Django's default: never; client cursors never do)
            raw.prepare_threshold = 0  # a bound statement is prepared at its first run
        # Django's own wrapper, as connection.cursor() gives: queries counted and logged
        kind = _raw_binding_cursor() if self.numbered else ServerBindingCursor
        made = kind(raw)  # (psycopg's Cursor(conn))
        return connection._prepare_cursor(made)  # type: ignore[attr-defined]

    def execute(self, sql: str, params: Sequence[Any]) -> Any:
        from django.db import NotSupportedError  # noqa: PLC0415

        if self.numbered:
            sql = _numbered(sql)
        try:
            return self.cursor.execute(sql, params)
        except NotSupportedError:
            if connection.in_atomic_block:
                raise
            self.cursor.close()
            connection.close()  # its prepared statements go with it
            self.cursor = self._new()
            return self.cursor.execute(sql, params)

    def __getattr__(self, name: str) -> Any:
        return getattr(self.cursor, name)


@cache
def _raw_binding_cursor() -> type:
    """Django's server-binding cursor sending its statements as written (``$1``)."""
    import psycopg  # noqa: PLC0415
    from django.db.backends.postgresql.base import CursorMixin  # noqa: PLC0415

    return type("RawBindingCursor", (CursorMixin, psycopg.RawCursor), {})


@lru_cache(maxsize=256)
def _numbered(sql: str) -> str:
    """``sql`` with PostgreSQL's numbered parameters for psycopg's ``%s`` (``%%`` a
    ``%``): what psycopg does to it on every run, done once a text."""
    count = itertools.count(1)

    def number(found: re.Match[str]) -> str:
        if found[1] not in ("s", "%"):
            raise ValueError(f"a statement with a placeholder other than %s: {sql[:80]}")
        return "%" if found[1] == "%" else f"${next(count)}"

    return re.sub(r"%(.?)", number, sql, flags=re.DOTALL)


@cache
def columns(model: type[Model], alias: str) -> str:
    """The model's columns, as ``alias."column"``, in the order :func:`instance` reads
    (both databases quote a name alike)."""
    quote = connection.ops.quote_name
    return ", ".join(f"{alias}.{quote(str(f.column))}" for f in model._meta.concrete_fields)


Converters = list[tuple[int, list[tuple[Callable[..., Any], Any]]]]


@cache
def _converters(model: type[Model], vendor: str) -> Converters:
    """Each field's conversions from the database's value, as the ORM applies them
    (SQLite's dates and booleans, time zones): ``(index, [(converter, column)…])``."""
    del vendor  # the key: a process speaks to one kind of database
    found = []
    for n, field in enumerate(model._meta.concrete_fields):
        column = field.get_col(model._meta.db_table)
        each = [*connection.ops.get_db_converters(column), *column.get_db_converters(connection)]
        if each:
            found.append((n, [(converter, column) for converter in each]))
    return found


def instance(model: type[Model], values: Sequence[Any]) -> Any:
    """A model instance from its columns' values (:func:`columns`), as the ORM makes it."""
    values = list(values)
    for n, each in _converters(model, connection.vendor):
        for converter, column in each:
            values[n] = converter(values[n], column, connection)
    return model.from_db(connection.alias, _attnames(model), values)


@cache
def _attnames(model: type[Model]) -> list[str]:
    return [f.attname for f in model._meta.concrete_fields]


def token(token_hash: str) -> Any | None:
    """The live API token with this hash, its user read with it (None: no such token)."""
    from seisan.web.accounts.models import ApiToken  # noqa: PLC0415 - the accounts app's

    user_model = get_user_model()
    quote = connection.ops.quote_name
    with cursor() as cursor_:
        cursor_.execute(
            f"SELECT {columns(ApiToken, 't')}, {columns(user_model, 'u')} "
            f"FROM {quote(ApiToken._meta.db_table)} t "
            f"JOIN {quote(user_model._meta.db_table)} u ON u.{quote('id')} = t.{quote('user_id')} "
            f"WHERE t.{quote('token_hash')} = %s AND t.{quote('revoked')} IS NULL",
            [token_hash],
        )
        row = cursor_.fetchone()
    if row is None:
        return None
    size = len(ApiToken._meta.concrete_fields)
    found = instance(ApiToken, row[:size])
    found._state.fields_cache["user"] = instance(user_model, row[size:])
    return found


def night(slug: str, pk: int, user: Any) -> m.Session | None:
    """The night ``pk`` of the club ``slug`` with its season and club, ``role`` (the
    user's role in the club, or None), ``substituted`` (whether the season has a
    substitute) and ``rules_now`` (the season's rules now, :attr:`m.Season.rules`, or
    None if it has none): None if the club has no such night."""
    from seisan.web.events.models import Substitution  # noqa: PLC0415 - the events app's

    quote = connection.ops.quote_name
    s_id, se_id = f"s.{quote('season_id')}", f"se.{quote('id')}"
    rules = quote(m.RulesVersion._meta.db_table)
    sizes = [len(model._meta.concrete_fields) for model in (m.Session, m.Season, m.Club)]
    user_pk = user.pk if getattr(user, "is_authenticated", False) else None
    with cursor() as cursor_:
        cursor_.execute(
            f"SELECT {columns(m.Session, 's')}, {columns(m.Season, 'se')}, "
            f"{columns(m.Club, 'c')}, {columns(m.RulesVersion, 'v')}, "
            f"(SELECT r.{quote('role')} FROM {quote(m.Membership._meta.db_table)} r "
            f"WHERE r.{quote('club_id')} = c.{quote('id')} AND r.{quote('user_id')} = %s "
            f"LIMIT 1), "
            f"EXISTS(SELECT 1 FROM {quote(Substitution._meta.db_table)} b "
            f"WHERE b.{quote('season_id')} = {s_id}) "
            f"FROM {quote(m.Session._meta.db_table)} s "
            f"JOIN {quote(m.Season._meta.db_table)} se ON {se_id} = {s_id} "
            f"JOIN {quote(m.Club._meta.db_table)} c ON c.{quote('id')} = se.{quote('club_id')} "
            f"LEFT JOIN {rules} v ON v.{quote('id')} = (SELECT w.{quote('id')} FROM {rules} w "
            f"WHERE w.{quote('season_id')} = {se_id} ORDER BY w.{quote('number')} DESC LIMIT 1) "
            f"WHERE c.{quote('slug')} = %s AND s.{quote('id')} = %s",
            [user_pk, slug, pk],
        )
        row = cursor_.fetchone()
    if row is None:
        return None
    ends = list(itertools.accumulate(sizes))  # then the rules' columns, role, substituted
    found: m.Session = instance(m.Session, row[: ends[0]])
    season = instance(m.Season, row[ends[0] : ends[1]])
    club = instance(m.Club, row[ends[1] : ends[2]])
    rules = row[ends[2] : -2]  # none if the season has no rules (it always has)
    rules_now = instance(m.RulesVersion, rules) if rules[0] is not None else None
    season._state.fields_cache["club"] = club
    found._state.fields_cache["season"] = season
    if rules_now is not None:
        rules_now._state.fields_cache["season"] = season
    found.role, found.substituted = row[-2], bool(row[-1])  # type: ignore[attr-defined]
    found.rules_now = rules_now  # type: ignore[attr-defined]
    return found


#: names asked in one query (two parameters each: SQLite's usual limit is 32,766)
NAMES_AT_ONCE = 4096


def players(club: m.Club, names: Sequence[str]) -> list[m.Player | None]:
    """The club's player (not merged into another) called each of ``names``, told apart
    as the club's unique index of names tells them (:func:`seisan.i18n.name_key`), or
    None: one query for every few thousand names (an imported file's)."""
    found: list[m.Player | None] = [None] * len(names)
    quote = connection.ops.quote_name
    for start in range(0, len(names), NAMES_AT_ONCE):
        part = names[start : start + NAMES_AT_ONCE]
        asked = ", ".join(["(%s, %s)"] * len(part))
        with cursor(len(part) <= PREPARED_NAMES) as cursor_:
            cursor_.execute(
                f"SELECT n.column1, {columns(m.Player, 'p')} FROM (VALUES {asked}) n "
                f"JOIN {quote(m.Player._meta.db_table)} p ON p.{quote('club_id')} = %s "
                f"AND p.{quote('merged_into_id')} IS NULL "
                f"AND p.{quote('key')} = n.column2",
                [value for k, name in enumerate(part, start) for value in (k, name_key(name))]
                + [club.pk],
            )
            rows = cursor_.fetchall()
        for row in rows:
            player = instance(m.Player, row[1:])
            player._state.fields_cache["club"] = club
            found[row[0]] = player
    return found
