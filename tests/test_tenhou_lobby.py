"""Tenhou's private and tournament lobbies: each lobby's own rules read from its log
(``csrule``), switch by switch and field by field, three real lobby logs replayed under
them to their final scores, every setting seisan cannot settle refused by name, and a
lobby log that does not state its rules read under Tenhou's ranked rules only when
they give its result."""

from __future__ import annotations

import json
from fractions import Fraction
from pathlib import Path
from typing import Any

import pytest

from seisan.logs import tenhou
from seisan.logs.lobby import Lobby, LobbyError, lobby_rules
from seisan.uma import FloatingUma, RankUma

DATA = Path(__file__).parent / "data" / "tenhou"
ROWS = ",".join(["10,-10,-20"] * 5)


def csrule(flags: str = "", more: str = "", *fields: tuple[int, str]) -> str:
    """A csrule of 40 fields: the two switch words, then ``(index, value)`` fields."""
    values = [flags, more, *[""] * 38]
    for index, value in fields:
        values[index] = value
    return ",".join(values)


def rules_of(text: str, players: int = 4, hanchan: bool = True, total: int = 10**6) -> Any:
    return lobby_rules(Lobby.of(7, "", text), players, hanchan, total)


def field(rules: Any, path: str) -> Any:
    value = rules
    for part in path.split("."):
        value = getattr(value, part)
    return getattr(value, "value", value)


@pytest.mark.parametrize(
    ("text", "path", "value"),
    [("", "start", 25000), ("", "return_points", 30000), ("", "ties", "seat"),
     ("", "rounding", "none"), ("", "game.dealer_stop", "auto"), ("", "game.extension", "west"),
     ("", "game.bust_ends", True), ("", "scoring.nagashi", True), ("", "game.length", "south"),
     (csrule("00000001"), "scoring.nagashi", False),
     (csrule("00000002"), "scoring.kiriage", True), (csrule(), "scoring.kiriage", False),
     (csrule("00000004"), "game.bust_ends", False), (csrule(), "game.bust_ends", True),
     (csrule("00000F00"), "game.aborts", False), (csrule("00000700"), "game.aborts", True),
     (csrule("00001000"), "scoring.triple_ron", "win"),
     (csrule(), "scoring.triple_ron", "abort"),
     (csrule("00002000"), "scoring.atamahane", True), (csrule(), "scoring.atamahane", False),
     (csrule("0000C000"), "game.dealer_stop", "none"),
     (csrule("00008000"), "game.dealer_stop", "auto-win"),
     (csrule(), "game.dealer_stop", "auto"),
     (csrule("00040000"), "rounding", "points-half-away"), (csrule(), "rounding", "none"),
     (csrule("00200000"), "game.extension", "none"), (csrule(), "game.extension", "west"),
     (csrule("", "00000002"), "ties", "split"), (csrule(), "ties", "seat"),
     (csrule("", "00000010"), "scoring.kazoe", "sanbaiman"),
     (csrule(), "scoring.kazoe", "yakuman"),
     # what changes only a hand's worth (the log gives han and fu): nothing to settle
     (csrule("4BF800F8", "0000004D"), "scoring.nagashi", True),
     (csrule("", "", (4, "30000"), (5, "35000"), (6, "30000")), "start", 30000),
     (csrule("", "", (4, "30000"), (5, "35000"), (6, "30000")), "game.target", 35000),
     (csrule("", "", (4, "30000"), (5, "30000"), (6, "30000")), "game.target", None),
     (csrule("", "", (4, "30000"), (5, "30000"), (6, "30000")), "oka", 0),
     (csrule("", "", (6, "35000")), "oka", 40),
     (csrule("", "", (10, "2000"), (11, "200")), "scoring.riichi", 2000),
     (csrule("", "", (10, "2000"), (11, "200")), "scoring.honba", 600),
     (csrule("", "", (16, "500"), (17, "750"), (18, "1500")), "scoring.noten", 1500),
     (csrule(), "scoring.noten", 3000)],
)  # fmt: skip
def test_each_setting(text: str, path: str, value: Any) -> None:
    assert field(rules_of(text), path) == value


