"""Malformed payloads get a 4xx or a page with a message, never a server error: numbers
of thousands of digits, NaN and infinities, ids beyond any database's, control
characters, long texts, deeply nested TOML and JSON, odd file names; on SQLite here
and on PostgreSQL in ``make test``'s second run."""

from __future__ import annotations

import itertools
from typing import Any

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.test import Client
from django.urls import reverse

from seisan.web.clubs import models as m

from .conftest import enter

pytestmark = [pytest.mark.django_db, pytest.mark.generated]
NAMES = ["Ana", "Ben", "Chie", "Dae"]
BAD = [
    "9" * 5000, "-" + "9" * 40, "NaN", "inf", "-Infinity", "1e999", "0x10", "\x00", "a\x00b",
    "x" * 10_000, "", " ", "<script>alert(1)</script>", "'; DROP TABLE clubs_game; --",
    "１２３", "▲", "%00", "../../etc/passwd", "\u202e", "🀄" * 100, "[" * 5000, "{" * 5000,
    "99999999999999999999999", "-1", "0", "2147483648", "9223372036854775808",
]  # fmt: skip


@pytest.fixture
def site(signed_in: Client, session: m.Session) -> dict[str, Any]:
    enter(signed_in, session, NAMES, [42600, 31000, 16400, 10000])
    club = session.season.club
    return {"club": club, "season": session.season, "session": session,
            "game": session.games.get(), "player": club.players.get(name="Ana")}  # fmt: skip


def posts(o: dict[str, Any]) -> list[tuple[str, list[str]]]:
    """Each form that changes something, and its fields."""
    slug, season, session = o["club"].slug, o["season"].pk, o["session"].pk
    game, player = o["game"].pk, o["player"].pk
    seat = [f"{k}_{s}" for s in range(4) for k in ("player", "points")]
    return [
        (reverse("create_club"), ["name", "slug", "kind", "currency", "time_zone"]),
        (reverse("clubs:add_player", args=[slug]), ["name"]),
        (reverse("clubs:merge_players", args=[slug]), ["source", "target", "confirm"]),
        (reverse("clubs:set_member", args=[slug]), ["member", "role"]),
        (reverse("clubs:link_player", args=[slug]), ["player", "member"]),
        (reverse("clubs:rename_player", args=[slug, player]), ["name"]),
        (reverse("clubs:invitations", args=[slug]), ["name", "role", "days"]),
        (
            reverse("clubs:new_season", args=[slug]),
            ["name", "min_games", "preset", "start", "uma", "rate", "chip_value", "advanced"],
        ),
        (reverse("clubs:season_settings", args=[slug, season]), ["preset", "start", "advanced"]),
        (reverse("clubs:season_settings", args=[slug, season]), ["public", "min_games"]),
        (reverse("clubs:new_session", args=[slug, season]), ["date", "title"]),
        (
            reverse("clubs:enter", args=[slug, session]),
            [
                *seat,
                "deposits",
                "rows",
                "version",
                "key",
                "bet_a_0",
                "bet_amount_0",
                "soto_name_0",
                "pen_pt_0",
                "sub_name",
                "chips_0",
            ],
        ),
        (reverse("clubs:preview", args=[slug, session]), [*seat, "deposits", "game", "rows"]),
        (reverse("clubs:edit", args=[slug, game]), [*seat, "version", "deposits"]),
        (reverse("clubs:mark_paid", args=[slug, session]), ["payer", "payee", "amount", "key"]),
        (reverse("clubs:remove_payment", args=[slug, session]), ["payment"]),
        (reverse("clubs:confirm", args=[slug, game]), ["seat"]),
        (reverse("clubs:delete", args=[slug, game]), ["confirm"]),
        (reverse("account_signup"), ["email", "password1", "password2"]),
        (reverse("account_login"), ["login", "password"]),
    ]


def test_every_form_refuses_every_bad_value_cleanly(site: dict[str, Any],
                                                    signed_in: Client) -> None:  # fmt: skip
    failures = []
    for (url, fields), bad in itertools.product(posts(site), BAD):
        data = {field: bad for field in fields}
        response = signed_in.post(url, data)
        if response.status_code >= 500:
            failures.append((url, bad[:20]))
    assert failures == []
    assert site["game"].seats.count() == 4  # nothing recorded was lost


