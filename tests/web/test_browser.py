"""The web app in a real Chromium: the path a newcomer takes on a 390×844 phone (the
one-time link, a club, an invitation accepted on a second phone, a season picked
from the presets, games with 焼き鳥, a spectator's 外ウマ, a 差しウマ pair and a
chombo, a payment, an edit after it), and every page at 390 and 1280 px in English,
Japanese and Korean: none wider than the screen, every tap target at least 44 px,
no Content-Security-Policy violation. Screenshots go to ``test-artefacts/screens``.

Needs Debian's Chromium (``apt-get install chromium fonts-noto-cjk``); skipped with
the reason when it is missing, except under ``CI=true``, where it fails."""

from __future__ import annotations

import json
import os
import re
from decimal import Decimal
from fractions import Fraction
from pathlib import Path
from typing import Any

import pytest
from django.test import Client

from seisan.games import load_record
from seisan.i18n import _
from seisan.settlement import format_score
from seisan.web.clubs import models as m
from seisan.web.clubs import money, services
from seisan.web.serve import owner, sign_in_link
from seisan.web.tables import services as table_services

from .conftest import CI, EXAMPLES, make_user, season_with
from .pages import populate

CHROMIUM = "/usr/bin/chromium"
SHOTS = Path(__file__).resolve().parents[2] / "test-artefacts" / "screens"
#: every page's picture at both widths in the three languages (SEISAN_PAGE_SHOTS=1): 240
#: full-page captures, 45 s of a test worker's time, to look at after a change of the
#: layout; without it, the pictures of the pages the test finds at fault
EVERY_PAGE_SHOT = os.environ.get("SEISAN_PAGE_SHOTS", "") not in {"", "0"}

if not Path(CHROMIUM).exists():
    if CI:
        raise RuntimeError(f"CI=true but {CHROMIUM} is missing: .ci/run installs it with apt")
    pytest.skip(f"{CHROMIUM} is missing (apt-get install chromium fonts-noto-cjk)",
                allow_module_level=True)  # fmt: skip

from playwright.sync_api import expect  # noqa: E402  (retries until the page shows it)

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]
# Playwright's sync API runs an event loop in this thread; the ORM calls here are the
# test's own set-up, not the server's
os.environ.setdefault("DJANGO_ALLOW_ASYNC_UNSAFE", "true")
PHONE = {"width": 390, "height": 844}
DESK = {"width": 1280, "height": 900}


@pytest.fixture(scope="session")
def browser_type_launch_args(browser_type_launch_args: dict[str, Any]) -> dict[str, Any]:
    return {
        **browser_type_launch_args,
        "executable_path": CHROMIUM,
        "args": ["--no-sandbox", "--disable-gpu", "--disable-background-networking",
                 "--disable-component-update", "--disable-sync"],
    }  # fmt: skip


@pytest.fixture(scope="session")
def browser_context_args(browser_context_args: dict[str, Any]) -> dict[str, Any]:
    return {
        **browser_context_args,
        "viewport": PHONE,
        "device_scale_factor": 2,
        "is_mobile": True,
        "has_touch": True,
        "locale": "en-US",
    }


@pytest.fixture(scope="module", autouse=True)
def _clean_shots() -> None:
    """The folder holds this run's screenshots only; two workers run this module's
    tests side by side, so neither removes what the run has already taken."""
    SHOTS.mkdir(parents=True, exist_ok=True)
    started = float(os.environ.get("SEISAN_TEST_RUN_STARTED", "inf"))  # tests/conftest.py
    for old in SHOTS.glob("*.png"):
        if old.stat().st_mtime < started:
            old.unlink(missing_ok=True)


def shot(page: Any, name: str, check: bool = True) -> None:
    """The page as a picture to look at, every button's words inside it (``check``).
    Headless Chromium without a GPU now and then fails a full-page capture while the
    machine is busy ("Unable to capture screenshot", once in a whole CI run): taken
    once more, then the error stands."""
    if check:
        assert cut_words(page) == [], name
    for attempt in (1, 2):
        try:
            page.screenshot(path=str(SHOTS / f"{name}.png"), full_page=True)
            return
        except Exception as error:  # playwright's Error (its module is imported lazily)
            if attempt == 2 or "Unable to capture screenshot" not in str(error):
                raise
            page.wait_for_timeout(500)


