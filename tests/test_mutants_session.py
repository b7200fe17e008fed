"""Sessions as a club organiser meets them: every file format, every error a mistyped
night can make, the ledgers and the JSON of ``seisan session`` (exact values)."""

from __future__ import annotations

import json
import shutil
from dataclasses import replace
from fractions import Fraction
from pathlib import Path

import pytest

from seisan.errors import SeisanError
from seisan.games import load_record
from seisan.presets import find_preset, load_rules
from seisan.rules import Rules, Stakes
from seisan.session import (
    Session,
    SessionError,
    SessionGame,
    game_from_dict,
    games_from_csv,
    load_session,
    session_from_csv,
    session_from_dict,
    settle_one,
)
from seisan.stats import Seat
from seisan.transfers import Transfer

EXAMPLES = Path(__file__).resolve().parents[1] / "examples"
F = Fraction
NAMES = ["Ana", "Ben", "Chie", "Dae"]
TOP = [40000, 30000, 20000, 10000]  # Tenhou: +50, +10, -20, -40
TENHOU = find_preset("tenhou")
CLUB = load_rules(str(EXAMPLES / "club.toml"))  # Tenhou, 2 pt chips, 点5, a 400-yen fee


def _toml_game(points: list[object], **extra: str) -> str:
    lines = ["[[games]]", f"players = {NAMES!r}", f"points = {points!r}"]
    return "\n".join([*lines, *(f"{k} = {v}" for k, v in extra.items())]) + "\n"


def _write(path: Path, text: str) -> Path:
    path.write_text(text, encoding="utf-8")
    return path


# -- a session and its games -------------------------------------------------------------


def test_a_session_without_games_cannot_be_settled() -> None:
    with pytest.raises(SessionError, match=r"^the session has no games$"):
        Session(TENHOU, ()).settle()


def test_no_session_file_at_all_is_an_error() -> None:
    with pytest.raises(SessionError, match=r"^give at least one session file$"):
        load_session([])


def test_one_game_from_a_table_settles_alone() -> None:
    """The web app settles each game as it is entered: game_from_dict then settle_one."""
    game = game_from_dict({"players": NAMES, "points": TOP, "label": "opening"})
    assert (game.names, game.points, game.label) == (tuple(NAMES), tuple(TOP), "opening")
    assert settle_one(game, TENHOU).totals() == {"Ana": 50, "Ben": 10, "Chie": -20, "Dae": -40}


@pytest.mark.parametrize(("number", "prefix"), [((), ""), ((7,), "game 7: ")])
def test_a_single_game_error_names_its_number(number: tuple[int, ...], prefix: str) -> None:
    """A game of a file is named by its number; a game alone (the web app's, the API's)
    is no "game 1" of anything. Either way the error says the field it is about."""
    with pytest.raises(SessionError, match=f"^{prefix}points: give one final score per") as err:
        game_from_dict({"players": NAMES, "points": TOP[:3]}, *number)
    assert err.value.field == "points"


@pytest.mark.parametrize(
    ("extra", "message"),
    [
        ({"players": "AnaBenChieDae"}, "players: give the names in seat order"),
        ({"players": ["Ana", "Ben", "Chie", 4]}, "players: give the names in seat order"),
        ({"players": None}, "players: give the names in seat order"),
        ({"points": [40000, 30000, 20000, "x"]}, "points: seat 3 has x, not whole points"),
        ({"points": [40000, 30000, True, 10000]},
         "points: seat 2 has true, not whole points"),
        ({"points": [40000, 30000, 20000, 1e4]},
         "points: seat 3 has 10000.0, not whole points"),
        ({"deposits": -1}, "deposits: -1 must be a count of riichi sticks, 0 or more"),
        ({"deposits": 1.5}, "deposits: 1.5 must be a count of riichi sticks, 0 or more"),
        ({"deposits": "x"}, "deposits: x must be a count of riichi sticks, 0 or more"),
        ({"deposits": " 1"}, "deposits: “ 1” is text: write the number without quotes"),
        ({"deposits": True},
         "deposits: true must be a count of riichi sticks, 0 or more"),
        ({"penalties": "Ana:5"}, "penalties: give a list of NAME:PT"),
        ({"label": ["opening"]}, "label: must be text"),
        ({"label": "\x1b[2J"}, "label: must be text"),
        ({"sahsi": ["Ana:Ben:10000"]},
         "“sahsi” is not a game field; known: players, points, label, deposits, "
         "penalties, substitute, sashi, bashin, binta, chips, busted, winners, soto, pool, side"),
    ],
)  # fmt: skip
def test_a_mistyped_game_table_names_the_field(extra: dict[str, object], message: str) -> None:
    with pytest.raises(SessionError) as err:
        game_from_dict({"players": NAMES, "points": TOP, **extra})
    assert str(err.value) == message
    named = message.split(":", maxsplit=1)[0]  # an unknown key: itself (the API's field)
    assert err.value.field == (next(iter(extra)) if "game field" in message else named)


def test_a_labelled_game_keeps_its_label_and_is_not_a_bet() -> None:
    session = session_from_dict(
        {"rules": "tenhou", "games": [{"players": NAMES, "points": TOP, "label": "opening"},
                                      {"players": NAMES, "points": TOP}]}
    )  # fmt: skip
    result = session.settle()
    assert result.labels() == ["opening", "2"]
    assert result.to_dict()["games"][0]["label"] == "opening"


