"""Every command of the CLI against a table of bad inputs (tests/bad_inputs.py): each
ends in one error line in the reader's language and exit status 2, never a traceback,
never exit 0. Run as users run it: through the console script's ``main``."""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest
from bad_inputs import CASES, FILES, FOLDERS
from test_messages import TYPED

from seisan.cli import main
from seisan.errors import RulesError
from seisan.rules import Rules

PREFIX = {"en": "seisan: error: ", "ja": "seisan: エラー: ", "ko": "seisan: 오류: "}
CJK = re.compile(r"[\u3040-\u30ff\u4e00-\u9fff\uac00-\ud7af]")
#: what a line may hold as typed: values and fields in brackets or quotes, options, a rules
#: file's line as the file has it (ルール: uma = …), a CSV's column (列 deposits)
AS_TYPED = re.compile(
    r"\{[^}]*\}|\([^)]*\)|（[^）]*）|“[^”]*”|「[^」]*」|`[^`]*`|'[^']*'|\[[^\]]*\]|--[a-z-]+"
    r"|(?:ルール|룰): [A-Za-z_.\[\]0-9]+ = \S+|列 [a-z_]+|[a-z_]+ 열"
)
#: a word as English shows it; one before ": " is a field's name, so it counts (“winners: …”
#: is what a Japanese reader saw), one before ":123m" is an example typed
BARE = re.compile(r"(?<![A-Za-z0-9_\-./:=])[a-z][a-z_]{2,}(?![A-Za-z0-9_\-.=/]|:[A-Za-z0-9])")
RESULTS = {"ron", "tsumo", "draw", "abort", "chombo"}  # a record's results, as typed
#: a key written bare before ": ", as a field's name (“chombo: 「Q」は…”, “fu: …”)
FIELD = re.compile(r"(?<![A-Za-z0-9_\-./:=])(?<!= )[A-Za-z][A-Za-z_.\-]+(?=: )")


@pytest.fixture(scope="module")
def folder(tmp_path_factory: pytest.TempPathFactory) -> Path:
    where = tmp_path_factory.mktemp("bad")
    for name, content in FILES.items():
        data = content if isinstance(content, bytes) else content.encode("utf-8")
        (where / name).write_bytes(data)
    for name in FOLDERS:
        (where / name).mkdir()
    (where / "adir" / "x.txt").write_text("x", encoding="utf-8")
    return where


def run(args: list[str], monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str],
        env: dict[str, str] | None = None) -> tuple[int, str, str]:  # fmt: skip
    monkeypatch.setattr(sys, "argv", ["seisan", *args])
    monkeypatch.setenv("COLUMNS", "120")
    monkeypatch.setenv("LANG", "C")
    for name in ("DATABASE_URL", "SEISAN_DB"):  # (serve's cases: no database but --db's)
        monkeypatch.delenv(name, raising=False)
    for name, value in (env or {}).items():
        monkeypatch.setenv(name, value)
    with pytest.raises(SystemExit) as stop:
        main()
    captured = capsys.readouterr()
    code = stop.value.code
    return (code if isinstance(code, int) else 1), captured.out, captured.err


def test_the_table_is_large_enough() -> None:
    """At least the 210 classes of bad input the review tried."""
    assert len(CASES) >= 210
    assert len({name for name, _args, _fragment in CASES}) == len(CASES)


@pytest.mark.parametrize(("args", "fragment"), [(a, f) for _n, a, f in CASES],
                         ids=[n for n, _a, _f in CASES])  # fmt: skip
@pytest.mark.parametrize("lang", ["en", "ja", "ko"])
def test_bad_input_is_one_line_in_the_readers_language(
    args: list[str], fragment: str, lang: str, folder: Path,
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str],
) -> None:  # fmt: skip
    given = [a.replace("{d}", str(folder)) for a in args]
    if "--lang" in given and lang != "en":
        pytest.skip("the case is about --lang itself")
    asked = [] if "--lang" in given else ["--lang", lang]
    code, _out, err = run([*given, *asked], monkeypatch, capsys)
    assert "Traceback" not in err, err
    assert code == 2, (code, err)
    lines = err.splitlines()
    assert lines and lines[0].startswith(PREFIX[lang]), err
    if args[0] != "import":  # it names each file it could not read, then counts them
        assert len(lines) == 1, err
    if fragment and lang == "en":
        assert fragment in err
    if lang != "en":
        said = lines[0].removeprefix(PREFIX[lang]).replace(str(folder), "")
        assert CJK.search(said), f"not in {lang}: {said}"
        plain = AS_TYPED.sub(" ", said)
        bare = set(BARE.findall(plain)) - TYPED - RESULTS
        assert not bare, f"English in {lang}: {sorted(bare)} in {said}"
        fields = FIELD.findall(plain)  # a field is named in words, whatever its key
        assert not fields, f"a field's key alone in {lang}: {fields} in {said}"


