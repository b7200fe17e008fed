"""The web app's settings from the environment: every value it cannot use stops it
with one line naming the variable, in the reader's language (a flag's unknown word
had turned it off in silence; a number it could not read was Python's traceback)."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from django.core.exceptions import ImproperlyConfigured

from seisan.i18n import language
from seisan.web import environment as env

UNSET = object()


def _set(monkeypatch: pytest.MonkeyPatch, value: object) -> None:
    if value is UNSET:
        monkeypatch.delenv("X_SETTING", raising=False)
    else:
        monkeypatch.setenv("X_SETTING", str(value))


def _read_or_refused(monkeypatch: pytest.MonkeyPatch, given: object, read: object,
                     reader: Any, refused: str) -> None:  # fmt: skip
    """``reader()`` of the variable set to ``given``: ``read``, or (None) refused in
    words matching ``refused``."""
    _set(monkeypatch, given)
    if read is None:
        with pytest.raises(env.SettingError, match=refused):
            reader()
    else:
        assert reader() == read


@pytest.mark.parametrize(("given", "default", "read"), [
    (UNSET, False, False), (UNSET, True, True), ("", True, True), ("  ", False, False),
    ("1", False, True), ("true", False, True), ("Yes", False, True), (" ON ", False, True),
    ("0", True, False), ("false", True, False), ("NO", True, False), ("off", True, False),
])  # fmt: skip
def test_a_flag_reads_the_words_it_knows(monkeypatch: pytest.MonkeyPatch, given: object,
                                         default: bool, read: bool) -> None:  # fmt: skip
    _set(monkeypatch, given)
    assert env.flag("X_SETTING", default) is read


@pytest.mark.parametrize("given", ["maybe", "2", "-1", "y", "enabled", "はい", "1 0"])
@pytest.mark.parametrize("default", [False, True])
def test_a_flag_refuses_a_word_it_does_not_know(monkeypatch: pytest.MonkeyPatch, given: str,
                                                default: bool) -> None:  # fmt: skip
    """``SEISAN_HTTPS=maybe`` had been off, in silence, and ``SEISAN_PG_PREPARE=nope``
    too: neither what was meant nor a word it knew."""
    _set(monkeypatch, given)
    with pytest.raises(env.SettingError) as refused:
        env.flag("X_SETTING", default)
    assert str(refused.value) == f"X_SETTING “{given}”: give 1 to turn it on or 0 to turn it off"


@pytest.mark.parametrize(("given", "least", "read"), [
    (UNSET, 0, 60), ("", 0, 60), ("0", 0, 0), ("1", 1, 1), (" 12 ", 0, 12),
    ("31536000", 0, 31536000), ("999999999999999999", 0, 999999999999999999),
    ("0", 1, None), ("-1", 0, None), ("1.5", 0, None), ("abc", 0, None), ("1e3", 0, None),
    ("9999999999999999999", 0, None), ("１２", 0, None), ("+5", 0, None),
])  # fmt: skip
def test_a_whole_number(monkeypatch: pytest.MonkeyPatch, given: object, least: int,
                        read: int | None) -> None:  # fmt: skip
    _set(monkeypatch, given)
    if read is None:
        with pytest.raises(env.SettingError) as refused:
            env.whole("X_SETTING", 60, least)
        assert str(refused.value) == (f"X_SETTING “{str(given).strip()}”: give a whole number "
                                      f"from {least}")  # fmt: skip
    else:
        assert env.whole("X_SETTING", 60, least) == read


@pytest.mark.parametrize(("given", "read"), [
    (UNSET, "UTC"), ("", "UTC"), ("Asia/Tokyo", "Asia/Tokyo"), ("Asia/Seoul", "Asia/Seoul"),
    ("UTC", "UTC"), ("Mars/Base", None), ("asia/tokyo ", None), ("../etc/passwd", None),
    ("/etc/localtime", None), ("Tokyo", None), ("Asia", None),  # (a folder: helper-65)
])  # fmt: skip
def test_a_time_zone(monkeypatch: pytest.MonkeyPatch, given: object, read: str | None) -> None:
    """Django stopped on a time zone it could not find with its own ValueError."""
    _read_or_refused(monkeypatch, given, read, lambda: env.time_zone("X_SETTING", "UTC"),
                     "no such time zone")  # fmt: skip


@pytest.mark.parametrize(("given", "good"), [
    ("20/m/ip", True), ("20/m", True), ("5/300s/key", True), ("10/m/ip,5/300s/key", True),
    ("1/1.5h/user", True), ("3/d", True), ("20 / m / ip", False), ("20/m/ip, 5/h", True),
    ("20perminute", False), ("0/m/ip", False), ("-1/m", False), ("20/w/ip", False),
    ("20/m/host", False), ("20/m/ip/x", False), ("20/m/ip,", False), ("/m", False),
])  # fmt: skip
def test_a_rate_limit_is_one_allauth_reads(monkeypatch: pytest.MonkeyPatch, given: str,
                                           good: bool) -> None:  # fmt: skip
    """A rate allauth cannot read was its ValueError at the first sign-up, a 500 page."""
    from allauth.core.internal.ratelimit import parse_rates  # noqa: PLC0415

    _set(monkeypatch, given)
    if good:
        assert env.rates("X_SETTING", "20/m/ip") == given
        assert all(rate.amount > 0 and rate.duration > 0 and rate.per in {"ip", "user", "key"}
                   for rate in parse_rates(given))  # fmt: skip
    else:
        with pytest.raises(env.SettingError, match="give a limit such as 20/m/ip"):
            env.rates("X_SETTING", "20/m/ip")


def test_a_setting_error_is_djangos_and_seisans(monkeypatch: pytest.MonkeyPatch) -> None:
    """Django's tools know it as a bad setting; seisan's as a message in the reader's
    language."""
    _set(monkeypatch, "x")
    with pytest.raises(ImproperlyConfigured) as refused:
        env.seconds("X_SETTING", 1.0)
    with language("ja"):
        assert str(refused.value) == "X_SETTING「x」: 0 より大きい秒数を指定してください"
    with language("ko"):
        assert str(refused.value) == "X_SETTING “x”: 0보다 큰 초 수를 지정하세요"


#: a test that starts ``seisan serve`` with :func:`_clean`'s environment (no DATABASE_URL:
#: its SQLite file, or none): the same on make test's PostgreSQL run, which leaves
#: ``serve`` tests out
SERVES_SQLITE = pytest.mark.serve


def _clean(folder: Path, lang: str, **variables: str) -> dict[str, str]:
    dropped = ("SEISAN_", "DJANGO_", "LC_", "DATABASE_URL", "TIME_ZONE")
    kept = {k: v for k, v in os.environ.items() if not k.startswith(dropped)}
    return {**kept, "HOME": str(folder), "LANG": lang, **variables}


@pytest.mark.parametrize(("variables", "lang", "said"), [
    ({"SEISAN_HTTPS": "maybe"}, "C",
     "seisan: error: SEISAN_HTTPS “maybe”: give 1 to turn it on or 0 to turn it off"),
    ({"SEISAN_SEATING_SECONDS": "x"}, "ja_JP.UTF-8",
     "seisan: エラー: SEISAN_SEATING_SECONDS「x」: 0 より大きい秒数を指定してください"),
    ({"TIME_ZONE": "Asia/Toky0"}, "ko_KR.UTF-8",
     "seisan: 오류: TIME_ZONE “Asia/Toky0”: 그런 시간대는 없습니다(Asia/Tokyo, Asia/Seoul, UTC "
     "등을 지정하세요)"),
])  # fmt: skip
@SERVES_SQLITE
def test_serve_stops_on_a_bad_setting_with_one_line(tmp_path: Path, variables: dict[str, str],
                                                    lang: str, said: str) -> None:  # fmt: skip
    """``SEISAN_SEATING_SECONDS=x seisan serve`` ended in Django's traceback, in English."""
    done = subprocess.run(
        [sys.executable, "-m", "seisan", "serve", "--owner-link", "--db", str(tmp_path / "a.db")],
        env=_clean(tmp_path, lang, **variables),
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert (done.returncode, done.stdout, done.stderr) == (2, "", said + "\n")
    assert not (tmp_path / "a.db").exists()  # stopped before a database was made


@pytest.mark.parametrize(("variables", "said"), [
    ({"CONN_MAX_AGE": "a minute", "DJANGO_DEBUG": "1"},
     "seisan.web: エラー: CONN_MAX_AGE「a minute」: 0 以上の整数を指定してください"),
    ({"DJANGO_DEBUG": "0"},
     "seisan.web: エラー: DJANGO_SECRET_KEY が設定されていません（seisan serve はこのマシンに鍵を"
     "作ります。本番環境では設定してください）"),
])  # fmt: skip
def test_djangos_commands_stop_on_a_bad_setting_with_one_line(
    tmp_path: Path, variables: dict[str, str], said: str
) -> None:
    """``python -m seisan.web`` (Django's manage.py) says the same, in the reader's
    language."""
    variables = {**variables, "SEISAN_DB": str(tmp_path / "none.db")}
    done = subprocess.run([sys.executable, "-m", "seisan.web", "check"],
                          env=_clean(tmp_path, "ja_JP.UTF-8", **variables),
                          capture_output=True, text=True, timeout=120, check=False)  # fmt: skip
    assert (done.returncode, done.stderr) == (2, said + "\n")


def test_every_setting_is_read_through_its_checks() -> None:
    """No variable read by hand in the settings again (``int(os.environ…)`` was a
    traceback): only the lists and names Django checks itself are."""
    text = (Path(env.__file__).parent / "settings.py").read_text(encoding="utf-8")
    read: Any = [line.split("os.environ.get(")[1].split(",")[0].split(")")[0]
                 for line in text.splitlines() if "os.environ.get(" in line]  # fmt: skip
    assert sorted(read) == ['"DJANGO_SECRET_KEY"', '"STATIC_ROOT"']


@pytest.mark.parametrize(("given", "read"), [
    (UNSET, ["127.0.0.1", "localhost"]), ("scores.example.org", ["scores.example.org"]),
    (" a.org , .b.org,*", ["a.org", ".b.org", "*"]), ("[::1]", ["[::1]"]),
    ("http://example.com", None), ("example.com/scores", None),
])  # fmt: skip
def test_allowed_hosts_are_host_names(monkeypatch: pytest.MonkeyPatch, given: object,
                                      read: list[str] | None) -> None:  # fmt: skip
    """helper-63: ``http://example.com`` started a server no request's host matched."""
    _read_or_refused(
        monkeypatch,
        given,
        read,
        lambda: env.hosts("X_SETTING", "127.0.0.1,localhost"),
        "give host names",
    )


@pytest.mark.parametrize(("given", "read"), [
    (UNSET, []), ("https://a.org", ["https://a.org"]),
    ("https://a.org, http://b.org:8000", ["https://a.org", "http://b.org:8000"]),
    ("https://*.a.org", ["https://*.a.org"]), ("example.com", None), ("https://a.org/x", None),
    ("ftp://a.org", None),
])  # fmt: skip
def test_trusted_origins_have_their_scheme(monkeypatch: pytest.MonkeyPatch, given: object,
                                           read: list[str] | None) -> None:  # fmt: skip
    """helper-63: Django's own check refused ``example.com`` and the server started."""
    _read_or_refused(monkeypatch, given, read, lambda: env.origins("X_SETTING"),
                     "give each origin with its scheme")  # fmt: skip


@pytest.mark.parametrize(("given", "good"), [
    ("django.core.mail.backends.smtp.EmailBackend", True),
    ("django.core.mail.backends.locmem.EmailBackend", True),
    ("django.core.mail.backends.smtp.EmailBackEnd", False), ("nosuch.Backend", False),
    ("EmailBackend", False), ("django.core.mail.backends.smtp.", False),
])  # fmt: skip
def test_the_mail_backend_is_a_class_that_imports(monkeypatch: pytest.MonkeyPatch, given: str,
                                                  good: bool) -> None:  # fmt: skip
    """A misspelt one was a 500 page at the first password reset."""
    _set(monkeypatch, given)
    default = "django.core.mail.backends.console.EmailBackend"
    if good:
        assert env.backend("X_SETTING", default) == given
    else:
        with pytest.raises(env.SettingError, match="no such class"):
            env.backend("X_SETTING", default)


@pytest.mark.parametrize(("owner", "said"), [
    ("", "--owner “”: give an email address"),
    ("not an email", "--owner “not an email”: give an email address"),
    ("a@b@c", "--owner “a@b@c”: give an email address"),
    ("a" * 146 + "@x.jp", "--owner: an email address of at most 150 characters"),
])  # fmt: skip
@SERVES_SQLITE
def test_serve_refuses_an_owner_who_is_no_email(tmp_path: Path, owner: str, said: str) -> None:
    """helper-63: nothing was Django's traceback, and a name that is no address an owner
    who could never sign in “with the email above”."""
    done = subprocess.run(
        [sys.executable, "-m", "seisan", "serve", "--owner-link", "--db", str(tmp_path / "a.db"),
         "--owner", owner], env=_clean(tmp_path, "C"), capture_output=True, text=True,
        timeout=120, check=False,
    )  # fmt: skip
    assert (done.returncode, done.stderr) == (2, f"seisan: error: {said}\n")
    assert not (tmp_path / "a.db").exists()


@SERVES_SQLITE
def test_a_demo_that_fails_is_named_and_leaves_no_club(tmp_path: Path) -> None:
    """helper-63: a demo file that failed left an empty demo club, and the demo then never
    loaded; a club.toml that is not UTF-8 was Python's traceback."""
    import sqlite3  # noqa: PLC0415

    from .serving import free_port  # noqa: PLC0415

    examples = Path(__file__).resolve().parents[2] / "examples"
    demo = tmp_path / "demo"
    demo.mkdir()
    (demo / "club.toml").write_bytes(b'extends = "tenhou"\ntitle = "\x8b\xe0\x97\x6a"\n')
    db = tmp_path / "a.db"

    def serve() -> subprocess.CompletedProcess[str]:
        return subprocess.run(
            [sys.executable, "-m", "seisan", "serve", "--db", str(db), "--demo", str(demo),
             "--port", str(free_port())], env=_clean(tmp_path, "C"), capture_output=True,
            text=True, timeout=120, check=False,
        )  # fmt: skip

    done = serve()
    assert (done.returncode, done.stderr) == (
        2, f"seisan: error: {demo}/club.toml: not UTF-8 text\n")  # fmt: skip
    (demo / "club.toml").write_text((examples / "club.toml").read_text(encoding="utf-8"),
                                    encoding="utf-8")  # fmt: skip
    (demo / "s.toml").write_text('rules = "club.toml"\n[[games]]\nplayers = ["A","B","C","D"]\n'
                                 "points = [1,2,3]\n", encoding="utf-8")  # fmt: skip
    done = serve()
    assert done.returncode == 2 and done.stderr.startswith(f"seisan: error: {demo}/s.toml: ")
    with sqlite3.connect(db) as kept:
        assert kept.execute("SELECT count(*) FROM clubs_club").fetchone() == (0,)
