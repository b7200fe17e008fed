"""``seisan serve``: the web app on this machine, ready on the first start.

The first start makes the SQLite database (in the user's data folder, or ``--db``;
``DATABASE_URL`` for PostgreSQL), applies the migrations and creates the owner's
account without a password, printing a one-time sign-in link (no default password
ever). ``--demo FOLDER`` loads a demo club from the CLI's example files.
"""

from __future__ import annotations

import os
import secrets
import sys
from datetime import timedelta
from pathlib import Path
from typing import Any

from seisan.web.paths import db_path

LINK_HOURS = 24


def prepare(db: Path | None) -> Path | None:
    """Point Django at the database and make a local secret key beside SQLite."""
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "seisan.web.settings")
    if db is not None:
        os.environ["SEISAN_DB"] = str(db.expanduser().resolve())
    if os.environ.get("DATABASE_URL"):
        return None
    path = db_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    key = path.with_name("secret.key")
    if not os.environ.get("DJANGO_SECRET_KEY") and not key.exists():
        key.write_text(secrets.token_urlsafe(50), encoding="utf-8")
        key.chmod(0o600)
    return path


def setup(db: Path | None = None) -> Path | None:
    path = prepare(db)
    import django  # noqa: PLC0415
    from django.core.management import call_command  # noqa: PLC0415

    django.setup()
    call_command("migrate", interactive=False, verbosity=0)
    return path


def sign_in_link(user: Any, base: str) -> str:
    """A fresh one-time link for ``user`` (valid for a day, once)."""
    from django.utils import timezone  # noqa: PLC0415

    from seisan.web.clubs.models import SignInLink  # noqa: PLC0415
    from seisan.web.clubs.views import hash_token  # noqa: PLC0415

    token = secrets.token_urlsafe(32)
    SignInLink.objects.create(
        user=user, token_hash=hash_token(token),
        expires=timezone.now() + timedelta(hours=LINK_HOURS),
    )  # fmt: skip
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
    file and game record of the folder. Nothing if a club exists already."""
    from seisan.web.clubs import models as m  # noqa: PLC0415
    from seisan.web.clubs import services  # noqa: PLC0415

    if m.Club.objects.exists():
        return None
    rules_file = folder / "club.toml"
    rules = services.rules_from_text(rules_file.read_text(encoding="utf-8"))
    club = m.Club.objects.create(name="Demo club", slug="demo", kind="circle", currency="JPY")
    m.Membership.objects.create(club=club, user=user, role=m.Role.OWNER)
    season = m.Season.objects.create(club=club, name="Friday nights", public=True)
    services.new_rules_version(season, rules, rules_file.read_text(encoding="utf-8"), user)
    for path in sorted(folder.glob("*.toml")):
        text = path.read_text(encoding="utf-8")
        if "[[games]]" in text:
            services.import_session(season, text, path.name, user)
    for path in sorted(folder.glob("*.json")):
        text = path.read_text(encoding="utf-8")
        try:
            services.import_session(season, text, path.name, user)
        except Exception:
            continue
    return club.slug


def run(host: str, port: int, db: Path | None, demo: Path | None, email: str, workers: int) -> None:
    """Start the web app (gunicorn) and print where it is."""
    path = setup(db)
    user, created = owner(email)
    base = f"http://{'127.0.0.1' if host in {'0.0.0.0', '::'} else host}:{port}"
    if demo is not None:
        load_demo(demo, user)
    print(f"seisan is running at {base}/", flush=True)
    if path is not None:
        print(f"  database: {path}", flush=True)
    if created or not user.has_usable_password():
        print(f"  sign in once with: {sign_in_link(user, base)}", flush=True)
        print("  (the link works once, for a day; then set a password)", flush=True)
    if host not in {"127.0.0.1", "localhost", "::1"}:
        hosts = os.environ.get("DJANGO_ALLOWED_HOSTS", "")
        os.environ["DJANGO_ALLOWED_HOSTS"] = ",".join(filter(None, [hosts, "*"]))
    _gunicorn(host, port, workers)


def _gunicorn(host: str, port: int, workers: int) -> None:
    if sys.platform.startswith("win"):  # gunicorn is POSIX only: Django's own server
        from django.core.management import call_command  # noqa: PLC0415

        call_command("runserver", f"{host}:{port}", use_reloader=False)
        return
    from gunicorn.app.base import BaseApplication  # noqa: PLC0415

    from seisan.web.wsgi import application  # noqa: PLC0415

    class App(BaseApplication):  # type: ignore[misc]
        def load_config(self) -> None:
            self.cfg.set("bind", f"{host}:{port}")
            self.cfg.set("workers", workers)
            self.cfg.set("accesslog", None)
            self.cfg.set("loglevel", "warning")

        def load(self) -> Any:
            return application

    App().run()
