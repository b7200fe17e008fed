"""The JSON API (issue 18): settling without an account (the same answer as
``seisan settle --format json``, for every preset), personal tokens, the pages' roles,
games entered once whatever the retries (``Idempotency-Key``), edits from a stale
version refused with ``409`` and the game as it is, errors as JSON in the reader's
language, and the standings the core gives for the stored games."""

from __future__ import annotations

import json
import re
import shlex
import subprocess
import sys
from collections.abc import Callable
from datetime import timedelta
from pathlib import Path
from typing import Any

import pytest
from django.test import Client, override_settings
from django.urls import reverse
from django.utils import timezone
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from typer.testing import CliRunner

from seisan.cli import app
from seisan.presets import presets
from seisan.web.accounts.models import ApiToken
from seisan.web.accounts.tokens import hash_token, new_api_token
from seisan.web.api.models import IdempotentRequest
from seisan.web.clubs import models as m
from seisan.web.clubs.standings import season_standings

from .conftest import EXAMPLES, make_user, season_with

NAMES = ["Ana", "Ben", "Chie", "Dae"]
PRESETS = [r.name for r in presets()]


def settle(client: Client, body: Any, lang: str = "en", raw: bool = False) -> Any:
    data = body if raw else json.dumps(body)
    return client.post("/api/settle", data, content_type="application/json",
                       HTTP_ACCEPT_LANGUAGE=lang)  # fmt: skip


def cli_json(rules: str, points: list[int], names: list[str], *options: str) -> Any:
    args = ["settle", "--rules", rules, "--names", ",".join(names), "--format", "json",
            "--lang", "en", *options, "--", *map(str, points)]  # fmt: skip
    out = CliRunner().invoke(app, args)
    assert out.exit_code == 0, out.output
    return json.loads(out.stdout)


def table_points(name: str, deltas: list[int]) -> list[int]:
    rules = next(r for r in presets() if r.name == name)
    held = rules.start * rules.players
    points = [rules.start + d for d in deltas[: rules.players - 1]]
    return [*points, held - sum(points)]


# -- settling without an account --------------------------------------------------------


@pytest.mark.django_db
@pytest.mark.parametrize("preset", PRESETS)
def test_settle_is_the_cli_json_for_every_preset(preset: str) -> None:
    points = table_points(preset, [17600, 6000, -8600])
    names = NAMES[: len(points)]
    answer = settle(Client(), {"rules": preset, "points": points, "players": names})
    assert answer.status_code == 200, answer.content
    assert answer.json() == cli_json(preset, points, names)


@pytest.mark.django_db
@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    preset=st.sampled_from(PRESETS),
    deltas=st.lists(st.integers(-300, 300).map(lambda x: x * 100), min_size=3, max_size=3),
    sashi=st.lists(
        st.tuples(st.integers(0, 2), st.integers(1, 3), st.integers(1, 30).map(lambda x: x * 1000)),
        max_size=2,
    ),
    rate=st.sampled_from([None, 50, 100]),
)
def test_settle_with_random_side_bets_is_the_cli_json(
    preset: str, deltas: list[int], sashi: list[tuple[int, int, int]], rate: int | None
) -> None:
    points = table_points(preset, deltas)
    names = NAMES[: len(points)]
    bets = [f"{names[a]}:{names[b % len(names)]}:{v}" for a, b, v in sashi
            if names[a] != names[b % len(names)]]  # fmt: skip
    body: dict[str, Any] = {"rules": preset, "points": points, "players": names}
    options: list[str] = []
    if bets:
        body["sashi"] = bets
        options += [f"--sashi={b}" for b in bets]
    if rate is not None:
        body["changes"] = {"money": {"rate": rate}}
        options += ["--rate", str(rate)]
    answer = settle(Client(), body)
    assert answer.status_code == 200, answer.content
    assert answer.json() == cli_json(preset, points, names, *options)


@pytest.mark.django_db
def test_a_rules_object_settles_as_the_same_house_rules_file(tmp_path: Path) -> None:
    house = {"extends": "mleague", "uma": [20, 10, -10, -20], "money": {"rate": 100}}
    (tmp_path / "house.toml").write_text(
        'extends = "mleague"\numa = [20, 10, -10, -20]\n[money]\nrate = 100\n'
    )
    points = [42600, 31000, 16400, 10000]
    answer = settle(Client(), {"rules": house, "points": points, "players": NAMES}).json()
    expected = cli_json(str(tmp_path / "house.toml"), points, NAMES)
    assert answer["results"] == expected["results"]
    assert answer["money_transfers"] == expected["money_transfers"]
    assert [r["money"] for r in answer["results"]] == [5260, 1100, -2360, -4000]


@pytest.mark.django_db
def test_settle_keeps_exact_decimals_as_json_numbers() -> None:
    answer = settle(Client(), {"rules": "mleague", "points": [42600, 31000, 16400, 10000]})
    text = answer.content.decode()
    assert '"score": 62.6' in text and '"score": -50.0' not in text
    assert [r["name"] for r in answer.json()["results"]] == ["East", "South", "West", "North"]


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("body", "lang", "status", "code", "message"),
    [
        ({"rules": "mleague", "points": [40000, 30000, 20000, 9000]}, "en", 400, "invalid",
         "points total 99000"),
        ({"rules": "nosuch", "points": [25000] * 4}, "ja", 400, "invalid", "nosuch"),
        ({"rules": "/etc/passwd.toml", "points": [25000] * 4}, "en", 400, "invalid",
         "unknown"),
        ({"rules": 5, "points": [25000] * 4}, "en", 422, "invalid_request", "rules"),
        ({"rules": "mleague", "points": ["25000"] * 4}, "ko", 422, "invalid_request",
         "정수"),
        ({"rules": "mleague"}, "ja", 422, "invalid_request", "points"),
        ({"rules": "mleague", "points": [25000] * 4, "chip": 3}, "en", 400, "invalid",
         "chip"),
        ({"rules": "mleague", "points": [25000] * 4, "deposits": -1}, "en", 422,
         "invalid_request", "deposits"),
        # a fee with no rate: refused, not dropped (the CLI refuses it too)
        ({"rules": {"extends": "mleague", "money": {"fee": 500}}, "points": [25000] * 4},
         "en", 400, "invalid", "money.fee = 500: a fee is money: it needs a rate (money.rate)"),
        ({"rules": "mleague", "changes": {"side": {"shizumi_line": 20000}},
          "points": [25000] * 4}, "en", 400, "invalid",
         "side.shizumi_line = 20000: does nothing without 沈みウマ (side.shizumi)"),
        ({"rules": "mleague", "changes": {"money": {"fee": 500}}, "points": [25000] * 4},
         "ja", 400, "invalid", "money.fee"),
    ],
)  # fmt: skip
def test_settle_errors_are_json_in_the_readers_language(
    body: Any, lang: str, status: int, code: str, message: str
) -> None:
    answer = settle(Client(), body, lang)
    assert answer.status_code == status, answer.content
    error = answer.json()["error"]
    assert error["code"] == code
    assert message in error["message"], error


