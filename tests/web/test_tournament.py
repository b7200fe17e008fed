"""A tournament's desk: entries a player asks for by the season's link and an organiser
approves, the round's check-in the seating draws from, a substitute for a player who
left (EMA §5.8's fixed result when the rules say so), a referee's penalties and
chombo, the round's results on a public page, and what-if on an edited copy of the
season's rules."""

from __future__ import annotations

import html
import json
from decimal import Decimal
from typing import Any

import pytest
from django.test import Client
from django.urls import reverse

from seisan.errors import SeisanError
from seisan.web.clubs import models as m
from seisan.web.clubs.services import merge_players, save_game, undo_merge
from seisan.web.events.models import CheckIn, Registration, Seating, Substitution

from .conftest import EXAMPLES, enter, make_user, season_with
from .pages import page_text

pytestmark = pytest.mark.django_db

FOUR = ["Ana", "Ben", "Chie", "Dae"]


def url(name: str, *args: Any) -> str:
    return reverse(f"clubs:events:{name}", args=["test", *args])


def text(response: Any) -> str:
    return html.unescape(response.content.decode())


def totals(game: m.Game) -> dict[str, Decimal]:
    return {s.player.name: s.total for s in game.seats.select_related("player")}


# -- entries -------------------------------------------------------------------------------


def test_a_newcomer_asks_by_the_link_and_the_organiser_approves(
    signed_in: Client, season: m.Season
) -> None:
    link = reverse("register", args=[season.entry_token])
    visitor = Client()
    assert "closed" in text(visitor.get(link))  # not open yet: no sign-up either
    assert visitor.get(reverse("account_signup")).status_code == 403
    assert signed_in.post(url("entries", season.pk), {"action": "open"}).status_code == 302
    page = visitor.get(link)
    assert "create an account" in text(page)
    made = visitor.post(reverse("account_signup"), {
        "email": "new@example.com", "password1": "a-long-password-1",
        "password2": "a-long-password-1"})  # fmt: skip
    # the same answer whether the address had an account (the link is shared widely)
    assert made.status_code == 200 and "Now sign in" in text(made)
    taken = Client()
    taken.get(link)
    again = taken.post(reverse("account_signup"), {
        "email": "owner@example.com", "password1": "a-long-password-1",
        "password2": "a-long-password-1"})  # fmt: skip

    def main(page: Any) -> str:
        body = text(page)
        return body[body.index("<main") : body.index("</main>")]

    assert again.status_code == 200 and main(again) == main(made).replace("new@", "owner@")
    signed = visitor.post(reverse("account_login"), {"login": "new@example.com",
                                                     "password": "a-long-password-1"})  # fmt: skip
    assert signed.status_code == 302 and signed["Location"] == link  # back to the link
    assert visitor.post(link, {"name": "  Newt   Player "}).status_code == 302
    entry = Registration.objects.get()
    assert (entry.name, entry.status, entry.player) == ("Newt Player", "pending", None)
    assert "has not decided yet" in text(visitor.get(link))
    # someone else may not take the same name, in any case
    other = Client()
    other.force_login(make_user("other@example.com"))
    refused = other.post(link, {"name": "newt player"})
    assert refused.status_code == 400 and "already" in text(refused)
    listed = signed_in.get(url("entries", season.pk))
    assert "Newt Player" in text(listed) and "new@example.com" in text(listed)
    assert signed_in.post(url("entries", season.pk),
                          {"action": "approve", "entry": entry.pk}).status_code == 302  # fmt: skip
    entry.refresh_from_db()
    assert entry.status == "approved" and entry.player is not None
    assert entry.player.name == "Newt Player" and entry.player.user.email == "new@example.com"
    assert "You take part as Newt Player" in text(visitor.get(link))
    kinds = list(season.club.actions.values_list("kind", flat=True))
    assert {"registration.opened", "entry.asked", "entry.approved", "player.linked"} <= set(kinds)


def test_closed_entries_refuse_and_a_member_cannot_decide(
    signed_in: Client, season: m.Season, member_of: Any
) -> None:
    link = reverse("register", args=[season.entry_token])
    player = Client()
    player.force_login(make_user("p@example.com"))
    refused = player.post(link, {"name": "Pia"})
    assert refused.status_code == 400 and "closed" in text(refused)
    signed_in.post(url("entries", season.pk), {"action": "open"})
    assert player.post(link, {"name": ""}).status_code == 400
    assert player.post(link, {"name": "Pia;Ben"}).status_code == 400  # a file's separator
    assert player.post(link, {"name": "Pia"}).status_code == 302
    member = Client()
    member.force_login(member_of("referee"))
    entry = Registration.objects.get()
    assert member.post(url("entries", season.pk),
                       {"action": "approve", "entry": entry.pk}).status_code == 403  # fmt: skip
    assert signed_in.post(url("entries", season.pk),
                          {"action": "refuse", "entry": entry.pk}).status_code == 302  # fmt: skip
    assert "did not approve" in text(player.get(link))
    assert player.post(link, {"name": "Pia2"}).status_code == 302  # decided: asking changes nothing
    assert Registration.objects.get().name == "Pia"
    forged = signed_in.post(url("entries", season.pk), {"action": "approve", "entry": "9x"})
    assert forged.status_code == 400 and Registration.objects.get().status == "refused"


