"""``seisan serve`` from nothing: a database, the owner, a one-time sign-in link that
works once, the demo club; served for real by gunicorn."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pytest

from .serving import ROOT, Browser, serve

SEISAN = Path(sys.executable).with_name("seisan")


#: ``seisan serve`` started on a SQLite file of its own, whatever database the run's own
#: tests use (``clean_env`` drops DATABASE_URL): the same on make test's PostgreSQL run,
#: which leaves ``serve`` tests out
SERVES_SQLITE = pytest.mark.serve


@SERVES_SQLITE
def test_first_start(tmp_path: Path) -> None:
    with serve(SEISAN, tmp_path, ["--demo", str(ROOT / "examples")]) as served:
        lines = served.output.splitlines()
        assert lines[0] == f"database: {tmp_path / 'club.sqlite3'}"  # named first
        assert "owner's account: owner@localhost" in served.output
        assert f"seisan is running at {served.base}/" in served.output
        # the demo's seasons read before the workers fork: each starts with them kept
        ready = re.search(r"standings kept ready for the seasons played last: (\d+) \(\d+\.\d s\)",
                          served.output)  # fmt: skip
        assert ready and int(ready[1]) >= 1, served.output
        assert (tmp_path / "club.sqlite3").exists() and (tmp_path / "secret.key").exists()
        for name in ("club.sqlite3", "secret.key"):  # sessions are in it: the owner's alone
            assert oct((tmp_path / name).stat().st_mode & 0o777) == "0o600", name
        link = served.link()
        owner = Browser(served.base)
        _status, url, _body = owner.get(link)
        assert url.endswith("/accounts/password/set/")  # signed in: set a password
        assert "Demo club" in owner.get("/")[2]
        assert "Friday nights" in owner.get("/c/demo/")[2]
        assert Browser(served.base).get(link)[0] == 410  # once only
        assert Browser(served.base).get("/static/clubs/seisan.css")[0] == 200
        # served from the package: no CDN
        assert Browser(served.base).get("/static/django_htmx/htmx-2.min.js")[0] == 200


def test_the_web_extra_is_optional_for_the_core() -> None:
    code = ("import sys, seisan, seisan.cli, seisan.stats, seisan.explain, seisan.session; "
            "print(sorted(m for m in sys.modules if m.split('.')[0] in "
            "{'django', 'allauth', 'numpy', 'pyarrow'}))")  # fmt: skip
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "[]"


@SERVES_SQLITE
def test_the_database_is_made_the_owners_alone_and_given_no_right_it_had_not(
    tmp_path: Path,
) -> None:
    """Others' rights are taken from the database file; its owner is given none it had
    not (helper-60: a database its owner had made read-only was made writable)."""
    import os  # noqa: PLC0415
    import sqlite3  # noqa: PLC0415

    for mode, kept in ((0o644, "0o600"), (0o444, "0o400")):
        db = tmp_path / f"club{mode:o}.sqlite3"
        sqlite3.connect(db).close()  # an empty SQLite file
        db.chmod(mode)
        env = {k: v for k, v in os.environ.items() if k not in ("SEISAN_DB", "DATABASE_URL")}
        done = subprocess.run([str(SEISAN), "serve", "--owner-link", "--db", str(db)],
                              env={**env, "HOME": str(tmp_path), "LANG": "C"},
                              capture_output=True, text=True, timeout=120, check=False)  # fmt: skip
        assert done.returncode == 0, done.stderr
        assert oct(db.stat().st_mode & 0o777) == kept


def test_the_demo_club_is_named_in_the_language_the_server_speaks(db: None) -> None:
    """“Demo club” and “Friday nights” had been English whatever the language
    (helper-71): named as the server's language, as its own lines are."""
    from seisan.i18n import language  # noqa: PLC0415
    from seisan.web.clubs import models as m  # noqa: PLC0415
    from seisan.web.serve import load_demo, owner  # noqa: PLC0415

    user, _made = owner("owner@localhost")
    with language("ja"):
        assert load_demo(ROOT / "examples", user) == "demo"
    club = m.Club.objects.get(slug="demo")
    assert (club.name, club.seasons.get().name) == ("デモクラブ", "金曜の夜")
