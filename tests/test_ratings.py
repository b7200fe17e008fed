"""Ratings: Tenhou's R worked by hand, on every threshold (ties, three players, the
400th game), openskill's Plackett-Luce as the package gives it, and the same games
giving the same ratings when worked out again."""

from __future__ import annotations

import json
from fractions import Fraction as F
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from seisan.ratings import Rated, RatingError, System, ratings, table_size, tenhou_base

DATA = Path(__file__).parent / "data" / "tenhou"


def by_name(games: list[list[tuple[str, int]]], system: System = System.TENHOU) -> dict[str, Any]:
    return {r.name: r for r in ratings(games, system)}


@pytest.mark.parametrize(
    ("places", "base"),
    [
        ((1, 2, 3, 4), [30, 10, -10, -30]),
        ((4, 3, 2, 1), [-30, -10, 10, 30]),  # first place not in seat 0
        ((1, 1, 3, 4), [20, 20, -10, -30]),  # a tie for first shares 30 and 10
        ((1, 2, 2, 4), [30, 0, 0, -30]),
        ((1, 2, 2, 2), [30, F(-10), F(-10), F(-10)]),  # three share 10, -10, -30
        ((1, 1, 1, 1), [0, 0, 0, 0]),
        ((1, 2, 3), [30, 0, -30]),  # three players
        ((1, 1, 3), [15, 15, -30]),
    ],
)
def test_tenhous_points_by_place(places: tuple[int, ...], base: list[Any]) -> None:
    assert tenhou_base(list(places)) == [F(b) for b in base]


def test_tenhous_r_worked_by_hand() -> None:
    """Four newcomers (1500, no games): +30, +10, −10, −30. Then the same four the
    other way round: the table's average is 1500; the last becomes first:
    (30 + (1500 − 1470) / 40) × (1 − 0.002) = 30.6885 → 1500.69."""
    first = [("Ana", 1), ("Ben", 2), ("Chie", 3), ("Dae", 4)]
    second = [("Ana", 4), ("Ben", 3), ("Chie", 2), ("Dae", 1)]
    after_one = by_name([first])
    assert [after_one[n].rating for n in ("Ana", "Ben", "Chie", "Dae")] == [1530, 1510, 1490, 1470]
    after_two = by_name([first, second])
    assert after_two["Dae"].rating == F("1500.69")  # 1470 + 30.6885, to the hundredth
    assert after_two["Ana"].rating == F("1499.31")  # 1530 + (−30 − 0.75) × 0.998
    assert after_two["Dae"].history == (F(1470), F("1500.69"))
    assert after_two["Dae"].games == 2


@pytest.mark.parametrize(("played", "weight"), [(0, F(1)), (399, F(101, 500)), (400, F(1, 5)),
                                                (401, F(1, 5))])  # fmt: skip
def test_the_400th_game_is_the_line(played: int, weight: F) -> None:
    """A game moves R by (1 − 0.002 × games played) up to 399 games, by 0.2 from
    400: Ana's next first place against three newcomers after ``played`` games."""
    veteran = [[("Ana", 1), (f"a{k}", 2), (f"b{k}", 3), (f"c{k}", 4)] for k in range(played)]
    # before the last game Ana has her R; the last game's table average and her move:
    before = by_name(veteran)["Ana"].rating if played else F(1500)
    last = [("Ana", 1), ("x", 2), ("y", 3), ("z", 4)]
    after = by_name([*veteran, last])["Ana"].rating
    average = (before + 3 * 1500) / 4
    moved = before + (30 + (average - before) / 40) * weight
    assert after == F(round(moved * 100), 100)


def test_openskill_as_the_package_gives_it() -> None:
    from openskill.models import PlackettLuce  # noqa: PLC0415 - the reference

    model = PlackettLuce()
    a, b, c, d = (model.rating(name=n) for n in ("Ana", "Ben", "Chie", "Dae"))
    [[a], [b], [c], [d]] = model.rate([[a], [b], [c], [d]], ranks=[2, 1, 2, 4])
    ours = by_name([[("Ana", 2), ("Ben", 1), ("Chie", 2), ("Dae", 4)]], System.OPENSKILL)
    for r in (a, b, c, d):
        assert ours[r.name].rating == F(round(r.ordinal() * 100), 100)
    assert ours["Ana"].rating == ours["Chie"].rating  # tied: the same rating
    assert ours["Ben"].rating > ours["Ana"].rating > ours["Dae"].rating


@settings(max_examples=40, deadline=None)
@given(st.lists(st.permutations([1, 2, 3, 4]), min_size=1, max_size=30),
       st.sampled_from(list(System)))  # fmt: skip
def test_the_same_games_give_the_same_ratings(orders: list[list[int]], system: System) -> None:
    names = ["Ana", "Ben", "Chie", "Dae", "Eve"]
    games = [[(names[(k + s) % 5], p) for s, p in enumerate(order)]
             for k, order in enumerate(orders)]  # fmt: skip
    once = ratings(games, system)
    assert once == ratings(games, system)
    assert sum(r.games for r in once) == 4 * len(games)
    if system is System.TENHOU and len(games) == 1:  # one game: R sums to 4 × 1500
        assert sum(r.rating for r in once) == 6000


@settings(max_examples=40, deadline=None)
@given(st.lists(st.permutations([1, 2, 3, 4]), min_size=1, max_size=30),
       st.sampled_from(list(System)), st.lists(st.integers(0, 30), max_size=3),
       st.sampled_from([None, 3, 4]))  # fmt: skip
