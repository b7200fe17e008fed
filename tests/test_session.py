"""Sessions: several games, players joining and leaving, one final ledger."""

from __future__ import annotations

import csv
import io
import itertools
import json
import re
from dataclasses import replace as _replace
from decimal import Decimal
from fractions import Fraction
from pathlib import Path
from typing import Any

import pytest

from seisan.cli import app
from seisan.errors import PointsError
from seisan.games import load_record
from seisan.ledger import settle_game
from seisan.output import FORMULA_MARKS, formula_safe, unformula
from seisan.presets import find_preset, load_rules
from seisan.rules import Rules
from seisan.session import (
    Session,
    SessionError,
    SessionGame,
    games_from_csv,
    load_session,
    settle_one,
)
from seisan.settlement import settle
from seisan.sidebets import BetError, Bets, Spectator
from seisan.transfers import balances

EXAMPLES = Path(__file__).resolve().parents[1] / "examples"

# Worked by hand (Tenhou: 10-20, oka 20, halves up; chips 2 pt; sashi Ana:Ben 10000;
# Eve backs Chie in game 2 and mirrors Chie's payments: the score with first place
# Ana, the 2 chips (4 pt) from Dae, who owed them; Dae's third chip goes to Ana).
PER_GAME = {
    "Ana": [69, 43, -53],
    "Ben": [-1, -22, 5],
    "Chie": [-24, 20, -21],
    "Dae": [-44, -61, None],
    "Eve": [None, 20, 69],
}
RUNNING = {
    "Ana": [69, 112, 59],
    "Ben": [-1, -23, -18],
    "Chie": [-24, -4, -25],
    "Dae": [-44, -105, -105],
    "Eve": [0, 20, 89],
}
# 点5 (50 yen a pt) less a 400-yen fee a game per player; spectators pay no fee
MONEY = {"Ana": 1750, "Ben": -2100, "Chie": -2450, "Dae": -6050, "Eve": 4050}


@pytest.fixture(params=["toml", "csv"])
def session_result(request: pytest.FixtureRequest):
    if request.param == "toml":
        return load_session(EXAMPLES / "friday.toml").settle()
    rules = load_rules(str(EXAMPLES / "club.toml"))
    return load_session(EXAMPLES / "friday.csv", rules).settle()


def test_per_game_running_totals_and_money(session_result) -> None:
    assert session_result.per_game() == PER_GAME
    assert session_result.running() == RUNNING
    assert session_result.money() == MONEY
    assert session_result.house() == 3 * 4 * 400
    assert sum(session_result.totals().values()) == 0


def test_the_final_ledgers_settle_everything(session_result) -> None:
    owed = {k: v for k, v in session_result.totals().items() if v}
    fewest = session_result.transfers()
    assert balances(fewest) == owed and len(fewest) <= len(owed) - 1
    assert {k: v for k, v in balances(session_result.jansou()).items() if v} == owed
    # money between people settles their money before fees; each pays their own fees
    paid = balances(session_result.transfers(in_money=True))
    fees = session_result.fees()
    assert fees == {"Ana": 1200, "Ben": 1200, "Chie": 1200, "Dae": 800, "Eve": 400}
    assert {k: v for k, v in paid.items() if v} == {
        name: MONEY[name] + fees.get(name, 0) for name in MONEY
    }
    assert balances(session_result.fee_transfers()) == {
        "house": 4800,
        **{name: -fee for name, fee in fees.items()},
    }


def test_session_on_the_cli(cli) -> None:
    data = cli.json("session", str(EXAMPLES / "friday.toml"))
    assert [p["name"] for p in data["players"]] == ["Ana", "Ben", "Chie", "Dae", "Eve"]
    assert [p["total"] for p in data["players"]] == [59, -18, -25, -105, 89]
    assert [p["played"] for p in data["players"]] == [3, 3, 3, 2, 1]
    assert [p["watched"] for p in data["players"]] == [0, 0, 0, 0, 1]
    assert data["running"]["Eve"] == [0, 20, 89]
    assert [g["label"] for g in data["games"]] == ["1", "2", "3"]
    assert data["games"][1]["spectators"] == [
        {"name": "Eve", "backs": 1, "pool": False, "total": 20, "money": 1000}
    ]
    assert data["house"] == 4800
    out = cli.run("session", str(EXAMPLES / "friday.toml"))
    assert "Cumulative totals (pt)" in out and "● Eve   ■ Ana" in out and "Who pays whom" in out
    out = cli.run("session", str(EXAMPLES / "friday.toml"), "--ledger", "first", "--no-chart")
    assert "everyone with first place" in out and "Cumulative" not in out


def test_session_options_on_the_cli(cli) -> None:
    data = cli.json("session", str(EXAMPLES / "friday.toml"), "--rate", "100")
    money = {p["name"]: p["money"] for p in data["players"]}
    # Ana: 6900 - 400, 4300 - 400, -5300 - 400; Eve: 2000 as a spectator, 6900 - 400
    assert money["Ana"] == 4700 and money["Eve"] == 8500
    assert sum(money.values()) == -4800
    err = cli.run("session", str(EXAMPLES / "friday.csv"), "--rules", "tenhou", code=2)
    assert "game 1: chips: give the value of a chip" in err


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("[[games]]\nplayers = ['A','B','C']\npoints = [30000, 30000, 40000]\n",
         "game 1: 4 names are needed, got 3"),
        ("[[games]]\nplayers = ['A','B','C','D']\npoints = [30000, 30000, 40000]\n",
         "game 1: points: give one final score per player"),
        ("[[games]]\nplayers = ['A','B','C','D']\npoints = [30000, 30000, 40000, 20000]\n"
         "sashi = ['A:E:1000']\n", "game 1: sashi: “E” is not a player"),
        ("[[games]]\nplayers = ['A','B','C','D']\npoints = [30000, 30000, 40000, 20000]\n"
         "sahsi = ['A:B:1000']\n", "game 1: “sahsi” is not a game field"),
        ("[[games]]\nplayers = ['A','B','C','D']\npoints = [30000, 30000, 40000, 20000]\n"
         "[[games]]\nplayers = ['A','B','C','D']\npoints = [30000, 30000, 40000, 20000]\n"
         "chips = {A = 1}\n", "game 2: chips: the counts 1, 0, 0, 0 sum to 1, not 0"),
        ("[[games]]\nplayers = ['A','B','C','D']\npoints = [30000, 30000, 40000, 21000]\n",
         "game 1: points total 121000"),
        ("rules = 'nope'\n[[games]]\n", "unknown rules preset “nope”"),
        ("titel = 'x'\n", "“titel” is not a session field"),
        ("title = 'x'\n", "games: give at least one [[games]] table"),
    ],
)  # fmt: skip
def test_bad_sessions_name_the_game_and_field(cli, tmp_path: Path, text: str, message: str) -> None:
    path = tmp_path / "bad.toml"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(SessionError) as err:
        load_session(path).settle()
    assert message in str(err.value)
    # on the CLI: one line, exit 2, and nothing printed on stdout (nothing half-settled)
    result = cli.runner.invoke(app, ["session", str(path)])
    assert result.exit_code == 2 and result.stdout == ""
    assert message in result.stderr and result.stderr.count("\n") == 1


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("A,B,C,D\n30000,30000,40000,x\n", "column “D” has no whole points (“x”)"),
        (
            "A,B,C,D\n30000,30000,40000,20000\n30000,30000,40000,x\n",
            "game 2: D: “x” is not whole points",
        ),
        (
            "A,B,C,D,notes\n30000,30000,40000,20000,long night\n",
            "column “notes” has no whole points (“long night”): it is not a player's",
        ),
        # a column that is no player's is said before an earlier game's own fault
        (
            "A,B,C,D,notes\n30000,30000,40000,x,\n30000,30000,40000,20000,late\n",
            "column “notes” has no whole points (“late”): it is not a player's",
        ),
        (
            "A,B,C,D,deposits,notes\n30000,30000,40000,20000,-1,\n"
            "30000,30000,40000,20000,0,\n30000,30000,40000,20000,0,late\n",
            "column “notes” has no whole points (“late”)",
        ),
        (
            "A,B,C,D,deposits\n30000,30000,40000,20000,-1\n",
            "game 1: deposits: “-1” must be a count of riichi sticks",
        ),
        (
            "A,B,C,D,deposit\n30000,30000,40000,19000,1\n",
            "unknown column “deposit”: did you mean deposits?",
        ),
        ("A,B,C,D,E\n30000,30000,40000,20000,10000\n", "game 1: 4 names are needed, got 5"),
        ("A,B,C,D,sashi\n30000,30000,40000,20000,A:E:100\n", "game 1: sashi: “E” is not a player"),
        ("A,A,C,D\n30000,30000,40000,20000\n", "the header names every player once"),
        # a known column twice: the first had been dropped in silence (helper-94)
        (
            "A,B,C,D,chips,chips\n42600,31000,16400,10000,A:1;B:-1,C:5;D:-5\n",
            "the header has the column “chips” twice: give each column once",
        ),
        (
            "A,B,C,D,deposits,Deposits\n42600,31000,16400,9000,1,0\n",
            "the header has the column “deposits” twice",
        ),
        (
            "A,B,C,D,seats,ＳＥＡＴＳ\n30000,30000,40000,20000,A;B;C;D,D;C;B;A\n",
            "the header has the column “seats” twice",
        ),
        ("A,B,C,D\n", "one row per game"),
    ],
)
def test_bad_csv_sessions(tmp_path: Path, text: str, message: str) -> None:
    path = tmp_path / "bad.csv"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(SessionError) as err:
        load_session(path).settle()
    assert message in str(err.value) and str(err.value).startswith(str(path))


