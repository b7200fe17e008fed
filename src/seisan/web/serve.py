"""``seisan serve``: the web app on this machine, ready on the first start.

The first start makes the SQLite database (in the user's data folder, or ``--db``;
``DATABASE_URL`` for PostgreSQL), applies the migrations and creates the owner's
account without a password, printing a one-time sign-in link (no default password
ever), with a QR code to open it on a phone. ``--host 0.0.0.0`` serves the LAN: the
machine's addresses are printed and accepted. ``--demo FOLDER`` loads a demo club
from the CLI's example files. Every line it prints is in the user's language.
"""

from __future__ import annotations

import importlib.util
import os
import secrets
import socket
import sys
import time
from collections.abc import Callable
from datetime import timedelta
from functools import partial
from pathlib import Path
from typing import Any, TypeVar

from seisan.errors import SeisanError
from seisan.i18n import Message, _
from seisan.web.paths import db_path, default_db

LINK_HOURS = 24
#: what the web extra installs, by import name (``seisan serve`` names what is missing)
WEB_MODULES = ("django", "allauth", "simple_history", "django_htmx", "csp", "whitenoise",
               "gunicorn", "dj_database_url", "platformdirs", "babel", "segno",
               "django_permissions_policy")  # fmt: skip
LOCAL_HOSTS = {"127.0.0.1", "localhost", "::1"}
WILDCARD_HOSTS = {"0.0.0.0", "::", ""}


def missing_modules() -> list[str]:
    """The web extra's modules that are not installed (none when it is)."""
    return [name for name in WEB_MODULES if importlib.util.find_spec(name) is None]


def lan_addresses() -> list[str]:
    """This machine's IPv4 addresses a phone on the LAN can reach (not loopback):
    the one the default route leaves from first, then every other the host name has."""
    found: list[str] = []
    try:
        with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
            probe.connect(("10.254.254.254", 1))  # no packet is sent: it picks the route
            found.append(probe.getsockname()[0])
    except OSError:
        pass
    try:
        infos = socket.getaddrinfo(socket.gethostname(), None, socket.AF_INET)
    except OSError:
        infos = []
    for info in infos:
        address = str(info[4][0])
        if address not in found:
            found.append(address)
    return [a for a in found if not a.startswith("127.")]


def served_hosts(host: str) -> list[str]:
    """The addresses the server answers to and prints: loopback, and for the LAN
    (``0.0.0.0``) every address of the machine, or the one address given."""
    if host in LOCAL_HOSTS:
        return [host]
    if host in WILDCARD_HOSTS:
        return [*lan_addresses(), "127.0.0.1"]
    return [host]


def _url_host(host: str) -> str:
    return f"[{host}]" if ":" in host else host


def private(path: Path, folder: bool = False) -> None:
    """Readable by the owner only: the database holds sign-in sessions."""
    for each in (path, path.with_name(path.name + "-wal"), path.with_name(path.name + "-shm")):
        if each.is_file():  # (never a folder: a folder given as the database is refused)
            each.chmod(each.stat().st_mode & 0o700)  # others' rights taken, none given
    if folder:
        path.parent.chmod(0o700)


def prepare(db: Path | None, hosts: list[str] | None = None) -> Path | None:
    """Point Django at the database, accept the hosts served (before Django reads its
    settings) and make a local secret key beside SQLite. Files made from here on are
    the owner's alone."""
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "seisan.web.settings")
    os.environ["SEISAN_SERVE"] = "1"  # plain HTTP on this machine or the LAN (settings)
    os.umask(0o077)
    if hosts:
        given = os.environ.get("DJANGO_ALLOWED_HOSTS", "127.0.0.1,localhost,[::1]")
        os.environ["DJANGO_ALLOWED_HOSTS"] = ",".join(
            dict.fromkeys([*filter(None, given.split(",")), *(_url_host(h) for h in hosts)])
        )
    if db is not None:
        os.environ["SEISAN_DB"] = str(db.expanduser().resolve())
    if os.environ.get("DATABASE_URL"):
        if not os.environ.get("DJANGO_SECRET_KEY"):
            raise SeisanError(
                _("DATABASE_URL is set but DJANGO_SECRET_KEY is not: set it to a long random "
                  "text, the same on every server of this database")
            )  # fmt: skip
        return None
    path = db_path()
    made = not path.parent.exists()
    path.parent.mkdir(parents=True, exist_ok=True)
    key = path.with_name("secret.key")
    if not os.environ.get("DJANGO_SECRET_KEY") and not key.exists():
        key.write_text(secrets.token_urlsafe(50), encoding="utf-8")
        key.chmod(0o600)
    private(path, folder=made or path == default_db())
    return path


