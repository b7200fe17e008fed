"""Standings and player statistics (seisan.stats) over real sessions and on thresholds."""

from __future__ import annotations

from fractions import Fraction
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from seisan.session import load_session
from seisan.stats import (
    Seat,
    Standing,
    head_to_head,
    placed,
    running,
    shared_places,
    standings,
    team_standings,
)

EXAMPLES = Path(__file__).resolve().parents[1] / "examples"
F = Fraction


def test_standings_equal_the_session_totals() -> None:
    result = load_session(EXAMPLES / "friday.toml").settle()
    table = standings(result.seats(), extra=result.off_table())
    totals = result.totals()
    # Eve watched game 2 backing Chie (外ウマ): +20 that no seat of hers shows
    assert result.off_table() == {"Eve": 20}
    assert {s.name: s.total for s in table} == {
        name: totals[name] for name in totals if result.played(name)
    }
    assert [s.name for s in table] == [n for n in result.ranked() if result.played(n)]
    money = result.money()
    assert money is not None
    for line in table:
        assert line.games == result.played(line.name)
        assert sum(line.places) == line.games


GAMES = [
    [Seat("Ana", 1, F(50), 42600), Seat("Ben", 2, F(10), 31000),
     Seat("Chie", 3, F(-20), 16400), Seat("Dae", 4, F(-40), 0)],
    [Seat("Ana", 4, F(-45), -100), Seat("Ben", 1, F(55), 51200),
     Seat("Chie", 2, F(5), 30000), Seat("Dae", 3, F(-15), 18900)],
    [Seat("Ana", 1, F("22.5"), 35000), Seat("Ben", 1, F("22.5"), 35000),
     Seat("Chie", 3, F(-15), 20000), Seat("Eve", 4, F(-30), 10000)],
]  # fmt: skip


def test_counts_and_rates() -> None:
    by_name = {s.name: s for s in standings(GAMES)}
    ana = by_name["Ana"]
    assert (ana.games, ana.total, ana.places) == (3, F("27.5"), (2, 0, 0, 1))
    assert ana.average == F("27.5") / 3
    assert ana.average_place == 2
    assert ana.rates == (F(2, 3), 0, 0, F(1, 3))
    assert ana.rentai == F(2, 3) and ana.last_avoidance == F(2, 3)
    assert (ana.best, ana.worst) == (50, -45)
    # exactly 0 points is not a bust (飛び is below zero); -100 is
    assert ana.busts == 1 and by_name["Dae"].busts == 0
    assert by_name["Ana"].bust_rate == F(1, 3)
    assert by_name["Eve"].last_avoidance == 0
    assert by_name["Ben"].rentai == 1


@pytest.mark.parametrize(("minimum", "names"), [
    (0, ["Ben", "Ana", "Chie", "Eve", "Dae"]),  # Chie and Eve on -30: more games first
    (1, ["Ben", "Ana", "Chie", "Eve", "Dae"]),
    (2, ["Ben", "Ana", "Chie", "Dae"]),  # exactly 2 games: in
    (3, ["Ben", "Ana", "Chie"]),
    (4, []),
])  # fmt: skip
def test_minimum_games(minimum: int, names: list[str]) -> None:
    assert [s.name for s in standings(GAMES, minimum)] == names


def test_equal_totals_rank_more_games_first() -> None:
    games = [[Seat("A", 1, F(0)), Seat("B", 2, F(0))], [Seat("B", 1, F(0)), Seat("C", 2, F(0))]]
    assert [s.name for s in standings(games)] == ["B", "A", "C"]


def test_head_to_head_counts_a_tie_as_neither() -> None:
    rows = {h.opponent: h for h in head_to_head(GAMES, "Ana")}
    ben = rows["Ben"]
    # game 1 Ana above, game 2 below, game 3 tied for first
    assert (ben.games, ben.above, ben.below, ben.difference) == (3, 1, 1, F(-60))
    assert (rows["Eve"].games, rows["Eve"].above) == (1, 1)
    assert [h.opponent for h in head_to_head(GAMES, "Ana")][:2] == ["Ben", "Chie"]
    assert head_to_head(GAMES, "Nobody") == []


def test_running_totals() -> None:
    assert running(GAMES, "Ana") == [50, 5, F("27.5")]
    assert running(GAMES, "Eve") == [-30]


