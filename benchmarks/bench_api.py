"""The JSON API under load (``make bench``): a real ``seisan serve`` with four gunicorn
workers on 127.0.0.1, on SQLite and on PostgreSQL (``SEISAN_PG_URL``, or the local
server ``.ci/run`` starts; said when there is none).

- game entry through the API (``POST /api/clubs/…/sessions/…/games`` with an
  ``Idempotency-Key``) by 1, 10 and 50 clients at once: games stored a second, p50
  and p95;
- ``POST /api/settle`` (no account) by 50 clients: settlements a second, p50 and p95;
- the baseline, in the same run against the same server: ``GET /robots.txt``, a
  request that does nothing, by 50 clients.

Goals (issue 18): 50 clients at ≥ 200 games/s on PostgreSQL with p95 ≤ 250 ms;
``/api/settle`` ≥ 1,000 requests/s. Each client keeps one connection open (HTTP/1.1
keep-alive through ``http.client``), as a bot does.
"""

from __future__ import annotations

import http.client
import json
import os
import random
import re
import shutil
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path
from tempfile import TemporaryDirectory
from typing import Any
from urllib.parse import urlsplit

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from benchmarks.bench_web import drop, percentile, pg_database
from tests.web.serving import PEOPLE, member, new_table, serve

SEISAN = Path(sys.executable).with_name("seisan")
SECONDS = float(os.environ.get("SEISAN_BENCH_SECONDS", "10"))
WORKERS = int(os.environ.get("SEISAN_BENCH_WORKERS", "4"))  # the four


class Client:
    """One bot: one kept-alive connection, its token."""

    def __init__(self, base: str, token: str = "") -> None:
        parts = urlsplit(base)
        self.connection = http.client.HTTPConnection(parts.hostname or "", parts.port, timeout=60)
        self.headers = {"Content-Type": "application/json"}
        if token:
            self.headers["Authorization"] = f"Bearer {token}"

    def send(self, method: str, path: str, body: Any = None, key: str = "") -> int:
        headers = dict(self.headers)
        if key:
            headers["Idempotency-Key"] = key
        data = None if body is None else json.dumps(body)
        self.connection.request(method, path, data, headers)
        response = self.connection.getresponse()
        response.read()
        return response.status


def load(clients: list[Client], request: Any, seconds: float) -> dict[str, Any]:
    """Every client sends ``request(client, n)`` again and again for ``seconds``."""
    times: list[float] = []
    errors: list[int] = []
    lock = threading.Lock()
    stop = time.perf_counter() + seconds

    def run(client: Client, number: int) -> None:
        count = 0
        while time.perf_counter() < stop:
            begin = time.perf_counter()
            status = request(client, number * 1_000_000 + count)
            took = time.perf_counter() - begin
            count += 1
            with lock:
                times.append(took)
                if status >= 300:
                    errors.append(status)

    threads = [threading.Thread(target=run, args=(c, i)) for i, c in enumerate(clients)]
    began = time.perf_counter()
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    elapsed = time.perf_counter() - began
    return {"per_s": len(times) / elapsed, "p50": percentile(times, 50) * 1000,
            "p95": percentile(times, 95) * 1000, "errors": len(errors),
            "count": len(times)}  # fmt: skip


WRK = shutil.which("wrk")
"""Debian's ``wrk`` (``apt-get install wrk``): a load generator in C. The Python clients
above take 0.6–0.8 ms of CPU a request on the same two cores the server has, a third
of a core at 500 requests a second; ``wrk`` a tenth of that."""

_WRK_SCRIPT = """
wrk.method = {method}
wrk.body = {body}
wrk.headers["Content-Type"] = "application/json"
done = function(summary, latency, requests)
  local errors = summary.errors.status + summary.errors.connect + summary.errors.read
    + summary.errors.write + summary.errors.timeout
  io.write(string.format("\\nseisan %d %f %f %d %d\\n", summary.requests,
    latency:percentile(50) / 1000, latency:percentile(95) / 1000, errors, summary.duration))
end
"""