def watch(page: Any) -> list[str]:
    """What goes wrong on ``page``: Content-Security-Policy violations, script errors,
    files that do not load."""
    problems: list[str] = []

    def console(msg: Any) -> None:
        text = msg.text
        if msg.type == "error" and ("Content Security Policy" in text or "Refused" in text):
            problems.append(text)

    page.on("console", console)
    page.on("pageerror", lambda err: problems.append(str(err)))

    # a static file that failed (not one the browser gave up on because the test went on
    # to the next page: a favicon still loading is aborted, which is no fault of the app's;
    # a missing file is a 404, below)
    def failed(request: Any) -> None:
        if "/static/" in request.url and request.failure != "net::ERR_ABORTED":
            problems.append(f"failed ({request.failure}): {request.url}")

    page.on("requestfailed", failed)
    page.on("response", lambda response: problems.append(f"{response.status}: {response.url}")
            if response.status == 404 and "/static/" in response.url else None)  # fmt: skip
    return problems


def enter_game(page: Any, names: list[str], points: list[str], deposits: str = "0") -> None:
    # the form's scripts first: typed before htmx is on the page, no preview is asked
    # for (a click that opened this page returns once its address is committed)
    page.wait_for_load_state("load")
    for seat, (name, value) in enumerate(zip(names, points, strict=True)):
        page.fill(f'input[name="player_{seat}"]', name)
        page.fill(f'input[name="points_{seat}"]', value)
    page.fill('input[name="deposits"]', deposits)
    page.wait_for_selector("#preview >> text=The points add up.")


