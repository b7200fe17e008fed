"""Tests written against mutants that survived in the modules `make mutants` added in
issue 16 (explain, stats, the bulk engine, the Tenhou reader): each asserts the value
the rule or the published game gives, for a case no other test reached."""

from __future__ import annotations

import json
import re
from dataclasses import replace
from datetime import date
from decimal import Decimal
from fractions import Fraction
from fractions import Fraction as F
from pathlib import Path
from typing import Any

import numpy as np
import pyarrow as pa
import pyarrow.csv as pacsv
import pyarrow.parquet as pq
import pytest
from pyarrow import ipc

from seisan import find_preset, settle
from seisan.bulk import BulkError, settle_arrays
from seisan.bulk.io import file_format, read_batches, settle_batch, settle_file
from seisan.explain import explain, ordinal, rule_field, rule_value, rules_caption
from seisan.games import load_record
from seisan.i18n import Lang, language
from seisan.ledger import settle_game
from seisan.logs import tenhou
from seisan.presets import rules_from_data
from seisan.settlement import Penalty
from seisan.sidebets import Bets, Spectator
from seisan.stats import PlayStats, Seat, head_to_head, play_stats, standings

NAMES = ["Ana", "Ben", "Chie", "Dae"]


def explained(result) -> dict[str, list[str]]:  # type: ignore[no-untyped-def]
    return {name: [str(line) for line in lines] for name, lines in explain(result).items()}


# -- explain: every line of every player ------------------------------------------------


def test_every_line_of_a_plain_game() -> None:
    result = settle_game([42600, 31000, 16400, 10000], find_preset("mleague"), NAMES)
    assert explained(result) == {
        "Ana": ["points: (42600 − 30000) ÷ 1000 = +12.6",
                "oka: +20 to first place: (30000 − 25000) × 4 players",
                "uma for 1st place: +30", "score: +62.6"],
        "Ben": ["points: (31000 − 30000) ÷ 1000 = +1", "uma for 2nd place: +10", "score: +11"],
        "Chie": ["points: (16400 − 30000) ÷ 1000 = -13.6", "uma for 3rd place: -10",
                 "score: -23.6"],
        "Dae": ["points: (10000 − 30000) ÷ 1000 = -20", "uma for 4th place: -30", "score: -50"],
    }  # fmt: skip


def test_a_tie_for_third_shares_the_last_two_umas() -> None:
    result = settle_game([45000, 35000, 10000, 10000], find_preset("mleague"), NAMES)
    shared = "uma of places 3–4 shared by 2 tied players: (-10 + -30) ÷ 2 = -20"
    assert explained(result)["Chie"] == ["points: (10000 − 30000) ÷ 1000 = -20", shared,
                                         "score: -40"]  # fmt: skip
    assert explained(result)["Dae"][1] == shared


def test_a_place_whose_uma_is_zero_still_says_so() -> None:
    rules = rules_from_data({"extends": "mleague", "uma": [20, 0, 0, -20]})
    result = settle_game([42600, 31000, 16400, 10000], rules, NAMES)
    assert explained(result)["Ben"] == ["points: (31000 − 30000) ÷ 1000 = +1",
                                        "uma for 2nd place: 0", "score: +1"]  # fmt: skip
    assert explained(result)["Dae"][1] == "uma for 4th place: -20"


def test_rules_without_uma_and_the_korean_zero() -> None:
    # 순오카 (seed 004): no uma, and a score of exactly 0 is written -0
    result = settle_game([40000, 30000, 20000, 10000], find_preset("sun-oka"), NAMES)
    assert explained(result) == {
        "Ana": ["points: (40000 − 30000) ÷ 1000 = +10",
                "oka: +20 to first place: (30000 − 25000) × 4 players", "score: +30"],
        "Ben": ["points: (30000 − 30000) ÷ 1000 = -0", "score: -0"],
        "Chie": ["points: (20000 − 30000) ÷ 1000 = -10", "score: -10"],
        "Dae": ["points: (10000 − 30000) ÷ 1000 = -20", "score: -20"],
    }  # fmt: skip


def test_penalties_shared_by_the_others_add_up_to_each_score() -> None:
    # penalties given to the others: Dae's 15 (5 to each other), Chie's 3 (1 to each)
    rules = rules_from_data({"extends": "mleague", "penalties": {"redistribute": True}})
    penalties = (Penalty(3, Fraction(15), "late"), Penalty(2, Fraction(3)))
    result = settle_game([42600, 31000, 16400, 10000], rules, NAMES, penalties=penalties)
    lines = explained(result)
    assert lines["Ana"][-2:] == ["penalties of others shared: +6", "score: +68.6"]
    assert lines["Chie"] == ["points: (16400 − 30000) ÷ 1000 = -13.6", "uma for 3rd place: -10",
                             "penalty: -3 (—)", "penalties of others shared: +5",
                             "score: -21.6"]  # fmt: skip
    assert lines["Dae"][2:] == ["penalty: -15 (late)", "penalties of others shared: +1",
                                "score: -64"]  # fmt: skip


def test_spectators_are_explained_by_whom_they_back() -> None:
    bets = Bets(spectators=(Spectator("Eve", 2), Spectator("Fay", 0)))
    result = settle_game([42600, 31000, 16400, 10000], find_preset("mleague"), NAMES, bets)
    lines = explained(result)
    assert lines["Eve"] == ["backs Chie as a spectator (外ウマ): -23.6"]
    assert lines["Fay"] == ["backs Ana as a spectator (外ウマ): +62.6"]
    assert lines["Ana"][-2:] == ["Soto-uma: +23.6", "total: +86.2"]


@pytest.mark.parametrize(("place", "text"), [(5, "5th"), (11, "11th"), (12, "12th")])
def test_ordinals_past_fourth(place: int, text: str) -> None:
    assert ordinal(place).text("en") == text


@pytest.mark.parametrize(
    ("lang", "yes", "no", "east", "half_up", "start"),
    [
        ("en", "yes", "no", "East only (東風戦)", "half up", "Start points (配給原点)"),
        ("ja", "はい", "いいえ", "東風戦", "四捨五入", "配給原点"),
        ("ko", "예", "아니요", "동풍전", "반올림", "시작 점수"),
    ],
)
def test_rule_fields_and_values_in_every_language(
    lang: str, yes: str, no: str, east: str, half_up: str, start: str
) -> None:
    assert rule_value("game.aborts", True, lang) == yes  # type: ignore[arg-type]
    assert rule_value("game.aborts", False, lang) == no  # type: ignore[arg-type]
    assert rule_value("game.length", "east", lang) == east  # type: ignore[arg-type]
    assert rule_value("money.rounding", "half-up", lang) == half_up  # type: ignore[arg-type]
    assert rule_field("start", lang) == start  # type: ignore[arg-type]
    assert rule_field("no.such.field", lang) == "no.such.field"  # type: ignore[arg-type]


def test_rule_values_written_as_players_write_them() -> None:
    pairs = [["Ana", "Dae", 10000], ["Ben", "Chie", 5000]]
    assert rule_value("side.sashi", pairs) == "Ana:Dae:10000, Ben:Chie:5000"
    assert rule_value("side.yakitori_winners", ["Ana", "Ben"]) == "Ana, Ben"
    assert rule_value("side.mixed", [["Ana", 1], "Ben"]) == "Ana:1, Ben"
    assert rule_value("oka", Fraction(5, 2)) == "2.5"
    assert rule_value("start", 30000) == "30000"


# -- stats: standings, head to head, play statistics ------------------------------------