def test_players_absent_from_a_game_carry_their_total() -> None:
    result = load_session(EXAMPLES / "friday.toml").settle()
    assert result.running()["Dae"][-1] == Fraction(-105)


def test_standing_pair_bets_play_wherever_both_sit(tmp_path: Path) -> None:
    path = tmp_path / "s.toml"
    path.write_text(
        """
[rules]
extends = "mleague"
[rules.side]
sashi = ["Ana:Ben:10000"]

[[games]]
players = ["Ana", "Ben", "Chie", "Dae"]
points = [42600, 31000, 16400, 10000]

[[games]]
players = ["Ben", "Chie", "Dae", "Eve"]
points = [42600, 31000, 16400, 10000]
""",
        encoding="utf-8",
    )
    result = load_session(path).settle()
    # game 1: Ben pays Ana 10; game 2: Ana is not there, so no 差しウマ
    assert result.per_game()["Ana"] == [Fraction(626, 10) + 10, None]
    assert result.per_game()["Ben"] == [1, Fraction(626, 10)]


def test_a_toml_session_saved_with_a_bom(tmp_path: Path) -> None:
    path = tmp_path / "bom.toml"
    text = (EXAMPLES / "friday.toml").read_text(encoding="utf-8")
    path.write_bytes("\ufeff".encode() + text.replace('"club.toml"', '"tenhou"').encode())
    assert len(load_session(path).games) == 3


def test_csv_header_with_a_trailing_comma(tmp_path: Path) -> None:
    path = tmp_path / "t.csv"
    path.write_text("A,B,C,D,\n30000,30000,40000,20000,\n", encoding="utf-8")
    assert load_session(path).settle().totals()["C"] == 10
    path.write_text("A,B,C,D,\n30000,30000,40000,20000,5\n", encoding="utf-8")
    with pytest.raises(SessionError, match="column 5 has values but no name"):
        load_session(path)


def test_csv_seats_column_sets_the_seat_order(tmp_path: Path) -> None:
    path = tmp_path / "t.csv"
    path.write_text("GAME,Seats,A,B,C,D\nfinal,D;C;B;A,30000,30000,30000,30000\n", "utf-8")
    result = load_session(path, load_rules("tenhou").replace(start=30000)).settle()
    # four-way tie broken by seat: D sits first
    assert result.games[0].firsts == ["D"] and result.labels() == ["final"]


# -- issue 7 item 7: deposits, separators, several files in one session ---------------


def test_sessions_record_deposits_in_toml_and_csv(tmp_path: Path) -> None:
    """A stick left on the table: 1000 short; under Tenhou first place takes it (41000:
    +11 + 20 + 20 = +51); under JPML it is lost and the game sums to -1 pt."""
    toml = tmp_path / "night.toml"
    toml.write_text(
        "rules = 'tenhou'\n[[games]]\nplayers = ['A','B','C','D']\n"
        "points = [40000, 30000, 20000, 9000]\ndeposits = 1\n",
        encoding="utf-8",
    )
    result = load_session(toml).settle()
    assert result.per_game()["A"] == [51]
    csv = tmp_path / "night.csv"
    csv.write_text("A,B,C,D,deposits\n40000,30000,30000,19000,1\n", encoding="utf-8")
    result = load_session(csv, load_rules("jpml")).settle()
    assert sum(v[0] for v in result.per_game().values()) == -1
    csv.write_text("A,B,C,D,deposits\n40000,30000,30000,19000,x\n", encoding="utf-8")
    with pytest.raises(SessionError, match="game 1: deposits: “x” must be a count"):
        load_session(csv, load_rules("jpml"))
    toml.write_text(
        "[[games]]\nplayers = ['A','B','C','D']\npoints = [40000, 30000, 20000, 9000]\n",
        encoding="utf-8",
    )
    with pytest.raises(SessionError, match="1000 missing"):
        load_session(toml).settle()


@pytest.mark.parametrize("separator", [";", "\t", ","])
def test_csv_separators_are_sniffed(tmp_path: Path, separator: str) -> None:
    rows = [["game", "A", "B", "C", "D", "sashi"], ["1", "40000", "30000", "20000", "10000",
            "A:B:10000"]]  # fmt: skip
    path = tmp_path / "s.csv"
    path.write_text("\n".join(separator.join(r) for r in rows) + "\n", encoding="utf-8")
    result = load_session(path, load_rules("tenhou")).settle()
    assert result.per_game()["A"] == [Fraction(10 + 20 + 20 + 10)]  # points, oka, uma, 差しウマ


def test_one_session_from_several_files_in_order(cli, tmp_path: Path) -> None:
    """A season of nights: a CSV night, a TOML night and a hand-by-hand game record."""
    csv = tmp_path / "mon.csv"
    csv.write_text("Ana,Ben,Chie,Dae\n42600,31000,16400,10000\n", encoding="utf-8")
    toml = tmp_path / "tue.toml"
    toml.write_text(
        "rules = 'tenhou'\n[[games]]\nplayers = ['Ben','Chie','Dae','Ana']\n"
        "points = [25000, 25000, 25000, 25000]\n",
        encoding="utf-8",
    )
    record = json.loads((EXAMPLES / "game.json").read_text(encoding="utf-8"))
    game = tmp_path / "wed.json"
    game.write_text(json.dumps(record), encoding="utf-8")
    data = cli.json("session", str(csv), str(toml), str(game))
    assert [g["label"] for g in data["games"]] == ["mon 1", "tue 1", "wed A hanchan into West"]
    assert data["rules"]["name"] == "tenhou"  # the CSV night takes the rules the others state
    totals = {p["name"]: p["total"] for p in data["players"]}
    # mon under Tenhou: 12.6 + oka 20 + uma 20; tue, four at 25000 ranked by seat, Ana
    # last: -5 - 20; wed, the game record (see test_games): -27.9
    assert totals["Ana"] == Decimal("52.6") - 25 + Decimal("-27.9")
    other = tmp_path / "thu.toml"
    other.write_text(toml.read_text(encoding="utf-8").replace("tenhou", "mleague"), "utf-8")
    err = cli.run("session", str(toml), str(other), code=2)
    assert "thu.toml: its rules (M.League) differ from" in err and "--rules" in err
    assert cli.json("session", str(toml), str(other), "-r", "rmu-m")["rules"]["name"] == "rmu-m"