# -- check-in, seating, substitutes ------------------------------------------------------------


def test_the_seating_draws_the_approved_players_checked_in(
    signed_in: Client, session: m.Session
) -> None:
    season = session.season
    for name in [*FOUR, "Eve"]:
        signed_in.post(url("entries", season.pk), {"action": "add", "name": name})
    stranger = m.Player.objects.create(club=season.club, name="Zed")
    desk = url("check_in", session.pk)
    refused = signed_in.post(desk, {"action": "in", "player": stranger.pk})
    assert refused.status_code == 400 and "no approved entry" in text(refused)
    for name in FOUR:
        player = m.Player.objects.get(name=name)
        assert signed_in.post(desk, {"action": "in", "player": player.pk}).status_code == 302
    signed_in.post(desk, {"action": "in", "player": m.Player.objects.get(name="Ana").pk})  # twice
    assert CheckIn.objects.filter(session=session).count() == 4
    page = signed_in.get(url("seating", session.pk))
    checked = {n for n in FOUR if f'value="{n}" checked' in page.content.decode()}
    assert checked == set(FOUR) and 'value="Eve"' in page.content.decode()
    assert 'value="Zed"' not in page.content.decode()  # not entered: not offered
    eve = m.Player.objects.get(name="Eve")
    signed_in.post(desk, {"action": "in", "player": eve.pk})
    signed_in.post(desk, {"action": "out", "player": eve.pk})
    assert sorted(CheckIn.objects.values_list("player__name", flat=True)) == sorted(FOUR)


def test_a_club_night_checks_in_any_name(signed_in: Client, session: m.Session) -> None:
    desk = url("check_in", session.pk)
    assert signed_in.post(desk, {"action": "in", "name": " Walk  In "}).status_code == 302
    assert list(CheckIn.objects.values_list("player__name", flat=True)) == ["Walk In"]


def test_a_substitute_plays_the_seat_of_a_player_who_left_under_emas_fixed_result(
    club: m.Club, owner: Any, signed_in: Client
) -> None:
    """EMA §5.8: the absent player gets −15,000 and the last uma (−15 + −15 = −30), the
    others rank among themselves (+15, −15, −35: 40,000 → +10 +5)."""
    season = season_with(club, "ema", owner, "Open")
    first = m.Session.objects.create(season=season, title="Round 1", date="2026-12-01")
    second = m.Session.objects.create(season=season, title="Round 2", date="2026-12-02")
    points = [50000, 40000, 20000, 10000]
    assert enter(signed_in, first, FOUR, points).status_code == 302
    ana = m.Player.objects.get(name="Ana")
    set_sub = signed_in.post(url("check_in", second.pk),
                             {"action": "substitute", "player": ana.pk, "by": "Sub"})  # fmt: skip
    assert set_sub.status_code == 302
    assert Substitution.objects.get().by.name == "Sub"
    assert enter(signed_in, second, FOUR, points).status_code == 302
    before, after = first.games.get(), second.games.get()
    assert "substitute" not in before.data  # the round before is as it was
    assert totals(before) == {"Ana": 35, "Ben": 15, "Chie": -15, "Dae": -35}
    assert after.data["substitute"] == "Ana:Sub"
    assert totals(after) == {"Ana": -30, "Ben": 15, "Chie": -15, "Dae": -35}
    game_page = text(signed_in.get(reverse("clubs:game", args=["test", after.pk])))
    assert "Ana (Sub plays this seat)" in " ".join(game_page.split()).replace(
        '</a> <span class="muted">', " "
    ).replace("</span>", "")
    # two players left at one table: refused, named, nothing stored
    ben = m.Player.objects.get(name="Ben")
    signed_in.post(url("check_in", second.pk), {"action": "substitute", "player": ben.pk,
                                                "by": "Sub Two"})  # fmt: skip
    both = enter(signed_in, second, FOUR, [45000, 40000, 25000, 10000])
    assert "Ana, Ben are both played by substitutes" in text(both)  # the form, with it
    assert second.games.count() == 1
    # back in their seats: the next game is theirs again
    for player in (ana, ben):
        signed_in.post(url("check_in", second.pk), {"action": "back", "player": player.pk})
    assert enter(signed_in, second, FOUR, [45000, 40000, 25000, 10000]).status_code == 302
    assert "substitute" not in second.games.get(number=2).data


def test_a_substitute_is_shown_on_the_drawn_tables(signed_in: Client, session: m.Session) -> None:
    desk = url("check_in", session.pk)
    for name in FOUR:
        signed_in.post(desk, {"action": "in", "name": name})
    ana = m.Player.objects.get(name="Ana")
    refused = signed_in.post(desk, {"action": "substitute", "player": ana.pk, "by": "ana"})
    assert refused.status_code == 400 and "cannot stand in for themselves" in text(refused)
    signed_in.post(desk, {"action": "substitute", "player": ana.pk, "by": "Sub"})
    signed_in.post(url("seating", session.pk), {"present": FOUR, "method": "shuffled",
                                                "seed": "1"})  # fmt: skip
    assert Seating.objects.get().tables[0].count("Ana") == 1  # the seat stays Ana's
    for page in (url("seating", session.pk), url("cards", session.pk, 1),
                 url("projector", session.pk)):  # fmt: skip
        assert "(Sub" in text(signed_in.get(page)), page


