"""What an independent review of issue 15's change found, each a test: sign-up closed
again once an invitation is gone, and rate-limited; renames and merges that would
leave a name nobody has (a spectator's, one the rules name, one taken again before
an undo); a referee's penalty whose reason is “chombo” kept as it was on an edit; a
payment by someone an edit took off the table still recordable; imported names with
doubled spaces."""

from __future__ import annotations

import html
from datetime import timedelta
from decimal import Decimal
from typing import Any

import pytest
from django.contrib.auth import get_user_model
from django.core.files.uploadedfile import SimpleUploadedFile
from django.test import Client
from django.urls import reverse

from seisan.web.accounts.models import Invitation
from seisan.web.accounts.tokens import new_invitation
from seisan.web.clubs import models as m
from seisan.web.clubs import money, services

from .conftest import enter, season_with

pytestmark = pytest.mark.django_db
NAMES = ["Ana", "Ben", "Chie", "Dae"]
MLEAGUE = [42600, 31000, 16400, 10000]
PASSWORDS = {"password1": "tiles-and-sticks-9", "password2": "tiles-and-sticks-9"}


def totals(game: m.Game) -> dict[str, Decimal]:
    return {s.player.name: s.total for s in game.seats.all()}


def test_a_revoked_invitation_opens_no_sign_up(club: m.Club, owner: Any,
                                               signed_in: Client) -> None:  # fmt: skip
    token = new_invitation(club, "scorer", "Fay", timedelta(days=1), owner)
    stranger = Client()
    stranger.get(reverse("invitation", args=[token]))
    invitation = Invitation.objects.get()
    signed_in.post(reverse("clubs:revoke_invitation", args=[club.slug, invitation.pk]))
    page = stranger.post(reverse("account_signup"), {"email": "x@example.com", **PASSWORDS})
    assert page.status_code == 403
    assert not m.Membership.objects.filter(user__email="x@example.com").exists()
    assert not get_user_model().objects.filter(email="x@example.com").exists()


def test_sign_up_is_rate_limited(settings: Any, db: None) -> None:
    settings.SEISAN_OPEN_SIGNUP = True
    client = Client(REMOTE_ADDR="203.0.113.5")
    codes = [client.post(reverse("account_signup"),
                         {"email": f"u{n}@example.com", **PASSWORDS}).status_code
             for n in range(25)]  # fmt: skip
    assert codes[:20] == [200] * 20 and 429 in codes[20:]


def test_no_rename_onto_a_spectators_name(signed_in: Client, club: m.Club,
                                          session: m.Session) -> None:  # fmt: skip
    enter(signed_in, session, NAMES, MLEAGUE, soto_name_0="Eve", soto_backs_0="2")
    ana = club.players.get(name="Ana")
    page = signed_in.post(reverse("clubs:rename_player", args=[club.slug, ana.pk]),
                          {"name": "eve"})  # fmt: skip
    assert "already a name at the club's tables" in html.unescape(page.content.decode())
    game = session.games.get()
    assert signed_in.get(reverse("clubs:game", args=[club.slug, game.pk])).status_code == 200
    assert signed_in.get(reverse("clubs:session", args=[club.slug, session.pk])).status_code == 200


def test_no_rename_of_someone_the_rules_name(signed_in: Client, club: m.Club, owner: Any) -> None:
    season = season_with(club, 'extends = "mleague"\n[side]\nsashi = ["Ana:Ben:10000"]\n', owner)
    session = m.Session.objects.create(season=season)
    enter(signed_in, session, NAMES, MLEAGUE)
    before = money.session_ledger(session)
    ana = club.players.get(name="Ana")
    page = signed_in.post(reverse("clubs:rename_player", args=[club.slug, ana.pk]),
                          {"name": "Anna"})  # fmt: skip
    assert "named in standing bets" in page.content.decode()
    after = money.session_ledger(session)
    assert before is not None and after is not None and after.owed == before.owed


