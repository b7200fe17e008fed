"""Hand statistics of the games kept hand by hand (and of imported records): the core's
:func:`seisan.stats.play_stats` over the stored records, the same numbers as ``seisan
stats`` on the exported files. Replaying records costs a millisecond or more a game, so
each game's are kept, and a season's for its revision (raised by every change)."""

from __future__ import annotations

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


#: games in one cache entry of their statistics, by primary key (a season's games are
#: mostly consecutive): a change replays one game and merges one bucket again
BUCKET = 256


def hand_stats(games: QuerySet[m.Game], scope: str) -> list[PlayStats]:
    """Every player's hand statistics over the games that have a record.

    The statistics are kept in the cache under ``scope`` (a season, a club) in two
    levels: each game's own, in buckets of :data:`BUCKET` games, and each bucket's
    merged, with the (game, version, rules) it was made of. A changed game is one
    record replayed, one bucket merged again and the few buckets' totals added: the
    work of a change does not grow with the season. Records are read only for games
    not kept."""
    rows = list(games.filter(record__isnull=False).order_by("pk")
                .values_list("pk", "version", "rules_id"))  # fmt: skip
    buckets: dict[int, list[tuple[int, int, int]]] = {}
    for row in rows:
        buckets.setdefault(row[0] // BUCKET, []).append(row)
    key = f"seisan:hand-stats-buckets:{scope}"
    merged: dict[int, tuple[Any, list[PlayStats]]] = cache.get(key, {})
    now = {}
    for bucket, members in buckets.items():
        held = merged.get(bucket)
        if held is not None and held[0] == members:
            now[bucket] = held
            continue
        parts_key = f"seisan:hand-stats-parts:{scope}:{bucket}"
        kept = cache.get(parts_key, {})
        parts = _parts(members, kept)
        if parts != kept:
            cache.set(parts_key, parts, None)
        now[bucket] = (members, merge_stats(part for _v, _r, part in parts.values()))
    if now != merged:
        cache.set(key, now, None)
    return merge_stats(part for _members, part in now.values())


def _parts(
    members: list[tuple[int, int, int]], kept: dict[int, tuple[int, int, list[PlayStats]]]
) -> dict[int, tuple[int, int, list[PlayStats]]]:
    """Each game's statistics: kept for its version and rules, else its record
    replayed (the records of those games read in one query)."""
    fresh = {pk: held for pk, version, rules_id in members
             if (held := kept.get(pk)) is not None and held[:2] == (version, rules_id)}  # fmt: skip
    missing = {pk: rules_id for pk, _version, rules_id in members if pk not in fresh}
    records = dict(m.Game.objects.filter(pk__in=missing).values_list("pk", "record"))
    wanted = {missing[pk] for pk in records}
    rules = {v.pk: rules_of(v) for v in m.RulesVersion.objects.filter(pk__in=wanted)}
    parts = {}
    for pk, version, rules_id in members:
        if pk in fresh:
            parts[pk] = fresh[pk]
        elif pk in records:  # (a game deleted since the first query is left out)
            record = record_from_dict(records[pk] or {}, rules[rules_id])
            parts[pk] = (version, rules_id, play_stats([record.play()]))
    return parts


def season_hand_stats(season: m.Season, games: QuerySet[m.Game]) -> list[PlayStats]:
    """:func:`hand_stats` of a season's games, kept with the season's revision (one
    entry a season, replaced when the revision moves on)."""
    key = f"seisan:hand-stats:{season.pk}"
    found = cache.get(key)
    if found is not None and found[0] == season.revision:
        return list(found[1])
    stats = hand_stats(games, f"season:{season.pk}")
    cache.set(key, (season.revision, stats), None)
    return stats


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
