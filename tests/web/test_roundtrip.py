"""Every option of the entry form, drawn at random, goes the whole way and comes back
the same: the live preview equals the saved game; the season's TOML, JSON and CSV
exports read by ``seisan session`` (the CLI's own reader) give every person the same
total and money as the web app; the app's own import of each file gives them again.
Names a spreadsheet would run as formulas (``=1+1``) and Japanese and Korean names
included."""

from __future__ import annotations

import uuid
from decimal import Decimal
from pathlib import Path
from typing import Any

import pytest
from django.db import transaction
from django.test import Client
from django.urls import reverse
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from seisan.errors import SeisanError
from seisan.rules import Rules
from seisan.session import games_from_csv, load_session
from seisan.web.clubs import files, services
from seisan.web.clubs import models as m
from seisan.web.clubs.standings import off_table, season_games, season_standings
from seisan.web.clubs.views.games import form_shows

from .conftest import season_with

pytestmark = pytest.mark.django_db

POOL = ["Ana", "Ben", "=1+1", "Chie", "ダエ", "은지", "-Fay", "Gus"]
WATCHERS = ["Eve", "@Hal", "イヴ"]
RULES = [
    'extends = "mleague"\n[side]\nchip_value = 2\ntobi = 10000\nyakitori = 1000\n'
    "binta = 1000\n[money]\nrate = 50\nunit = 10\nfee = 400\n",
    'extends = "sun-oka"\n',
    'extends = "tenhou-sanma"\n[side]\nchip_value = 5\ntobi = 5000\n[money]\nrate = 100\n',
    "jpml",
    'extends = "tenhou"\n[side]\nyakitori = 1500\nsoto_pool = 2000\ntobi_at_zero = true\n'
    "tobi = 3000\n",
]


@st.composite
def game_form(draw: st.DrawFn, rules: Rules) -> dict[str, str]:
    """The entry form's fields as a scorer fills them in, every option drawn."""
    n = rules.players
    names = draw(st.permutations(POOL))[:n]
    deposits = draw(st.integers(0, 2))
    total = rules.start * n - deposits * rules.scoring.riichi
    points = [draw(st.integers(-150, 700)) * 100 for _ in range(n - 1)]
    points.append(total - sum(points))
    data = {"deposits": str(deposits), "again": "1", "key": uuid.uuid4().hex}
    for seat in range(n):
        data[f"player_{seat}"] = names[seat]
        data[f"points_{seat}"] = str(points[seat])
    side = rules.side
    if side.chip_value:
        chips = [draw(st.integers(-4, 4)) for _ in range(n - 1)]
        for seat, count in enumerate([*chips, -sum(chips)]):
            data[f"chips_{seat}"] = str(count)
    if side.tobi:
        for seat in range(n):
            bust = points[seat] < 0 or (side.tobi_at_zero and points[seat] == 0)
            if bust and draw(st.booleans()):
                data[f"busted_{seat}"] = str(draw(st.sampled_from(
                    [s for s in range(n) if s != seat])))  # fmt: skip
    if side.yakitori:
        for seat in range(n):
            if draw(st.booleans()):
                data[f"won_{seat}"] = "on"
    kinds = ["sashi", "bashin", *(["binta"] if side.binta else [])]
    pairs = draw(st.lists(st.tuples(st.sampled_from(kinds), st.permutations(range(n))),
                          max_size=2, unique_by=lambda p: (p[0], frozenset(p[1][:2]))))  # fmt: skip
    for row, (kind, order) in enumerate(pairs):
        low = 0 if kind == "binta" else 1
        amount = draw(st.integers(low, 100)) * 100
        data.update({f"bet_kind_{row}": kind, f"bet_a_{row}": str(order[0]),
                     f"bet_b_{row}": str(order[1]), f"bet_amount_{row}": str(amount)})  # fmt: skip
    watchers = draw(st.lists(st.sampled_from(WATCHERS), max_size=2, unique=True))
    pooled = len(watchers) == 2 and draw(st.booleans())
    pool_amount = str(draw(st.integers(1, 50)) * 100)
    for row, name in enumerate(watchers):
        data.update({f"soto_name_{row}": name,
                     f"soto_backs_{row}": str(draw(st.integers(0, n - 1))),
                     f"soto_amount_{row}": pool_amount if pooled else ""})  # fmt: skip
    for row in range(draw(st.integers(0, 2))):
        data[f"pen_seat_{row}"] = str(draw(st.integers(0, n - 1)))
        if draw(st.booleans()):
            data[f"pen_kind_{row}"] = "chombo"
        else:
            pt = draw(st.sampled_from(["0.5", "5", "12.3", "20"]))
            reason = draw(st.sampled_from(["", "late", "遅刻"]))
            data.update({f"pen_kind_{row}": "penalty", f"pen_pt_{row}": pt,
                         f"pen_reason_{row}": reason})  # fmt: skip
    if draw(st.booleans()):
        data.update({"sub_seat": str(draw(st.integers(0, n - 1))), "sub_name": "Sub",
                     "sub_later": "on" if draw(st.booleans()) else ""})  # fmt: skip
    return data