def test_a_games_own_side_table_keeps_the_house_chip_value() -> None:
    """``side`` changes some of the house's standing bets for one game; the rest (here
    the club's 2 pt chips) still play."""
    session = session_from_dict(
        {"rules": "club.toml", "games": [{"players": NAMES, "points": [42600, 31000, 16400, 10000],
         "chips": {"Ana": 3, "Ben": -1, "Dae": -2}, "side": {"tobi": 10000}}]}, base=EXAMPLES
    )  # fmt: skip
    assert session.settle().totals() == {"Ana": 59, "Ben": 9, "Chie": -24, "Dae": -44}


# -- session_from_dict and session_from_csv (the web app's way in) -----------------------------


def test_a_session_from_tables_keeps_title_rules_and_penalties() -> None:
    data = {"title": "Tuesday", "rules": "club.toml", "penalties": ["Ben:5:late"],
            "games": [{"players": NAMES, "points": TOP}]}  # fmt: skip
    session = session_from_dict(data, base=EXAMPLES)
    assert (session.title, session.source, session.penalties) == ("Tuesday", "", ("Ben:5:late",))
    assert session.rules.name == "club" and session.rules.stakes.fee == 400
    assert session.games == (SessionGame(tuple(NAMES), tuple(TOP)),)
    assert session.settle().totals() == {"Ana": 50, "Ben": 5, "Chie": -20, "Dae": -40}


def test_a_session_from_tables_without_rules_is_settled_under_the_default() -> None:
    session = session_from_dict({"games": [{"players": NAMES, "points": TOP}]})
    assert session.rules == Rules() and session.rules.name == "plain"
    assert session.title == "" and session.penalties == ()


def test_rules_given_to_session_from_dict_replace_the_tables_own() -> None:
    """The tables' own rules (even a name seisan does not know) are not read then."""
    data = {"rules": "nope", "games": [{"players": NAMES, "points": TOP}]}
    session = session_from_dict(data, TENHOU)
    assert session.rules is TENHOU
    with pytest.raises(SeisanError, match="unknown rules preset “nope”"):
        session_from_dict(data)


def test_an_error_in_a_session_from_tables_names_only_the_game() -> None:
    session = session_from_dict({"rules": "tenhou", "games": [
        {"players": NAMES, "points": [40000, 30000, 20000, 11000]}]})  # fmt: skip
    with pytest.raises(SessionError, match=r"^game 1: points total 101000, but 4 players"):
        session.settle()


def test_a_session_from_csv_text() -> None:
    session = session_from_csv("Ana,Ben,Chie,Dae\n40000,30000,20000,10000\n", TENHOU, "Fri")
    assert (session.rules, session.title, session.source) == (TENHOU, "Fri", "")
    assert session.games == (SessionGame(tuple(NAMES), tuple(TOP)),)
    assert session_from_csv("Ana,Ben,Chie,Dae\n40000,30000,20000,10000\n", TENHOU).title == ""


# -- what a settled session tells ------------------------------------------------------------


def test_each_seat_carries_place_total_points_and_money() -> None:
    result = load_session(EXAMPLES / "friday.toml").settle()
    assert result.seats() == [
        [Seat("Ana", 1, F(69), 42600, F(3050)), Seat("Ben", 2, F(-1), 31000, F(-450)),
         Seat("Chie", 3, F(-24), 16400, F(-1600)), Seat("Dae", 4, F(-44), 10000, F(-2600))],
        [Seat("Ben", 3, F(-22), 28300, F(-1500)), Seat("Chie", 2, F(20), 35500, F(600)),
         Seat("Dae", 4, F(-61), -1200, F(-3450)), Seat("Ana", 1, F(43), 37400, F(1750))],
        [Seat("Eve", 1, F(69), 51200, F(3050)), Seat("Ben", 2, F(5), 24800, F(-150)),
         Seat("Chie", 3, F(-21), 19000, F(-1450)), Seat("Ana", 4, F(-53), 5000, F(-3050))],
    ]  # fmt: skip


def test_without_a_rate_seats_have_no_money() -> None:
    result = session_from_csv("Ana,Ben,Chie,Dae\n40000,30000,20000,10000\n", TENHOU).settle()
    assert result.seats() == [
        [
            Seat("Ana", 1, F(50), 40000, None),
            Seat("Ben", 2, F(10), 30000),
            Seat("Chie", 3, F(-20), 20000),
            Seat("Dae", 4, F(-40), 10000),
        ]
    ]
    assert result.money() is None and result.money_before_fees() is None
    assert result.lost() == 0 and result.lost_money() == 0


def test_everyone_settles_with_first_in_money() -> None:
    """The money ledger with first place (001): each game's money, netted per pair."""
    result = load_session(EXAMPLES / "friday.toml").settle()
    assert result.jansou(in_money=True) == [
        Transfer("Ben", "Ana", F(1150)), Transfer("Chie", "Ana", F(200)),
        Transfer("Dae", "Ana", F(5250)), Transfer("Ana", "Eve", F(3650)),
        Transfer("Eve", "Ben", F(250)), Transfer("Chie", "Eve", F(1050)),
    ]  # fmt: skip


