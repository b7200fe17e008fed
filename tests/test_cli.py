"""The ``seisan`` command: formats, languages, errors, documentation."""

from __future__ import annotations

import csv
import io
import json
import re
from decimal import Decimal
from pathlib import Path

import pytest
import typer
from typer.testing import CliRunner

import seisan
from seisan.cli import app
from seisan.i18n import Lang, default_lang

EXAMPLES = Path(__file__).resolve().parents[1] / "examples"

README = Path(__file__).resolve().parents[1] / "README.md"


def test_json_shape(cli) -> None:
    data = cli.json("settle", "42600", "31000", "16400", "10000", "--rules", "mleague",
                    "--names", "A,B,C,D")  # fmt: skip
    assert set(data) == {"rules", "results", "transfers", "jansou"}
    assert data["rules"]["name"] == "mleague" and data["rules"]["oka"] == 20
    first = data["results"][0]
    assert first == {
        "seat": 0, "name": "A", "points": 42600, "place": 1, "score": Decimal("62.6"),
        "parts": {"points": Decimal("12.6"), "rounding": 0, "oka": 20, "uma": 30, "balance": 0,
                  "penalty": 0},
        "total": Decimal("62.6"),
    }  # fmt: skip
    # the fewest transfers: D pays A 50, C pays A 12.6 and B 11
    assert [(t["from"], t["to"], t["amount"]) for t in data["transfers"]] == [
        (3, 0, 50), (2, 0, Decimal("12.6")), (2, 1, 11)
    ]  # fmt: skip
    assert [r["score"] for r in data["results"]] == [
        Decimal("62.6"), 11, Decimal("-23.6"), -50
    ]  # fmt: skip


def test_csv_has_every_seat(cli) -> None:
    out = cli.run("settle", "42600", "31000", "16400", "10000", "-r", "mleague", "-f", "csv")
    rows = list(csv.DictReader(io.StringIO(out)))
    assert [r["score"] for r in rows] == ["62.6", "11", "-23.6", "-50"]
    assert [r["place"] for r in rows] == ["1", "2", "3", "4"]


@pytest.mark.parametrize(
    ("lang", "words"),
    [("en", ["Place", "Score", "East"]), ("ja", ["順位", "スコア", "東家"]),
     ("ko", ["순위", "스코어", "동가"])],
)  # fmt: skip
def test_languages(cli, lang: str, words: list[str]) -> None:
    out = cli.run("settle", "42600", "31000", "16400", "10000", "-r", "mleague", "--lang", lang)
    for word in words:
        assert word in out


def test_default_language_follows_the_locale() -> None:
    assert default_lang({"LANG": "ja_JP.UTF-8"}) is Lang.JA
    assert default_lang({"LC_ALL": "ko_KR.UTF-8", "LANG": "ja_JP.UTF-8"}) is Lang.KO
    assert default_lang({"LANG": "C.UTF-8"}) is Lang.EN
    assert default_lang({}) is Lang.EN


def test_options_override_the_preset(cli) -> None:
    scores = cli.scores("42600", "31000", "16400", "10000", "-r", "mleague",
                        "--rounding", "half-up", "--uma", "5-10")  # fmt: skip
    assert [str(s) for s in scores] == ["43", "6", "-19", "-30"]
    data = cli.json("settle", "30000", "30000", "20000", "20000", "-r", "mleague", "--ties", "seat")
    assert [r["place"] for r in data["results"]] == [1, 2, 3, 4]