# -- the referee -----------------------------------------------------------------------------


def test_a_referee_gives_a_chombo_and_takes_it_back(
    session: m.Session, signed_in: Client, member_of: Any
) -> None:
    """M.League's chombo costs 20 pt: Dae's −50 (10,000, fourth) becomes −70."""
    enter(signed_in, session, FOUR, [42600, 31000, 16400, 10000])
    game = session.games.get()
    assert totals(game) == {"Ana": Decimal("62.6"), "Ben": Decimal("11"),
                            "Chie": Decimal("-23.6"), "Dae": Decimal("-50")}  # fmt: skip
    referee = Client()
    referee.force_login(member_of("referee"))
    desk = url("referee", session.pk)
    assert "costs 20 pt" in text(referee.get(desk))
    for lang, whom in (("ja", "対象者"), ("ko", "대상자")):  # whom it is for, not who changed it
        assert f">{whom}</label>" in text(referee.get(desk, HTTP_ACCEPT_LANGUAGE=lang)), lang
    given = referee.post(desk, {"game": game.pk, "version": game.version, "action": "add",
                                "kind": "chombo", "player": "Dae"})  # fmt: skip
    assert given.status_code == 302
    game.refresh_from_db()
    assert game.data["penalties"] == ["Dae:20:chombo"] and game.version == 2
    assert totals(game)["Dae"] == Decimal("-70") and totals(game)["Ana"] == Decimal("62.6")
    stale = referee.post(desk, {"game": game.pk, "version": 1, "action": "remove", "index": 0})
    assert stale.status_code == 400 and "reload" in text(stale)  # someone changed it since
    penalty = referee.post(desk, {"game": game.pk, "version": 2, "action": "add",
                                  "kind": "penalty", "player": "Ben", "pt": "7.5",
                                  "reason": "late"})  # fmt: skip
    assert penalty.status_code == 302
    game.refresh_from_db()
    assert game.data["penalties"] == ["Dae:20:chombo", "Ben:7.5:late"]
    shown = page_text(referee.get(desk).content.decode())
    assert "Dae -20 · Chombo" in shown and "Ben -7.5 · late" in shown
    assert totals(game)["Ben"] == Decimal("3.5")
    for bad in ({"player": "Zed", "kind": "chombo"}, {"player": "Ben", "kind": "penalty",
                                                      "pt": "0"},
                {"player": "Ben", "kind": "penalty", "pt": "1e9"},
                # a pt typed beside a chombo was dropped, the rules' 20 taken (helper-52)
                {"player": "Ben", "kind": "chombo", "pt": "9" * 30},
                {"player": "Ben", "kind": "chombo", "pt": "30"},
                {"player": "Ben", "kind": "chombo", "reason": "false ron"},
                # a kind not offered had been taken as a penalty (helper-95)
                {"player": "Ben", "kind": "bogus", "pt": "5"},
                {"player": "Ben", "pt": "5"}):  # fmt: skip
        refused = referee.post(desk, {"game": game.pk, "version": 3, "action": "add", **bad})
        assert refused.status_code == 400, bad
        if "kind" not in bad or bad["kind"] == "bogus":
            assert "not one of the choices" in text(refused), bad
    refused = referee.post(desk, {"game": game.pk, "version": 3, "action": "add",
                                  "player": "Ben", "kind": "chombo", "pt": "30"})  # fmt: skip
    assert "a chombo costs 20 pt under these rules: leave its pt empty, or choose a penalty" in (
        text(refused)
    )
    for bad in ({"action": "remove"}, {"action": "remove", "index": 2},
                {"action": "twist", "index": 0}):  # fmt: skip
        refused = referee.post(desk, {"game": game.pk, "version": 3, **bad})
        assert refused.status_code == 400 and "choose what to change" in text(refused), bad
    referee.post(desk, {"game": game.pk, "version": 3, "action": "remove", "index": 0})
    game.refresh_from_db()
    assert game.data["penalties"] == ["Ben:7.5:late"] and totals(game)["Dae"] == Decimal("-50")
    kinds = list(session.season.club.actions.values_list("kind", flat=True))
    assert kinds.count("game.penalty") == 2 and kinds.count("game.penalty_removed") == 1
    assert set(session.season.club.actions.filter(kind__startswith="game.penalty")
               .values_list("who__email", flat=True)) == {"referee@example.com"}  # fmt: skip
    no_pt = referee.post(desk, {"game": game.pk, "version": 4, "action": "add",
                                "kind": "penalty", "player": "Ben"})  # fmt: skip
    assert no_pt.status_code == 400 and "give the penalty in pt" in text(no_pt)
    long_reason = referee.post(desk, {"game": game.pk, "version": 4, "action": "add",
                                      "kind": "penalty", "player": "Ben", "pt": "1",
                                      "reason": "x" * 61})  # fmt: skip
    assert long_reason.status_code == 400 and "at most 60 characters" in text(long_reason)
    for number in range(11):  # the edit form shows twelve rows: no more than that
        given = referee.post(desk, {"game": game.pk, "version": 4 + number, "action": "add",
                                    "kind": "chombo", "player": "Ana"})  # fmt: skip
        assert given.status_code == 302
    thirteenth = referee.post(desk, {"game": game.pk, "version": 15, "action": "add",
                                     "kind": "chombo", "player": "Ana"})  # fmt: skip
    assert thirteenth.status_code == 400 and "at most 12 penalties" in text(thirteenth)


