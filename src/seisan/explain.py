"""Every number of a settled game in words (内訳の説明): how each player's points
became their score, part by part, and what each side bet moved.

The web app's game page shows these lines; each is a :class:`~seisan.i18n.Message`,
so it reads in the language of the moment.

>>> from seisan import find_preset
>>> from seisan.ledger import settle_game
>>> result = settle_game([42600, 31000, 16400, 10000], find_preset("mleague"),
...                      ["Ana", "Ben", "Chie", "Dae"])
>>> for line in explain(result)["Ana"]:
...     print(line)
points: (42600 − 30000) ÷ 1000 = +12.6
oka: +20 to first place: (30000 − 25000) × 4 players
uma for 1st place: +30
score: +62.6
"""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction

from seisan.i18n import N_, Lang, Message, Term, _, term
from seisan.ledger import GameResult
from seisan.rounding import Rounding
from seisan.rules import Rules
from seisan.settlement import format_score
from seisan.sidebets import Kind
from seisan.uma import FloatingUma


def explain(result: GameResult) -> dict[str, list[Message]]:
    """Per player (by name), the lines that explain their score and total."""
    settlement = result.settlement
    rules = result.rules
    n = len(settlement.names)
    places = settlement.places
    uma = settlement.uma

    def signed(value: Fraction) -> str:  # zero as the rules write it (-0 in Korea)
        return format_score(value, rules.zero)

    out: dict[str, list[Message]] = {}
    for r in settlement.results:
        lines: list[Message] = []
        parts = r.parts
        if settlement.taken_deposits and r.place == 1:
            lines.append(
                _("{points} points with the riichi sticks left on the table ({before} + {sticks})",
                  points=r.points, before=r.points - settlement.taken_deposits,
                  sticks=settlement.taken_deposits)
            )  # fmt: skip
        lines.append(
            _("points: ({points} − {ret}) ÷ 1000 = {value}", points=r.points,
              ret=rules.return_points, value=signed(parts.points))
        )  # fmt: skip
        if parts.rounding:
            lines.append(
                _("rounded to whole pt ({mode}): {value}",
                  mode=Rounding(rules.rounding).label(), value=signed(parts.rounding))
            )  # fmt: skip
        tied = [s for s in range(n) if places[s] == r.place]
        if parts.oka:
            if len(tied) > 1:
                lines.append(
                    _("oka shared by {count} players tied for first: {value} each",
                      count=len(tied), value=signed(parts.oka))
                )  # fmt: skip
            else:
                lines.append(
                    _("oka: {value} to first place: ({ret} − {start}) × {players} players",
                      value=signed(parts.oka), ret=rules.return_points, start=rules.start,
                      players=n)
                )  # fmt: skip
        if parts.uma or uma:
            if len(tied) > 1 and rules.ties.value == "split":
                shared = uma[r.place - 1 : r.place - 1 + len(tied)]
                lines.append(
                    _("uma of places {first}–{last} shared by {count} tied players: ({umas}) "
                      "÷ {count} = {value}", first=r.place, last=r.place + len(tied) - 1,
                      count=len(tied), umas=" + ".join(signed(u) for u in shared),
                      value=signed(parts.uma))
                )  # fmt: skip
            elif parts.uma or r.place <= len(uma):
                lines.append(
                    _("uma for {place} place: {value}", place=ordinal(r.place),
                      value=signed(parts.uma))
                )  # fmt: skip
        if parts.balance:
            lines.append(
                _("balance to first place: {value} (the others' rounding and shared sticks, "
                  "so the table sums to zero)", value=signed(parts.balance))
            )  # fmt: skip
        for penalty in settlement.penalties:
            if penalty.seat == r.seat:
                chombo = penalty.reason == "chombo"
                reason = Term("chombo") if chombo else penalty.reason or "—"
                lines.append(_("penalty: {value} ({reason})", value=signed(-penalty.pt),
                               reason=reason))  # fmt: skip
        if parts.penalty and not any(p.seat == r.seat for p in settlement.penalties):
            lines.append(_("penalties of others shared: {value}", value=signed(parts.penalty)))
        lines.append(_("score: {value}", value=signed(r.score)))
        kinds = result.kinds()
        for kind in kinds:
            value = result.side_of(r.name, kind)
            if value:
                lines.append(
                    _("{bet}: {value}", bet=kind.label(), value=signed(value))
                )  # fmt: skip
        if kinds:
            lines.append(_("total: {value}", value=signed(result.totals()[r.name])))
        out[r.name] = lines
    for spectator in result.spectators:
        value = result.side_of(spectator.name, Kind.SOTO)
        out[spectator.name] = [
            _("backs {player} as a spectator (外ウマ): {value}",
              player=settlement.names[spectator.backs], value=signed(value))
        ]  # fmt: skip
    return out


_ORDINALS = (N_("{place}st"), N_("{place}nd"), N_("{place}rd"), N_("{place}th"))


def ordinal(place: int) -> Message:
    """1st, 2nd, 3rd, 4th (1位, 1위): one message per form, as each language needs."""
    return Message(_ORDINALS[min(place, 4) - 1], place=place)


def uma_text(rules: Rules, lang: Lang | None = None, brief: bool = False) -> str:
    """The uma as players write it (10-30, 15/5/-5/-15, floating lists, none)."""
    if isinstance(rules.uma, FloatingUma):
        if brief:
            return term("floating", lang)
        return f"{term('uma.floating', lang)} ({rules.uma.spec()})"
    if not any(rules.uma.values):
        return term("uma.none", lang)
    return rules.uma.spec()


def rules_caption(
    rules: Rules, lang: Lang | None = None, used: Sequence[Fraction] = (), floating: int = 0
) -> str:
    """The rules a table was settled under; a floating uma names the list it used."""
    oka = format_score(rules.oka)
    if isinstance(rules.uma, FloatingUma) and used:
        uma = (
            term("floating.count", lang, n=floating) + " " + "/".join(format_score(v) for v in used)
        )
    else:
        uma = uma_text(rules, lang)
    return (
        f"{term('start', lang)} {rules.start} · {term('return', lang)} {rules.return_points} · "
        f"{term('oka', lang)} {oka} · {term('uma', lang)} {uma} · "
        f"{term('rounding', lang)}: {rules.rounding.label(lang)} · "
        f"{term('ties', lang)}: {rules.ties.label(lang)}"
    )