def test_hand_statistics_of_a_worked_hanchan() -> None:
    """examples/game.json, counted by hand: Ana wins a riichi ron (3han40fu, 5200) and a
    tsumo (2han30fu, 2000); she deals into 2600 (hand 2) and a double ron of 1000 and
    3900 (hand 4); of the 4 draws she is tenpai at one (hand 12)."""
    from pathlib import Path  # noqa: PLC0415

    from seisan.games import load_record  # noqa: PLC0415
    from seisan.stats import play_stats  # noqa: PLC0415

    played = load_record(Path(__file__).parents[1] / "examples" / "game.json").play()
    rows = {s.name: s for s in play_stats([played])}
    ana = rows["Ana"]
    assert (ana.wins, ana.tsumo, ana.riichi, ana.riichi_wins) == (2, 1, 1, 1)
    assert (ana.deal_ins, ana.deal_in_points, ana.average_deal_in) == (2, 7500, 3750)
    assert (ana.draws, ana.draw_tenpai, ana.draw_tenpai_rate) == (4, 1, F(1, 4))
    assert (ana.tsumo_rate, ana.riichi_win_rate) == (F(1, 2), 1)
    chie = rows["Chie"]  # tsumo twice (E3, W1) and a ron (S3): 2 of 3 wins by tsumo
    assert (chie.wins, chie.tsumo, chie.tsumo_rate) == (3, 2, F(2, 3))
    assert (chie.draws, chie.draw_tenpai) == (4, 3) and chie.yakuman == 0 and chie.yaku == ()
    nobody = rows["Ben"]
    assert (nobody.riichi, nobody.riichi_wins, nobody.riichi_win_rate) == (2, 0, 0)


def test_yaku_and_yakuman_are_counted_from_the_records() -> None:
    from dataclasses import replace  # noqa: PLC0415

    from seisan.games import GameRecord, Hand, Win, play  # noqa: PLC0415
    from seisan.presets import find_preset  # noqa: PLC0415
    from seisan.stats import play_stats  # noqa: PLC0415

    hands = (
        Hand("ron", (Win(1, 2, 30, yaku=("riichi", "pinfu")),), discarder=0, riichi=(1,)),
        Hand("tsumo", (Win(1, yakuman=2, yaku=("daisuushii",)),)),
    )
    record = GameRecord(find_preset("tenhou"), ("Ana", "Ben", "Chie", "Dae"), hands)
    [ben] = [s for s in play_stats([play(replace(record), check_end=False)]) if s.name == "Ben"]
    assert ben.yakuman == 1  # a double yakuman is one yakuman won
    assert ben.yaku == (("daisuushii", 1), ("pinfu", 1), ("riichi", 1))


def test_statistics_merged_game_by_game_are_those_of_all_the_games() -> None:
    """What the web app does (each game's statistics kept, then merged) gives what
    play_stats gives over every game at once: 60 real Tenhou games, 3 and 4 players."""
    import sys  # noqa: PLC0415
    from pathlib import Path  # noqa: PLC0415

    from seisan.logs import tenhou  # noqa: PLC0415
    from seisan.stats import merge_stats, play_stats  # noqa: PLC0415

    sys.path.insert(0, str(Path(__file__).parent))
    from test_tenhou_logs import LOGS, rules_of  # noqa: PLC0415

    plays = [tenhou.check(tenhou.load(p, rules_of(p))) for p in LOGS[::3]]
    assert len(plays) >= 50
    assert merge_stats(play_stats([p]) for p in plays) == play_stats(plays)
    assert merge_stats([]) == []


def test_a_yakuman_is_counted_and_yaku_go_most_frequent_first() -> None:
    from seisan.games import GameRecord, Hand, Win, play  # noqa: PLC0415
    from seisan.presets import find_preset  # noqa: PLC0415
    from seisan.stats import play_stats  # noqa: PLC0415

    hands = (
        Hand("ron", (Win(1, 1, 30, yaku=("riichi",)),), discarder=0, riichi=(1,)),
        Hand("ron", (Win(1, 2, 30, yaku=("riichi", "pinfu")),), discarder=2, riichi=(1,)),
        Hand("tsumo", (Win(1, yakuman=1, yaku=("kokushi",)),)),
    )
    record = GameRecord(find_preset("tenhou"), ("Ana", "Ben", "Chie", "Dae"), hands)
    [ben] = [s for s in play_stats([play(record, check_end=False)]) if s.name == "Ben"]
    assert ben.yakuman == 1  # a single yakuman counts too
    assert ben.yaku == (("riichi", 2), ("kokushi", 1), ("pinfu", 1))
    assert (ben.wins, ben.tsumo, ben.riichi_wins) == (3, 1, 2)


