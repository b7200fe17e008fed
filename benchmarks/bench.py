"""Speed of seisan, as ratios to baselines measured in the same run (``make bench``).

1. ``settle()``: games a second, and the time a game takes over a plain-Python
   function that settles Tenhou's rules (ints, no checks), for every preset.
2. ``seisan settle``: the time a command takes over ``python -c pass``, and over a
   process that only imports Typer and Rich (the floor of a command that draws a table).
3. ``seisan session`` on 10,000 games with ``--format json`` (seconds, and the time over
   a process that only reads the same CSV and writes the same JSON bytes), and as the
   default table.
4. A game of a 100,000-game session against one of a 10,000-game session.
5. ``hand_value`` against ``mahjong``'s ``ScoresCalculator``.
6. Seating 200 players: time, and repeated opponents against a random draw.

Ratios, not timed asserts: the machine's speed cancels out. Each line prints its goal
(issue 7's, and issue 20's where it set one).
"""

from __future__ import annotations

import os
import random
import statistics
import subprocess
import sys
import tempfile
import time
from itertools import pairwise
from pathlib import Path

from mahjong.hand_calculating.hand_config import HandConfig
from mahjong.hand_calculating.scores import ScoresCalculator

from seisan import hands as hands_module
from seisan import settle
from seisan.hands import hand_value
from seisan.presets import presets

BIN = Path(sys.executable).parent
ENV = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}


def plain_tenhou(points: list[int]) -> list[int]:
    """The baseline: Tenhou's settlement in whole pt, written as plainly as possible."""
    order = sorted(range(4), key=lambda seat: (-points[seat], seat))
    uma = (20, 10, -10, -20)
    scores = [0, 0, 0, 0]
    for place, seat in enumerate(order[1:], start=1):
        scores[seat] = (points[seat] - 30000 + 500) // 1000 + uma[place]
    scores[order[0]] = -sum(scores)
    return scores


