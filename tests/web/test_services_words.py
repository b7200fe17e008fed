"""The clubs' small services word for word and on their thresholds: rules typed by an
organiser, the versions kept, a name's checks, each seat's stored line, the players
found or made for names."""

from __future__ import annotations

from decimal import Decimal
from fractions import Fraction
from typing import Any

import pytest
from django.contrib.auth.models import AnonymousUser

from seisan.presets import find_preset
from seisan.web.clubs import models as m
from seisan.web.clubs import services
from seisan.web.clubs.services import EntryError

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize("text", ["", "  \n\t "])
def test_no_rules_typed(text: str) -> None:
    with pytest.raises(services.SeisanError) as none:
        services.rules_from_text(text)
    assert none.value.message.text("en") == "give a rules preset name or a house-rules .toml file"


def test_rules_by_preset_name_or_as_toml() -> None:
    assert services.rules_from_text("  M.League \n") == find_preset("mleague")
    with pytest.raises(services.SeisanError) as two_lines:  # a name has one line: TOML
        services.rules_from_text("mleague\ntenhou")
    assert two_lines.value.message.text("en") == "not valid TOML (at line 1, column 8)"
    toml = services.rules_from_text('extends = "tenhou"\nstart = 30000\nreturn = 30000\n')
    assert (toml.start, toml.return_points, toml.extends) == (30000, 30000, "tenhou")
    # a name with a newline is TOML, not a name; decimals are exact
    rate = services.rules_from_text('extends = "tenhou"\n[money]\nrate = 0.5\n')
    assert rate.stakes.rate == Fraction(1, 2)
    with pytest.raises(services.SeisanError) as bad:
        services.rules_from_text("extends = ")
    assert bad.value.message.text("en") == "not valid TOML (at the end)"
    with pytest.raises(services.SeisanError) as inside:
        services.rules_from_text('extends = "tenhou"\nstart = = 1\n')
    assert inside.value.message.text("ja") == "TOML として不正です（2行9列目）"
    for text, where in (
        ("start = " + "1" * 5000, "a number of more than 4300 digits"),
        ("a = " + "[" * 2000 + "]" * 2000, "nested too deeply"),
    ):
        with pytest.raises(services.SeisanError) as past:  # Python's limits, in words
            services.rules_from_text(text)
        assert past.value.message.text("en") == f"not valid TOML ({where})"
        assert "TOML" in past.value.message.text("ja") and "digits" not in (
            past.value.message.text("ja")
        )


def test_each_version_numbered_and_kept_with_who_made_it(club: m.Club, owner: Any) -> None:
    season = m.Season.objects.create(club=club, name="S")
    rules = services.rules_from_text("tenhou")
    first = services.new_rules_version(season, rules, "tenhou", owner)
    second = services.new_rules_version(season, rules, "again", None)
    third = services.new_rules_version(season, rules, "", AnonymousUser())
    assert [(v.number, v.source, v.created_by) for v in (first, second, third)] == [
        (1, "tenhou", owner), (2, "again", None), (3, "", None)]  # fmt: skip
    assert first.toml == services.rules_toml(rules) and services.rules_of(first) == rules
    assert season.rules == third


@pytest.mark.parametrize(("name", "problem"), [
    ("x" * 60, None),
    ("x" * 61, "the name “xxxxxxxxxxxxxxxxxxxx…” is longer than 60 characters"),
    ("Ana:Ben", "the name “Ana:Ben” has “:”, which separates names in seisan's files: "
                "leave it out"),
    ("Ana;Ben", "the name “Ana;Ben” has “;”, which separates names in seisan's files: "
                "leave it out"),
    ("Ana\x07", "a name is letters, digits and spaces: no control or invisible characters"),
    ("アナ・リー", None),
    (" House ", "“House” is the house's name in the ledgers (fees, riichi sticks it keeps): "
                "give this person another name"),
    ("Houses", None),
])  # fmt: skip
def test_a_name_on_each_threshold(name: str, problem: str | None) -> None:
    if problem is None:
        services.check_name(name, "who")
        return
    with pytest.raises(EntryError) as refused:
        services.check_name(name, "who")
    assert (refused.value.message.text("en"), refused.value.field) == (problem, "who")