def test_negative_points_are_points_not_options(cli) -> None:
    scores = cli.scores("61200", "25000", "15000", "-1200", "-r", "tenhou-2020")
    assert [str(s) for s in scores] == ["71", "5", "-25", "-51"]
    scores = cli.scores("61200", "25000", "15000", "-1200", "-r", "tenhou")
    assert [str(s) for s in scores] == ["71.2", "5", "-25", "-51.2"]


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["1000", "2000", "3000", "-r", "mleague"], "M.League is for 4 players, got 3 scores"),
        (["1000", "2000", "3000"], "points total 6000, but 3 players starting with 30000"),
        (["25050", "24950", "25000", "25000", "-r", "tenhou"], "not a multiple of 100"),
        (["26000", "25000", "25000", "25000", "-r", "tenhou"], "1000 too many"),
        (["25000", "x", "25000", "25000"], "points “x” are not a whole number"),
        (["25000", "25000", "25000", "25000", "-r", "tenho"], "unknown rules preset “tenho”"),
        (["30000"] * 4 + ["--rounding", "often"], "rounding = “often”"),
        (["30000"] * 4 + ["--uma", "10-"], "uma = “10-”"),
        (["30000"] * 4 + ["--start", "abc"], "start = “abc”"),
        (["30000"] * 4 + ["--bogus"], "unknown option --bogus"),
        (["30000"] * 4 + ["--names", "A,B,C"], "4 names are needed"),
        (["30000"] * 4 + ["-r", "missing.toml"], "cannot read rules file missing.toml"),
        (["30000"] * 4 + ["--start=--25000"], "start = “--25000”"),
        (["30000"] * 4 + ["--start", "²5000"], "start = “²5000”"),
        # a superscript or circled digit is no digit (NFKC had read ²0000 as 20000)
        (["²0000", "30000", "30000", "40000"], "points “²0000” are not a whole number"),
        (["30000", "30000", "30000", "①0000"], "points “①0000” are not a whole number"),
        (["30000"] * 4 + ["--rules", ""], "give a rules preset name"),
        (["30000"] * 4 + ["--names", "A,B,C,"], "seat 3: name “” must be non-empty"),
        (["_3_0_0_0_0", "30000", "30000", "30000"], "points “_3_0_0_0_0” are not a whole"),
        (["10" * 12, "30000", "30000", "30000"], "are beyond 1000000000"),
    ],
)
def test_bad_input_is_one_line_exit_2(cli, args: list[str], message: str) -> None:
    err = cli.run("settle", *args, code=2)
    assert err.count("\n") == 1 and err.startswith("seisan: error: ")
    assert message in err
    assert "Traceback" not in err


def test_bad_rules_file_on_the_cli(cli, tmp_path: Path) -> None:
    path = tmp_path / "house.toml"
    path.write_text('extends = "tenhou"\nties = "coin"\n', encoding="utf-8")
    err = cli.run("settle", "30000", "30000", "20000", "20000", "-r", str(path), code=2)
    assert "ties = “coin”: must be one of seat, split" in err


def test_rules_list_and_show(cli) -> None:
    listed = cli.json("rules", "list")
    assert {r["name"] for r in listed} >= {
        "tenhou", "tenhou-sanma", "mahjongsoul", "mleague", "wrc", "ema", "rmu", "jpml",
        "saikouisen", "sun-oka", "one-two-oka"}  # fmt: skip
    shown = cli.json("rules", "show", "jpml")
    assert shown["floating_uma"]["2"] == [8, 4, -4, -8]
    assert shown["deposits"] == "lost"
    out = cli.run("rules", "show", "mleague", "--lang", "ja")
    assert "返し点" in out and "30000" in out and "出典" in out
    assert cli.run("rules", "show", "nope", code=2).startswith("seisan: error: unknown rules")


def _commands(group: typer.Typer, prefix: str = "") -> list[str]:
    names = [f"{prefix}{c.name}" for c in group.registered_commands]
    for sub in group.registered_groups:
        assert sub.typer_instance is not None
        names += _commands(sub.typer_instance, f"{prefix}{sub.name} ")
    return names


def test_every_command_is_documented_in_the_readme() -> None:
    readme = README.read_text(encoding="utf-8")
    commands = _commands(app)
    assert commands
    for command in commands:
        assert re.search(rf"seisan {re.escape(command)}\b", readme), command


