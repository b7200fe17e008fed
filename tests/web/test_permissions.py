"""Every URL that changes data refuses the signed-out and members without the role,
and every form needs its CSRF token."""

from __future__ import annotations

from datetime import timedelta
from typing import Any

import pytest
from django.test import Client
from django.urls import reverse

from seisan.i18n import decimal_text
from seisan.seating import Method
from seisan.web.accounts.models import Invitation
from seisan.web.accounts.tokens import new_invitation
from seisan.web.clubs import models as m
from seisan.web.clubs import urls
from seisan.web.events import services as event_services
from seisan.web.events import urls as event_urls
from seisan.web.events.models import CheckIn, Registration, Substitution
from seisan.web.tables import services as table_services
from seisan.web.tables import urls as table_urls
from seisan.web.tables.models import Table

from .conftest import enter, make_user

pytestmark = pytest.mark.django_db

# (url name, the role it needs, POST data)
CHANGES = [
    ("clubs:add_player", "scorer", {"name": "Eve"}),
    ("clubs:merge_players", "organiser", {}),
    ("clubs:set_member", "organiser", {"email": "x@example.com", "role": "member"}),
    ("clubs:link_player", "organiser", {}),
    ("clubs:new_season", "organiser", {"name": "S", "preset": "mleague"}),
    ("clubs:season_settings", "organiser", {"preset": "tenhou"}),
    ("clubs:resettle", "organiser", {}),
    ("clubs:import", "organiser", {}),
    ("clubs:new_session", "scorer", {"date": "2026-11-27"}),
    ("clubs:enter", "scorer", {}),
    ("clubs:preview", "scorer", {}),
    ("clubs:mark_paid", "scorer", {"payer": "Dae", "payee": "Ana", "amount": "10"}),
    ("clubs:remove_payment", "scorer", {}),
    ("clubs:edit", "scorer", {}),
    ("clubs:delete", "scorer", {}),
    ("clubs:restore", "organiser", {}),
    ("clubs:invitations", "organiser", {"name": "Eve", "role": "scorer", "days": "7"}),
    ("clubs:revoke_invitation", "organiser", {}),
    ("clubs:remove_member", "organiser", {"confirm": "1"}),
    ("clubs:rename_player", "organiser", {"name": "Zed"}),
    ("clubs:undo", "organiser", {}),
    (
        "clubs:tables:start",
        "scorer",
        {"player_0": "A", "player_1": "B", "player_2": "C", "player_3": "D"},
    ),
    ("clubs:tables:table", "scorer", {"result": "draw", "number": "1", "key": "k"}),
    ("clubs:tables:preview", "scorer", {"result": "draw", "number": "1", "key": "k"}),
    (
        "clubs:tables:correct",
        "scorer",
        {"result": "draw", "number": "1", "key": "k", "version": "2"},
    ),
    ("clubs:tables:undo", "scorer", {"version": "2"}),
    ("clubs:tables:stop", "scorer", {"end": "time", "version": "2"}),
    ("clubs:tables:save", "scorer", {}),
    (
        "clubs:events:seating",
        "organiser",
        {"present": ["Ana", "Ben", "Chie", "Dae"], "method": "shuffled"},
    ),
    ("clubs:events:start", "organiser", {}),
    ("clubs:events:teams", "organiser", {"action": "team", "name": "Drivens"}),
    ("clubs:events:projector", "organiser", {"action": "start", "minutes": "45"}),
    ("clubs:events:entries", "organiser", {"action": "add", "name": "Eve"}),
    ("clubs:events:check_in", "referee", {"action": "in", "name": "Eve"}),
    ("clubs:events:referee", "referee", {"action": "add", "kind": "chombo", "player": "Ana"}),
    ("clubs:events:publish", "organiser", {"published": "1"}),
]


@pytest.fixture
def objects(signed_in: Client, club: m.Club, session: m.Session) -> dict[str, Any]:
    enter(signed_in, session, ["Ana", "Ben", "Chie", "Dae"], [42600, 31000, 16400, 10000])
    game = session.games.get()
    deleted = session.games.create(number=9, rules=game.rules, data=game.data,
                                   deleted="2026-11-27T00:00Z")  # fmt: skip
    new_invitation(club, "scorer", "Fay", timedelta(days=1), None)
    table = table_services.start(session, ["Ana", "Ben", "Chie", "Dae"], None)
    table_services.add_hand(table, {"result": "draw", "tenpai": ["Ana"]}, 1, "k1", None)
    seating = event_services.draw(session, ["Ana", "Ben", "Chie", "Dae"], Method.SHUFFLED, 1,
                                  None)  # fmt: skip
    return {"club": club, "season": session.season, "session": session, "game": game,
            "deleted": deleted, "invitation": Invitation.objects.get(),
            "table": Table.objects.get(), "seating": seating}  # fmt: skip