def test_names_checked_on_their_own_fields() -> None:
    with pytest.raises(EntryError) as nowhere:  # (a page with one line of names)
        services.check_name("A:B")
    assert nowhere.value.field == ""
    with pytest.raises(EntryError) as seat:
        services._check_names(["Ana", "Ben", "C:hie", "Dae"], ["Eve"])
    assert seat.value.field == "player_2"
    with pytest.raises(EntryError) as watcher:
        services._check_names(["Ana", "Ben", "Chie", "Dae"], ["Eve", "F;ay"])
    assert watcher.value.field == "soto"


def test_each_seat_line_as_stored() -> None:
    table = {"players": ["Ana", "Ben", "Chie", "Dae"], "points": [42600, 31000, 16400, 10000],
             "soto": {"Eve": "Chie"}}  # fmt: skip
    club = services.rules_from_text('extends = "tenhou"\n[money]\nrate = 50\n')
    result = services.settle_data(table, club)
    rows, spectators = services.seat_lines(result)
    assert [(r["seat"], r["name"], r["points"], r["place"]) for r in rows] == [
        (0, "Ana", 42600, 1),
        (1, "Ben", 31000, 2),
        (2, "Chie", 16400, 3),
        (3, "Dae", 10000, 4),
    ]
    # Tenhou: 30000 back, oka 20, uma 20-10; Eve backs Chie (外ウマ) against first place;
    # money at 50 a pt of each total
    assert [(r["score"], r["total"], r["money"]) for r in rows] == [
        (Decimal("52.6"), Decimal("76.2"), Decimal("3810")),
        (Decimal("11"), Decimal("11"), Decimal("550")),
        (Decimal("-23.6"), Decimal("-23.6"), Decimal("-1180")),
        (Decimal("-40"), Decimal("-40"), Decimal("-2000"))]  # fmt: skip
    assert rows[0]["parts"] == {
        k: str(v) for k, v in result.settlement.results[0].parts.to_dict().items()
    }
    assert spectators == {"Eve": {"total": "-23.6", "money": "-1180"}}
    plain = services.seat_lines(services.settle_data(table, services.rules_from_text("tenhou")))
    assert plain[1] == {"Eve": {"total": "-23.6", "money": None}}
    assert [r["money"] for r in plain[0]] == [None] * 4


def test_players_found_in_any_case_or_made_once(club: m.Club) -> None:
    ana = m.Player.objects.create(club=club, name="Ana")
    old = m.Player.objects.create(club=club, name="Ben", merged_into=ana)
    assert services.player_named(club, "  aNA ") == ana
    ben = services.player_named(club, " Ben   Lee ")
    assert ben.name == "Ben Lee" and ben != old and ben.club == club
    found = services.players_named(club, ["ana", "ben  lee", "Chie"])
    assert found[:2] == [ana, ben] and found[2].name == "Chie"
    assert m.Player.objects.filter(club=club, name="Chie").count() == 1
    other = m.Club.objects.create(name="Other", slug="other")
    assert services.player_named(other, "Ana").club == other


def test_a_merged_players_name_is_free_and_a_name_never_saved_says_so(
    club: m.Club, monkeypatch: pytest.MonkeyPatch, django_assert_num_queries: Any
) -> None:
    """A merged guest's name is a new player's; a name another phone keeps taking (the
    database refusing it each time) is tried three times, then refused in words."""
    from django.db import IntegrityError  # noqa: PLC0415

    ana = m.Player.objects.create(club=club, name="Ana")
    old = m.Player.objects.create(club=club, name="Ben", merged_into=ana)
    ben = services.player_named(club, "ben")
    assert ben != old and ben.merged_into is None and ben.name == "ben"
    m.Player.objects.create(club=club, name="ana", merged_into=ben)  # (read after Ana)
    with django_assert_num_queries(1):  # the known ones in one query, never a merged one
        assert services.players_named(club, ["BEN", " ANA "]) == [ben, ana]
    tries: list[str] = []

    def taken(**fields: Any) -> m.Player:
        tries.append(fields["name"])
        raise IntegrityError("taken meanwhile")

    monkeypatch.setattr(m.Player.objects, "create", taken)
    with pytest.raises(EntryError) as never:
        services.player_named(club, " Chie  Ito ")
    assert never.value.message.text("en") == "Chie Ito could not be saved: try again"
    assert tries == ["Chie Ito"] * 3
