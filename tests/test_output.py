"""No digit is ever lost: tables at any width, in a pipe, and for a 20-player session
(issue 7, item 13)."""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from decimal import Decimal
from pathlib import Path

import pytest
from typer.testing import CliRunner

from seisan.cli import app

BUSY = [
    "settle", "42600", "31000", "16400", "10000", "--rules", "mleague",
    "--names", "Ana,Ben,Chie,Dae", "--sashi", "Ana:Dae:10000", "--soto", "Eve:Chie",
    "--chips", "2,-1,0,-1", "--chip-value", "2", "--rate", "50", "--unit", "10", "--fee", "400",
]  # fmt: skip


def _run(args: list[str], columns: int) -> str:
    result = CliRunner().invoke(app, args, env={"COLUMNS": str(columns), "LANG": "C"})
    assert result.exit_code == 0, result.output
    return result.output


def _numbers(text: str) -> set[Decimal]:
    return {Decimal(n) for n in re.findall(r"\d+(?:\.\d+)?", text)}


def _json_numbers(data: object) -> set[Decimal]:
    """Every points, score, side, total and money figure of a settle result."""
    found: set[Decimal] = set()
    for r in [*data["results"], *data.get("spectators", [])]:  # type: ignore[index]
        for key in ("points", "score", "total", "money"):
            if key in r:
                found.add(abs(Decimal(r[key])))
        for value in r.get("side", {}).values():
            found.add(abs(Decimal(value)))
    return found


@pytest.mark.parametrize("columns", [40, 80, 200])
def test_every_number_of_the_json_appears_whole_in_the_table(columns: int) -> None:
    data = json.loads(_run([*BUSY, "--format", "json"], columns), parse_float=Decimal)
    out = _run(BUSY, columns)
    missing = _json_numbers(data) - _numbers(out)
    assert not missing, (columns, missing, out)
    width = max(len(line) for line in out.splitlines())
    assert width <= columns or (columns == 40 and width <= 40 + 1), out
    assert "+4610" in out  # the reviewer's money, not +461


def test_in_a_pipe_the_table_is_never_squeezed() -> None:
    """Piped (not a terminal, no COLUMNS), the table takes the width it needs."""
    env = {k: v for k, v in os.environ.items() if k != "COLUMNS"}
    env |= {"LANG": "C", "PYTHONIOENCODING": "utf-8"}
    out = subprocess.run(
        [sys.executable, "-m", "seisan", *BUSY], capture_output=True, text=True, env=env,
        check=True,
    ).stdout  # fmt: skip
    assert re.search(r"│ Ana .*│ \+4610 │$", out, re.M), out  # one row, nothing cut


def test_a_narrow_terminal_shows_a_card_a_player() -> None:
    out = _run(BUSY, 40)
    assert "Money: +4610" in out and "Name: Ana" in out


def test_a_twenty_player_session_stays_readable(tmp_path: Path) -> None:
    names = [f"P{i:02d}" for i in range(20)]
    lines = ["game,seats," + ",".join(names)]
    for game in range(10):
        seated = [names[(game * 3 + k) % 20] for k in range(4)]
        cells = []
        for name in names:
            cells.append(str([40000, 30000, 20000, 10000][seated.index(name)])
                         if name in seated else "")  # fmt: skip
        lines.append(f"{game + 1},{';'.join(seated)}," + ",".join(cells))
    path = tmp_path / "club.csv"
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    out = _run(["session", str(path), "--rules", "tenhou-2020"], 100)
    data = json.loads(
        _run(["session", str(path), "--rules", "tenhou-2020", "-f", "json"], 100),
        parse_float=Decimal,
    )
    totals = {p["name"]: Decimal(p["total"]) for p in data["players"]}
    ranked = sorted(totals, key=lambda n: -totals[n])
    # the standings list everyone by rank, with every total whole
    order = [line.split("│")[2].strip() for line in out.splitlines()
             if re.match(r"│\s+\d+ │ P\d\d", line)]  # fmt: skip
    assert order == ranked
    assert {abs(v) for v in totals.values()} <= _numbers(out)
    # the chart draws the 4 best and the 4 worst (20 lines cannot be told apart, issue
    # 16), one marker each, and says so
    legend = [line for line in out.splitlines() if re.search(r"^\s+\S P\d\d", line)]
    markers = re.findall(r"(\S) (P\d\d)", " ".join(legend))
    assert len(markers) == 8 == len({m for m, _name in markers})
    assert [name for _m, name in markers] == [*ranked[:4], *ranked[-4:]]
    assert "the 4 best and 4 worst of 20" in out


@pytest.mark.parametrize(
    "data",
    [
        {"games": [{"score": Decimal("5.8")}, 1, None, [Decimal("-0.3")], "x"], "n": 3},
        {"title": "\x00 天鳳", "running": {"Ana": [Decimal("1.5"), 2, Decimal("1.50")]}},
        {"empty": [], "one": [1], "two": [1, 2], "three": [1, 2, 3]},
        [Decimal("0.001"), {"a": 1}],
        {},
        "text",
    ],
    ids=["list-over-batch", "marks-and-cjk", "batch-edges", "not-an-object", "empty", "text"],
)
def test_json_written_piece_by_piece_is_the_same_text(data: object) -> None:
    """A long session's JSON is written a value (or a batch of a list) at a time
    (issue 20); the text is the compact JSON made whole, byte for byte."""
    import io  # noqa: PLC0415

    from seisan.output import dumps_json, write_json  # noqa: PLC0415

    stream = io.StringIO()
    write_json(data, stream, batch=2)
    assert stream.getvalue() == dumps_json(data, None)
    assert json.loads(stream.getvalue(), parse_float=Decimal) == data