def setup(db: Path | None = None, hosts: list[str] | None = None) -> Path | None:
    path = prepare(db, hosts)
    import django  # noqa: PLC0415
    from django.core.management import call_command  # noqa: PLC0415

    django.setup()
    call_command("migrate", interactive=False, verbosity=0)
    if path is not None:
        private(path)
    return path


def sign_in_link(user: Any, base: str) -> str:
    """A fresh one-time link for ``user`` (valid for a day, once); the links printed
    before it stop working."""
    from seisan.web.accounts.tokens import new_sign_in_link  # noqa: PLC0415

    token = new_sign_in_link(user, timedelta(hours=LINK_HOURS))
    return f"{base}/welcome/{token}/"


def owner(email: str) -> tuple[Any, bool]:
    """The first account (the owner), made without a password on the first start."""
    from allauth.account.models import EmailAddress  # noqa: PLC0415
    from django.contrib.auth import get_user_model  # noqa: PLC0415

    users = get_user_model()
    first = users.objects.order_by("pk").first()
    if first is not None:
        return first, False
    user = users.objects.create_user(username=email, email=email)
    user.set_unusable_password()
    user.is_staff = user.is_superuser = True
    user.save()
    EmailAddress.objects.create(user=user, email=email, primary=True, verified=True)
    return user, True


def load_demo(folder: Path, user: Any) -> str | None:
    """A demo club from the CLI's examples: the rules of ``club.toml``, every session
    file and game record of the folder. Nothing if a club exists already. All or
    nothing: a file that cannot be loaded is named and leaves no club behind (an empty
    demo club had been kept, and the demo then never loaded again)."""
    from django.db import transaction  # noqa: PLC0415

    from seisan.web.clubs import files, services  # noqa: PLC0415
    from seisan.web.clubs import models as m  # noqa: PLC0415

    with transaction.atomic():
        if m.Club.objects.exists():
            return None
        rules_file = folder / "club.toml"
        rules_text = _demo_text(rules_file)
        rules = _named(rules_file, lambda: services.rules_from_text(rules_text))
        # (named in the language the server was started in: --lang, or LANG)
        club = m.Club.objects.create(name=_("Demo club").text(), slug="demo", kind="circle",
                                     currency="JPY")  # fmt: skip
        m.Membership.objects.create(club=club, user=user, role=m.Role.OWNER)
        season = m.Season.objects.create(club=club, name=_("Friday nights").text(), public=True)
        services.new_rules_version(season, rules, rules_text, user)
        for path in sorted(folder.glob("*.toml")):
            text = _demo_text(path)
            if "[[games]]" in text:
                _named(path, partial(files.import_session, season, text, path.name, user))
        for path in sorted(folder.glob("*.json")):
            text = _demo_text(path)
            try:
                files.import_session(season, text, path.name, user)
            except SeisanError:  # (a game record of another kind: not a session)
                continue
        return club.slug


def _demo_text(path: Path) -> str:
    """A demo file's text (UTF-8, with or without a BOM), or an error naming it."""
    from seisan.errors import file_problem  # noqa: PLC0415

    try:
        return path.read_text(encoding="utf-8-sig")
    except UnicodeDecodeError:
        raise SeisanError(_("{path}: not UTF-8 text", path=path)) from None
    except OSError as err:
        raise SeisanError(_("{path}: {problem}", path=path, problem=file_problem(err))) from None


_R = TypeVar("_R")


def _named(path: Path, load: Callable[[], _R]) -> _R:
    """``load()``, its error prefixed by the file it came from."""
    try:
        return load()
    except SeisanError as err:
        raise SeisanError(err.within(path)) from None


def say(message: Message) -> None:
    print(message, flush=True)


def qr_lines(text: str) -> str:
    """A QR code of ``text`` drawn with block characters, for a phone to scan."""
    import io  # noqa: PLC0415

    import segno  # noqa: PLC0415

    buffer = io.StringIO()
    segno.make(text, error="l").terminal(out=buffer, compact=True, border=2)
    return buffer.getvalue()


