"""seisan bulk and seisan.bulk.io / seisan.bulk.dask on real files: Parquet, CSV and
Arrow in, streamed in batches, the same numbers as the core; a Dask LocalCluster of
two workers gives the same as one process."""

from __future__ import annotations

import csv
import json
import re
import subprocess
import sys
import zlib
from decimal import Decimal
from fractions import Fraction
from pathlib import Path
from typing import Any

import numpy as np
import pyarrow as pa
import pyarrow.csv as pacsv
import pyarrow.parquet as pq
import pytest
from pyarrow import ipc
from test_bulk import random_games

from seisan import find_preset, settle
from seisan.bulk import BulkError, settle_arrays
from seisan.bulk.io import settle_file, summarise
from seisan.cli import app
from seisan.pt import pt_value
from seisan.rules import Scoring


def write_points(path: Path, points: np.ndarray, sticks: np.ndarray, names=None) -> None:  # type: ignore[no-untyped-def]
    names = names or [f"p{i}" for i in range(points.shape[1])]
    columns = {name: points[:, i] for i, name in enumerate(names)} | {"deposits": sticks}
    table = pa.table(columns)
    if path.suffix == ".parquet":
        pq.write_table(table, path, row_group_size=1000)
    elif path.suffix == ".csv":
        pacsv.write_csv(table, path)
    else:
        with ipc.new_file(path, table.schema) as writer:
            writer.write_table(table, max_chunksize=1000)


@pytest.mark.parametrize(("source", "target"), [
    ("in.parquet", "out.parquet"), ("in.csv", "out.csv"), ("in.arrow", "out.parquet"),
    ("in.parquet", "out.arrow"),
])  # fmt: skip
def test_files_in_and_out_match_the_core(tmp_path: Path, source: str, target: str) -> None:
    rules = find_preset("mleague")
    points, sticks = random_games(rules, 5000, seed=11)
    write_points(tmp_path / source, points, sticks)
    rows = settle_file(tmp_path / source, tmp_path / target, [rules], batch_size=700)
    assert rows == 5000
    path = tmp_path / target
    if path.suffix == ".csv":
        table = pacsv.read_csv(path, convert_options=pacsv.ConvertOptions(
            column_types={f"score_{i}": pa.string() for i in range(4)}))  # fmt: skip
    elif path.suffix == ".arrow":
        table = ipc.open_file(path).read_all()
    else:
        table = pq.read_table(path)
    for row in (0, 1, 699, 700, 4999):  # batch edges
        expected = settle(points[row].tolist(), rules, deposits=int(sticks[row]))
        got = [Fraction(str(table.column(f"score_{i}")[row].as_py())) for i in range(4)]
        assert got == list(expected.scores)
        assert [table.column(f"place_{i}")[row].as_py() for i in range(4)] == list(expected.places)


def test_scores_are_exact_decimals(tmp_path: Path) -> None:
    rules = find_preset("mleague")
    write_points(tmp_path / "in.parquet", np.array([[42600, 31000, 16400, 10000]]), np.array([0]))
    settle_file(tmp_path / "in.parquet", tmp_path / "out.parquet", [rules])
    table = pq.read_table(tmp_path / "out.parquet")
    assert table.schema.field("score_0").type == pa.decimal128(18, 1)
    assert [table.column(f"score_{i}")[0].as_py() for i in range(4)] == [
        Decimal("62.6"), Decimal("11.0"), Decimal("-23.6"), Decimal("-50.0")]  # fmt: skip


def test_compare_writes_a_column_per_rules_set(tmp_path: Path) -> None:
    write_points(tmp_path / "in.parquet", np.array([[42600, 31000, 16400, 10000]]), np.array([0]))
    rules = [find_preset(n) for n in ("mleague", "tenhou", "one-two-oka")]
    settle_file(tmp_path / "in.parquet", tmp_path / "out.parquet", rules)
    row = pq.read_table(tmp_path / "out.parquet").to_pylist()[0]
    assert (row["score_mleague_0"], row["score_tenhou_0"], row["score_one-two-oka_0"]) == (
        Decimal("62.6"), Decimal("52.6"), Decimal("52.6"))  # fmt: skip


def test_a_bad_row_is_named_by_its_place_in_the_file(tmp_path: Path) -> None:
    rules = find_preset("mleague")
    points, sticks = random_games(rules, 3000, seed=5)
    points[2500, 0] += 100
    write_points(tmp_path / "in.parquet", points, sticks)
    with pytest.raises(BulkError, match="row 2501: points that do not add up"):
        settle_file(tmp_path / "in.parquet", tmp_path / "out.parquet", [rules], batch_size=1000)
    assert not (tmp_path / "out.parquet").exists()  # nothing half-written


@pytest.mark.parametrize(("columns", "message"), [
    (["a", "b", "c", "d"], "no column “p0”"),
])  # fmt: skip
def test_missing_columns(tmp_path: Path, columns: list[str], message: str) -> None:
    write_points(tmp_path / "in.parquet", np.array([[42600, 31000, 16400, 10000]]),
                 np.array([0]), columns)  # fmt: skip
    with pytest.raises(BulkError, match=message):
        settle_file(tmp_path / "in.parquet", tmp_path / "out.parquet", [find_preset("mleague")])
    rows = settle_file(tmp_path / "in.parquet", tmp_path / "out.parquet",
                       [find_preset("mleague")], columns=columns)  # fmt: skip
    assert rows == 1