def web_totals(season: m.Season) -> tuple[dict[str, Decimal], dict[str, Decimal]]:
    """Every person's total and money over the season, as the web app shows them."""
    table = season_standings(season, 0)
    pt = {s.name: Decimal(s.total.numerator) / Decimal(s.total.denominator) for s in table}
    money = {s.name: s.money for s in table if s.money is not None}
    extra, extra_money = off_table(g.spectators for g in season_games(season))
    for name, value in extra.items():
        pt.setdefault(name, Decimal(value.numerator) / Decimal(value.denominator))
    for name, value in extra_money.items():
        money.setdefault(name, value)
    return pt, {k: Decimal(v.numerator) / Decimal(v.denominator) for k, v in money.items()}


def cli_totals(path: Path, rules: Rules | None = None) -> tuple[dict[str, Any], dict[str, Any]]:
    result = load_session(path, rules).settle()
    money = result.money() or {}
    as_decimal = lambda v: Decimal(v.numerator) / Decimal(v.denominator)  # noqa: E731
    return ({k: as_decimal(v) for k, v in result.totals().items()},
            {k: as_decimal(v) for k, v in money.items()})  # fmt: skip


@settings(
    max_examples=20, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(data=st.data())
def test_every_option_goes_the_whole_way(
    club: m.Club, owner: Any, tmp_path: Path, data: st.DataObject
) -> None:
    client = Client()
    client.force_login(owner)
    text = data.draw(st.sampled_from(RULES))
    with transaction.atomic():
        season = season_with(club, text, owner, f"Autumn {uuid.uuid4().hex[:6]}")
        rules = services.rules_of(season.rules)
        session = m.Session.objects.create(season=season)
        enter = reverse("clubs:enter", args=[club.slug, session.pk])
        preview = reverse("clubs:preview", args=[club.slug, session.pk])
        for _ in range(data.draw(st.integers(1, 3))):
            form = data.draw(game_form(rules))
            shown = client.post(preview, form).context["preview"]
            response = client.post(enter, form)
            assert response.status_code == 302, response.context["form"].errors
            game = session.games.order_by("-number").first()
            assert game is not None
            saved = {s.player.name: s.total for s in game.seats.all()}
            saved |= {k: Decimal(v["total"]) for k, v in game.spectators.items()}
            assert {row["r"].name if row["r"] else row["name"]: row["total"]
                    for row in shown["rows"]} == saved  # fmt: skip
            assert form_shows(club, game)  # what the form saved, the form can edit
        pt, money = web_totals(season)
        exported = files.export_season(season)
        for name, body in (("s.toml", exported.toml), ("s.json", exported.json),
                           ("s.csv", exported.csv), ("rules.toml", exported.rules)):  # fmt: skip
            (tmp_path / name).write_text(body, encoding="utf-8")
        assert cli_totals(tmp_path / "s.toml") == (pt, money)
        assert cli_totals(tmp_path / "s.json") == (pt, money)
        assert cli_totals(tmp_path / "s.csv", rules) == (pt, money)
        for kind in ("toml", "json", "csv"):
            copy = season_with(club, text, owner, f"Copy {kind} {uuid.uuid4().hex[:6]}")
            files.import_session(copy, getattr(exported, kind), f"s.{kind}", owner)
            assert web_totals(copy) == (pt, money), kind
        transaction.set_rollback(True)


def test_the_csv_is_rfc_4180_and_safe_in_a_spreadsheet(club: m.Club, owner: Any) -> None:
    season = season_with(club, "mleague", owner, "Spring, 2027")
    session = m.Session.objects.create(season=season)
    services.save_game(session, {"players": ["=1+1", 'Ben "B"', "Chie, C", "@x"],
                                 "points": [42600, 31000, 16400, 10000]}, owner)  # fmt: skip
    exported = files.export_season(season)
    assert exported.stem == "spring-2027"
    lines = exported.csv.split("\r\n")
    assert lines[0] == 'game,seats,deposits,\'=1+1,\'@x,"Ben ""B""","Chie, C"'
    day = session.date.isoformat()
    assert lines[1] == f'{day} #1,"\'=1+1;Ben ""B"";Chie, C;@x",0,42600,10000,31000,16400'
    assert lines[2] == ""  # every line ends in CRLF
    (game,) = games_from_csv(exported.csv)
    assert game.names == ("=1+1", 'Ben "B"', "Chie, C", "@x")


@pytest.mark.django_db
def test_a_files_winners_under_rules_without_yakitori_are_refused(club: m.Club, owner: Any) -> None:
    """helper-95: a CSV's ``winners`` under M.League's rules (no 焼き鳥) had been stored,
    to no effect, where the API refuses the same game; with 焼き鳥 they are kept."""
    text = "game,seats,Ana,Ben,Chie,Dae,winners\ng1,Ana;Ben;Chie;Dae,42600,31000,16400,10000,Ana\n"
    season = season_with(club, "mleague", owner, "No yakitori")
    with pytest.raises(SeisanError) as refused:
        files.import_session(season, text, "y.csv", owner)
    assert refused.value.message.text("en").startswith(
        "game 1: winners: the rules pay no 焼き鳥, which is all winners count for"
    )
    assert not m.Session.objects.filter(season=season).exists()
    paid = season_with(club, 'extends = "mleague"\n[side]\nyakitori = 1000\n', owner, "Yakitori")
    session, count = files.import_session(paid, text, "y.csv", owner)
    assert count == 1 and session.games.get().data["winners"] == ["Ana"]