def test_a_player_short_of_the_minimum_does_not_hide_the_next() -> None:
    games = [[Seat("Eve", 1, F(10)), Seat("Ana", 2, F(-10))],
             [Seat("Ana", 1, F(5)), Seat("Ben", 2, F(-5))],
             [Seat("Ben", 1, F(3)), Seat("Ana", 2, F(-3))]]  # fmt: skip
    # Eve comes first with one game: left out, and Ana and Ben still counted
    assert [s.name for s in standings(games, min_games=2)] == ["Ben", "Ana"]


def test_money_in_the_standings_only_for_who_had_some() -> None:
    games = [[Seat("Ana", 1, F(50), money=F(1500)), Seat("Ben", 2, F(-50), money=F(-1500))],
             [Seat("Ana", 2, F(-20)), Seat("Chie", 1, F(20))]]  # fmt: skip
    rows = {s.name: s for s in standings(games, extra_money={"Ben": F(300)})}
    assert rows["Ana"].money == F(1500)
    assert rows["Ben"].money == F(-1200)  # -1500 at the table, +300 away from it
    assert rows["Chie"].money is None  # no game of hers had a rate


def test_head_to_head_after_a_game_without_the_player() -> None:
    games = [[Seat("Ben", 1, F(10)), Seat("Chie", 2, F(-10))],
             [Seat("Ana", 1, F(30)), Seat("Ben", 2, F(-30))]]  # fmt: skip
    [row] = head_to_head(games, "Ana")
    assert (row.opponent, row.games, row.above, row.below, row.difference) == (
        "Ben",
        1,
        1,
        0,
        F(60),
    )


def test_rates_of_a_player_with_no_hands_are_zero() -> None:
    nobody = PlayStats("Ana", 1, (1, 0, 0, 0), F(0), 0, 0, 0, 0, 0, 0, 0)
    assert (nobody.win_rate, nobody.deal_in_rate, nobody.riichi_rate, nobody.call_rate,
            nobody.average_win) == (0, 0, 0, 0, 0)  # fmt: skip


def _sanma_with(names: tuple[str, ...]) -> Any:
    path = Path(__file__).parent / "data" / "tenhou" / "2014091101gm-00b9-0000-5ca6b487.mjlog"
    record = tenhou.load(path).record
    return replace(record, names=names).play()


def test_play_statistics_over_three_and_four_player_games() -> None:
    four = load_record(Path(__file__).parents[1] / "examples" / "game.json").play()
    sanma = _sanma_with(("Ana", "Ben", "Chie"))
    rows = {s.name: s for s in play_stats([sanma, four])}
    assert [s.name for s in play_stats([sanma, four])][-1] == "Dae"  # most games first
    ana = rows["Ana"]
    assert sanma.settlement is not None and four.settlement is not None
    places = [0, 0, 0, 0]
    places[sanma.settlement.places[0] - 1] += 1
    places[four.settlement.places[0] - 1] += 1
    assert ana.places == tuple(places) and len(ana.places) == 4
    # examples/game.json: Ana wins 3han40fu by ron (5200) and 2han30fu by tsumo (2000)
    four_only = {s.name: s for s in play_stats([four])}["Ana"]
    assert (four_only.wins, four_only.win_points, four_only.average_win) == (2, 7200, 3600)
    # she deals in twice (hand 2, and the double ron of hand 4 counts once)
    assert four_only.hands == 13 and four_only.deal_ins == 2 and four_only.riichi == 1


# -- the bulk engine's files: every problem named, in the user's words ------------------


def _table_file(path: Path, table: pa.Table, chunk: int = 1000) -> Path:
    if path.suffix == ".parquet":
        pq.write_table(table, path, row_group_size=chunk)
    elif path.suffix == ".arrow":
        with ipc.new_stream(path, table.schema) as writer:
            writer.write_table(table, max_chunksize=chunk)
    else:
        pacsv.write_csv(table, path)
    return path


GAME = [42600, 31000, 16400, 10000]


def _games(rows: int) -> dict[str, list[int]]:
    return {f"p{s}": [GAME[s]] * rows for s in range(4)}


def test_a_file_of_no_known_kind(tmp_path: Path) -> None:
    with pytest.raises(BulkError) as err:
        file_format(tmp_path / "games.txt")
    assert str(err.value) == f"{tmp_path / 'games.txt'}: give a .parquet, .csv or .arrow file"


def test_a_missing_file(tmp_path: Path) -> None:
    with pytest.raises(BulkError) as err:
        read_batches(tmp_path / "gone.parquet")
    assert str(err.value) == f"cannot read input {tmp_path / 'gone.parquet'}: no such file"


def test_a_file_that_is_not_parquet(tmp_path: Path) -> None:
    path = tmp_path / "fake.parquet"
    path.write_text("p0,p1\n1,2\n", encoding="utf-8")
    with pytest.raises(BulkError) as err:
        read_batches(path)
    assert str(err.value) == (
        f"{path}: not a readable parquet file (the file is damaged or cut short)"
    )


def test_an_arrow_stream_cut_short_is_named_from_the_row_it_stops(tmp_path: Path) -> None:
    path = _table_file(tmp_path / "games.arrow", pa.table(_games(3000)))
    data = path.read_bytes()
    path.write_bytes(data[: len(data) - 200])  # the third batch is cut
    source = read_batches(path, 1000)
    assert source.rows is None and source.schema.names == ["p0", "p1", "p2", "p3"]
    with pytest.raises(BulkError) as err:
        settle_file(path, tmp_path / "out.parquet", [find_preset("mleague")], batch_size=1000)
    text = str(err.value)
    assert text == (
        f"{path}: cannot be read from row 2001 on (the file is damaged or cut "
        "short); save it as UTF-8 or Shift_JIS throughout"
    )  # (not Arrow's English)
    rows = settle_file(tmp_path / "whole.arrow" if False else _table_file(
        tmp_path / "whole.arrow", pa.table(_games(3000))), tmp_path / "o.parquet",
        [find_preset("mleague")], batch_size=1000)  # fmt: skip
    assert rows == 3000


@pytest.mark.parametrize(
    ("column", "held"),
    [
        (pa.array([1.5]), "numbers with decimals"),
        (pa.array([Decimal("1.5")]), "numbers with decimals"),
        (pa.array(["lots"]), "text"),
        (pa.array(["lots"], type=pa.large_string()), "text"),
        (pa.array([True]), "true/false values"),
        (pa.array([date(2026, 12, 2)]), "dates or times"),
        (pa.array([[1]]), "values that are not numbers"),
    ],
)
def test_what_a_column_holds_is_said_in_words(column: pa.Array, held: str) -> None:
    batch = pa.RecordBatch.from_arrays([column, *(pa.array([0]) for _ in range(3))],
                                       names=["p0", "p1", "p2", "p3"])  # fmt: skip
    with pytest.raises(BulkError) as err:
        settle_batch(batch, [find_preset("mleague")], ["p0", "p1", "p2", "p3"], None)
    assert str(err.value) == f"column p0 holds {held}, not whole points"
    sticks = pa.RecordBatch.from_arrays([*(pa.array([g]) for g in GAME), column],
                                        names=["p0", "p1", "p2", "p3", "sticks"])  # fmt: skip
    with pytest.raises(BulkError) as err:
        settle_batch(sticks, [find_preset("mleague")], ["p0", "p1", "p2", "p3"], "sticks")
    assert str(err.value) == f"column sticks holds {held}, not a count of riichi sticks"