def url_of(name: str, o: dict[str, Any]) -> str:
    slug = o["club"].slug
    if name in {
        "clubs:add_player",
        "clubs:merge_players",
        "clubs:set_member",
        "clubs:new_season",
        "clubs:link_player",
        "clubs:invitations",
    }:
        return reverse(name, args=[slug])
    if name in {"clubs:season_settings", "clubs:resettle", "clubs:import", "clubs:new_session",
                "clubs:events:teams", "clubs:events:entries"}:  # fmt: skip
        return reverse(name, args=[slug, o["season"].pk])
    if name in {"clubs:enter", "clubs:preview", "clubs:mark_paid", "clubs:remove_payment"}:
        return reverse(name, args=[slug, o["session"].pk])
    if name in {
        "clubs:tables:start",
        "clubs:events:seating",
        "clubs:events:projector",
        "clubs:events:check_in",
        "clubs:events:referee",
        "clubs:events:publish",
    }:
        return reverse(name, args=[slug, o["session"].pk])
    if name == "clubs:events:start":
        return reverse(name, args=[slug, o["session"].pk, o["seating"].number])
    if name == "clubs:tables:correct":
        return reverse(name, args=[slug, o["table"].pk, 1])
    if name.startswith("clubs:tables:"):
        return reverse(name, args=[slug, o["table"].pk])
    if name == "clubs:remove_member":
        return reverse(name, args=[slug, o["club"].memberships.get(role="owner").pk])
    if name == "clubs:rename_player":
        return reverse(name, args=[slug, o["club"].players.get(name="Ana").pk])
    if name == "clubs:undo":
        return reverse(name, args=[slug, o["club"].actions.first().pk])
    if name == "clubs:revoke_invitation":
        return reverse(name, args=[slug, o["invitation"].pk])
    if name == "clubs:restore":
        return reverse(name, args=[slug, o["deleted"].pk])
    return reverse(name, args=[slug, o["game"].pk])


def test_every_change_url_is_listed() -> None:
    views_that_change = {
        "add_player", "merge_players", "set_member", "link_player", "new_season",
        "season_settings", "resettle",
        "import", "new_session", "enter", "preview", "mark_paid", "remove_payment", "edit",
        "delete", "restore",
        "confirm", "invitations", "revoke_invitation", "remove_member", "rename_player", "undo",
    }  # fmt: skip
    reading = {"club", "history", "season", "export", "session", "game", "game_history", "player"}
    assert {getattr(p, "name", None) for p in urls.urlpatterns} - {None} == (
        views_that_change | reading
    )
    listed = {n.split(":")[1] for n, _r, _d in CHANGES if n.count(":") == 1}
    assert listed == views_that_change - {"confirm"}
    # the table assistant: everything but reading the table and its record changes data
    tables = {p.name for p in table_urls.urlpatterns} - {"export", "live", "hand_stats"}
    listed_tables = {n.split(":")[2] for n, _r, _d in CHANGES if n.startswith("clubs:tables:")}
    assert listed_tables == tables
    # seating and teams: drawing, starting the tables and the teams change data; cards, CSV
    # and ratings read
    events = {p.name for p in event_urls.urlpatterns} - {"cards", "csv", "ratings", "what_if"}
    assert {n.split(":")[2] for n, _r, _d in CHANGES if n.startswith("clubs:events:")} == events


@pytest.mark.parametrize(("name", "role", "data"), CHANGES, ids=[c[0] for c in CHANGES])
def test_signed_out_visitors_go_to_sign_in(objects: dict[str, Any], name: str, role: str,
                                           data: dict[str, str]) -> None:  # fmt: skip
    before = _counts()
    response = Client().post(url_of(name, objects), data)
    assert response.status_code == 302 and "/accounts/login/" in response["Location"]
    assert _counts() == before


@pytest.mark.parametrize(("name", "role", "data"), CHANGES, ids=[c[0] for c in CHANGES])
def test_members_without_the_role_are_refused(
    objects: dict[str, Any], member_of: Any, name: str, role: str, data: dict[str, str]
) -> None:
    lower = {"scorer": "member", "referee": "scorer", "organiser": "referee"}[role]
    client = Client()
    client.force_login(member_of(lower))
    before = _counts()
    assert client.post(url_of(name, objects), data).status_code == 403
    assert _counts() == before


