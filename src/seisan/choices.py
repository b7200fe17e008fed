"""The choices of ``seisan seating`` and ``seisan rating``: how a night's tables are
drawn and which rating. Kept apart from the search (:mod:`seisan.seating`) and the
ratings (:mod:`seisan.ratings`), which give them as their own: Typer reads every
command's options when the CLI starts, and a settlement should not load either."""

from __future__ import annotations

from enum import StrEnum


class Method(StrEnum):
    """How the tables are drawn."""

    SHUFFLED = "shuffled"  #: fewest repeated opponents and winds (ランダム, 重複最小)
    SWISS = "swiss"  #: by the standings, the top players together (スイス式)
    INTERVAL = "interval"  #: the standings spread over the tables (間隔)
    TEAMS = "teams"  #: one player of each team at every table (チーム戦)
    SCRIPT = "script"  #: the organiser's own tables (指定)


class Leftover(StrEnum):
    """What to do with players who do not fill a table."""

    SIT_OUT = "sit-out"  #: they sit out (抜け番)
    THREES = "three-player"  #: some tables are three-player tables (三人打ち)


class System(StrEnum):
    """Which rating."""

    OPENSKILL = "openskill"  #: Plackett–Luce (Weng–Lin), μ − 3σ
    TENHOU = "tenhou"  #: 天鳳のR
