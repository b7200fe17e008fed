"""What helper-64 found taken in silence where the pages and the API take a name or a
title: a club, a season or a night named by nothing visible or shown reversed, two
clubs whose short names differ only by case, a short name of no letter, the server's
own clock setting as a club's time zone."""

from __future__ import annotations

import json
from typing import Any

import pytest
from django.test import Client
from django.urls import reverse

from seisan.web.clubs import models as m

from .conftest import season_with

pytestmark = pytest.mark.django_db


def new_club(client: Client, **fields: str) -> Any:
    data = {"name": "Night owls", "slug": "owls", "kind": "circle", "currency": "JPY",
            "time_zone": "Asia/Tokyo", **fields}  # fmt: skip
    return client.post("/clubs/new/", data)


@pytest.mark.parametrize(("field", "value", "said"), [
    ("name", "\u200b", "no control or invisible characters, please"),
    ("name", "a\u202eb", "no control or invisible characters, please"),
    ("slug", "-", "use only letters, digits and - in the short name"),
    ("time_zone", "localtime", "not a time zone"),
])  # fmt: skip
def test_a_club_named_by_nothing_visible_or_the_servers_clock_is_refused(
    signed_in: Client, field: str, value: str, said: str
) -> None:
    page = new_club(signed_in, **{field: value})
    assert page.status_code == 200 and said in page.content.decode()
    assert not m.Club.objects.filter(slug="owls").exists()


def test_a_clubs_short_name_is_one_whatever_its_letters_case(
    signed_in: Client, club: m.Club
) -> None:
    """``/c/Test/`` had been a second club beside ``/c/test/``."""
    page = new_club(signed_in, slug="TEST")
    assert page.status_code == 200
    assert "the short name test is taken: choose another" in page.content.decode()
    assert new_club(signed_in, slug="Owls").status_code == 302
    assert m.Club.objects.filter(slug="owls").exists()


def test_a_club_name_keeps_one_space(signed_in: Client) -> None:
    assert new_club(signed_in, name="  Night    owls ").status_code == 302
    assert m.Club.objects.get(slug="owls").name == "Night owls"


@pytest.mark.parametrize("name", ["\u200b", "a\u202eb"])
def test_a_season_named_by_nothing_visible_is_refused(
    signed_in: Client, club: m.Club, name: str
) -> None:
    page = signed_in.post(f"/c/{club.slug}/seasons/new/", {"name": name, "preset": "mleague",
                                                           "min_games": "0"})  # fmt: skip
    assert (
        page.status_code == 200
        and "no control or invisible characters, please" in page.content.decode()
    )
    assert not club.seasons.exists()


def test_a_night_titled_with_spaces_alone_has_no_title(
    club: m.Club, owner: Any, signed_in: Client
) -> None:
    """Through the API ``"   "`` had been kept as three spaces."""
    from seisan.web.accounts.tokens import new_api_token  # noqa: PLC0415

    season = season_with(club, "mleague", owner)
    token = new_api_token(owner, "bot")
    answer = Client().post(f"/api/clubs/{club.slug}/seasons/{season.pk}/sessions",
                           json.dumps({"date": "2026-12-06", "title": "   "}),
                           content_type="application/json",
                           HTTP_AUTHORIZATION=f"Bearer {token}")  # fmt: skip
    assert answer.status_code == 201, answer.content
    assert season.sessions.get().title == ""
    page = signed_in.post(reverse("clubs:new_session", args=[club.slug, season.pk]),
                          {"date": "2026-12-07", "title": "a\u202eb"}, follow=True)  # fmt: skip
    assert "no control or invisible characters, please" in page.content.decode()
    assert season.sessions.count() == 1


def test_an_invitation_for_nobody_visible_is_refused(signed_in: Client, club: m.Club) -> None:
    page = signed_in.post(reverse("clubs:invitations", args=[club.slug]),
                          {"name": "\u200b", "role": "scorer", "days": "1"})  # fmt: skip
    assert (
        page.status_code == 200
        and "no control or invisible characters, please" in page.content.decode()
    )
    from seisan.web.accounts.models import Invitation  # noqa: PLC0415

    assert not Invitation.objects.exists()