@pytest.mark.parametrize(
    ("ana", "chie", "between"),
    [
        (30000, 20000, []),  # Ana pays Ben 10 in game 1, Ben pays Ana 10 in game 2: even
        (31000, 19000, [Transfer("Ben", "Ana", F(1))]),  # 11 back: Ben owes 1 net
    ],
)
def test_first_place_ledgers_net_each_pair_over_the_games(
    ana: int, chie: int, between: list[Transfer]
) -> None:
    text = (
        "game,seats,Ana,Ben,Chie,Dae\n1,,40000,30000,20000,10000\n"
        f"2,Ben;Ana;Chie;Dae,{ana},40000,{chie},10000\n"
    )
    result = session_from_csv(text, TENHOU).settle()
    minus = 20000 - chie  # Chie's points below 20000 in game 2, in thousands: pt
    assert result.jansou() == [
        Transfer("Chie", "Ana", F(20)), Transfer("Dae", "Ana", F(40)), *between,
        Transfer("Chie", "Ben", F(20 + minus // 1000)), Transfer("Dae", "Ben", F(40)),
    ]  # fmt: skip


SMALL_SESSION = {
    "title": "Tuesday",
    "rules": "club.toml",
    "penalties": ["Ben:5:late"],
    "games": [{"players": NAMES, "points": TOP, "soto": {"Eve": "Ana"}}],
}


def _results(totals: list[int], money: list[int] | None, soto: list[int] | None) -> list[dict]:
    parts = [
        {"points": 10, "rounding": 0, "oka": 20, "uma": 20, "balance": 0, "penalty": 0},
        {"points": 0, "rounding": 0, "oka": 0, "uma": 10, "balance": 0, "penalty": 0},
        {"points": -10, "rounding": 0, "oka": 0, "uma": -10, "balance": 0, "penalty": 0},
        {"points": -20, "rounding": 0, "oka": 0, "uma": -20, "balance": 0, "penalty": 0},
    ]
    out = []
    for seat, (name, points, score) in enumerate(zip(NAMES, TOP, [50, 10, -20, -40], strict=True)):
        entry = {"seat": seat, "name": name, "points": points, "place": seat + 1,
                 "score": score, "parts": parts[seat]}  # fmt: skip
        if soto is not None:
            entry["side"] = {"soto": soto[seat]}
        entry["total"] = totals[seat]
        if money is not None:
            entry |= {"money": money[seat], "fee": 400}
        out.append(entry)
    return out


def test_the_json_of_a_small_session_with_money_a_spectator_and_a_late_arrival() -> None:
    """Eve only watched (外ウマ on Ana): no games played, one watched, no fee; Ben's
    session penalty (5 pt, 250 at 点5) is listed and goes to the house in every ledger,
    in pt and in money."""
    data = session_from_dict(SMALL_SESSION, base=EXAMPLES).settle().to_dict()
    rules = data.pop("rules")
    assert rules["name"] == "club" and rules["money"]["fee"] == 400
    assert not {"aliases", "notes", "sources"} & set(rules)
    assert data == {
        "title": "Tuesday",
        "games": [{
            "label": "1",
            "results": _results([50, 20, -40, -80], [2100, 600, -2400, -4400], [0, 10, -20, -40]),
            "spectators": [{"name": "Eve", "backs": 0, "pool": False, "total": 50,
                            "money": 2500}],
        }],
        "players": [
            {"name": "Ana", "played": 1, "watched": 0, "total": 50, "money": 2100, "fees": 400},
            {"name": "Ben", "played": 1, "watched": 0, "total": 15, "money": 350, "fees": 400},
            {"name": "Chie", "played": 1, "watched": 0, "total": -40, "money": -2400,
             "fees": 400},
            {"name": "Dae", "played": 1, "watched": 0, "total": -80, "money": -4400,
             "fees": 400},
            {"name": "Eve", "played": 0, "watched": 1, "total": 50, "money": 2500, "fees": 0},
        ],
        "running": {"Ana": [50], "Ben": [20], "Chie": [-40], "Dae": [-80], "Eve": [50]},
        "penalties": [{"seat": 1, "name": "Ben", "pt": 5, "reason": "late"}],
        "transfers": [
            {"from_name": "Dae", "to_name": "Eve", "amount": 50},
            {"from_name": "Chie", "to_name": "Ana", "amount": 40},
            {"from_name": "Dae", "to_name": "Ben", "amount": 15},
            {"from_name": "Dae", "to_name": "Ana", "amount": 10},
            {"from_name": "Dae", "to_name": "house", "amount": 5},
        ],
        "jansou": [
            {"from_name": "Ana", "to_name": "Ben", "amount": 20},
            {"from_name": "Chie", "to_name": "Ana", "amount": 40},
            {"from_name": "Dae", "to_name": "Ana", "amount": 80},
            {"from_name": "Ana", "to_name": "Eve", "amount": 50},
            {"from_name": "Ben", "to_name": "house", "amount": 5},
        ],
        "money_transfers": [
            {"from_name": "Dae", "to_name": "Eve", "amount": 2500},
            {"from_name": "Chie", "to_name": "Ana", "amount": 2000},
            {"from_name": "Dae", "to_name": "Ben", "amount": 750},
            {"from_name": "Dae", "to_name": "Ana", "amount": 500},
            {"from_name": "Dae", "to_name": "house", "amount": 250},
        ],
        "money_jansou": [
            {"from_name": "Ana", "to_name": "Ben", "amount": 1000},
            {"from_name": "Chie", "to_name": "Ana", "amount": 2000},
            {"from_name": "Dae", "to_name": "Ana", "amount": 4000},
            {"from_name": "Ana", "to_name": "Eve", "amount": 2500},
            {"from_name": "Ben", "to_name": "house", "amount": 250},
        ],
        "house": 1850,
    }  # fmt: skip


def test_the_json_of_a_session_without_a_rate_has_no_money_fees_or_penalties() -> None:
    result = session_from_dict({"rules": "tenhou", "games": [{"players": NAMES, "points": TOP}]})
    assert result.settle().to_dict() == {
        "title": "",
        "rules": {"name": "tenhou", "title": {"en": "Tenhou", "ja": "天鳳 (四麻)",
                  "ko": "텐호 (4인)"}, "players": 4, "start": 25000, "return": 30000,
                  "oka": 20, "uma": [20, 10, -10, -20], "rounding": "none", "ties": "seat",
                  "deposits": "first", "zero": "0", "scoring": {"double_yakuman": False},
                  "game": {"extension": "west", "dealer_stop": "auto"}},
        "games": [{"label": "1", "results": _results([50, 10, -20, -40], None, None)}],
        "players": [
            {"name": "Ana", "played": 1, "watched": 0, "total": 50},
            {"name": "Ben", "played": 1, "watched": 0, "total": 10},
            {"name": "Chie", "played": 1, "watched": 0, "total": -20},
            {"name": "Dae", "played": 1, "watched": 0, "total": -40},
        ],
        "running": {"Ana": [50], "Ben": [10], "Chie": [-20], "Dae": [-40]},
        "transfers": [
            {"from_name": "Dae", "to_name": "Ana", "amount": 40},
            {"from_name": "Chie", "to_name": "Ben", "amount": 10},
            {"from_name": "Chie", "to_name": "Ana", "amount": 10},
        ],
        "jansou": [
            {"from_name": "Ana", "to_name": "Ben", "amount": 10},
            {"from_name": "Chie", "to_name": "Ana", "amount": 20},
            {"from_name": "Dae", "to_name": "Ana", "amount": 40},
        ],
    }  # fmt: skip


# -- session files: TOML, JSON, game records ---------------------------------------------------


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("penalties = 'Ana:5'\n" + _toml_game(TOP),
         "penalties: give a list of NAME:PT (or NAME:PT:REASON)"),
        ("title = 5\n" + _toml_game(TOP), "title: must be text"),
        ("games = 'x'\n", "games: give at least one [[games]] table"),
        ("games = [1, 2]\n", "game 1: must be a table"),
        (_toml_game(TOP, label="'opening'") + _toml_game([40000, 30000, 20000, "x"]),
         "game 2: points: seat 3 has x, not whole points"),
        (_toml_game(TOP) + "[[games]]\npoints = [1]\n",
         "game 2: players: give the names in seat order"),
    ],
)  # fmt: skip
def test_a_bad_toml_session_names_the_file_and_field(
    tmp_path: Path, text: str, message: str
) -> None:
    path = _write(tmp_path / "night.toml", text)
    with pytest.raises(SessionError) as err:
        load_session(path, TENHOU)
    assert str(err.value) == f"{path}: {message}"