def test_a_newcomer_on_a_phone(page: Any, browser: Any, live_server: Any) -> None:
    problems = watch(page)
    user, _created = owner("owner@example.com")
    page.goto(sign_in_link(user, live_server.url))
    page.fill('input[name="password1"]', "mahjong-at-the-club-7")
    page.fill('input[name="password2"]', "mahjong-at-the-club-7")
    shot(page, "01-set-password")
    page.click('form button[type="submit"]')
    page.fill('input[name="name"]', "Friday club")
    page.fill('input[name="slug"]', "friday")
    page.select_option('select[name="kind"]', "circle")
    page.fill('input[name="currency"]', "JPY")
    shot(page, "02-new-club")
    page.click("text=Create the club")
    # an invitation for the scorer, opened on a second phone by its link
    page.click("text=Invite someone")
    page.fill('input[name="name"]', "Fay")
    page.select_option('select[name="role"]', "scorer")
    page.click("text=Make an invitation")
    expect(page.locator("figure.qr svg")).to_have_count(1)
    shot(page, "03-invitation")
    link = page.locator("p.link a").inner_text()
    other = browser.new_context(viewport=PHONE, is_mobile=True, has_touch=True)
    fay = other.new_page()
    fay.goto(link)
    fay.fill('input[name="email"]', "fay@example.com")
    fay.fill('input[name="password1"]', "tiles-and-sticks-9")
    fay.fill('input[name="password2"]', "tiles-and-sticks-9")
    shot(fay, "04-invitation-accepted")
    fay.click("text=Create the account")
    with fay.expect_navigation():
        fay.click("text=Join Friday club")
    assert "Friday club" in fay.content()
    other.close()
    assert m.Membership.objects.get(user__email="fay@example.com").role == "scorer"
    # a season from the presets, with 焼き鳥 and money
    page.goto(f"{live_server.url}/c/friday/")
    page.click("text=New season")
    page.fill('input[name="name"]', "Autumn league")
    page.check('input[name="preset"][value="mleague"]')
    page.click("summary:has-text('Side bets')")
    page.fill('input[name="yakitori"]', "1000")
    page.click("summary:has-text('Money')")
    page.fill('input[name="rate"]', "100")
    page.fill('input[name="unit"]', "100")
    shot(page, "05-new-season")
    page.click("text=Create the season")
    page.click("text=Start a session")
    # game 1: Ana and Ben won a hand (焼き鳥 1000 for Chie and Dae)
    enter_game(page, ["Ana", "Ben", "Chie", "Dae"], ["42600", "31000", "16400", "10000"])
    page.check('input[name="won_0"]')
    page.check('input[name="won_1"]')
    page.wait_for_selector("#preview >> text=+63.6")
    shot(page, "06-entry-yakitori")
    with page.expect_navigation():  # offline.js sends it, then opens the next form
        page.click("text=Save, next game same table")
    assert page.input_value('input[name="player_2"]') == "Chie"  # the table stays
    # game 2: Eve backs Chie; 差しウマ 10000 between Ana and Dae; nobody won a hand twice
    enter_game(page, ["Ana", "Ben", "Chie", "Dae"], ["12600", "31000", "46400", "10000"])
    page.check('input[name="won_2"]')
    page.click("summary:has-text('Bets between two players')")
    page.select_option('select[name="bet_kind_0"]', "sashi")
    page.select_option('select[name="bet_a_0"]', "0")
    page.select_option('select[name="bet_b_0"]', "3")
    page.fill('input[name="bet_amount_0"]', "10000")
    page.click("summary:has-text('Spectators')")
    page.fill('input[name="soto_name_0"]', "Eve")
    page.select_option('select[name="soto_backs_0"]', "2")
    page.wait_for_selector("#preview >> text=Eve")
    shot(page, "07-entry-bets")
    with page.expect_navigation():
        page.click("text=Save, next game same table")
    # game 3: a chombo by Dae
    enter_game(page, ["Ana", "Ben", "Chie", "Dae"], ["30000", "30000", "25000", "15000"])
    page.check('input[name="won_0"]')
    page.click("summary:has-text('Chombo')")
    page.select_option('select[name="pen_seat_0"]', "3")
    shot(page, "08-entry-chombo")
    with page.expect_navigation():
        page.click('button[name="save"]')
    assert "penalty: -20 (Chombo)" in page.content()
    shot(page, "09-game-explained")
    season = m.Season.objects.get(name="Autumn league")
    games = m.Game.objects.filter(session__season=season).order_by("number")
    assert [g.number for g in games] == [1, 2, 3]
    first = {s.player.name: s.total for s in games[0].seats.all()}
    assert first == {"Ana": Decimal("63.6"), "Ben": Decimal("12"), "Chie": Decimal("-24.6"),
                     "Dae": Decimal("-51")}  # fmt: skip
    chie = games[1].seats.get(player__name="Chie").total
    assert Decimal(games[1].spectators["Eve"]["total"]) == chie  # Eve follows Chie
    # the ledger, a payment, then an edit of game 1: only the difference is asked
    page.click(".crumbs a")
    shot(page, "10-session-ledger")
    with page.expect_navigation():  # a form's post: wait for its answer before reading
        page.locator("table.ledger").first.locator("button:has-text('paid')").first.click()
    session = games[0].session
    assert session.payments.count() == 1
    page.goto(f"{live_server.url}/c/friday/g/{games[0].pk}/edit/")
    page.fill('input[name="points_0"]', "41600")
    page.fill('input[name="points_1"]', "32000")
    page.wait_for_selector("#preview >> text=The points add up.")
    page.click('button[name="save"]')
    page.goto(f"{live_server.url}/c/friday/n/{session.pk}/")
    ledger = money.session_ledger(session)
    assert ledger is not None
    assert sum(ledger.open.values()) == 0 and session.payments.count() == 1
    shot(page, "11-ledger-after-edit")
    page.goto(f"{live_server.url}/c/friday/s/{season.pk}/")
    shot(page, "12-standings")
    expect(page.locator("table.standings").first.locator("tbody tr")).to_have_count(4)
    page.click("table.standings >> text=Ana")
    expect(page.locator("svg.chart")).to_have_count(2)  # waits for the page the click opens
    shot(page, "13-player")
    page.goto(f"{live_server.url}/c/friday/history/")
    assert "Ana's points: 42600 → 41600" in page.inner_text("main")
    shot(page, "14-history")
    for lang, word in (("ja", "ログアウト"), ("ko", "로그아웃")):
        page.goto(f"{live_server.url}/c/friday/s/{season.pk}/")
        page.click(f'header button[value="{lang}"]')
        expect(page.locator("body")).to_contain_text(word)
        shot(page, f"15-standings-{lang}")
        page.goto(f"{live_server.url}/c/friday/n/{session.pk}/enter/")
        shot(page, f"16-entry-{lang}")
    assert problems == [], problems


# -- a tournament round: entries, check-in, seating, clock, games, referee, results ------


