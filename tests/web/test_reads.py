"""The API's written reads (``seisan.web.clubs.reads``) give what the ORM gives: every
field of the night, its season, club and rules now, the role and the substitutes; the
token and its user; the club's players a game names. On SQLite and PostgreSQL alike
(the values' conversions: dates, booleans, time zones, JSON)."""

from __future__ import annotations

from datetime import date, timedelta
from typing import Any

import pytest
from django.contrib.auth.models import AnonymousUser
from django.db.models import Model
from django.utils import timezone

from seisan.web.accounts.models import ApiToken
from seisan.web.accounts.tokens import api_user, hash_token, new_api_token
from seisan.web.clubs import models as m
from seisan.web.clubs import reads, services
from seisan.web.events.models import Substitution

from .conftest import make_user, season_with

pytestmark = pytest.mark.django_db


def fields(row: Model) -> dict[str, Any]:
    """Every stored field of ``row`` as the instance holds it (values and types)."""
    return {f.attname: getattr(row, f.attname) for f in type(row)._meta.concrete_fields}


def same(read: Model, orm: Model) -> None:
    assert type(read) is type(orm)
    got, want = fields(read), fields(orm)
    assert got == want
    assert {k: type(v) for k, v in got.items()} == {k: type(v) for k, v in want.items()}
    assert not read._state.adding and read._state.db == orm._state.db


@pytest.fixture
def scene(club: m.Club, owner: Any) -> dict[str, Any]:
    """A season whose rules changed twice, published, with every field set otherwise
    than its default, and its night."""
    club.time_zone, club.kind = "Asia/Tokyo", "league"
    club.save()
    season = season_with(club, "mleague", owner, "Autumn")
    m.Season.objects.filter(pk=season.pk).update(
        public=True, min_games=7, registration_open=True, revision=41
    )
    services.new_rules_version(season, services.rules_from_text("tenhou"), "tenhou", owner)
    last = services.new_rules_version(season, services.rules_from_text("ema"), "ema", owner)
    night = m.Session.objects.create(
        season=season, date=date(2026, 2, 29 - 1), title="Friday", published=True
    )
    return {"season": season, "night": night, "rules": last}


def test_a_night_is_the_orms_night_with_its_season_club_and_rules_now(
    club: m.Club, owner: Any, scene: dict[str, Any]
) -> None:
    night = scene["night"]
    read = reads.night("test", night.pk, owner)
    assert read is not None
    orm = m.Session.objects.select_related("season__club").get(pk=night.pk)
    same(read, orm)
    same(read.season, orm.season)
    same(read.season.club, orm.season.club)
    same(read.rules_now, orm.season.rules)  # the latest of three versions
    assert read.rules_now.number == 3 and read.rules_now.pk == scene["rules"].pk
    assert read.season.club.time_zone == "Asia/Tokyo" and read.season.revision == 41
    assert read.season.public is True and read.published is True  # booleans, not 1
    assert read.date == date(2026, 2, 28) and timezone.is_aware(read.created)
    assert read.role == m.Role.OWNER and read.substituted is False


@pytest.mark.parametrize("role", [m.Role.MEMBER, m.Role.SCORER, m.Role.ORGANISER])
def test_a_nights_role_is_the_users_own(
    club: m.Club, scene: dict[str, Any], member_of: Any, role: str
) -> None:
    user = member_of(role)
    read = reads.night("test", scene["night"].pk, user)
    assert read is not None and read.role == role


def test_no_role_for_someone_else_or_nobody_signed_in(club: m.Club, scene: dict[str, Any]) -> None:
    other = make_user("other@example.com")
    elsewhere = m.Club.objects.create(name="Elsewhere", slug="elsewhere")
    m.Membership.objects.create(club=elsewhere, user=other, role=m.Role.OWNER)
    for user in (other, AnonymousUser(), None):
        read = reads.night("test", scene["night"].pk, user)
        assert read is not None and read.role is None


def test_a_night_of_another_club_or_no_night_is_none(
    club: m.Club, owner: Any, scene: dict[str, Any]
) -> None:
    elsewhere = m.Club.objects.create(name="Elsewhere", slug="elsewhere")
    m.Membership.objects.create(club=elsewhere, user=owner, role=m.Role.OWNER)
    assert reads.night("elsewhere", scene["night"].pk, owner) is None
    assert reads.night("test", scene["night"].pk + 1000, owner) is None
    assert reads.night("nosuch", scene["night"].pk, owner) is None


