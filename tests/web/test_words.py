"""What a newcomer reads: every word in their language, seats named by wind, no
English key prefix (``chips:``) or command-line flag (``--deposits N``) in a web
message, ``-0`` where the rules write it, no sign on an amount to pay, dates as each
language writes them, the club's currency from its rules, and error pages in the
site's layout and the reader's language."""

from __future__ import annotations

import html
import re
import zoneinfo
from datetime import date
from typing import Any

import pytest
from django.test import Client
from django.urls import reverse
from django.utils import translation
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from seisan.i18n import language
from seisan.web.clubs import models as m
from seisan.web.clubs import services
from seisan.web.clubs.entry import GameForm
from seisan.web.clubs.templatetags.seisan_tags import day
from seisan.web.clubs.views.errors import server_error

from .conftest import enter, season_with

pytestmark = pytest.mark.django_db
NAMES = ["Ana", "Ben", "Chie", "Dae"]
KEYS = ("chips", "yakitori", "tobi", "soto", "pool", "sashi", "bashin", "binta", "penalties",
        "substitute", "winners", "busted", "deposits", "rules", "side")  # fmt: skip
KEY_PREFIX = re.compile(rf"(^|: )({'|'.join(KEYS)}):")
RULES = 'extends = "mleague"\n[side]\nchip_value = 2\ntobi = 10000\nyakitori = 1000\nbinta = 1000\n'
TRICKY = ["", "0", "-1", "abc", "１２３", "10000", "150", "2", "9" * 25, "Ana", "Zed", "=1+1",
          "a:b", "x;y", "1.5", "▲100", " ", "3"]  # fmt: skip


@st.composite
def typed(draw: st.DrawFn) -> dict[str, str]:
    """A form as a careless or hurried scorer fills it in."""
    data: dict[str, str] = {}
    for seat in range(4):
        data[f"player_{seat}"] = draw(st.sampled_from([NAMES[seat], NAMES[seat], "", "Ana"]))
        data[f"points_{seat}"] = draw(st.sampled_from(["25000", "25000", "-100", "x", "",
                                                       "24900"]))  # fmt: skip
        for field in (f"chips_{seat}", f"busted_{seat}"):
            data[field] = draw(st.sampled_from(TRICKY))
    data["deposits"] = draw(st.sampled_from(["0", "0", "1", "-1", "x"]))
    for row in range(2):
        for field in (f"bet_a_{row}", f"bet_b_{row}", f"soto_backs_{row}", f"pen_seat_{row}"):
            data[field] = draw(st.sampled_from(["", "0", "1", "3", "7"]))
        for field in (f"bet_amount_{row}", f"soto_name_{row}", f"soto_amount_{row}",
                      f"pen_pt_{row}", f"pen_reason_{row}"):  # fmt: skip
            data[field] = draw(st.sampled_from(TRICKY))
        data[f"bet_kind_{row}"] = draw(st.sampled_from(["sashi", "bashin", "binta", "x"]))
        data[f"pen_kind_{row}"] = draw(st.sampled_from(["chombo", "penalty"]))
    data["sub_seat"] = draw(st.sampled_from(["", "0", "2"]))
    data["sub_name"] = draw(st.sampled_from(TRICKY))
    return {k: v for k, v in data.items() if v != "" or draw(st.booleans())}


@settings(max_examples=150, deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture])  # fmt: skip
@given(data=typed(), lang=st.sampled_from(["en", "ja", "ko"]))
def test_form_messages_are_words_not_keys(club: m.Club, data: dict[str, str], lang: str) -> None:
    rules = services.rules_from_text(RULES)
    with translation.override(lang), language(lang):
        form = GameForm(data, rules=rules)
        form.is_valid()
        for field, errors in form.errors.items():
            for error in errors:
                assert "--" not in error, (field, error)
                assert not KEY_PREFIX.search(error), (field, error)
                if lang != "en":
                    assert not re.search(r"\b(give|must|should|seat \d)\b", error), error