@pytest.mark.django_db
def test_a_body_that_is_not_json_is_one_error() -> None:
    answer = settle(Client(), "{points: [", raw=True)
    assert answer.status_code in (400, 422)
    assert answer.json()["error"]["code"] == "invalid_request"


@pytest.mark.django_db
def test_settlements_are_limited_per_address(settings: Any) -> None:
    settings.SEISAN_API_SETTLE_RATE = 3
    body = {"rules": "mleague", "points": [25000] * 4}
    codes = [settle(Client(), body).status_code for _ in range(4)]
    assert codes == [200, 200, 200, 429]
    other = Client(REMOTE_ADDR="10.0.0.2")
    assert settle(other, body).status_code == 200


# -- tokens and roles -------------------------------------------------------------------


def bearer(token: str, lang: str = "en") -> dict[str, str]:
    return {"HTTP_AUTHORIZATION": f"Bearer {token}", "HTTP_ACCEPT_LANGUAGE": lang}


@pytest.fixture
def token_of(club: m.Club) -> Callable[[Any], str]:
    return lambda user: new_api_token(user, "bot")


def test_a_token_is_made_on_the_profile_page_shown_once_and_kept_hashed(
    signed_in: Client, owner: Any
) -> None:
    made = signed_in.post(reverse("api_tokens"), {"name": "Discord bot"}, follow=True)
    page = made.content.decode()
    token = page.split("<code>")[1].split("</code>")[0]
    assert token.startswith("seisan_") and len(token) > 40
    stored = ApiToken.objects.get(user=owner)
    assert stored.token_hash == hash_token(token) and token not in stored.token_hash
    assert token not in signed_in.get(reverse("api_tokens")).content.decode()  # once
    assert Client().get("/api/clubs", **bearer(token)).status_code == 200
    signed_in.post(reverse("revoke_api_token", args=[stored.pk]))
    answer = Client().get("/api/clubs", **bearer(token, "ja"))
    assert answer.status_code == 401
    assert answer.json()["error"]["code"] == "unauthorized"
    assert "API" in answer.json()["error"]["message"]


def test_no_token_or_a_wrong_one_is_401(club: m.Club) -> None:
    assert Client().get("/api/clubs").status_code == 401
    assert Client().get("/api/clubs", **bearer("seisan_nope")).status_code == 401


def test_roles_are_the_pages_roles(
    club: m.Club, session: m.Session, member_of: Callable[[str], Any],
    token_of: Callable[[Any], str],
) -> None:  # fmt: skip
    member, scorer = token_of(member_of("member")), token_of(member_of("scorer"))
    outsider = token_of(make_user("stranger@example.com"))
    url = f"/api/clubs/test/sessions/{session.pk}"
    game = {"players": NAMES, "points": [42600, 31000, 16400, 10000]}
    assert Client().get(url, **bearer(member)).status_code == 200
    assert Client().get(url, **bearer(outsider)).status_code == 403
    assert Client().get("/api/clubs/nosuch", **bearer(member)).status_code == 404
    post = Client().post(url + "/games", json.dumps(game), content_type="application/json",
                         **bearer(member))  # fmt: skip
    assert post.status_code == 403 and post.json()["error"]["code"] == "forbidden"
    post = Client().post(url + "/games", json.dumps(game), content_type="application/json",
                         **bearer(scorer))  # fmt: skip
    assert post.status_code == 201, post.content
    assert [c["slug"] for c in Client().get("/api/clubs", **bearer(outsider)).json()] == []


# -- games: exactly once, edits without lost updates ------------------------------------


def post_game(token: str, session: m.Session, body: Any, key: str | None = None) -> Any:
    headers = bearer(token)
    if key is not None:
        headers["HTTP_IDEMPOTENCY_KEY"] = key
    return Client().post(f"/api/clubs/test/sessions/{session.pk}/games", json.dumps(body),
                         content_type="application/json", **headers)  # fmt: skip


def test_a_night_asked_for_by_someone_without_the_role_is_refused_before_it_is_looked_up(
    owner: Any, session: m.Session, member_of: Callable[[str], Any],
    token_of: Callable[[Any], str],
) -> None:  # fmt: skip
    """403 for a club that is not the user's, or a role too small, whatever night is
    asked for (one there, one not, an id out of range); 404 for a club that does not
    exist, or a night not in a club of the user's. (The night, its club and the role
    are read in one query; an out-of-range id does not skip the role.)"""
    outsider = token_of(make_user("stranger@example.com"))
    member = token_of(member_of(m.Role.MEMBER))
    own = token_of(owner)
    table = {"players": NAMES, "points": [42600, 31000, 16400, 10000]}

    def status(token: str, slug: str, night: int, post: bool = False) -> int:
        url = f"/api/clubs/{slug}/sessions/{night}"
        if post:
            sent = json.dumps(table)
            answer = Client().post(f"{url}/games", sent, content_type="application/json",
                                   **bearer(token))  # fmt: skip
            return int(answer.status_code)
        return int(Client().get(url, **bearer(token)).status_code)

    for night in (session.pk, 999_999, 0):
        assert status(outsider, "test", night) == 403
        assert status(member, "test", night, post=True) == 403
    assert status(outsider, "nosuch", 0) == 404
    assert status(member, "test", 999_999) == status(own, "test", 0) == 404
    assert status(own, "test", session.pk) == 200 and session.games.count() == 0