def _run_main(*args: str, columns: str = "100"):
    import os  # noqa: PLC0415 - only these tests run the real entry point
    import subprocess  # noqa: PLC0415
    import sys  # noqa: PLC0415

    env = {**os.environ, "COLUMNS": columns, "LANG": "C"}
    return subprocess.run(
        [sys.executable, "-m", "seisan", *args], capture_output=True, text=True, env=env,
        check=False,
    )  # fmt: skip


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["settle", "1", "2", "-f", "xml"], "“xml”; choose from table, json, csv"),
        (["rules", "show"], "a preset name or a rules file is missing"),
        (["hand", "--han", "x"], "invalid value for --han: “x” is not a whole number"),
        (["nonsense"], "unknown command “nonsense”"),
        (["settle", "1", "--bogus", "x"], "unknown option --bogus"),
    ],
)
def test_usage_errors_from_the_real_entry_point_are_one_line(args: list[str], message: str) -> None:
    result = _run_main(*args)
    assert result.returncode == 2
    assert result.stderr.startswith("seisan: error: ") and result.stderr.count("\n") == 1
    assert message in result.stderr


def test_a_very_narrow_terminal_still_prints(cli) -> None:
    result = _run_main("rules", "list", columns="5")
    assert result.returncode == 0 and "mleague" in result.stdout


# -- issue 7: options that do nothing, errors in the user's terms, rules files ---------


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--kubi", "25000"], "--kubi does nothing without --binta"),
        (["--shizumi-line", "25000"], "--shizumi-line does nothing without --shizumi"),
        (["--tobi-at-zero"], "--tobi-at-zero does nothing without --tobi"),
        (["--chip-value", "2"], "--chip-value does nothing without --chips"),
    ],
)
def test_settle_options_that_do_nothing_are_errors(cli, args: list[str], message: str) -> None:
    err = cli.run("settle", "40000", "30000", "20000", "10000", "-r", "mleague", *args, code=2)
    assert message in err and err.count("\n") == 1


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (
            ["--system", "30fu", "--han", "3", "--kiriage"],
            "--kiriage does nothing under the 30-fu base",
        ),
        (
            ["--system", "gorin", "--han", "3", "--kiriage"],
            "--kiriage does nothing under the Gorin (50 fu)",
        ),
        (["--han", "3", "--fu", "30", "--variant"], "--variant is for the 30fu system"),
        (
            ["--system", "gorin", "--han", "11", "--kazoe", "sanbaiman"],
            "--kazoe does nothing under the Gorin (50 fu) system (11 han is 超満)",
        ),
    ],
)
def test_hand_options_that_do_nothing_are_errors(cli, args: list[str], message: str) -> None:
    assert message in cli.run("hand", *args, code=2)


def test_thirty_fu_kazoe_sanbaiman_pays_the_sanbaiman_line(cli) -> None:
    """13 han of yaku and dora read the 15翻 line (yakuman, 36000) unless counted yakuman
    are capped: then the 13-14翻 line (三倍, 24000; 6000/12000)."""
    data = cli.json("hand", "--system", "30fu", "--han", "13", "--kazoe", "sanbaiman")
    assert data["ron"] == 24000 and data["tsumo"] == {"dealer": 12000, "non_dealer": 6000}
    assert data["limit"] == "sanbaiman"
    assert cli.json("hand", "--system", "30fu", "--han", "13")["ron"] == 36000


def test_a_double_yakuman_is_named_not_a_raw_key(cli) -> None:
    out = cli.run("hand", "--yakuman", "2")
    assert "yakuman ×2" in out and "limit." not in out
    assert "役満 ×2" in cli.run("hand", "--yakuman", "2", "--lang", "ja")


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--uma", "5,10,-10,-5"], "uma = [5, 10, -10, -5]: must not rise"),
        (["--rate", "1000000000000"], "--rate 1000000000000: is too large"),
        (
            ["--rate", "1.5", "--unit", "0.25", "--fee", "0.1"],
            "must be a multiple of the unit 0.25",
        ),
    ],
)
def test_errors_speak_the_users_terms(cli, args: list[str], message: str) -> None:
    err = cli.run("settle", "40000", "30000", "20000", "10000", "-r", "mleague", *args, code=2)
    assert message in err
    assert "Decimal(" not in err and "['" not in err and "{'" not in err