def test_a_tournament_round_from_entries_to_published_results(
    page: Any, browser: Any, live_server: Any
) -> None:
    """An organiser on a phone opens the entries; a player asks by the link on their
    own phone, making an account there; the organiser approves, adds the walk-ins,
    checks everyone in (one leaves: a substitute plays their seat), draws two tables,
    starts the clock on the projector (1280 px), the games are entered, the referee
    gives a chombo, and the round's results are published for anyone, phone and
    projector alike, equal to what the core settled."""
    problems = watch(page)
    boss = make_user("boss@example.com")
    club = m.Club.objects.create(name="Open", slug="open")
    m.Membership.objects.create(club=club, user=boss, role="owner")
    season = season_with(club, "ema", boss, "Open 2026")
    night = m.Session.objects.create(season=season, title="Round 1")
    client = Client()
    client.force_login(boss)
    cookie = {"name": "sessionid", "value": client.cookies["sessionid"].value,
              "url": live_server.url}  # fmt: skip
    page.context.add_cookies([cookie])
    base = f"{live_server.url}/c/open"
    page.goto(f"{base}/s/{season.pk}/")
    page.click("text=Entries")
    page.click("text=Open the entries")
    link = page.input_value("input.wide")
    shot(page, "tour-01-entries-open")
    # a player asks on their own phone, with a new account
    theirs = browser.new_context(viewport=PHONE, is_mobile=True, has_touch=True)
    ana = theirs.new_page()
    problems += watch(ana)
    ana.goto(link)
    ana.fill('input[name="email"]', "ana@example.com")
    ana.fill('input[name="password1"]', "riichi-ippatsu-3")
    ana.fill('input[name="password2"]', "riichi-ippatsu-3")
    shot(ana, "tour-02-register")
    ana.click("text=Create the account")
    ana.click("main a:has-text('Sign in')")
    ana.fill('input[name="login"]', "ana@example.com")
    ana.fill('input[name="password"]', "riichi-ippatsu-3")
    ana.click('main button[type="submit"]')
    ana.fill('input[name="name"]', "Ana")
    ana.click("text=Ask to take part")
    expect(ana.locator("main")).to_contain_text("has not decided yet")
    # the organiser approves her and adds the walk-ins
    page.reload()
    page.click("button:has-text('Approve')")
    names = ["Ana", "Ben", "Chie", "Dae", "Eve", "Fay", "Gus", "Ivy"]
    for name in names[1:]:
        page.fill("#entry-name", name)
        page.click("form:has(#entry-name) button")
    shot(page, "tour-03-entries")
    ana.reload()
    assert "You take part as Ana" in ana.inner_text("main")
    theirs.close()
    # the desk: everyone checks in; Dae leaves, Sol plays her seat
    page.goto(f"{base}/n/{night.pk}/check-in/")
    for name in names:
        page.click(f"ul.check-in li:has(b:text-is('{name}')) button:has-text('Check in')")
    page.select_option("#sub-player", label="Dae")
    page.fill("#sub-by", "Sol")
    page.click("text=Set the substitute")
    expect(page.locator("main")).to_contain_text("Sol plays this seat")  # the answer's page
    expect(page.locator("main")).to_contain_text("8 players here")
    shot(page, "tour-04-check-in")
    page.goto(f"{base}/n/{night.pk}/seating/")
    page.fill('input[name="seed"]', "7")
    page.click("button:has-text('Draw')")
    shot(page, "tour-05-seating")
    from seisan.web.events.models import Seating  # noqa: PLC0415

    tables = Seating.objects.get(session=night).tables
    assert sorted(n for t in tables for n in t) == sorted(names)
    # the projector: the round's clock
    desk = browser.new_context(viewport=DESK)
    desk.add_cookies([cookie])
    projector = desk.new_page()
    problems += watch(projector)
    projector.goto(f"{base}/n/{night.pk}/projector/")
    projector.fill("#clock-minutes", "45")
    projector.click(".projector-controls button:has-text('Start')")
    expect(projector.locator("text=(Sol)")).to_have_count(1)
    shot(projector, "tour-06-projector-1280")
    # the two tables' games
    for table in tables:
        page.goto(f"{base}/n/{night.pk}/enter/")
        enter_game(page, table, ["50000", "40000", "20000", "10000"])
        with page.expect_navigation():
            page.click('button[name="save"]')
    games = list(night.games.order_by("number"))
    assert len(games) == 2
    dae_table = next(g for g in games if "Dae" in [s.player.name for s in g.seats.all()])
    assert dae_table.data["substitute"] == "Dae:Sol"  # EMA §5.8: -15,000 and the last uma
    assert dae_table.seats.get(player__name="Dae").total == Decimal("-30")
    # the referee: a chombo in game 1 (EMA: 20 pt)
    page.goto(f"{base}/n/{night.pk}/referee/")
    first = page.locator(f"#game-{games[0].pk}")
    offender = tables[0][1]
    first.locator("select[name='player']").select_option(offender)
    with page.expect_navigation():
        first.locator("button:has-text('Give it')").click()
    shot(page, "tour-07-referee")
    games[0].refresh_from_db()
    assert games[0].data["penalties"] == [f"{offender}:20:chombo"]
    # published: anyone reads the round, on a phone and on the projector
    page.goto(f"{base}/n/{night.pk}/")
    page.click("text=Publish the results")
    public = page.get_attribute("a:has-text('public page')", "href")
    stored = {s.player.name: s.total for g in games for s in g.seats.all()}
    for view, width in ((PHONE, "390"), (DESK, "1280")):
        anyone = browser.new_context(viewport=view)
        reader = anyone.new_page()
        problems += watch(reader)
        reader.goto(f"{live_server.url}{public}")
        rows = reader.locator("table.standings tbody tr")
        expect(rows).to_have_count(8)
        shown = {rows.nth(i).locator("td.name").inner_text():
                 rows.nth(i).locator("td.num b").inner_text() for i in range(8)}  # fmt: skip
        assert shown == {n: format_score(Fraction(t)) for n, t in stored.items()}
        assert reader.evaluate("document.documentElement.scrollWidth") <= view["width"]
        shot(reader, f"tour-08-published-{width}")
        anyone.close()
    desk.close()
    assert problems == [], problems


