"""Start a real ``seisan serve`` (gunicorn, its own database) for a test, read what it
prints, and talk to it over HTTP like a browser (cookies, CSRF, forms)."""

from __future__ import annotations

import contextlib
import os
import random
import re
import signal
import socket
import subprocess
import time
import urllib.error
import urllib.parse
import urllib.request
import uuid
from collections.abc import Iterator, Mapping, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field
from http.cookiejar import CookieJar
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


@dataclass
class Served:
    base: str
    output: str
    folder: Path
    process: subprocess.Popen[str]

    def link(self) -> str:
        found = re.search(r"(http://\S+/welcome/\S+/)", self.output)
        assert found, self.output
        return found[1]


def clean_env(extra: Mapping[str, str] | None = None) -> dict[str, str]:
    """The environment of a user's shell: none of the test suite's Django settings."""
    drop = {"DATABASE_URL", "SEISAN_TESTING", "DJANGO_SETTINGS_MODULE", "SEISAN_DB",
            "DJANGO_ALLOW_ASYNC_UNSAFE"}  # fmt: skip
    env = {k: v for k, v in os.environ.items() if k not in drop}
    env.update(extra or {})
    return env


@contextmanager
def serve(
    seisan: Path | str,
    folder: Path,
    args: Sequence[str] = (),
    env: Mapping[str, str] | None = None,
    wait_for: str = "is running at",
) -> Iterator[Served]:
    """``seisan serve --db FOLDER/club.sqlite3 --port P ARGS`` until the block ends (no
    ``--db`` where ``env`` gives a ``DATABASE_URL``: serve refuses the two together)."""
    port = free_port()
    db = [] if (env or {}).get("DATABASE_URL") else ["--db", str(folder / "club.sqlite3")]
    process = subprocess.Popen(
        [str(seisan), "serve", *db, "--port", str(port),
         *([] if "--workers" in args else ["--workers", "1"]), *args],
        stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, env=clean_env(env),
        start_new_session=True,
    )  # fmt: skip
    lines: list[str] = []
    deadline = time.monotonic() + 90
    assert process.stdout is not None
    try:
        while time.monotonic() < deadline:
            line = process.stdout.readline()
            if not line and process.poll() is not None:
                raise AssertionError("seisan serve stopped:\n" + "".join(lines))
            lines.append(line)
            if wait_for in line:
                break
        base = f"http://127.0.0.1:{port}"
        for _ in range(150):
            try:
                urllib.request.urlopen(base + "/robots.txt", timeout=2)
                break
            except (urllib.error.URLError, ConnectionError):
                time.sleep(0.2)
        yield Served(base, "".join(lines), folder, process)
    finally:
        with contextlib.suppress(ProcessLookupError):  # (it may have stopped on its own)
            os.killpg(process.pid, signal.SIGTERM)
        process.wait(timeout=30)


@dataclass
class Browser:
    """A person's browser: its own cookies, forms posted with their CSRF token."""

    base: str
    headers: dict[str, str] = field(default_factory=dict)

    def __post_init__(self) -> None:
        self.jar = CookieJar()
        cookies = urllib.request.HTTPCookieProcessor(self.jar)
        self.opener = urllib.request.build_opener(cookies)
        self.staying = urllib.request.build_opener(cookies, _Stay())  # redirects not followed

    def get(self, path: str) -> tuple[int, str, str]:
        """(status, final URL, body) of a GET, following redirects."""
        url = path if path.startswith("http") else self.base + path
        request = urllib.request.Request(url, headers=self.headers)
        try:
            with self.opener.open(request, timeout=60) as response:
                return response.status, response.url, response.read().decode()
        except urllib.error.HTTPError as err:
            return err.code, url, err.read().decode(errors="replace")

    def csrf(self) -> str:
        for cookie in self.jar:
            if cookie.name == "csrftoken":
                return str(cookie.value)
        self.get("/accounts/login/")
        return self.csrf()

    def post(self, path: str, data: Mapping[str, str], follow: bool = True) -> tuple[int, str, str]:
        """(status, final URL, body); without ``follow``, a redirect's status and target."""
        body = urllib.parse.urlencode({**data, "csrfmiddlewaretoken": self.csrf()}).encode()
        url = self.base + path
        request = urllib.request.Request(url, data=body, headers={**self.headers, "Referer": url})
        opener = self.opener if follow else self.staying
        try:
            with opener.open(request, timeout=60) as response:
                return response.status, response.url, response.read().decode()
        except urllib.error.HTTPError as err:
            if not follow and err.code in {301, 302, 303}:
                return err.code, str(err.headers.get("Location", "")), ""
            return err.code, url, err.read().decode(errors="replace")

    def upload(self, path: str, text: str, name: str = "season.toml") -> tuple[int, str, str]:
        """A file posted as a browser posts it (multipart), following the redirect."""
        boundary = uuid.uuid4().hex
        body = (f"--{boundary}\r\nContent-Disposition: form-data; name=\"csrfmiddlewaretoken\""
                f"\r\n\r\n{self.csrf()}\r\n--{boundary}\r\nContent-Disposition: form-data; "
                f"name=\"file\"; filename=\"{name}\"\r\nContent-Type: text/plain\r\n\r\n"
                f"{text}\r\n--{boundary}--\r\n").encode()  # fmt: skip
        url = self.base + path
        kind = f"multipart/form-data; boundary={boundary}"
        request = urllib.request.Request(
            url, data=body, headers={"Content-Type": kind, "Referer": url}
        )
        try:
            with self.opener.open(request, timeout=300) as response:
                return response.status, response.url, response.read().decode()
        except urllib.error.HTTPError as err:
            return err.code, url, err.read().decode(errors="replace")