def test_the_history_rows_of_a_game_entered_through_the_api_name_its_user(
    owner: Any, member_of: Callable[[str], Any], session: m.Session,
    token_of: Callable[[Any], str],
) -> None:  # fmt: skip
    """Who entered a game, as the game's and its seats' history rows keep it: the
    token's user (on PostgreSQL the rows are written in one statement, by
    ``clubs/inserts.py``; on SQLite by django-simple-history's signals)."""
    scorer = member_of(m.Role.SCORER)
    table = {"players": NAMES, "points": [42600, 31000, 16400, 10000]}
    made = post_game(token_of(scorer), session, table)
    assert made.status_code == 201, made.content
    game = made.json()["id"]
    assert list(m.Game.history.filter(id=game).values_list("history_user_id", "history_type")) == [
        (scorer.pk, "+")]  # fmt: skip
    seats = m.Seat.history.filter(game_id=game).values_list("history_user_id", "history_type")
    assert list(seats) == [(scorer.pk, "+")] * 4
    assert m.Action.objects.get(game_id=game).who == scorer


@pytest.mark.django_db(transaction=True)
def test_a_retry_is_given_its_answer_once_the_game_is_on_disk(
    owner: Any, session: m.Session, token_of: Callable[[Any], str],
    monkeypatch: pytest.MonkeyPatch,
) -> None:  # fmt: skip
    """The answer a retry is given was stored with its game, whose request may still be
    waiting for the WAL flush: the retry waits for the disk too (helper-73). On SQLite
    every commit waits already, and nothing more is asked."""
    from django.db import connection  # noqa: PLC0415

    from seisan.web.clubs import inserts  # noqa: PLC0415

    flushed: list[int] = []
    real = inserts.wait_for_disk
    monkeypatch.setattr(inserts, "wait_for_disk", lambda: (flushed.append(1), real())[1])
    token = token_of(owner)
    body = {"players": NAMES, "points": [42600, 31000, 16400, 10000]}
    post_game(token, session, body, "once")
    first = len(flushed)  # (its own, on PostgreSQL, where the test is not in a transaction)
    again = post_game(token, session, body, "once")
    assert again["Idempotent-Replayed"] == "true"
    on_pg = connection.vendor == "postgresql" and not connection.in_atomic_block
    assert len(flushed) - first == (1 if on_pg else 0)


def test_a_game_sent_again_with_its_key_is_stored_once(
    owner: Any, session: m.Session, token_of: Callable[[Any], str]
) -> None:
    token = token_of(owner)
    body = {"players": NAMES, "points": [42600, 31000, 16400, 10000], "sashi": ["Ana:Ben:10000"]}
    first = post_game(token, session, body, "game-1")
    again = post_game(token, session, body, "game-1")
    assert first.status_code == again.status_code == 201
    assert again.json() == first.json() and again["Idempotent-Replayed"] == "true"
    assert session.games.count() == 1
    seats = {x["name"]: x for x in first.json()["seats"]}
    assert seats["Ana"]["score"] == 62.6 and seats["Ana"]["total"] == 72.6
    other = post_game(token, session, {**body, "points": [10000, 16400, 31000, 42600]}, "game-1")
    assert other.status_code == 422 and other.json()["error"]["code"] == "key_reused"
    assert post_game(token, session, body, "game-2").json()["number"] == 2
    assert session.games.count() == 2


@pytest.mark.parametrize("prepared", [True, False])
def test_a_games_statements_are_prepared_on_postgresql_unless_told_not_to(
    owner: Any, session: m.Session, token_of: Callable[[Any], str], settings: Any,
    prepared: bool,
) -> None:  # fmt: skip
    """helper-61: the token, the night, the players, the key's row, the night's lock and
    number and the game's insert are prepared once a connection (PostgreSQL parses and
    plans them once; 1.5-2.3 ms of CPU a game less), unless ``SEISAN_PG_PREPARE=0``
    (a pooler in transaction mode keeps no prepared statement); the answers alike."""
    from django.db import connection  # noqa: PLC0415

    if connection.vendor != "postgresql":
        pytest.skip("prepared statements are PostgreSQL's; SQLite's are its driver's own")
    settings.SEISAN_PREPARED = prepared
    token = token_of(owner)
    body = {"players": NAMES, "points": [42600, 31000, 16400, 10000]}
    made = [post_game(token, session, body, f"p{n}") for n in range(3)]
    assert [a.status_code for a in made] == [201] * 3
    assert [a.json()["number"] for a in made] == [1, 2, 3]
    assert post_game(token, session, body, "p1").json() == made[1].json()  # the same answer
    with connection.cursor() as cursor:
        cursor.execute("SELECT statement FROM pg_prepared_statements")
        statements = " ".join(row[0] for row in cursor.fetchall())
    for written in ("FOR UPDATE", "INSERT INTO", "token_hash", "nextval"):
        assert (written in statements) is prepared, written


@pytest.mark.django_db(transaction=True)
def test_a_migration_beside_a_running_server_leaves_its_prepared_reads_working(
    owner: Any, club: m.Club, token_of: Callable[[Any], str]
) -> None:
    """helper-62: a column a prepared read returns changes type (a migration run while
    the server is up, as the README's deploy order does); PostgreSQL then refused the
    prepared statement ("cached plan must not change result type") on every game, for
    as long as the connection lived. Now the read runs again on a new connection."""
    import psycopg  # noqa: PLC0415
    from django.db import connection  # noqa: PLC0415

    if connection.vendor != "postgresql":
        pytest.skip("prepared statements are PostgreSQL's")
    night = m.Session.objects.create(season=season_with(club, "mleague", owner))
    token = token_of(owner)
    body = {"players": NAMES, "points": [42600, 31000, 16400, 10000]}
    assert post_game(token, night, body, "before").status_code == 201
    table = m.Club._meta.db_table
    column = m.Club._meta.get_field("name")
    width = column.max_length

    def alter(size: int) -> None:  # from another connection, as `migrate` would
        params = connection.get_connection_params()
        params.pop("cursor_factory", None)
        with psycopg.connect(**params, autocommit=True) as other:
            other.execute(f'ALTER TABLE "{table}" ALTER COLUMN "{column.column}" '
                          f"TYPE varchar({size})")  # fmt: skip

    alter(width + 100)
    try:
        after = post_game(token, night, body, "after")
        assert after.status_code == 201, after.content
        assert after.json()["number"] == 2
    finally:
        alter(width)


def test_a_failed_game_leaves_its_key_free(
    owner: Any, session: m.Session, token_of: Callable[[Any], str]
) -> None:
    token = token_of(owner)
    bad = post_game(token, session, {"players": NAMES, "points": [1, 2, 3, 4]}, "k")
    assert bad.status_code == 400 and "points" in bad.json()["error"]["message"]
    assert not IdempotentRequest.objects.exists() and not session.games.exists()
    good = post_game(token, session, {"players": NAMES, "points": [25000] * 4}, "k")
    assert good.status_code == 201