def run(
    host: str,
    port: int,
    db: Path | None,
    demo: Path | None,
    email: str,
    workers: int,
    owner_link: bool = False,
) -> None:
    """Start the web app (gunicorn) and print where it is; with ``owner_link``, print a
    new one-time sign-in link for the owner and stop."""
    hosts = served_hosts(host)
    from django.db import DatabaseError  # noqa: PLC0415

    try:
        path = setup(db, hosts)
    except DatabaseError as err:  # (no right to write there, a server not reached…)
        problem = str(err).strip().splitlines()[0] if str(err).strip() else type(err).__name__
        raise SeisanError(_("cannot open the database: {problem}", problem=problem)) from None
    if path is not None:  # the first line: which database this is
        say(_("database: {path}", path=path))
    else:
        say(_("database: {url}", url=_redacted(os.environ["DATABASE_URL"])))
    user, created = owner(email)
    bases = [f"http://{_url_host(h)}:{port}" for h in hosts]
    if demo is not None and not owner_link:
        load_demo(demo, user)
    if owner_link or created or not user.has_usable_password():
        link = sign_in_link(user, bases[0])
        say(_("owner's account: {email}", email=user.email))
        say(_("sign in once with: {link}", link=link))
        say(_("(the link works once, for a day; then set a password, and sign in with the "
              "email above)"))  # fmt: skip
        if host not in LOCAL_HOSTS:
            print(qr_lines(link), flush=True)
    else:
        say(_("owner's account: {email} (a new sign-in link: seisan serve --owner-link)",
              email=user.email))  # fmt: skip
    if owner_link:
        return
    from seisan.web.clubs.standings import warm  # noqa: PLC0415

    started = time.monotonic()
    try:
        ready = warm()
    except Exception as err:  # a page's problem must not stop the server
        ready = []
        problem = f"{type(err).__name__}: {err}"
        say(_("standings not kept ready ({error}): each season is read when first shown",
              error=problem))  # fmt: skip
    took = f"{time.monotonic() - started:.1f}"
    if ready:
        say(_("standings kept ready for the seasons played last: {count} ({seconds} s)",
              count=len(ready), seconds=took))  # fmt: skip
    for base in bases:
        say(_("seisan is running at {url}", url=base + "/"))
    before_fork()
    _gunicorn(host, port, workers)


def before_fork() -> None:
    """What the workers fork from: no database connection (none may be shared), and
    everything made so far (the seasons kept ready) frozen out of the collector's
    scans (``gc.freeze``, as Python's documentation advises for a server that forks).
    A full scan of a 100,000-game season's objects took 5–9 s, at any request, in
    every worker, and would copy the memory the workers share."""
    import gc  # noqa: PLC0415

    from django.db import connections  # noqa: PLC0415

    connections.close_all()
    gc.freeze()


SCHEMES = ("postgres", "postgresql", "pgsql", "sqlite")
"""The ``DATABASE_URL`` schemes of the databases seisan runs on (its drivers installed)."""


def check_database_url(url: str) -> None:
    """Refuse a ``DATABASE_URL`` that names no database seisan runs on (Django's
    reader had ended in its traceback: helper-60)."""
    scheme = url.strip().partition("://")[0].lower()
    if "://" not in url or scheme not in SCHEMES:
        raise SeisanError(_("DATABASE_URL “{url}”: give postgres://… or sqlite:///…",
                            url=_redacted(url)))  # fmt: skip


def _redacted(url: str) -> str:
    """A database URL without its password."""
    from urllib.parse import urlsplit, urlunsplit  # noqa: PLC0415

    parts = urlsplit(url)
    if parts.password is None:
        return url
    netloc = parts.netloc.replace(f":{parts.password}@", ":***@")
    return urlunsplit(parts._replace(netloc=netloc))


def _gunicorn(host: str, port: int, workers: int) -> None:
    if sys.platform.startswith("win"):  # gunicorn is POSIX only: Django's own server
        from django.core.management import call_command  # noqa: PLC0415

        call_command("runserver", f"{host}:{port}", use_reloader=False)
        return
    from gunicorn.app.base import BaseApplication  # noqa: PLC0415

    from seisan.web.wsgi import application  # noqa: PLC0415

    def post_fork(server: Any, worker: Any) -> None:
        from django.db import connections  # noqa: PLC0415

        for conn in connections.all(initialized_only=True):
            conn.connection = None  # inherited from the parent: never used, never closed here

    class App(BaseApplication):  # type: ignore[misc]
        def load_config(self) -> None:
            self.cfg.set("bind", f"{_url_host(host)}:{port}")
            self.cfg.set("workers", workers)
            self.cfg.set("timeout", 120)  # a large import settles before it answers
            self.cfg.set("accesslog", None)
            self.cfg.set("loglevel", "warning")
            self.cfg.set("post_fork", post_fork)

        def load(self) -> Any:
            return application

    App().run()
