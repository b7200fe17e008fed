"""The API under load, for real (issue 18): ``seisan serve`` with four gunicorn workers on
127.0.0.1, on SQLite and on PostgreSQL (when ``SEISAN_PG_URL`` is set). Twenty clients
post games to one night at once, some sent twice with the same ``Idempotency-Key``
(a bot's retry), while pairs of edits race on one game: every game is stored exactly
once, each race ends in one success and one ``409``, and the standings the API gives
are the core's session over the games stored."""

from __future__ import annotations

import json
import os
import random
import re
import sys
import urllib.error
import urllib.request
from collections import Counter
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from fractions import Fraction
from pathlib import Path
from typing import Any

import pytest

from seisan.presets import find_preset
from seisan.session import game_from_dict, settle_one
from seisan.stats import Seat, standings

from .serving import PEOPLE, Served, member, new_table, serve_on

SEISAN = Path(sys.executable).with_name("seisan")
PG_URL = os.environ.get("SEISAN_PG_URL", "")
CLIENTS = 20
GAMES = 10  #: per client in make test (the benchmark posts 50 each)
pytestmark = pytest.mark.serve


@pytest.fixture(params=["sqlite", "postgresql"] if PG_URL else ["sqlite"])
def server(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[Served]:
    env = {"SEISAN_OPEN_SIGNUP": "1", "DJANGO_SECRET_KEY": "k" * 50}
    with serve_on(request.param, SEISAN, tmp_path, ["--workers", "4"], env, PG_URL) as served:
        yield served


def call(base: str, token: str, method: str, path: str, body: Any = None,
         key: str | None = None) -> tuple[int, Any]:  # fmt: skip
    headers = {"Authorization": f"Bearer {token}", "Content-Type": "application/json"}
    if key is not None:
        headers["Idempotency-Key"] = key
    data = None if body is None else json.dumps(body).encode()
    request = urllib.request.Request(base + path, data=data, headers=headers, method=method)
    try:
        with urllib.request.urlopen(request, timeout=120) as response:
            return response.status, json.loads(response.read())
    except urllib.error.HTTPError as err:
        text = err.read().decode(errors="replace")
        assert text.startswith("{"), (err.code, method, path, text[:3000])
        return err.code, json.loads(text)


def api_token(browser: Any) -> str:
    _status, _url, page = browser.post("/accounts/tokens/", {"name": "load test"})
    found = re.search(r"<code>(seisan_[\w-]+)</code>", page)
    assert found, page[:2000]
    return found[1]


def random_game(rng: random.Random) -> dict[str, Any]:
    cuts = [rng.randint(-50, 600) * 100 for _ in range(3)]
    return {"players": rng.sample(PEOPLE, 4), "points": [*cuts, 100000 - sum(cuts)]}


def test_games_are_stored_once_and_races_end_in_one_409(server: Served) -> None:
    browser = member(server.base, 1, "api")
    season, enter = new_table(browser, "apiload")
    night = int(enter.split("/")[-3])
    token = api_token(browser)
    base = server.base + "/api"
    path = f"/clubs/apiload/sessions/{night}/games"
    status, raced = call(base, token, "POST", path, random_game(random.Random(0)))
    assert status == 201, raced
    races: list[tuple[int, int]] = []

    def client(number: int) -> list[tuple[int, int]]:
        rng = random.Random(number)
        statuses = []
        for game in range(GAMES):
            body, key = random_game(rng), f"client{number}-game{game}"
            statuses.append(call(base, token, "POST", path, body, key)[0])
            if game % 3 == 0:  # the answer was lost: the bot sends it again
                statuses.append(call(base, token, "POST", path, body, key)[0])
        # an edit of the shared game from the version both read: one wins
        current = call(base, token, "GET", f"/clubs/apiload/games/{raced['id']}")[1]
        edit = {**random_game(rng), "version": current["version"]}
        with ThreadPoolExecutor(2) as pair:
            answers = list(pair.map(lambda _: call(base, token, "PUT",
                                                   f"/clubs/apiload/games/{raced['id']}",
                                                   edit)[0], range(2)))  # fmt: skip
        races.append((current["version"], sorted(answers)))  # type: ignore[arg-type]
        return statuses

    with ThreadPoolExecutor(CLIENTS) as pool:
        statuses = Counter(s for result in pool.map(client, range(CLIENTS)) for s in result)
    assert set(statuses) == {201}, statuses  # retries answer the first answer (201) again
    stored = call(base, token, "GET", f"/clubs/apiload/sessions/{night}")[1]["games"]
    assert len(stored) == 1 + CLIENTS * GAMES
    assert sorted(g["number"] for g in stored) == list(range(1, len(stored) + 1))
    # each pair read the same version: one stored its edit, the other was told 409 (or,
    # when another pair's edit came between the read and both writes, both were 409)
    for _version, answers in races:
        assert answers in ([200, 409], [409, 409]), races
    assert any(a == [200, 409] for _v, a in races)
    final = next(g for g in stored if g["id"] == raced["id"])
    assert final["version"] == 1 + sum(a.count(200) for _v, a in races)
    # the standings the API gives are the core's over the games stored
    rules = find_preset("mleague")
    results = [settle_one(game_from_dict(g["game"]), rules) for g in stored]
    lines = [tuple(Seat(r.name, r.place, Fraction(r.score), r.points, None)
                   for r in result.settlement) for result in results]  # fmt: skip
    expected = {s.name: s.total for s in standings(lines)}
    season_id = int(season.split("/")[-2])
    rows = call(base, token, "GET", f"/clubs/apiload/seasons/{season_id}/standings")[1]
    assert {r["name"]: Fraction(str(r["total"])) for r in rows} == expected
