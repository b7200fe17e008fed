"""``seisan serve`` for real under concurrent users, on SQLite and on PostgreSQL (when
``SEISAN_PG_URL`` is set, as ``.ci/run`` does): every user sees only their own clubs
right after a start (no connection shared across forked workers), games saved at once
get distinct numbers, a new guest typed on two phones at once is one player, a
one-time link signs in once, the LAN is answered, and a deployment without its
secret key is one line."""

from __future__ import annotations

import os
import re
import subprocess
import sys
import threading
import time
import uuid
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from contextlib import AbstractContextManager
from pathlib import Path

import pytest

from seisan.web.serve import lan_addresses

from .conftest import CI
from .serving import (
    Browser,
    Served,
    clean_env,
    game_form,
    member,
    new_table,
    season_file,
    serve,
    serve_on,
)

SEISAN = Path(sys.executable).with_name("seisan")
USERS = 20
PG_URL = os.environ.get("SEISAN_PG_URL", "")
pytestmark = pytest.mark.serve


def _databases() -> list[str]:
    return ["sqlite", "postgresql"] if PG_URL else ["sqlite"]


def _started(database: str, folder: Path) -> AbstractContextManager[Served]:
    """``seisan serve`` (two workers, open sign-up) on a new database."""
    env = {"SEISAN_OPEN_SIGNUP": "1", "DJANGO_SECRET_KEY": "k" * 50,
           "SEISAN_SIGNUP_RATE": "100/m/ip"}  # twenty users from one machine  # fmt: skip
    return serve_on(database, SEISAN, folder, ["--workers", "2"], env, PG_URL)


@pytest.fixture(params=_databases())
def fresh_server(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[Served]:
    """A server of its own, for a test of what it must get right as it starts."""
    with _started(request.param, tmp_path) as served:
        yield served


@pytest.fixture(scope="module", params=_databases())
def server(request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory
           ) -> Iterator[Served]:  # fmt: skip
    """One server for the module's tests that each sign up users of their own, make
    their own clubs and read only those (the owner's one-time link: one test alone opens
    it), started once for them, not once each: each start migrates a new database and
    boots two workers (5 s or so a start, on each database)."""
    with _started(request.param, tmp_path_factory.mktemp("served")) as served:
        yield served


def test_each_user_sees_only_their_own_clubs(fresh_server: Served) -> None:
    def one(number: int) -> list[str]:
        problems = []
        browser = member(fresh_server.base, number)
        status, _url, _page = browser.post("/clubs/new/", {
            "name": f"Club {number}", "slug": f"club-{number}", "kind": "circle",
            "currency": "JPY"})  # fmt: skip
        if status != 200:
            problems.append(f"user {number}: club not made ({status})")
        for _ in range(5):
            status, _url, page = browser.get("/")
            found = set(re.findall(r"/c/(club-\d+)/", page))
            if status != 200 or found != {f"club-{number}"}:
                problems.append(f"user {number}: {status} {sorted(found)}")
        return problems

    with ThreadPoolExecutor(USERS) as pool:
        problems = [p for result in pool.map(one, range(USERS)) for p in result]
    assert problems == []


def test_games_saved_at_once_get_distinct_numbers_and_one_new_guest(server: Served) -> None:
    owner = member(server.base, 99)
    _season, enter = new_table(owner, "night")

    def save(number: int) -> int:
        form = {"deposits": "0", "key": uuid.uuid4().hex, "again": "1", "save": "1"}
        for seat, name in enumerate(["Newcomer", "Ben", "Chie", "Dae"]):
            form[f"player_{seat}"] = name
        for seat, points in enumerate([42600, 31000, 16400 + number * 100, 10000 - number * 100]):
            form[f"points_{seat}"] = str(points)
        status, _url, _page = owner.post(enter, form)
        return status

    with ThreadPoolExecutor(USERS) as pool:
        statuses = list(pool.map(save, range(USERS)))
    assert statuses == [200] * USERS  # each redirected to its game
    _status, _url, page = owner.get(enter.removesuffix("enter/"))
    numbers = re.findall(r'<span class="num">#(\d+)</span>', page)
    assert sorted(int(n) for n in numbers) == list(range(1, USERS + 1))
    _status, _url, club = owner.get("/c/night/")
    assert club.count(">Newcomer</a>") == 1  # one player, however many phones


def test_a_one_time_link_signs_in_once(server: Served) -> None:
    link = server.link()

    def open_it(_number: int) -> str:
        return Browser(server.base).get(link)[1]

    with ThreadPoolExecutor(USERS) as pool:
        landed = list(pool.map(open_it, range(USERS)))
    assert sum(url.endswith("/accounts/password/set/") for url in landed) == 1


def test_the_lan_is_answered(tmp_path: Path) -> None:
    addresses = lan_addresses()
    if not addresses:
        if CI:
            raise AssertionError("no LAN address on the CI machine")
        pytest.skip("this machine has no LAN address")
    with serve(SEISAN, tmp_path, ["--host", "0.0.0.0"]) as served:
        assert f"http://{addresses[0]}:" in served.output  # printed, with its link and QR
        assert re.search(rf"http://{re.escape(addresses[0])}:\d+/welcome/", served.output)
        assert "█" in served.output
        port = served.base.rsplit(":", 1)[1]
        phone = Browser(f"http://{addresses[0]}:{port}")
        assert phone.get("/")[0] == 200
        stranger = Browser(served.base, {"Host": "evil.example"})
        assert stranger.get("/")[0] == 400


def test_a_deployment_without_its_secret_key_is_one_line(tmp_path: Path) -> None:
    env = clean_env({"DATABASE_URL": "postgres://seisan:x@localhost:1/none"})
    env.pop("DJANGO_SECRET_KEY", None)
    out = subprocess.run([str(SEISAN), "serve", "--lang", "en"], capture_output=True,
                         text=True, env=env, timeout=60, check=False)  # fmt: skip
    assert out.returncode == 2 and "Traceback" not in out.stderr
    assert out.stderr.strip().splitlines() == [
        "seisan: error: DATABASE_URL is set but DJANGO_SECRET_KEY is not: set it to a long "
        "random text, the same on every server of this database"
    ]


def test_game_entry_goes_on_while_a_big_file_imports(server: Served) -> None:
    """A 2,000-game import settles before it writes: a game entered meanwhile at
    another table is saved (no "database is locked"), and soon."""
    organiser = member(server.base, 50)
    season, _enter = new_table(organiser, "big")
    scorer = member(server.base, 51)
    _season, enter = new_table(scorer, "small")
    done: dict[str, object] = {}

    def big() -> None:
        done["import"] = organiser.upload(f"{season}import/", season_file(2000))

    thread = threading.Thread(target=big)
    thread.start()
    time.sleep(0.5)
    timings = []
    while thread.is_alive() or not timings:
        form = game_form(["Ana", "Ben", "Chie", "Dae"], [42600, 31000, 16400, 10000])
        began = time.perf_counter()
        status, url, _page = scorer.post(enter, form, follow=False)
        timings.append(time.perf_counter() - began)
        assert status == 302 and "/g/" in url, (status, url)
    thread.join()
    status, url, _page = done["import"]  # type: ignore[misc]
    assert status == 200 and "/n/" in url, (status, url)
    assert max(timings) < 10, timings  # entry waits for the short write at most