_WRK_GAMES = """
wrk.method = "POST"
wrk.headers["Authorization"] = {authorization}
local people = {people}
local made = 0
math.randomseed(os.time())
local prefix = "wrk-" .. os.time() .. "-" .. math.random(1, 1000000000)
-- each request a new game: four of the people, points that add up, a key of its own
request = function()
  made = made + 1
  local pool = {{unpack(people)}}
  local chosen = {{}}
  for i = 1, 4 do
    local j = math.random(i, #pool)
    pool[i], pool[j] = pool[j], pool[i]
    chosen[i] = '"' .. pool[i] .. '"'
  end
  local a, b, c = math.random(-50, 600) * 100, math.random(-50, 600) * 100,
    math.random(-50, 600) * 100
  local body = string.format('{{"players": [%s], "points": [%d, %d, %d, %d]}}',
    table.concat(chosen, ", "), a, b, c, 100000 - a - b - c)
  wrk.headers["Idempotency-Key"] = prefix .. "-" .. made
  return wrk.format(nil, nil, nil, body)
end
"""
"""Game entry from ``wrk``: what the Python clients' ``game`` sends, a new key each."""


def wrk_load(
    url: str, seconds: float, connections: int, body: Any = None, games_by: str = ""
) -> dict[str, Any]:
    """``wrk`` on one thread with ``connections`` kept-alive connections for ``seconds``:
    a GET, a POST of ``body`` as JSON, or (``games_by``: a token) a new game each time.
    A request waits up to a minute, as the Python clients' do (wrk's own 2 s had counted
    a slow answer on a loaded machine as an error)."""
    assert WRK is not None
    method, text = ("POST", json.dumps(body)) if body is not None else ("GET", "")
    with tempfile.NamedTemporaryFile("w", suffix=".lua", encoding="utf-8") as script:
        script.write(
            _WRK_SCRIPT.format(method=json.dumps(method), body=json.dumps(text, ensure_ascii=False))
        )
        if games_by:
            people = "{" + ", ".join(json.dumps(name) for name in PEOPLE) + "}"
            script.write(_WRK_GAMES.format(authorization=json.dumps(f"Bearer {games_by}"),
                                           people=people))  # fmt: skip
        script.flush()
        ran = subprocess.run(
            [WRK, "-t", "1", "-c", str(connections), "-d", f"{seconds:g}s", "--timeout", "60s",
             "-s", script.name, url], capture_output=True, text=True, check=True,
        )  # fmt: skip
    line = next(x for x in ran.stdout.splitlines() if x.startswith("seisan "))
    count, p50, p95, errors, micros = line.split()[1:]
    return {"per_s": int(count) / (int(micros) / 1e6), "p50": float(p50), "p95": float(p95),
            "errors": int(errors), "count": int(count)}  # fmt: skip


def show(what: str, clients: int, result: dict[str, Any]) -> None:
    """One row of the table: what was sent, by how many, and what came of it."""
    print(f"{what:<34}{clients:>8}{result['per_s']:>10.0f}{result['p50']:>9.1f}"
          f"{result['p95']:>9.1f}{result['errors']:>8}")  # fmt: skip


def token_of(browser: Any) -> str:
    _status, _url, page = browser.post("/accounts/tokens/", {"name": "bench"})
    found = re.search(r"<code>(seisan_[\w-]+)</code>", page)
    assert found, page[:500]
    return found[1]


