"""``seisan serve`` from nothing: a database, the owner, a one-time sign-in link that
works once, the demo club; served for real by gunicorn."""

from __future__ import annotations

import os
import re
import signal
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from http.cookiejar import CookieJar
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
SEISAN = Path(sys.executable).with_name("seisan")


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


@pytest.fixture
def served(tmp_path: Path):  # type: ignore[no-untyped-def]
    port = free_port()
    env = {k: v for k, v in os.environ.items() if k not in {"DATABASE_URL", "SEISAN_TESTING",
                                                           "DJANGO_SETTINGS_MODULE"}}  # fmt: skip
    process = subprocess.Popen(
        [str(SEISAN), "serve", "--db", str(tmp_path / "club.sqlite3"), "--port", str(port),
         "--demo", str(ROOT / "examples"), "--workers", "1"],
        stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, env=env,
        start_new_session=True,
    )  # fmt: skip
    lines: list[str] = []
    deadline = time.monotonic() + 60
    assert process.stdout is not None
    while time.monotonic() < deadline:
        line = process.stdout.readline()
        lines.append(line)
        if "sign in once" in line:
            break
    base = f"http://127.0.0.1:{port}"
    for _ in range(100):
        try:
            urllib.request.urlopen(base + "/", timeout=2)
            break
        except (urllib.error.URLError, ConnectionError):
            time.sleep(0.2)
    yield base, "".join(lines), tmp_path
    os.killpg(process.pid, signal.SIGTERM)
    process.wait(timeout=20)


def test_first_start(served) -> None:  # type: ignore[no-untyped-def]
    base, output, folder = served
    assert f"seisan is running at {base}/" in output
    assert (folder / "club.sqlite3").exists() and (folder / "secret.key").exists()
    assert oct((folder / "secret.key").stat().st_mode & 0o777) == "0o600"
    link = re.search(r"(http://\S+/welcome/\S+/)", output)
    assert link, output
    jar = CookieJar()
    opener = urllib.request.build_opener(urllib.request.HTTPCookieProcessor(jar))
    page = opener.open(link[1])
    assert page.url.endswith("/accounts/password/set/")  # signed in: set a password
    home = opener.open(base + "/").read().decode()
    assert "Demo club" in home
    club = opener.open(base + "/c/demo/").read().decode()
    assert "Friday nights" in club
    with pytest.raises(urllib.error.HTTPError) as used:
        urllib.request.urlopen(link[1])
    assert used.value.code == 410  # once only
    static = urllib.request.urlopen(base + "/static/clubs/seisan.css")
    assert static.status == 200
    htmx = urllib.request.urlopen(base + "/static/django_htmx/htmx-2.min.js")
    assert htmx.status == 200  # served from the package: no CDN


def test_the_web_extra_is_optional_for_the_core() -> None:
    code = ("import sys, seisan, seisan.cli, seisan.stats, seisan.explain, seisan.session; "
            "print(sorted(m for m in sys.modules if m.split('.')[0] in "
            "{'django', 'allauth', 'numpy', 'pyarrow'}))")  # fmt: skip
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "[]"
