"""Output at any width and in a pipe (issue 16): at 40, 80 and 200 columns no line is
wider than the terminal (unless it is one unbreakable word), and nothing is cut or
wrapped inside a number or a word: every word of the narrow output is a word of the
pipe's, which is never wrapped."""

from __future__ import annotations

import re
import shutil
from pathlib import Path

import pytest
from rich.cells import cell_len
from typer.testing import CliRunner

from seisan.cli import app, main

EXAMPLES = Path(__file__).resolve().parents[1] / "examples"
# a word: a run of Latin letters, digits and Hangul (which may not break); a CJK
# ideograph or kana is a word of its own (a line may break between them)
WORD = re.compile(
    r"[A-Za-z0-9_.+\-/%\u00c0-\u024f\uac00-\ud7af]+(?:,[0-9]{3})*|[\u3040-\u30ff\u4e00-\u9fff]"
)


def _big_session(folder: Path) -> Path:
    """20 players, 12 games of four (the review's case: a wide session)."""
    names = [f"Player{i:02d}" for i in range(20)]
    lines = ['title = "Big night"', 'rules = "mleague"']
    for game in range(12):
        four = [names[(game * 7 + k * 5) % 20] for k in range(4)]
        a, b, c = 40000 + game * 1000, 30000, 20000 - game * 1000
        players = ", ".join(f'"{n}"' for n in four)
        lines += ["[[games]]", f"players = [{players}]", f"points = [{a}, {b}, {c}, 10000]"]
    path = folder / "big.toml"
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return path


WIDTHS = (40, 49, 60, 79, 80, 97, 120, 200)
"""The issue's 40, 80 and 200, and widths where the review found a word cut."""

COMMANDS = [
    ["settle", "42600", "31000", "16400", "10000", "-r", "mleague"],
    ["settle", "42600", "31000", "16400", "10000", "-r", "mleague", "--names",
     "Ana,Ben,Chie,Dae", "--sashi", "Ana:Dae:10000", "--soto", "Eve:Chie", "--chips",
     "2,-1,0,-1", "--chip-value", "2", "--rate", "50", "--unit", "10", "--fee", "400"],
    ["settle", "42600", "31000", "16400", "10000", "-r", "tenhou", "--lang", "ja"],
    ["settle", "40000", "30000", "20000", "10000", "-r", "sun-oka", "--lang", "ko"],
    ["session", str(EXAMPLES / "friday.toml"), "--no-chart"],
    ["session", "{big}", "--no-chart"],
    ["session", "{big}", "--no-chart", "--lang", "ja"],
    ["game", str(EXAMPLES / "game.json")],
    ["game", str(EXAMPLES / "game.json"), "--lang", "ko"],
    ["hand", "--tiles", "234m567p11s345678s", "--win", "8s", "--riichi", "--tsumo"],
    ["hand", "--han", "4", "--fu", "30", "--dealer", "-r", "saikouisen", "--lang", "ja"],
    ["rules", "list"],
    ["rules", "list", "--lang", "ja"],
    ["rules", "show", "tenhou"],
    ["rules", "show", "saikouisen", "--lang", "ja"],
    ["rules", "show", "jpml", "--lang", "ko"],
    ["bulk", "summary", str(EXAMPLES / "points.csv"), "-r", "mleague", "--no-chart"],
    # the chart's bars fit the terminal (helper-67: at 40 columns each bar had its own line)
    ["bulk", "summary", str(EXAMPLES / "points.csv"), "-r", "mleague", "--compare", "tenhou",
     "--lang", "ko"],
    ["stats", str(EXAMPLES / "game.json")],
]  # fmt: skip


def _run(args: list[str], columns: str) -> str:
    result = CliRunner().invoke(app, args, env={"COLUMNS": columns, "LANG": "C"})
    assert result.exit_code == 0, (args, result.stderr)
    return result.stdout


@pytest.mark.parametrize("args", COMMANDS, ids=lambda a: " ".join(a[:3]))
def test_no_number_or_word_is_cut_at_any_width(args: list[str], tmp_path: Path) -> None:
    args = [a.replace("{big}", str(_big_session(tmp_path))) for a in args]
    piped = _run(args, "")
    words = set(WORD.findall(piped))
    assert all(cell_len(line) <= 10_000 for line in piped.splitlines())
    for columns in WIDTHS:
        shown = _run(args, str(columns))
        for line in shown.splitlines():
            body = line.rstrip()
            assert cell_len(body) <= columns or " " not in body.strip(), (columns, line)
        cut = set(WORD.findall(shown)) - words
        assert not cut, (columns, sorted(cut)[:10])


