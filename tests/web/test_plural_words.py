"""The web app counts as English counts (issue 16): “1 game imported” on the page after
an import, “imported a.toml into Season: 1 game” in the history, “1 riichi stick” from
a template; “2 games”, “0 riichi sticks”; Japanese and Korean words as they were."""

from __future__ import annotations

from typing import Any

import pytest
from django.contrib.messages import get_messages
from django.core.files.uploadedfile import SimpleUploadedFile
from django.template import Context, Template
from django.test import Client
from django.urls import reverse
from django.utils import translation

from seisan.i18n import Lang, _n
from seisan.web.clubs import history
from seisan.web.clubs import models as m

pytestmark = pytest.mark.django_db

GAME = '[[games]]\nplayers = ["Ana", "Ben", "Chie", "Dae"]\npoints = [42600, 31000, 16400, 10000]\n'


@pytest.mark.parametrize(("games", "lang", "said"), [
    (1, "en", "1 game imported"), (2, "en", "2 games imported"),
    (1, "ja", "1半荘をインポートしました"), (2, "ja", "2半荘をインポートしました"),
    (1, "ko", "대국 1개를 가져왔습니다"), (2, "ko", "대국 2개를 가져왔습니다"),
])  # fmt: skip
def test_a_flash_message_counts_as_english_counts(
    games: int, lang: str, said: str, signed_in: Client, club: m.Club, season: m.Season
) -> None:
    signed_in.post(reverse("set_language"), {"language": lang, "next": "/"})
    url = reverse("clubs:import", args=[club.slug, season.pk])
    upload = SimpleUploadedFile("a.toml", (GAME * games).encode())
    answer = signed_in.post(url, {"file": upload})
    assert answer.status_code == 302
    assert [str(message) for message in get_messages(answer.wsgi_request)] == [said]


@pytest.mark.parametrize(("count", "en", "ja", "ko"), [
    (1, "imported a.toml into Spring: 1 game", "a.tomlをSpringに取り込み: 1戦",
     "a.toml을(를) Spring에 가져옴: 1국"),
    (2, "imported a.toml into Spring: 2 games", "a.tomlをSpringに取り込み: 2戦",
     "a.toml을(를) Spring에 가져옴: 2국"),
])  # fmt: skip
def test_a_history_line_counts_as_english_counts(
    count: int, en: str, ja: str, ko: str, club: m.Club, owner: Any
) -> None:
    """As the history page reads a stored action: its kind and its fields."""
    action = history.action_of(club, owner, "session.imported", file="a.toml", season="Spring",
                               count=count)  # fmt: skip
    assert [history.said(action, lang) for lang in Lang] == [en, ja, ko]


@pytest.mark.parametrize("count", [0, 1, 2])
def test_a_counting_sentence_inside_a_history_line_is_kept_with_its_plural(count: int) -> None:
    """A sentence in a field (a change's “what”) is stored with its plural and the
    field that counts, and reads back as it was made."""
    said = _n("{count} riichi stick", "{count} riichi sticks", "count", count=count)
    stored = history.encode(said)
    assert stored == {"msg": "{count} riichi stick", "plural": "{count} riichi sticks",
                      "counted": "count", "fields": {"count": count}}  # fmt: skip
    for lang in Lang:
        assert history.decode(stored, lang) == said


@pytest.mark.parametrize(("sticks", "en", "ja", "ko"), [
    (0, "0 riichi sticks", "供託0本", "공탁 0개"),
    (1, "1 riichi stick", "供託1本", "공탁 1개"),
    (2, "2 riichi sticks", "供託2本", "공탁 2개"),
])  # fmt: skip
def test_a_template_counts_as_english_counts(sticks: int, en: str, ja: str, ko: str) -> None:
    """``{% tn %}``, as the table assistant's pages write the sticks on the table."""
    page = Template('{% load seisan_tags %}{% tn "{count} riichi stick" "{count} riichi sticks" '
                    '"count" count=sticks %}')  # fmt: skip
    shown = []
    for lang in Lang:
        with translation.override(lang.value):
            shown.append(page.render(Context({"sticks": sticks})))
    assert shown == [en, ja, ko]