def test_points_that_do_not_add_up_name_the_presets_that_fit(cli) -> None:
    err = cli.run("settle", "40000", "30000", "20000", "10000", "-r", "wrc", code=2)
    assert "these points total 100000: --rules mahjongsoul, --rules mleague" in err
    assert ", --start 25000" in err
    err = cli.run("settle", "50000", "35000", "20000", code=2)
    assert "--rules tenhou-sanma" in err and "--start 35000" in err


def test_three_scores_and_no_rules_settle_a_three_player_game(cli) -> None:
    data = cli.json("settle", "45000", "30000", "15000")
    assert data["rules"]["players"] == 3 and [r["score"] for r in data["results"]] == [15, 0, -15]
    err = cli.run("settle", "45000", "30000", "15000", "-r", "mleague", code=2)
    assert (
        "M.League is for 4 players, got 3 scores (for 3 players: --rules mahjongsoul-sanma, "
        "--rules tenhou-sanma"
    ) in err


def test_custom_never_appears_as_a_name(cli) -> None:
    out = cli.run("settle", "42600", "31000", "16400", "10000", "-r", "tenhou", "--uma", "10-30")
    assert "custom" not in out.lower() and "Tenhou (changed: Uma)" in out
    data = cli.json("settle", "42600", "31000", "16400", "10000", "-r", "tenhou", "--uma", "10-30")
    assert data["rules"]["name"] == "tenhou" and data["rules"]["changed"] == ["uma"]
    plain = cli.run("settle", "42600", "31000", "16400", "30000")
    assert "custom" not in plain.lower() and "No preset" in plain


def test_help_version_and_the_ledger_option(cli) -> None:
    assert "Usage:" in cli.run("-h") and "Usage:" in cli.run("settle", "-h")
    assert cli.run("--version").strip() == f"seisan {seisan.__version__}"
    out = cli.run("settle", "42600", "31000", "16400", "10000", "-r", "mleague", "--ledger",
                  "first")  # fmt: skip
    assert "Who pays whom (everyone with first place)" in out
    assert "Who pays whom" not in cli.run("settle", "42600", "31000", "16400", "10000", "-r",
                                          "mleague")  # fmt: skip


@pytest.mark.parametrize(
    ("args", "said"),
    [
        (["--rate", "0.0000001"], "Who pays whom (fewest transfers): every amount is 0"),
        (["--rate", "0.0000001", "--ledger", "first", "--lang", "ja"],
         "精算 (トップと精算): 金額はすべて0です"),
        (["--rate", "0.0000001", "--lang", "ko"], "정산 (최소 횟수): 금액이 모두 0입니다"),
    ],
)  # fmt: skip
def test_a_ledger_where_nobody_pays_says_so(cli, args: list[str], said: str) -> None:
    """A rate so small that every amount rounds to 0 at the unit of money (1) drew an
    empty table of who pays whom: the ledger says in words that every amount is 0; a
    fee to the house still has its table after it (helper-93: “nobody pays anyone”
    had been followed by the fees' payments)."""
    out = cli.run("settle", "42600", "31000", "16400", "10000", "-r", "mleague", *args)
    assert said in out.splitlines() and not re.search("┃ (From|支払う人|지불) ", out)
    paid = cli.run("settle", "42600", "31000", "16400", "10000", "-r", "mleague", "--rate", "1")
    assert "every amount is 0" not in paid and "┃ From " in paid
    fee = cli.run("settle", "42600", "31000", "16400", "10000", "-r", "mleague", "--rate",
                  "0.0000001", "--fee", "400")  # fmt: skip
    assert fee.index("every amount is 0") < fee.index("Fees to the house")
    assert re.search(r"│ East +│ House +│ +400 │", fee)