def test_an_empty_column_and_an_empty_cell(tmp_path: Path) -> None:
    rules = [find_preset("mleague")]
    columns = ["p0", "p1", "p2", "p3"]
    empty = pa.RecordBatch.from_arrays([pa.nulls(2), *(pa.array([0, 0]) for _ in range(3))],
                                       names=columns)  # fmt: skip
    with pytest.raises(BulkError) as err:
        settle_batch(empty, rules, columns, None, offset=40)
    assert str(err.value) == "row 41: column p0 is empty"
    cell = pa.RecordBatch.from_arrays(
        [pa.array([GAME[0], GAME[0], None]), *(pa.array([GAME[s]] * 3) for s in (1, 2, 3))],
        names=columns)  # fmt: skip
    with pytest.raises(BulkError) as err:
        settle_batch(cell, rules, columns, None, offset=1000)
    assert str(err.value) == "row 1003: column p0 is empty"
    with pytest.raises(BulkError) as err:
        settle_batch(pa.RecordBatch.from_arrays([pa.array([0])], names=["q"]), rules,
                     columns, None)  # fmt: skip
    assert str(err.value) == "no column “p0” (the file has q)"
    other = pa.RecordBatch.from_arrays([pa.array([0]), pa.array([0])], names=["east", "south"])
    with pytest.raises(BulkError) as err:
        settle_batch(other, rules, columns, None)
    assert str(err.value) == "no column “p0” (the file has east, south)"


def test_a_row_of_a_later_batch_is_named_by_its_place_in_the_file() -> None:
    columns = ["p0", "p1", "p2", "p3"]
    batch = pa.RecordBatch.from_arrays(
        [pa.array([GAME[0], GAME[0] + 100]), *(pa.array([GAME[s]] * 2) for s in (1, 2, 3))],
        names=columns)  # fmt: skip
    with pytest.raises(BulkError) as err:  # the first batch: rows count from 1
        settle_batch(batch, [find_preset("mleague")], columns, None)
    assert str(err.value).startswith("row 2: points that do not add up to 100000")
    with pytest.raises(BulkError) as err:
        settle_batch(batch, [find_preset("mleague")], columns, None, offset=500)
    assert str(err.value).startswith("row 502: points that do not add up to 100000")
    with pytest.raises(BulkError) as err:  # an error of the whole batch has no row to move
        settle_batch(batch, [find_preset("mleague")], columns[:3], None, offset=500)
    assert str(err.value) == "M.League is for 4 players: give 4 point columns"


def test_an_empty_sticks_cell_is_no_stick() -> None:
    columns = ["p0", "p1", "p2", "p3"]
    batch = pa.RecordBatch.from_arrays(
        [*(pa.array([GAME[s], GAME[s]]) for s in range(4)), pa.array([None, 0])],
        names=[*columns, "sticks"])  # fmt: skip
    out = settle_batch(batch, [find_preset("mleague")], columns, "sticks")
    assert out.column("score_0").to_pylist() == [Decimal("62.6"), Decimal("62.6")]
    assert out.column("place_0").type == pa.int8()


def test_score_columns_carry_the_decimals_of_the_rules_and_their_names() -> None:
    columns = ["p0", "p1", "p2", "p3"]
    batch = pa.RecordBatch.from_arrays([pa.array([GAME[s]]) for s in range(4)], names=columns)
    whole = rules_from_data({"extends": "tenhou", "name": "Tenhou whole pt", "rounding": "half-up"})
    exact = rules_from_data({"extends": "mleague", "name": "精算法", "scoring": {"system": "exact"},
                             "rounding": "none"})  # fmt: skip
    out = settle_batch(batch, [find_preset("mleague"), whole, exact], columns, None)
    names = out.schema.names
    # a rules' name in a column: anything but ASCII letters, digits, - and _ is one "_"
    assert names[4:8] == ["place_mleague_0", "score_mleague_0", "place_mleague_1",
                          "score_mleague_1"]  # fmt: skip
    assert "score_Tenhou_whole_pt_0" in names and "score___0" in names
    assert out.column("score_mleague_0").type.scale == 1  # tenths of a pt
    assert out.column("score_Tenhou_whole_pt_0").type.scale == 1  # whole pt, one decimal
    assert out.column("score___0").type.scale == 3  # 精算法: thousandths
    assert out.column("score___0").to_pylist() == [Decimal("62.6")]


# -- the Tenhou reader: a difference from the log is named, as is a broken element ------

FIRST_LOG = Path(__file__).parent / "data" / "tenhou" / "2009022022gm-00a9-0000-cd94aac8.mjlog"


def test_a_hand_that_differs_from_the_log_is_named() -> None:
    game = tenhou.load(FIRST_LOG)
    after = list(game.points_after)
    after[2] = (25000, 30000, 14300, 30600)
    with pytest.raises(tenhou.LogError) as err:
        tenhou.check(replace(game, points_after=tuple(after)))
    assert str(err.value) == ("hand 3 (E3): seisan has 25000, 30000, 14300, 30700; "
                              "the log has 25000, 30000, 14300, 30600")  # fmt: skip


def test_a_log_with_fewer_hands_than_seisan_plays() -> None:
    game = tenhou.load(FIRST_LOG)
    with pytest.raises(tenhou.LogError) as err:
        tenhou.check(replace(game, points_after=game.points_after[:10]))
    assert str(err.value) == "seisan played 11 hands, the log 10"


def test_final_points_and_pt_that_differ_from_the_log() -> None:
    game = tenhou.load(FIRST_LOG)
    with pytest.raises(tenhou.LogError) as err:
        tenhou.check(replace(game, final_points=(18000, 37400, 8200, 36300)))
    assert str(err.value) == ("final points: seisan has 18000, 37400, 8200, 36400; "
                              "the log has 18000, 37400, 8200, 36300")  # fmt: skip
    pt = (Decimal(-22), Decimal(48), Decimal(-42), Decimal(17))
    with pytest.raises(tenhou.LogError) as err:
        tenhou.check(replace(game, final_pt=pt))
    assert str(err.value) == "final pt: seisan has -22, 48, -42, 16; the log has -22, 48, -42, 17"


def test_a_broken_element_is_named_by_its_place_in_the_log(tmp_path: Path) -> None:
    start = '<TAIKYOKU oya="0"/>'
    text = FIRST_LOG.read_text(encoding="utf-8").replace(start, start + "<BOGUS/>", 1)
    path = tmp_path / "broken.mjlog"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(tenhou.LogError) as err:
        tenhou.load(path)
    assert str(err.value) == f"{path}: element 4 <BOGUS>: not a tag of Tenhou's logs"


def test_a_bulk_rows_scores_are_the_cores() -> None:
    rules = find_preset("mleague")
    result = settle_arrays(np.array([GAME, [25000, 25000, 25000, 25000]]), rules)
    assert result.scores(0) == list(settle(GAME, rules).scores)
    assert result.scores(0) == [F("62.6"), F(11), F("-23.6"), F(-50)]
    # four tied under M.League (split): -5 each in points, +5 of the oka each, uma 0
    assert result.scores(1) == [F(0), F(0), F(0), F(0)]