# -- published results -----------------------------------------------------------------------


def test_a_round_published_is_read_by_anyone_with_the_link(
    signed_in: Client, session: m.Session
) -> None:
    enter(signed_in, session, FOUR, [42600, 31000, 16400, 10000])
    enter(signed_in, session, ["Ben", "Chie", "Ana", "Dae"], [42600, 31000, 16400, 10000])
    page = reverse("public_night", args=[session.season.public_token, session.pk])
    assert Client().get(page).status_code == 404
    signed_in.post(url("publish", session.pk), {"published": "1"})
    shown = Client().get(page)
    assert shown.status_code == 200
    body = text(shown)
    table = body[body.index("<tbody>") :]
    assert table.index("Ben") < table.index("Ana") < table.index("Chie") < table.index("Dae")
    assert "+73.6" in body and "+39" in body and "-12.6" in body and "-100" in body
    assert "/edit/" not in body
    other = season_with(session.season.club, "mleague", None, "Other")
    assert Client().get(reverse("public_night", args=[other.public_token, session.pk])
                        ).status_code == 404  # fmt: skip
    signed_in.post(url("publish", session.pk), {"published": "0"})
    assert Client().get(page).status_code == 404
    session.refresh_from_db()
    assert session.published is False
    kinds = ["session.published", "session.unpublished"]
    kept = list(session.season.club.actions.filter(kind__in=kinds).order_by("pk")
                .values_list("kind", "who__email", "fields", "link"))  # fmt: skip
    link = ["clubs:session", [session.pk]]
    assert kept == [
        ("session.published", "owner@example.com", {"session": "Friday"}, link),
        ("session.unpublished", "owner@example.com", {"session": "Friday"}, link),
    ]


# -- what-if on an edited copy ---------------------------------------------------------------


def test_what_if_starts_from_the_seasons_own_rules_and_applies_them(
    club: m.Club, owner: Any, signed_in: Client
) -> None:
    rules = 'extends = "mleague"\n[side]\nchip_value = 2\n'
    season = season_with(club, rules, owner, "Chips")
    night = m.Session.objects.create(season=season, title="Friday")
    enter(signed_in, night, FOUR, [42600, 31000, 16400, 10000])
    what_if = url("what_if", season.pk)
    form = text(signed_in.get(what_if))
    assert 'value="2"' in form  # the season's chip value is in the copy
    asked = signed_in.get(what_if, {"preset": "mleague", "uma": "5-10", "chip_value": "2"})
    body = text(asked)
    assert asked.status_code == 200
    # 5-10: 42,600 is 12.6 + 20 (oka) + 10 = +42.6; 10,000 is -20 - 10 = -30
    assert "+42.6" in body and "+6" in body and "-18.6" in body and "-30" in body
    assert "Apply these rules" in body
    bad = signed_in.get(what_if, {"preset": "mleague", "uma": "lots"})
    assert bad.status_code == 400 and season.rule_versions.count() == 1
    applied = signed_in.post(reverse("clubs:season_settings", args=["test", season.pk]),
                             {"preset": "mleague", "uma": "5-10", "chip_value": "2"})  # fmt: skip
    assert applied.status_code == 302 and season.rule_versions.count() == 2


def test_a_merged_guest_takes_their_check_in_and_substitute_with_them(
    signed_in: Client, session: m.Session
) -> None:
    desk = url("check_in", session.pk)
    signed_in.post(desk, {"action": "in", "name": "ana"})  # a guest typed in lower case
    signed_in.post(desk, {"action": "in", "name": "Ben"})
    guest = m.Player.objects.get(name="ana")
    ben = m.Player.objects.get(name="Ben")
    signed_in.post(desk, {"action": "substitute", "player": ben.pk, "by": "Ana Sato"})
    target = m.Player.objects.get(name="Ana Sato")
    signed_in.post(desk, {"action": "in", "player": target.pk})
    action = merge_players(guest, target)
    assert list(CheckIn.objects.filter(player=guest)) == []
    assert CheckIn.objects.filter(player=target).count() == 1
    undo_merge(action, None)
    assert CheckIn.objects.filter(player=guest).count() == 1
    assert Substitution.objects.get().by == target
    merge_players(target, guest)
    assert Substitution.objects.get().by == guest


# -- what an independent review found -------------------------------------------------------


def test_applying_rules_written_as_toml_keeps_the_seasons_publishing(
    club: m.Club, owner: Any, signed_in: Client
) -> None:
    rules = 'extends = "ema"\n[penalties]\nchombo_pt = 30\n'  # no field of the form: TOML
    season = season_with(club, rules, owner, "Open")
    season.public, season.min_games = True, 3
    season.save()
    night = m.Session.objects.create(season=season, title="Round 1")
    enter(signed_in, night, FOUR, [50000, 40000, 20000, 10000])
    changed = rules.replace("30", "25")
    page = signed_in.get(url("what_if", season.pk), {"advanced": changed})
    assert page.status_code == 200 and "Apply these rules" in text(page)
    applied = signed_in.post(reverse("clubs:season_settings", args=["test", season.pk]),
                             dict(page.context["applied"]))  # fmt: skip
    assert applied.status_code == 302
    season.refresh_from_db()
    assert (season.public, season.min_games, season.rule_versions.count()) == (True, 3, 2)
    assert season.rules.source == changed.strip()