def test_text_points_are_refused(tmp_path: Path) -> None:
    (tmp_path / "in.csv").write_text("p0,p1,p2,p3\n42600,31000,16400,lots\n", encoding="utf-8")
    with pytest.raises(BulkError, match="row 1: column p3: “lots” is not whole points"):
        settle_file(tmp_path / "in.csv", tmp_path / "out.csv", [find_preset("mleague")])


@pytest.mark.parametrize(("cell", "said"), [
    ("NaN", "row 2: column p1: “NaN” is not whole points"),  # (Arrow's null: “is empty”)
    ("N/A", "row 2: column p1: “N/A” is not whole points"),
    ("4.26e4", "row 2: column p1: “4.26e4” is written with an exponent; write the points as "
               "42600"),
    ("4.26E+04", "row 2: column p1: “4.26E+04” is written with an exponent; write the points "
                 "as 42600"),
    ("4.2655e2", "row 2: column p1: “4.2655e2” is not whole points"),
    ("31000.0", "row 2: column p1: “31000.0” is not whole points"),  # (as session says it)
    ("inf", "row 2: column p1: “inf” is not whole points"),
    ("", "row 2: column p1 is empty"),
    ("99999999999999999999", "column p1 holds numbers far beyond any game's points"),
    ("+-31000", "row 2: column p1: “+-31000” is not whole points"),  # (one sign, as session)
    ("++31000", "row 2: column p1: “++31000” is not whole points"),
])  # fmt: skip
def test_a_csv_cell_that_is_not_whole_points_is_named_by_row_and_column(
    tmp_path: Path, cell: str, said: str
) -> None:
    """Arrow's guess of a column's type had said “is empty” of NaN and “numbers with
    decimals” of 4.26e4 (which has none), without the row."""
    source = tmp_path / "in.csv"
    source.write_text(f"p0,p1,p2,p3\n42600,31000,16400,10000\n42600,{cell},16400,10000\n",
                      encoding="utf-8")  # fmt: skip
    for settle_or_summarise in (
        lambda: settle_file(source, tmp_path / "out.csv", [find_preset("mleague")]),
        lambda: summarise(source, [find_preset("mleague")]),
    ):
        with pytest.raises(BulkError) as err:
            settle_or_summarise()
        assert str(err.value) == said


def test_csv_points_with_a_sign_or_spaces_are_read_and_written_back_as_numbers(
    tmp_path: Path,
) -> None:
    source, target = tmp_path / "in.csv", tmp_path / "out.csv"
    source.write_text("p0,p1,p2,p3,deposits\n+42600, 31000 ,16400,10000,\n"
                      "42600,31000,16400,9000,1\n", encoding="utf-8")  # fmt: skip
    assert settle_file(source, target, [find_preset("mleague")]) == 2
    lines = target.read_text(encoding="utf-8").splitlines()
    assert lines[1].startswith("42600,31000,16400,10000,,1,")  # (no sticks: left empty)
    assert lines[2].startswith("42600,31000,16400,9000,1,1,")
    sticks = tmp_path / "sticks.csv"
    sticks.write_text("p0,p1,p2,p3,deposits\n42600,31000,16400,9000,one\n", encoding="utf-8")
    with pytest.raises(BulkError) as err:
        settle_file(sticks, target, [find_preset("mleague")])
    assert str(err.value) == "row 1: column deposits: “one” is not a count of riichi sticks"


@pytest.mark.parametrize("separator", [";", "\t"])
def test_a_csv_separated_as_session_reads_it_is_read(tmp_path: Path, separator: str) -> None:
    """``seisan session`` reads a ``;``- or tab-separated CSV by its header line;
    bulk had found one column named “p0;p1;p2;p3”."""
    source, target = tmp_path / "in.csv", tmp_path / "out.csv"
    rows = [["p0", "p1", "p2", "p3", "deposits", "memo"],
            ["42600", "31000", "16400", "10000", "0", '"a;b"'],  # (quoted: a cell's own ;)
            ["38000", "30000", "20000", "10000", "2", "x"]]  # fmt: skip
    source.write_text("".join(separator.join(r) + "\n" for r in rows), encoding="utf-8")
    assert settle_file(source, target, [find_preset("mleague")]) == 2
    table = pacsv.read_csv(target, convert_options=pacsv.ConvertOptions(
        column_types={f"score_{i}": pa.string() for i in range(4)}))  # fmt: skip
    assert table.column("memo").to_pylist() == ["a;b", "x"]
    assert [[Fraction(table.column(f"score_{i}")[row].as_py()) for i in range(4)]
            for row in (0, 1)] == [[Fraction("62.6"), 11, Fraction("-23.6"), -50],
                                   [60, 10, -20, -50]]  # fmt: skip
    (summary,) = summarise(source, [find_preset("mleague")])
    assert summary.games == 2 and summary.place_counts[0] == (2, 0, 0, 0)


def test_a_comma_csv_with_a_separator_in_a_column_name_stays_comma_separated(
    tmp_path: Path,
) -> None:
    """helper-77: a header ``date;time,p0,…`` had been read as ``;``-separated (the
    first separator found won), and the file that settled the day before refused: the
    header's most frequent separator is the file's."""
    from seisan.output import csv_separator  # noqa: PLC0415

    source, target = tmp_path / "in.csv", tmp_path / "out.csv"
    source.write_text("date;time,p0,p1,p2,p3\n2024-01-01;20:00,42600,31000,16400,10000\n",
                      encoding="utf-8")  # fmt: skip
    assert settle_file(source, target, [find_preset("mleague")]) == 1
    assert target.read_text(encoding="utf-8").splitlines()[1].startswith('"2024-01-01;20:00",4')
    assert [csv_separator(h) for h in ("a;b;c,d", "a\tb;c", "a;b\tc\td", "p0", "a\tb,c")] == [
        ";",
        "\t",
        "\t",
        ",",
        "\t",
    ]  # (a tie to tab, then ;)


