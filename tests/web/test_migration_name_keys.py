"""Migrations 0011 (clubs) and 0005 (events) on rows stored before them, run as a
deployment runs them (``migrate``, in their transactions, on SQLite and PostgreSQL):
the rows' functions are tested in ``test_canonical_names.py``; here, that the
migrations themselves go through with twins to rename (PostgreSQL refused to make the
index after the rows were written in the same transaction)."""

from __future__ import annotations

import pytest
from django.db import connection
from django.db.migrations.executor import MigrationExecutor

BEFORE = [
    ("clubs", "0010_house_is_not_a_players_name"),
    ("events", "0004_tournament"),
    ("tables", "0003_yaku_by_tenhou_names"),
]


def _migrate(targets: list[tuple[str, str]]) -> MigrationExecutor:
    executor = MigrationExecutor(connection)
    executor.loader.build_graph()
    executor.migrate(targets)
    return executor


@pytest.mark.django_db(transaction=True)
def test_the_migrations_rename_twins_stored_before_them() -> None:
    executor = _migrate(BEFORE)
    try:
        old = executor.loader.project_state(BEFORE).apps
        club = old.get_model("clubs", "Club").objects.create(name="C", slug="c")
        season = old.get_model("clubs", "Season").objects.create(club=club, name="S")
        players = old.get_model("clubs", "Player").objects
        for name in ("Ana", "Ａｎａ", "Strauss", "Strauß"):  # each its own to LOWER
            players.create(club=club, name=name)
        teams = old.get_model("events", "Team").objects
        teams.create(season=season, name="Kaze")
        teams.create(season=season, name="ＫＡＺＥ")
        executor = _migrate(executor.loader.graph.leaf_nodes())
        new = executor.loader.project_state(executor.loader.graph.leaf_nodes()).apps
        stored = new.get_model("clubs", "Player").objects.order_by("pk")
        assert list(stored.values_list("name", "key")) == [
            ("Ana", "ana"), ("Ａｎａ 2", "ana 2"), ("Strauss", "strauss"),
            ("Strauß 2", "strauss 2")]  # fmt: skip
        teams = new.get_model("events", "Team").objects.order_by("pk")
        assert list(teams.values_list("name", "key")) == [
            ("Kaze", "kaze"),
            ("ＫＡＺＥ 2", "kaze 2"),
        ]
    finally:
        _migrate(MigrationExecutor(connection).loader.graph.leaf_nodes())