def test_a_sessions_penalties_not_a_list_are_refused_under_their_field() -> None:
    """A session's own penalties given as one text, not a list: refused in these words
    and under the field ``penalties`` (the one the API answers with)."""
    data = {"penalties": "Ana:5", "games": [{"players": NAMES, "points": TOP}]}
    with pytest.raises(SessionError) as err:
        session_from_dict(data, TENHOU)
    said = "penalties: give a list of NAME:PT (or NAME:PT:REASON)"
    assert (str(err.value), err.value.field) == (said, "penalties")


def test_rules_given_on_the_command_line_replace_a_files_own(tmp_path: Path) -> None:
    path = _write(tmp_path / "night.toml", "rules = 'nope'\n" + _toml_game(TOP))
    assert load_session(path, TENHOU).settle().totals()["Ana"] == 50
    with pytest.raises(SessionError, match="unknown rules preset “nope”"):
        load_session(path)


def test_a_single_file_session_takes_its_title_and_source(tmp_path: Path) -> None:
    toml = _write(tmp_path / "night.toml", "title = 'Friday'\n" + _toml_game(TOP))
    session = load_session(toml, TENHOU)
    assert (session.title, session.source) == ("Friday", str(toml))
    assert session.games[0].source == str(toml)
    csv = _write(tmp_path / "monday.csv", "Ana,Ben,Chie,Dae\n40000,30000,20000,10000\n")
    session = load_session(csv, TENHOU)
    assert (session.title, session.source) == ("monday", str(csv))
    assert session.games[0].source == str(csv) and session.games[0].label == ""


def test_a_json_session_file_reads_like_toml(tmp_path: Path) -> None:
    path = tmp_path / "night.json"
    path.write_text(json.dumps({"rules": "tenhou", "games": [{"players": NAMES, "points": TOP}]}),
                    encoding="utf-8")  # fmt: skip
    session = load_session(path)
    assert session.rules.name == "tenhou" and session.settle().totals()["Dae"] == -40