def test_rules_show_shows_what_a_file_says(cli, tmp_path: Path) -> None:
    out = cli.run("rules", "show", str(EXAMPLES / "club.toml"))
    assert "Rules from club.toml (extends tenhou)" in out
    assert "A chip is worth (pt)" in out and "Money per pt" in out and "│ 50" in out
    # the preset's aliases and sources are not the file's; its note on rounding no longer
    # holds (the file rounds), its note on the game's flow does
    assert "天鳳" not in out and "tenhou-4" not in out and "arcturus" not in out
    assert "unrounded" not in out and "West sudden death" in out
    data = cli.json("rules", "show", str(EXAMPLES / "club.toml"))
    assert data["extends_preset"] == "tenhou" and "aliases" not in data


def test_rules_show_as_csv_leaves_no_preset_empty(cli, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    """The table's “-” had been written “'-” (the formula guard on a dash)."""
    house = tmp_path / "house.toml"
    house.write_text('name = "house"\nstart = 25000\n', encoding="utf-8")
    lines = cli.run("rules", "show", str(house), "-f", "csv").splitlines()
    assert lines[:3] == ["field,value", "Preset,", "Title,house"]


def test_a_reader_that_stops_early_is_no_error(tmp_path) -> None:  # type: ignore[no-untyped-def]
    """`seisan … | head`: the pipe closes; seisan stops without a word, exit 0."""
    import subprocess  # noqa: PLC0415
    import sys  # noqa: PLC0415

    game = '[[games]]\nplayers = ["Ana", "Ben", "Chie", "Dae"]\npoints = [{}, 30000, 20000, {}]'
    games = "\n".join(game.format(40000 + i % 50 * 100, 10000 - i % 50 * 100) for i in range(3000))
    path = tmp_path / "long.toml"
    path.write_text('rules = "mleague"\n' + games, encoding="utf-8")
    run = subprocess.Popen([sys.executable, "-m", "seisan", "session", str(path), "--format",
                            "json"], stdout=subprocess.PIPE, stderr=subprocess.PIPE)  # fmt: skip
    assert run.stdout is not None and run.stderr is not None
    assert run.stdout.read(10)
    run.stdout.close()  # the reader goes away with most of the output unread
    err = run.stderr.read().decode()
    assert run.wait(timeout=60) == 0 and err == ""


def test_a_language_given_to_one_run_is_not_the_next_runs() -> None:
    """``rules --lang ja show`` that fails on its missing name left Japanese behind for
    the next run in the same process (the review, 2026-12-05)."""
    runner = CliRunner()
    assert runner.invoke(app, ["rules", "--lang", "ja", "show"]).exit_code == 2
    shown = runner.invoke(app, ["rules", "list"], env={"COLUMNS": "200", "LANG": "C"}).output
    assert "Preset" in shown and "プリセット" not in shown


def test_rules_show_says_what_a_file_gives_that_does_nothing(cli, tmp_path: Path) -> None:
    """Shown whole, exit 0, with a note on stderr for each field a command given the
    file would refuse (a rate may still come from ``--rate``: said, not refused)."""
    house = tmp_path / "house.toml"
    house.write_text('extends = "npm"\n[money]\ncurrency = "円"\nunit = 100\n'
                     '[side]\ntobi_at_zero = true\n', encoding="utf-8")  # fmt: skip
    result = cli.runner.invoke(app, ["rules", "show", str(house), "--format", "json"])
    assert result.exit_code == 0 and json.loads(result.stdout)["side"] == {"tobi_at_zero": True}
    assert result.stderr.splitlines() == [
        "seisan: note: money.unit = 100: does nothing without a rate (money.rate)",
        "seisan: note: money.currency = 円: does nothing without a rate (money.rate)",
        "seisan: note: side.tobi_at_zero = true: does nothing without 飛び賞 (side.tobi)",
    ]
    plain = cli.runner.invoke(app, ["rules", "show", "mleague"])
    assert plain.exit_code == 0 and plain.stderr == ""


@pytest.mark.parametrize("command", [
    ["rules", "show", "{file}"], ["hand", "--han", "4", "-r", "{file}"],
    ["settle", "40000", "30000", "20000", "10000", "-r", "{file}"],
])  # fmt: skip
def test_a_rules_file_whose_point_system_never_reads_a_field_is_refused_when_read(
    cli,
    tmp_path: Path,
    command: list[str],  # type: ignore[no-untyped-def]
) -> None:
    """五輪 with kiriage = true: ``rules show`` had shown it with a note, exit 0, where
    ``hand -r`` refused it; no option makes gorin read kiriage (unlike --rate for
    money), so every command refuses the file as it reads it, naming file and field."""
    house = tmp_path / "gorin.toml"
    house.write_text('name = "gorin"\n[scoring]\nsystem = "gorin"\nkiriage = true\n',
                     encoding="utf-8")  # fmt: skip
    args = [a.replace("{file}", str(house)) for a in command]
    assert cli.run(*args, code=2) == (
        f"seisan: error: {house}: rules: scoring.kiriage = true: does nothing under the "
        "Gorin (50 fu) system\n"
    )
    # a preset's own value is no field of the file (M.League's kiriage, system changed)
    house.write_text('extends = "mleague"\n[scoring]\nsystem = "gorin"\n', encoding="utf-8")
    cli.run(*args)


@pytest.mark.parametrize(("preset", "points", "sticks", "said"), [
    ("wrc", ["40000", "30000", "20000", "27000"], "3",
     "Riichi sticks lost at the end: 3000 points (3 pt in no one's score)"),
    ("jpml", ["40000", "30000", "20000", "29000"], "1",
     "Riichi sticks lost at the end: 1000 points (1 pt in no one's score)"),
    ("mleague", ["40000", "30000", "20000", "9000"], "1", None),  # first place takes them
    ("wrc", ["40000", "30000", "20000", "30000"], "0", None),
])  # fmt: skip
def test_sticks_lost_at_the_end_are_said_beside_the_scores(
    cli,
    preset: str,
    points: list[str],
    sticks: str,
    said: str | None,  # type: ignore[no-untyped-def]
) -> None:
    """WRC's +25, +5, -8, -25 sum to -3 with three sticks lost: the table had not said
    why."""
    out = cli.run("settle", *points, "-r", preset, "--deposits", sticks)
    assert (said in " ".join(out.split())) if said else ("lost" not in out)
    if preset == "wrc" and said:
        assert [r["score"] for r in cli.json("settle", *points, "-r", preset, "--deposits",
                                             sticks)["results"]] == [25, 5, -25, -8]  # fmt: skip


@pytest.mark.parametrize(
    ("lang", "seat", "shown"),
    [("ja", "East", "東家（代走: Eve）"), ("ja", "West", "西家（代走: Eve）"),
     ("en", "南家", "South (played by Eve)"), ("ko", "North", "북가 (대타: Eve)"),
     ("en", "3", "North (played by Eve)")],
)  # fmt: skip
def test_a_substitutes_seat_named_by_its_wind_in_any_language(
    cli, lang: str, seat: str, shown: str
) -> None:
    """helper-87's review: in Japanese “East:Eve” was “seat 4 is not at the table (seats
    0 to 3)” and in English “南家:Eve” seat 8: the wind words had been put after the
    four names, and a word's place in that list taken for its seat."""
    result = cli.runner.invoke(app, ["--lang", lang, "settle", "45000", "35000", "25000",
                                     "15000", "-r", "ema", "--substitute", f"{seat}:Eve",
                                     "-f", "json"])  # fmt: skip
    assert result.exit_code == 0, result.output
    which = {"East": 0, "West": 2, "North": 3, "南家": 1, "3": 3}[seat]
    assert json.loads(result.stdout)["substitute"] == {"seat": which, "name": "Eve",
                                                       "from_start": True}  # fmt: skip
    given = ["settle", "45000", "35000", "25000", "15000", "-r", "ema", "--substitute"]
    table = cli.runner.invoke(app, ["--lang", lang, *given, f"{seat}:Eve"])
    assert shown in table.stdout
