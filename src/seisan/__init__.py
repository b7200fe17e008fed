"""seisan (清算 / 정산): exact riichi-mahjong settlement under any house rule.

The core imports nothing outside the standard library::

    >>> from seisan import settle, find_preset
    >>> result = settle([42600, 31000, 16400, 10000], find_preset("mleague"))
    >>> [r.place for r in result]
    [1, 2, 3, 4]
"""

from seisan.errors import PointsError, RulesError, SeisanError, UnknownNameError
from seisan.presets import find_preset, load_rules, presets
from seisan.rounding import Rounding, find_rounding
from seisan.rules import Deposits, Rules, Source, Ties, Zero
from seisan.settlement import Parts, PlayerResult, Settlement, format_score, settle
from seisan.uma import FloatingUma, RankUma, parse_floating, parse_uma

__all__ = [
    "Deposits",
    "FloatingUma",
    "Parts",
    "PlayerResult",
    "PointsError",
    "RankUma",
    "Rounding",
    "Rules",
    "RulesError",
    "SeisanError",
    "Settlement",
    "Source",
    "Ties",
    "UnknownNameError",
    "Zero",
    "find_preset",
    "find_rounding",
    "format_score",
    "load_rules",
    "parse_floating",
    "parse_uma",
    "presets",
    "settle",
]

__version__ = "0.1.0"
