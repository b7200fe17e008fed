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

from seisan.i18n import N_, Lang, Message, Term, _, decimal_text, render, term, translate
from seisan.ledger import GameResult
from seisan.rounding import Rounding
from seisan.rules import Rules
from seisan.settlement import format_score
from seisan.sidebets import Kind
from seisan.uma import FloatingUma, RankUma


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
        if parts.uma or any(uma):  # rules without uma say nothing of it
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
        own = sum((p.pt for p in settlement.penalties if p.seat == r.seat), Fraction(0))
        if parts.penalty + own:  # what the others' penalties gave this player
            lines.append(
                _("penalties of others shared: {value}", value=signed(parts.penalty + own))
            )
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
        if rules.oka and isinstance(rules.uma, RankUma):  # 順位点: uma and the oka
            points = [rules.uma.values[0] + rules.oka, *rules.uma.values[1:]]
            uma += f" ({term('rank_points', lang)} " + "/".join(map(format_score, points)) + ")"
    return (
        f"{term('start', lang)} {rules.start} · {term('return', lang)} {rules.return_points} · "
        f"{term('oka', lang)} {oka} · {term('uma', lang)} {uma} · "
        f"{term('rounding', lang)}: {rules.rounding.label(lang)} · "
        f"{term('ties', lang)}: {rules.ties.label(lang)}"
    )


# -- the rules' fields, as a player reads them (``seisan rules show``, the web form) -----

RULE_FIELDS: dict[str, str] = {
    "start": N_("Start points (配給原点)"),
    "return": N_("Return points (返し点)"),
    "uma": N_("Uma (10-30, 30,10,-10,-30, ワンスリー, none)"),
    "rounding": N_("Rounding"),
    "ties": N_("Ties"),
    "deposits": N_("Riichi sticks left at the end"),
    "game.length": N_("Game length"),
    "game.extension": N_("Nobody at the return points after the last hand"),
    "game.bust_ends": N_("A player below zero ends the game (トビ)"),
    "game.dealer_stop": N_("The leading last dealer may stop (アガリやめ)"),
    "game.target": N_("Points that end the extension"),
    "game.aborts": N_("Abortive draws (途中流局)"),
    "side.sou_uma": N_("総ウマ between every pair (points)"),
    "side.sou_bashin": N_("総馬身 between every pair (points)"),
    "side.binta": N_("ビンタ between every pair (points)"),
    "side.kubi": N_("ビンタ's クビ line (points; blank: the start points)"),
    "side.shizumi": N_("沈みウマ paid to first place (points)"),
    "side.shizumi_line": N_("沈みウマ's line (points; blank: the return points)"),
    "side.chip_value": N_("A chip is worth (pt)"),
    "side.tobi": N_("Bust prize, 飛び賞 (points)"),
    "side.tobi_at_zero": N_("Ending on exactly 0 is a bust"),
    "side.yakitori": N_("焼き鳥 (points)"),
    "side.soto_pool": N_("Spectators' pool, 外ウマ (points)"),
    "side.sashi": N_("Standing 差しウマ"),
    "side.bashin": N_("Standing 馬身"),
    "side.binta_pairs": N_("Standing ビンタ pairs"),
    "money.rate": N_("Money per pt (千点50円 = 50; 点ピン = 100)"),
    "money.unit": N_("Smallest money unit"),
    "money.currency": N_("Currency written after money (円, 원)"),
    "money.rounding": N_("Money rounding"),
    "money.fee": N_("Game fee, 場代"),
    "money.fee_payer": N_("Who pays the fee"),
    "scoring.system": N_("Point system"),
    "scoring.kiriage": N_("切り上げ満貫 (4 han 30 fu, 3 han 60 fu)"),
    "scoring.kiriage_dealer": N_("切り上げ満貫 for the dealer only"),
    "scoring.kazoe": N_("13 han or more (数え役満)"),
    "scoring.thirty_fu_variant": N_("30符: the variant table"),
    "scoring.honba": N_("A honba adds (ron)"),
    "scoring.honba_tsumo": N_("A honba adds per payer (tsumo)"),
    "scoring.riichi": N_("A riichi stick"),
    "scoring.noten": N_("Noten payment (不聴罰符)"),
    "scoring.sanma_tsumo": N_("Three players: the north's share of a tsumo"),
    "scoring.atamahane": N_("One winner a hand (頭ハネ, 上家優先)"),
    "scoring.double_yakuman": N_("Double yakuman"),
    "scoring.composite_yakuman": N_("Composite yakuman add up (役満の複合)"),
    "scoring.triple_ron": N_("Three players call ron (三家和)"),
    "scoring.nagashi": N_("流し満貫"),
    "scoring.daiminkan_pao": N_("大明槓の責任払い (嶺上開花)"),
    "scoring.riichi_in_debt": N_("Riichi with fewer points than a stick (箱下立直)"),
    "scoring.multi_ron_honba": N_("Double ron: honba"),
    "scoring.multi_ron_deposits": N_("Double ron: riichi sticks"),
    "penalties.chombo": N_("Chombo"),
    "penalties.chombo_pt": N_("Chombo (pt)"),
    "penalties.chombo_replay": N_("A chombo's hand is dealt again"),
    "penalties.chombo_riichi_back": N_("A chombo's riichi sticks go back"),
    "penalties.redistribute": N_("Penalties shared by the others"),
    "penalties.substitute": N_("A substitute's seat"),
    "penalties.substitute_points": N_("A substitute's seat: points"),
    "penalties.substitute_uma": N_("A substitute's seat: uma"),
}
"""Every field of a rules file, by its place in the file, in words."""

