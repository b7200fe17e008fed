"""A club with everything a page can show, and the address of each of its pages: the
browser's page tests and the words of every page read the same club."""

from __future__ import annotations

import html
import json
import re
from datetime import date, timedelta
from pathlib import Path

from django.test import Client
from django.urls import reverse

from seisan.seating import Method
from seisan.web.accounts.tokens import new_invitation
from seisan.web.clubs import files, money, services
from seisan.web.clubs import models as m
from seisan.web.events import services as event_services
from seisan.web.events import tournament
from seisan.web.online import services as online
from seisan.web.online.models import OnlineName
from seisan.web.tables import services as table_services

from .conftest import EXAMPLES, make_user, season_with


def populate() -> tuple[Client, dict[str, str], dict[str, str]]:
    """A club with everything a page can show; the pages of it, by name, for its owner
    and for anyone."""
    boss = make_user("boss@example.com")
    club = m.Club.objects.create(name="Jansou 東南西北 with a rather long club name",
                                 slug="jansou", currency="JPY")  # fmt: skip
    m.Membership.objects.create(club=club, user=boss, role="owner")
    rules = (EXAMPLES / "club.toml").read_text(encoding="utf-8")
    season = season_with(club, rules, boss, "Friday nights, autumn season 2026")
    files.import_session(season, (EXAMPLES / "friday.toml").read_text(encoding="utf-8"),
                         "friday.toml", boss)  # fmt: skip
    session = m.Session.objects.create(season=season, title="A long evening title",
                                       date=date.today() - timedelta(days=1))  # fmt: skip
    table = {"players": ["Anastasia Konstantinopoulou", "Ben", "Chie", "Dae"],
             "points": [42600, 31000, 16400, 10000], "chips": [2, -1, 0, -1],
             "sashi": ["Anastasia Konstantinopoulou:Dae:10000"], "soto": {"Eve": "Chie"},
             "penalties": ["Dae:20:chombo"], "substitute": "Ben:Gus"}  # fmt: skip
    game, _created = services.save_game(session, table, boss)
    for team, members in (("Team Konstantinopoulou", ["Anastasia Konstantinopoulou", "Ben"]),
                          ("Phoenix", ["Chie", "Dae"])):  # fmt: skip
        event_services.team_action(season, {"action": "team", "name": team}, boss)
        found = season.teams.get(name=team)
        for name in members:
            event_services.team_action(season, {"action": "member", "team": str(found.pk),
                                                "player": name}, boss)  # fmt: skip
    phoenix = season.teams.get(name="Phoenix")
    event_services.team_action(season, {"action": "penalty", "team": str(phoenix.pk),
                                        "pt": "-20", "reason": "late line-up"}, boss)  # fmt: skip
    ledger = money.session_ledger(session)
    assert ledger is not None
    row = ledger.rows[0]
    money.record_payment(session, row.payer, row.payee, row.amount, ledger.in_money, boss)
    korean = season_with(club, "sun-oka", boss, "순오카 리그")
    korean_game = {"players": ["김", "이", "박", "최"], "points": [40000, 30000, 20000, 10000]}
    services.save_game(m.Session.objects.create(season=korean), korean_game, boss)
    korean.public = True
    korean.save()
    invitation = new_invitation(club, "scorer", "Fay", timedelta(days=3), boss)
    # a table kept hand by hand, in South 4 (the conditions show)
    tenhou = season_with(club, "tenhou", boss, "Hand by hand")
    night = m.Session.objects.create(season=tenhou, title="League night")
    table = table_services.start(night, ["Anastasia Konstantinopoulou", "Ben", "Chie", "Dae"],
                                 boss)  # fmt: skip
    record = json.loads((EXAMPLES / "game.json").read_text(encoding="utf-8"))
    renamed = json.dumps(record["hands"][:11]).replace('"Ana"', '"Anastasia Konstantinopoulou"')
    for number, hand in enumerate(json.loads(renamed), start=1):
        hand.pop("round"), hand.pop("honba")
        table_services.add_hand(table, hand, number, f"k{number}", boss)
    # an online league's logs read: a name remembered, one asked, a file refused
    logs = Path(__file__).resolve().parents[1] / "data" / "tenhou"
    first = "2023053016gm-0029-0000-e54b3b98.json"
    read = online.read_logs(
        tenhou,
        [(first, (logs / first).read_bytes()), ("broken-log-with-a-long-name.json", b"{")],
        boss,
    )
    online.import_upload(read, {"Ana": "Anastasia Konstantinopoulou", "Ben": "Ben",
                                "Chie": "Chie", "Dae": "Dae"}, boss, "en")  # fmt: skip
    OnlineName.objects.filter(name="Dae").delete()
    second = "2023101322gm-0029-0000-01f88e5d.json"
    waiting = online.read_logs(tenhou, [(second, (logs / second).read_bytes()),
                                        ("broken-log-with-a-long-name.json", b"{")],
                               boss)  # fmt: skip
    ana = club.players.get(name="Anastasia Konstantinopoulou")
    guest = club.players.get(name="Gus") if club.players.filter(name="Gus").exists() else ana
    present = list(club.players.values_list("name", flat=True))[:9]
    event_services.draw(night, present, Method.SHUFFLED, 5, boss)
    event_services.clock_action(night, {"action": "start", "minutes": "45"}, boss)
    event_services.clock_action(night, {"action": "extra", "table": "2", "minutes": "5"}, boss)
    # a tournament's desk: entries asked and approved, check-ins, a substitute, a
    # published round
    season.registration_open = True
    season.save()
    asker = make_user("zelda@example.com")
    tournament.ask(season, asker, "Zelda Applicant With A Long Name")
    for name in ("Anastasia Konstantinopoulou", "Ben", "Chie", "Dae", "Gus"):
        tournament.entry_action(season, {"action": "add", "name": name}, boss)
    for name in ("Anastasia Konstantinopoulou", "Ben", "Chie"):
        player = club.players.get(name=name)
        tournament.check_in_action(session, {"action": "in", "player": str(player.pk)}, boss)
    dae = club.players.get(name="Dae")
    tournament.check_in_action(session, {"action": "substitute", "player": str(dae.pk),
                                         "by": "Gus"}, boss)  # fmt: skip
    tournament.publish(session, True, boss)
    client = Client()
    client.force_login(boss)
    base = "/c/jansou"
    pages = {
        "home": "/",
        "club": f"{base}/",
        "club-history": f"{base}/history/",
        "invitations": f"{base}/invitations/",
        "new-season": f"{base}/seasons/new/",
        "season": f"{base}/s/{season.pk}/",
        "season-settings": f"{base}/s/{season.pk}/settings/",
        "import": f"{base}/s/{season.pk}/import/",
        "session": f"{base}/n/{session.pk}/",
        "enter": f"{base}/n/{session.pk}/enter/",
        "edit": f"{base}/g/{game.pk}/edit/",
        "game": f"{base}/g/{game.pk}/",
        "game-history": f"{base}/g/{game.pk}/history/",
        "delete": f"{base}/g/{game.pk}/delete/",
        "player": f"{base}/p/{ana.pk}/?season={season.pk}",
        "player-all": f"{base}/p/{ana.pk}/?season=all",
        "rename": f"{base}/players/{ana.pk}/rename/",
        "merge": f"{base}/players/merge/?source={guest.pk}&target={ana.pk}",
        "korean-season": f"{base}/s/{korean.pk}/",
        "public": reverse("public_season", args=[korean.public_token]),
        "not-found": f"{base}/g/99999/",
        "new-club": "/clubs/new/",
        "password": "/accounts/password/change/",
        "table-start": f"{base}/n/{night.pk}/tables/new/",
        "table": f"{base}/t/{table.pk}/",
        "table-correct": f"{base}/t/{table.pk}/hand/2/",
        "tables-live": f"{base}/n/{night.pk}/live/",
        "hand-stats": f"{base}/s/{tenhou.pk}/hands/",
        "seating": f"{base}/n/{night.pk}/seating/",
        "seating-cards": f"{base}/n/{night.pk}/seating/1/cards/",
        "ratings": f"{base}/ratings/",
        "what-if": f"{base}/s/{season.pk}/what-if/?preset=tenhou",
        "teams": f"{base}/s/{season.pk}/teams/",
        "projector": f"{base}/n/{night.pk}/projector/",
        "api-tokens": "/accounts/tokens/",
        "entries": f"{base}/s/{season.pk}/entries/",
        "register": reverse("register", args=[season.entry_token]),
        "check-in": f"{base}/n/{session.pk}/check-in/",
        "referee": f"{base}/n/{session.pk}/referee/",
        "online": f"{base}/s/{tenhou.pk}/online/",
        "online-review": f"{base}/online/{waiting.pk}/",
        "email": "/accounts/email/",
    }
    anonymous = {"landing": "/", "login": "/accounts/login/", "signup": "/accounts/signup/",
                 "api-docs": "/api/docs",
                 "invitation": f"/invite/{invitation}/",
                 "password-reset": "/accounts/password/reset/",
                 "register-signed-out": reverse("register", args=[season.entry_token]),
                 "public-round": reverse("public_night", args=[season.public_token,
                                                               session.pk])}  # fmt: skip
    return client, pages, anonymous


def page_text(page: str, start: str = "<main>", *, textarea: bool = False) -> str:
    """What a reader sees of a page from ``start`` on: no scripts, styles or tags, entities
    read, spaces collapsed (``textarea`` keeps that tag, whose text is typed, not read)."""
    assert start in page, f"no {start} in the page: {page[:200]}"  # (a redirect, an error)
    body = page[page.index(start) :]
    text = re.sub(r"<(script|style)[^>]*>.*?</\1>", " ", body, flags=re.S)
    tag = r"<(?!/?textarea)[^>]+>" if textarea else r"<[^>]+>"
    return re.sub(r"\s+", " ", html.unescape(re.sub(tag, " ", text)))