def test_a_four_player_record_under_three_player_rules_is_an_error() -> None:
    """A session settles its records under its own rules: a record for four under
    tenhou-sanma names the mismatch (it used to fail deep in the payments)."""
    record = load_record(EXAMPLES / "game.json")
    game = SessionGame(record.names, (), record=record)
    session = Session(find_preset("tenhou-sanma"), (game,))
    with pytest.raises(SessionError, match="3 names are needed, got 4"):
        session.settle()
    assert _replace(session, rules=record.rules).settle().games[0].settlement is not None


@pytest.mark.parametrize("name", ["missing.toml", "missing.json", "missing.csv"])
def test_a_missing_session_file_is_a_session_error(tmp_path: Path, name: str) -> None:
    with pytest.raises(SessionError, match="cannot read session file"):
        load_session(tmp_path / name)


@pytest.mark.parametrize(
    "name",
    ["=1+1", "+Ana", "-Ben", "@Chie", "'=x", "''a", "'a", "'", "Ana", "1200", "-1200x"],
)
def test_csv_formulas_are_neutralised_and_read_back(name: str) -> None:
    """A text cell a spreadsheet would run (OWASP: = + - @ tab CR first) is written
    with a leading ', and read back as it was; whole numbers stay numbers."""
    written = formula_safe(name)
    assert unformula(written) == name
    assert written[:1] not in FORMULA_MARKS or written.lstrip("+-").isdigit()
    text = f"{written},Ben,Chie,Dae\n40000,30000,20000,10000\n"
    (game,) = games_from_csv(text)
    assert game.names[0] == name


@pytest.mark.parametrize(
    "text",
    ['"A;B",C,D,E\n40000,30000,20000,10000\n', '"A;B";"C";"D";"E"\n40000;30000;20000;10000\n',
     '"A;B"\tC\tD\tE\n40000\t30000\t20000\t10000\n'],
)  # fmt: skip
def test_a_quoted_separator_in_the_header_is_a_names_letter(text: str) -> None:
    """The separator is found outside quotes: ``"A;B",C`` was taken for a ``;``-separated
    file and refused as one column “A;B,C,D,E”."""
    (game,) = games_from_csv(text)
    assert game.names == ("A;B", "C", "D", "E")


def test_csv_numbers_are_not_marked() -> None:
    assert formula_safe("-1200") == "-1200" and formula_safe("+30000") == "+30000"
    assert formula_safe("+63.6") == "+63.6" and formula_safe("-0.05") == "-0.05"
    assert formula_safe("-1.5.2") == "'-1.5.2" and formula_safe("+.5") == "'+.5"


def test_csv_output_writes_a_formula_as_text(cli: Any) -> None:
    """``--format csv`` is read by spreadsheets: a player named ``=HYPERLINK(…)`` was
    written as it is, and the spreadsheet ran it; scores (``+60``, ``-20``) stay numbers."""
    result = cli.runner.invoke(app, ["settle", "40000", "30000", "20000", "10000", "-r",
                                     "mleague", "--names", "=1+1,@SUM(A1),-Ana,Dae",
                                     "--format", "csv"])  # fmt: skip
    assert result.exit_code == 0, result.output
    rows = list(csv.reader(io.StringIO(result.output)))
    assert [row[1] for row in rows[1:]] == ["'=1+1", "'@SUM(A1)", "'-Ana", "Dae"]
    assert [row[4] for row in rows[1:]] == ["60", "10", "-20", "-50"]


def test_csv_soto_pool_column_is_the_games_pool() -> None:
    text = ("game,seats,soto_pool,pool,Ana,Ben,Chie,Dae\n"
            "1,Ana;Ben;Chie;Dae,5000,Eve:Ana;Fay:Dae,42600,31000,16400,10000\n")  # fmt: skip
    (game,) = games_from_csv(text)
    result = settle_one(game, find_preset("mleague"))
    assert result.totals()["Eve"] == 5 and result.totals()["Fay"] == -5


def test_csv_an_empty_winners_cell_is_nobody_won() -> None:
    """焼き鳥 1000 and nobody won a hand: 000's 全員焼き鳥, nothing changes hands."""
    text = (
        "game,winners,Ana,Ben,Chie,Dae\n1,,42600,31000,16400,10000\n2,Ana,42600,31000,16400,10000\n"
    )
    rules = Rules.from_dict({"side": {"yakitori": 1000}}, find_preset("mleague"))
    first, second = (settle_one(g, rules).totals() for g in games_from_csv(text))
    assert first["Ana"] == Fraction(313, 5) and second["Ana"] == Fraction(328, 5)


# -- issue 16: CSV as Excel in Japan saves it -----------------------------------------


SJIS_CSV = "game,seats,アナ,ベン,髙橋,ﾀﾞｴ\n1,アナ;ベン;髙橋;ﾀﾞｴ,42600,31000,16400,10000\n"


@pytest.mark.parametrize(
    ("data", "encoding"),
    [
        (SJIS_CSV.encode("cp932"), "cp932"),
        (SJIS_CSV.encode("utf-8"), None),
        (b"\xef\xbb\xbf" + SJIS_CSV.encode("utf-8"), None),
    ],
    ids=["shift-jis", "utf-8", "utf-8-bom"],
)
def test_a_csv_reads_as_utf8_or_shift_jis_and_says_which(
    tmp_path: Path, data: bytes, encoding: str | None
) -> None:
    path = tmp_path / "night.csv"
    path.write_bytes(data)
    session = load_session(path, find_preset("mleague"))
    assert session.games[0].names == ("アナ", "ベン", "髙橋", "ﾀﾞｴ")
    assert session.read_as == (((str(path), encoding),) if encoding else ())
    totals = session.settle().totals()
    assert totals["アナ"] == Fraction("62.6") and totals["ﾀﾞｴ"] == -50


def test_bytes_that_are_no_text_are_refused_by_name(tmp_path: Path) -> None:
    path = tmp_path / "photo.csv"
    path.write_bytes(b"\xff\xd8\xff\xe0\x00\x10JFIF\x00")
    with pytest.raises(SessionError, match=r"photo\.csv: neither UTF-8 nor Shift_JIS text"):
        load_session(path, find_preset("mleague"))


def test_the_cli_says_it_read_shift_jis(cli, tmp_path: Path) -> None:
    path = tmp_path / "night.csv"
    path.write_bytes(SJIS_CSV.encode("cp932"))
    result = cli.runner.invoke(app, ["session", str(path), "-r", "mleague",
                                                 "--no-chart", "--lang", "ja"])  # fmt: skip
    assert result.exit_code == 0
    assert f"seisan: {path} はUTF-8ではありません。Shift_JIS（cp932）として読みました" in (
        result.stderr
    )
    assert "髙橋" in result.stdout


