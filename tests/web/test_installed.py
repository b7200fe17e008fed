"""seisan as users install it: the sdist built, the wheel built from it, installed
(not editable) into fresh virtual environments with only the extra each part needs;
the web app served from the wheel answers its pages and static files in en/ja/ko."""

from __future__ import annotations

import subprocess
import sys
import tarfile
import venv
import zipfile
from collections.abc import Mapping
from pathlib import Path

import pytest

from .serving import ROOT, Browser, clean_env, serve

pytestmark = pytest.mark.installed


@pytest.fixture(scope="module")
def dist(tmp_path_factory: pytest.TempPathFactory, worker_id: str) -> Path:
    """``python -m build``: the sdist, then the wheel built from the sdist alone. Built
    once for every pytest-xdist worker, under a lock: two builds of one source tree at
    once race on its ``egg-info`` (one of them failed so)."""
    import fcntl  # noqa: PLC0415

    this_run = tmp_path_factory.getbasetemp()
    shared = this_run if worker_id == "master" else this_run.parent  # the workers' common one
    out = shared / "dist"
    with (shared / "dist.lock").open("w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        if not any(out.glob("*.whl")):
            subprocess.run([sys.executable, "-m", "build", "--outdir", str(out), str(ROOT)],
                           check=True, capture_output=True)  # fmt: skip
    return out


def installed(dist: Path, folder: Path, extra: str = "") -> Path:
    """A fresh virtualenv with the wheel (and ``extra``) installed; its bin folder.
    ``--no-compile``: what runs is compiled on import as usual; byte-compiling every
    module of Django, pandas, Dask and Numba at install cost a third of these tests
    (the bulk extra 44 s with it, 25 s without; the web extra 34 and 26 s), and
    checks nothing the tests do not. The environment is made without pip, and this
    environment's pip installs into it (``--python``): putting pip into each new
    environment first (``ensurepip``) took 4 s of CPU a test, and the wheel and its
    extra are installed as before, with what they need alone."""
    venv.create(folder)
    wheel = next(dist.glob("*.whl"))
    spec = f"{wheel}[{extra}]" if extra else str(wheel)
    pip = [sys.executable, "-m", "pip", "--python", str(folder / "bin" / "python"), "install",
           "--quiet", "--disable-pip-version-check", "--no-compile", spec]  # fmt: skip
    subprocess.run(pip, check=True, capture_output=True, env=wheel_env())
    return folder / "bin"


def wheel_env(extra: Mapping[str, str] | None = None) -> dict[str, str]:
    """A user's shell for the wheel: without a ``PYTHONPATH`` to a checkout's ``src``
    (a helper's clone tested that way), under which pip found seisan installed already
    and put nothing in the environment, and the environment's Python would have run
    the checkout rather than the wheel; and writing bytecode, as Python does by default
    (installed with ``--no-compile``, each run had compiled Django's modules again)."""
    empty = {"PYTHONPATH": "", "PYTHONDONTWRITEBYTECODE": ""}  # (empty: as if unset)
    return clean_env({**(extra or {}), **empty})


def run(bin_: Path, *args: str) -> subprocess.CompletedProcess[str]:
    env = wheel_env({"COLUMNS": "120"})
    command = [str(bin_ / "seisan"), *args]
    return subprocess.run(command, capture_output=True, text=True, env=env, check=False)


NEEDED = (
    "web/clubs/templates/clubs/landing.html",
    "web/clubs/static/clubs/seisan.css",
    "web/accounts/templates/accounts/invitation.html",
    "web/api/templates/api/reference.html",
    "web/clubs/migrations/0001_initial.py",
    "web/accounts/migrations/0001_initial.py",
    "locale/ja/LC_MESSAGES/seisan.mo",
    "locale/ko/LC_MESSAGES/seisan.mo",
    "data/presets/mleague.toml",
    "data/points/gorin.toml",
)


def test_the_sdist_and_wheel_carry_every_file(dist: Path) -> None:
    with zipfile.ZipFile(next(dist.glob("*.whl"))) as wheel:
        in_wheel = wheel.namelist()
    with tarfile.open(next(dist.glob("*.tar.gz"))) as sdist:
        in_sdist = sdist.getnames()
    for names in (in_wheel, in_sdist):
        text = "\n".join(names)
        for needed in NEEDED:
            assert needed in text, needed
        # (the suite writes bytecode, and Numba its cache, beside the sources it builds from)
        assert not [n for n in names if "__pycache__" in n or n.endswith((".pyc", ".nbi"))]


def test_the_core_alone(dist: Path, tmp_path: Path) -> None:
    bin_ = installed(dist, tmp_path / "core")
    settled = run(bin_, "settle", "42600", "31000", "16400", "10000", "--rules", "mleague",
                  "--lang", "en")  # fmt: skip
    assert settled.returncode == 0 and "+62.6" in settled.stdout, settled
    served = run(bin_, "serve", "--db", str(tmp_path / "x.sqlite3"))
    assert served.returncode == 2 and "Traceback" not in served.stderr
    assert "pip install 'seisan[web]'" in served.stderr and "django" in served.stderr
    bulk = run(bin_, "bulk", "settle", str(ROOT / "examples" / "points.csv"), "-r", "mleague",
               "-o", "-")  # fmt: skip
    assert bulk.returncode == 2 and "pip install 'seisan[bulk]'" in bulk.stderr


def test_the_bulk_extra(dist: Path, tmp_path: Path) -> None:
    bin_ = installed(dist, tmp_path / "bulk", "bulk")
    assert run(bin_, "bulk", "--help").returncode == 0
    out = run(bin_, "bulk", "settle", str(ROOT / "examples" / "points.csv"), "-r", "mleague",
              "-o", "-")  # fmt: skip
    assert out.returncode == 0 and "42600,31000,16400,10000,0,1,62.6" in out.stdout, out


WORDS = {"en": "Sign in", "ja": "ログイン", "ko": "로그인"}


def test_the_web_extra_serves_every_page_from_the_wheel(dist: Path, tmp_path: Path) -> None:
    bin_ = installed(dist, tmp_path / "web", "web")
    with serve(bin_ / "seisan", tmp_path, ["--demo", str(ROOT / "examples")],
               wheel_env()) as served:  # fmt: skip
        for lang, word in WORDS.items():
            status, _url, body = Browser(served.base, {"Accept-Language": lang}).get("/")
            assert status == 200 and word in body, (lang, status, body[:2000])
        owner = Browser(served.base)
        status, url, _body = owner.get(served.link())
        assert status == 200 and url.endswith("/accounts/password/set/")
        for lang in WORDS:
            owner.headers["Accept-Language"] = lang
            status, _url, body = owner.get("/c/demo/")
            assert status == 200 and "Friday nights" in body, (lang, status)
            assert owner.get("/c/demo/s/1/")[0] == 200
            status, _url, body = owner.get("/api/docs")  # the API's reference, its own page
            assert status == 200 and 'id="schema-GameIn"' in body, (lang, status)
        for path in ("/static/clubs/seisan.css", "/static/django_htmx/htmx-2.min.js"):
            assert Browser(served.base).get(path)[0] == 200, path
