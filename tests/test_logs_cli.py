"""seisan import tenhou and seisan stats on the real logs of tests/data/tenhou, and
malformed logs: an error naming the game and the place, never a traceback or a hang."""

from __future__ import annotations

import contextlib
import gzip
import json
import shutil
from decimal import Decimal
from pathlib import Path

import pyarrow.parquet as pq
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from seisan.cli import app
from seisan.cli_data import _GamesFile, _log_files
from seisan.games import load_record, record_from_dict
from seisan.logs import mjai, tenhou
from seisan.presets import find_preset
from seisan.stats import play_stats

DATA = Path(__file__).parent / "data" / "tenhou"
EXAMPLES = Path(__file__).resolve().parents[1] / "examples"
SAMPLE = DATA / "2022060108gm-00a9-0000-930771df.mjlog"


def test_import_and_check(tmp_path: Path, cli) -> None:  # type: ignore[no-untyped-def]
    logs = tmp_path / "logs"
    logs.mkdir()
    for name in ("2022060108gm-00a9-0000-930771df.mjlog", "2019123123gm-00a9-0000-f4386d0e.json",
                 "2014091101gm-00b9-0000-5ca6b487.mjlog"):  # fmt: skip
        shutil.copy(DATA / name, logs / name)
    (logs / "2022060101gm-00a9-0000-4f6762de.mjlog.gz").write_bytes(
        gzip.compress((DATA / "2022060101gm-00a9-0000-4f6762de.mjlog").read_bytes()))  # fmt: skip
    cli.run("import", "tenhou", str(logs), "-o", str(tmp_path / "games"), "--check")
    records = sorted((tmp_path / "games").glob("*.json"))
    assert [r.name for r in records] == [
        "2014091101gm-00b9-0000-5ca6b487.json", "2019123123gm-00a9-0000-f4386d0e.json",
        "2022060101gm-00a9-0000-4f6762de.json", "2022060108gm-00a9-0000-930771df.json"]  # fmt: skip
    for path in records:  # each record plays through the core to the log's own final pt
        source = next(logs.glob(path.stem + ".*"))
        game = tenhou.load(source)
        played = load_record(path, game.record.rules).play()
        assert played.settlement is not None
        assert tuple(played.settlement.points) == game.final_points
    data = json.loads(records[3].read_text(encoding="utf-8"))
    wins = [w for h in data["hands"] for w in h.get("wins", [])]
    assert any(w.get("yaku") for w in wins) and "calls" in json.dumps(data)