def _games_csv(path: Path, count: int) -> Path:
    """``count`` games of four players, game n's points a function of n (first place
    moving round the table, so the running totals differ game by game)."""
    lines = ["game,Ana,Ben,Chie,Dae"]
    for n in range(1, count + 1):
        points = [40000 + 100 * n, 30000, 20000, 10000 - 100 * n]
        turned = points[n % 4 :] + points[: n % 4]
        lines.append(f"{n}," + ",".join(map(str, turned)))
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return path


def _game_rows(output: str) -> list[str]:
    """The game numbers that open a row of the tables of games and running totals (a
    game and four players' cells; the standings have four cells a row)."""
    cells = [line.split("│")[1:-1] for line in output.splitlines() if line.startswith("│")]
    return [row[0].strip() for row in cells if len(row) == 5]


@pytest.mark.parametrize(("count", "shown"), [(50, 50), (51, 20), (300, 20)])
def test_a_long_session_shows_its_last_games_and_all_of_them_on_request(
    cli, tmp_path: Path, count: int, shown: int
) -> None:
    """Issue 20: 10,000 rows drawn twice took 27 s, and no one reads them; the
    standings, chart and ledger still cover every game."""
    games = _games_csv(tmp_path / "long.csv", count)
    output = cli.run("session", str(games), "-r", "tenhou")
    rows = _game_rows(output)
    first = count - shown + 1
    assert rows == [str(n) for n in range(first, count + 1)] * 2  # games, then running
    hidden = f"The {count - shown} games before these are not shown (--all shows every game)."
    assert (hidden in output) is (shown < count)
    assert "--all" not in output or shown < count
    every = cli.run("session", str(games), "-r", "tenhou", "--all")
    assert _game_rows(every) == [str(n) for n in range(1, count + 1)] * 2
    assert "not shown" not in every
    # the standings count every game, shown or not
    result = load_session(games, find_preset("tenhou")).settle()
    for name in ("Ana", "Ben", "Chie", "Dae"):
        assert re.search(rf"│ {name} +│ +{result.played(name)} │", output), name


def test_the_games_not_shown_are_said_in_the_readers_language(cli, tmp_path: Path) -> None:
    games = _games_csv(tmp_path / "long.csv", 60)
    ja = cli.run("session", str(games), "-r", "tenhou", "--lang", "ja")
    assert "これより前の40半荘は表示していません（全半荘は --all で表示）。" in ja
    ko = cli.run("session", str(games), "-r", "tenhou", "--lang", "ko")
    assert "이보다 앞의 반장 40개는 표시하지 않았습니다(모든 반장은 --all로 표시)." in ko


@pytest.mark.parametrize("command", ["session", "stats"])
def test_a_command_runs_with_the_collector_tuned_and_puts_it_back(
    cli, tmp_path: Path, command: str
) -> None:
    """Issue 20: a season's objects (a folder of logs') live to the end of the command,
    so the collector's young generation is scanned less often while it runs, and
    ``seisan session`` does not scan the survivors again; Python's settings come back,
    and nothing stays frozen that was not before (mutmut's workers run the tests with
    objects frozen: a bare ``get_freeze_count() == 0`` had failed every mutant whose
    other tests passed, and each was recorded killed, helper-92)."""
    import gc  # noqa: PLC0415

    from seisan.cli import COLLECTOR_THRESHOLDS, SEASON_THRESHOLDS  # noqa: PLC0415

    seen: list[tuple[int, int, int]] = []

    def note(phase: str, info: dict[str, int]) -> None:
        if phase == "start":
            seen.append(gc.get_threshold())

    before, frozen = gc.get_threshold(), gc.get_freeze_count()
    if command == "session":  # (collections happen within)
        args = ["session", str(_games_csv(tmp_path / "long.csv", 2000)), "-r", "tenhou"]
    else:
        args = ["stats", str(Path(__file__).parent / "data" / "tenhou")]
    gc.callbacks.append(note)
    try:
        # (the folder holds a lobby's log that needs its rules: named, and exit 2)
        cli.run(*args, "-f", "json", code=0 if command == "session" else 2)
    finally:
        gc.callbacks.remove(note)
    # collections within the command (Click's own before)
    assert (SEASON_THRESHOLDS if command == "session" else COLLECTOR_THRESHOLDS) in seen
    assert gc.get_threshold() == before
    assert (gc.get_freeze_count() == 0) == (frozen == 0)  # (frozen objects may die)


def _generations_scanned(kept: int) -> list[int]:
    """The generations the collector scans while ``kept`` objects are made and kept."""
    import gc  # noqa: PLC0415

    scanned: list[int] = []

    def note(phase: str, info: dict[str, int]) -> None:
        if phase == "start":
            scanned.append(info["generation"])

    gc.callbacks.append(note)
    try:
        made = [[] for _ in range(kept)]
    finally:
        gc.callbacks.remove(note)
    assert len(made) == kept
    return scanned


def test_a_seasons_games_are_not_scanned_again_once_they_outlive_a_young_collection() -> None:
    """Issue 20: a season's games live to the end of ``seisan session``; scanning the
    survivors of young collections again cost a 10,000-game session 0.13 s of its
    1.6 s, for nothing. A million objects kept (a hundred young collections): while a
    season is settled only the young generation is scanned; in any other command the
    middle one still has its turn (a long import that made cycles would hold them)."""
    from seisan.cli import _collector_for_long_runs, _season_collector  # noqa: PLC0415

    with _collector_for_long_runs():
        with _season_collector():
            scanned = _generations_scanned(1_000_000)
        assert scanned.count(0) >= 50 and set(scanned) == {0}
        assert 1 in _generations_scanned(1_000_000)


def test_serving_runs_with_pythons_collector_and_a_callers_freeze_is_left_alone() -> None:
    """``seisan serve`` makes garbage on every request: it gets Python's settings back;
    objects a caller froze before a command stay frozen after it (and nothing else:
    checked against what was frozen before, as mutmut's workers run the tests with
    objects frozen, helper-92)."""
    import gc  # noqa: PLC0415

    from seisan.cli import COLLECTOR_THRESHOLDS, _collector_for_long_runs, ordinary_collector  # noqa: PLC0415

    before, frozen = gc.get_threshold(), gc.get_freeze_count()
    with _collector_for_long_runs():
        assert gc.get_threshold() == COLLECTOR_THRESHOLDS and gc.get_freeze_count() > 0
        ordinary_collector()
        assert gc.get_threshold() == before
        assert (gc.get_freeze_count() == 0) == (frozen == 0)  # (frozen objects may die)
    assert gc.get_threshold() == before
    gc.freeze()
    try:
        with _collector_for_long_runs():
            ordinary_collector()
        assert gc.get_freeze_count() > 0  # (frozen objects may die; an unfreeze empties it)
    finally:
        gc.unfreeze()


@pytest.mark.parametrize(("count", "width", "expected"), [
    (5, 40, [0, 1, 2, 3, 4]),  # fits: every game
    (160, 40, list(range(160))),  # exactly four a column
    (161, 40, None),  # one more: sampled
    (10_001, 100, None),
])  # fmt: skip
def test_a_long_sessions_chart_draws_at_most_four_games_a_column(
    count: int, width: int, expected: list[int] | None
) -> None:
    from seisan.charts import sampled  # noqa: PLC0415

    drawn = sampled(count, width)
    if expected is not None:
        assert drawn == expected
        return
    assert drawn[0] == 0 and drawn[-1] == count - 1 and drawn == sorted(set(drawn))
    assert len(drawn) == 4 * width
    gaps = {b - a for a, b in itertools.pairwise(drawn)}
    assert max(gaps) - min(gaps) <= 1  # evenly spaced