def test_summary(tmp_path: Path) -> None:
    points = np.array([[42600, 31000, 16400, 10000], [10000, 16400, 31000, 42600]])
    write_points(tmp_path / "in.parquet", points, np.array([0, 0]))
    (summary,) = summarise(tmp_path / "in.parquet", [find_preset("mleague")])
    assert summary.games == 2
    assert summary.place_counts[0] == (1, 0, 0, 1) and summary.place_counts[1] == (0, 1, 1, 0)
    assert summary.by_place == (Fraction("62.6"), 11, Fraction("-23.6"), -50)
    assert summary.quantiles[0] == -50 and summary.quantiles[-1] == Fraction("62.6")
    assert summary.mean == 0


def test_a_place_nobody_took_has_no_mean_not_a_mean_of_zero(tmp_path: Path, cli) -> None:  # type: ignore[no-untyped-def]
    """Under M.League's split ties, four players on 25,000 all share first place, and
    two on 25,000 behind a 35,000 share second: nobody is third in either game. Its
    mean had been written 0 (a number nobody scored); it is none: null in JSON, an
    empty cell in CSV, “—” in the table."""
    points = np.array([[25000, 25000, 25000, 25000], [25000, 35000, 25000, 15000]])
    write_points(tmp_path / "in.parquet", points, np.array([0, 0]))
    (summary,) = summarise(tmp_path / "in.parquet", [find_preset("mleague")])
    # first: the four shared firsts (0 each: −5 and a quarter of 20 oka and 0 uma) and
    # +55 (35,000: +5, oka 20, uma 30); second: the two on 25,000 (−5 + (10 − 10) / 2)
    assert summary.by_place == (11, -5, None, -45)
    data = cli.json("bulk", "summary", str(tmp_path / "in.parquet"), "-r", "mleague")
    assert data[0]["mean_by_place"] == [Decimal(11), Decimal(-5), None, Decimal(-45)]
    csv_text = cli.run("bulk", "summary", str(tmp_path / "in.parquet"), "-r", "mleague",
                       "-f", "csv")  # fmt: skip
    assert csv_text.splitlines()[1].endswith(",11.000,-5.000,,-45.000")
    table = cli.run("bulk", "summary", str(tmp_path / "in.parquet"), "-r", "mleague",
                    "--no-chart")  # fmt: skip
    assert "│ +11.0 │ -5.0 │ — │ -45.0 │" in " ".join(table.split())


def test_a_summary_names_its_rules_in_the_readers_words_and_keeps_their_keys(
    tmp_path: Path, cli
) -> None:  # type: ignore[no-untyped-def]
    """On screen each rules' heading as settle shows it (M리그, 텐호 (4인): helper-94
    found the presets' keys there); the JSON and CSV keep the key, which a program reads."""
    points = np.array([[42600, 31000, 16400, 10000]])
    write_points(tmp_path / "in.parquet", points, np.array([0]))
    given = ["bulk", "summary", str(tmp_path / "in.parquet"), "-r", "mleague", "--compare",
             "tenhou"]  # fmt: skip
    shown = cli.run(*given, "--lang", "ko")
    assert "M리그" in shown and "M리그: 자리별 순위" in shown and "텐호 (4인)" in shown
    assert "mleague" not in shown and "tenhou" not in shown
    assert [row["rules"] for row in cli.json(*given, "--lang", "ko")] == ["mleague", "tenhou"]
    assert cli.run(*given, "-f", "csv", "--lang", "ja").splitlines()[1].startswith("mleague,")