def test_a_key_is_kept_a_day_and_its_old_answers_go_now_and_then(
    owner: Any, season: m.Season, token_of: Callable[[Any], str],
    monkeypatch: pytest.MonkeyPatch,
) -> None:  # fmt: skip
    """A key's answer is given again for 24 hours; after that the key is free even
    before the old answer is deleted, which happens every hundredth request."""
    import itertools  # noqa: PLC0415

    from seisan.web.api import idempotency  # noqa: PLC0415

    monkeypatch.setattr(idempotency, "_requests", itertools.count(1))  # no purge yet
    token = token_of(owner)

    def night(title: str, key: str) -> Any:
        return Client().post(f"/api/clubs/test/seasons/{season.pk}/sessions",
                             json.dumps({"date": "2026-12-04", "title": title}),
                             content_type="application/json", HTTP_IDEMPOTENCY_KEY=key,
                             **bearer(token))  # fmt: skip

    first = night("Friday", "day")
    assert first.status_code == 201
    row = IdempotentRequest.objects.get(key="day")
    IdempotentRequest.objects.filter(pk=row.pk).update(
        created=timezone.now() - idempotency.KEPT + timedelta(minutes=1))  # fmt: skip
    assert night("Saturday", "day").status_code == 422  # still kept: another request
    assert night("Friday", "day").json() == first.json()  # the same: its answer again
    IdempotentRequest.objects.filter(pk=row.pk).update(
        created=timezone.now() - idempotency.KEPT - timedelta(minutes=1))  # fmt: skip
    stale = IdempotentRequest.objects.create(user=make_user("old@example.com"), key="gone",
                                             fingerprint="x", status=201)  # fmt: skip
    IdempotentRequest.objects.filter(pk=stale.pk).update(
        created=timezone.now() - idempotency.KEPT - timedelta(seconds=1))  # fmt: skip
    again = night("Saturday", "day")  # the key is free: a new night
    assert again.status_code == 201 and again.json()["title"] == "Saturday"
    assert IdempotentRequest.objects.filter(pk=stale.pk).exists()  # not deleted yet
    monkeypatch.setattr(idempotency, "_requests", itertools.count(idempotency.PURGE_EVERY))
    assert idempotency.PURGE_EVERY == 100
    night("Sunday", "next")
    assert not IdempotentRequest.objects.filter(pk=stale.pk).exists()
    assert set(IdempotentRequest.objects.values_list("key", flat=True)) == {"day", "next"}


def test_an_edit_from_a_stale_version_is_409_with_the_game_as_it_is(
    owner: Any, session: m.Session, token_of: Callable[[Any], str]
) -> None:
    token = token_of(owner)
    made = post_game(token, session, {"players": NAMES, "points": [42600, 31000, 16400, 10000]})
    game = made.json()
    url = f"/api/clubs/test/games/{game['id']}"
    first = {"version": 1, "players": NAMES, "points": [31000, 42600, 16400, 10000]}
    second = {"version": 1, "players": NAMES, "points": [16400, 31000, 42600, 10000]}
    ok = Client().put(url, json.dumps(first), content_type="application/json", **bearer(token))
    assert ok.status_code == 200 and ok.json()["version"] == 2
    late = Client().put(url, json.dumps(second), content_type="application/json",
                        **bearer(token, "ja"))  # fmt: skip
    assert late.status_code == 409
    assert late.json()["error"]["code"] == "conflict" and late.json()["error"]["field"] == "version"
    assert late.json()["current"]["game"]["points"] == [31000, 42600, 16400, 10000]
    assert "誰か" in late.json()["error"]["message"] or "変更" in late.json()["error"]["message"]
    missing = Client().put(url, json.dumps({"players": NAMES, "points": [25000] * 4}),
                           content_type="application/json", **bearer(token))  # fmt: skip
    assert missing.status_code == 422


def test_the_standings_are_the_cores_over_the_stored_games(
    owner: Any, season: m.Season, session: m.Session, token_of: Callable[[Any], str]
) -> None:
    token = token_of(owner)
    games = [[42600, 31000, 16400, 10000], [25000, 25000, 30000, 20000],
             [-1200, 37400, 28300, 35500]]  # fmt: skip
    for points in games:
        assert post_game(token, session, {"players": NAMES, "points": points}).status_code == 201
    answer = Client().get(f"/api/clubs/test/seasons/{season.pk}/standings", **bearer(token))
    rows = answer.json()
    expected = season_standings(season)
    assert [r["name"] for r in rows] == [s.name for s in expected]
    assert [r["total"] for r in rows] == [float(s.total) for s in expected]
    ana = next(r for r in rows if r["name"] == "Ana")  # 62.6, -5 (tied 2nd), -61.2 (bust)
    assert ana["total"] == -3.6 and ana["busts"] == 1 and ana["places"] == [1, 1, 0, 1]
    assert sum(r["games"] for r in rows) == 12
    night = Client().get(f"/api/clubs/test/sessions/{session.pk}", **bearer(token)).json()
    assert len(night["games"]) == 3 and night["ledger"]["due"]


def test_a_hand_by_hand_record_is_entered_as_seisan_game_reads_it(
    owner: Any, club: m.Club, token_of: Callable[[Any], str]
) -> None:
    night = m.Session.objects.create(season=season_with(club, "tenhou", owner))
    record = json.loads((EXAMPLES / "game.json").read_text(encoding="utf-8"))
    record.pop("rules")
    out = CliRunner().invoke(app, ["game", str(EXAMPLES / "game.json"), "--format", "json"])
    expected = {r["name"]: r["score"] for r in json.loads(out.stdout)["settlement"]["results"]}
    made = post_game(token_of(owner), night, {"record": record})
    assert made.status_code == 201, made.content
    assert made.json()["hand_by_hand"] is True
    assert {x["name"]: x["total"] for x in made.json()["seats"]} == expected
    both = post_game(token_of(owner), night, {"record": record, "points": [1, 2, 3, 4]})
    assert both.status_code == 422