def test_a_session_of_games_under_other_rules_keeps_each_games_fees() -> None:
    """The web app settles each game of a night under the rules it was entered with, and
    the night's session takes the last game's: an earlier game's fee is still paid
    (found by the review of issue 20's integer sums, where a shortcut read only the
    session's rules)."""
    from seisan.rules import Stakes  # noqa: PLC0415
    from seisan.session import SessionResult  # noqa: PLC0415

    with_fee = _replace(Rules(), stakes=Stakes(rate=Fraction(100), fee=Fraction(500)))
    no_fee = _replace(Rules(), stakes=Stakes(rate=Fraction(100)))
    game = SessionGame(("A", "B", "C", "D"), (50000, 40000, 20000, 10000))
    games = (settle_one(game, with_fee), settle_one(game, no_fee))
    result = SessionResult(Session(no_fee, (game, game)), games)
    assert result.fees() == dict.fromkeys("ABCD", 500)
    assert result.money() == {"A": 3500, "B": 1500, "C": -2500, "D": -4500}
    assert result.house() == 2000


def _night(*games: Any) -> Any:
    from seisan.session import Session, SessionGame, SessionResult  # noqa: PLC0415

    rules = games[-1].rules
    return SessionResult(Session(rules, tuple(SessionGame(tuple(g.names), ()) for g in games)),
                         games)  # fmt: skip


def test_the_nights_ledger_lists_pairs_in_the_order_they_first_paid() -> None:
    """Everyone settles each game with its first place, netted per pair (Tenhou's rules,
    uma 20-10, oka 20). Game 1: Ana +60, Ben exactly 0 (second on 20,000: −10 + 10),
    Chie −21, Dae −39; game 2: Ana +50, Ben −31, Chie +1, Dae −20. Ben, on 0, paid
    nothing in game 1, so his line comes after Chie's and Dae's: Chie 21 − 1 = 20,
    Dae 39 + 20 = 59, Ben 31, each to Ana."""
    from seisan.ledger import settle_game  # noqa: PLC0415

    rules, names = find_preset("tenhou"), ["Ana", "Ben", "Chie", "Dae"]
    first = settle_game([50000, 20000, 19000, 11000], rules, names)
    second = settle_game([40000, 19000, 21000, 20000], rules, names)
    assert first.totals()["Ben"] == 0
    ledger = _night(first, second).jansou()
    assert [(t.payer, t.payee, t.amount) for t in ledger] == [
        ("Chie", "Ana", 20), ("Dae", "Ana", 59), ("Ben", "Ana", 31)]  # fmt: skip


def test_riichi_sticks_lost_go_to_the_house_through_first_place_in_the_nights_ledger() -> None:
    """Sticks left at the end are lost (deposits = "lost"): 2 sticks a game, the house's.
    Ana (+50) passes them on as first place: 2 pt a game, 4 over two games, beside Ben's
    10 a game from Ana, Chie's 20 and Dae's 42 to her."""
    from seisan.ledger import settle_game  # noqa: PLC0415
    from seisan.rules import Deposits  # noqa: PLC0415

    rules = _replace(find_preset("tenhou"), deposits=Deposits.LOST)
    game = settle_game([40000, 30000, 20000, 8000], rules, ["Ana", "Ben", "Chie", "Dae"],
                       deposits=2)  # fmt: skip
    assert game.lost() == 2
    ledger = _night(game, game).jansou()
    assert [(t.payer, t.payee, t.amount) for t in ledger] == [
        ("Ana", "Ben", 20), ("Chie", "Ana", 40), ("Dae", "Ana", 84), ("Ana", "house", 4),
    ]  # fmt: skip


def test_two_session_penalties_of_one_player_both_go_to_the_house_in_the_ledger() -> None:
    """Found by the review: a night's own penalties on one player, 10 and 5 pt (M.League,
    one game 40000/30000/20000/10000: A +60), are 15 pt to the house in the ledger, as
    in the totals (A 45) and in money; only the last had been counted (5)."""
    from seisan.session import Session, SessionGame  # noqa: PLC0415

    game = SessionGame(("A", "B", "C", "D"), (40000, 30000, 20000, 10000))
    result = Session(find_preset("mleague"), (game,), penalties=("A:10", "A:5")).settle()
    assert result.totals()["A"] == 45 and result.lost() == 15
    assert [(t.payer, t.payee, t.amount) for t in result.jansou()] == [
        ("A", "B", 10), ("C", "A", 20), ("D", "A", 50), ("A", "house", 15),
    ]  # fmt: skip


_PLAIN = {"players": ["Ana", "Ben", "Chie", "Dae"], "points": [42600, 31000, 16400, 10000]}
_THIRTY = {**_PLAIN, "points": [52600, 41000, 16400, 10000]}  # (rules that start at 30,000)


@pytest.mark.parametrize(
    ("rules", "game", "as_text"),
    [
        ("tenhou", _PLAIN, True),
        ('extends = "tenhou"\n[side]\nchip_value = 2',
         {**_PLAIN, "sashi": ["Ana:Ben:10000"], "chips": {"Ana": 3, "Ben": -3}}, True),
        ('extends = "mleague"\npoints_unit = 1', {**_PLAIN, "points": [42650, 31000, 16350, 10000]},
         True),  # scores in thousandths of a pt
        ('extends = "tenhou"\n[money]\nrate = 50\nfee = 500', _PLAIN, True),  # money after fees
        ("tenhou", {**_PLAIN, "points": [42600, 31000, 16400, 9000], "deposits": 1},
         True),  # first place takes them: in its points
        ('extends = "tenhou"\ndeposits = "lost"', {**_PLAIN, "points": [42600, 31000, 16400, 9000],
                                                   "deposits": 1}, False),
        ("jpml", _THIRTY, False),  # the uma by how many are afloat
        ("tenhou", {**_PLAIN, "penalties": ["Dae:20:chombo"]}, False),
        ("ema", {**_THIRTY, "substitute": "Dae:Eve"}, False),
        ("tenhou", {**_PLAIN, "soto": {"Eve": "Chie"}}, False),
        ("tenhou", {**_PLAIN, "players": ['"Ana\\', "ベン", "Chie", "Dae"]}, True),
    ],
)  # fmt: skip
def test_a_long_sessions_game_written_as_text_is_its_json(
    tmp_path: Path, rules: str, game: dict[str, Any], as_text: bool
) -> None:
    """Issue 20: a long session's common games are written as JSON text directly
    (:meth:`GameResult.json_row`), the rest as dictionaries; either way the text is that
    of the session's dictionary, byte for byte. Each case beside a game of the plain
    kind, labelled with text JSON must escape."""
    from seisan.output import dumps_json, write_json  # noqa: PLC0415
    from seisan.pt import JSONText  # noqa: PLC0415
    from seisan.session import game_from_dict  # noqa: PLC0415

    if "=" in rules:  # a house rule: its file
        (tmp_path / "house.toml").write_text(rules, encoding="utf-8")
        rules = str(tmp_path / "house.toml")
    given = load_rules(rules)
    other = _THIRTY if given.start == 30000 else _PLAIN
    games = (_replace(game_from_dict(game), label='第1 "局"'), game_from_dict(other, 2))
    result = Session(given, games).settle()
    rows = result.to_dict(text_rows=True)["games"]
    assert isinstance(rows[0], JSONText) is as_text
    assert isinstance(rows[1], JSONText) is (rules != "jpml")
    stream = io.StringIO()
    write_json(result.to_dict(text_rows=True), stream)
    assert stream.getvalue() == dumps_json(result.to_dict(), None)
    assert json.loads(stream.getvalue())["games"][0]["label"] == '第1 "局"'