@pytest.mark.parametrize(
    ("game_type", "date", "final_pt", "name", "stop", "length"),
    [
        # whole pt up to the last log known to show them (2021-01-28), whatever the pt
        (169, "20210128", "41.4 -41.4", "tenhou-2020", "auto", "south"),
        # tenths from the first log known to show them (2022-06-01), whatever the pt
        (169, "20220601", "41 -41", "tenhou", "auto", "south"),
        # between the two, the log's own final pt tell
        (169, "20210129", "41 -41", "tenhou-2020", "auto", "south"),
        (169, "20220531", "41.0 -41", "tenhou-2020", "auto", "south"),
        (169, "20210129", "41 -41.4", "tenhou", "auto", "south"),
        (169, "20210129", "", "tenhou", "auto", "south"),  # no result: today's
        (169, "20100531", "", "tenhou-2020", "auto-win", "south"),  # tenpai-yame from June 2010
        (169, "20100601", "", "tenhou-2020", "auto", "south"),
        # no date (a log without its id): its own final pt tell, as between the two
        (169, "", "41 -41", "tenhou-2020", "auto", "south"),
        (169, "", "41 -41.4", "tenhou", "auto", "south"),
        (169, "", "", "tenhou", "auto", "south"),  # nor a result: today's rules
        (185, "", "-13 79 -66", "tenhou-sanma-2020", "auto", "south"),
        (161, "20220601", "", "tenhou-tonpu", "auto", "east"),  # 東風: no 0x08 bit
        (161, "20201231", "", "tenhou-tonpu-2020", "auto", "east"),
        (177, "20220601", "", "tenhou-sanma-tonpu", "auto", "east"),  # 三麻 東風: 0x10
        (177, "20201231", "", "tenhou-sanma-tonpu-2020", "auto", "east"),
        # 東風 uma 5-10 to the last 2009 log known to show it, 10-20 from the first after
        (161, "20090731", "", "tenhou-tonpu-2009", "auto-win", "east"),
        (161, "20090827", "", "tenhou-tonpu-2020", "auto-win", "east"),
        (161, "20090801", "", "tenhou-tonpu-2020", "auto-win", "east"),  # no result: 10-20
        (169, "20090301", "", "tenhou-2020", "auto-win", "south"),  # 東南: 10-20 already
        (185, "20090301", "", "tenhou-sanma-2020", "auto-win", "south"),
        (185, "20201231", "", "tenhou-sanma-2020", "auto", "south"),  # 三麻: 0x10
        # a real 三鳳南 log of 2021-01-02 with whole pt: 2021010217gm-00b9-0000-3eb2e915
        (185, "20210102", "-8 42 -34", "tenhou-sanma-2020", "auto", "south"),
    ],
)
def test_tenhous_rules_by_type_and_date_on_the_lines(
    game_type: int, date: str, final_pt: str, name: str, stop: str, length: str
) -> None:
    rules = tenhou.rules_for(game_type, date, tuple(Decimal(p) for p in final_pt.split()))
    assert (rules.name, rules.game.dealer_stop.value, rules.game.length.value) == (
        name,
        stop,
        length,
    )


@pytest.mark.parametrize(
    ("date", "final", "final_pt", "name"),
    [  # a real 2009 鳳東 result (shuffle.xml): 5-10 gives it, 10-20 does not
        ("", "36900 25300 32200 5600", "37 -10 7 -34", "tenhou-tonpu-2009"),
        ("20090815", "36900 25300 32200 5600", "37 -10 7 -34", "tenhou-tonpu-2009"),
        ("20090827", "36900 25300 32200 5600", "37 -10 7 -34", "tenhou-tonpu-2020"),
        # 2009082713gm-00e1's result: 10-20
        ("20090815", "23600 24000 21700 30700", "-16 4 -28 40", "tenhou-tonpu-2020"),
        ("", "23600 24000 21700 30700", "-16 4 -28 40", "tenhou-tonpu-2020"),
        # a result neither gives: the later uma (--check then says where it differs)
        ("", "25000 25000 25000 25000", "10 10 -20 0", "tenhou-tonpu-2020"),
    ],
)  # fmt: skip
def test_a_2009_east_only_game_is_told_by_its_result(
    date: str, final: str, final_pt: str, name: str
) -> None:
    rules = tenhou.rules_for(161, date, tuple(Decimal(p) for p in final_pt.split()),
                             tuple(int(p) for p in final.split()))  # fmt: skip
    assert rules.name == name


def test_log_files_that_cannot_be_read(tmp_path: Path) -> None:
    with pytest.raises(tenhou.LogError) as err:
        tenhou.read_text(tmp_path / "gone.mjlog")
    assert str(err.value) == f"cannot read {tmp_path / 'gone.mjlog'}: no such file"
    broken = tmp_path / "broken.mjlog"
    broken.write_bytes(b"\x1f\x8b" + b"not really gzip")
    with pytest.raises(tenhou.LogError) as err:
        tenhou.read_text(broken)
    assert str(err.value) == f"{broken}: a broken gzip file"
    latin = tmp_path / "latin.mjlog"
    latin.write_bytes(b"<mjloggm ver='2.3'>\xff</mjloggm>")
    with pytest.raises(tenhou.LogError) as err:
        tenhou.read_text(latin)
    assert str(err.value) == f"{latin}: not UTF-8 text"


def test_a_missing_log_is_named_in_the_readers_language(tmp_path: Path) -> None:
    """The OS's English ("No such file or directory") is not what a ja reader sees."""
    with pytest.raises(tenhou.LogError) as err:
        tenhou.read_text(tmp_path / "gone.mjlog")
    text = err.value.message.text("ja")
    assert "gone.mjlog" in text and "No such file" not in text and not text.isascii()


# the whole mjlog corpus, read back against the XML's own elements
MJLOGS = sorted((Path(__file__).parent / "data" / "tenhou").glob("*.mjlog"))


def _hands_of_xml(path: Path) -> list[list[Any]]:
    """Each hand's elements (INIT … the AGARI/RYUUKYOKU that ends it), from the raw XML."""
    from xml.etree import ElementTree  # noqa: PLC0415

    root = ElementTree.fromstring(tenhou.read_text(path))
    hands: list[list[Any]] = []
    for element in root:
        if element.tag == "INIT":
            hands.append([])
        if hands:
            hands[-1].append(element)
    return hands


@pytest.mark.parametrize("path", MJLOGS, ids=lambda p: p.stem)
def test_the_reader_keeps_what_each_hand_of_the_log_says(path: Path) -> None:
    from test_tenhou_logs import rules_of  # noqa: PLC0415

    record = tenhou.load(path, rules_of(path)).record
    xml = [h for h in _hands_of_xml(path) if any(e.tag in ("AGARI", "RYUUKYOKU") for e in h)]
    assert len(record.hands) == len(xml)
    for hand, elements in zip(record.hands, xml, strict=True):
        assert hand.round is not None and hand.honba is not None  # checked by the replay
        wins = [e for e in elements if e.tag == "AGARI"]
        draws = [e for e in elements if e.tag == "RYUUKYOKU"]
        assert len(hand.wins) == len(wins)
        reasons = {"yao9": "kyuushu", "kaze4": "suufon", "reach4": "suucha-riichi",
                   "kan4": "suukan", "ron3": "sanchahou"}  # fmt: skip
        if draws and draws[0].get("type") in reasons:
            assert (hand.result, hand.reason) == ("abort", reasons[draws[0].get("type")])
        elif draws:
            assert hand.result == "draw" and hand.reason == ""
            shown = tuple(s for s in range(len(record.names)) if draws[0].get(f"hai{s}"))
            assert hand.tenpai == shown
            if draws[0].get("type") == "nm":  # 流し満貫: whoever the scores pay
                assert hand.nagashi
            else:
                assert hand.nagashi == ()
        callers = {int(e.get("who")) for e in elements if e.tag == "N"}
        assert set(hand.calls) <= callers  # a concealed kan or a North is not a call
        for win in hand.wins:
            if win.yakuman:
                assert win.han == 0 and win.fu is None and win.dora == 0
            elif win.han >= 5:
                assert win.fu is None  # a limit hand: its fu do not count
            else:
                assert win.fu is not None and win.fu >= 20


def test_the_yaku_of_a_menzen_tsumo_are_named() -> None:
    """Yaku number 0 is 門前清自摸和: the first of Tenhou's list is read too."""
    from test_tenhou_logs import rules_of  # noqa: PLC0415

    names = [y for path in MJLOGS[:20] for h in tenhou.load(path, rules_of(path)).record.hands
             for w in h.wins for y in w.yaku]  # fmt: skip
    assert "門前清自摸和" in names and "立直" in names