# -- team standings (issue 18) ----------------------------------------------------------


def _row(name: str, total: int, games: int = 1) -> Standing:
    return Standing(name, games, F(total), (games,), 0, F(total), F(total), None)


def test_a_teams_total_is_its_members_and_its_own_penalty() -> None:
    rows = [_row("Ana", 62), _row("Ben", 11), _row("Chie", -23), _row("Dae", -50),
            _row("Eve", 40, 2)]  # fmt: skip
    teams = {"Ana": "Drivens", "Ben": "Pirates", "Chie": "Drivens", "Dae": "Pirates",
             "Eve": "Pirates"}  # fmt: skip
    ranked = team_standings(rows, teams, {"Pirates": F(-20)}, ["Drivens", "Pirates", "Beast"])
    assert [(t.name, t.total, t.games, t.penalty) for t in ranked] == [
        ("Drivens", F(39), 2, F(0)),  # 62 - 23
        ("Beast", F(0), 0, F(0)),  # no games yet: listed at 0
        ("Pirates", F(-19), 4, F(-20)),  # 11 - 50 + 40 - 20
    ]
    assert [m.name for m in ranked[2].members] == ["Ben", "Dae", "Eve"]  # as in the rows


def test_equal_team_totals_go_by_name_and_players_in_no_team_count_for_none() -> None:
    ranked = team_standings([_row("Ana", 10), _row("Ben", 10), _row("Gus", 99)],
                            {"Ana": "B team", "Ben": "A team"})  # fmt: skip
    assert [(t.name, t.total) for t in ranked] == [("A team", 10), ("B team", 10)]


@given(
    totals=st.lists(st.integers(-500, 500), min_size=1, max_size=12),
    team_count=st.integers(1, 4),
    penalty=st.integers(-50, 50),
)
def test_team_totals_add_up_to_the_members_and_penalties(
    totals: list[int], team_count: int, penalty: int
) -> None:
    rows = [_row(f"P{i}", t) for i, t in enumerate(totals)]
    teams = {f"P{i}": f"T{i % team_count}" for i in range(len(totals))}
    ranked = team_standings(rows, teams, {"T0": F(penalty)})
    assert sum(t.total for t in ranked) == sum(totals) + penalty
    assert [t.total for t in ranked] == sorted((t.total for t in ranked), reverse=True)
    assert sorted(m.name for t in ranked for m in t.members) == sorted(teams)  # each once


@pytest.mark.parametrize(
    ("games", "expected"),
    [
        # Ana and Ben level on total (+20) and games (2): one place, whoever sat first
        ([[("Ana", 1, 40), ("Ben", 2, 0), ("Chie", 3, -20), ("Dae", 4, -20)],
          [("Ben", 1, 40), ("Ana", 2, 0), ("Dae", 3, -20), ("Chie", 4, -20)]],
         {"Ana": 1, "Ben": 1, "Chie": 3, "Dae": 3}),
        # Ana and Ben level on total, not on games: more games first, places apart
        ([[("Ana", 1, 30), ("Ben", 2, 10), ("Chie", 3, -10), ("Dae", 4, -30)],
          [("Ben", 1, 20), ("Eve", 2, 0), ("Fay", 3, 0), ("Dae", 4, -20)]],
         {"Ben": 1, "Ana": 2, "Eve": 3, "Fay": 3, "Chie": 5, "Dae": 6}),
        # three level after a first place (the first line not of a tie)
        ([[("Ana", 1, 60), ("Ben", 2, -20), ("Chie", 3, -20), ("Dae", 4, -20)]],
         {"Ana": 1, "Ben": 2, "Chie": 2, "Dae": 2}),
    ],
)  # fmt: skip
def test_players_level_on_every_count_share_their_place(
    games: list[list[tuple[str, int, int]]], expected: dict[str, int]
) -> None:
    """helper-87's review: the places of the standings (the web app's pages, its API,
    the projector) were the lines' positions, so of two players level on total and
    games the one who first appeared (sat first) was placed above the other."""
    lines = standings([[Seat(n, p, F(t)) for n, p, t in game] for game in games])
    assert {line.name: place for place, line in placed(lines)} == expected
    assert shared_places([3, 3, 2, 2, 2, 1], lambda x: x) == [1, 1, 3, 3, 3, 6]
    assert shared_places([], lambda x: x) == []
    assert shared_places([5, 5], lambda x: x) == [1, 1]  # all level: the first line too