def test_the_uma_by_how_many_end_below_the_return() -> None:
    """The same uma whoever sinks is a rank uma; rows that differ by the number of
    players below 清算原点 are seisan's floating uma, counted by those at or above."""
    same = rules_of(csrule("", "", *((21 + i, str(v)) for i, v in enumerate([5, -5, -15] * 5))))
    assert same.uma == RankUma((Fraction(15), Fraction(5), Fraction(-5), Fraction(-15)))
    rows = [5, -5, -15, 5, 0, -20, 5, -5, -15, 0, -5, -15, 5, -5, -15]  # the ARML's
    floating = rules_of(csrule("", "", *((21 + i, str(v)) for i, v in enumerate(rows))))
    assert isinstance(floating.uma, FloatingUma)
    assert dict(floating.uma.table) == {
        4: (15, 5, -5, -15), 3: (15, 5, 0, -20), 2: (15, 5, -5, -15), 1: (20, 0, -5, -15),
        0: (15, 5, -5, -15)}  # fmt: skip
    one_row = rules_of(csrule("", "", (22, "-5"))).uma  # only when nobody is below
    assert isinstance(one_row, FloatingUma)
    others = dict.fromkeys(range(4), (20, 10, -10, -20))
    assert dict(one_row.table) == {4: (15, 10, -5, -20), **others}


def test_sticks_left_on_the_table_by_the_logs_own_result() -> None:
    assert field(rules_of("", total=100000), "deposits") == "first"
    assert field(rules_of("", total=99000), "deposits") == "lost"
    assert field(rules_of("", hanchan=False), "game.length") == "east"


@pytest.mark.parametrize(
    ("text", "players", "said"),
    [(csrule("00010000"), 4, "a dealer who does not keep the deal (no 連荘)"),
     (csrule("00020000"), 4, "a dealer who does not keep the deal (no 連荘)"),
     (csrule("", "", (7, "50000")), 4, "an end when someone passes 50000 (天辺)"),
     (csrule("", "", (19, "5")), 4, "祝儀 (chips)"),
     (csrule("", "", (2, "1")), 4, "field 2 to 1"),
     (csrule("", "", (13, "x")), 4, "field 13 to x"),
     (csrule("10000000"), 4, "an unknown switch (10000000,00000000)"),
     (csrule("", "00000100"), 4, "an unknown switch (00000000,00000100)"),
     (csrule("00004000"), 4, "a dealer's stop when tenpai but not after a win"),
     (csrule("", "", (16, "1000"), (17, "1000"), (18, "3000")), 4,
      "noten payments of 1000/1000/3000"),
     (csrule("", "", (4, "35000")), 3, "three-player settings")],
)  # fmt: skip
def test_what_seisan_cannot_settle_is_refused_by_name(text: str, players: int, said: str) -> None:
    with pytest.raises(LobbyError) as refused:
        rules_of(text, players)
    assert str(refused.value) == f"lobby 7: its rules set {said}, which seisan cannot settle yet"


@pytest.mark.parametrize("text", [csrule("ZZ"), csrule("", "", (4, "30k")), csrule("1.5")])
def test_a_csrule_that_cannot_be_read(text: str) -> None:
    with pytest.raises(LobbyError) as refused:
        rules_of(text)
    assert str(refused.value) == "lobby 7: its rules (csrule) cannot be read"


def test_three_players_with_tenhous_defaults() -> None:
    rules = rules_of(",,,,", players=3)
    assert (rules.players, rules.start, rules.return_points) == (3, 35000, 40000)