def test_a_wide_session_in_a_pipe_keeps_every_column(tmp_path: Path) -> None:
    """The review's case: piped, a 20-player session lost its game-number column."""
    piped = _run(["session", str(_big_session(tmp_path)), "--no-chart"], "")
    game_rows = [line for line in piped.splitlines() if re.match(r"│ (\d+) +│", line)]
    assert [re.match(r"│ (\d+)", line)[1] for line in game_rows[:12]] == [  # type: ignore[index]
        str(n) for n in range(1, 13)
    ]


def test_a_wide_session_at_80_columns_shows_cards_and_a_readable_chart(tmp_path: Path) -> None:
    shown = _run(["session", str(_big_session(tmp_path))], "80")
    assert "Game: 12" in shown and "too wide" not in shown
    assert "the 4 best and 4 worst of" in shown


def test_rules_list_in_a_pipe_keeps_each_preset_on_one_line() -> None:
    """The review's case: `seisan rules list | cat` split 20,0,-20 and "Tenho/u"."""
    from seisan.presets import presets  # noqa: PLC0415

    piped = _run(["rules", "list"], "")
    for rules in presets():
        line = next(x for x in piped.splitlines() if x.startswith(f"│ {rules.name} "))
        assert rules.title("en") in line
    assert "20,0,-20" in piped and "┃ Rounding " in piped


KATAKANA = re.compile(r"[\u30a1-\u30fa\u30fc]{2,}")
"""A katakana word (ペナルティ, ハウスルール): never broken across lines."""
HELPS = [
    ["--help"],
    ["settle", "--help"],
    ["hand", "--help"],
    ["seating", "--help"],
    ["ratings", "--help"],
    ["rules", "show", "--help"],
    ["session", "--help"],
]


def _help(args: list[str], columns: str, monkeypatch: pytest.MonkeyPatch,
          capsys: pytest.CaptureFixture[str]) -> str:  # fmt: skip
    import sys  # noqa: PLC0415

    monkeypatch.setattr(sys, "argv", ["seisan", *args])
    if columns:
        monkeypatch.setenv("COLUMNS", columns)
    else:  # a pipe: no terminal, no COLUMNS
        monkeypatch.delenv("COLUMNS", raising=False)
    with pytest.raises(SystemExit) as stop:
        main()
    assert stop.value.code in (0, None)
    return capsys.readouterr().out