def test_a_json_file_that_is_not_a_table_is_no_session(tmp_path: Path) -> None:
    path = _write(tmp_path / "night.json", '["hands"]')
    with pytest.raises(SessionError) as err:
        load_session(path)
    assert str(err.value) == f"{path}: a session is a table of games"


@pytest.mark.parametrize("name", ["missing.csv", "missing.json", "missing.toml"])
def test_a_missing_session_file_is_named(tmp_path: Path, name: str) -> None:
    path = tmp_path / name
    with pytest.raises(SeisanError) as err:
        load_session(path)
    assert str(err.value) == f"cannot read session file {path}: no such file"


def test_a_csv_file_that_is_not_utf8_is_named(tmp_path: Path) -> None:
    """Neither UTF-8 nor Shift_JIS (0xFF is no Shift_JIS lead byte): named, refused."""
    path = tmp_path / "night.csv"
    path.write_bytes(b"Ana,Ben\n\xff,1\n")
    with pytest.raises(SessionError) as err:
        load_session(path)
    assert str(err.value) == f"{path}: neither UTF-8 nor Shift_JIS text"


def test_a_csv_saved_by_a_spreadsheet_with_a_bom(tmp_path: Path) -> None:
    path = tmp_path / "night.csv"
    path.write_bytes("\ufeffAna,Ben,Chie,Dae\n40000,30000,20000,10000\n".encode())
    assert load_session(path, TENHOU).settle().people() == NAMES


def test_a_tab_separated_file_with_a_tsv_suffix(tmp_path: Path) -> None:
    path = _write(tmp_path / "night.TSV", "Ana\tBen\tChie\tDae\n40000\t30000\t20000\t10000\n")
    session = load_session(path, TENHOU)
    assert session.title == "night" and session.settle().totals()["Ana"] == 50


# a game record (seisan game JSON) as a session of one game


def test_a_game_record_is_a_session_of_one_game_under_its_own_rules() -> None:
    session = load_session(EXAMPLES / "game.json")
    assert session.rules.name == "tenhou" and session.title == "A hanchan into West"
    (game,) = session.games
    assert (game.names, game.points, game.label) == (tuple(NAMES), (), "A hanchan into West")
    assert game.source == str(EXAMPLES / "game.json")
    assert session.settle().totals() == {"Ana": F("-27.9"), "Ben": F("4.3"), "Chie": F("40.7"),
                                         "Dae": F("-17.1")}  # fmt: skip


def test_a_game_record_is_settled_under_the_sessions_rules() -> None:
    """Tenhou until 2020 rounded to whole pt: the same hands, Ana -28 instead of -27.9."""
    record = load_record(EXAMPLES / "game.json")
    game = SessionGame(record.names, (), record=record)
    session = Session(find_preset("tenhou-2020"), (game,))
    assert session.settle().totals() == {"Ana": -28, "Ben": 4, "Chie": 41, "Dae": -17}
    assert Session(TENHOU, (game,)).settle().totals()["Ana"] == F("-27.9")


def test_a_game_record_read_with_other_rules_ignores_its_own(tmp_path: Path) -> None:
    record = json.loads((EXAMPLES / "game.json").read_text(encoding="utf-8"))
    path = tmp_path / "wed.json"
    path.write_text(json.dumps({**record, "rules": "nope"}), encoding="utf-8")
    session = load_session(path, find_preset("tenhou-2020"))
    assert session.rules.name == "tenhou-2020"
    assert session.settle().totals()["Ana"] == -28


def test_a_game_record_finds_its_rules_file_beside_it(tmp_path: Path) -> None:
    record = json.loads((EXAMPLES / "game.json").read_text(encoding="utf-8"))
    shutil.copy(EXAMPLES / "club.toml", tmp_path / "ours.toml")
    path = tmp_path / "wed.json"
    path.write_text(json.dumps({**record, "rules": "ours.toml"}), encoding="utf-8")
    session = load_session(path)
    assert session.rules.name == "ours" and session.rules.stakes.fee == 400


def test_a_bad_game_record_is_named_with_its_file(tmp_path: Path) -> None:
    record = json.loads((EXAMPLES / "game.json").read_text(encoding="utf-8"))
    path = tmp_path / "wed.json"
    path.write_text(json.dumps({**record, "players": NAMES[:3]}), encoding="utf-8")
    with pytest.raises(SessionError) as err:
        load_session(path)
    assert str(err.value) == f"{path}: 4 names are needed, got 3"


def test_a_game_record_that_breaks_the_rules_names_the_file_the_game_and_the_hand() -> None:
    path = EXAMPLES / "game.json"
    with pytest.raises(SessionError) as err:
        load_session(path, find_preset("mleague")).settle()
    assert str(err.value) == (
        f"{path}: game A hanchan into West: {path}: hand 7: these rules have no abortive "
        "draws (途中流局)"
    )


# -- several files: a season of nights -----------------------------------------------------------


def test_two_nights_label_their_games_by_file(tmp_path: Path) -> None:
    mon = _write(tmp_path / "mon.csv", "Ana,Ben,Chie,Dae\n40000,30000,20000,10000\n")
    tue = _write(tmp_path / "tue.toml", "rules = 'tenhou'\n" + _toml_game(TOP, label="'final'"))
    session = load_session([mon, tue])
    assert [g.label for g in session.games] == ["mon 1", "tue final"]
    assert (session.title, session.source) == ("mon, tue", "")
    assert [g.source for g in session.games] == [str(mon), str(tue)]
    assert session.settle().totals() == {"Ana": 100, "Ben": 20, "Chie": -40, "Dae": -80}