@pytest.mark.parametrize(
    ("name", "final_pt", "checks"),
    [("unknown-id_tenhou_lobby1-2023.mjlog", ("-10.7", "10.7", "-10.7", "10.7"),
      {"start": 30000, "return_points": 30000, "ties": "split", "game.length": "east",
       "game.dealer_stop": "auto-win", "game.extension": "none", "game.aborts": False,
       "scoring.atamahane": True, "scoring.nagashi": False, "scoring.kiriage": True,
       "scoring.kazoe": "sanbaiman", "scoring.triple_ron": "win"}),
     ("2026041906gm-0001-14853-b8890fb3.mjlog", ("-18.3", "42.8", "-32.9", "8.4"),
      {"start": 25000, "return_points": 30000, "ties": "seat", "game.length": "east",
       "game.dealer_stop": "auto", "game.extension": "west", "rounding": "none"}),
     ("2023083107gm-000b-18940-79affd70.json", ("-9.3", "-1.4", "-26.2", "36.9"),
      {"start": 30000, "game.length": "south", "game.bust_ends": False,
       "game.dealer_stop": "none", "game.aborts": False, "ties": "seat"})],
)  # fmt: skip
def test_real_lobby_logs_replay_under_their_own_rules(
    name: str, final_pt: tuple[str, ...], checks: dict[str, Any]
) -> None:
    game = tenhou.load(DATA / name)
    played = tenhou.check(game)  # every hand, the final points and pt, as the log has them
    assert played.settlement is not None
    assert [str(s) for s in game.final_pt] == list(final_pt)
    assert {path: field(game.record.rules, path) for path in checks} == checks
    assert game.lobby.startswith("L")


def test_a_lobby_log_that_states_no_rules_is_ranked_only_if_they_give_its_result() -> None:
    """Lobby 7447 (2014) says nothing of its rules; Tenhou's ranked rules of the day
    give its start and final pt, so they are its rules. Lobby 10011 started at 30000:
    refused (tests/test_tenhou_logs.py), never replayed under other rules."""
    game = tenhou.load(DATA / "2014021417gm-0009-7447-00d6d80f.json")
    assert game.record.rules.name == "tenhou-2020" and game.lobby == "L7447"
    tenhou.check(game)
    data = json.loads((DATA / "2014021417gm-0009-7447-00d6d80f.json").read_text("utf-8"))
    data["sc"][1], data["sc"][3] = data["sc"][1] + 1, data["sc"][3] - 1  # another uma
    with pytest.raises(tenhou.LogError, match="lobby 7447: the log does not state"):
        tenhou.parse_json(json.dumps(data))


def test_a_lobby_json_names_its_game_type_in_its_rule_list() -> None:
    """A lobby's tenhou.net/6 JSON has ``rule`` as a list whose third item is the game
    type in hex: 000b is a hanchan, 0001 east-only."""
    text = (DATA / "2023083107gm-000b-18940-79affd70.json").read_text("utf-8")
    data = json.loads(text)
    assert tenhou.parse_json(text).record.rules.game.length.value == "south"
    data["rule"][2] = "0001"
    rules = tenhou.parse_json(json.dumps(data)).record.rules
    assert rules.game.length.value == "east" and rules.players == 4


def test_the_import_names_each_lobbys_rules(tmp_path: Path, cli: Any) -> None:
    logs = [str(DATA / n) for n in ("2026041906gm-0001-14853-b8890fb3.mjlog",
                                    "2023083107gm-000b-18940-79affd70.json")]  # fmt: skip
    said = cli.run("import", "tenhou", *logs, "-o", str(tmp_path / "a"), "--check")
    assert ("lobby L14853 Benoit's tournament, under its own rules: Start points 25000 · "
            "Return points 30000 · Oka +20 · Uma 10-20") in said  # fmt: skip
    assert ("lobby L18940 ARML Main Lobby, under its own rules: Start points 30000 · Return "
            "points 30000 · Oka 0 · Uma by the number of floating players (0: 15,5,-5,-15; "
            "1: 20,0,-5,-15;") in said  # fmt: skip
    ranked = str(DATA / "2014021417gm-0009-7447-00d6d80f.json")
    every = cli.run("import", "tenhou", *logs, ranked, "-o", str(tmp_path / "c"))
    order = ["lobby L7447", "lobby L14853 Benoit's tournament", "lobby L18940 ARML Main Lobby"]
    assert [line.split(",")[0].split(":")[0] for line in every.splitlines()[1:]] == order
    assert "lobby L7447: its log states no rules; Tenhou's ranked rules give its result" in every
    ja = cli.run("import", "tenhou", *logs, "-o", str(tmp_path / "b"), "--lang", "ja")
    assert (
        "ロビー L14853 Benoit's tournament は独自ルール: 配給原点 25000 · 返し点 30000 · オカ +20"
        in ja
    )
    assert "ロビー L18940 ARML Main Lobby は独自ルール: " in ja