RULE_VALUES: dict[str, str] = {
    "game.length=east": N_("East only (東風戦)"),
    "game.length=south": N_("East and South (半荘)"),
    "game.extension=none": N_("the game ends"),
    "game.extension=west": N_("West (西入), sudden death"),
    "game.extension=north": N_("West and North, sudden death"),
    "game.dealer_stop=none": N_("no"),
    "game.dealer_stop=choice": N_("yes, by choice"),
    "game.dealer_stop=auto": N_("the game ends by itself"),
    "game.dealer_stop=auto-win": N_("the game ends by itself after a win"),
    "money.fee_payer=each": N_("every player"),
    "money.fee_payer=first": N_("first place (トップ払い)"),
    "scoring.system=standard": N_("fu and han"),
    "scoring.system=30fu": N_("30符 table (30符ベース式)"),
    "scoring.system=gorin": N_("五輪ルール (50 fu fixed)"),
    "scoring.system=exact": N_("精算法 (nothing rounded)"),
    "scoring.kazoe=yakuman": N_("yakuman (数え役満)"),
    "scoring.kazoe=sanbaiman": N_("sanbaiman (三倍満どまり)"),
    "scoring.sanma_tsumo=tsumo-loss": N_("nobody pays it (ツモ損)"),
    "scoring.sanma_tsumo=split-north": N_("the two payers share it (北家折半)"),
    "scoring.triple_ron=abort": N_("an abortive draw"),
    "scoring.triple_ron=win": N_("a win: all three, or the nearest under 頭ハネ"),
    "scoring.multi_ron_honba=nearest": N_("the winner nearest the discarder (上家取り)"),
    "scoring.multi_ron_honba=each": N_("every winner"),
    "scoring.multi_ron_deposits=nearest": N_("the winner nearest the discarder (上家取り)"),
    "scoring.multi_ron_deposits=own-back": N_("winners take back their own"),
    "penalties.chombo=points": N_("a fixed pt after uma"),
    "penalties.chombo=mangan": N_("a reverse mangan (満貫払い)"),
    "penalties.substitute=result": N_("the substitute's result counts"),
    "penalties.substitute=fixed": N_("fixed points and uma"),
}
"""The values of the fields that are choices, in words (``field=value``)."""


def rule_field(path: str, lang: Lang | None = None) -> str:
    """The name of a rules field (``scoring.kazoe``) in the reader's language."""
    return translate(RULE_FIELDS[path], lang) if path in RULE_FIELDS else path


def rule_value(path: str, value: object, lang: Lang | None = None) -> str:
    """A field's value as a player reads it: yes/no, a choice in words, numbers as
    written, standing pairs as A:B:points."""
    if isinstance(value, bool):
        return translate(N_("yes") if value else N_("no"), lang)
    key = f"{path}={value}"
    if key in RULE_VALUES:
        return translate(RULE_VALUES[key], lang)
    if path == "money.rounding":
        return Rounding(str(value)).label(lang)
    if isinstance(value, list | tuple):  # (a list as the reader's language lists: 30、10、…)
        return render(
            [":".join(map(str, item)) if isinstance(item, list | tuple) else str(item)
             for item in value], lang,
        )  # fmt: skip
    return decimal_text(value) if isinstance(value, Fraction) else str(value)
