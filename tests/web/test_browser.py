"""The path a newcomer takes, in a real Chromium on a 390×844 phone screen: the
one-time link, a club and an M.League season, four players, three games (a tie for
first, two sticks left on the table), standings, a player's chart, the ledger, then
Japanese and Korean. Screenshots go to ``test-artefacts/screens``.

Needs Debian's Chromium (``apt-get install chromium fonts-noto-cjk``); skipped with
the reason when it is missing, except under ``CI=true``, where it fails."""

from __future__ import annotations

import os
import shutil
from pathlib import Path
from typing import Any

import pytest

from seisan.web.clubs import models as m
from seisan.web.serve import owner, sign_in_link

from .conftest import CI

CHROMIUM = "/usr/bin/chromium"
SHOTS = Path(__file__).resolve().parents[2] / "test-artefacts" / "screens"

if not Path(CHROMIUM).exists():
    if CI:
        raise RuntimeError(f"CI=true but {CHROMIUM} is missing: .ci/run installs it with apt")
    pytest.skip(f"{CHROMIUM} is missing (apt-get install chromium fonts-noto-cjk)",
                allow_module_level=True)  # fmt: skip

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]
# Playwright's sync API runs an event loop in this thread; the ORM calls here are the
# test's own set-up, not the server's
os.environ.setdefault("DJANGO_ALLOW_ASYNC_UNSAFE", "true")


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
        "viewport": {"width": 390, "height": 844},
        "device_scale_factor": 2,
        "is_mobile": True,
        "has_touch": True,
        "locale": "en-US",
    }


@pytest.fixture(scope="module", autouse=True)
def _clean_shots() -> None:
    shutil.rmtree(SHOTS, ignore_errors=True)
    SHOTS.mkdir(parents=True)


def shot(page: Any, name: str) -> None:
    page.screenshot(path=str(SHOTS / f"{name}.png"), full_page=True)


def enter_game(page: Any, names: list[str], points: list[str], deposits: str = "0") -> None:
    for seat, (name, value) in enumerate(zip(names, points, strict=True)):
        page.fill(f'input[name="player_{seat}"]', name)
        page.fill(f'input[name="points_{seat}"]', value)
    page.fill('input[name="deposits"]', deposits)
    page.wait_for_selector("#preview >> text=The points add up.")


def test_a_newcomer_on_a_phone(page: Any, live_server: Any) -> None:
    user, _created = owner("owner@example.com")
    link = sign_in_link(user, live_server.url)
    page.goto(link)
    page.fill('input[name="password1"]', "mahjong-at-the-club-7")
    page.fill('input[name="password2"]', "mahjong-at-the-club-7")
    shot(page, "01-set-password")
    page.click('form button[type="submit"]')
    page.goto(live_server.url + "/")
    page.fill('input[name="name"]', "Friday club")
    page.fill('input[name="slug"]', "friday")
    page.select_option('select[name="kind"]', "circle")
    page.fill('input[name="currency"]', "JPY")
    shot(page, "02-new-club")
    page.click("text=Create the club")
    page.click("text=New season")
    page.fill('input[name="name"]', "Autumn league")
    page.check('input[name="preset"][value="mleague"]')
    page.click("summary:has-text('Money')")
    page.fill('input[name="rate"]', "100")
    page.fill('input[name="unit"]', "100")
    page.click("text=Create the season")
    page.click("header >> text=Friday club")
    for name in ("Ana", "Ben", "Chie", "Dae"):
        page.fill('input[name="name"]', name)
        page.click("form.inline >> text=Add")
    shot(page, "03-club")
    page.click("text=Autumn league")
    page.click("text=Start a session")
    enter_game(page, ["Ana", "Ben", "Chie", "Dae"], ["42600", "31000", "16400", "10000"])
    shot(page, "04-entry-preview")
    page.click("text=Save, next game same table")
    assert page.input_value('input[name="player_2"]') == "Chie"  # the table stays
    enter_game(page, ["Ben", "Chie", "Dae", "Ana"], ["35200", "35200", "24800", "4800"])
    page.click("text=Save, next game same table")
    # full-width digits from a Japanese IME, and two sticks left on the table
    enter_game(page, ["Chie", "Dae", "Ana", "Ben"], ["３８０００", "30000", "20000", "10000"], "2")
    page.click('button[name="save"]')
    shot(page, "05-game-explained")
    assert "uma for 1st place: +30" in page.content()
    page.click(".crumbs a")
    shot(page, "06-session-ledger")
    assert page.locator("table.ledger tbody tr").count() >= 3
    page.click(".crumbs a")
    shot(page, "07-standings")
    standings = page.locator("table.standings tbody tr")
    assert standings.count() == 4
    first = standings.nth(0)
    assert "Chie" in first.inner_text()
    page.click("table.standings >> text=Ana")
    assert page.locator("svg.chart").count() == 2
    shot(page, "08-player")
    season = m.Season.objects.get(name="Autumn league")
    games = m.Game.objects.filter(session__season=season)
    assert games.count() == 3
    tie = {s.player.name: (s.place, str(s.total)) for s in games.get(number=2).seats.all()}
    assert tie["Ben"] == tie["Chie"] == (1, "35.200")
    player_url = page.url
    for lang, word in (("ja", "ログアウト"), ("ko", "로그아웃")):
        page.goto(player_url)
        page.click(f'header button[value="{lang}"]')
        assert word in page.content()
        shot(page, f"09-player-{lang}")
        page.goto(f"{live_server.url}/c/friday/s/{season.pk}/")
        shot(page, f"10-standings-{lang}")
        page.goto(f"{live_server.url}/c/friday/n/{games.first().session_id}/enter/")
        shot(page, f"11-entry-{lang}")