def test_minus_zero_on_every_page_of_a_korean_season(club: m.Club, owner: Any,
                                                     signed_in: Client) -> None:  # fmt: skip
    season = season_with(club, "sun-oka", owner, "순오카")
    session = m.Session.objects.create(season=season)
    enter(signed_in, session, NAMES, [40000, 30000, 20000, 10000])
    game = session.games.get()
    ben = club.players.get(name="Ben")
    # second place on 30000 scores zero, written -0 (seed 004: 「+0 따위는 없다」)
    pages = {
        reverse("clubs:game", args=[club.slug, game.pk]): '<td class="num strong">{}</td>',
        reverse("clubs:session", args=[club.slug, session.pk]): "Ben <b>{}</b>",
        reverse("clubs:season", args=[club.slug, season.pk]): '<td class="num strong">{}</td>',
        reverse("clubs:player", args=[club.slug, ben.pk])
        + f"?season={season.pk}": "Total</dt><dd>{}</dd>",
    }
    for url, cell in pages.items():
        page = signed_in.get(url).content.decode()
        assert cell.format("-0") in page, url
        assert cell.format("0") not in page and cell.format("+0") not in page, url


def test_amounts_to_pay_have_no_sign_and_money_uses_the_rules_currency(
    club: m.Club, owner: Any, signed_in: Client
) -> None:
    rules = 'extends = "mleague"\n[money]\nrate = 50\ncurrency = "円"\n'
    season = season_with(club, rules, owner, "円")
    session = m.Session.objects.create(season=season)
    enter(signed_in, session, NAMES, [42600, 31000, 16400, 10000])
    page = signed_in.get(reverse("clubs:session", args=[club.slug, session.pk])).content.decode()
    ledger = page.split('<table class="ledger">', 1)[1].split("</table>", 1)[0]
    assert "2,500円" in ledger and "+" not in ledger  # Dae pays 50 pt × 50 = 2,500円
    game = signed_in.get(reverse("clubs:game", args=[club.slug, session.games.get().pk]))
    assert "+3,130円" in game.content.decode()  # a result keeps its sign


@pytest.mark.parametrize(("lang", "written"), [("en", "Dec 1, 2026"), ("ja", "2026/12/01"),
                                               ("ko", "2026. 12. 1.")])  # fmt: skip
def test_dates_as_each_language_writes_them(lang: str, written: str) -> None:
    with translation.override(lang), language(lang):
        assert day(date(2026, 12, 1)) == written


def test_history_in_local_time_and_words(club: m.Club, owner: Any, signed_in: Client) -> None:
    club.time_zone = "Asia/Tokyo"
    club.save()
    season = season_with(club, "mleague", owner)
    session = m.Session.objects.create(season=season)
    enter(signed_in, session, NAMES, [42600, 31000, 16400, 10000])
    game = session.games.get()
    form = {"version": str(game.version), "deposits": "0", "save": "1"}
    for seat, (name, points) in enumerate(zip(NAMES, [41600, 32000, 16400, 10000], strict=True)):
        form[f"player_{seat}"], form[f"points_{seat}"] = name, str(points)
    signed_in.post(reverse("clubs:edit", args=[club.slug, game.pk]), form)
    page = html.unescape(signed_in.get(reverse("clubs:history", args=[club.slug])).content.decode())
    assert "changed game 1 of Dec 1, 2026" in page.replace(session.date.strftime("%b %-d, %Y"),
                                                           "Dec 1, 2026")  # fmt: skip
    assert "Ana's points: 42600 → 41600" in page and "Ben's total: +11 → +12" in page
    assert "{" not in re.sub(r"<[^>]*>", "", page)  # no JSON
    action = club.actions.get(kind="game.edited")
    local = action.when.astimezone(zoneinfo.ZoneInfo("Asia/Tokyo"))
    assert f"{local:%-I}:{local:%M}" in page  # Tokyo time, not UTC
    assert page.count('class="card"') >= 2  # entered, then changed: one entry an action


@pytest.mark.parametrize(
    ("lang", "words"),
    [("en", "Not found"), ("ja", "見つかりません"), ("ko", "찾을 수 없습니다")],
)
def test_a_missing_page_in_the_site_and_its_language(club: m.Club, signed_in: Client, lang: str,
                                                     words: str) -> None:  # fmt: skip
    signed_in.post(reverse("set_language"), {"language": lang, "next": "/"})
    page = signed_in.get(reverse("clubs:game", args=[club.slug, 987654]))
    text = page.content.decode()
    assert page.status_code == 404 and words in text and 'class="brand"' in text
    assert f'<html lang="{lang}">' in text  # (it was "en" on every page without a lang)