@pytest.mark.django_db
def test_the_readme_curl_example_prints_what_the_readme_shows() -> None:
    """The README's ``curl … | python3 -c …``: its body settled by the API, its filter
    run on the answer, and what it prints is the README's text, to the character."""
    readme = (EXAMPLES.parent / "README.md").read_text(encoding="utf-8")
    block = readme.split("<!-- api-settle -->\n```sh\n", 1)[1]
    command, rest = block.split("\n```\n", 1)
    shown = rest.split("```text\n", 1)[1].split("```", 1)[0]
    words = shlex.split(command.replace("\\\n", " "))
    body, code = words[words.index("-d") + 1], words[words.index("-c") + 1]
    with override_settings(SEISAN_API_SETTLE_RATE=0):
        answer = settle(Client(), body, raw=True)
    assert answer.status_code == 200, answer.content
    printed = subprocess.run([sys.executable, "-c", code], input=answer.content,
                             capture_output=True, check=True).stdout.decode()  # fmt: skip
    assert printed == shown


# -- what an independent review found ---------------------------------------------------


def test_a_scorer_edits_only_the_games_they_entered_as_on_the_pages(
    owner: Any, session: m.Session, member_of: Callable[[str], Any],
    token_of: Callable[[Any], str],
) -> None:  # fmt: skip
    made = post_game(token_of(owner), session, {"players": NAMES, "points": [25000] * 4})
    url = f"/api/clubs/test/games/{made.json()['id']}"
    edit = json.dumps({"version": 1, "players": NAMES, "points": [42600, 31000, 16400, 10000]})
    scorer = token_of(member_of("scorer"))
    refused = Client().put(url, edit, content_type="application/json", **bearer(scorer))
    assert refused.status_code == 403 and session.games.get().version == 1
    organiser = token_of(member_of("organiser"))
    assert Client().put(url, edit, content_type="application/json",
                        **bearer(organiser)).status_code == 200  # fmt: skip


def test_a_record_is_not_edited_through_the_api(
    owner: Any, session: m.Session, token_of: Callable[[Any], str]
) -> None:
    made = post_game(token_of(owner), session, {"players": NAMES, "points": [25000] * 4})
    url = f"/api/clubs/test/games/{made.json()['id']}"
    record = {"version": 1, "record": {"players": NAMES, "hands": []}}
    answer = Client().put(url, json.dumps(record), content_type="application/json",
                          **bearer(token_of(owner)))  # fmt: skip
    assert answer.status_code == 422 and answer.json()["error"]["field"] == "record"


@pytest.mark.parametrize(
    ("path", "body"),
    [
        ("games", {"players": NAMES, "points": [25000] * 4, "label": "a\u0000b"}),
        ("games", {"players": ["A\u0007", "B", "C", "D"], "points": [25000] * 4}),
        ("sessions", {"date": "2026-12-02", "title": "a\u0000b"}),
        # a lone surrogate (JSON's "\\ud800") no database can store; a line separator
        ("games", {"players": ["A\ud800", "B", "C", "D"], "points": [25000] * 4}),
        ("sessions", {"date": "2026-12-02", "title": "a\u2028b"}),
        # invisible and direction-turning: “Ana” twice to the eye, a name that shows nothing
        ("games", {"players": ["Ana\u200b", "Ana", "C", "D"], "points": [25000] * 4}),
        ("games", {"players": ["\u200b", "\u2067Eve\u2069", "C", "D"], "points": [25000] * 4}),
    ],
)  # fmt: skip
def test_control_characters_are_refused_not_a_server_error(
    owner: Any, season: m.Season, session: m.Session, token_of: Callable[[Any], str],
    path: str, body: Any,
) -> None:  # fmt: skip
    target = (f"/api/clubs/test/sessions/{session.pk}/games" if path == "games"
              else f"/api/clubs/test/seasons/{season.pk}/sessions")  # fmt: skip
    answer = Client().post(target, json.dumps(body), content_type="application/json",
                           **bearer(token_of(owner)))  # fmt: skip
    assert answer.status_code in (400, 422), answer.content
    assert answer.json()["error"]["code"] in ("invalid", "invalid_request")
    assert session.games.count() == 0 and m.Session.objects.count() == 1


def test_a_key_whose_first_request_died_is_taken_over_and_the_game_stored_once(
    owner: Any, session: m.Session, token_of: Callable[[Any], str]
) -> None:
    token = token_of(owner)
    body = {"players": NAMES, "points": [42600, 31000, 16400, 10000]}
    first = post_game(token, session, body, "lost")
    assert first.status_code == 201
    row = IdempotentRequest.objects.get()  # as if its worker died before it answered
    IdempotentRequest.objects.filter(pk=row.pk).update(
        status=0, body="", created=timezone.now() - timedelta(minutes=10)
    )
    again = post_game(token, session, body, "lost")
    assert again.status_code == 200 and again.json()["id"] == first.json()["id"]
    assert session.games.count() == 1


@pytest.mark.django_db
def test_every_api_answer_is_json_even_when_django_answers() -> None:
    missing = Client().get("/api/nosuch", HTTP_ACCEPT_LANGUAGE="ja")
    assert missing.status_code == 404 and missing.json()["error"]["message"] == "見つかりません"
    method = Client().get("/api/settle")
    assert method.status_code == 405 and method.json()["error"]["code"] == "method_not_allowed"
    path = Client().get("/api/clubs/test/games/x", HTTP_AUTHORIZATION="Bearer nope")
    assert path.status_code == 401  # the token first, then the address
    # the API's own root (ninja raises Http404 there): not found, not a server error
    root = Client(raise_request_exception=False).get("/api/", HTTP_ACCEPT_LANGUAGE="ko")
    assert root.status_code == 404 and root.json()["error"]["code"] == "not_found"


@pytest.mark.django_db
def test_a_path_of_the_wrong_type_names_its_field(owner: Any, club: m.Club) -> None:
    answer = Client().get("/api/clubs/test/games/x", **bearer(new_api_token(owner, "b")))
    assert answer.status_code == 422 and answer.json()["error"]["field"] == "pk"