def test_a_game_tables_own_pairs_follow_a_rename(signed_in: Client, club: m.Club,
                                                 owner: Any) -> None:  # fmt: skip
    season = season_with(club, "mleague", owner, "Own pairs")
    session = m.Session.objects.create(season=season)
    table = {"players": NAMES, "points": MLEAGUE, "side": {"sashi": ["Ana:Ben:10000"]}}
    game, _created = services.save_game(session, table, owner)
    before = totals(game)
    ana = club.players.get(name="Ana")
    signed_in.post(reverse("clubs:rename_player", args=[club.slug, ana.pk]), {"name": "Anna"})
    game.refresh_from_db()
    assert game.data["side"]["sashi"] == ["Anna:Ben:10000"]
    ledger = money.session_ledger(session)
    assert ledger is not None and ledger.owed["Anna"] == before["Ana"]


def test_an_undo_after_the_name_is_taken_again(signed_in: Client, club: m.Club,
                                               session: m.Session) -> None:  # fmt: skip
    enter(signed_in, session, NAMES, MLEAGUE)
    enter(signed_in, session, ["Anna", "Ben", "Chie", "Dae"], [32600, 31000, 26400, 10000])
    anna, ana = club.players.get(name="Anna"), club.players.get(name="Ana")
    signed_in.post(reverse("clubs:merge_players", args=[club.slug]),
                   {"source": anna.pk, "target": ana.pk, "confirm": "1"})  # fmt: skip
    signed_in.post(reverse("clubs:add_player", args=[club.slug]), {"name": "Anna"})
    action = club.actions.get(kind="players.merged")
    page = signed_in.post(reverse("clubs:undo", args=[club.slug, action.pk]), follow=True)
    assert "called Anna again since the merge" in page.content.decode()
    action.refresh_from_db()
    assert action.undone is None


def test_a_penalty_called_chombo_keeps_its_pt(signed_in: Client, club: m.Club,
                                              session: m.Session) -> None:  # fmt: skip
    enter(signed_in, session, NAMES, MLEAGUE, pen_seat_0="3", pen_kind_0="penalty",
          pen_pt_0="5", pen_reason_0="chombo")  # fmt: skip
    game = session.games.get()
    before = totals(game)
    url = reverse("clubs:edit", args=[club.slug, game.pk])
    form = signed_in.get(url).context["form"]
    data = {k: v for k, v in form.initial.items() if v not in (None, False)}
    assert signed_in.post(url, {**data, "save": "1"}).status_code == 302
    game.refresh_from_db()
    assert totals(game) == before and game.data["penalties"] == ["Dae:5:chombo"]


def test_someone_an_edit_took_off_the_table_can_be_paid_back(
    signed_in: Client, club: m.Club, owner: Any
) -> None:
    season = season_with(club, 'extends = "mleague"\n[money]\nrate = 100\n', owner, "M")
    session = m.Session.objects.create(season=season)
    enter(signed_in, session, NAMES, MLEAGUE)
    money.record_payment(session, "Dae", "Ana", money.fraction(5000), True, owner)
    game = session.games.get()
    url = reverse("clubs:edit", args=[club.slug, game.pk])
    form = signed_in.get(url).context["form"]
    data = {k: v for k, v in form.initial.items() if v not in (None, False)}
    signed_in.post(url, {**data, "player_3": "Eve", "save": "1"})
    ledger = money.session_ledger(session)
    assert ledger is not None and "Dae" in ledger.people()
    row = next(t for t in ledger.rows if "Dae" in (t.payer, t.payee))
    signed_in.post(reverse("clubs:mark_paid", args=[club.slug, session.pk]),
                   {"payer": row.payer, "payee": row.payee, "amount": str(row.amount)})  # fmt: skip
    assert money.session_ledger(session).open.get("Dae", 0) == 0  # type: ignore[union-attr]


def test_imported_names_with_doubled_spaces(signed_in: Client, club: m.Club,
                                            season: m.Season) -> None:  # fmt: skip
    text = ('[[games]]\nplayers = ["Ana  Lee", "Ben", "Chie", "Dae"]\n'
            'points = [42600, 31000, 16400, 10000]\nsashi = ["Ana  Lee:Ben:10000"]\n')  # fmt: skip
    url = reverse("clubs:import", args=[club.slug, season.pk])
    signed_in.post(url, {"file": SimpleUploadedFile("n.toml", text.encode())})
    game = m.Game.objects.get()
    assert game.data["players"][0] == "Ana Lee" and game.data["sashi"] == ["Ana Lee:Ben:10000"]
    assert signed_in.get(reverse("clubs:game", args=[club.slug, game.pk])).status_code == 200
    assert totals(game)["Ana Lee"] == Decimal("72.6")