def test_an_entry_under_a_guests_name_does_not_take_the_guests_record(
    signed_in: Client, session: m.Session, member_of: Any
) -> None:
    season = session.season
    enter(signed_in, session, FOUR, [42600, 31000, 16400, 10000])  # Ana: a guest with games
    signed_in.post(url("entries", season.pk), {"action": "open"})
    link = reverse("register", args=[season.entry_token])
    stranger = Client()
    stranger.force_login(make_user("stranger@example.com"))
    stranger.post(link, {"name": "ana"})
    listed = text(signed_in.get(url("entries", season.pk)))
    assert "a player of the club is called this already" in listed
    member = Client()
    member.force_login(member_of("member"))
    assert "stranger@example.com" not in text(member.get(url("entries", season.pk)))
    entry = Registration.objects.get()
    signed_in.post(url("entries", season.pk), {"action": "approve", "entry": entry.pk})
    ana = m.Player.objects.get(name="Ana")
    assert ana.user is None and Registration.objects.get().player == ana  # entered, not taken
    # a member whose account has a player enters as that player, whatever name they type
    ben = m.Player.objects.get(name="Ben")
    ben.user = make_user("ben@example.com")
    ben.save()
    own = Client()
    own.force_login(ben.user)
    own.post(link, {"name": "Benjamin"})
    mine = Registration.objects.get(user=ben.user)
    signed_in.post(url("entries", season.pk), {"action": "approve", "entry": mine.pk})
    assert Registration.objects.get(user=ben.user).player == ben
    assert not m.Player.objects.filter(name="Benjamin").exists()


def test_the_entries_link_is_not_the_public_standings_link(
    signed_in: Client, season: m.Season
) -> None:
    signed_in.post(url("entries", season.pk), {"action": "open"})
    assert Client().get(reverse("register", args=[season.public_token])).status_code == 404
    visitor = Client()
    visitor.get(reverse("register", args=[season.entry_token]))
    assert visitor.get(reverse("account_signup")).status_code == 200  # opened by the link
    signed_in.post(url("entries", season.pk), {"action": "close"})
    assert visitor.get(reverse("account_signup")).status_code == 403  # closed with them


def test_a_pending_entry_does_not_close_a_club_night(signed_in: Client, session: m.Session) -> None:
    enter(signed_in, session, FOUR, [42600, 31000, 16400, 10000])
    Registration.objects.create(season=session.season, name="Someone")  # asked, not decided
    assert 'value="Ana"' in signed_in.get(url("seating", session.pk)).content.decode()
    assert signed_in.post(url("check_in", session.pk),
                          {"action": "in", "name": "Walk In"}).status_code == 302  # fmt: skip


def test_a_resent_form_with_a_substitute_is_the_same_game(
    signed_in: Client, session: m.Session
) -> None:
    desk = url("check_in", session.pk)
    signed_in.post(desk, {"action": "in", "name": "Ana"})
    ana = m.Player.objects.get(name="Ana")
    signed_in.post(desk, {"action": "substitute", "player": ana.pk, "by": "Sub"})
    lower = ["ana", "Ben", "Chie", "Dae"]  # typed in lower case: still Ana's seat, and
    # stored as the club writes her name
    first = enter(signed_in, session, lower, [42600, 31000, 16400, 10000], key="k1")
    again = enter(signed_in, session, lower, [42600, 31000, 16400, 10000], key="k1")
    assert first.status_code == again.status_code == 302
    assert session.games.get().data["substitute"] == "Ana:Sub"
    # the night's substitute changed before the phone sent the form again: the same game
    signed_in.post(desk, {"action": "substitute", "player": ana.pk, "by": "Other"})
    late = enter(signed_in, session, lower, [42600, 31000, 16400, 10000], key="k1")
    assert late.status_code == 302 and session.games.count() == 1
    assert session.games.get().data["substitute"] == "Ana:Sub"
    signed_in.post(desk, {"action": "substitute", "player": ana.pk, "by": "Sub"})
    # the substitute at the table themselves: then Ana played her own seat
    enter(signed_in, session, ["Ana", "Sub", "Chie", "Dae"], [40000, 30000, 20000, 10000])
    assert "substitute" not in session.games.get(number=2).data


def test_substitutes_do_not_chain(signed_in: Client, session: m.Session) -> None:
    desk = url("check_in", session.pk)
    for name in FOUR:
        signed_in.post(desk, {"action": "in", "name": name})
    ana, ben, chie = (m.Player.objects.get(name=n) for n in ("Ana", "Ben", "Chie"))
    assert signed_in.post(desk, {"action": "substitute", "player": ana.pk,
                                 "by": "Sub"}).status_code == 302  # fmt: skip
    two_seats = signed_in.post(desk, {"action": "substitute", "player": ben.pk, "by": "Sub"})
    assert two_seats.status_code == 400 and "plays another player's seat already" in text(
        two_seats)  # fmt: skip
    sub = m.Player.objects.get(name="Sub")
    leaves = signed_in.post(desk, {"action": "substitute", "player": sub.pk, "by": "Chie"})
    assert leaves.status_code == 400 and "put that player back" in text(leaves)
    gone = signed_in.post(desk, {"action": "substitute", "player": chie.pk, "by": "Ana"})
    assert gone.status_code == 400 and "Ana left" in text(gone)
    assert Substitution.objects.count() == 1