# -- the table assistant: a hanchan entered by taps ---------------------------------------


def league_night(page: Any, live_server: Any) -> tuple[m.Session, dict[str, str]]:
    """A league under Tenhou's rules with a night, its owner signed in on ``page``; the
    night and the sign-in cookie (for a second phone)."""
    boss = make_user("boss@example.com")
    club = m.Club.objects.create(name="League", slug="league")
    m.Membership.objects.create(club=club, user=boss, role="owner")
    season = season_with(club, "tenhou", boss, "Hand by hand")
    night = m.Session.objects.create(season=season, title="League night")
    client = Client()
    client.force_login(boss)
    cookie = {"name": "sessionid", "value": client.cookies["sessionid"].value,
              "url": live_server.url}  # fmt: skip
    page.context.add_cookies([cookie])
    return night, cookie


def tap_hand(page: Any, hand: dict[str, Any], names: list[str], online: bool | None = True) -> None:
    """Enter ``hand`` as a scorer taps it, wait for the core's preview, save it (offline:
    save it to wait on the phone; ``None``: leave it unsaved)."""
    seat = {name: s for s, name in enumerate(names)}
    page.wait_for_load_state("load")  # the form's scripts, before anything is tapped
    page.check(f'input[name="result"][value="{hand["result"]}"]')
    for name in hand.get("riichi", []):
        page.check(f'input[name="riichi_{seat[name]}"]')
    for win in hand.get("wins", []):
        s = seat[win["winner"]]
        page.check(f'input[name="win_{s}"]')
        for key in ("han", "fu", "yakuman"):
            if key in win:
                page.fill(f'input[name="{key}_{s}"]', str(win[key]))
        if "yaku" in win or "dora" in win:  # the optional counts, folded away
            page.locator(f'fieldset:has(input[name="win_{s}"]) details.yaku > summary').click()
            for yaku in win.get("yaku", []):
                page.check(f'input[name="yaku_{s}"][value="{yaku}"]')
            if "dora" in win:
                page.fill(f'input[name="dora_{s}"]', str(win["dora"]))
    if "from" in hand:
        page.check(f'input[name="discarder"][value="{seat[hand["from"]]}"]')
    for name in hand.get("tenpai", []):
        page.check(f'input[name="tenpai_{seat[name]}"]')
    if "reason" in hand or "player" in hand:
        page.locator('form#hand > details.more:has(select[name="reason"]) > summary').click()
        if "reason" in hand:
            page.select_option('select[name="reason"]', hand["reason"])
        if "player" in hand:
            page.select_option('select[name="offender"]', str(seat[hand["player"]]))
    if online is None:
        return
    if not online:  # no preview without the server: the hand waits on the phone
        page.click("form#hand button.big")
        return
    page.wait_for_selector("#preview p.strong")
    with page.expect_navigation():  # sent by offline.js, then the table's page again
        page.click("form#hand button.big")