PAIRS = ["2019021004gm-00a9-0000-e2f6516d", "2019080322gm-00a9-0000-81e85e04",
         "2019081518gm-00a9-0000-cce9d00c", "2019103023gm-00a9-0000-f90e0fe9",
         "2019123123gm-00a9-0000-f4386d0e"]  # fmt: skip
TENHOU_DATA = Path(__file__).parent / "data" / "tenhou"


@pytest.mark.parametrize("stem", PAIRS)
def test_a_games_json_and_mjlog_read_as_the_same_record(stem: str) -> None:
    """The same game saved in both of Tenhou's formats: two readers, one record, to
    every field (rounds, honba, wins, yaku, dora, riichi, tenpai, calls)."""
    from_json = tenhou.load(TENHOU_DATA / f"{stem}.json")
    from_xml = tenhou.load(TENHOU_DATA / f"{stem}.mjlog")
    assert from_json.record == from_xml.record
    assert from_json.points_after == from_xml.points_after
    assert (from_json.final_points, from_json.final_pt) == (from_xml.final_points,
                                                            from_xml.final_pt)  # fmt: skip


@pytest.mark.parametrize("suffix", [".json", ".mjlog"])
def test_a_logs_names_and_rules_can_be_given(suffix: str) -> None:
    text = tenhou.read_text(TENHOU_DATA / f"{PAIRS[0]}{suffix}")
    rules = find_preset("mleague")
    game = tenhou.parse_any("\n  " + text, rules, ["Wu", "Xi", "Yo", "Zed"], "20190210")
    assert game.record.names == ("Wu", "Xi", "Yo", "Zed") and game.record.rules == rules


def test_a_json_logs_rules_by_its_display_name_and_players() -> None:
    text = tenhou.read_text(TENHOU_DATA / f"{PAIRS[0]}.json")
    east = tenhou.parse_any(text.replace("鳳南喰赤", "鳳東喰赤"))
    south = tenhou.parse_any(text)
    lengths = (east.record.rules.game.length.value, south.record.rules.game.length.value)
    assert lengths == ("east", "south")
    assert south.record.rules.name == "tenhou-2020"  # its ref is a 2019 game
    sanma = tenhou.load(TENHOU_DATA / "2024010120gm-00b9-0000-e324b88a.json").record
    assert (sanma.rules.name, len(sanma.names)) == ("tenhou-sanma", 3)


def test_a_summary_read_in_batches_is_the_summary_read_at_once(tmp_path: Path) -> None:
    from test_bulk import random_games  # noqa: PLC0415

    from seisan.bulk.io import summarise  # noqa: PLC0415

    rules = find_preset("mleague")
    points, sticks = random_games(rules, 3000, seed=11)
    table = pa.table({**{f"p{s}": points[:, s] for s in range(4)}, "deposits": sticks})
    path = _table_file(tmp_path / "games.parquet", table)
    seen: list[tuple[int, int | None]] = []
    batched = summarise(path, [rules], batch_size=1000,
                        progress=lambda done, rows: seen.append((done, rows)))  # fmt: skip
    assert seen == [(1000, 3000), (2000, 3000), (3000, 3000)]
    assert batched == summarise(path, [rules], batch_size=100_000)
    [whole] = batched
    assert whole.games == 3000 and sum(map(sum, whole.place_counts)) == 12000


def test_a_summarys_problems_are_named_by_file_and_row(tmp_path: Path) -> None:
    from seisan.bulk.io import summarise  # noqa: PLC0415

    rules = [find_preset("mleague")]
    bad = {f"p{s}": [GAME[s]] * 3000 for s in range(4)}
    bad["p0"][1500] += 100
    path = _table_file(tmp_path / "bad.parquet", pa.table(bad))
    with pytest.raises(BulkError) as err:
        summarise(path, rules, batch_size=1000)
    assert str(err.value).startswith("row 1501: points that do not add up to 100000")
    empty = tmp_path / "empty.csv"
    empty.write_text("p0,p1,p2,p3\n", encoding="utf-8")
    with pytest.raises(BulkError) as err:
        summarise(empty, rules)
    assert str(err.value) == f"{empty} has no games in it (a header and no rows?)"
    cut = _table_file(tmp_path / "cut.arrow", pa.table(_games(3000)))
    cut.write_bytes(cut.read_bytes()[:-200])
    with pytest.raises(BulkError) as err:
        summarise(cut, rules, batch_size=1000)
    assert str(err.value).startswith(f"{cut}: cannot be read from row 2001 on (")


@pytest.mark.parametrize(("unit", "scale", "first"), [
    (100, 1, Decimal("62.6")), (10, 2, Decimal("62.61")), (1, 3, Decimal("62.61")),
])  # fmt: skip
def test_score_columns_keep_the_decimals_of_the_points_unit(
    unit: int, scale: int, first: Decimal
) -> None:
    """Points in tens (points_unit 10) score to the hundredth of a pt: the column wrote
    626.1 for +62.61 (a tenth's scale on hundredths) before."""
    rules = rules_from_data({"extends": "mleague", "points_unit": unit})
    game = [42600, 31000, 16400, 10000] if unit == 100 else [42610, 31000, 16390, 10000]
    batch = pa.RecordBatch.from_arrays(
        [pa.array([p]) for p in game], names=["p0", "p1", "p2", "p3"]
    )
    out = settle_batch(batch, [rules], ["p0", "p1", "p2", "p3"], None)
    assert out.column("score_0").type.scale == scale
    assert out.column("score_0").to_pylist() == [first]
    assert sum(out.column(f"score_{s}").to_pylist()[0] for s in range(4)) == 0


def test_a_logs_game_id_comes_from_its_file_name(tmp_path: Path) -> None:
    text = FIRST_LOG.read_bytes()
    short = tmp_path / "2009022022gm-00a9-copy.mjlog"  # the date and lobby only
    short.write_bytes(text)
    assert tenhou.load(short).record.title == "2009022022gm-00a9"
    assert tenhou.load(short).record.rules.name == "tenhou-2020"  # a 2009 game
    nameless = tmp_path / "a game.mjlog"
    nameless.write_bytes(text)
    game = tenhou.load(nameless, names=["Wu", "Xi", "Yo", "Zed"])
    # no date: the log's own final pt tell (all whole here: the old rounding)
    assert game.record.title == "" and game.record.rules.name == "tenhou-2020"
    assert game.record.names == ("Wu", "Xi", "Yo", "Zed")


def test_a_log_without_hands_and_a_log_with_one_name_twice(tmp_path: Path) -> None:
    text = FIRST_LOG.read_text(encoding="utf-8")
    head = text[: text.index("<INIT")] + "</mjloggm>"
    empty = tmp_path / "empty.mjlog"
    empty.write_text(head, encoding="utf-8")
    with pytest.raises(tenhou.LogError) as err:
        tenhou.load(empty)
    assert str(err.value) == f"{empty}: the log has no hands"
    twice = tmp_path / "twice.mjlog"
    twice.write_text(text.replace('n1="%42%65%6E"', 'n1="%41%6E%61"'), encoding="utf-8")
    assert tenhou.load(twice).record.names[:2] == ("Ana 1", "Ana 2")


def test_a_log_that_does_not_end_is_said(tmp_path: Path) -> None:
    """No final scores (a log cut short) and final scores of fewer players than sat."""
    text = FIRST_LOG.read_text(encoding="utf-8")
    owari = text[text.index(" owari=") :].split('"')[1]
    for cut, given in (("", " owari="), (",".join(owari.split(",")[:6]), "")):
        log = tmp_path / f"cut{len(cut)}.mjlog"
        log.write_text(text.replace(owari, cut) if cut else text.replace(
            f' owari="{owari}"', ""), encoding="utf-8")  # fmt: skip
        with pytest.raises(tenhou.LogError) as err:
            tenhou.load(log)
        assert str(err.value) == f"{log}: the log does not end (no final scores)", given