def test_a_game_as_answered_is_the_game_as_read_back(
    owner: Any, club: m.Club, token_of: Callable[[Any], str], django_assert_max_num_queries: Any
) -> None:
    """The answer to an entry or an edit (made from what was just stored, no row read
    again) is, to the byte, what a read of the game gives: seats, money, spectators,
    the table or the record; a resent key's answer too."""
    rules = (EXAMPLES / "club.toml").read_text(encoding="utf-8")
    night = m.Session.objects.create(season=season_with(club, rules, owner))
    for name in [*NAMES, "Eve"]:  # the club's players (a new name costs its own rows)
        m.Player.objects.create(club=club, name=name)
    token = token_of(owner)
    record = json.loads((EXAMPLES / "game.json").read_text(encoding="utf-8"))
    record.pop("rules")
    bodies = [
        {"players": NAMES, "points": [42600, 31000, 16400, 10000], "sashi": ["Ana:Ben:10000"],
         "chips": {"Ana": 3, "Ben": -1, "Dae": -2}},
        {"players": ["Ben", "Chie", "Dae", "Ana"], "points": [28300, 35500, -1200, 37400],
         "chips": {"Chie": 2, "Dae": -3, "Ana": 1}, "soto": {"Eve": "Chie"}, "deposits": 0},
        {"players": NAMES, "points": [25000, 25000, 30000, 20000]},  # tied, first not seat 0
        {"record": record},
    ]  # fmt: skip
    # 15 queries a game on SQLite, 9 on PostgreSQL, where the game, its rows and the
    # key's answer are one statement (helper-61: a commit fewer; the first request also
    # notes the token's use and purges old keys): the answer is made from memory, not
    # read back. The token and the night (with its season, club, rules, role and
    # substitutes) are a query each, the night's lock on PostgreSQL another (SQLite's
    # write transaction is the lock)
    from django.db import connection  # noqa: PLC0415

    each = 9 if connection.vendor == "postgresql" else 15
    for n, body in enumerate(bodies):
        with django_assert_max_num_queries(each + 2 if n == 0 else each):
            made = post_game(token, night, body, f"same-{n}")
        assert made.status_code == 201, made.content
        url = f"/api/clubs/test/games/{made.json()['id']}"
        assert Client().get(url, **bearer(token)).content == made.content
        assert post_game(token, night, body, f"same-{n}").content == made.content
    edit = {**bodies[0], "version": 1, "points": [10000, 31000, 16400, 42600]}
    changed = Client().put(url.rsplit("/", 1)[0] + f"/{made.json()['id'] - 3}", json.dumps(edit),
                           content_type="application/json", **bearer(token))  # fmt: skip
    assert changed.status_code == 200, changed.content
    read = Client().get(f"/api/clubs/test/games/{changed.json()['id']}", **bearer(token))
    assert read.content == changed.content and changed.json()["version"] == 2
    # money finer than the thousandth it is kept to: rounded a half away from zero, as
    # PostgreSQL rounds, before it is stored and answered (0.0265 → 0.027)
    fine = 'extends = "tenhou"\n[money]\nrate = 0.0005\nunit = 0.0001\n'
    cheap = m.Session.objects.create(season=season_with(club, fine, owner, "Cheap"))
    made = post_game(token, cheap, {"players": NAMES, "points": [43000, 29000, 18000, 10000]})
    # Tenhou's 53, 9, -22 and -40 pt at 0.0005 a pt: 0.0265, 0.0045, -0.011, -0.02
    assert [x["money"] for x in made.json()["seats"]] == [0.027, 0.005, -0.011, -0.02]
    got = Client().get(f"/api/clubs/test/games/{made.json()['id']}", **bearer(token))
    assert got.content == made.content


def test_a_name_with_the_ideographic_space_is_a_name(
    owner: Any, session: m.Session, token_of: Callable[[Any], str]
) -> None:
    """「山田　太郎」, as a Japanese keyboard types a full name: ``str.isprintable`` called
    U+3000 unprintable, so the API refused every text with one (a title, a reason)."""
    body = {"players": ["山田　太郎", "Ben", "Chie", "Dae"], "points": [40000, 30000, 20000, 10000],
            "penalties": ["Dae:10:遅刻　10分"]}  # fmt: skip
    answer = post_game(token_of(owner), session, body)
    assert answer.status_code == 201, answer.content
    game = session.games.get()
    # the club's player: spaces of any kind between words are one space, as on the pages
    assert game.seats.get(place=1).player.name == "山田 太郎"
    assert game.data["penalties"] == ["Dae:10:遅刻　10分"]
    titled = Client().post(f"/api/clubs/test/seasons/{session.season.pk}/sessions",
                           json.dumps({"date": "2026-12-05", "title": "第3回　定例会"}),
                           content_type="application/json", **bearer(token_of(owner)))  # fmt: skip
    assert titled.status_code == 201, titled.content


@pytest.mark.parametrize(("label", "stored"), [(5, "5"), (None, ""), (1.5, "1.5"),
                                               ("late table", "late table")])  # fmt: skip
def test_a_games_label_is_stored_as_text_and_the_season_exports(
    owner: Any, session: m.Session, signed_in: Client, token_of: Callable[[Any], str],
    label: Any, stored: str,
) -> None:  # fmt: skip
    """helper-64: a label sent as a number or null was stored so, and every export of
    the season was a 500 from then on (the CSV's formula check wants text)."""
    body = {"players": NAMES, "points": [42600, 31000, 16400, 10000], "label": label}
    assert post_game(token_of(owner), session, body).status_code == 201
    assert session.games.get().data["label"] == stored
    club, season = session.season.club, session.season
    for kind in ("toml", "json", "csv", "rules"):
        page = signed_in.get(reverse("clubs:export", args=[club.slug, season.pk, kind]))
        assert page.status_code == 200, kind
    m.Game.objects.update(data={**body, "label": label})  # (stored so before the fix)
    page = signed_in.get(reverse("clubs:export", args=[club.slug, season.pk, "csv"]))
    assert page.status_code == 200 and f"{stored}," in page.content.decode()


