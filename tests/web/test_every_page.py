"""Every page of a club with everything a page can show, read in Japanese and Korean:
no English word but the names the club gave, what a person types, and the names of
formats and organisations (issue 16: “a ja or ko reader sees no English word on any
screen”)."""

from __future__ import annotations

import re

import pytest
from django.test import Client

from .pages import page_text, populate

pytestmark = pytest.mark.django_db

#: names the club gave (populate's club, seasons, nights, teams, players, invitation and
#: files), taken out whole; the night a log import made is named in its importer's language
GIVEN = ["Jansou 東南西北 with a rather long club name", "Friday nights, autumn season 2026",
         "A long evening title", "League night", "Hand by hand", "Team Konstantinopoulou",
         "Phoenix", "late line-up", "Zelda Applicant With A Long Name", "online games",
         "Anastasia Konstantinopoulou", "Anastasia", "Ben", "Chie", "Dae", "Eve", "Gus", "Fay",
         "Ana"]  # fmt: skip
#: English as the language switch names it, and formats, systems, organisations, apps and
#: notation as everyone writes them; none, money and side: TOML's words in a rules box
WRITTEN = {"EN", "seisan", "pt", "JSON", "CSV", "TOML", "URL", "API", "OpenAPI", "QR", "mpsz",
           "gzip",
           "mjai", "mjlog", "XML", "openskill", "Plackett", "Luce", "WRC", "Classic", "Discord",
           "LINE", "none", "money", "side"}  # fmt: skip
#: what is typed, as typed: the rules' own text, addresses, files, commands (the API's curl
#: line with its token), options, keys
#: (in brackets after their word, 칩(chips), or as the advanced box writes them:
#: chip_value), codes (JPY, Asia/Tokyo) and anything holding a digit (a log's id)
TYPED = re.compile(
    r"<textarea[^>]*>.*?</textarea>|\S+@\S+"
    r"|[\w.-]*\.(?:toml|csv|json|jsonl|mjson|gz|mjlog)(?![A-Za-z])"
    r"|tenhou\.net/6|seisan \w+|curl -H \"[^\"]*\" \S+|--[\w-]+|\([a-z_ ]+\)|（[a-z_ ]+）"
    r"|\b[a-z]+_[a-z_]+\b|\b[A-Z]{3}\b"
    r"|\b[A-Z][a-z]+/[A-Z][A-Za-z_]+\b|\S*\d\S*",
    flags=re.S,
)


#: code as a page shows it (the API's reference: paths, fields, JSON): typed, not read
_CODE = re.compile(r"<(code|pre)\b[^>]*>.*?</\1>", flags=re.S)


def _words(page: str) -> set[str]:
    page = _CODE.sub(" ", page)
    text = page_text(page, "<body", textarea=True) if "<body" in page else ""  # a redirect
    for name in GIVEN:
        text = text.replace(name, " ")
    text = TYPED.sub(" ", text)
    return set(re.findall(r"[A-Za-z]{2,}", text)) - WRITTEN


@pytest.mark.parametrize("lang", ["ja", "ko"])
def test_every_page_reads_no_english(lang: str) -> None:
    client, pages, anonymous = populate()
    stranger = Client()
    found: dict[str, list[str]] = {}
    for who, targets in ((client, pages), (stranger, anonymous)):
        who.cookies["django_language"] = lang
        for name, url in targets.items():
            response = who.get(url)
            assert response.status_code < 500, (name, response.status_code)
            words = _words(response.content.decode())
            if words:
                found[name] = sorted(words)
    assert found == {}, "\n".join(f"{k}: {v}" for k, v in found.items())