# -- one person, one name across a session (the second CLI audit, 2026-12-05) ------------

POINTS = (42600, 31000, 16400, 10000)


def test_a_name_in_other_letters_later_in_a_session_is_the_same_person() -> None:
    """One game refuses “Ana” beside “ana”; across games they were two people in the
    totals. Each is now the name the session first wrote, for players and spectators."""
    rules = load_rules("tenhou")
    games = (
        SessionGame(("Ana", "Ben", "Chie", "Dae"), POINTS),
        SessionGame(("ben", "CHIE", "dae", "ana"), POINTS, {"soto": {"Eve": "ana"}}),
        SessionGame(("Ana", "Ben", "Chie", "Dae"), POINTS, {"soto": {"eve": "Ben"}}),
    )
    result = Session(rules, games).settle()
    assert result.people() == ["Ana", "Ben", "Chie", "Dae", "Eve"]
    assert [list(g.settlement.names) for g in result.games][1] == ["Ben", "Chie", "Dae", "Ana"]
    # Tenhou: 42600 first +52.6, 31000 +11.0, 16400 −23.6, 10000 −40.0; Eve backs the
    # last (Ana, −40) in game 2 and the second (Ben, +11) in game 3, each against first
    # place (Ben, then Ana, who pays Eve the 11)
    totals = result.totals()
    assert totals["Ana"] == Fraction("52.6") - 40 + Fraction("52.6") - 11
    assert totals["Eve"] == Fraction(-40) + Fraction(11)
    assert sum(totals.values()) == 0


def test_a_name_written_in_decomposed_letters_keeps_its_bets() -> None:
    """A name from a Mac (“José” with e and a combining accent) is found by the game's
    bets, penalties and spectators as written: the session does not rewrite it to
    another Unicode form (a review found every bet on it lost or refused when it did)."""
    decomposed = "Jose\u0301"
    rules = load_rules("tenhou")
    bets = {"sashi": [f"{decomposed}:Ben:10000"], "soto": {"Eve": decomposed}}
    game = SessionGame((decomposed, "Ben", "Chie", "Dae"), POINTS, bets,
                       penalties=(f"{decomposed}:5:late",))  # fmt: skip
    result = Session(rules, (game,)).settle()
    assert result.people() == [decomposed, "Ben", "Chie", "Dae", "Eve"]
    # +52.6, +10 from Ben's 差しウマ (first against second), −5 penalty, then Eve
    # mirrors José against first place: José is first, so nothing moves
    assert result.totals()[decomposed] == Fraction("52.6") + 10 - 5


def test_one_spectator_twice_in_other_letters_is_still_refused() -> None:
    rules = load_rules("tenhou")
    game = SessionGame(("Ana", "Ben", "Chie", "Dae"), POINTS,
                       {"pool": {"Eve": "Ana", "eve": "Dae"}})  # fmt: skip
    with pytest.raises(SessionError, match="already a player or a spectator"):
        Session(rules, (game,)).settle()


@pytest.mark.parametrize(
    "line",
    ['title = "第3回　定例会"', "label = 2026-12-05", "label = 1.5", 'label = "春　1"'],
)
def test_titles_and_labels_of_any_script_and_toml_type_are_read(tmp_path: Path, line: str) -> None:
    """The ideographic space (U+3000) is text, not a control character; a label TOML
    reads as a date or a number is the label as written."""
    where = "session" if line.startswith("title") else "game"
    top, game = (line, "") if where == "session" else ("", line)
    path = tmp_path / "night.toml"
    path.write_text(
        f'rules = "tenhou"\n{top}\n[[games]]\nplayers = ["A", "B", "C", "D"]\n'
        f"points = [42600, 31000, 16400, 10000]\n{game}\n"
        'penalties = ["B:5:遅刻　10分"]\n',
        encoding="utf-8",
    )
    result = load_session(path).settle()
    assert result.totals()["B"] == 11 - 5
    label = line.split(" = ", 1)[1].strip('"')
    assert where == "session" or result.labels() == [label]


def test_a_full_name_with_the_ideographic_space_plays_and_bets(tmp_path: Path) -> None:
    """「山田　太郎」 as a Japanese keyboard types it (U+3000 between family and given
    name): ``str.isprintable`` called it unprintable, so the player and the spectator
    were refused."""
    path = tmp_path / "night.toml"
    path.write_text(
        'rules = "mleague"\n[[games]]\nplayers = ["山田　太郎", "B", "C", "D"]\n'
        'points = [42600, 31000, 16400, 10000]\nsoto = {"佐藤　花子" = "山田　太郎"}\n',
        encoding="utf-8",
    )
    totals = load_session(path).settle().totals()
    assert totals["山田　太郎"] == totals["佐藤　花子"] == Fraction(626, 10)


@pytest.mark.parametrize(
    "name",
    ["A\u2028B", "A\u2029B", "A\ud800B", "A\x1bB", "Ana\u200b", "\u200b", "A\u202eB",
     "\ufeffAna", "\u2067Eve\u2069"],
    ids=["line-separator", "paragraph-separator", "surrogate", "escape", "zero-width-space",
         "only-zero-width", "right-to-left-override", "byte-order-mark", "isolate"],
)  # fmt: skip
def test_a_name_with_a_line_separator_or_a_lone_surrogate_is_refused(name: str) -> None:
    """Not text a line or a file can hold: the player's seat and the spectator named."""
    names = [name, "B", "C", "D"]
    with pytest.raises(PointsError, match=r"seat 0: name .* must be non-empty printable text"):
        settle([40000, 30000, 20000, 10000], find_preset("mleague"), names)
    with pytest.raises(BetError, match=r"spectator name .* must be non-empty printable text"):
        settle_game([40000, 30000, 20000, 10000], find_preset("mleague"), ["A", "B", "C", "D"],
                    Bets(spectators=(Spectator(name, 1),)))  # fmt: skip


@pytest.mark.parametrize(
    "name",
    ["👨\u200d👩\u200d👧", "\u05d3\u05e0\u05d4\u200f", "\u0644\u064a\u0644\u0649\u061c",
     "\u1828\u180e\u1820", "🏴\U000e0067\U000e0062\U000e0065\U000e006e\U000e0067\U000e007f"],
    ids=["emoji-family", "hebrew-rlm", "arabic-letter-mark", "mongolian", "flag-of-england"],
)  # fmt: skip
def test_a_name_with_a_joiner_or_a_direction_mark_is_a_name(name: str) -> None:
    """Format characters a name is written with are text: the zero-width joiner of an
    emoji family, a Hebrew or Arabic name's direction mark, Mongolian's vowel separator,
    a flag's tags (the others, such as a zero-width space, are not)."""
    names = [name, "B", "C", "D"]
    assert settle([40000, 30000, 20000, 10000], find_preset("mleague"), names).names[0] == name