def test_a_game_labelled_as_its_file_is_labelled_by_it_once(tmp_path: Path) -> None:
    """A record imported from a log is titled by the log's id, its file named so: in a
    season a game whose label is its file's name is labelled by it once (“tue”, not
    “tue tue”), the next game by the file and its number."""
    mon = _write(tmp_path / "mon.csv", "Ana,Ben,Chie,Dae\n40000,30000,20000,10000\n")
    tue = _write(tmp_path / "tue.toml", _toml_game(TOP, label="'tue'") + _toml_game(TOP))
    assert [g.label for g in load_session([mon, tue]).games] == ["mon 1", "tue", "tue 2"]


@pytest.mark.parametrize("suffix", ["csv", "toml"])
def test_a_bad_game_in_a_later_night_names_its_file(tmp_path: Path, suffix: str) -> None:
    mon = _write(tmp_path / "mon.csv", "Ana,Ben,Chie,Dae\n40000,30000,20000,10000\n")
    bad = [40000, 30000, 20000, 11000]
    text = {"csv": "Ana,Ben,Chie,Dae\n40000,30000,20000,11000\n", "toml": _toml_game(bad)}
    tue = _write(tmp_path / f"tue.{suffix}", text[suffix])
    with pytest.raises(SessionError) as err:
        load_session([mon, tue], TENHOU).settle()
    assert str(err.value) == (
        f"{tue}: game tue 1: points total 101000, but 4 players starting with 25000 hold "
        "100000: 1000 too many"
    )


def test_a_game_record_in_a_season_names_its_file(tmp_path: Path) -> None:
    mon = _write(tmp_path / "mon.csv", "Ana,Ben,Chie,Dae\n40000,30000,20000,10000\n")
    wed = tmp_path / "wed.json"
    shutil.copy(EXAMPLES / "game.json", wed)
    with pytest.raises(SessionError) as err:
        load_session([mon, wed], find_preset("mleague")).settle()
    assert str(err.value) == (
        f"{wed}: game wed A hanchan into West: {wed}: hand 7: these rules have no abortive "
        "draws (途中流局)"
    )


def test_a_season_takes_the_penalties_of_every_night(tmp_path: Path) -> None:
    mon = _write(tmp_path / "mon.toml", "penalties = ['Ana:5']\n" + _toml_game(TOP))
    tue = _write(tmp_path / "tue.toml", "penalties = ['Ben:2:late']\n" + _toml_game(TOP))
    session = load_session([mon, tue], TENHOU)
    assert session.penalties == ("Ana:5", "Ben:2:late")
    assert session.settle().totals() == {"Ana": 95, "Ben": 18, "Chie": -40, "Dae": -80}


def test_files_with_different_rules_name_both(tmp_path: Path) -> None:
    mon = _write(tmp_path / "mon.toml", "rules = 'tenhou'\n" + _toml_game(TOP))
    tue = _write(tmp_path / "tue.toml", "rules = 'mleague'\n" + _toml_game(TOP))
    with pytest.raises(SessionError) as err:
        load_session([mon, tue])
    assert str(err.value) == (
        f"{tue}: its rules (M.League) differ from {mon}'s (Tenhou): give --rules to settle "
        "every file under one"
    )


CLUB_INLINE = """[rules]
extends = "tenhou"
rounding = "half-up"
side = { chip_value = 2 }
money = { rate = 50, unit = 10, currency = "円", fee = 400 }
"""


@pytest.mark.parametrize(
    ("first", "second"),
    [
        ("rules = 'club.toml'\n", CLUB_INLINE),  # another name, title and list of changes
        ("rules = 'tenhou'\n", "[rules]\nextends = 'tenhou'\n"),  # a preset, or built on it
        ("[rules]\nextends = 'tenhou'\n", "[rules]\nextends = 'tenhou'\ntitle = 'Ours'\n"),
    ],
)
def test_files_whose_rules_settle_alike_share_a_session(
    tmp_path: Path, first: str, second: str
) -> None:
    shutil.copy(EXAMPLES / "club.toml", tmp_path / "club.toml")
    mon = _write(tmp_path / "mon.toml", first + _toml_game(TOP))
    tue = _write(tmp_path / "tue.toml", second + _toml_game(TOP))
    assert len(load_session([mon, tue]).settle().games) == 2


# -- CSV -----------------------------------------------------------------------------------------


def test_a_csv_with_old_mac_line_breaks_is_not_valid_csv() -> None:
    with pytest.raises(SessionError) as err:
        games_from_csv("Ana,Ben\n1\r2,3\n")
    assert str(err.value) == "not valid CSV: a line break inside a cell without quotes, line 2"
    assert err.value.text("ja").startswith("CSV として不正です")


def test_a_one_column_csv_is_one_player() -> None:
    (game,) = games_from_csv("Ana\n30000\n")
    assert (game.names, game.points) == (("Ana",), (30000,))
    with pytest.raises(SessionError, match=r"^game 1: 4 names are needed, got 1$"):
        session_from_csv("Ana\n30000\n", TENHOU).settle()