@pytest.mark.parametrize(
    ("extra", "field", "message"),
    [
        ({"points": [42600, 31000, 16400, 1000]}, "points",
         "points total 91000, but 4 players starting with 25000 hold 100000: 9000 missing "
         "(check the points; riichi deposits left on the table are given with deposits)"),
        ({"points": [42600, 31000, 16400]}, "points", "points: give one final score per player"),
        ({"points": [42650, 31000, 16400, 9950]}, "points",
         "seat 0: points 42650 are not a multiple of 100"),
        ({"players": ["Ana", "Ana", "Chie", "Dae"]}, "players",
         "names must differ (ignoring case and spaces): Ana, Ana, Chie, Dae"),
        ({"deposits": -1}, "deposits", "deposits: -1 must be a count of riichi sticks, 0 or more"),
        ({"deposits": "1"}, "deposits", "deposits: “1” is text: write the number without quotes"),
        ({"sashi": [{"a": 1}]}, "sashi",
         "sashi: “{a = 1}” should be A:B:AMOUNT (seats or names, points)"),
        ({"chips": [1, 2]}, "chips", "chips: 2 counts given for 4 players"),
        ({"busted": {"Ana": "Eve"}}, "busted",
         "busted: “Eve” is not a player (seats 0 to 3 or Ana, Ben, Chie, Dae)"),
        ({"penalties": ["Eve:5"]}, "penalties",
         "penalties: “Eve” is not a player (seats 0 to 3 or Ana, Ben, Chie, Dae)"),
        ({"winners": "Ana"}, "winners", "winners: give a list of players"),
        ({"winners": ["Ana"]}, "winners",  # (M.League pays no 焼き鳥)
         "winners: the rules pay no 焼き鳥, which is all winners count for (yakitori / "
         "--yakitori)"),
    ],
)  # fmt: skip
def test_a_games_error_names_its_field_and_no_game_number(
    owner: Any, session: m.Session, extra: dict[str, Any], field: str, message: str
) -> None:
    """A game sent alone is no "game 1" of anything (the night may have ten), and the
    error's `field` is the field of the game's table it is about; the sticks left on
    the table are the API's `deposits`, not the command line's `--deposits N`."""
    body = {"players": NAMES, "points": [42600, 31000, 16400, 10000], **extra}
    answer = post_game(new_api_token(owner, "bot"), session, body)
    assert answer.status_code == 400
    assert answer.json() == {"error": {"code": "invalid", "message": message, "field": field}}
    assert not m.Game.objects.filter(session=session).exists()


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("body", "status", "field", "message"),
    [
        ({"rules": 5, "points": [25000] * 4}, 422, "rules",
         "rules: give a preset name or a rules object"),
        ({"rules": [1], "points": [25000] * 4}, 422, "rules",
         "rules: give a preset name or a rules object"),
        ({"rules": "tenhou-sanma", "points": [42600, 31000, 26400, 20000]}, 400, "points",
         "Tenhou 3p is for 3 players, got 4 scores"),
        ({"rules": "tenhou", "points": []}, 400, "points", "Tenhou is for 4 players, got 0 scores"),
        ({"rules": "mleague", "points": [42600, 31000, 16400, 10000], "winners": ["East"]}, 400,
         "winners", "winners: the rules pay no 焼き鳥, which is all winners count for "
         "(yakitori / --yakitori)"),
    ],
)  # fmt: skip
def test_settle_names_what_was_sent_wrong(body: Any, status: int, field: str, message: str) -> None:
    """helper-66: a rules value of another type was "rules.str: give a text" (a part of
    the schema's union); points for another number of players blamed the names nobody
    sent; winners under rules with no 焼き鳥 were taken and did nothing."""
    answer = settle(Client(), body)
    assert answer.status_code == status, answer.content
    assert answer.json()["error"] | {"code": None} == {"code": None, "message": message,
                                                        "field": field}  # fmt: skip


#: a bad value of each side bet, a penalty and a substitute: the field each is about
#: and how its error starts in English (read at the core's reading or at settling)
BAD_GAME_FIELDS = [
    ({"sashi": ["Ana:Eve:10000"]}, "sashi", "sashi: “Eve” is not a player"),
    ({"sashi": [[0, 0, 10000]]}, "sashi", "sashi: a player cannot bet with themself"),
    ({"bashin": "Ana:Ben:10000"}, "bashin", "bashin: give a list of A:B:AMOUNT"),
    ({"binta": ["Ana:Ben:1000", "Ben:Ana:2000"]}, "binta", "binta: Ana and Ben are given two"),
    ({"chips": {"Ana": 1, "East": -1}}, "chips", "chips: Ana is given two counts"),
    ({"chips": [1, 1, 0, 0]}, "chips", "chips: the counts 1, 1, 0, 0 sum to 2"),
    ({"busted": {"Ana": "Eve"}}, "busted", "busted: “Eve” is not a player"),
    ({"points": [52600, 31000, 26400, -10000], "busted": {"Dae": "Dae"}}, "busted",
     "tobi: Dae cannot bust themself"),
    ({"winners": "Ana"}, "winners", "winners: give a list of players"),
    ({"soto": ["Eve"]}, "soto", "soto: “Eve” should be two names joined by ':'"),
    ({"soto": {"Eve": "Zed"}}, "soto", "soto Eve: “Zed” is not a player"),
    ({"soto": {"house": "Ana"}}, "soto", "“house” is the house's name"),
    ({"pool": {"Eve": "Ana", "Fay": "Ben"}}, "pool", "pool: give the amount of the spectators'"),
    ({"pool": {"Eve": 7}}, "pool", "pool Eve: seat 7 is not at the table"),
    ({"side": 5}, "side", "side: give a table of side bets"),
    ({"side": {"chip_value": "x"}}, "side.chip_value", "rules: side.chip_value = “x”"),
    ({"penalties": ["Eve:5"]}, "penalties", "penalties: “Eve” is not a player"),
    ({"penalties": ["Ana:0"]}, "penalties", "penalties: 0 pt must be more than 0"),
    ({"penalties": [{"player": "Ana", "pt": 5, "hand": "2"}]}, "penalties",
     "penalties.hand: “2” is text"),
    ({"substitute": "Ana:Ben"}, "substitute", "substitute: Ben plays at this table already"),
    ({"substitute": {"seat": "Ana", "by": "house"}}, "substitute", "“house” is the house's name"),
]  # fmt: skip


@pytest.mark.django_db
@pytest.mark.parametrize("lang", ["en", "ja"])
@pytest.mark.parametrize(("extra", "field", "said"), BAD_GAME_FIELDS)
def test_an_errors_field_is_the_one_its_source_names_in_any_language(
    extra: dict[str, Any], field: str, said: str, lang: str
) -> None:
    """helper-70: the field had been guessed from the English words before the first
    “:” (null for “soto Eve: …”, “penalties.hand: …”, the house's name); the core's
    readers now name it where they refuse the value."""
    body = {"rules": "mleague", "players": NAMES, "points": [42600, 31000, 16400, 10000]}
    answer = settle(Client(), {**body, **extra}, lang)
    assert answer.status_code == 400, answer.content
    error = answer.json()["error"]
    assert (error["code"], error["field"]) == ("invalid", field)
    assert lang != "en" or error["message"].startswith(said), error["message"]