def test_a_substitute_is_not_merged_into_the_player_they_stand_in_for(
    signed_in: Client, session: m.Session
) -> None:
    desk = url("check_in", session.pk)
    signed_in.post(desk, {"action": "in", "name": "Ana"})
    ana = m.Player.objects.get(name="Ana")
    signed_in.post(desk, {"action": "substitute", "player": ana.pk, "by": "Ana S"})
    with pytest.raises(SeisanError, match="plays Ana's seat as a substitute"):
        merge_players(m.Player.objects.get(name="Ana S"), ana)
    assert Substitution.objects.get().by.name == "Ana S"


def test_a_referee_gives_a_chombo_in_a_game_kept_hand_by_hand(
    club: m.Club, owner: Any, signed_in: Client
) -> None:
    """The record's own penalties change (the game is played again from its hands): under
    Tenhou's rules a chombo costs 20 pt after uma."""
    night = m.Session.objects.create(season=season_with(club, "tenhou", owner), title="Hands")
    record = json.loads((EXAMPLES / "game.json").read_text(encoding="utf-8"))
    record.pop("rules")
    game, _created = save_game(night, {"players": record["players"]}, owner, record=record)
    before = totals(game)
    desk = url("referee", night.pk)
    given = signed_in.post(desk, {"game": game.pk, "version": game.version, "action": "add",
                                  "kind": "chombo", "player": "Ben"})  # fmt: skip
    assert given.status_code == 302
    game.refresh_from_db()
    assert game.record["penalties"] == ["Ben:20:chombo"] and "penalties" not in game.data
    after = totals(game)
    assert after["Ben"] == before["Ben"] - 20
    assert {n: after[n] for n in after if n != "Ben"} == {n: before[n] for n in before
                                                          if n != "Ben"}  # fmt: skip
    signed_in.post(desk, {"game": game.pk, "version": game.version, "action": "remove",
                          "index": 0})  # fmt: skip
    game.refresh_from_db()
    assert "penalties" not in game.record and totals(game) == before
    kept = list(club.actions.filter(kind__startswith="game.penalty").order_by("pk")
                .values_list("kind", "who__email"))  # fmt: skip
    assert kept == [("game.penalty", "owner@example.com"),
                    ("game.penalty_removed", "owner@example.com")]  # fmt: skip


def test_asking_again_renames_a_pending_entry_and_the_history_says_who(
    signed_in: Client, season: m.Season
) -> None:
    link = reverse("register", args=[season.entry_token])
    player = Client()
    pia = make_user("pia@example.com")
    player.force_login(pia)
    closed = player.post(link, {"name": "Pia"})
    assert "the entries to Season are closed" in text(closed)
    signed_in.post(url("entries", season.pk), {"action": "open"})
    player.post(link, {"name": "Pia"})
    player.post(link, {"name": "Pia"})  # the same again: nothing new
    player.post(link, {"name": "Pia Two"})
    assert list(Registration.objects.values_list("name", flat=True)) == ["Pia Two"]
    asked = list(season.club.actions.filter(kind="entry.asked").order_by("pk")
                 .values_list("who__email", "fields", "link"))  # fmt: skip
    entries = ["clubs:events:entries", [season.pk]]
    assert asked == [
        ("pia@example.com", {"name": "Pia", "season": "Season"}, entries),
        ("pia@example.com", {"name": "Pia Two", "season": "Season"}, entries),
    ]
    other = Client()
    other.force_login(make_user("other@example.com"))
    taken = other.post(link, {"name": "pia two"})
    assert ("someone entered Season as pia two already: add something that tells you apart"
            in text(taken))  # fmt: skip
    entry = Registration.objects.get()
    signed_in.post(url("entries", season.pk), {"action": "approve", "entry": entry.pk})
    linked = season.club.actions.get(kind="player.linked")
    made = m.Player.objects.get(name="Pia Two")
    assert (linked.who.email, linked.fields, linked.link) == (
        "owner@example.com", {"name": "Pia Two", "email": "pia@example.com"},
        ["clubs:player", [made.pk]])  # fmt: skip
    assert made.user == pia


def test_a_pending_entry_renamed_in_other_letters_is_still_theirs(season: m.Season) -> None:
    """Pia asks as "Pia" and again as "PIA": the same entry, renamed (her own entry is not
    someone else's name)."""
    from seisan.web.events import tournament  # noqa: PLC0415

    season.registration_open = True
    season.save()
    pia = make_user("pia@example.com")
    tournament.ask(season, pia, "Pia")
    tournament.ask(season, pia, "PIA")
    assert list(Registration.objects.values_list("name", flat=True)) == ["PIA"]