@pytest.mark.parametrize("lang", ["en", "ja", "ko"])
@pytest.mark.parametrize("args", HELPS, ids=" ".join)
def test_help_fits_the_screen_and_breaks_no_word(
    args: list[str], lang: str, monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:  # fmt: skip
    """Click laid help out at 50 columns at least, counted characters (a CJK one is two
    cells) and cut a Japanese sentence to "..." in a command's list: at 40 columns the
    review saw lines of 54 and 「ル / ール」."""
    wide = _help([*args, "--lang", lang], "200", monkeypatch, capsys)
    words = set(WORD.findall(wide)) | set(KATAKANA.findall(wide))
    for columns in ("40", "80", ""):
        shown = _help([*args, "--lang", lang], columns, monkeypatch, capsys)
        limit = int(columns or "80")
        for line in shown.splitlines():
            assert cell_len(line.rstrip()) <= limit or " " not in line.strip(), (columns, line)
        cut = (set(WORD.findall(shown)) | set(KATAKANA.findall(shown))) - words
        assert not cut, (columns, sorted(cut)[:10])
        assert "..." not in shown.replace("[引数]...", "").replace("[ARGS]...", "").replace(
            "[인수]...", "") or args != ["--help"], shown  # fmt: skip


@pytest.mark.parametrize("args", [["rules", "list", "--lang", "ja"],
                                  ["rules", "show", "mleague", "--lang", "ja"]])  # fmt: skip
def test_a_japanese_word_is_whole_in_a_table_or_its_cards(args: list[str]) -> None:
    """A table keeps each Japanese phrase (文節) whole or turns into cards, as for a
    number or a Latin word (the reviews of 2026-12-05 found 「麻 / 雀」, 「オ / カ」 in a
    table at 100 columns, and a column a cell short at 160)."""
    piped = _run(args, "")
    for word in ("ウマ・オカ等分", "麻雀", "アガリやめ"):
        for columns in ("60", "80", "100", "120", "160"):
            assert _run(args, columns).count(word) == piped.count(word), (word, columns)


@pytest.mark.parametrize("columns", ["60", "80", "100"])
def test_a_file_named_in_a_narrow_table_is_folded_never_cut(tmp_path: Path, columns: str) -> None:
    """helper-67: at 80 columns the table of logs not imported showed
    `tests/data/tenhou/2019020120gm` and lost the rest of the name (Rich crops a cell
    wider than its column): a path longer than a word is folded after a `/` or `-`."""
    data = Path(__file__).parent / "data" / "tenhou"
    folder = tmp_path / "a-folder-of-logs-whose-name-is-long-enough-to-fold"
    folder.mkdir()
    for name in ("2019020120gm-0009-10011-215330df.mjlog", "2009022022gm-00a9-0000-cd94aac8.mjlog"):
        shutil.copy(data / name, folder / name)  # (one log alone is its one error line)
    log = folder / "2019020120gm-0009-10011-215330df.mjlog"
    result = CliRunner().invoke(app, ["import", "tenhou", str(folder), "-o", str(tmp_path / "out"),
                                      "--lang", "en"], env={"COLUMNS": columns})  # fmt: skip
    assert result.exit_code == 2
    table = result.stderr.split("Logs not imported: 1", 1)[1]
    if "│" in table:  # a table: the file's column, its lines joined
        shown = "".join(line.split("│")[1].strip() for line in table.splitlines() if "│" in line)
        assert all(cell_len(line) <= int(columns) for line in table.splitlines())
    else:  # cards (too narrow for the table): the name on its line, whole
        shown = table
    assert str(log) in shown


def _on_a_terminal(args: list[str], columns: int) -> str:
    """stderr of ``python -m seisan ARGS`` written to a pseudo-terminal ``columns`` wide."""
    import os  # noqa: PLC0415
    import pty  # noqa: PLC0415
    import subprocess  # noqa: PLC0415
    import sys  # noqa: PLC0415

    main, other = pty.openpty()
    env = dict(os.environ, COLUMNS=str(columns), LINES="20")
    subprocess.run([sys.executable, "-m", "seisan", *args], stdin=subprocess.DEVNULL,
                   stdout=subprocess.DEVNULL, stderr=other, env=env, check=False)  # fmt: skip
    os.close(other)
    said = b""
    while True:
        try:
            chunk = os.read(main, 4096)
        except OSError:  # (the other end closed: all read)
            break
        if not chunk:
            break
        said += chunk
    os.close(main)
    return said.decode().replace("\r\n", "\n")


@pytest.mark.parametrize("lang", ["en", "ja", "ko"])
def test_an_error_on_a_narrow_terminal_is_broken_between_words(lang: str) -> None:
    """helper-67: an error longer than the terminal was one line, which the terminal
    broke inside a number (`開始点（30⏎000`); on a terminal it is broken between words,
    a continuation indented; a pipe still gets one line (the tests above)."""
    args = ["settle", "--start", "30000", "--lang", lang, "--", "30000", "30000", "30000",
            "29000"]  # fmt: skip
    said = _on_a_terminal(args, 40)
    lines = said.rstrip("\n").split("\n")
    assert len(lines) > 2 and all(line.startswith("  ") for line in lines[1:])
    assert all(cell_len(line) <= 40 for line in lines)
    assert {"119000", "120000"} <= set(re.findall(r"\d+", said)) and "--deposits N" in said


@pytest.mark.parametrize("columns", ["40", "60", "80"])
def test_each_bar_of_the_place_chart_keeps_its_share_on_its_line(columns: str) -> None:
    """helper-67: at 40 columns a bar of 40 cells went to a line of its own and its
    share to the next; the bars are as long as the terminal leaves them."""
    shown = _run(["bulk", "summary", str(EXAMPLES / "points.csv"), "-r", "mleague",
                  "--lang", "ko"], columns)  # fmt: skip
    rows = [line for line in shown.splitlines() if re.match(r"^(자리 \d| +)  \d ", line)]
    assert len(rows) == 16
    assert all(re.search(r"\d+\.\d%$", line.rstrip()) for line in rows), rows
    assert all(cell_len(line.rstrip()) <= int(columns) for line in rows)