def test_a_short_row_is_no_cell_of_the_last_players_column_when_it_is_checked() -> None:
    """Game 1 leaves Eve's cell out (a spreadsheet drops a row's empty end); game 2 has
    a slip in Ana's: the columns' check that then runs reads no cell past game 1's end
    (``len(row) >= index`` had read Eve's of it: an IndexError), and the slip is said."""
    text = "Ana,Ben,Chie,Dae,Eve\n40000,30000,20000,10000\n4O000,30000,20000,,10000\n"
    with pytest.raises(SessionError) as err:
        games_from_csv(text)
    assert str(err.value) == "game 2: Ana: “4O000” is not whole points"


@pytest.mark.parametrize(
    "header", ["Ana,Ben,Chie,Dae,Eve,", "Ana,Ben,Chie,Dae,", "Ana,Ben,Chie,Dae,,"]
)
def test_rows_without_the_trailing_empty_cells_of_the_header(header: str) -> None:
    """A spreadsheet leaves the empty cells at a row's end out; that is no cell at all
    (of a player who sat out, or of a column without a name)."""
    games = games_from_csv(f"{header}\n40000,30000,20000,10000\n")
    assert games == [SessionGame(tuple(NAMES), tuple(TOP))]
    assert games[0].label == ""


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("Ana,Ben,Chie,Dae\n40000,30000,20000,10000,5,6\n", "game 1: 6 cells for 4 columns"),
        ("game,Ana,Ben,Chie,Dae\nfirst,40000,30000,20000,10000\n,1,2,3,4,5,6\n",
         "game 2: 7 cells for 5 columns"),
        ("seats,Ana,Ben,Chie,Dae\nAna;Ben;Chie;Eve,40000,30000,20000,10000\n",
         "game 1: seats: Ana, Ben, Chie, Eve are not the players with points"),
        ("game,seats,Ana,Ben,Chie,Dae\nlast,Ana;Ben,40000,30000,20000,10000\n",
         "game last: seats: Ana, Ben are not the players with points"),
        ("Ana,Ben,Chie,Dae,deposits\n40000,30000,20000,10000,-1\n",
         "game 1: deposits: “-1” must be a count of riichi sticks, 0 or more"),
        ("Ana,Ben,Chie,Dae,chip\n40000,30000,20000,10000,Ana:2\n",
         "unknown column “chip”: did you mean chips?"),
        ("Ana,Ben,Chie,Dae,Sashii\n40000,30000,20000,10000,1000\n",
         "unknown column “Sashii”: did you mean sashi? (a player of that name would be "
         "confusing)"),
        ("Ana,Ben,Chie,Dae,notes\n40000,30000,20000,10000,late\n",
         "column “notes” has no whole points (“late”): it is not a player's, and no known "
         "column is called so (game, seats, deposits, penalties, substitute, sashi, bashin, "
         "binta, chips, busted, winners, soto, pool, soto_pool)"),
        ("Ana,Ben,Chie,Dae,chips\n40000,30000,20000,10000,Ana\n",
         "game 1: chips: “Ana” should be NAME:COUNT"),
        ("Ana,Ben,Chie,Dae,chips\n40000,30000,20000,10000,:2\n",
         "game 1: chips: “:2” should be NAME:COUNT"),
        ("game,Ana,Ben,Chie,Dae,chips\nlast,40000,30000,20000,10000,Ana:1;ana:-1\n",
         "game last: chips: ana is given two counts"),
    ],
)  # fmt: skip
def test_a_bad_csv_names_the_game_and_the_cell(text: str, message: str) -> None:
    with pytest.raises(SessionError) as err:
        games_from_csv(text)
    assert str(err.value) == message


@pytest.mark.parametrize(
    ("text", "message"),
    [
        # the count is after the last colon: "Ana:x" is not a player
        ("Ana,Ben,Chie,Dae,chips\n40000,30000,20000,10000,Ana:x:1\n",
         "game 1: chips: “Ana:x” is not a player (seats 0 to 3 or Ana, Ben, Chie, Dae)"),
        # in a comma-separated file items are joined by ";" only
        ('Ana,Ben,Chie,Dae,chips\n40000,30000,20000,10000,"Ana:1,Ben:-1"\n',
         "game 1: chips: “Ana:1,Ben” is not a player (seats 0 to 3 or Ana, Ben, Chie, Dae)"),
    ],
)  # fmt: skip
def test_chip_cells_that_settle_to_an_error(text: str, message: str) -> None:
    with pytest.raises(SessionError) as err:
        session_from_csv(text, CLUB).settle()
    assert str(err.value) == message


@pytest.mark.parametrize(
    ("separator", "chips"), [(";", "Ana:1,Ben:-1"), ("\t", "Ana:1,Ben:-1"), ("\t", "Ana:1;Ben:-1"),
                             (",", "Ana:1;Ben:-1")]
)  # fmt: skip
def test_chip_items_are_joined_by_the_other_separators(separator: str, chips: str) -> None:
    rows = [["Ana", "Ben", "Chie", "Dae", "chips"], ["40000", "30000", "20000", "10000", chips]]
    text = "\n".join(separator.join(row) for row in rows) + "\n"
    (game,) = games_from_csv(text)
    assert game.bets == {"chips": {"Ana": "1", "Ben": "-1"}}