@pytest.mark.parametrize("how", ["ask", "add"])
def test_a_name_seisan_cannot_keep_names_the_name_field(season: m.Season, how: str) -> None:
    from seisan.web.clubs.services import EntryError  # noqa: PLC0415
    from seisan.web.events import tournament  # noqa: PLC0415

    season.registration_open = True
    season.save()
    with pytest.raises(EntryError) as err:
        if how == "ask":
            tournament.ask(season, make_user("x@example.com"), "Ana;Ben")
        else:
            tournament.entry_action(season, {"action": "add", "name": "Ana;Ben"}, None)
    assert err.value.field == "name"


def test_the_history_keeps_every_change_to_the_entries(signed_in: Client, season: m.Season) -> None:
    desk = url("entries", season.pk)
    signed_in.post(desk, {"action": "open"})
    season.refresh_from_db()
    assert season.registration_open is True
    signed_in.post(desk, {"action": "add", "name": "Walk In"})
    for name in ("Ask One", "Ask Two"):
        Registration.objects.create(season=season, name=name)
    one, two = (Registration.objects.get(name=n) for n in ("Ask One", "Ask Two"))
    signed_in.post(desk, {"action": "refuse", "entry": one.pk})
    signed_in.post(desk, {"action": "withdraw", "entry": two.pk})
    signed_in.post(desk, {"action": "close"})
    season.refresh_from_db()
    assert season.registration_open is False
    entries = ["clubs:events:entries", [season.pk]]
    kept = list(season.club.actions.order_by("pk").values_list("kind", "who__email", "fields",
                                                               "link"))  # fmt: skip
    who = "owner@example.com"
    assert kept == [
        ("registration.opened", who, {"season": "Season"}, entries),
        ("entry.approved", who, {"name": "Walk In", "season": "Season"}, entries),
        ("entry.refused", who, {"name": "Ask One", "season": "Season"}, entries),
        ("entry.withdrawn", who, {"name": "Ask Two", "season": "Season"}, entries),
        ("registration.closed", who, {"season": "Season"}, entries),
    ]
    assert [r.status for r in Registration.objects.order_by("name")] == ["refused", "approved"]


@pytest.mark.parametrize(
    ("name", "problem"),
    [
        ("", "give the player's name"),
        ("   ", "give the player's name"),
        ("Ana;Ben", "which separates names in seisan's files"),
        ("x" * 61, "is longer than 60 characters"),
        ("walk  in", "walk in is on the list already"),
    ],
)
def test_a_walk_in_needs_a_name_of_their_own(
    signed_in: Client, season: m.Season, name: str, problem: str
) -> None:
    signed_in.post(url("entries", season.pk), {"action": "add", "name": "Walk In"})
    refused = signed_in.post(url("entries", season.pk), {"action": "add", "name": name})
    assert refused.status_code == 400 and problem in text(refused)
    assert list(Registration.objects.values_list("name", flat=True)) == ["Walk In"]


# -- what mutating the desk's services showed (docs/testing.md) --------------------------


def _refused(session: m.Session, data: dict[str, Any], user: Any) -> str:
    from seisan.web.events import tournament  # noqa: PLC0415

    with pytest.raises(SeisanError) as err:
        tournament.check_in_action(session, data, user)
    return str(err.value)


def test_the_check_in_desks_every_refusal_says_what_and_whom(
    session: m.Session, owner: Any, club: m.Club
) -> None:
    """Each refusal of the desk, word for word; a substitute's history names who, for
    whom, the season and the night; a player who left another season may stand in here."""
    from seisan.web.clubs.services import EntryError, player_named  # noqa: PLC0415
    from seisan.web.events import tournament  # noqa: PLC0415

    ana, ben, gone = (player_named(club, n) for n in ("Ana", "Ben", "Gone"))
    merged = player_named(club, "Old Ana")
    merged.merged_into = ana
    merged.save()
    for field, data in (
        ("name", {"action": "in", "name": "Ana;Ben"}),
        ("by", {"action": "substitute", "player": ana.pk, "by": "A;B"}),
    ):
        with pytest.raises(EntryError) as err:
            tournament.check_in_action(session, data, owner)
        assert err.value.field == field
    assert _refused(session, {"action": "in"}, owner) == "choose a player"
    assert _refused(session, {"action": "in", "player": merged.pk}, owner) == "choose a player"
    assert _refused(session, {"action": "substitute", "player": ana.pk}, owner) == (
        "who plays in their place?"
    )
    assert _refused(session, {"action": "substitute", "player": ana.pk, "by": "ana"}, owner) == (
        "Ana cannot stand in for themselves"
    )
    elsewhere = m.Session.objects.create(season=season_with(club, "tenhou", owner, "Other"))
    Substitution.objects.create(season=elsewhere.season, player=gone, by=ben, since=elsewhere)
    tournament.check_in_action(session, {"action": "substitute", "player": ana.pk,
                                         "by": "Gone"}, owner)  # fmt: skip
    assert tournament.substitutes(session) == {"Ana": "Gone"}
    done = club.actions.get(kind="substitute.set")
    assert (done.who, done.fields, done.link) == (
        owner, {"name": "Ana", "by": "Gone", "season": "Season", "session": "Friday"},
        ["clubs:events:check_in", [session.pk]])  # fmt: skip
    assert _refused(session, {"action": "substitute", "player": ben.pk, "by": "Ana"}, owner) == (
        "Ana left Season: choose someone else"
    )
    assert _refused(session, {"action": "substitute", "player": ben.pk, "by": "Gone"}, owner) == (
        "Gone plays another player's seat already: choose someone else"
    )
    assert _refused(session, {"action": "substitute", "player": gone.pk, "by": "Ben"}, owner) == (
        "Gone plays another player's seat: put that player back in their seat first"
    )
    # Ben stands in for Gone in the other season only: he may leave here, and stand in
    # (once he is not checked in to play his own seat tonight: helper-64 had him sit twice)
    chie = player_named(club, "Chie")
    for data in ({"action": "substitute", "player": ben.pk, "by": "Dae"},
                 {"action": "back", "player": ben.pk}):  # fmt: skip
        tournament.check_in_action(session, data, owner)
    assert _refused(session, {"action": "substitute", "player": chie.pk, "by": "Ben"}, owner) == (
        "Ben plays in their own seat: a substitute is someone without one"
    )
    for data in ({"action": "out", "player": ben.pk},
                 {"action": "substitute", "player": chie.pk, "by": "Ben"}):  # fmt: skip
        tournament.check_in_action(session, data, owner)
    assert _refused(session, {"action": "in", "player": ben.pk}, owner) == (
        "Ben plays Chie's seat: put Chie back in their seat first"
    )
    assert tournament.substitutes(session) == {"Ana": "Gone", "Chie": "Ben"}
    tournament.check_in_action(session, {"action": "back", "player": gone.pk}, owner)
    assert Substitution.objects.filter(season=elsewhere.season, player=gone).exists()
    ended = list(club.actions.filter(kind="substitute.ended").values_list("who", "fields",
                                                                          "link"))  # fmt: skip
    assert ended == [(owner.pk, {"name": "Ben", "season": "Season"},
                      ["clubs:events:check_in", [session.pk]])]  # fmt: skip
    assert _refused(session, {"action": "twist", "player": ana.pk}, owner) == (
        "choose what to change"
    )
    session.season.registration_open = True
    session.season.save()
    assert _refused(session, {"action": "in", "player": ben.pk}, owner) == (
        "Ben has no approved entry to Season"
    )