def test_carried_on_in_pieces_as_all_at_once(
    orders: list[list[int]], system: System, cuts: list[int], players: int | None
) -> None:
    """A night's games added to the ratings kept give what all the games at once give
    (the web app keeps the club's ratings and adds each new game)."""
    names = ["Ana", "Ben", "Chie", "Dae", "Eve"]
    games = [[(names[(k + s) % 5], p) for s, p in enumerate(order)][: 3 + k % 2]
             for k, order in enumerate(orders)]  # fmt: skip
    games = [[(n, sorted(p for _n, p in g).index(p) + 1) for n, p in g] for g in games]
    rated = Rated(system, players)
    start = 0
    for cut in [*sorted(cuts), len(games)]:
        before = rated
        rated = rated.added(games[start:cut])
        assert before.table() == Rated(system, players).added(games[:start]).table()  # kept
        start = max(start, cut)
    assert rated.table() == ratings(games, system, players)
    assert rated.read == len(games)


def test_a_bad_game_is_counted_from_the_games_read_before() -> None:
    kept = Rated(System.TENHOU).added([[("Ana", 1), ("Ben", 2), ("Chie", 3)]] * 4)
    with pytest.raises(RatingError, match=r"^game 6: places 2, 3, 4 are not places"):
        kept.added([[("Ana", 1), ("Ben", 2), ("Chie", 3)], [("Ana", 2), ("Ben", 3), ("Chie", 4)]])


@pytest.mark.parametrize(
    ("game", "message"),
    [([("Ana", 1), ("Ben", 2)], "game 1: a rating needs three or four different players"),
     ([("Ana", 1), ("Ana", 2), ("Chie", 3)], "three or four different players"),
     ([("Ana", 2), ("Ben", 3), ("Chie", 4)], "places 2, 3, 4 are not places at a table"),
     ([("Ana", 1), ("Ben", 5), ("Chie", 2), ("Dae", 3)], "places 1, 5, 2, 3")],
)  # fmt: skip
def test_games_a_rating_cannot_use_are_said(game: list[tuple[str, int]], message: str) -> None:
    with pytest.raises(RatingError, match=message):
        ratings([game])


def test_three_and_four_player_play_are_rated_apart() -> None:
    """The review's case: a four-player win and a three-player last place made one R
    over two games. Now each size is rated on its own, as Tenhou does."""
    games = [[("Ana", 1), ("Ben", 2), ("Chie", 3), ("Dae", 4)],
             [("Ana", 3), ("Ben", 1), ("Chie", 2)]]  # fmt: skip
    four = by_name_of(games, 4)
    three = by_name_of(games, 3)
    assert (four["Ana"].rating, four["Ana"].games) == (1530, 1)
    assert (three["Ana"].rating, three["Ana"].games) == (1470, 1)
    assert "Dae" not in three
    assert table_size(games) == 4 and table_size(games[1:]) == 3


def by_name_of(games: list[list[tuple[str, int]]], players: int) -> dict[str, Any]:
    return {r.name: r for r in ratings(games, System.TENHOU, players)}


def test_ratings_on_the_command_line(cli: Any, tmp_path: Path) -> None:
    logs = sorted(DATA.glob("2022060100*.mjlog"))[:6]
    data = cli.json("ratings", *map(str, logs), "--system", "tenhou")
    assert {d["name"] for d in data} == {"Ana", "Ben", "Chie", "Dae"}
    assert all(d["games"] == 6 for d in data)
    assert [d["rating"] for d in data] == sorted((d["rating"] for d in data), reverse=True)
    assert cli.json("ratings", *map(str, logs), "--system", "tenhou") == data
    ja = cli.run("ratings", *map(str, logs), "--lang", "ja")
    assert "レーティング（openskill、4人打ち）" in ja and "レート" in ja
    error = cli.run("ratings", str(tmp_path), code=2)
    assert "no game could be read" in error


def test_a_minimum_nobody_meets_is_said_not_shown_as_an_empty_table(cli: Any) -> None:
    """helper-56: ``--min-games`` above everyone's count printed an empty table and
    nothing of why; the table is still (empty) output, with a line on stderr."""
    from seisan.cli import app  # noqa: PLC0415

    args = ["ratings", "examples/game.json", "--min-games", "2", "--system", "tenhou",
            "--format", "json", "--lang", "en"]  # fmt: skip
    result = cli.runner.invoke(app, args)
    assert result.exit_code == 0 and result.stdout.strip() == "[]"
    assert result.stderr == "seisan: nobody has played 2 games yet (the most: 1)\n"


def test_games_of_the_other_table_size_are_said_to_be_left_out(cli: Any) -> None:
    """A rating is of one table size: a three-player log among four-player records had
    gone without a word (helper-72)."""
    from seisan.cli import app  # noqa: PLC0415

    sanma = DATA / "2026011603gm-00b9-0000-2b45278f.json"  # (tenhou.net/6, three players)
    four = ["examples/game.json", str(sanma)]
    result = cli.runner.invoke(app, ["ratings", *four, "--system", "tenhou", "--format", "json",
                                     "--lang", "en"])  # fmt: skip
    assert result.exit_code == 0 and len(json.loads(result.stdout)) == 4
    assert result.stderr == ("seisan: games of 3 players left out: 1 (--players 3 rates them)"
                             "\n")  # fmt: skip
    three = cli.runner.invoke(app, ["ratings", *four, "--system", "tenhou", "--players", "3",
                                    "--format", "json", "--lang", "en"])  # fmt: skip
    assert len(json.loads(three.stdout)) == 3
    assert three.stderr == "seisan: games of 4 players left out: 1 (--players 4 rates them)\n"