def test_a_json_logs_rules_names_and_id_when_fields_are_missing() -> None:
    """A tenhou.net/6 log without its rule, or with a rule that is not a table, is a
    four-player hanchan; names that are missing, empty or the same twice are
    replaced; the game id is the log's ref, else the id given, else none."""
    data = json.loads(tenhou.read_text(TENHOU_DATA / f"{PAIRS[0]}.json"))
    for rule in (None, [], {"aka": 1}):
        changed = {k: v for k, v in data.items() if k != "rule"}
        if rule is not None:
            changed["rule"] = rule
        game = tenhou.parse_json(json.dumps(changed))
        assert (len(game.record.names), game.record.rules.game.length.value) == (4, "south")
        assert game.game_id == data["ref"] == game.record.title
    for names, kept in ((["", "Ben", "Chie", "Dae"], ["Player 1", "Ben", "Chie", "Dae"]),
                        (["Ana", "Ana", "Chie", "Dae"], ["Ana 1", "Ana 2", "Chie", "Dae"]),
                        (["Ana", "Ben"], ["Ana", "Ben", "Player 3", "Player 4"])):  # fmt: skip
        game = tenhou.parse_json(json.dumps(data | {"name": names}))
        assert list(game.record.names) == kept
    no_ref = {k: v for k, v in data.items() if k != "ref"}
    assert tenhou.parse_json(json.dumps(no_ref)).game_id == ""
    given = tenhou.parse_any(json.dumps(no_ref), game_id="2019021004gm-00a9-0000-e2f6516d")
    assert given.game_id == given.record.title == "2019021004gm-00a9-0000-e2f6516d"


@pytest.mark.parametrize("suffix", [".json", ".mjlog"])
def test_a_log_of_the_unknown_months_is_read_by_its_own_result(suffix: str, tmp_path: Path) -> None:
    """Between the last known whole-pt log (2021-01-28) and the first exact one
    (2022-06-01), a log's own final pt tell the rounding: this 2019 game, dated
    June 2021, has whole pt, so the old rounding, and it replays as logged."""
    stem = PAIRS[0]
    moved = "2021060100gm" + stem[len("2019021004gm") :]
    text = tenhou.read_text(TENHOU_DATA / f"{stem}{suffix}").replace(stem, moved)
    path = tmp_path / f"{moved}{suffix}"
    path.write_text(text, encoding="utf-8")
    game = tenhou.load(path)
    assert game.record.rules.name == "tenhou-2020"
    assert all(pt == pt.to_integral_value() for pt in game.final_pt)
    tenhou.check(game)  # every hand and the final pt as logged


# -- explain.rules_caption in a language other than the current one (issue 16) -----------
# The caption under a table (seisan settle, the web's game page) is asked for in the
# reader's language while the process speaks another: every word of it is that
# language's, the 順位点 (uma with the oka) included; a floating uma names its list.

CAPTIONS = {
    Lang.EN: "Start points 25000 · Return points 30000 · Oka +20 · Uma 10-30 (Rank points "
    "+50/+10/-10/-30) · Rounding: exact · Ties: split",
    Lang.JA: "配給原点 25000 · 返し点 30000 · オカ +20 · ウマ 10-30 (順位点 +50/+10/-10/-30) · "
    "端数処理: 端数放置 · 同点: ウマ・オカ等分",
    Lang.KO: "시작 점수 25000 · 반환점 30000 · 오카 +20 · 우마 10-30 (순위점 +50/+10/-10/-30) · "
    "끝수 처리: 끝수 유지 · 동점: 우마·오카 균등",
}


@pytest.mark.parametrize("lang", list(Lang))
@pytest.mark.parametrize("current", list(Lang))
def test_the_rules_caption_is_in_the_language_asked_for(lang: Lang, current: Lang) -> None:
    with language(current):
        assert rules_caption(find_preset("mleague"), lang) == CAPTIONS[lang]


FLOATING = {  # JPML's uma before the game says how many are afloat: every list, in words
    Lang.EN: "Uma by the number of floating players (0: 8,4,-4,-8; 1: 12,-1,-3,-8; 2: 8,4,-4,-8; "
    "3: 8,3,1,-12; 4: 8,3,1,-12)",
    Lang.JA: "ウマ 浮き人数による (0: 8,4,-4,-8; 1: 12,-1,-3,-8; 2: 8,4,-4,-8; 3: 8,3,1,-12; "
    "4: 8,3,1,-12)",
    Lang.KO: "우마 뜬 인원에 따름 (0: 8,4,-4,-8; 1: 12,-1,-3,-8; 2: 8,4,-4,-8; 3: 8,3,1,-12; "
    "4: 8,3,1,-12)",
}


@pytest.mark.parametrize("lang", list(Lang))
def test_a_floating_uma_in_the_caption_is_in_the_language_asked_for(lang: Lang) -> None:
    with language(Lang.JA if lang is Lang.EN else Lang.EN):
        assert rules_caption(find_preset("jpml"), lang).split(" · ")[3] == FLOATING[lang]


@pytest.mark.parametrize(
    ("lang", "floating", "expected"),
    [
        (Lang.JA, 1, "ウマ 1人浮き +12/-1/-3/-8"),
        (Lang.KO, 1, "우마 1명 뜸 +12/-1/-3/-8"),
        (Lang.EN, 1, "Uma 1 at or above return points +12/-1/-3/-8"),
        (Lang.EN, None, "Uma 0 at or above return points +12/-1/-3/-8"),  # the default
    ],
)  # fmt: skip
def test_a_floating_uma_caption_names_the_list_used(
    lang: Lang, floating: int | None, expected: str
) -> None:
    used = (F(12), F(-1), F(-3), F(-8))
    with language(Lang.JA if lang is Lang.EN else Lang.EN):
        if floating is None:
            caption = rules_caption(find_preset("jpml"), lang, used)
        else:
            caption = rules_caption(find_preset("jpml"), lang, used, floating)
    assert caption.split(" · ")[3] == expected


# -- bulk.io, the second run's survivors (docs/testing.md) ------------------------------