def test_other_clubs_members_see_nothing(objects: dict[str, Any]) -> None:
    stranger = make_user("stranger@example.com")
    other = m.Club.objects.create(name="Other", slug="other")
    m.Membership.objects.create(club=other, user=stranger, role=m.Role.OWNER)
    client = Client()
    client.force_login(stranger)
    for name in ("clubs:club", "clubs:history"):
        assert client.get(reverse(name, args=["test"])).status_code == 403
    assert client.get(reverse("clubs:game", args=["test", objects["game"].pk])).status_code == 403
    assert (
        client.get(reverse("clubs:season", args=["test", objects["season"].pk])).status_code == 403
    )


def test_only_the_player_confirms_their_result(objects: dict[str, Any], member_of: Any) -> None:
    game = objects["game"]
    member = member_of("member")
    seat = game.seats.get(player__name="Ana")
    client = Client()
    client.force_login(member)
    url = reverse("clubs:confirm", args=["test", game.pk])
    assert client.post(url, {"seat": seat.pk}).status_code == 403
    seat.player.user = member
    seat.player.save()
    assert client.post(url, {"seat": seat.pk}).status_code == 302
    seat.refresh_from_db()
    assert seat.confirmed


def test_forms_need_their_csrf_token(objects: dict[str, Any], owner: Any) -> None:
    client = Client(enforce_csrf_checks=True)
    client.force_login(owner)
    before = _counts()
    response = client.post(url_of("clubs:add_player", objects), {"name": "Eve"})
    assert response.status_code == 403
    response = client.post(url_of("clubs:enter", objects), {"player_0": "Ana"})
    assert response.status_code == 403
    assert _counts() == before


def test_a_public_season_needs_the_switch(objects: dict[str, Any]) -> None:
    season = objects["season"]
    url = reverse("public_season", args=[season.public_token])
    assert Client().get(url).status_code == 404
    season.public = True
    season.save()
    page = Client().get(url)
    assert page.status_code == 200 and b"+62.6" in page.content
    assert b"/edit/" not in page.content


def _counts() -> tuple[int, ...]:
    rows = tuple(
        model.objects.count()
        for model in (m.Game, m.Seat, m.Player, m.Season, m.Session, m.Membership, m.Payment,
                      m.RulesVersion, Invitation, Table, Registration, CheckIn, Substitution)
    )  # fmt: skip
    return (*rows, sum(Table.objects.values_list("version", flat=True)),  # a table's changes
            sum(m.Game.objects.values_list("version", flat=True)),  # a referee's penalty
            m.Session.objects.filter(published=True).count(),
            m.Season.objects.filter(registration_open=True).count())  # fmt: skip


@pytest.mark.parametrize(
    ("name", "data"),
    [
        ("clubs:merge_players", {"source": "x", "target": "1"}),
        ("clubs:link_player", {"player": "1 OR 1=1", "member": "2"}),
        ("clubs:mark_paid", {"payer": "Dae", "payee": "Ana", "amount": "lots"}),
        ("clubs:mark_paid", {"payer": "Dae", "payee": "Ana", "amount": "sNaN", "paid": "1"}),
        ("clubs:mark_paid", {"payer": "Zed", "payee": "Ana", "amount": "10"}),
        ("clubs:mark_paid", {"payer": "Ana", "payee": "Ana", "amount": "10"}),
        ("clubs:mark_paid", {"payer": "Dae", "payee": "Ana", "amount": "1e999"}),
        ("clubs:mark_paid", {"payer": "Dae", "payee": "Ana", "amount": "0.0001"}),
        ("clubs:remove_payment", {"payment": "99999999999999999999999"}),
    ],
)
def test_forged_forms_are_refused_cleanly(objects: dict[str, Any], signed_in: Client, name: str,
                                          data: dict[str, str]) -> None:  # fmt: skip
    before = _counts()
    response = signed_in.post(url_of(name, objects), data)
    assert response.status_code in {302, 404}
    assert _counts() == before


def test_marking_a_real_transfer_paid(objects: dict[str, Any], signed_in: Client) -> None:
    session = objects["session"]
    page = signed_in.get(reverse("clubs:session", args=["test", session.pk]))
    row = page.context["ledger"].rows[0]
    data = {"payer": row.payer, "payee": row.payee, "amount": decimal_text(row.amount), "key": "k"}
    url = url_of("clubs:mark_paid", objects)
    for _ in range(2):  # a double tap records it once
        signed_in.post(url, data)
    assert session.payments.count() == 1
    assert session.payments.get().in_money is False  # mleague has no rate: a pt ledger
    after = signed_in.get(reverse("clubs:session", args=["test", session.pk])).context["ledger"]
    assert (row.payer, row.payee) not in {(t.payer, t.payee) for t in after.rows}
    undo = {"payment": str(session.payments.get().pk)}
    signed_in.post(url_of("clubs:remove_payment", objects), undo)  # the history keeps it
    assert session.payments.count() == 0
    assert m.Payment.history.count() == 2