@pytest.mark.parametrize("preset", ["mleague", "jpml", "tenhou-sanma", "exact"])
def test_summary_quantiles_and_mean_are_those_of_every_score_sorted(
    tmp_path: Path, preset: str
) -> None:
    """The summary counts each score instead of keeping them all: its quantiles (the
    lower value at a split) and mean equal those of every score sorted, across batches
    (and in thousandths of pt under 精算法)."""
    if preset == "exact":
        rules = find_preset("mleague").replace(scoring=Scoring(system="exact"))
    else:
        rules = find_preset(preset)
    points, sticks = random_games(rules, 5000, seed=11)
    write_points(tmp_path / "in.parquet", points, sticks)
    (summary,) = summarise(tmp_path / "in.parquet", [rules], batch_size=777)
    every = np.sort(settle_arrays(points, rules, sticks).quanta.ravel())
    last, per_pt = len(every) - 1, 1000 // rules.unit
    assert summary.quantiles == tuple(
        Fraction(int(every[last * q // 100]), per_pt) for q in (0, 10, 25, 50, 75, 90, 100)
    )
    assert summary.mean == Fraction(int(every.sum()), per_pt * len(every))


def test_the_cli(tmp_path: Path, cli) -> None:  # type: ignore[no-untyped-def]
    write_points(tmp_path / "in.parquet", np.array([[42600, 31000, 16400, 10000]]), np.array([0]))
    cli.run("bulk", "settle", str(tmp_path / "in.parquet"), "-o", str(tmp_path / "out.csv"),
            "-r", "mleague")  # fmt: skip
    text = (tmp_path / "out.csv").read_text(encoding="utf-8")
    assert "62.6" in text and "place_0" in text
    data = cli.json("bulk", "summary", str(tmp_path / "in.parquet"), "-r", "mleague",
                    "--compare", "tenhou")  # fmt: skip
    assert [d["rules"] for d in data] == ["mleague", "tenhou"]
    assert data[0]["mean_by_place"][0] == Decimal("62.6")
    error = cli.run("bulk", "settle", str(tmp_path / "nope.parquet"), "-o",
                    str(tmp_path / "x.parquet"), "-r", "mleague", code=2)  # fmt: skip
    assert "nope.parquet" in error and "Traceback" not in error


def test_dask_on_two_workers_equals_one_process(tmp_path: Path) -> None:
    dd = pytest.importorskip("dask.dataframe")
    distributed = pytest.importorskip("distributed")
    settle_dataframe = pytest.importorskip("seisan.bulk.dask").settle_dataframe
    rules = find_preset("jpml")  # floating uma
    points, sticks = random_games(rules, 4000, seed=2)
    folder = tmp_path / "games"
    folder.mkdir()
    for part in range(4):  # a multi-file Parquet dataset
        chunk = slice(part * 1000, (part + 1) * 1000)
        keep = np.array([_ok(rules, p, s) for p, s in zip(points[chunk], sticks[chunk],
                                                            strict=True)])  # fmt: skip
        write_points(folder / f"part-{part}.parquet", points[chunk][keep], sticks[chunk][keep])
    frame = dd.read_parquet(str(folder))
    single = settle_dataframe(frame, rules).compute(scheduler="synchronous")
    with distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True,
                                  dashboard_address=None) as cluster, \
            distributed.Client(cluster) as client:  # fmt: skip
        assert len(client.scheduler_info()["workers"]) == 2
        spread = settle_dataframe(frame, rules).compute()
    assert single.equals(spread)
    first = single.iloc[0]
    expected = settle([int(first[f"p{i}"]) for i in range(4)], rules,
                      deposits=int(first["deposits"]))  # fmt: skip
    assert [Fraction(int(first[f"score_{i}"]), 10) for i in range(4)] == list(expected.scores)


def _ok(rules, points, sticks) -> bool:  # type: ignore[no-untyped-def]
    try:
        settle(points.tolist(), rules, deposits=int(sticks))
    except Exception:
        return False
    return True


@pytest.mark.parametrize(
    ("data", "said"),
    [
        ("p0,p1,p2,p3,メモ\n42600,31000,16400,10000,東1局\n".encode("cp932"), True),
        ("p0,p1,p2,p3,メモ\n42600,31000,16400,10000,東1局\n".encode("utf-8-sig"), False),
    ],
    ids=["shift-jis", "utf-8-bom"],
)
def test_a_csv_in_shift_jis_is_read_and_said(
    tmp_path: Path,
    cli,
    data: bytes,
    said: bool,  # type: ignore[no-untyped-def]
) -> None:
    source, target = tmp_path / "in.csv", tmp_path / "out.csv"
    source.write_bytes(data)
    result = cli.runner.invoke(app, ["bulk", "settle", str(source), "-o", str(target),
                                     "-r", "mleague"])  # fmt: skip
    assert result.exit_code == 0, result.stderr
    assert ("is not UTF-8; read it as Shift_JIS (cp932)" in result.stderr) is said
    table = pacsv.read_csv(target)
    assert table.column("メモ").to_pylist() == ["東1局"]
    assert [str(v) for v in table.column("score_0").to_pylist()] == ["62.6"]


def test_an_empty_csv_and_a_bad_batch_size_are_refused(tmp_path: Path, cli) -> None:  # type: ignore[no-untyped-def]
    (tmp_path / "head.csv").write_text("p0,p1,p2,p3\n", encoding="utf-8")
    err = cli.run("bulk", "settle", str(tmp_path / "head.csv"), "-o", str(tmp_path / "o.csv"),
                  "-r", "tenhou", code=2)  # fmt: skip
    assert "head.csv has no games in it" in err
    assert not (tmp_path / "o.csv").exists()
    for size in ("0", "-5"):
        err = cli.run("bulk", "summary", str(tmp_path / "head.csv"), "-r", "tenhou",
                      "--batch-size", size, code=2)  # fmt: skip
        assert f"--batch-size must be a whole number above 0, not {size}" in err
    for size in ("4194305", "2147483648", "99999999999999999999999"):  # (a traceback, helper-56)
        err = cli.run("bulk", "summary", str(tmp_path / "head.csv"), "-r", "tenhou",
                      "--batch-size", size, code=2)  # fmt: skip
        assert err == (f"seisan: error: --batch-size {size} is more rows than one batch holds "
                       "(at most 4194304)\n")  # fmt: skip


def test_the_exact_systems_scores_are_written_to_the_thousandth(tmp_path: Path) -> None:
    """精算法: 42601 points under M.League's scores +62.601, written with three
    decimals (the review's mutant wrote one: 62.6); as ``seisan settle`` writes them,
    the others with no more than they need."""
    rules = find_preset("mleague").replace(scoring=Scoring(system="exact"))
    source, target = tmp_path / "in.csv", tmp_path / "out.csv"
    source.write_text("p0,p1,p2,p3\n42601,30999,16400,10000\n", encoding="utf-8")
    settle_file(source, target, [rules])
    row = target.read_text(encoding="utf-8").splitlines()[1].split(",")
    assert row[4:] == ["1", "62.601", "2", "10.999", "3", "-23.6", "4", "-50"]


@pytest.mark.parametrize("memo", [False, True])
@pytest.mark.parametrize("preset", ["mleague", "wrc", "tenhou-2020", "jpml", "exact"])
def test_a_csv_writes_each_score_as_settle_does(tmp_path: Path, preset: str, memo: bool) -> None:
    """``seisan settle -f csv`` writes 2 where bulk had written 2.0 (the decimal column's
    one decimal); a file with a text column of its own takes another path (Arrow
    quotes text), tried with cells that hold quotes, commas and line breaks."""
    if preset == "exact":
        rules = find_preset("mleague").replace(scoring=Scoring(system="exact"))
    else:
        rules = find_preset(preset)
    points, sticks = random_games(rules, 400, seed=3)
    table = pa.table({f"p{i}": points[:, i] for i in range(4)} | {"deposits": sticks})
    notes = ['a,"1,2"\n', "123", 'x""\n,"5"', None, "東1局"]
    if memo:
        table = table.append_column("memo", pa.array([notes[i % 5] for i in range(400)]))
    pq.write_table(table, tmp_path / "in.parquet")
    settle_file(tmp_path / "in.parquet", tmp_path / "out.csv", [rules], batch_size=150)
    with (tmp_path / "out.csv").open(encoding="utf-8", newline="") as file:
        rows = list(csv.reader(file))
    header = rows[0]
    assert len(rows) == 401
    for row, cells in enumerate(rows[1:]):
        expected = settle(points[row].tolist(), rules, deposits=int(sticks[row]))
        assert [cells[header.index(f"score_{i}")] for i in range(4)] == [
            str(pt_value(s)) for s in expected.scores]  # fmt: skip
        assert [int(cells[header.index(f"place_{i}")]) for i in range(4)] == list(expected.places)
        if memo:
            assert cells[header.index("memo")] == (notes[row % 5] or "")
    assert any(
        "." not in str(pt_value(s))
        for row in range(400)
        for s in settle(points[row].tolist(), rules, deposits=int(sticks[row])).scores
    )


def test_bytes_that_are_not_utf8_after_the_first_mib_are_named(tmp_path: Path, cli) -> None:  # type: ignore[no-untyped-def]
    """The review's case: the encoding is read off the first MiB; a Shift_JIS row after
    it ended in a traceback. Now one line, exit 2, and no half-written output."""
    rows = "p0,p1,p2,p3,memo\n" + "40000,30000,20000,10000,x\n" * 50_000
    source, target = tmp_path / "late.csv", tmp_path / "out.csv"
    source.write_bytes(rows.encode() + "40000,30000,20000,10000,東卓\n".encode("cp932"))
    err = cli.run("bulk", "settle", str(source), "-o", str(target), "-r", "mleague", code=2)
    assert "late.csv: cannot be read from row 1 on" in err and err.count("\n") == 1
    assert not target.exists()


@pytest.mark.parametrize(
    "data",
    [
        b"p0,p1,p2,p3\n40000,30000,20000,10000\n\x85\x40\n",  # 0x85: no Shift_JIS lead byte
        "p0,p1,p2,p3\n40000,30000,20000,10000\n".encode("utf-16"),
        b"p0,p1,p2,p3\n40000,30000,20000,10000\n\x81\x40\x00\n",  # a NUL: no text
    ],
    ids=["no-shift-jis-byte", "utf-16", "binary"],
)
@pytest.mark.parametrize("command", ["settle", "summary"])
def test_a_csv_neither_utf8_nor_shift_jis_is_refused_before_a_word_of_shift_jis(
    tmp_path: Path,
    cli,
    data: bytes,
    command: str,  # type: ignore[no-untyped-def]
) -> None:
    """The review (helper-56): such a file was announced as read in Shift_JIS, then
    ended in a traceback (UnicodeDecodeError) or was read as one column of noise."""
    source, target = tmp_path / "odd.csv", tmp_path / "out.csv"
    source.write_bytes(data)
    output = ["-o", str(target)] if command == "settle" else []
    err = cli.run("bulk", command, str(source), *output, "-r", "mleague", code=2)
    assert err == f"seisan: error: {source}: neither UTF-8 nor Shift_JIS text\n"
    assert not target.exists()


def test_a_shift_jis_csv_with_a_stray_byte_past_its_first_block_names_the_row(
    tmp_path: Path,
) -> None:
    """Arrow's own transcoding called Python's codec from its reading threads: a byte
    that is not Shift_JIS past the first block hung ``bulk summary --batch-size 2000``
    for good (the review's case). Now the file is made UTF-8 first, and the row said.
    Run as its own process with a time limit, so that a hang fails the test."""
    rows = "名,p1,p2,p3\n" + "40000,30000,20000,10000\n" * 200_000
    source = tmp_path / "late.csv"
    source.write_bytes(rows.encode("cp932") + b"\x85\x40,1,1,1\n")
    seisan = Path(sys.executable).with_name("seisan")
    run = subprocess.run(
        [str(seisan), "bulk", "summary", str(source), "-r", "mleague", "--batch-size", "2000",
         "--columns", "名,p1,p2,p3", "--lang", "en"],
        capture_output=True, text=True, timeout=120, check=False,
    )  # fmt: skip
    assert run.returncode == 2, run.stderr
    assert run.stderr.splitlines() == [
        f"seisan: {source} is not UTF-8; read it as Shift_JIS (cp932)",
        f"seisan: error: {source}: cannot be read from row 200001 on (not Shift_JIS text); "
        "save it as UTF-8 or Shift_JIS throughout",
    ]
    good = tmp_path / "good.csv"
    good.write_bytes(rows.encode("cp932"))
    run = subprocess.run(
        [str(seisan), "bulk", "summary", str(good), "-r", "mleague", "--batch-size", "2000",
         "--columns", "名,p1,p2,p3", "--lang", "en", "--format", "json"],
        capture_output=True, text=True, timeout=120, check=False,
    )  # fmt: skip
    assert run.returncode == 0, run.stderr
    assert '"games": 200000' in run.stdout.replace(" ", "").replace('"games":', '"games": ')


def test_side_bets_and_money_of_the_rules_are_said_to_be_left_out(tmp_path: Path, cli) -> None:  # type: ignore[no-untyped-def]
    """The bulk engine settles scores alone: a house file's 飛び賞 or rate is named on
    stderr, never dropped in silence; the scores are the core's ``settle()``'s."""
    write_points(tmp_path / "in.parquet", np.array([[62600, 31000, 16400, -10000]]), np.array([0]))
    (tmp_path / "house.toml").write_text('extends = "mleague"\n[side]\ntobi = 10000\n'
                                         "[money]\nrate = 50\n", encoding="utf-8")  # fmt: skip
    source, house = str(tmp_path / "in.parquet"), str(tmp_path / "house.toml")
    result = cli.runner.invoke(app, ["bulk", "settle", source, "-o", str(tmp_path / "out.csv"),
                                     "-r", house])  # fmt: skip
    assert result.exit_code == 0, result.stderr
    assert result.stderr.splitlines()[0] == (
        "seisan: house: side.tobi, money.rate left out: bulk settles each game's score alone "
        "(seisan session settles side bets and money)"
    )
    assert "82.6" in (tmp_path / "out.csv").read_text(encoding="utf-8")  # no 飛び賞 in it
    plain = cli.runner.invoke(app, ["bulk", "summary", source, "-r", "mleague", "--compare",
                                    "tenhou", "--format", "json"])  # fmt: skip
    assert plain.exit_code == 0 and "left out" not in plain.stderr


def test_a_shift_jis_csv_with_gaiji_is_read_and_a_control_character_named_by_its_row(
    tmp_path: Path,
    cli,  # type: ignore[no-untyped-def]
) -> None:
    """helper-58: cp932's user-defined characters (外字, bytes F040–F9FC, U+E000–) are
    text, and were refused; a control character's row was counted in characters as if
    they were bytes (row 41539 for 60001: a kanji is two bytes)."""
    gaiji = tmp_path / "gaiji.csv"
    gaiji.write_bytes("東,南,西,北,名前\r\n42600,31000,16400,10000,山田\r\n".encode("cp932")
                      + b"42600,31000,16400,10000,\xf0\x40\x8e\x52\r\n")  # fmt: skip
    result = cli.runner.invoke(app, ["bulk", "summary", str(gaiji), "-r", "mleague",
                                     "--columns", "東,南,西,北", "--format", "json"])  # fmt: skip
    assert result.exit_code == 0, result.stderr
    data = json.loads(result.stdout)
    assert data[0]["games"] == 2
    bad = tmp_path / "bell.csv"
    rows = "東,南,西,北,名\n" + "42600,31000,16400,10000,漢字漢字\n" * 60_000
    bad.write_bytes(rows.encode("cp932") + b"42600,31000,16400,10000,\x07bell\n")
    err = cli.run("bulk", "summary", str(bad), "-r", "mleague", "--columns", "東,南,西,北",
                  code=2)  # fmt: skip
    assert f"{bad}: cannot be read from row 60001 on (not Shift_JIS text)" in err


def test_a_gzipped_csv_reads_and_writes_as_the_plain_one(tmp_path: Path, cli) -> None:  # type: ignore[no-untyped-def]
    """helper-80: ``bulk settle games.csv.gz`` had said "neither UTF-8 nor Shift_JIS
    text" (its gzip bytes were read as the text), and ``-o out.csv.gz`` wrote plain CSV
    under a .gz name. Now both are gzip, and every number is the plain file's."""
    import gzip  # noqa: PLC0415

    rules = find_preset("mleague")
    points, sticks = random_games(rules, 3000, seed=80)
    plain = tmp_path / "in.csv"
    write_points(plain, points, sticks)
    packed = tmp_path / "in.csv.gz"
    packed.write_bytes(gzip.compress(plain.read_bytes()))
    for source, target in ((plain, "plain.csv"), (packed, "from-gz.csv"), (plain, "to.csv.gz"),
                           (packed, "both.csv.gz")):  # fmt: skip
        said = cli.run("bulk", "settle", str(source), "-o", str(tmp_path / target), "-r",
                       "mleague", "--batch-size", "700")  # fmt: skip
        assert said == f"3000 games settled into {tmp_path / target}\n"
    written = (tmp_path / "plain.csv").read_bytes()
    assert (tmp_path / "from-gz.csv").read_bytes() == written
    for target in ("to.csv.gz", "both.csv.gz"):
        assert (tmp_path / target).read_bytes()[:2] == b"\x1f\x8b"  # gzip's own mark
        assert (tmp_path / target).read_bytes()[4:8] == bytes(4)  # no time: the same each run
        assert gzip.decompress((tmp_path / target).read_bytes()) == written
    first = f"{','.join(map(str, points[0]))},{sticks[0]}"
    assert written.decode().splitlines()[1].startswith(first)
    game = settle(list(map(int, points[0])), rules, deposits=int(sticks[0]))
    scores = written.decode().splitlines()[1].split(",")[6::2]
    assert scores == [str(pt_value(r.score)).removesuffix(".0") for r in game.results]
    summary = [cli.json("bulk", "summary", str(s), "-r", "mleague") for s in (plain, packed)]
    assert summary[0] == summary[1] and summary[0][0]["games"] == 3000


def test_a_gzipped_csv_in_shift_jis_is_read_and_said(tmp_path: Path, cli) -> None:  # type: ignore[no-untyped-def]
    import gzip  # noqa: PLC0415

    source = tmp_path / "sjis.csv.gz"
    source.write_bytes(gzip.compress("p0;p1;p2;p3;メモ\n42600;31000;16400;10000;東1局\n"
                                     .encode("cp932")))  # fmt: skip
    result = cli.runner.invoke(app, ["bulk", "settle", str(source), "-o", "-", "-r", "mleague"])
    assert result.exit_code == 0, result.stderr
    assert result.stderr == f"seisan: {source} is not UTF-8; read it as Shift_JIS (cp932)\n"
    assert (
        result.stdout.splitlines()[1] == '42600,31000,16400,10000,"東1局",1,62.6,2,11,3,-23.6,4,-50'
    )


@pytest.mark.parametrize("command", ["settle", "summary"])
def test_a_gz_that_is_not_gzip_or_is_cut_short_is_one_line(
    tmp_path: Path,
    cli,
    command: str,  # type: ignore[no-untyped-def]
) -> None:
    """Not gzip at all, cut in its first MiB, cut further on (named by its row, the
    same on every run: Arrow's read-ahead had met it sometimes before the first batch,
    sometimes after): one line each, exit 2, no output left half-written."""
    import gzip  # noqa: PLC0415

    text = b"p0,p1,p2,p3\n" + b"40000,30000,20000,10000\n" * 400_000
    packed = gzip.compress(text)
    cases = {"plain.csv.gz": (text[:1000], "not a readable csv file (not gzip data)"),
             "short.csv.gz": (packed[:200], "not a readable csv file (its gzip data is cut "
                                            "short)"),
             "late.csv.gz": (packed[: len(packed) * 3 // 4],
                             "cannot be read from row ")}  # fmt: skip
    # the rows whole before the cut: the row named is past the first batch, not past these
    whole = zlib.decompressobj(wbits=31).decompress(cases["late.csv.gz"][0]).count(b"\n") - 1
    target = tmp_path / "out.csv"
    output = ["-o", str(target)] if command == "settle" else []
    for name, (data, said) in cases.items():
        (tmp_path / name).write_bytes(data)
        err = cli.run("bulk", command, str(tmp_path / name), *output, "-r", "mleague",
                      "--batch-size", "1000", code=2)  # fmt: skip
        assert err.startswith(f"seisan: error: {tmp_path / name}: "), err
        assert said in err and err.count("\n") == 1 and "Traceback" not in err
        assert not target.exists()
    row = int(re.search(r"from row (\d+) on \(its gzip data is cut short\)\n", err)[1])
    a_mib = (1 << 20) // len(b"40000,30000,20000,10000\n")  # (rows: the cut is in its MiB)
    assert whole - a_mib <= row <= whole + 1
    ja = cli.run("bulk", command, str(tmp_path / "plain.csv.gz"), *output, "-r", "mleague",
                 "--lang", "ja", code=2)  # fmt: skip
    path = tmp_path / "plain.csv.gz"
    assert (
        ja == f"seisan: エラー: {path}: csv ファイルとして読めません (gzip データではありません)\n"
    )


def test_a_gz_is_read_as_gzip_reads_it_and_bytes_after_it_are_named(tmp_path: Path, cli) -> None:  # type: ignore[no-untyped-def]
    """helper-82's report: a sound gzip followed by bytes that are not gzip had been “not
    gzip data”, one padded with zeros (which ``gzip -d`` reads) “damaged”, and an empty
    file “not gzip data”. Members one after another are one file, as ``gzip -d`` reads
    them; bytes after the gzip data are named, in the first MiB or further on."""
    import gzip  # noqa: PLC0415

    head, game = b"p0,p1,p2,p3\n", b"40000,30000,20000,10000\n"
    packed = gzip.compress(head + game)
    cases = {
        "padded.csv.gz": packed + bytes(100),
        "joined.csv.gz": packed + gzip.compress(b"25000,35000,25000,15000\n"),
    }
    for name, data in cases.items():
        (tmp_path / name).write_bytes(data)
        out = cli.run("bulk", "summary", str(tmp_path / name), "-r", "mleague", "-f", "json")
        assert json.loads(out)[0]["games"] == (1 if name == "padded.csv.gz" else 2), name
    said = "not a readable csv file (bytes that are not gzip follow its gzip data)"
    long = gzip.compress(head + game * 100_000)  # (2.4 MB of text: past the first MiB)
    for name, data, expected in [
        ("junk.csv.gz", packed + b"junk", f"{tmp_path / 'junk.csv.gz'}: {said}"),
        ("late.csv.gz", long + b"j", f"{tmp_path / 'late.csv.gz'}: cannot be read from row "),
        ("none.csv.gz", b"", f"{tmp_path / 'none.csv.gz'}: not a readable csv file (the file "
                             "is empty)"),
    ]:  # fmt: skip
        (tmp_path / name).write_bytes(data)
        err = cli.run("bulk", "summary", str(tmp_path / name), "-r", "mleague", code=2)
        assert err.startswith(f"seisan: error: {expected}") and err.count("\n") == 1, err
    # the bytes after a long gzip named by the row they follow, in Japanese too
    late = str(tmp_path / "late.csv.gz")
    err = cli.run("bulk", "summary", late, "-r", "mleague", "--batch-size", "1000", code=2)
    assert err.endswith("(bytes that are not gzip follow its gzip data)\n"), err
    ja = cli.run("bulk", "summary", late, "-r", "mleague", "--lang", "ja", code=2)
    assert "gzip データの後に gzip ではないバイトが続いています" in ja, ja


def test_only_a_csv_is_gzipped(tmp_path: Path, cli) -> None:  # type: ignore[no-untyped-def]
    """A Parquet or Arrow file compresses inside itself: ``-o out.parquet.gz`` would
    have written plain Parquet under a gzip name."""
    write_points(tmp_path / "in.csv", np.array([[42600, 31000, 16400, 10000]]), np.array([0]))
    err = cli.run("bulk", "settle", str(tmp_path / "in.csv"), "-o",
                  str(tmp_path / "out.parquet.gz"), "-r", "mleague", code=2)  # fmt: skip
    assert err == (f"seisan: error: {tmp_path / 'out.parquet.gz'}: a CSV is read and written "
                   "gzipped (.csv.gz), a Parquet or Arrow file never\n")  # fmt: skip
    assert not (tmp_path / "out.parquet.gz").exists()


@pytest.mark.parametrize(("name", "text"), [
    ("in.csv.gz", ""), ("bom.csv.gz", "\ufeff"), ("in.csv", ""),
])  # fmt: skip
def test_an_empty_csv_gzipped_or_not_is_said_empty(
    tmp_path: Path,
    cli,
    name: str,
    text: str,  # type: ignore[no-untyped-def]
) -> None:
    """helper-82: a gzip of nothing (or of a BOM alone), as an empty CSV, had been “the
    file is damaged or cut short”."""
    import gzip  # noqa: PLC0415

    source = tmp_path / name
    source.write_bytes(gzip.compress(text.encode()) if name.endswith(".gz") else text.encode())
    err = cli.run("bulk", "summary", str(source), "-r", "mleague", code=2)
    assert err == f"seisan: error: {source}: not a readable csv file (the file is empty)\n"


@pytest.mark.parametrize("name", ["in.csv.gz", "sjis.csv"])
def test_a_full_temporary_folder_is_said_full_not_the_input_damaged(
    tmp_path: Path,
    cli,
    monkeypatch: pytest.MonkeyPatch,
    name: str,  # type: ignore[no-untyped-def]
) -> None:
    """helper-82: a .csv.gz is ungzipped (a Shift_JIS CSV made UTF-8) into a temporary
    file as large as its text; a full disk there had been said of the input, “the file
    is damaged or cut short”, of a sound file."""
    import errno  # noqa: PLC0415
    import gzip  # noqa: PLC0415
    import os  # noqa: PLC0415
    import tempfile  # noqa: PLC0415

    text = "p0,p1,p2,p3,メモ\n42600,31000,16400,10000,東1局\n"
    source = tmp_path / name
    source.write_bytes(gzip.compress(text.encode()) if name.endswith(".gz")
                       else text.encode("cp932"))  # fmt: skip
    spill = tmp_path / "spill"
    spill.mkdir()
    monkeypatch.setattr(tempfile, "tempdir", str(spill))
    made = tempfile.NamedTemporaryFile

    def full(*args: Any, **kwargs: Any) -> Any:
        file = made(*args, **kwargs)

        def write(data: bytes) -> int:
            raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))

        file.write = write
        return file

    monkeypatch.setattr(tempfile, "NamedTemporaryFile", full)
    err = cli.run("bulk", "summary", str(source), "-r", "mleague", code=2)
    assert err.endswith(f"seisan: error: {spill}: the disk is full\n"), err
    assert list(spill.iterdir()) == []  # (the temporary file gone with it)


@pytest.mark.parametrize(("name", "before"), [("first.csv", 0), ("late.csv.gz", 60_000)])
def test_a_row_longer_than_a_block_asks_for_a_larger_batch_size(
    tmp_path: Path,
    cli,
    name: str,
    before: int,  # type: ignore[no-untyped-def]
) -> None:
    """helper-82: a row longer than the CSV reader's block (``--batch-size`` × 32 bytes,
    a MiB at least) had been “the file is damaged or cut short” (and, past the first
    block, “save it as UTF-8 or Shift_JIS throughout”); a larger --batch-size reads it."""
    import gzip  # noqa: PLC0415

    text = (b"p0,p1,p2,p3,note\n" + b"40000,30000,20000,10000,y\n" * before
            + b"42600,31000,16400,10000," + b"x" * (2 << 20) + b"\n")  # fmt: skip
    source = tmp_path / name
    source.write_bytes(gzip.compress(text) if name.endswith(".gz") else text)
    err = cli.run("bulk", "summary", str(source), "-r", "mleague", "--batch-size", "1000",
                  code=2)  # fmt: skip
    said = "a row too long to read at this --batch-size: give a larger one"
    where = f"cannot be read from row {before + 1} on" if before else "not a readable csv file"
    assert err == f"seisan: error: {source}: {where} ({said})\n"
    read = cli.json("bulk", "summary", str(source), "-r", "mleague", "--batch-size", "100000")
    assert read[0]["games"] == before + 1