class _Stay(urllib.request.HTTPRedirectHandler):
    """A redirect is an answer of its own (to time a request without the next page)."""

    def redirect_request(self, *args: object, **kwargs: object) -> None:
        return None


def member(base: str, number: int, prefix: str = "user") -> Browser:
    """A new user of a server with open sign-up, signed up and signed in."""
    browser = Browser(base)
    email, password = f"{prefix}{number}@example.com", f"tiles-and-sticks-{number}"
    status, _url, _page = browser.post("/accounts/signup/", {
        "email": email, "password1": password, "password2": password})  # fmt: skip
    assert status == 200, status
    status, url, _page = browser.post("/accounts/login/", {"login": email, "password": password})
    assert status == 200 and not url.endswith("/login/"), (status, url)
    return browser


def new_table(browser: Browser, slug: str) -> tuple[str, str]:
    """A club of ``browser``'s own with an M.League season and a session, through the
    pages; the season's and the entry form's paths."""
    browser.post("/clubs/new/", {"name": f"Club {slug}", "slug": slug, "kind": "circle",
                                 "currency": "JPY"})  # fmt: skip
    return new_night(browser, slug, "mleague", "S", "2026-12-01", "Friday")


def new_night(browser: Browser, slug: str, preset: str, name: str, day: str,
              title: str) -> tuple[str, str]:  # fmt: skip
    """A season under ``preset`` in the club ``slug`` and a session of it, through the
    pages; the season's and the entry form's paths."""
    _status, url, _page = browser.post(f"/c/{slug}/seasons/new/", {
        "name": name, "preset": preset, "min_games": "0"})  # fmt: skip
    season = re.search(rf"/c/{slug}/s/(\d+)/", url)
    assert season, url
    _status, url, _page = browser.post(f"/c/{slug}/s/{season[1]}/sessions/new/",
                                       {"date": day, "title": title})  # fmt: skip
    session = re.search(rf"/c/{slug}/n/(\d+)/", url)
    assert session, url
    return f"/c/{slug}/s/{season[1]}/", f"/c/{slug}/n/{session[1]}/enter/"


PEOPLE = ["Ana", "Ben", "Chie", "Dae", "Eve", "Fay", "Gus", "Hal"]


def season_file(count: int) -> str:
    """A session file of ``count`` random games among eight players (repeatable)."""
    rng = random.Random(15)
    out = []
    for _ in range(count):
        names = rng.sample(PEOPLE, 4)
        cuts = [rng.randint(-50, 600) * 100 for _ in range(3)]
        points = [*cuts, 100000 - sum(cuts)]
        out.append(f"[[games]]\nplayers = {names!r}\npoints = {points}\n".replace("'", '"'))
    return "\n".join(out)


def game_form(names: list[str], points: list[int]) -> dict[str, str]:
    """The entry form of one game as a phone posts it (a fresh key; saved even if the
    same game was saved a moment ago)."""
    form = {"key": uuid.uuid4().hex, "again": "1", "deposits": "0", "save": "1"}
    for seat, (name, value) in enumerate(zip(names, points, strict=True)):
        form[f"player_{seat}"], form[f"points_{seat}"] = name, str(value)
    return form


@contextmanager
def serve_on(database: str, seisan: Path | str, folder: Path, args: Sequence[str],
             env: Mapping[str, str], pg_url: str) -> Iterator[Served]:  # fmt: skip
    """``serve`` on a fresh database: the folder's SQLite file, or (``postgresql``) a new
    database on the server at ``pg_url``, dropped after."""
    if database == "sqlite":
        with serve(seisan, folder, args, env) as served:
            yield served
        return
    import psycopg  # noqa: PLC0415

    name = f"seisan_served_{uuid.uuid4().hex[:8]}"
    with psycopg.connect(pg_url, autocommit=True) as admin:
        admin.execute(f"CREATE DATABASE {name}")
    parts = urllib.parse.urlsplit(pg_url)
    url = urllib.parse.urlunsplit(parts._replace(path=f"/{name}"))
    try:
        with serve(seisan, folder, args, {**env, "DATABASE_URL": url}) as served:
            yield served
    finally:
        drop_database(pg_url, name)


def drop_database(pg_url: str, name: str, wait: float = 30.0) -> None:
    """Drop a test's database, ending what is still connected to it. ``FORCE`` may end
    only this role's sessions: an autovacuum worker on the database (the server's own
    process, started by the games just written) makes it fail with no right to end it
    (a CI run's teardown, 2026-12-04). A plain ``DROP`` stops autovacuum itself; it is
    tried until the others have gone."""
    import psycopg  # noqa: PLC0415

    with psycopg.connect(pg_url, autocommit=True) as admin:
        deadline = time.monotonic() + wait
        while True:
            try:
                admin.execute(f"DROP DATABASE IF EXISTS {name} WITH (FORCE)")
                return
            except psycopg.errors.InsufficientPrivilege:
                pass
            try:
                admin.execute(f"DROP DATABASE IF EXISTS {name}")
                return
            except psycopg.errors.ObjectInUse:
                if time.monotonic() > deadline:
                    raise
                time.sleep(0.2)