def test_json_with_keys_that_are_not_text_is_written_as_json_writes_them() -> None:
    """JSON's keys are text: a number, None or True as a key is written the way the
    json module writes it, piece by piece or whole (the review of issue 20)."""
    import io  # noqa: PLC0415

    from seisan.output import dumps_json, write_json  # noqa: PLC0415

    for data in ({1: 2}, {None: 1, True: [1, 2, 3]}, {"a": 1, 2: 3}):
        stream = io.StringIO()
        write_json(data, stream, batch=2)
        assert stream.getvalue() == dumps_json(data, None) == json.dumps(data)


def test_json_text_is_written_as_it_is_wherever_it_is_and_refused_elsewhere() -> None:
    """Issue 20: a long session's rows and running totals come as JSON text already
    (:class:`~seisan.pt.JSONText`): written as they are in a list (beside values that
    are not text, and past a batch's edge), as an object's value and as the whole; JSON
    made whole refuses one rather than write it as a quoted string."""
    import io  # noqa: PLC0415

    from seisan.output import dumps_json, write_json  # noqa: PLC0415
    from seisan.pt import JSONText  # noqa: PLC0415

    row = JSONText('{"label": "第1 \\"局\\"", "x": 1.5}')
    data = {
        "games": [row, {"label": "2"}, {"label": "3"}, row, []],
        "running": {"Ana": JSONText("[0, 1.5]"), "Ben": [Decimal("2.5")]},
        "empty": [],
    }
    stream = io.StringIO()
    write_json(data, stream, batch=2)
    plain = {
        "games": [json.loads(row.text), {"label": "2"}, {"label": "3"}, json.loads(row.text), []],
        "running": {"Ana": [0, Decimal("1.5")], "Ben": [Decimal("2.5")]},
        "empty": [],
    }
    assert stream.getvalue() == dumps_json(plain, None)
    stream = io.StringIO()
    write_json(row, stream)
    assert stream.getvalue() == row.text
    with pytest.raises(TypeError, match="JSONText is not JSON data"):
        dumps_json({"games": [row]})


@pytest.mark.parametrize(
    ("text", "width", "lines"),
    [
        # a number stays with its word; Korean and Latin break at their spaces
        ("2han40fu 2600 ron", 16, ["2han40fu 2600", "ron"]),
        ("supercalifragilistic word", 10, ["supercalifragilistic", "word"]),
        ("", 5, [""]),
        ("   ", 5, [""]),
        # a run of ー wider than the line: a line holds at least one character
        ("ーーーー", 5, ["ーー", "ーー"]),
        # Latin letters and signs past ASCII are letters of their word (helper-56:
        # “(PDF, §3.4.6, §4.1, §” / “5.8)” at 40 columns)
        ("(PDF, §3.4.6, §4.1, §5.8)", 20, ["(PDF, §3.4.6, §4.1,", "§5.8)"]),
        ("Herr Strauß", 8, ["Herr", "Strauß"]),
        # but a sign is no letter: Korean's list separator · may end a line (helper-58:
        # 아가리야메·텐파이야메 had become one word, and rules show a list at 60 columns)
        ("아가리야메·텐파이야메", 12, ["아가리야메·", "텐파이야메"]),
    ],
)  # fmt: skip
def test_lines_break_between_words(text: str, width: int, lines: list[str]) -> None:
    from seisan.output import wrap_cells  # noqa: PLC0415

    assert wrap_cells(text, width) == lines


@pytest.mark.parametrize(
    ("text", "whole"),
    [
        ("ウマの後に引くペナルティ", ["ペナルティ", "ウマの"]),
        ("人数: 4か3（既定: ルールの人数、なければ持ち点の数）。", ["ルールの", "持ち点の"]),
        ("席順の最終持ち点（席0 = 起家）。 [必須]", ["[必須]", "最終持ち点"]),
        ("6판(六翻) 8000/12000 (토비상, 飛び賞)", ["6판(六翻)", "飛び賞)", "토비상,"]),
        ("30,000点以上でトップのオーラスで、届かないとき", ["30,000点以上で", "オーラス"]),
        # helper-56: はい split in two at 40 columns; 40000 and its 点 on two lines
        ("和了は1人のみ(頭ハネ、上家優先): はい", ["はい", "1人のみ"]),
        ("東南戦で40000点以上のプレイヤーが南4局を終えると", ["40000点", "南4局"]),
        ("途中流局: なし、流し満貫: あり", ["なし、", "あり"]),
    ],
)  # fmt: skip
@pytest.mark.parametrize("width", [10, 12, 16, 24, 40])
def test_japanese_breaks_between_phrases(text: str, whole: list[str], width: int) -> None:
    """BudouX's phrases (文節), whatever its model's next version divides: each word here
    stays on one line where it fits, every line fits, and nothing is lost."""
    from rich.cells import cell_len  # noqa: PLC0415

    from seisan.output import wrap_cells  # noqa: PLC0415

    lines = wrap_cells(text, width)
    assert "".join(lines).replace(" ", "") == text.replace(" ", "")
    assert all(cell_len(line) <= width for line in lines), lines
    for word in whole:
        if cell_len(word) <= width:
            assert any(word in line for line in lines), (word, lines)
    assert not any(line.startswith(("ー", "ッ", "ャ", "、", "。", "）")) for line in lines)