@pytest.mark.parametrize("bad", ["99999999999999999999", "9" * 19, "0", "abc"])
def test_ids_in_addresses(site: dict[str, Any], signed_in: Client, bad: str) -> None:
    slug = site["club"].slug
    for path in (f"/c/{slug}/g/{bad}/", f"/c/{slug}/n/{bad}/", f"/c/{slug}/s/{bad}/",
                 f"/c/{slug}/p/{bad}/", f"/c/{slug}/g/{bad}/history/"):  # fmt: skip
        assert signed_in.get(path).status_code == 404, path


@pytest.mark.parametrize(
    "query",
    ["?page=99999999999999999999999", "?season=-1", "?same=9" + "9" * 30, "?min=2147483648",
     "?from=99999-01-01", "?ledger=\x00", "?sort=__class__"],
)  # fmt: skip
def test_odd_queries(site: dict[str, Any], signed_in: Client, query: str) -> None:
    slug = site["club"].slug
    for url in (reverse("clubs:season", args=[slug, site["season"].pk]),
                reverse("clubs:history", args=[slug]),
                reverse("clubs:session", args=[slug, site["session"].pk]),
                reverse("clubs:player", args=[slug, site["player"].pk]),
                reverse("clubs:enter", args=[slug, site["session"].pk])):  # fmt: skip
        assert signed_in.get(url + query).status_code in {200, 404}, (url, query)


@pytest.mark.parametrize(
    ("name", "body"),
    [
        ("x" * 300 + ".toml", "[[games]]\nplayers = ['A', 'B', 'C', 'D']\npoints = [25000, 25000, "
                              "25000, 25000]\n"),
        ("deep.toml", "a = " + "[" * 5000),
        ("deep.json", "[" * 50_000),
        ("nul.csv", "A,B,C,D\n25000,25000,25000,\x0025000\n"),
        ("big.json", '{"games": [' + '{"players": 1},' * 10 + "]}"),
        ("names.csv", "A\x00,B,C,D\n25000,25000,25000,25000\n"),
        ("numbers.toml", "[[games]]\nplayers = ['A', 'B', 'C', 'D']\npoints = [1" + "0" * 5000
                         + ", 0, 0, 0]\n"),
        ("binary.toml", "\udcff"),
    ],
    ids=lambda value: value if value.isascii() and len(value) < 40 else f"text-{len(value)}",
)  # fmt: skip
def test_odd_imports(site: dict[str, Any], signed_in: Client, name: str, body: str) -> None:
    url = reverse("clubs:import", args=[site["club"].slug, site["season"].pk])
    data = body.encode("utf-8", "surrogateescape")
    response = signed_in.post(url, {"file": SimpleUploadedFile(name, data)})
    assert response.status_code in {200, 302}
    if name.startswith("x"):
        session = m.Session.objects.order_by("-pk").first()
        assert session is not None and len(session.title) == 120
    else:
        assert response.status_code == 200 and response.context["form"].errors


def test_a_csv_from_excel_in_japan_imports_and_says_so(
    site: dict[str, Any], signed_in: Client
) -> None:
    """Issue 16: Shift_JIS (cp932) as Excel saves it, read and said."""
    url = reverse("clubs:import", args=[site["club"].slug, site["season"].pk])
    text = "game,seats,アナ,ベン,髙橋,ﾀﾞｴ\n1,アナ;ベン;髙橋;ﾀﾞｴ,40000,30000,20000,10000\n"
    upload = SimpleUploadedFile("night.csv", text.encode("cp932"))
    response = signed_in.post(url, {"file": upload}, follow=True)
    assert response.status_code == 200
    said = [str(message) for message in response.context["messages"]]
    assert "night.csv is not UTF-8; read it as Shift_JIS (cp932)" in said
    assert m.Player.objects.filter(club=site["club"], name="髙橋").exists()