@pytest.mark.parametrize("lang", ["en", "ja", "ko"])
def test_a_hanchan_at_the_table_on_a_phone(page: Any, live_server: Any, lang: str) -> None:
    """A whole hanchan tapped in by a scorer reading ``lang``: ron, tsumo, a double ron,
    draws, riichi, a chombo taken back by undo; the result equals ``seisan game``."""
    problems = watch(page)
    night, _cookie = league_night(page, live_server)
    page.context.add_cookies([{"name": "django_language", "value": lang,
                               "url": live_server.url}])  # fmt: skip
    page.goto(f"{live_server.url}/c/league/n/{night.pk}/")
    assert page.locator("html").get_attribute("lang") == lang
    page.click('a[href$="/tables/new/"]')
    names = ["Ana", "Ben", "Chie", "Dae"]
    for s, name in enumerate(names):
        page.fill(f'input[name="player_{s}"]', name)
    page.click("form.entry button.big")
    shot(page, f"table-00-started-{lang}")
    record = json.loads((EXAMPLES / "game.json").read_text(encoding="utf-8"))
    core = load_record(EXAMPLES / "game.json").play()
    # the scorer also ticks the yaku and dora of Dae's riichi in the double ron
    record["hands"][3]["wins"][1] |= {"yaku": ["立直", "断幺九"], "dora": 1}
    for number, hand in enumerate(record["hands"], start=1):
        if number == 4:
            shot(page, f"table-01-double-ron-{lang}")
        if number == 5:  # a chombo entered by mistake, then taken back
            tap_hand(page, {"result": "chombo", "player": "Ana"}, names)
            expect(page.locator(".hand-line")).to_have_count(5)
            chombo = _("chombo: {name}, {pt} pt after uma", name="Ana", pt=20).text(lang)
            assert chombo in page.locator(".hand-line").first.inner_text()
            with page.expect_navigation():
                page.locator('form[action$="/undo/"] button').click()
            expect(page.locator(".hand-line")).to_have_count(4)
        if number == 4:
            with page.expect_response(lambda r: "/preview/" in r.url):
                tap_hand(page, hand, names, online=None)
            shot(page, f"table-01-yaku-{lang}")
            with page.expect_navigation():
                page.click("form#hand button.big")
        else:
            tap_hand(page, hand, names)
        if number == 11 and lang == "en":
            shot(page, "table-02-south-4-conditions")
            assert page.locator("ul.needs li").count() > 0
            for readme in ("en", "ja", "ko"):  # the README's pictures: what a phone shows
                page.context.add_cookies([{"name": "django_language", "value": readme,
                                           "url": live_server.url}])  # fmt: skip
                page.reload()
                page.locator("#seat-3 > summary").click()
                page.screenshot(path=str(SHOTS / f"table-conditions-{readme}.png"))
            page.context.add_cookies([{"name": "django_language", "value": "en",
                                       "url": live_server.url}])  # fmt: skip
            page.reload()
        shown = page.locator(".seats .points").all_inner_texts()
        assert shown == [f"{p:,}" for p in core.lines[number - 1].points], number
    page.wait_for_selector(".card.ended")
    over = _("The game is over: {why}", why=core.ended.text(lang)).text(lang)
    assert page.locator(".card.ended p.strong").inner_text() == over
    shot(page, f"table-03-over-{lang}")
    page.click('form[action$="/save/"] button')
    assert core.settlement is not None
    first = core.settlement.by_place()[0]
    page.wait_for_selector(f"text={first.name}")
    shot(page, f"table-04-saved-{lang}")
    game = m.Game.objects.get()
    assert [s.points for s in game.seats.order_by("seat")] == list(core.final_points)
    dae = {"winner": "Dae", "han": 3, "fu": 30, "yaku": ["立直", "断幺九"], "dora": 1}
    assert game.record["hands"][3]["wins"][1] == dae
    assert problems == []


def test_hands_entered_offline_are_sent_once_when_the_connection_returns(
    page: Any, browser: Any, live_server: Any
) -> None:
    problems = watch(page)
    names = ["Ana", "Ben", "Chie", "Dae"]
    night, cookie = league_night(page, live_server)
    table = table_services.start(night, names, night.season.club.memberships.get().user)
    url = f"{live_server.url}/c/league/t/{table.pk}/"
    record = json.loads((EXAMPLES / "game.json").read_text(encoding="utf-8"))
    page.goto(url)
    tap_hand(page, record["hands"][0], names)  # online: stored at once
    page.context.set_offline(True)
    for hand in record["hands"][1:4]:
        tap_hand(page, hand, names, online=False)
    page.wait_for_selector("#waiting .count >> text=3")
    shot(page, "table-05-offline-three-waiting")
    table.refresh_from_db()
    assert len(table.hands) == 1
    # a second phone at the same table sees what is stored, and nothing twice
    other = browser.new_context(viewport=PHONE, is_mobile=True, has_touch=True)
    other.add_cookies([cookie])
    second = other.new_page()
    page.context.set_offline(False)
    page.wait_for_selector("#waiting", state="hidden", timeout=15000)
    page.wait_for_selector("h1.round >> text=E4-0")
    table.refresh_from_db()
    assert [h["hand"] for h in table.hands] == [
        {k: v for k, v in h.items() if k not in ("round", "honba")} for h in record["hands"][:4]
    ]
    second.goto(url)
    shown = second.locator(".seats .points").all_inner_texts()
    core = load_record(EXAMPLES / "game.json").play()
    assert shown == [f"{p:,}" for p in core.lines[3].points]
    other.close()
    assert problems == []


