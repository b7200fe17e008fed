"""Headers and settings: a Content-Security-Policy that allows only the app's own
scripts and styles (and no page has an inline script), a Permissions-Policy, frames
refused; ``check --deploy`` clean with the production settings (behind TLS) and in
``seisan serve``'s plain-HTTP mode; tokens kept only as hashes."""

from __future__ import annotations

import re
import secrets
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from django.test import Client
from django.urls import reverse

from seisan.web.accounts.models import Invitation, SignInLink
from seisan.web.clubs import models as m
from seisan.web.serve import owner, sign_in_link

from .conftest import enter
from .serving import clean_env

pytestmark = pytest.mark.django_db


def test_headers_on_every_page(signed_in: Client, session: m.Session) -> None:
    enter(signed_in, session, ["Ana", "Ben", "Chie", "Dae"], [42600, 31000, 16400, 10000])
    club = session.season.club
    game = session.games.get()
    pages = [
        "/", reverse("clubs:club", args=[club.slug]),
        reverse("clubs:season", args=[club.slug, session.season.pk]),
        reverse("clubs:session", args=[club.slug, session.pk]),
        reverse("clubs:enter", args=[club.slug, session.pk]),
        reverse("clubs:game", args=[club.slug, game.pk]),
        reverse("clubs:invitations", args=[club.slug]),
        reverse("clubs:new_season", args=[club.slug]),
    ]  # fmt: skip
    for url in pages:
        page = signed_in.get(url)
        assert page.status_code == 200, url
        policy = page["Content-Security-Policy"]
        assert "script-src 'self'" in policy and "unsafe" not in policy, policy
        assert "frame-ancestors 'none'" in policy
        assert "camera=()" in page["Permissions-Policy"]
        assert page["X-Frame-Options"] == "DENY"
        assert page["X-Content-Type-Options"] == "nosniff"
        html = page.content.decode()
        for tag in re.findall(r"<script[^>]*>", html):
            assert "src=" in tag, (url, tag)  # no inline script
        assert not re.search(r"\son[a-z]+=", html), url  # no inline handlers
        assert "style=" not in html, url  # no inline styles


def _check(env: dict[str, str], tmp_path: Path) -> subprocess.CompletedProcess[str]:
    env = clean_env({"SEISAN_DB": str(tmp_path / "x.sqlite3"), **env})
    return subprocess.run([sys.executable, "-m", "seisan.web", "check", "--deploy",
                           "--fail-level", "WARNING"], capture_output=True, text=True, env=env,
                          check=False)  # fmt: skip


def test_check_deploy_is_clean_in_production(tmp_path: Path) -> None:
    production = {"DJANGO_SECRET_KEY": secrets.token_urlsafe(60),
                  "DJANGO_ALLOWED_HOSTS": "scores.example.org", "SEISAN_HTTPS": "1"}  # fmt: skip
    out = _check(production, tmp_path)
    assert out.returncode == 0, out.stdout + out.stderr
    assert "no issues" in out.stdout


def test_check_deploy_is_clean_in_serve_mode(tmp_path: Path) -> None:
    out = _check({"DJANGO_SECRET_KEY": secrets.token_urlsafe(60), "SEISAN_SERVE": "1"}, tmp_path)
    assert out.returncode == 0, out.stdout + out.stderr


def test_tokens_are_kept_only_as_hashes(club: m.Club, signed_in: Client) -> None:
    user, _created = owner("someone@localhost")
    link = sign_in_link(user, "http://x")
    token = link.rstrip("/").rsplit("/", 1)[1]
    assert not SignInLink.objects.filter(token_hash=token).exists()
    page = signed_in.post(reverse("clubs:invitations", args=[club.slug]),
                          {"name": "Fay", "role": "scorer", "days": "1"}, follow=True)  # fmt: skip
    invite = page.context["link"].rstrip("/").rsplit("/", 1)[1]
    stored: Any = Invitation.objects.get()
    assert invite not in {stored.token_hash} and len(stored.token_hash) == 64


@pytest.mark.parametrize(("given", "seconds"), [
    (None, 1.0), ("", 1.0), ("2.5", 2.5), ("0.001", 0.001),
    ("0", None), ("-1", None), ("abc", None), ("nan", None), ("inf", None),
])  # fmt: skip
def test_the_seconds_a_draw_may_search(monkeypatch: Any, given: str | None,
                                       seconds: float | None) -> None:  # fmt: skip
    """SEISAN_SEATING_SECONDS: above 0, or the server stops at once saying which."""
    from django.core.exceptions import ImproperlyConfigured  # noqa: PLC0415

    from seisan.web.environment import seconds as _seconds  # noqa: PLC0415

    if given is None:
        monkeypatch.delenv("SEISAN_SEATING_SECONDS", raising=False)
    else:
        monkeypatch.setenv("SEISAN_SEATING_SECONDS", given)
    if seconds is None:
        with pytest.raises(ImproperlyConfigured, match="give a number of seconds above 0"):
            _seconds("SEISAN_SEATING_SECONDS", 1.0)
    else:
        assert _seconds("SEISAN_SEATING_SECONDS", 1.0) == seconds