@pytest.mark.parametrize(
    ("first", "then", "bet"),
    [
        (["山田　太郎", "B", "C", "D"], ["山田 太郎", "B", "C", "D"], "山田  太郎:B:10000"),
        (["José", "Ｂｅｎ", "ｱﾅ", "D"], ["Jose\u0301", "Ben", "アナ", "D"], "José:ben:10000"),
    ],
    ids=["spaces", "unicode-forms"],
)  # fmt: skip
def test_a_name_written_otherwise_in_a_later_game_is_one_player(
    tmp_path: Path, first: list[str], then: list[str], bet: str
) -> None:
    """「山田　太郎」 (the ideographic space) and 「山田 太郎」; “José” with a combining
    accent (as macOS writes it) and composed, full-width “Ｂｅｎ” and “Ben”, half-width
    ｱﾅ and アナ (Unicode's compatibility form, NFKC, as it matches names): one player
    each across a session, named as first written, a bet found under either form; two
    forms at one table are one name twice."""
    path = tmp_path / "night.toml"
    path.write_text(
        'rules = "mleague"\n'
        f"[[games]]\nplayers = {json.dumps(first, ensure_ascii=False)}\n"
        "points = [42600, 31000, 16400, 10000]\n"
        f"[[games]]\nplayers = {json.dumps(then, ensure_ascii=False)}\n"
        f'points = [42600, 31000, 16400, 10000]\nsashi = ["{bet}"]\n',
        encoding="utf-8",
    )
    result = load_session(path).settle()
    assert result.people() == first
    assert result.totals()[first[0]] == Fraction(626, 10) * 2 + 10
    assert result.totals()[first[1]] == 11 * 2 - 10
    for one, other in zip(first, then, strict=True):
        if one != other:
            with pytest.raises(PointsError, match="names must differ"):
                settle([40000, 30000, 20000, 10000], find_preset("mleague"), [one, other, "X", "Y"])


def test_spellings_keep_each_persons_first_spelling() -> None:
    """The one helper every list of people goes through (a session, a season's
    spectators, a night's payments, a seating's history): the names given first win,
    then the first written; ``known`` asks without keeping."""
    from seisan.i18n import Spellings  # noqa: PLC0415

    spelled = Spellings(["Ana", "ａｎａ", "山田 太郎"])
    assert spelled("ANA") == "Ana" and spelled("山田　太郎") == "山田 太郎"
    assert spelled.known("ｚｅｄ") == "ｚｅｄ" and "zed" not in spelled
    assert spelled("ｚｅｄ") == "ｚｅｄ" and spelled("Zed") == "ｚｅｄ"
    assert spelled.known("ZED") == "ｚｅｄ"
    assert dict(spelled) == {"ana": "Ana", "山田 太郎": "山田 太郎", "zed": "ｚｅｄ"}


@pytest.mark.parametrize(
    "soto", ['["山田　太郎:Ana", "eve:Ben"]', '{"山田　太郎" = "Ana", eve = "Ben"}']
)
def test_a_spectator_written_otherwise_in_a_later_game_is_one_person(
    tmp_path: Path, soto: str
) -> None:
    """A spectator given as a list (``soto = ["Eve:Ana"]``, and every CSV's column) was
    not named as first written: 「山田　太郎」 and 「山田 太郎」, “eve” and “Eve”, were two
    people, each with a total and payments of their own."""
    path = tmp_path / "night.toml"
    path.write_text(
        'rules = "mleague"\n'
        '[[games]]\nplayers = ["山田 太郎", "Ana", "Ben", "Chie"]\n'
        'points = [42600, 31000, 16400, 10000]\nsoto = ["Eve:Ana"]\n'
        '[[games]]\nplayers = ["Ana", "Ben", "Chie", "Dae"]\n'
        f"points = [28300, 35500, 26200, 10000]\nsoto = {soto}\n",
        encoding="utf-8",
    )
    result = load_session(path).settle()
    assert result.people() == ["山田 太郎", "Ana", "Ben", "Chie", "Eve", "Dae"]
    by_game = [game.totals() for game in result.games]
    assert result.totals()["山田 太郎"] == by_game[0]["山田 太郎"] + by_game[1]["山田 太郎"]
    assert result.totals()["Eve"] == by_game[0]["Eve"] + by_game[1]["Eve"]
    assert by_game[1]["Eve"] != 0 and by_game[1]["山田 太郎"] != 0


@pytest.mark.parametrize(
    "text", ["第3回\u2028定例会", "a\u202eb"], ids=["line-separator", "override"]
)
def test_a_title_with_a_line_separator_or_a_direction_override_is_refused(
    tmp_path: Path, text: str
) -> None:
    """U+2028 is a line break to a terminal; U+202E turns what follows around."""
    path = tmp_path / "night.toml"
    path.write_text(
        f'rules = "mleague"\ntitle = "{text}"\n[[games]]\nplayers = ["A", "B", "C", "D"]\n'
        "points = [42600, 31000, 16400, 10000]\n",
        encoding="utf-8",
    )
    with pytest.raises(SessionError, match="title"):
        load_session(path).settle()


def test_a_records_players_take_the_sessions_names(tmp_path: Path) -> None:
    record = json.loads((EXAMPLES / "game.json").read_text(encoding="utf-8"))
    first = record["players"]
    record["players"] = [name.upper() for name in first]
    path = tmp_path / "upper.json"
    path.write_text(json.dumps(record), encoding="utf-8")
    rules = load_record(path).rules
    games = (
        SessionGame(tuple(first), POINTS),
        SessionGame((), (), record=load_record(path)),
    )
    result = Session(rules, games).settle()
    assert result.people() == list(first)


def test_a_record_said_stopped_that_its_rules_ended_is_refused_as_seisan_game_refuses_it(
    tmp_path: Path,
) -> None:
    """A session of a record file, under the record's own rules, had settled a stop
    ``seisan game`` and a season's import refuse; under rules given (-r) it is read as
    ``seisan game -r`` reads it."""
    record = json.loads((EXAMPLES / "game.json").read_text(encoding="utf-8"))
    path = tmp_path / "ended.json"
    path.write_text(json.dumps({**record, "end": "time"}), encoding="utf-8")
    with pytest.raises(SessionError) as refused:
        load_session(path)
    assert refused.value.message.text("en") == (
        f"{path}: end = “time”: the game was not stopped, it ended by its rules (sudden "
        "death in W1); leave end out")  # fmt: skip
    assert load_session(path, load_record(path).rules).settle()  # (rules given: read)
    short = tmp_path / "short.json"  # a real stop: its own
    short.write_text(json.dumps({**record, "hands": record["hands"][:3], "end": "time"}),
                     encoding="utf-8")  # fmt: skip
    assert load_session(short).settle()


@pytest.mark.parametrize(
    ("columns", "lang"),
    [("Ana,Ben,Chie,Dae", "en"), ("Ben,Ana,Dae,Chie", "en"), ("Dae,Chie,Ben,Ana", "ko")],
)
def test_equal_totals_share_their_place_in_the_standings(
    cli, tmp_path: Path, columns: str, lang: str
) -> None:
    """helper-87's review: Ana and Ben both +20 were placed 1 and 2 by who sat first in
    the file's columns (and Chie and Dae 3 and 4); equal totals share the best place of
    the two, however the night was written down."""
    night = {"Ana": (50000, 30000), "Ben": (30000, 50000), "Chie": (20000, 20000),
             "Dae": (20000, 20000)}  # fmt: skip
    names = columns.split(",")
    rows = [f"{game + 1}," + ",".join(str(night[n][game]) for n in names) for game in (0, 1)]
    path = tmp_path / "night.csv"
    path.write_text(f"game,{columns}\n" + "\n".join(rows) + "\n", encoding="utf-8")
    result = cli.runner.invoke(app, ["session", str(path), "-r", "sun-uma", "--lang", lang])
    assert result.exit_code == 0, result.output
    standings = result.stdout.split("└")[0]  # the first table
    placed = {name: int(place) for place, name in re.findall(r"│\s+(\d)\s+│\s+(\w+)", standings)}
    assert placed == {"Ana": 1, "Ben": 1, "Chie": 3, "Dae": 3}
    assert load_session(path, load_rules("sun-uma")).settle().places() == {
        "Ana": 1, "Ben": 1, "Chie": 3, "Dae": 3}  # fmt: skip