def test_a_refused_hand_comes_back_with_its_problem_and_its_number(
    page: Any, live_server: Any
) -> None:
    """The review's case: a hand the core refuses emptied the form and moved the number
    on, so the corrected hand met a conflict. Now the page comes back as without the
    script: the problem said, the taps kept, nothing left waiting."""
    names = ["Ana", "Ben", "Chie", "Dae"]
    night, _cookie = league_night(page, live_server)
    table = table_services.start(night, names, night.season.club.memberships.get().user)
    page.goto(f"{live_server.url}/c/league/t/{table.pk}/")
    page.check('input[name="result"][value="ron"]')
    page.check('input[name="win_0"]')
    page.fill('input[name="han_0"]', "1")
    page.fill('input[name="fu_0"]', "30")
    page.check('input[name="discarder"][value="0"]')
    with page.expect_navigation():
        page.click("form#hand button.big")
    assert "Ana cannot win on their own discard" in page.content()
    assert page.input_value('input[name="number"]') == "1"
    assert page.is_checked('input[name="win_0"]')
    assert page.locator("#waiting").is_hidden()
    table.refresh_from_db()
    assert table.hands == []


# -- every page, both widths, three languages -------------------------------------------


@pytest.mark.parametrize("width", ["390", "1280"])  # (two tests: the workers share them)
def test_no_page_is_wider_than_the_screen(browser: Any, live_server: Any, width: str) -> None:
    client, pages, anonymous = populate()
    cookie = {"name": "sessionid", "value": client.cookies["sessionid"].value,
              "url": live_server.url}  # fmt: skip
    failures: list[str] = []
    view = PHONE if width == "390" else DESK
    for lang in ("en", "ja", "ko"):
        for signed_in, targets in ((True, pages), (False, anonymous)):
            context = browser.new_context(viewport=view, is_mobile=view is PHONE,
                                          has_touch=view is PHONE, locale=lang)  # fmt: skip
            context.add_cookies([{"name": "django_language", "value": lang,
                                  "url": live_server.url}])  # fmt: skip
            if signed_in:
                context.add_cookies([cookie])
            page = context.new_page()
            problems = watch(page)
            for name, path in targets.items():
                page.goto(live_server.url + path)
                page.evaluate("document.querySelectorAll('details').forEach(d => d.open = true)")
                wide = page.evaluate("document.documentElement.scrollWidth")
                found = [f"{name} {lang} {width}: {wide} px wide"] if wide > view["width"] else []
                if view is PHONE:
                    found += [f"{name} {lang}: {small}" for small in small_targets(page)]
                found += [f"{name} {lang} {width}: {c}" for c in cut_words(page)]
                if found or EVERY_PAGE_SHOT:
                    shot(page, f"page-{name}-{lang}-{width}", check=False)
                failures += found
            failures += [f"{lang} {width}: {p}" for p in problems]
            context.close()
    assert failures == []


def cut_words(page: Any) -> list[str]:
    """Buttons whose words do not fit inside them (visible ones): a long label held on
    one line runs over its edges on a phone; and buttons out of the screen's width (a
    table wider than a phone scrolls, and its "paid" buttons were behind its edge)."""
    found = page.evaluate(
        """() => [...document.querySelectorAll('button, .button')]
            .filter(e => e.offsetParent !== null)
            .map(e => [e.outerHTML.slice(0, 80), e.scrollWidth, e.clientWidth,
                       e.getBoundingClientRect().left, e.getBoundingClientRect().right,
                       document.documentElement.clientWidth])
            .filter(([, inner, box, left, right, screen]) =>
                inner > box + 1 || left < -0.5 || right > screen + 0.5)"""
    )
    return [
        f"{html} holds {inner} px of words in {box} px, from {left:.0f} to {right:.0f} px"
        f" of {screen}"
        for html, inner, box, left, right, screen in found
    ]