def games(count: int, players: int = 4, total: int = 100000) -> list[list[int]]:
    """``count`` games of ``players`` whose points (in hundreds, some below zero) add
    up to ``total``."""
    rng = random.Random(7)
    out = []
    for _ in range(count):
        cuts = sorted(rng.randint(-50, total // 100 + 50) for _ in range(players - 1))
        points = [cuts[0] * 100] + [(b - a) * 100 for a, b in pairwise(cuts)]
        out.append([*points, total - sum(points)])
    return out


def best(run, repeat: int = 5) -> float:
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        run()
        times.append(time.perf_counter() - start)
    return min(times)


def bench_settle() -> None:
    """Every preset's games settled, against the plain function on Tenhou's (the same
    work: sort, take the return points, round, add uma), measured in turn (the best of
    five each) so that the machine's drift falls on both."""
    plain_games = games(20000)
    worst = ("", 0.0)
    ratios = []
    for rules in presets():
        points = games(20000, rules.players, rules.start * rules.players)
        ours = best(lambda: [settle(p, rules).scores for p in points])  # noqa: B023
        plain = best(lambda: [plain_tenhou(p) for p in plain_games])
        ratio = ours / plain
        ratios.append(ratio)
        worst = max(worst, (rules.name, ratio), key=lambda w: w[1])
        if rules.name == "tenhou":
            print(f"settle():        {len(points) / ours:,.0f} games/s (Tenhou's rules); "
                  f"{ratio:.1f}× the plain function")  # fmt: skip
    print(f"settle(), every preset ({len(ratios)}): {min(ratios):.1f}× to {worst[1]:.1f}× "
          f"({worst[0]}) the plain function (goal: ≤ 4× for every preset, issue 20)")  # fmt: skip


def _command(args: list[str], repeat: int = 15) -> float:
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        subprocess.run(args, stdout=subprocess.DEVNULL, env=ENV, check=True)
        times.append(time.perf_counter() - start)
    return statistics.median(times)


def bench_start() -> None:
    python = str(BIN / "python")
    seisan = str(BIN / "seisan")
    _command([seisan, "--version"], 1)  # compile the bytecode once
    base = _command([python, "-c", "pass"])
    table = _command([seisan, "settle", "42600", "31000", "16400", "10000", "-r", "mleague"])
    json = _command(
        [seisan, "settle", "42600", "31000", "16400", "10000", "-r", "mleague", "-f", "json"]
    )
    # the floor: what a command drawing a table cannot do without (Typer and Rich)
    floor = _command([python, "-c", "import typer, rich.console, fractions, decimal"])
    print(f"seisan settle:   {table / base:.1f}× python -c pass (json: {json / base:.1f}×; "
          f"goal ≤ 8×, issue 20); importing Typer and Rich alone {floor / base:.1f}×, so "
          f"seisan's own part {(table - floor) / base:.1f}× (json {(json - floor) / base:.1f}×)"
          f"\n                 (seisan settle 42600 31000 16400 10000 -r mleague)")  # fmt: skip


def bench_session() -> None:
    """10,000 games as JSON, plain and with 差しウマ, chips and money, against copying the
    same bytes; and the default table with side bets and money."""
    with tempfile.TemporaryDirectory() as folder:
        rules = Path(folder) / "club.toml"
        rules.write_text('extends = "tenhou"\n[side]\nchip_value = 2\n', encoding="utf-8")
        copy = (
            "import sys; data = open(sys.argv[1]).read(); "
            "sys.stdout.write(open(sys.argv[2]).read())"
        )
        took = {}
        for bets in (False, True):
            csv = _session_csv(Path(folder) / f"season{int(bets)}.csv", 10_000, bets=bets)
            out = Path(folder) / "out.json"
            given = ["-r", str(rules), "--rate", "50"] if bets else ["-r", "tenhou"]
            args = [str(BIN / "seisan"), "session", str(csv), "-f", "json", *given]
            with out.open("w") as handle:
                subprocess.run(args, stdout=handle, env=ENV, check=True)
            took[bets] = _command(args, 5)
            base = _command([str(BIN / "python"), "-c", copy, str(csv), str(out)], 5)
            took[bets, "copy"] = took[bets] / base
        # the default table: standings, the last games, the chart and the ledger
        shown = _command([str(BIN / "seisan"), "session", str(csv), "-r", str(rules), "--rate",
                          "50"], 3)  # fmt: skip
    print(f"seisan session:  10,000 games as JSON in {took[False]:.2f} s plain (goal ≤ 1 s), "
          f"{took[True]:.2f} s with 差しウマ, chips and money (goal ≤ 1.5 s, issue 20); "
          f"{took[False, 'copy']:.0f}× and {took[True, 'copy']:.0f}× copying the same bytes; "
          f"as the default table {shown:.2f} s (goal ≤ 3 s)")  # fmt: skip


def _session_csv(path: Path, count: int, bets: bool = False) -> Path:
    """``count`` games of 12 players four at a time, as a session CSV; with ``bets`` a
    差しウマ and chips between the first two seats of each game."""
    rng = random.Random(1)
    names = [f"P{i:02d}" for i in range(12)]
    lines = ["game,seats," + ",".join(names) + (",sashi,chips" if bets else "")]
    for number, points in enumerate(games(count), start=1):
        seated = rng.sample(names, 4)
        cells = [str(points[seated.index(n)]) if n in seated else "" for n in names]
        extra = f",{seated[0]}:{seated[1]}:1000,{seated[0]}:1;{seated[1]}:-1" if bets else ""
        lines.append(f"{number},{';'.join(seated)}," + ",".join(cells) + extra)
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return path


def bench_session_scale() -> None:
    """The cost of a game in a 100,000-game session over that in a 10,000-game one (the
    garbage collector scanning what lives to the end made it 1.46×)."""
    with tempfile.TemporaryDirectory() as folder:
        took = {}
        # the start of the command and a few games, taken off each (a fixed cost)
        csv = _session_csv(Path(folder) / "s10.csv", 10)
        start = _command([str(BIN / "seisan"), "session", str(csv), "-r", "tenhou", "-f",
                          "json"], 5)  # fmt: skip
        for count in (10_000, 100_000):
            csv = _session_csv(Path(folder) / f"s{count}.csv", count)
            args = [str(BIN / "seisan"), "session", str(csv), "-r", "tenhou", "-f", "json"]
            took[count] = (_command(args, 1) - start) / (count - 10)
    print(f"session scale:   a game of a 100,000-game session costs "
          f"{took[100_000] / took[10_000]:.2f}× one of a 10,000-game session "
          f"({took[100_000] * 1e6:.0f} µs against {took[10_000] * 1e6:.0f} µs; goal ≤ 1.1×, "
          f"issue 20)")  # fmt: skip


def bench_hands() -> None:
    """``hand_value`` against ``mahjong``'s ``ScoresCalculator`` over the same hands
    (every han 1–13 and fu of a ron and a tsumo, dealer or not)."""
    hands = [(han, fu, dealer) for han in range(1, 14) for fu in (20, 25, 30, 40, 50, 60, 70)
             for dealer in (False, True) if not (han == 1 and fu in (20, 25))]  # fmt: skip
    calculator = ScoresCalculator()
    configs = {dealer: HandConfig(player_wind=27 if dealer else 28) for dealer in (False, True)}
    ours = best(lambda: [hand_value(h, f, d) for _ in range(100) for h, f, d in hands])
    kept = hands_module._VALUES

    def first_calls() -> None:  # each value worked out afresh (the first time it is asked)
        for h, f, d in hands:
            kept.clear()
            hand_value(h, f, d)

    first = best(first_calls) / len(hands)
    theirs = best(lambda: [calculator.calculate_scores(h, f, configs[d], False)
                           for _ in range(100) for h, f, d in hands])  # fmt: skip
    calls = 100 * len(hands)
    print(f"hand_value():    {ours / calls * 1e6:.2f} µs a hand asked again, {theirs / ours:.1f}× "
          f"faster than mahjong's ScoresCalculator ({theirs / calls * 1e6:.2f} µs; goal ≥ 3×, "
          f"issue 20); the first time {first * 1e6:.2f} µs "
          f"({first / (theirs / calls):.1f}× mahjong's)")  # fmt: skip


def bench_seating() -> None:
    """200 players after eight nights (about nine in ten come each night): the seating
    search against a random draw of the same players, and its time against shuffling
    the list (the baseline: what a random draw costs)."""
    from seisan.seating import History, seat  # noqa: PLC0415

    rng = random.Random(18)
    players = [f"P{i:03}" for i in range(200)]
    tables: list[list[str]] = []
    for _ in range(8):
        came = [p for p in players if rng.random() < 0.9]
        rng.shuffle(came)
        tables += [came[k : k + 4] for k in range(0, len(came) - len(came) % 4, 4)]
    history = History.of(tables)
    began = time.perf_counter()
    seating = seat(players, history=history, seed=1)
    took = time.perf_counter() - began
    base = best(lambda: random.Random(2).shuffle(list(players)), 50)
    drawn = list(players)
    random.Random(2).shuffle(drawn)
    met = history.met
    random_repeats = sum(1 for k in range(0, 200, 4) for i in range(4) for j in range(i + 1, 4)
                         if met.get(frozenset((drawn[k + i], drawn[k + j]))))  # fmt: skip
    print(
        f"seating:         200 players in {took * 1000:.0f} ms ({took / base:,.0f}× a shuffle); "
        f"{seating.repeats} repeated opponents (a random draw: {random_repeats}), "
        f"{seating.wind_repeats} repeated winds; goal < 1 s, "
        f"{'ran to the end' if seating.complete else 'CUT SHORT by the time limit'}"
    )


if __name__ == "__main__":
    bench_settle()
    bench_start()
    bench_session()
    bench_session_scale()
    bench_hands()
    bench_seating()