@pytest.mark.parametrize(
    ("cell", "points"),
    [('"40,000"', 40000), ("▲1000", -1000), ("５１０００", 51000), ("△２，０００点", -2000),
     ("+41000", 41000), ('"4 1000"', None), ('"40,00,0"', None), ("40000.0", None)],
)  # fmt: skip
def test_a_csv_cell_is_read_as_settle_reads_points(cell: str, points: int | None) -> None:
    """helper-87's review: “40,000” (a spreadsheet's formatted cell), ▲1000 and
    full-width digits were “not whole points” in a session's CSV, and a column of one
    such cell “not a player's”, where ``seisan settle`` reads them (plain_number); a
    separator out of its place is still refused, never read as another number."""
    rest = 100000 - 30000 - 20000 - (points if points is not None else 40000)
    text = f"game,Ana,Ben,Chie,Dae\n1,{cell},30000,20000,{rest}\n"
    if points is None:
        with pytest.raises(SessionError, match="Ana"):
            games_from_csv(text)
        return
    (game,) = games_from_csv(text)
    assert dict(zip(game.names, game.points, strict=True)) == {
        "Ana": points, "Ben": 30000, "Chie": 20000, "Dae": rest}  # fmt: skip


@pytest.mark.parametrize(
    ("cell", "message"),
    [("40.000", "game 1: Ana: “40.000” is not whole points"),
     ('"40,00,0"', "game 1: Ana: “40,00,0” is not whole points"),
     ("40000.5", "game 1: Ana: “40000.5” is not whole points"),
     ("４００００．０", "game 1: Ana: “４００００．０” is not whole points"),
     ("2026-12-04", "column “Ana” has no whole points (“2026-12-04”): it is not a player's"),
     ("late", "column “Ana” has no whole points (“late”): it is not a player's")],
)  # fmt: skip
def test_a_one_game_files_number_not_in_points_is_said_as_a_players(
    cell: str, message: str
) -> None:
    """A file of one game whose cell is a number written otherwise (a European
    spreadsheet's “40.000”) is a player's with a slip, not a column that is no player's
    (helper-87's review); a date or a word is still a note's column."""
    with pytest.raises(SessionError) as err:
        games_from_csv(f"Ana,Ben,Chie,Dae\n{cell},30000,20000,10000\n")
    assert str(err.value).startswith(message)


def test_a_csv_known_columns_cells_are_read_without_spaces_or_formula_guard() -> None:
    """A known column's cell is read as a player's is: spaces around it dropped (a
    hand-aligned file) and the ``'`` that keeps a spreadsheet from running “=x” as a
    formula taken off (as ``seisan session`` writes such a label)."""
    (game,) = games_from_csv("game,deposits,Ana,Ben,Chie,Dae\n'=x, 1 ,40000,30000,20000,9000\n")
    assert (game.label, game.deposits, game.points) == ("=x", 1, (40000, 30000, 20000, 9000))


@pytest.mark.parametrize(
    ("text", "message"),
    [
        # a note's column: dates with dots, times, words with a number among them
        ("Ana,Ben,Chie,Dae,Date\n30000,30000,20000,20000,04.12.2026\n",
         "column “Date” has no whole points (“04.12.2026”): it is not a player's"),
        ("Ana,Ben,Chie,Dae,Date\n30000,30000,20000,20000,2026.12.04\n",
         "column “Date” has no whole points (“2026.12.04”): it is not a player's"),
        ("Ana,Ben,Chie,Dae,notes\n30000,30000,20000,20000,late\n"
         "30000,30000,20000,20000,1.5\n",
         "column “notes” has no whole points (“late”): it is not a player's"),
        # a column that is no player's is said before the header's twice-named player
        ("Ana,Ben,Chie,Dae,ana\n30000,30000,20000,20000,late\n",
         "column “ana” has no whole points (“late”): it is not a player's"),
        ("Ana,Ben,Chie,Dae,note,note\n30000,30000,20000,20000,late,\n",
         "column “note” has no whole points (“late”): it is not a player's"),
        ("Ana,Ben,Chie,Dae,ana\n30000,30000,20000,20000,1000\n",
         "the header names every player once"),
        # more digits than Python reads as a number: named, never a Python error
        (f"Ana,Ben,Chie,Dae\n{'9' * 5000},30000,20000,20000\n",
         "game 1: Ana: 999999… (5000 digits) is beyond 1000000000 points"),
        ("Ana,Ben,Chie,Dae\n100000000000,30000,20000,20000\n",
         "game 1: Ana: 100000… (12 digits) is beyond 1000000000 points"),
    ],
)  # fmt: skip
def test_a_csv_column_that_is_no_players_and_points_past_any_game(text: str, message: str) -> None:
    """helper-91's review of the faster reading: a note's column (dates with dots, words
    with a number among them) is still said as such, before a player named twice; a
    cell of 5,000 digits had raised Python's own error (int() reads 4,300)."""
    with pytest.raises(SessionError) as err:
        games_from_csv(text)
    assert str(err.value).startswith(message)


@pytest.mark.parametrize(
    ("text", "read"),
    [
        # a negative guarded against formulas, as a spreadsheet may write it
        ("Ana,Ben,Chie,Dae\n'-5000,30000,40000,35000\n", ("", (-5000, 30000, 40000, 35000))),
        # a known column typed in full width (a Japanese keyboard) is that column
        ("ＧＡＭＥ,Ana,Ben,Chie,Dae\n7,40000,30000,20000,10000\n",
         ("7", (40000, 30000, 20000, 10000))),
        ("Ana,Ben,Chie,Dae,ＳＥＡＴＳ\n40000,30000,20000,10000,Dae;Chie;Ben;Ana\n",
         ("", (10000, 20000, 30000, 40000))),
        # zeros in front: points all the same
        ("Ana,Ben,Chie,Dae\n0000000000040000,30000,20000,10000\n",
         ("", (40000, 30000, 20000, 10000))),
    ],
)  # fmt: skip
def test_a_csv_read_as_written(text: str, read: tuple[str, tuple[int, ...]]) -> None:
    """Cells as a spreadsheet or a Japanese keyboard writes them: a guarded negative, a
    known column's name in full width (it had been read as a player's too), zeros in
    front of the points."""
    (game,) = games_from_csv(text)
    assert (game.label, game.points) == read


def test_a_full_width_winners_column_names_nobody() -> None:
    """ｗｉｎｎｅｒｓ left empty is the column of who won a hand, naming nobody (焼き鳥
    for all), as ``winners`` is."""
    (game,) = games_from_csv("Ana,Ben,Chie,Dae,ｗｉｎｎｅｒｓ\n40000,30000,20000,10000,\n")
    assert game.bets == {"winners": []}


def test_a_file_given_twice_is_refused_not_counted_twice(cli, tmp_path: Path) -> None:
    """helper-87's review: ``seisan session t1.toml ./t1.toml`` counted the night's game
    twice (Games 2); ``stats`` counts a game read twice once, and ``session`` says so."""
    night = tmp_path / "night.toml"
    night.write_text('[[games]]\nplayers = ["A", "B", "C", "D"]\n'
                     "points = [40000, 30000, 20000, 10000]\n", encoding="utf-8")  # fmt: skip
    other = tmp_path / "sub" / ".." / "night.toml"
    (tmp_path / "sub").mkdir()
    with pytest.raises(
        SessionError,
        match=rf"{re.escape(str(other))}: the same file as {re.escape(str(night))}, given twice",
    ):
        load_session([night, other], load_rules("mleague"))
    result = cli.runner.invoke(app, ["session", str(night), str(other), "-r", "mleague"])
    assert result.exit_code == 2 and result.stdout == ""
    assert "given twice" in result.stderr
    assert len(load_session([night], load_rules("mleague")).settle().games) == 1