def test_the_entered_players_are_this_seasons_approved_and_unmerged(
    season: m.Season, owner: Any, club: m.Club
) -> None:
    from seisan.web.events import tournament  # noqa: PLC0415

    other = season_with(club, "tenhou", owner, "Other")
    season.registration_open = True
    season.save()
    for name in ("Ana", "Ben", "Chie"):
        tournament.entry_action(season, {"action": "add", "name": name}, owner)
    tournament.entry_action(other, {"action": "add", "name": "Dae"}, owner)
    Registration.objects.create(season=season, name="Eve")  # pending
    chie = m.Player.objects.get(name="Chie")
    chie.merged_into = m.Player.objects.get(name="Ana")
    chie.save()
    assert [p.name for p in tournament.entered(season) or []] == ["Ana", "Ben"]
    ben = Registration.objects.get(season=season, name="Ben")
    tournament.entry_action(season, {"action": "refuse", "entry": ben.pk}, owner)
    assert [p.name for p in tournament.entered(season) or []] == ["Ana"]  # refused after all


def test_what_if_every_value_worked_out_by_hand(club: m.Club, owner: Any) -> None:
    """Two M.League games settled again under Tenhou's rules (uma 10-20, not 10-30):
    each player's games, total now and then, and place (equal totals share one);
    rules that cannot settle a game leave it out, with the core's reason."""
    from fractions import Fraction  # noqa: PLC0415

    from seisan.presets import find_preset  # noqa: PLC0415
    from seisan.web.events.services import what_if  # noqa: PLC0415

    season = season_with(club, "mleague", owner)
    session = m.Session.objects.create(season=season)
    save_game(session, {"players": ["Ana", "Ben", "Chie", "Dae"],
                        "points": [42600, 31000, 16400, 10000]}, owner)  # fmt: skip
    save_game(session, {"players": ["Ana", "Ben", "Chie", "Eve"],
                        "points": [10000, 16400, 31000, 42600]}, owner)  # fmt: skip
    rows, refused = what_if(season, find_preset("tenhou"))
    assert refused == []
    assert [(r.name, r.games, r.now, r.then, r.place_now, r.place_then) for r in rows] == [
        ("Eve", 1, Fraction("62.6"), Fraction("52.6"), 1, 1),
        ("Ana", 2, Fraction("12.6"), Fraction("12.6"), 2, 2),
        ("Ben", 2, Fraction("-12.6"), Fraction("-12.6"), 3, 3),
        ("Chie", 2, Fraction("-12.6"), Fraction("-12.6"), 3, 3),
        ("Dae", 1, Fraction(-50), Fraction(-40), 5, 5),
    ]  # fmt: skip
    from seisan.web.clubs.services import rename_player  # noqa: PLC0415

    rename_player(club.players.get(name="Dae"), "Daisuke", owner)  # the stored games say Dae
    rows, refused = what_if(season, find_preset("tenhou"))
    assert (rows[-1].name, rows[-1].then) == ("Daisuke", Fraction(-40)) and refused == []
    rows, refused = what_if(season, find_preset("tenhou-sanma"))
    assert rows == [] and [game.number for game, _reason in refused] == [1, 2]
    assert all(reason.text("en") for _game, reason in refused)
