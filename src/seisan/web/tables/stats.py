"""Hand statistics of the games kept hand by hand (and of imported records): the core's
:func:`seisan.stats.play_stats` over the stored records, the same numbers as ``seisan
stats`` on the exported files. Replaying records costs a few milliseconds a game, so a
season's statistics are kept in the cache for its revision (raised by every change)."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from django.core.cache import cache
from django.db.models import QuerySet

from seisan.games import record_from_dict
from seisan.stats import PlayStats, merge_stats, play_stats
from seisan.web.clubs import models as m
from seisan.web.clubs.services import rules_of

#: the columns a table of hand statistics may be sorted by, and the value sorted on
SORTS: dict[str, Any] = {
    "name": lambda s: s.name.casefold(),
    "hands": lambda s: -s.hands,
    "win": lambda s: -s.win_rate,
    "deal_in": lambda s: s.deal_in_rate,
    "riichi": lambda s: -s.riichi_rate,
    "riichi_won": lambda s: -s.riichi_win_rate,
    "call": lambda s: -s.call_rate,
    "tsumo": lambda s: -s.tsumo_rate,
    "tenpai": lambda s: -s.draw_tenpai_rate,
    "avg_win": lambda s: -s.average_win,
    "avg_deal_in": lambda s: s.average_deal_in,
    "yakuman": lambda s: -s.yakuman,
}


def hand_stats(games: QuerySet[m.Game] | Iterable[m.Game], scope: str = "") -> list[PlayStats]:
    """Every player's hand statistics over the games that have a record. With a
    ``scope`` (a season, a club) each game's own are kept in one cache entry, by the
    game's version and rules, so that after a change only the changed game is played
    again: one read and one write, however many games."""
    games = [g for g in games if g.record is not None]
    key = f"seisan:hand-stats-parts:{scope}"
    kept: dict[int, tuple[int, int, list[PlayStats]]] = cache.get(key, {}) if scope else {}
    rules: dict[int, Any] = {}
    parts, now = [], {}
    for game in games:
        held = kept.get(game.pk)
        if held is not None and held[:2] == (game.version, game.rules_id):
            part = held[2]
        else:
            if game.rules_id not in rules:
                rules[game.rules_id] = rules_of(game.rules)
            record = record_from_dict(game.record or {}, rules[game.rules_id])
            part = play_stats([record.play()])
        now[game.pk] = (game.version, game.rules_id, part)
        parts.append(part)
    if scope and now != kept:
        cache.set(key, now, None)
    return merge_stats(parts)


def season_hand_stats(season: m.Season, games: QuerySet[m.Game]) -> list[PlayStats]:
    """:func:`hand_stats` of a season's games, kept for the season's revision."""
    key = f"seisan:hand-stats:{season.pk}:{season.revision}"
    found = cache.get(key)
    if found is None:
        chosen = games.filter(record__isnull=False).select_related("rules")
        found = hand_stats(chosen, f"season:{season.pk}")
        cache.set(key, found, None)
    return list(found)


def sorted_by(rows: list[PlayStats], key: str) -> tuple[list[PlayStats], str]:
    """The rows sorted by a column of :data:`SORTS` (unknown: by hands), and the key."""
    key = key if key in SORTS else "hands"
    return sorted(rows, key=lambda s: (SORTS[key](s), s.name.casefold())), key


def columns() -> list[tuple[str, str]]:
    """The table's headings in the reader's words, by the key each sorts on."""
    from seisan.i18n import N_, term  # noqa: PLC0415
    from seisan.web.clubs.forms import words  # noqa: PLC0415
    from seisan.web.clubs.middleware import web_lang  # noqa: PLC0415

    labels = (("hands", N_("Hands dealt")), ("win", N_("Win %")), ("deal_in", N_("Deal-in %")),
              ("riichi", N_("Riichi %")), ("riichi_won", N_("Riichi won %")),
              ("call", N_("Call %")), ("tsumo", N_("Tsumo %")),
              ("tenpai", N_("Tenpai at draw %")), ("avg_win", N_("Avg. win")),
              ("avg_deal_in", N_("Avg. deal-in")), ("yakuman", N_("Yakuman")))  # fmt: skip
    return [("name", term("name", web_lang())), *((k, words(v)) for k, v in labels)]
