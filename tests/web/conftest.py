"""Fixtures of the web app's tests: a club with an owner, members of each role, a
season under real rules, and helpers that enter games through the real views."""

from __future__ import annotations

import os
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from allauth.account.models import EmailAddress
from django.contrib.auth import get_user_model
from django.test import Client
from django.urls import reverse

from seisan.web.clubs import models as m
from seisan.web.clubs import services

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"
CI = os.environ.get("CI", "").lower() == "true"


@pytest.fixture(autouse=True)
def _english(settings: Any) -> None:
    settings.LANGUAGE_CODE = "en"
    # a draw's search is bounded by its steps here, not the clock: the tests check its
    # tables, which a busy machine would otherwise cut short (the bound: test_seating)
    settings.SEISAN_SEATING_SECONDS = 60


def make_user(email: str, password: str = "a-long-password-1") -> Any:
    user = get_user_model().objects.create_user(username=email, email=email, password=password)
    EmailAddress.objects.create(user=user, email=email, primary=True, verified=True)
    return user


@pytest.fixture
def owner(db: None) -> Any:
    return make_user("owner@example.com")


@pytest.fixture
def club(owner: Any) -> m.Club:
    club = m.Club.objects.create(name="Test club", slug="test", currency="JPY")
    m.Membership.objects.create(club=club, user=owner, role=m.Role.OWNER)
    return club


@pytest.fixture
def member_of(club: m.Club) -> Callable[[str], Any]:
    """A user with ``role`` in the club."""

    def make(role: str) -> Any:
        user = make_user(f"{role}@example.com")
        m.Membership.objects.create(club=club, user=user, role=role)
        return user

    return make


def season_with(club: m.Club, rules: str, owner: Any, name: str = "Season") -> m.Season:
    season = m.Season.objects.create(club=club, name=name)
    services.new_rules_version(season, services.rules_from_text(rules), rules, owner)
    return season


@pytest.fixture
def season(club: m.Club, owner: Any) -> m.Season:
    return season_with(club, "mleague", owner)


@pytest.fixture
def session(season: m.Season) -> m.Session:
    return m.Session.objects.create(season=season, title="Friday")


@pytest.fixture
def signed_in(owner: Any) -> Client:
    client = Client()
    client.force_login(owner)
    return client


def enter(
    client: Client, session: m.Session, names: list[str], points: list[Any], **extra: Any
) -> Any:
    """POST the entry form as a phone would; returns the response."""
    data: dict[str, Any] = {"deposits": extra.pop("deposits", "0"), "save": "1"}
    for seat, (name, value) in enumerate(zip(names, points, strict=True)):
        data[f"player_{seat}"] = name
        data[f"points_{seat}"] = str(value)
    data.update(extra)
    url = reverse("clubs:enter", args=[session.season.club.slug, session.pk])
    return client.post(url, data)