def bench(base: str, label: str) -> None:
    owner = member(base, 1, "bench")
    _season, enter = new_table(owner, "bench")
    night = enter.split("/")[-3]
    token = token_of(owner)
    path = f"/api/clubs/bench/sessions/{night}/games"
    rng = random.Random(18)

    def game(client: Client, n: int) -> int:
        cuts = [rng.randint(-50, 600) * 100 for _ in range(3)]
        body = {"players": rng.sample(PEOPLE, 4), "points": [*cuts, 100000 - sum(cuts)]}
        return client.send("POST", path, body, key=f"g{n}-{time.perf_counter_ns()}")

    settle_body = {"rules": "mleague", "points": [42600, 31000, 16400, 10000],
                   "players": PEOPLE[:4], "sashi": ["Ana:Ben:10000"]}  # fmt: skip

    def settle(client: Client, _n: int) -> int:
        return client.send("POST", "/api/settle", settle_body)

    def nothing(client: Client, _n: int) -> int:
        return client.send("GET", "/robots.txt")

    print(f"\n== {label}: seisan serve, {WORKERS} workers, {SECONDS:g} s each")
    print(f"{'what':<34}{'clients':>8}{'per s':>10}{'p50 ms':>9}{'p95 ms':>9}{'errors':>8}")
    rows = [("baseline: GET /robots.txt", 50, nothing)]
    rows += [("game entry (POST games)", n, game) for n in (1, 10, 50)]
    rows += [("POST /api/settle", 50, settle)]
    figures = {}
    for what, count, request in rows:
        clients = [Client(base, token) for _ in range(count)]
        result = load(clients, request, SECONDS)
        figures[(what, count)] = result
        show(what, count, result)
    if WRK is not None:  # the same, from wrk: the load generator's own CPU out of it
        for what, body in (("baseline: GET /robots.txt", None), ("POST /api/settle", settle_body)):
            where = "/api/settle" if body is not None else "/robots.txt"
            result = wrk_load(base + where, SECONDS, 50, body)
            figures[(f"{what} (wrk)", 50)] = result
            show(f"{what} (wrk)", 50, result)
        result = wrk_load(base + path, SECONDS, 50, games_by=token)
        figures[("game entry (POST games) (wrk)", 50)] = result
        show("game entry (POST games) (wrk)", 50, result)
    for by in (" (wrk)", "") if WRK is not None else ("",):
        base_rate = figures[(f"baseline: GET /robots.txt{by}", 50)]["per_s"]
        games = figures[(f"game entry (POST games){by}", 50)]
        print(f"50 clients{by}: {games['per_s']:.0f} games/s ({games['per_s'] / base_rate:.2f} "
              f"of the baseline's requests/s), p95 {games['p95']:.0f} ms; goal on PostgreSQL: "
              f"≥ 200/s, p95 ≤ 250 ms")  # fmt: skip
    for by in (" (wrk)", "") if WRK is not None else ("",):
        settled = figures[(f"POST /api/settle{by}", 50)]
        rate = figures[(f"baseline: GET /robots.txt{by}", 50)]["per_s"]
        print(f"/api/settle{by}: {settled['per_s']:.0f}/s ({settled['per_s'] / rate:.2f} of the "
              f"baseline{by}); goal ≥ 1,000/s")  # fmt: skip
    if WRK is None:
        print(
            "(wrk is not installed: apt-get install wrk measures /api/settle and the "
            "baseline without the Python clients' own CPU)"
        )


def main() -> None:
    env = {"SEISAN_OPEN_SIGNUP": "1", "DJANGO_SECRET_KEY": "b" * 50,
           "SEISAN_API_SETTLE_RATE": "0"}  # one address sends everything  # fmt: skip
    print(f"cores: {os.cpu_count()}")
    workers = ["--workers", str(WORKERS)]
    with TemporaryDirectory() as folder, serve(SEISAN, Path(folder), workers, env) as served:
        bench(served.base, "SQLite")
    database = pg_database()
    if database is None:
        print("\nPostgreSQL: no server reachable (SEISAN_PG_URL), not measured")
        return
    admin, url = database
    try:
        with (
            TemporaryDirectory() as folder,
            serve(SEISAN, Path(folder), workers, {**env, "DATABASE_URL": url}) as served,
        ):
            bench(served.base, "PostgreSQL")
    finally:
        drop(admin, url)


if __name__ == "__main__":
    main()