def test_a_season_with_a_substitute_says_so_and_another_season_does_not(
    club: m.Club, owner: Any, scene: dict[str, Any]
) -> None:
    night = scene["night"]
    other = m.Session.objects.create(season=season_with(club, "mleague", owner, "Winter"))
    ana, ben = (m.Player.objects.create(club=club, name=n) for n in ("Ana", "Ben"))
    Substitution.objects.create(season=scene["season"], player=ana, by=ben, since=night)
    assert reads.night("test", night.pk, owner).substituted is True
    assert reads.night("test", other.pk, owner).substituted is False


def test_a_token_is_the_orms_token_and_user(owner: Any) -> None:
    token = new_api_token(owner, "bot")
    ApiToken.objects.update(last_used=timezone.now() - timedelta(minutes=5))
    read = reads.token(hash_token(token))
    orm = ApiToken.objects.select_related("user").get()
    same(read, orm)
    same(read.user, orm.user)
    assert timezone.is_aware(read.last_used) and read.user.is_active is True


def test_no_token_when_revoked_or_unknown(owner: Any) -> None:
    token = new_api_token(owner, "bot")
    assert reads.token(hash_token(token + "x")) is None
    ApiToken.objects.update(revoked=timezone.now())
    assert reads.token(hash_token(token)) is None
    assert api_user(token) is None


def test_a_tokens_use_is_noted_once_a_minute(owner: Any) -> None:
    token = new_api_token(owner, "bot")
    assert api_user(token) == owner
    first = ApiToken.objects.get().last_used
    assert first is not None
    assert api_user(token) == owner and ApiToken.objects.get().last_used == first
    ApiToken.objects.update(last_used=first - timedelta(minutes=1, seconds=1))
    assert api_user(token) == owner and ApiToken.objects.get().last_used > first


def test_an_inactive_users_token_acts_as_nobody(owner: Any) -> None:
    token = new_api_token(owner, "bot")
    type(owner).objects.filter(pk=owner.pk).update(is_active=False)
    assert api_user(token) is None


def test_the_players_a_game_names_in_any_case_not_merged_nor_another_clubs(
    club: m.Club,
) -> None:
    ana = m.Player.objects.create(club=club, name="Ana")
    chie = m.Player.objects.create(club=club, name="Chie Sato")
    gone = m.Player.objects.create(club=club, name="Dae", merged_into=ana)
    elsewhere = m.Club.objects.create(name="Elsewhere", slug="elsewhere")
    m.Player.objects.create(club=elsewhere, name="Ben")
    read = reads.players(club, ["eve", "chie sato", "DAE", "ben", "ANA", "Ana"])
    assert [p.pk if p else None for p in read] == [None, chie.pk, None, None, ana.pk, ana.pk]
    assert gone.merged_into == ana
    for player in filter(None, read):
        same(player, m.Player.objects.get(pk=player.pk))
        assert player.club is club
    assert reads.players(club, []) == []


def test_a_night_whose_season_has_no_rules_is_still_its_night(
    club: m.Club, owner: Any, scene: dict[str, Any]
) -> None:
    """A season always has rules (it is made with them); without, the night is found
    all the same, with no rules now (the game's save reads the season's, and says so)."""
    m.RulesVersion.objects.filter(season=scene["season"]).delete()
    read = reads.night("test", scene["night"].pk, owner)
    assert read is not None and read.rules_now is None and read.role == m.Role.OWNER


@pytest.mark.parametrize(
    ("written", "sent"),
    [
        ("SELECT %s, %s", "SELECT $1, $2"),
        ("SELECT '5%%', %s", "SELECT '5%', $1"),
        ("SELECT %%s, %s", "SELECT %s, $1"),  # a % written twice, then an s: no value
        ("SELECT 1", "SELECT 1"),
    ],
)
def test_a_long_statement_is_sent_with_numbered_values(written: str, sent: str) -> None:
    """A game's insert (76 values, more than psycopg keeps split) is numbered once."""
    assert reads._numbered(written) == sent


def test_a_statement_with_another_placeholder_is_not_numbered() -> None:
    with pytest.raises(ValueError, match="other than %s"):
        reads._numbered("SELECT %(name)s")