def test_a_utf8_csv_whose_first_mib_ends_inside_a_character_is_utf8(tmp_path: Path) -> None:
    """The encoding is read off the first MiB: a 東 cut by that boundary is no sign of
    Shift_JIS."""
    from seisan.bulk.io import csv_encoding  # noqa: PLC0415

    row = "42600,31000,16400,10000,東\n".encode()
    head = b"p0,p1,p2,p3,memo\n"
    body = head + row * ((1 << 20) // len(row) + 1)
    cut = body.index("東".encode(), (1 << 20) - len(row))  # the 東 at the boundary
    padded = head + b"x" * ((1 << 20) - cut - 1) + body[len(head) :]  # starts 1 byte early
    assert padded[(1 << 20) - 1 : (1 << 20) + 2] == "東".encode()
    path = tmp_path / "big.csv"
    path.write_bytes(padded)
    assert csv_encoding(path) == "utf8"
    path.write_bytes("p0,p1,p2,p3,memo\n42600,31000,16400,10000,東\n".encode("cp932"))
    assert csv_encoding(path) == "cp932"
    path.write_bytes("p0,p1,p2,p3,memo\n42600,31000,16400,10000,東".encode()[:-1])
    assert csv_encoding(path) == "cp932"  # a whole file that ends inside a character


def test_a_score_of_exactly_zero_is_written_as_zero() -> None:
    """M.League: second place on 20,000 is −10 + 10 = 0 (the column's high word must be
    0 there, not the sign of a negative)."""
    batch = pa.RecordBatch.from_arrays(
        [pa.array([p]) for p in (50000, 20000, 19000, 11000)], names=["p0", "p1", "p2", "p3"]
    )
    out = settle_batch(batch, [find_preset("mleague")], ["p0", "p1", "p2", "p3"], None)
    assert [out.column(f"score_{s}").to_pylist() for s in range(4)] == [
        [Decimal("70.0")],
        [Decimal("0.0")],
        [Decimal("-21.0")],
        [Decimal("-49.0")],
    ]


def test_a_sticks_column_with_every_cell_empty_is_named_so() -> None:
    batch = pa.RecordBatch.from_arrays([*(pa.array([g]) for g in GAME), pa.nulls(1)],
                                       names=["p0", "p1", "p2", "p3", "sticks"])  # fmt: skip
    with pytest.raises(BulkError) as err:
        settle_batch(batch, [find_preset("mleague")], ["p0", "p1", "p2", "p3"], "sticks")
    assert str(err.value) == (
        "column sticks holds nothing (every cell is empty), not a count of riichi sticks"
    )


def test_progress_is_told_after_each_batch(tmp_path: Path) -> None:
    path = _table_file(tmp_path / "games.parquet", pa.table(_games(5)), chunk=2)
    seen: list[tuple[int, int | None]] = []
    rows = settle_file(path, tmp_path / "out.parquet", [find_preset("mleague")], batch_size=2,
                       progress=lambda done, total: seen.append((done, total)))  # fmt: skip
    assert rows == 5 and seen == [(2, 5), (4, 5), (5, 5)]


def test_a_stream_cut_in_its_first_batch_is_named_from_row_1(tmp_path: Path) -> None:
    from seisan.bulk.io import summarise  # noqa: PLC0415

    path = _table_file(tmp_path / "games.arrow", pa.table(_games(3000)), chunk=3000)
    path.write_bytes(path.read_bytes()[:-2000])  # the only batch is cut
    for run in (lambda: settle_file(path, tmp_path / "o.parquet", [find_preset("mleague")]),
                lambda: summarise(path, [find_preset("mleague")])):  # fmt: skip
        with pytest.raises(BulkError) as err:
            run()
        assert str(err.value).startswith(f"{path}: cannot be read from row 1 on (")


def test_text_that_is_not_utf8_found_on_writing_says_so_in_words(tmp_path: Path) -> None:
    rows = "p0,p1,p2,p3,memo\n" + "40000,30000,20000,10000,x\n" * 50_000
    source = tmp_path / "late.csv"
    source.write_bytes(rows.encode() + "40000,30000,20000,10000,東卓\n".encode("cp932"))
    with pytest.raises(BulkError) as err:
        settle_file(source, tmp_path / "out.csv", [find_preset("mleague")])
    text = str(err.value)
    assert text.startswith(f"{source}: cannot be read from row 1 on (not UTF-8 text)")
    assert "UTF-8 のテキストではありません" in err.value.text("ja")  # Arrow's: invalid UTF8


@pytest.mark.parametrize("batch_size", [3, 100])
def test_a_summarys_quantiles_on_few_distinct_scores(tmp_path: Path, batch_size: int) -> None:
    """Seven games whose twenty-eight scores are nearly all different: each quantile is
    the lower value at its split of every score sorted ((n − 1) · q // 100)."""
    from seisan.bulk.io import summarise  # noqa: PLC0415

    rules = find_preset("mleague")
    games = [[42600 - 1000 * i, 31000 + 300 * i, 16400 + 500 * i, 10000 + 200 * i]
             for i in range(7)]  # fmt: skip
    table = pa.table({f"p{s}": [g[s] for g in games] for s in range(4)})
    path = _table_file(tmp_path / "few.parquet", table, chunk=3)
    (summary,) = summarise(path, [rules], batch_size=batch_size)
    every = sorted(s for g in games for s in settle(g, rules).scores)
    assert len(set(every)) >= 20
    assert summary.quantiles == tuple(every[27 * q // 100] for q in (0, 10, 25, 50, 75, 90, 100))
    assert summary.mean == 0 and summary.games == 7
    assert summary.place_counts == ((7, 0, 0, 0), (0, 7, 0, 0), (0, 0, 7, 0), (0, 0, 0, 7))


def test_the_quanta_of_a_sliced_score_column(tmp_path: Path) -> None:
    from seisan.bulk.io import _decimal_column, _quanta  # noqa: PLC0415

    column = _decimal_column(np.array([626, 110, -236, -500, 0, 7], dtype=np.int64), 1)
    assert _quanta(column).tolist() == [626, 110, -236, -500, 0, 7]
    assert _quanta(column.slice(2, 3)).tolist() == [-236, -500, 0]


def test_a_quantile_beyond_the_scores_is_an_index_error() -> None:
    from seisan.bulk.io import _nth  # noqa: PLC0415

    scores = [(5, 2), (9, 1)]  # 5, 5, 9
    assert [_nth(scores, 3, q) for q in (0, 50, 99, 100)] == [5, 5, 5, 9]  # places 0, 1, 1, 2
    with pytest.raises(IndexError) as err:
        _nth(scores, 4, 100)  # a fourth score that is not there
    assert err.value.args == (100,)


def test_csv_on_standard_output(tmp_path: Path, capfd: pytest.CaptureFixture[str]) -> None:
    """``-o -``: CSV on standard output, all of it there when the call returns."""
    from seisan.bulk.io import STDOUT  # noqa: PLC0415

    path = _table_file(tmp_path / "games.parquet", pa.table(_games(2)))
    assert settle_file(path, STDOUT, [find_preset("mleague")]) == 2
    out = capfd.readouterr().out.splitlines()
    assert out[0].startswith('"p0","p1","p2","p3","place_0","score_0"')
    assert out[1:] == ["42600,31000,16400,10000,1,62.6,2,11,3,-23.6,4,-50"] * 2


# -- the Tenhou reader, the third run's survivors (docs/testing.md) ---------------------


def _first_xml() -> str:
    return tenhou.read_text(FIRST_LOG)


def test_an_mjlog_read_without_an_id_has_none_and_with_one_keeps_it() -> None:
    text = _first_xml()
    plain = tenhou.parse(text)
    assert (plain.game_id, plain.record.title) == ("", "")
    assert tenhou.parse_any(text).game_id == ""
    named = tenhou.parse(text, game_id=FIRST_LOG.stem)
    assert named.game_id == named.record.title == FIRST_LOG.stem
    assert named.record.rules.game.dealer_stop == "auto-win"  # its date: before June 2010
    assert plain.record.rules.game.dealer_stop != "auto-win"  # no date: today's rules


def test_an_mjlog_without_go_or_its_type_is_a_four_player_hanchan() -> None:
    """``<GO>`` names the game's type; without it (or its ``type``) the log is read as
    Tenhou's usual game: four players, East and South."""
    text = _first_xml()
    go = re.search(r"<GO [^>]*/>", text)
    assert go is not None
    for changed in (text.replace(go[0], ""), text.replace(go[0], '<GO lobby="0"/>')):
        game = tenhou.parse(changed, game_id=FIRST_LOG.stem)
        assert len(game.record.names) == 4 and game.record.rules.game.length == "south"
        assert tenhou.check(game).settlement is not None


def test_an_mjlog_without_names_names_its_seats() -> None:
    text = re.sub(r'<UN n0="[^>]*/>', "", _first_xml(), count=1)
    assert tenhou.parse(text).record.names == ("Player 1", "Player 2", "Player 3", "Player 4")


@pytest.mark.parametrize(
    "yaku", ["1,1,54", "1,1,-1,1", "1,1,999,1"], ids=["odd", "negative", "unknown"]
)
def test_a_win_with_a_broken_yaku_list_is_named(yaku: str) -> None:
    text = re.sub(r'(<AGARI [^>]*?)yaku="[^"]*"', rf'\1yaku="{yaku}"', _first_xml(), count=1)
    with pytest.raises(tenhou.LogError) as err:
        tenhou.parse(text)
    assert str(err.value).endswith("<AGARI>: an attribute is missing or wrong")


def test_a_draw_keeps_who_called() -> None:
    """The first log's East 4 is an exhaustive draw after calls."""
    game = tenhou.load(FIRST_LOG)
    (draw,) = [h for h in game.record.hands if h.round == "E4"]
    assert draw.result == "draw" and draw.calls


def _json_log(name: str) -> dict[str, Any]:
    return json.loads((TENHOU_DATA / name).read_text(encoding="utf-8"))


DOUBLE_RON = "2019103023gm-00a9-0000-f90e0fe9.json"  # its fourth hand: a double ron


def test_a_double_ron_as_a_json_logs_last_hand() -> None:
    """Cut after its double ron, the log's last points come from both wins' deltas;
    they are the next hand's start in the whole log."""
    data = _json_log(DOUBLE_RON)
    assert data["log"][3][-1][0] == "和了" and len(data["log"][3][-1]) == 5
    expected = tuple(data["log"][4][1])
    data["log"] = data["log"][:4]
    game = tenhou.parse_json(json.dumps(data))
    assert game.points_after[3] == expected
    assert len(game.record.hands[3].wins) == 2


@pytest.mark.parametrize("part", ["deltas", "start"])
def test_a_json_logs_last_hand_with_too_few_seats_is_named(part: str) -> None:
    data = _json_log(DOUBLE_RON)
    last = data["log"][-1]
    if part == "deltas":
        last[-1][1] = last[-1][1][:3]
    else:
        last[1] = last[1][:3]
    with pytest.raises(tenhou.LogError) as err:
        tenhou.parse_json(json.dumps(data))
    assert str(err.value) == "a tenhou.net/6 log with a field missing or wrong"


@pytest.mark.parametrize("field", ["sc", "log"])
def test_a_json_log_whose_scores_or_hands_are_not_a_list(field: str) -> None:
    data = _json_log(DOUBLE_RON)
    data[field] = {"0": 1}
    with pytest.raises(tenhou.LogError) as err:
        tenhou.parse_json(json.dumps(data))
    assert str(err.value) == "a tenhou.net/6 log with a field missing or wrong"


def test_a_game_id_that_does_not_start_with_a_day_is_told_by_its_result() -> None:
    data = _json_log(DOUBLE_RON)
    data.pop("ref", None)
    # a day that is not one: no date, and the log's own whole final pt say old rounding;
    # the same pt with a tenth say today's
    for game_id, name in (("x2019103023gm", "tenhou-2020"), ("2019103023gm", "tenhou-2020")):
        game = tenhou.parse_json(json.dumps(data), game_id=game_id)
        assert game.record.rules.name == name, game_id
    assert data["sc"] == [85300, 96, 31400, -9, -55100, -105, 38400, 18]
    data["sc"] = [85300, 96.1, 31400, -9.1, -55100, -105, 38400, 18]
    assert (
        tenhou.parse_json(json.dumps(data), game_id="x2019103023gm").record.rules.name == "tenhou"
    )


@pytest.mark.parametrize(
    ("name", "round_", "reason"),
    [("2016052515gm-00a9-0000-c4d72066.mjlog", "E1", "suukan"),
     ("2014021417gm-0009-7447-00d6d80f.json", "S1", "suukan"),
     ("2020020506gm-0009-7994-344ceb83.json", "S3", "sanchahou")],
)  # fmt: skip
def test_an_abortive_draw_keeps_who_called(name: str, round_: str, reason: str) -> None:
    """Four kans by more than one player (四槓散了), and three rons (三家和了), after
    calls: the callers stay on the record in both formats."""
    game = tenhou.load(TENHOU_DATA / name)
    (abort,) = [h for h in game.record.hands if h.round == round_ and h.result == "abort"]
    assert abort.reason == reason and len(abort.calls) == 3


def test_every_log_of_a_kind_shares_one_rules() -> None:
    """Rules are built once per game type and era, not once per log (issue 20)."""
    a = tenhou.rules_for(0x09, "20190101")
    assert tenhou.rules_for(0x09, "20190102") is a and a.name == "tenhou-2020"
    east = tenhou.rules_for(0x01, "20090301")
    assert (east.game.length, east.game.dealer_stop) == ("east", "auto-win")


# -- bulk.io, the fourth run's survivors ---------------------------------------------


def test_compared_rules_must_be_for_as_many_players(tmp_path: Path) -> None:
    path = _table_file(tmp_path / "games.parquet", pa.table(_games(2)))
    with pytest.raises(BulkError) as err:
        settle_file(path, tmp_path / "o.parquet", [find_preset("mleague"),
                                                   find_preset("tenhou-sanma")])  # fmt: skip
    assert str(err.value) == "--compare: give rules for the same number of players"


def test_named_point_and_stick_columns_are_read_by_file_and_summary(tmp_path: Path) -> None:
    """Columns named east…north and a sticks column called "kyoutaku": one stick left
    on the table goes to first place (M.League: 42,600 + 1,000 → +63.6)."""
    from seisan.bulk.io import summarise  # noqa: PLC0415

    winds = ["east", "south", "west", "north"]
    table = pa.table({**{w: [[42600, 31000, 16400, 9000][s]] for s, w in enumerate(winds)},
                      "kyoutaku": [1]})  # fmt: skip
    path = _table_file(tmp_path / "named.parquet", table)
    rules = [find_preset("mleague")]
    settle_file(path, tmp_path / "out.parquet", rules, columns=winds, deposits="kyoutaku")
    out = pq.read_table(tmp_path / "out.parquet")
    assert out.column("score_0").to_pylist() == [Decimal("63.6")]
    (summary,) = summarise(path, rules, columns=winds, deposits="kyoutaku")
    assert summary.quantiles[-1] == Fraction("63.6") and summary.games == 1
    with pytest.raises(BulkError) as err:
        settle_file(path, tmp_path / "o2.parquet", rules, columns=winds, deposits="sticks")
    assert str(err.value) == (
        "no column “sticks” (the file has east, south, west, north, kyoutaku)"
    )


@pytest.mark.parametrize("lang", [Lang.JA, Lang.KO])
def test_the_uma_in_the_readers_words_whatever_the_process_speaks(lang: Lang) -> None:
    """A floating uma named briefly, and rules without uma, in the language asked for
    (the process speaks English here)."""
    from seisan.explain import uma_text  # noqa: PLC0415
    from seisan.i18n import term  # noqa: PLC0415

    floating = find_preset("jpml")
    none = rules_from_data({"extends": "tenhou", "uma": [0, 0, 0, 0]})
    assert uma_text(floating, lang, brief=True) == term("floating", lang) != term("floating")
    assert uma_text(none, lang) == term("uma.none", lang) != term("uma.none")
    assert uma_text(none) == term("uma.none") and uma_text(floating, brief=True) == term(
        "floating")  # fmt: skip


def test_a_row_short_of_cells_is_named_in_words(tmp_path: Path) -> None:
    """Arrow's "Expected 4 columns, got 3" in the reader's words, and a CSV module
    error too: never their English on a ja or ko screen."""
    source = tmp_path / "short.csv"
    source.write_text("p0,p1,p2,p3\n" + "40000,30000,20000,10000\n" * 10 + "40000,30000,30000\n",
                      encoding="utf-8")  # fmt: skip
    with pytest.raises(BulkError) as err:
        settle_file(source, tmp_path / "out.csv", [find_preset("mleague")])
    assert str(err.value) == (f"{source}: not a readable csv file (3 cells where the header has 4)")
    assert "見出しは4列ですが3セルあります" in err.value.text("ja")