@pytest.mark.parametrize(
    ("args", "words"),
    [
        (["--help", "--lang", "ja"], ["使い方: seisan [オプション] コマンド [引数]...",
                                      "オプション:", "コマンド:",
                                      "このヘルプを表示して終了します。"]),
        (["settle", "--help", "--lang", "ko"], ["사용법: seisan settle [옵션]", "인수:", "[필수]",
                                                 "<문자열>", "[기본값: 0]"]),
        (["--lang", "ja", "rules", "show", "--help"], ["使い方:", "[必須]"]),
    ],
)  # fmt: skip
def test_help_is_in_the_readers_language(
    args: list[str], words: list[str], monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:  # fmt: skip
    """Issue 16: Click's own headings too (Usage:, Options, [required]); `seisan --help
    --lang ja` was an error."""
    code, out, err = run(args, monkeypatch, capsys)
    assert code == 0, err
    for word in words:
        assert word in out, word
    assert "Usage:" not in out and "Options" not in out and "[required]" not in out


ENGLISH = re.compile(r"[A-Za-z]{3,}")


@pytest.mark.parametrize(
    ("args", "fragment"),
    [
        ([], "give a command; seisan --help lists them"),  # Click: "Missing command."
        (["settle", "40000", "30000", "20000", "10000", "--rules"], "--rules needs a value"),
        (["hand", "--han", "3", "--fu", "30", "--dealer=maybe"],
         "--dealer takes no value: give it alone"),
        (["seating", "Ana,Ben,Chie,Dae", "--time-limit", "abc"],
         "invalid value for --time-limit: “abc” is not a number"),
        (["ratings", "x.json", "--min-games", "-1"],
         "invalid value for --min-games: “-1” must be 0 or more"),
        (["ratings", "x.json", "--players", "5"],
         "invalid value for --players: “5” must be from 3 to 4"),
        (["seating"], "a list of the players is missing"),
        (["hand", "--tiles", "234m567p456s789s66z", "--win", "8s", "--seat-wind", "X"],
         "seat wind: unknown wind “X” (E, S, W, N)"),
        (["hand", "--tiles", "234m567p456s789s66z", "--win", "8s", "--round-wind", "Q"],
         "round wind: unknown wind “Q” (E, S, W, N)"),
    ],
)  # fmt: skip
@pytest.mark.parametrize("lang", ["en", "ja", "ko"])
def test_clicks_own_errors_are_one_line_in_the_readers_language(
    args: list[str], fragment: str, lang: str, monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:  # fmt: skip
    """The review's Click messages ("Missing command.", "Option '--rules' requires an
    argument.", "'abc' is not a valid float.", "-1 is not in the range x>=0.") and the
    winds' labels, in English on ja/ko screens before: the option last on the line, so
    the language goes first."""
    code, _out, err = run(["--lang", lang, *args], monkeypatch, capsys)
    assert code == 2 and err.count("\n") == 1, err
    said = err.removeprefix(PREFIX[lang]).strip()
    if lang == "en":
        assert said == fragment
    else:
        words = ENGLISH.findall(re.sub(r"--[a-z-]+(=\w+)?|“\w+”|「\w+」|seisan", "", said))
        assert CJK.search(said) and not words, said


@pytest.mark.parametrize("lang", ["ja", "ko"])
def test_a_number_options_range_is_in_words_in_its_help(
    lang: str, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    code, out, _err = run(["ratings", "--help", "--lang", lang], monkeypatch, capsys)
    assert code == 0
    assert {"ja": "[3から4まで]", "ko": "[3부터 4까지]"}[lang] in out
    assert "x>=0" not in out and "<=x<=" not in out and "int range" not in out


@pytest.mark.parametrize(("args", "word"), [
    (["rules", "--lang", "ja", "list"], "プリセット"),
    (["rules", "--lang", "ko", "show", "mleague"], "반환점"),
    (["bulk", "--lang", "ja", "--help"], "使い方: seisan bulk"),
])  # fmt: skip
def test_a_group_takes_the_language_before_its_command(
    args: list[str], word: str, monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:  # fmt: skip
    """`seisan rules --lang ja list` was "unknown option --lang" (the review, 2026-12-05)."""
    code, out, err = run(args, monkeypatch, capsys)
    assert code == 0, err
    assert word in out


@pytest.mark.parametrize(("line", "said"), [
    ("busted = { Dae = { x = 1 } }", "busted: “{x = 1}” is not a player"),
    ('sashi = [["Ana", "Ben", { a = 1 }]]', "sashi: amount “{a = 1}” must be a whole number"),
    ("soto = { Eve = [1, 2] }", "soto Eve: “[1, 2]” is not a player"),
    ("chips = [{ a = 1 }, 0, 0, 0]", "chips: seat 0 has “{a = 1}”, not a whole number of chips"),
])  # fmt: skip
def test_a_table_or_list_where_a_bet_wants_a_name_or_number_is_shown_as_written(
    line: str, said: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:  # fmt: skip
    """Python's own ``{'x': 1}`` had been shown, in every language (helper-51)."""
    session = tmp_path / "s.toml"
    game = 'players = ["Ana", "Ben", "Chie", "Dae"]\npoints = [50000, 30000, 25000, -5000]'
    session.write_text(f'rules = "mleague"\n[[games]]\n{game}\n{line}\n', encoding="utf-8")
    code, _out, err = run(["session", str(session)], monkeypatch, capsys)
    assert code == 2 and f"game 1: {said}" in err, err
    assert "'" not in err.replace("Ben's", "")


def test_a_nested_table_in_a_rules_file_is_shown_whole() -> None:
    with pytest.raises(RulesError) as raised:
        Rules.from_dict({"side": {"sou_uma": {"a": [1, {"b": 2}]}}})
    said = "rules: side.sou_uma = {a = [1, {b = 2}]}: must be a whole number of points"
    assert raised.value.message.text("en") == said


def test_a_long_list_or_table_is_shown_to_eighty_characters(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """A session file given as the rules had printed its every game on one line
    (helper-94): a list or table is shown to 80 characters, its last “…”; at 80 whole."""
    longer = list(range(10, 36))  # [10, 11, …, 35]: 104 characters
    with pytest.raises(RulesError) as raised:
        Rules.from_dict({"side": {"sou_uma": longer}})
    shown = raised.value.message.text("en").split(" = ", 1)[1].split(": must")[0]
    assert shown == "[" + ", ".join(str(n) for n in range(10, 30)) + "…"
    assert len(shown) == 80
    with pytest.raises(RulesError) as whole:
        Rules.from_dict({"side": {"sou_uma": [1234567] * 7 + [123456789012345]}})  # 80
    assert (
        "= [1234567, 1234567, 1234567, 1234567, 1234567, 1234567, 1234567, 123456789012345]: "
        in str(whole.value)
    )
    code, _out, err = run(["settle", "42600", "31000", "16400", "10000", "--rules",
                           "examples/friday.toml"], monkeypatch, capsys)  # fmt: skip
    assert code == 2 and "rules: games = [{players = [Ana, Ben, Chie, Dae], points" in err
    assert len(err.splitlines()[0]) < 400, err


@pytest.mark.parametrize(
    ("args", "lang", "said"),
    [
        (["sesion"], "en",
         "unknown command “sesion”; did you mean session, seating? (seisan --help lists them)"),
        (["sesion"], "ja",
         "不明なコマンド「sesion」。session、seating のことですか？（一覧は seisan --help）"),
        (["rules", "shwo"], "ko",
         "알 수 없는 명령 “shwo”. show을(를) 말씀하신 건가요? (목록: seisan --help)"),
        (["nonsense"], "en", "unknown command “nonsense”; seisan --help lists them"),
        # a name with a quote, which Python's quoting (Click's) puts in the other quotes
        (["se'sion"], "ja",
         "不明なコマンド「se'sion」。session のことですか？（一覧は seisan --help）"),
        (['no"such'], "en", "unknown command “no\"such”; seisan --help lists them"),
        (["it's\"x"], "ko", "알 수 없는 명령 “it's\"x” (목록: seisan --help)"),
        (["settle", "40000", "30000", "20000", "10000", "--rat", "50"], "en",
         "unknown option --rat; did you mean --rate?"),
        (["settle", "40000", "30000", "20000", "10000", "--nams", "A,B,C,D"], "ja",
         "不明なオプション --nams。--names のことですか？"),
    ],
)  # fmt: skip
def test_a_mistyped_command_or_option_is_answered_with_the_guess_in_the_readers_words(
    args: list[str], lang: str, said: str,
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str],
) -> None:  # fmt: skip
    """Typer adds its guesses to Click's English (“No such command 'sesion'. Did you mean
    'session', 'seating'?”), which had come out half in the reader's words with its
    quotes crossed: 「sesion'. Did you mean 'session', 'seating」 (helper-56)."""
    code, _out, err = run([*args, "--lang", lang], monkeypatch, capsys)
    assert (code, err) == (2, PREFIX[lang] + said + "\n")


def test_names_in_the_standings_not_present_are_said_and_the_tables_drawn(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str],
) -> None:  # fmt: skip
    """The season's standings name everyone, so a name not here tonight is no error;
    but a typo had been as quiet (helper-56): each is named on stderr."""
    args = ["seating", "A,B,C,D,E,F,G,H", "--method", "swiss", "--standings", "H,X,G,Y",
            "--format", "json", "--lang", "en"]  # fmt: skip
    code, out, err = run(args, monkeypatch, capsys)
    assert code == 0
    assert err == "seisan: in --standings but not among the players present: X, Y\n"
    assert set(json.loads(out)["tables"][0]) == {"A", "B", "G", "H"}  # H and G first


@pytest.mark.parametrize(
    ("env", "args", "said"),
    [
        ({"SEISAN_DB": "{d}/emptydir"}, [],
         "SEISAN_DB {d}/emptydir: a folder, not a database file"),
        ({"SEISAN_DB": "~"}, [], "SEISAN_DB ~: a folder, not a database file"),
        ({"SEISAN_DB": "{d}/syntax.json"}, [],
         "SEISAN_DB {d}/syntax.json: not an SQLite database (give a new file's name to make one)"),
        ({}, ["--db", "/dev/null"],
         "--db /dev/null: not an SQLite database (give a new file's name to make one)"),
        ({}, ["--db", "{d}/loop"], "--db {d}/loop: a link that leads back to itself"),
        ({}, ["--db", "{d}/loop/x.db"], "--db {d}/loop/x.db: a link that leads back to itself"),
        ({"DATABASE_URL": "garbage"}, [], "DATABASE_URL “garbage”: give postgres://… or sqlite:///…"),
        ({"DATABASE_URL": "mysql://u:pw@h/db"}, [],
         "DATABASE_URL “mysql://u:***@h/db”: give postgres://… or sqlite:///…"),
        ({"DATABASE_URL": "sqlite:///{d}/v.db"}, ["--db", "{d}/g.db"],
         "--db and DATABASE_URL name two databases: give one of them"),
    ],
)  # fmt: skip
def test_the_database_serve_is_given_is_checked_wherever_it_comes_from(
    env: dict[str, str], args: list[str], said: str, folder: Path,
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str],
) -> None:  # fmt: skip
    """helper-60: ``SEISAN_DB`` skipped every check of ``--db`` (a folder, or a file that
    is not SQLite, ended in Django's traceback), a link to itself and ``/dev/null`` were
    taken, ``DATABASE_URL`` that no database answers to was Django's traceback, and
    ``--db`` beside it was ignored in silence."""
    loop = folder / "loop"
    if not loop.is_symlink():
        loop.symlink_to(loop)
    where = str(folder)
    monkeypatch.chdir(folder)
    given = {name: value.replace("{d}", where) for name, value in env.items()}
    code, _out, err = run(["serve", "--owner-link", *(a.replace("{d}", where) for a in args)],
                          monkeypatch, capsys, given)  # fmt: skip
    assert (code, err) == (2, "seisan: error: " + said.replace("{d}", where) + "\n")


@pytest.mark.parametrize(
    ("url", "said"),
    [
        ("sqlite:///{d}/emptydir", "seisan: error: cannot open the database: unable to open "
         "database file\n"),
        ("postgres://nobody:pw@127.0.0.1:1/none", "seisan: error: cannot open the database: "
         "connection failed: connection to server at \"127.0.0.1\", port 1 failed: Connection "
         "refused\n"),
    ],
)  # fmt: skip
def test_a_database_that_cannot_be_opened_is_one_line(url: str, said: str, folder: Path) -> None:
    """helper-60: a database no one can open (a folder as SQLite's file, a server not
    listening) ended in Django's traceback; now one line with the driver's reason."""
    env = {k: v for k, v in os.environ.items() if k not in ("SEISAN_DB", "DATABASE_URL")}
    env.update(DATABASE_URL=url.replace("{d}", str(folder)), DJANGO_SECRET_KEY="k" * 50,
               HOME=str(folder), LANG="C")  # fmt: skip
    done = subprocess.run([sys.executable, "-m", "seisan", "serve", "--owner-link"], env=env,
                          capture_output=True, text=True, timeout=120, check=False)  # fmt: skip
    assert (done.returncode, done.stderr) == (2, said)