def test_seats_in_a_semicolon_file_are_joined_by_commas() -> None:
    (game,) = games_from_csv("seats;Ana;Ben;Chie;Dae\nDae,Chie,Ben,Ana;40000;30000;20000;10000\n")
    assert (game.names, game.points) == (("Dae", "Chie", "Ben", "Ana"), (10000, 20000, 30000,
                                                                         40000))  # fmt: skip


@pytest.mark.parametrize(("cell", "deposits"), [("", 0), ("0", 0), ("1", 1), ("+2", 2)])
def test_a_deposits_cell_counts_riichi_sticks(cell: str, deposits: int) -> None:
    (game,) = games_from_csv(f"Ana,Ben,Chie,Dae,deposits\n40000,30000,20000,10000,{cell}\n")
    assert game.deposits == deposits


@pytest.mark.parametrize(("cell", "dae"), [("", -21), ("Dae:Eve", -30), ("Dae:Eve:later", -30)])
def test_a_substitute_cell_plays_the_seat_under_ema_rules(cell: str, dae: int) -> None:
    """EMA: a seat played by a substitute scores -15 - 15 whatever it holds."""
    text = f"Ana,Ben,Chie,Dae,substitute\n40000,30000,26000,24000,{cell}\n"
    (game,) = games_from_csv(text)
    assert game.substitute == (cell or None)
    result = session_from_csv(text, find_preset("ema")).settle()
    assert result.per_game()["Dae"] == [dae]


def test_a_penalty_cell_lists_penalties() -> None:
    (game,) = games_from_csv("Ana,Ben,Chie,Dae,penalties\n40000,30000,20000,10000,Ana:5; Ben:2\n")
    assert game.penalties == ("Ana:5", "Ben:2")


def test_a_player_pays_the_house_a_game_penalty_and_a_session_penalty_together() -> None:
    """Ana's 2 pt chombo in the game and the session's 5 pt for lateness: one transfer of
    7 pt to the house in the ledger with first place."""
    data = {
        "rules": "tenhou",
        "penalties": ["Ana:5:late"],
        "games": [{"players": NAMES, "points": TOP, "penalties": ["Ana:2"]}],
    }
    result = session_from_dict(data).settle()
    assert result.jansou()[-1] == Transfer("Ana", "house", F(7))


def test_a_session_paid_in_quarters_adds_up_each_games_money() -> None:
    """M.League (uma 30/10/−10/−30, oka 20) at $0.25 a pt, paid in quarters (``unit =
    0.25``): 40,000 / 30,000 / 20,000 / 10,000 score +60, +10, −20, −50, $15, $2.50,
    −$5, −$12.50; the same points a seat on, the same money a seat on. The session adds
    each game's money in quarters: the sum over both, to the cent (a session's sum
    made in units of a whole dollar had every quarter's count worth nothing)."""
    rules = find_preset("mleague").replace(stakes=Stakes(rate=F(1, 4), unit=F(1, 4)))
    text = "Ana,Ben,Chie,Dae\n40000,30000,20000,10000\n10000,40000,30000,20000\n"
    result = session_from_csv(text, rules).settle()
    assert [game.money() for game in result.games] == [
        {"Ana": 15, "Ben": F("2.5"), "Chie": -5, "Dae": F("-12.5")},
        {"Ana": F("-12.5"), "Ben": 15, "Chie": F("2.5"), "Dae": -5},
    ]
    totals = {"Ana": F("2.5"), "Ben": F("17.5"), "Chie": F("-2.5"), "Dae": F("-17.5")}
    assert result.money() == totals


def test_two_session_penalties_of_one_player_are_both_paid() -> None:
    """Tenhou at 50 a pt: Ana late (5 pt) and on her phone (2 pt), the session's own
    penalties, both to the house: 7 pt off her +50 and 350 off her 2,500, one transfer
    of 7 pt to the house (the second penalty added to the first, not in its place)."""
    data = {"penalties": ["Ana:5:late", "Ana:2:phone"],
            "games": [{"players": NAMES, "points": TOP}]}  # fmt: skip
    rules = TENHOU.replace(stakes=Stakes(rate=F(50)))
    result = session_from_dict(data, rules).settle()
    assert result.totals() == {"Ana": 43, "Ben": 10, "Chie": -20, "Dae": -40}
    assert result.money() == {"Ana": 2150, "Ben": 500, "Chie": -1000, "Dae": -2000}
    assert result.jansou()[-1] == Transfer("Ana", "house", F(7))


def test_a_session_penalty_of_nobody_in_the_session_says_it_is_the_sessions() -> None:
    """A session's own penalty given to someone who never sat or bet is refused as the
    session is settled, under the session's own key (not a game's), in these words; from
    a file, the file first (helper-94: “the session's penalties: penalties: …” had said
    the key twice and no file, and only once the totals were asked)."""
    data = {"penalties": ["Zed:5"], "games": [{"players": NAMES, "points": TOP}]}
    with pytest.raises(SessionError) as caught:
        session_from_dict(data, TENHOU).settle()
    said = "penalties: “Zed” is not a player (seats 0 to 3 or Ana, Ben, Chie, Dae)"
    assert str(caught.value) == said
    with pytest.raises(SessionError) as named:
        replace(session_from_dict(data, TENHOU), source="night.toml").settle()
    assert str(named.value) == f"night.toml: {said}"