def test_a_broken_log_is_named_and_the_rest_import(tmp_path: Path, cli) -> None:  # type: ignore[no-untyped-def]
    logs = tmp_path / "logs"
    logs.mkdir()
    shutil.copy(SAMPLE, logs / SAMPLE.name)
    text = SAMPLE.read_text(encoding="utf-8")
    (logs / "2022060100gm-00a9-0000-aaaaaaaa.mjlog").write_text(text[: len(text) // 2])
    error = cli.run("import", "tenhou", str(logs), "-o", str(tmp_path / "games"), code=2)
    assert "2022060100gm-00a9-0000-aaaaaaaa.mjlog" in error and "line" in error
    assert "1 of 2 logs imported" in error
    assert (tmp_path / "games" / "2022060108gm-00a9-0000-930771df.json").exists()


def test_a_record_edited_since_its_import_is_kept_unless_forced(tmp_path: Path, cli) -> None:  # type: ignore[no-untyped-def]
    """An import into a folder that holds a record of that name: the same record again
    is no change; another one (edited by hand since) is kept and said, and the other
    logs import; ``--force`` replaces it (helper-72: it was replaced without a word)."""
    other = DATA / "2022060101gm-00a9-0000-4f6762de.mjlog"
    out = tmp_path / "games"
    given = ["import", "tenhou", str(SAMPLE), str(other), "-o", str(out)]
    cli.run(*given)
    record = out / "2022060108gm-00a9-0000-930771df.json"
    first = record.read_text(encoding="utf-8")
    assert "2 of 2 logs imported" in cli.run(*given)  # again: the same records
    record.write_text('{"edited": "by hand"}', encoding="utf-8")
    pq = pytest.importorskip("pyarrow.parquet")
    games = tmp_path / "games.parquet"
    error = cli.run(*given, "--games", str(games), code=2)
    assert f"{record}: another record is there already: give --force to replace it" in error
    assert "1 of 2 logs imported" in error
    assert record.read_text(encoding="utf-8") == '{"edited": "by hand"}'
    assert pq.read_table(games).num_rows == 1  # the log refused has no row (helper-73)
    cli.run(*given, "--force")
    assert record.read_text(encoding="utf-8") == first
    record.unlink()
    record.mkdir()  # a folder of the record's name: said, not a traceback
    assert f"{record}: it is a folder, not a file" in cli.run(*given, "--force", code=2)


def test_a_log_larger_than_any_game_is_refused_before_it_is_read(tmp_path: Path, cli) -> None:  # type: ignore[no-untyped-def]
    """A gzip that unpacks to more than any game's log (helper-72: 8.7 MB had unpacked to
    2 GB, 3.9 GB of memory, then "not valid mjlog XML"), and a plain file as large, are
    refused by their size; a gzip cut short is broken; the logs beside them import."""
    from seisan.logs import MAX_LOG_BYTES  # noqa: PLC0415

    logs = tmp_path / "logs"
    logs.mkdir()
    shutil.copy(SAMPLE, logs / SAMPLE.name)
    packer = zlib_packer()
    bomb = packer.compress(b"<mjloggm>" + b" " * MAX_LOG_BYTES) + packer.flush()
    (logs / "bomb.mjlog.gz").write_bytes(bomb)
    with (logs / "huge.mjlog").open("wb") as huge:  # (sparse: no disk used)
        huge.truncate(MAX_LOG_BYTES + 1)
    (logs / "cut.mjlog.gz").write_bytes(gzip.compress(SAMPLE.read_bytes())[:200])
    error = cli.run("import", "tenhou", str(logs), "-o", str(tmp_path / "games"), code=2)
    for name in ("bomb.mjlog.gz", "huge.mjlog"):
        assert f"{logs / name}: more than 64 MB of text: no game log is that large" in error
    assert f"{logs / 'cut.mjlog.gz'}: a broken gzip file" in error
    assert "1 of 4 logs imported" in error
    exactly = logs / "exactly.mjlog.gz"  # the most a log may hold is still read
    exactly.write_bytes(gzip.compress(b" " * MAX_LOG_BYTES, compresslevel=1))
    assert "more than" not in cli.run("import", "tenhou", str(exactly), "-o",
                                      str(tmp_path / "more"), code=2)  # fmt: skip


def zlib_packer():  # type: ignore[no-untyped-def]
    import zlib  # noqa: PLC0415

    return zlib.compressobj(1, zlib.DEFLATED, 16 + zlib.MAX_WBITS)


def test_stats(tmp_path: Path, cli) -> None:  # type: ignore[no-untyped-def]
    logs = sorted(DATA.glob("2022*.mjlog"))
    plays = [tenhou.check(tenhou.load(p)) for p in logs]
    every = {s.name: s for s in play_stats(plays)}
    ana = every["Ana"]
    assert ana.games == len(logs) and sum(ana.places) == ana.games
    assert ana.hands == sum(len(p.lines) for p in plays)
    wins = sum(1 for p in plays for line in p.lines for w, _v in line.won
               if p.record.names[w] == "Ana")  # fmt: skip
    deal_ins = sum(1 for p in plays for h in p.record.hands
                   if h.result == "ron" and p.record.names[h.discarder] == "Ana")  # fmt: skip
    assert (ana.wins, ana.deal_ins) == (wins, deal_ins)
    data = cli.json("stats", *map(str, logs), "--player", "Ana", "-o", str(tmp_path / "s.parquet"))
    assert [d["name"] for d in data] == ["Ana"]
    assert data[0]["wins"] == wins and data[0]["deal_ins"] == deal_ins
    table = pq.read_table(tmp_path / "s.parquet")
    assert sorted(table.column("name").to_pylist()) == ["Ana", "Ben", "Chie", "Dae"]
    assert "Ana" in cli.run("stats", str(DATA / SAMPLE.name), "--lang", "ja")
    assert "no player called Zed" in cli.run("stats", str(SAMPLE), "--player", "Zed", code=2)


def test_a_call_is_an_open_meld() -> None:
    # chi (bit 2), pon (bit 3), kakan (bit 4) are calls; nuki (bit 5) and ankan are not
    assert tenhou._open_call(0x4) and tenhou._open_call(0x8) and tenhou._open_call(0x10)
    assert not tenhou._open_call(0x20)
    assert tenhou._open_call(0x0101) and not tenhou._open_call(0x0100)


ORIGINAL = SAMPLE.read_text(encoding="utf-8")


@settings(max_examples=150, deadline=2000, suppress_health_check=[HealthCheck.too_slow])
@given(cut=st.integers(0, len(ORIGINAL)), junk=st.text(max_size=20), at=st.integers(0, 200))
def test_malformed_logs_never_crash(cut: int, junk: str, at: int) -> None:
    text = ORIGINAL[:cut]
    if at < len(text):  # overwrite a stretch (an attribute, a tag) with junk
        text = text[: at * 7] + junk + text[at * 7 + len(junk) :]
    try:
        game = tenhou.parse_any(text, game_id="2022060108gm-00a9-0000-930771df")
        tenhou.check(game)
    except tenhou.LogError:
        pass


@settings(max_examples=100, deadline=2000)
@given(junk=st.recursive(st.none() | st.integers() | st.text(max_size=5),
                         lambda kids: st.lists(kids, max_size=4) | st.dictionaries(
                             st.text(max_size=4), kids, max_size=3), max_leaves=20))  # fmt: skip
def test_malformed_json_logs_never_crash(junk: object) -> None:
    base = json.loads((DATA / "2019123123gm-00a9-0000-f4386d0e.json").read_text("utf-8"))
    base["log"][0][-1] = junk
    with contextlib.suppress(tenhou.LogError):
        tenhou.check(tenhou.parse_any(json.dumps(base, ensure_ascii=False)))


def test_an_unknown_tag_is_named() -> None:
    text = ORIGINAL.replace("<DORA ", "<DORAX ", 1)
    with pytest.raises(tenhou.LogError, match=r"<DORAX>: not a tag of Tenhou's logs"):
        tenhou.parse_any(text)


def test_a_wrong_attribute_is_named() -> None:
    text = ORIGINAL.replace('<INIT seed="', '<INIT seed="x', 1)
    with pytest.raises(tenhou.LogError, match=r"element \d+ <INIT>: an attribute is missing"):
        tenhou.parse_any(text)


def test_check_names_each_log_that_differs_and_imports_the_rest(tmp_path: Path, cli) -> None:  # type: ignore[no-untyped-def]
    """A log that reads but does not replay to its own numbers is named with its first
    difference (the hand, seisan's points and the log's) and left out; the rest import."""
    logs = tmp_path / "logs"
    logs.mkdir()
    shutil.copy(SAMPLE, logs / SAMPLE.name)
    text = SAMPLE.read_text(encoding="utf-8")
    first = 'sc="240,70,250,-20,250,-20,250,-20"'
    assert text.count(first) == 1
    wrong = logs / "2022060100gm-00a9-0000-bbbbbbbb.mjlog"
    wrong.write_text(text.replace(first, 'sc="240,80,250,-30,250,-20,250,-20"'))
    error = cli.run("import", "tenhou", str(logs), "-o", str(tmp_path / "games"), "--check",
                    code=2)  # fmt: skip
    assert f"seisan: error: {wrong}: hand 1 (E1): seisan has 31000, 23000, 23000, 23000; " \
        "the log has 32000, 22000, 23000, 23000" in error  # fmt: skip
    assert "1 of 2 logs imported" in error
    assert [p.name for p in (tmp_path / "games").iterdir()] == [SAMPLE.stem + ".json"]
    ja = cli.run("import", "tenhou", str(wrong), "-o", str(tmp_path / "ja"), "--check",
                 "--lang", "ja", code=2)  # fmt: skip
    assert (
        f"{wrong}: 1局目（東1局）: seisan は 31000、23000、23000、23000 ですが、牌譜は 32000" in ja
    )
    stats = cli.run("stats", str(wrong), code=2)
    assert f"seisan: error: {wrong}: hand 1 (E1)" in stats


def test_rules_chosen_keep_the_logs_length_and_players(tmp_path: Path, cli) -> None:  # type: ignore[no-untyped-def]
    """`-r` changes what the user asks (here the preset) and keeps the log's own length:
    an east-only game stays east-only under a hanchan preset; rules for another number
    of players are refused, naming both, in either format."""
    east = DATA / "2022060223gm-0001-0000-b8e20009.mjlog"  # 東風 (no 0x08 in GO type 1)
    cli.run("import", "tenhou", str(east), "-o", str(tmp_path / "east"), "--check", "-r", "tenhou")
    record = json.loads((tmp_path / "east" / (east.stem + ".json")).read_text(encoding="utf-8"))
    assert record["rules"]["game"]["length"] == "east"
    assert tenhou.load(east, find_preset("tenhou")).record.rules.game.length.value == "east"
    sanma = DATA / "2024123123gm-00b9-0000-09c44fd1.json"
    error = cli.run("import", "tenhou", str(SAMPLE), str(sanma), "-o", str(tmp_path / "x"),
                    "-r", "tenhou-sanma", code=2)  # fmt: skip
    assert f"{SAMPLE}: the log is a game of 4 players; the rules tenhou-sanma are for 3" in error
    assert "1 of 2 logs imported" in error
    error = cli.run("import", "tenhou", str(sanma), "-o", str(tmp_path / "y"), "-r", "tenhou",
                    code=2)  # fmt: skip
    assert f"{sanma}: the log is a game of 3 players; the rules tenhou are for 4" in error


# -- mjai and Mahjong Soul -----------------------------------------------------------------

TESTS = Path(__file__).parent / "data"


def test_import_mjai_and_majsoul(tmp_path: Path, cli) -> None:  # type: ignore[no-untyped-def]
    """Each format's command writes a record a log, checked; an mjai excerpt that does not
    start at the game's first hand is named, the rest still import; `seisan stats` reads
    the three formats together, each told by its text."""
    game = TESTS / "mjai" / "riichienv-126_204_0_mjai.jsonl"
    excerpt = TESTS / "mjai" / "riichienv-tenhou_4p_honba_kyotaku_excerpt.jsonl"
    said = cli.run("import", "mjai", str(game), str(excerpt), "-o", str(tmp_path / "mjai"),
                   "--check", code=2)  # fmt: skip
    assert said.splitlines()[0] == (
        f"seisan: error: {excerpt}: the log starts at S4, not at the game's first hand: seisan "
        "replays whole games")  # fmt: skip
    assert "1 of 2 logs imported" in said
    record = load_record(tmp_path / "mjai" / "riichienv-126_204_0_mjai.json")
    assert record.play().final_points == (2400, 14900, 38800, 43900)
    ja = cli.run("import", "mjai", str(excerpt), "-o", str(tmp_path / "ja"), "--lang", "ja",
                 code=2)  # fmt: skip
    assert "南4局から始まっています" in ja
    cli.run("import", "majsoul", str(TESTS / "majsoul"), "-o", str(tmp_path / "ms"), "--check")
    assert len(list((tmp_path / "ms").glob("*.json"))) == 5
    data = cli.json("stats", str(game), str(TESTS / "majsoul"), str(SAMPLE))
    assert sum(d["games"] for d in data) == 4 + (4 + 4 + 3 * 3) + 4  # mjai, 雀魂, Tenhou


def test_no_logs_of_a_format_is_said_by_its_name(tmp_path: Path, cli) -> None:  # type: ignore[no-untyped-def]
    empty = tmp_path / "empty"
    empty.mkdir()
    said = cli.run("import", "mjai", str(empty), "-o", str(tmp_path / "o"), code=2)
    assert said.strip() == (f"seisan: error: no mjai logs in {empty} (files ending .mjson, "
                            ".jsonl, .json, .gz, .txt or .log)")  # fmt: skip
    said = cli.run("import", "majsoul", str(empty), "-o", str(tmp_path / "o"), code=2)
    assert said.strip() == (f"seisan: error: no Mahjong Soul records in {empty} (files ending "
                            ".json or .gz)")  # fmt: skip


def test_every_hand_imported_into_a_parquet_table(tmp_path: Path, cli) -> None:  # type: ignore[no-untyped-def]
    """``--hands``: a row a hand, each as seisan played it, for every format."""
    game = TESTS / "mjai" / "riichienv-126_204_0_mjai.jsonl"
    cli.run("import", "mjai", str(game), "-o", str(tmp_path / "g"), "--hands",
            str(tmp_path / "mjai.parquet"))  # fmt: skip
    rows = pq.read_table(tmp_path / "mjai.parquet").to_pylist()
    played = mjai.load(game)
    assert len(rows) == len(played.record.hands) == 12
    assert [r["points"] for r in rows] == [list(p) for p in played.points_after]  # the log's
    assert rows[0] == {
        "log": game.name, "hand": 1, "round": "E1", "honba": 0, "dealer": 0, "result": "tsumo",
        "winners": [3], "discarder": None, "han": [5], "fu": [None], "yakuman": [0],
        "riichi": [1, 3], "calls": [], "tenpai": [], "deltas": [-4000, -3000, -2000, 9000],
        "points": [21000, 22000, 23000, 34000]}  # fmt: skip
    cli.run("import", "tenhou", str(SAMPLE), "-o", str(tmp_path / "t"), "--check", "--hands",
            str(tmp_path / "tenhou.parquet"))  # fmt: skip
    tenhou_rows = pq.read_table(tmp_path / "tenhou.parquet").to_pylist()
    assert len(tenhou_rows) == len(tenhou.load(SAMPLE).record.hands)
    said = cli.run("import", "tenhou", str(SAMPLE), "-o", str(tmp_path / "t"), "--hands",
                   str(tmp_path), code=2)  # a folder is no file  # fmt: skip
    assert said.strip() == f"seisan: error: --hands {tmp_path} is a folder; give a file name in it"


def test_every_game_imported_into_a_table_seisan_bulk_settles(tmp_path: Path, cli) -> None:  # type: ignore[no-untyped-def]
    """``--games``: a row a game (names, the points on the table at the end, the sticks
    left) that ``seisan bulk settle`` turns into each game's own result: the pt Tenhou
    logged, game by game, for logs with sticks left and without."""
    logs = sorted(DATA.glob("2022060101gm-*.mjlog"))
    games = tmp_path / "games.parquet"
    cli.run("import", "tenhou", *map(str, logs), "-o", str(tmp_path / "r"), "--check",
            "--games", str(games))  # fmt: skip
    rows = pq.read_table(games).to_pylist()
    assert [r["log"] for r in rows] == [p.name for p in logs]
    first = tenhou.load(logs[0])
    played = first.record.play()
    names = {f"n{i}": n for i, n in enumerate(first.record.names)}
    assert rows[0] == {"log": logs[0].name, **names,
                       **{f"p{i}": p for i, p in enumerate(played.final_points)},
                       "deposits": 0}  # fmt: skip
    assert first.record.rules.name == "tenhou"  # the rules of its date
    cli.run("bulk", "settle", str(games), "-r", "tenhou", "-o", str(tmp_path / "s.parquet"))
    settled = pq.read_table(tmp_path / "s.parquet").to_pylist()
    for row, path in zip(settled, logs, strict=True):
        logged = tenhou.load(path)
        assert [Decimal(str(row[f"score_{i}"])) for i in range(4)] == list(logged.final_pt)
    # sticks left on the table (none of the real logs ends so): the points before
    # they go to anyone, and how many, so that the rules chosen give them
    record = record_from_dict({"rules": "tenhou", "players": ["Ana", "Ben", "Chie", "Dae"],
                               "end": "time", "hands": [
        {"round": "E1", "honba": 0, "riichi": ["Ben", "Dae"], "result": "draw",
         "tenpai": ["Ben", "Dae"]}]})  # fmt: skip
    left = _GamesFile(tmp_path / "left.parquet")
    left.add("stopped.json", record, record.play())
    left.close()
    [row] = pq.read_table(tmp_path / "left.parquet").to_pylist()
    assert row == {"log": "stopped.json", "n0": "Ana", "n1": "Ben", "n2": "Chie", "n3": "Dae",
                   "p0": 23500, "p1": 25500, "p2": 23500, "p3": 25500,
                   "deposits": 2}  # fmt: skip
    cli.run("bulk", "settle", str(tmp_path / "left.parquet"), "-r", "tenhou", "-o",
            str(tmp_path / "left-settled.parquet"))  # fmt: skip
    [out] = pq.read_table(tmp_path / "left-settled.parquet").to_pylist()
    scores = record.play().settlement.scores  # the sticks to first place, as Tenhou does
    assert [Decimal(str(out[f"score_{i}"])) for i in range(4)] == [
        Decimal(s.numerator) / s.denominator for s in scores
    ]
    # one number of players a file; two files, not one for both
    sanma = DATA / "2024123123gm-00b9-0000-09c44fd1.json"
    said = cli.run("import", "tenhou", str(logs[0]), str(sanma), "-o", str(tmp_path / "m"),
                   "--games", str(tmp_path / "mixed.parquet"), code=2)  # fmt: skip
    assert (f"{sanma}: a game of 3 players, and --games holds games of 4: import them into two "
            "files") in said  # fmt: skip
    assert pq.read_table(tmp_path / "mixed.parquet").num_rows == 1
    said = cli.run("import", "tenhou", str(logs[0]), "-o", str(tmp_path / "x"), "--games",
                   str(tmp_path / "both"), "--hands", str(tmp_path / "both"), code=2)  # fmt: skip
    assert said.strip() == "seisan: error: --hands and --games: give two files"
    said = cli.run("import", "tenhou", str(logs[0]), "-o", str(tmp_path / "x"), "--games",
                   str(games), code=2)  # fmt: skip
    assert said.strip() == f"seisan: error: --games {games} exists already; give another " \
        "name, or --force to replace it"  # fmt: skip


def test_every_log_left_out_is_listed_at_the_end_with_its_problem(  # type: ignore[no-untyped-def]
    tmp_path: Path, cli
) -> None:
    """After the run's own lines, a table of the logs not imported: each file and its
    problem (a read error, or the first difference of its check), the file named once."""
    logs = tmp_path / "logs"
    logs.mkdir()
    shutil.copy(SAMPLE, logs / SAMPLE.name)
    text = SAMPLE.read_text(encoding="utf-8")
    first = 'sc="240,70,250,-20,250,-20,250,-20"'
    wrong = logs / "2022060100gm-00a9-0000-bbbbbbbb.mjlog"
    wrong.write_text(text.replace(first, 'sc="240,80,250,-30,250,-20,250,-20"'))
    empty = logs / "2022060100gm-00a9-0000-cccccccc.mjlog"
    empty.write_text("")
    result = cli.runner.invoke(app, ["import", "tenhou", str(logs), "-o", str(tmp_path / "games"),
                                     "--check"], env={"COLUMNS": "300", "LANG": "C"})  # fmt: skip
    assert result.exit_code == 2
    lines = result.stderr.splitlines()
    at = next(i for i, line in enumerate(lines) if "Logs not imported: 2" in line)
    assert lines[at - 1] == f"1 of 3 logs imported into {tmp_path / 'games'}"
    rows = [[cell.strip() for cell in line.strip("│").split("│")]
            for line in lines[at + 1:] if line.startswith("│")]  # fmt: skip
    assert lines[at + 2].split() == ["┃", "file", "┃", "problem", "┃"]
    assert rows == [
        [str(wrong), "hand 1 (E1): seisan has 31000, 23000, 23000, 23000; the log has 32000, "
                     "22000, 23000, 23000"],
        [str(empty), "an empty file"],
    ]  # fmt: skip
    ja = cli.run("import", "tenhou", str(logs), "-o", str(tmp_path / "ja"), "--lang", "ja",
                 code=2)  # fmt: skip
    assert "取り込めなかった牌譜：1" in ja and "空のファイルです" in ja  # (no --check: 2 read)


def test_one_log_that_cannot_be_imported_is_one_line(tmp_path: Path, cli) -> None:  # type: ignore[no-untyped-def]
    """One log given and not imported: its error line and nothing after it (helper-94:
    a count of none imported and a table saying the same again had followed), and no
    file of hands with no row left behind."""
    empty = tmp_path / "2022060100gm-00a9-0000-cccccccc.mjlog"
    empty.write_text("")
    hands = tmp_path / "hands.parquet"
    for lang, said in (("en", "an empty file"), ("ja", "空のファイルです")):
        out = cli.run("import", "tenhou", str(empty), "-o", str(tmp_path / "out"), "--hands",
                      str(hands), "--lang", lang, code=2)  # fmt: skip
        assert len(out.strip().splitlines()) == 1 and said in out, out
        assert not hands.exists()


def test_several_processes_import_exactly_what_one_does(tmp_path: Path, cli) -> None:  # type: ignore[no-untyped-def]
    """``--jobs 2`` (issue 20): the same records byte for byte, the same Parquet rows,
    and every problem said in the logs' order, in the reader's language."""
    logs = tmp_path / "logs"
    logs.mkdir()
    for path in sorted(DATA.glob("*.mjlog"))[:6]:
        shutil.copy(path, logs / path.name)
    text = SAMPLE.read_text(encoding="utf-8")
    first = 'sc="240,70,250,-20,250,-20,250,-20"'
    (logs / "2022060100gm-00a9-0000-bbbbbbbb.mjlog").write_text(
        text.replace(first, 'sc="240,80,250,-30,250,-20,250,-20"'))  # fmt: skip
    (logs / "2022060100gm-00a9-0000-cccccccc.mjlog").write_text("")
    said = {}
    for jobs in ("1", "2"):
        result = cli.runner.invoke(app, [
            "import", "tenhou", str(logs), "-o", str(tmp_path / jobs), "--check", "--jobs", jobs,
            "--hands", str(tmp_path / f"hands{jobs}.parquet"), "--games",
            str(tmp_path / f"games{jobs}.parquet"), "--lang", "ja"],
            env={"COLUMNS": "300", "LANG": "C"})  # fmt: skip
        assert result.exit_code == 2
        said[jobs] = result.stderr.replace(str(tmp_path / jobs), "OUT")
    assert said["1"] == said["2"]
    assert "取り込めなかった牌譜：2" in said["2"]
    one, two = sorted((tmp_path / "1").iterdir()), sorted((tmp_path / "2").iterdir())
    assert [p.name for p in one] == [p.name for p in two] and len(one) == 6
    assert all(a.read_bytes() == b.read_bytes() for a, b in zip(one, two, strict=True))
    for kind in ("hands", "games"):
        rows = [pq.read_table(tmp_path / f"{kind}{jobs}.parquet").to_pylist() for jobs in "12"]
        assert rows[0] == rows[1] and rows[0]


@pytest.mark.parametrize("jobs", ["-1", "-5"])
def test_jobs_below_zero_are_refused(tmp_path: Path, cli, jobs: str) -> None:  # type: ignore[no-untyped-def]
    error = cli.run("import", "tenhou", str(SAMPLE), "-o", str(tmp_path / "g"), "--jobs", jobs,
                    code=2)  # fmt: skip
    assert error == f"seisan: error: --jobs {jobs}: give 1 or more (0: one for each core)\n"
    assert not (tmp_path / "g").exists()
    ja = cli.run("import", "mjai", str(SAMPLE), "-o", str(tmp_path / "g"), "--jobs", jobs,
                 "--lang", "ja", code=2)  # fmt: skip
    assert f"--jobs {jobs}: 1以上を指定してください（0はコア数と同じ）" in ja


def test_jobs_zero_imports_every_log(tmp_path: Path, cli) -> None:  # type: ignore[no-untyped-def]
    logs = tmp_path / "logs"
    logs.mkdir()
    for path in sorted(DATA.glob("2022*.mjlog"))[:3]:
        shutil.copy(path, logs / path.name)
    cli.run("import", "tenhou", str(logs), "-o", str(tmp_path / "g"), "--jobs", "0")
    assert [p.stem for p in sorted((tmp_path / "g").iterdir())] == [
        p.name.split(".")[0] for p in _log_files([logs])
    ] and len(list(logs.iterdir())) == 3


# -- any format: seisan.logs.parse_log, load_log and sniff (issue 16's mutation run) ----------

TESTS = Path(__file__).parent / "data"
ANY = [
    (SAMPLE, "tenhou"),
    (TESTS / "mjai" / "riichienv-126_204_0_mjai.jsonl", "mjai"),
    (TESTS / "majsoul" / "kandora-tournaments-250918-8eb02a7e.json", "majsoul"),
]


@pytest.mark.parametrize(("path", "kind"), ANY)
def test_any_log_read_under_rules_chosen(path: Path, kind: str) -> None:
    from seisan.logs import as_logged, load_log, parse_log, sniff  # noqa: PLC0415

    text = path.read_text(encoding="utf-8")
    assert sniff(text) == kind and sniff("\n  \n" + text) == kind
    mleague = find_preset("mleague")
    chosen = load_log(path, mleague)
    own = load_log(path)
    hanchan = own.record.rules.game.length.value == "south"
    assert chosen.record.rules == as_logged(mleague, 4, hanchan=hanchan)
    assert chosen == parse_log(text, str(path), mleague)
    assert chosen.record.hands == own.record.hands and own.record.rules != chosen.record.rules


def test_a_log_without_a_file_name_has_no_title() -> None:
    from seisan.logs import parse_log  # noqa: PLC0415

    text = (TESTS / "mjai" / "riichienv-126_204_0_mjai.jsonl").read_text(encoding="utf-8")
    assert parse_log(text).game_id == "" and parse_log(text, "a/b.c.jsonl").game_id == "b"


def test_a_logs_error_names_its_file_unless_told_not_to() -> None:
    from seisan.logs import LogError, parse_log  # noqa: PLC0415

    bad = "not valid mjlog XML (at line 1, column 1)"
    for name, named, said in (("x.mjlog", True, f"x.mjlog: {bad}"), ("x.mjlog", False, bad),
                              ("", True, bad)):  # fmt: skip
        with pytest.raises(LogError) as raised:
            parse_log("", name) if named else parse_log("", name, named=False)
        assert raised.value.message.text("en") == said


def test_a_tenhou_json_log_is_told_from_a_mahjong_soul_record_and_named_by_its_file() -> None:
    from seisan.logs import load_log, sniff  # noqa: PLC0415

    json_log = DATA / "2019123123gm-00a9-0000-f4386d0e.json"
    assert sniff(json_log.read_text(encoding="utf-8")) == "tenhou"  # a JSON object, no head
    assert load_log(SAMPLE).game_id == "2022060108gm-00a9-0000-930771df"


def test_the_processes_are_at_most_one_a_core() -> None:
    import os  # noqa: PLC0415

    from seisan.cli_data import _Workers  # noqa: PLC0415

    cores = os.cpu_count() or 1
    assert _Workers(0, 1000).jobs == min(cores, 61)
    assert _Workers(1000, 1000).jobs == min(cores, 61)
    assert _Workers(1, 1000).jobs == 1 and _Workers(0, 1).jobs == 1


def test_a_lobby_whose_log_fails_its_check_is_still_said(tmp_path: Path, cli) -> None:  # type: ignore[no-untyped-def]
    """The lobby's rules line says which rules the failed check used."""
    source = DATA / "2023083107gm-000b-18940-79affd70.json"
    data = json.loads(source.read_text(encoding="utf-8"))
    data["sc"][0] += 1000
    data["sc"][2] -= 1000
    changed = tmp_path / source.name
    changed.write_text(json.dumps(data), encoding="utf-8")
    for jobs in ("1", "2"):
        said = cli.run("import", "tenhou", str(changed), str(SAMPLE), "-o", str(tmp_path / jobs),
                       "--check", "--jobs", jobs, code=2)  # fmt: skip
        assert "final points: seisan has" in said
        assert "lobby L18940 ARML Main Lobby, under its own rules: Start points 30000" in said


def test_a_player_written_in_other_letters_in_another_record_is_one_player(
    tmp_path: Path,
    cli,  # type: ignore[no-untyped-def]
) -> None:
    """Two records of one club, the second naming its players in lower case: one player
    each in the statistics and the ratings (as in a session), named as first written;
    a record's names were keyed exactly, so “ana” was a second player."""
    record = json.loads((EXAMPLES / "game.json").read_text(encoding="utf-8"))
    (tmp_path / "1.json").write_text(json.dumps(record), encoding="utf-8")
    # (another night's record: one game read twice is counted once, test_inputs_refused)
    lower = {**record, "title": record["title"] + ", a week later",
             "players": [name.lower() for name in record["players"]]}  # fmt: skip
    text = json.dumps(lower)
    for name in record["players"]:
        text = text.replace(f'"{name}"', f'"{name.lower()}"')
    (tmp_path / "2.json").write_text(text, encoding="utf-8")
    one = cli.json("stats", str(tmp_path / "1.json"))
    both = cli.json("stats", str(tmp_path))
    assert sorted(d["name"] for d in both) == sorted(record["players"])
    assert {d["name"]: d["games"] for d in both} == {d["name"]: 2 for d in one}
    assert {d["name"]: d["wins"] for d in both} == {d["name"]: 2 * d["wins"] for d in one}
    rated = cli.json("ratings", str(tmp_path), "--system", "tenhou")
    assert sorted((d["name"], d["games"]) for d in rated) == sorted(
        (name, 2) for name in record["players"]
    )


def test_a_log_whose_file_name_is_not_utf8_is_imported_with_its_title_shown(
    tmp_path: Path,
    cli,  # type: ignore[no-untyped-def]
) -> None:
    """A file name with a byte that is not UTF-8 (an old archive's): the title had it as
    a lone surrogate, and writing the record ended in a traceback, an empty file left."""
    import os  # noqa: PLC0415

    source = TESTS / "mjai" / "riichienv-126_204_0_mjai.jsonl"
    named = os.path.join(os.fsencode(tmp_path), b"game\xff.jsonl")
    shutil.copy(source, named)
    log = Path(os.fsdecode(named))
    cli.run("import", "mjai", str(log), "-o", str(tmp_path / "out"))
    (written,) = (tmp_path / "out").glob("*.json")
    assert json.loads(written.read_text(encoding="utf-8"))["title"] == "game\ufffd"