def small_targets(page: Any) -> list[str]:
    """Buttons, fields and button-like links less than 44 px high (visible ones)."""
    found = page.evaluate(
        """() => [...document.querySelectorAll(
              'button, .button, input:not([type=hidden]):not([type=checkbox]):not([type=radio]),'
              + ' select, textarea, summary, .toggle-label, .tabs a, .crumbs a')]
            .filter(e => e.offsetParent !== null)
            .map(e => [e.outerHTML.slice(0, 60), e.getBoundingClientRect().height])
            .filter(([_, h]) => h < 43.5)"""
    )
    return [f"{html} is {height:.0f} px high" for html, height in found]


def test_the_readme_screens_are_the_tests_own() -> None:
    """The README shows screenshots this test takes (docs/screens is copied from it)."""
    readme = (Path(__file__).resolve().parents[2] / "README.md").read_text(encoding="utf-8")
    for shown in re.findall(r"\(docs/screens/([\w-]+\.png)\)", readme):
        assert (Path(__file__).resolve().parents[2] / "docs" / "screens" / shown).exists(), shown


def _signed_in_phone(browser: Any, live_server: Any, user: Any, lang: str) -> tuple[Any, Any]:
    """A phone's browser context signed in as ``user``, reading ``lang``, and its page."""
    client = Client()
    client.force_login(user)
    context = browser.new_context(viewport=PHONE, is_mobile=True, has_touch=True, locale=lang)
    context.add_cookies([
        {"name": "sessionid", "value": client.cookies["sessionid"].value,
         "url": live_server.url},
        {"name": "django_language", "value": lang, "url": live_server.url},
    ])  # fmt: skip
    return context, context.new_page()


@pytest.mark.parametrize("lang", ["en", "ja", "ko"])
def test_a_stored_game_the_core_refuses_is_a_page_that_says_why(
    browser: Any, live_server: Any, lang: str
) -> None:
    """A spectator called “house” stored before the name was refused: at phone width,
    the night's page says which name and why in the reader's language, in the site's
    layout, no wider than the screen and with nothing the browser refuses."""
    boss = make_user("boss@example.com")
    club = m.Club.objects.create(name="Jansou", slug="jansou", currency="JPY")
    m.Membership.objects.create(club=club, user=boss, role="owner")
    season = season_with(club, "mleague", boss)
    night = m.Session.objects.create(season=season, title="Friday")
    table = {"players": ["Ana", "Ben", "Chie", "Dae"], "points": [40000, 30000, 20000, 10000],
             "soto": {"Eve": "Ana"}}  # fmt: skip
    game, _created = services.save_game(night, table, boss)
    m.Game.objects.filter(pk=game.pk).update(
        data=services.rename_in_table(game.data, "Eve", "House"),
        spectators={"House": game.spectators["Eve"]},
    )
    context, page = _signed_in_phone(browser, live_server, boss, lang)
    problems = watch(page)
    answer = page.goto(f"{live_server.url}/c/jansou/n/{night.pk}/")
    assert answer is not None and answer.status == 409
    said = {"en": "“House” is the house's name in the ledgers",
            "ja": "「House」は精算表で店", "ko": "“House”은(는) 정산표에서 가게"}[lang]  # fmt: skip
    assert said in page.inner_text("main")
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    shot(page, f"unsettled-{lang}-390")
    assert problems == []
    context.close()


@pytest.mark.parametrize("lang", ["en", "ja", "ko"])
def test_an_address_a_form_sends_to_is_a_page_in_the_site(
    browser: Any, live_server: Any, lang: str
) -> None:
    """A form's address opened as a page (a copied link): the site's layout saying so
    in the reader's language, at phone width (a blank page before)."""
    boss = make_user("boss@example.com")
    club = m.Club.objects.create(name="Jansou", slug="jansou", currency="JPY")
    m.Membership.objects.create(club=club, user=boss, role="owner")
    context, page = _signed_in_phone(browser, live_server, boss, lang)
    problems = watch(page)
    answer = page.goto(f"{live_server.url}/c/jansou/players/add/")
    assert answer is not None and answer.status == 405
    said = {"en": "This address takes a form", "ja": "このアドレスはフォームの送信先です",
            "ko": "이 주소는 양식을 받는 곳입니다"}[lang]  # fmt: skip
    assert said in page.inner_text("main")
    assert page.evaluate("document.documentElement.lang") == lang
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    shot(page, f"not-a-page-{lang}-390")
    assert problems == []
    context.close()