@pytest.mark.parametrize("version", [-1, 0, 2, 10**12])
def test_an_edit_from_a_version_the_game_never_had_is_refused_as_such(
    owner: Any, session: m.Session, version: int
) -> None:
    """helper-66: version 0, -1 or one not yet written was answered "someone changed this
    game since you opened it" (409), as if a person had."""
    token = new_api_token(owner, "bot")
    made = post_game(token, session, {"players": NAMES, "points": [42600, 31000, 16400, 10000]})
    url = f"/api/clubs/test/games/{made.json()['id']}"
    body = {"version": version, "players": NAMES, "points": [31000, 42600, 16400, 10000]}
    answer = Client().put(url, json.dumps(body), content_type="application/json", **bearer(token))
    assert answer.status_code == 400
    assert answer.json()["error"] == {
        "code": "invalid", "field": "version",
        "message": f"version: {version} is not a version of this game (1 to 1)"}  # fmt: skip
    assert m.Game.objects.get().version == 1


def test_a_record_sent_with_its_own_rules_or_a_text_past_the_limit_is_refused(
    owner: Any, club: m.Club
) -> None:
    """helper-66: a record saying ``"rules": "mleague"`` (or ``{"uma": "banana"}``) was
    stored as sent and settled under the season's rules (Tenhou's), and a
    100,000-character title was kept."""
    night = m.Session.objects.create(season=season_with(club, "tenhou", owner))
    record = json.loads((EXAMPLES / "game.json").read_text(encoding="utf-8"))
    token = new_api_token(owner, "bot")
    for rules in ("mleague", {"uma": "banana"}):
        answer = post_game(token, night, {"record": {**record, "rules": rules}})
        assert answer.status_code == 422
        assert answer.json()["error"]["field"] == "record.rules"
    record.pop("rules")
    long = post_game(token, night, {"record": {**record, "title": "y" * 100_000}})
    assert long.status_code == 422 and long.json()["error"]["field"] == "record.title"
    assert not m.Game.objects.exists()
    assert post_game(token, night, {"record": record}).status_code == 201


def test_a_records_refusal_names_its_field_within_the_request(owner: Any, club: m.Club) -> None:
    """A record refused by the core names its field within the request (``record.`` and
    the record's own field: a hand counted from 0, down to its value), as a table's
    refusals name theirs; nothing is stored."""
    night = m.Session.objects.create(season=season_with(club, "tenhou", owner))
    record = json.loads((EXAMPLES / "game.json").read_text(encoding="utf-8"))
    record.pop("rules")
    token = new_api_token(owner, "bot")
    tsumo_20 = {"result": "tsumo", "wins": [{"winner": "Ana", "han": 1, "fu": 20}]}
    for changes, field in [
        ({"hands": [record["hands"][0], tsumo_20]}, "record.hands.1"),
        ({"hands": [{"result": "bogus"}]}, "record.hands.0.result"),
        (
            {"hands": [{**tsumo_20, "wins": [{"winner": "Ana", "han": 1, "color": 2}]}]},
            "record.hands.0.wins.0.color",
        ),
        ({"penalties": ["Zed:5"]}, "record.penalties"),
        ({"hands": record["hands"][:2]}, "record.end"),
        ({"players": ["Ana", "Ben", "Chie"]}, "record.players"),
    ]:
        answer = post_game(token, night, {"record": {**record, **changes}})
        assert (answer.status_code, answer.json()["error"]["field"]) == (400, field), changes
    assert not m.Game.objects.exists()


def test_an_unknown_key_of_a_game_is_its_field(owner: Any, club: m.Club) -> None:
    """helper-95: a game's unknown key was refused with ``field: null`` (a session's names
    it); the field is the key."""
    night = m.Session.objects.create(season=season_with(club, "tenhou", owner))
    token = new_api_token(owner, "bot")
    body = {"players": NAMES, "points": [42600, 31000, 16400, 10000], "bogus": 1}
    answer = post_game(token, night, body)
    assert (answer.status_code, answer.json()["error"]["field"]) == (400, "bogus")
    assert not m.Game.objects.exists()


def test_a_request_without_its_body_says_so(owner: Any, club: m.Club) -> None:
    """helper-95: no body at all had been “this field is required”, of no field."""
    night = m.Session.objects.create(season=season_with(club, "tenhou", owner))
    token = new_api_token(owner, "bot")
    for lang, said in (("en", "the request has no body: send a JSON object"),
                       ("ja", "JSON"), ("ko", "JSON")):  # fmt: skip
        answer = Client().post(f"/api/clubs/test/sessions/{night.pk}/games", "",
                               content_type="application/json",
                               **{**bearer(token), "HTTP_ACCEPT_LANGUAGE": lang})  # fmt: skip
        error = answer.json()["error"]
        assert (answer.status_code, error["field"]) == (422, None), error
        assert said in error["message"] and "required" not in error["message"], error


def test_players_level_on_total_and_games_share_their_place(
    owner: Any, season: m.Season, session: m.Session, token_of: Callable[[Any], str]
) -> None:
    """helper-87's review (the CLI's session) and the same here: Ana and Ben level on
    their total and their games were placed 1 and 2 by who appeared first (who sat
    first in the first game), on the season's page and in the API; they share 1st, and
    Chie and Dae 3rd."""
    token = token_of(owner)
    for points in ([40000, 30000, 20000, 10000], [30000, 40000, 10000, 20000]):
        assert post_game(token, session, {"players": NAMES, "points": points}).status_code == 201
    rows = Client().get(f"/api/clubs/test/seasons/{season.pk}/standings", **bearer(token)).json()
    assert {r["name"]: (r["place"], r["total"]) for r in rows} == {
        "Ana": (1, 70), "Ben": (1, 70), "Chie": (3, -70), "Dae": (3, -70)}  # fmt: skip
    page = Client()
    page.force_login(owner)
    html = page.get(reverse("clubs:season", args=["test", season.pk])).content.decode()
    shown = re.findall(r'<td class="num">(\d+)</td>\s*<td class="name">\s*(?:<a[^>]*>)?(\w+)', html)
    assert sorted((name, int(number)) for number, name in shown) == [
        ("Ana", 1), ("Ben", 1), ("Chie", 3), ("Dae", 3)]  # fmt: skip