@pytest.mark.parametrize("lang", ["ja", "ko"])
def test_the_sign_in_page_says_its_language(lang: str) -> None:
    """allauth's pages have no ``lang`` of ours: the page's language is the request's
    (a browser picks CJK glyphs by it)."""
    page = Client(HTTP_ACCEPT_LANGUAGE=lang).get(reverse("account_login"))
    assert page.status_code == 200 and f'<html lang="{lang}">' in page.content.decode()


@pytest.mark.parametrize(("lang", "said"), [
    ("en", ["Email", "Password", "Stay signed in on this device", "Forgot your password?",
            "Accounts are by invitation"]),
    ("ja", ["メールアドレス", "パスワード", "この端末でログインしたままにする"]),
    ("ko", ["이메일", "비밀번호", "이 기기에서 로그인 상태 유지"]),
])  # fmt: skip
def test_the_sign_in_page_is_in_seisans_words(lang: str, said: list[str], settings: Any) -> None:
    """allauth's own words had said “save my ID” (아이디 저장) for “remember me” and
    offered a sign-up that is closed (helper-71); a refusal is ours too."""
    client = Client(HTTP_ACCEPT_LANGUAGE=lang)
    client.cookies["django_language"] = lang
    page = client.get(reverse("account_login")).content.decode()
    assert all(word in page for word in said), page
    assert reverse("account_signup") not in page
    settings.SEISAN_OPEN_SIGNUP = True
    assert reverse("account_signup") in client.get(reverse("account_login")).content.decode()
    refused = client.post(reverse("account_login"), {"login": "nobody@example.com",
                                                     "password": "wrong-password-1"})  # fmt: skip
    expected = {"en": "that email and password do not match an account",
                "ja": "そのメールアドレスとパスワードに合うアカウントはありません",
                "ko": "그 이메일과 비밀번호에 맞는 계정이 없습니다"}[lang]  # fmt: skip
    assert expected in refused.content.decode()


def test_a_refused_page_in_the_site(club: m.Club, member_of: Any) -> None:
    client = Client()
    client.force_login(member_of("member"))
    page = client.get(reverse("clubs:invitations", args=[club.slug]))
    assert page.status_code == 403 and "Your role in this club" in page.content.decode()


def test_the_500_page_in_the_site(rf: Any) -> None:
    with translation.override("ja"), language("ja"):
        page = server_error(rf.get("/"))
    assert page.status_code == 500 and "問題が起きました" in page.content.decode()


def test_a_taken_short_name_in_seisans_words(signed_in: Client, club: m.Club) -> None:
    signed_in.post(reverse("set_language"), {"language": "ko", "next": "/"})
    page = signed_in.post(reverse("create_club"), {"name": "Again", "slug": club.slug,
                                                   "kind": "circle", "currency": "KRW",
                                                   "time_zone": "Asia/Seoul"})  # fmt: skip
    errors = page.context["form"].errors["slug"]
    assert errors == [f"짧은 이름 {club.slug}은(는) 이미 쓰이고 있습니다: 다른 이름을 고르세요"]


@pytest.mark.parametrize(("lang", "words"), [
    ("en", "This address takes a form"), ("ja", "このアドレスはフォームの送信先です"),
    ("ko", "이 주소는 양식을 받는 곳입니다"),
])  # fmt: skip
def test_an_address_a_form_sends_to_opened_as_a_page_says_so(
    club: m.Club, signed_in: Client, lang: str, words: str
) -> None:
    """A GET of a POST-only address was a blank 405 (the review, 2026-12-05)."""
    signed_in.post(reverse("set_language"), {"language": lang, "next": "/"})
    page = signed_in.get(reverse("clubs:add_player", args=[club.slug]))
    text = page.content.decode()
    assert page.status_code == 405 and words in text and 'class="brand"' in text
    assert page["Allow"] == "POST" and f'<html lang="{lang}">' in text
