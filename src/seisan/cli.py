"""The ``seisan`` command: a thin layer over the library.

Bad input never shows a traceback: every :class:`~seisan.errors.SeisanError`
becomes one line on stderr and exit status 2.
"""

from __future__ import annotations

import functools
import sys
from collections.abc import Callable, Iterable
from dataclasses import replace
from enum import StrEnum
from fractions import Fraction
from pathlib import Path
from typing import Annotated, Any, ParamSpec, TypeVar

import typer
from rich.console import Console
from typer.exceptions import TyperException

from seisan.charts import cumulative_chart
from seisan.errors import SeisanError
from seisan.games import load_record
from seisan.hands import hand_value, three_player_tsumo
from seisan.i18n import Lang, default_lang, term
from seisan.ledger import Accounts, GameResult, game_result, settle_game
from seisan.output import Format, dumps_csv, emit, table
from seisan.presets import load_rules, presets
from seisan.pt import pt_text, pt_value
from seisan.rules import Rules, Scoring, Stakes
from seisan.session import SessionResult, load_session
from seisan.settlement import check_names, format_score
from seisan.sidebets import bets_from_dict
from seisan.uma import FloatingUma

app = typer.Typer(
    help="seisan (清算 / 정산): exact riichi-mahjong settlement under any house rule.",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
)
rules_app = typer.Typer(help="List and show the named house rules (presets).", no_args_is_help=True)
app.add_typer(rules_app, name="rules")

console = Console(highlight=False, emoji=False)
err_console = Console(stderr=True, highlight=False, soft_wrap=True, emoji=False)

# Options shared by every command (the same flag means the same thing everywhere).
FormatOption = Annotated[
    Format, typer.Option("--format", "-f", help="table for people; json or csv for programs.")
]
LangOption = Annotated[
    Lang | None,
    typer.Option("--lang", help="Language of names and labels (default: from the locale)."),
]


class LedgerForm(StrEnum):
    """Which who-pays-whom a table shows (JSON and CSV carry both)."""

    FEWEST = "fewest"  #: the fewest transfers that settle every balance
    FIRST = "first"  #: 001's jansou way: everyone settles with first place


LedgerOption = Annotated[
    LedgerForm,
    typer.Option("--ledger", help="fewest transfers, or everyone settles with first place."),
]


P = ParamSpec("P")
R = TypeVar("R")


def reports_errors(command: Callable[P, R]) -> Callable[P, R]:
    """Turn a :class:`SeisanError` into one line on stderr and exit status 2."""

    @functools.wraps(command)
    def wrapper(*args: P.args, **kwargs: P.kwargs) -> R:
        global console  # noqa: PLW0603 - a console for this run, at least 40 wide
        console = Console(highlight=False, emoji=False)
        if console.width < 40:  # Rich cannot lay tables out narrower
            console = Console(highlight=False, emoji=False, width=40)
        try:
            return command(*args, **kwargs)
        except SeisanError as err:
            err_console.print(f"seisan: error: {err}", markup=False)
            raise typer.Exit(2) from None

    return wrapper


def resolve_rules(
    name: str | None,
    *,
    start: str | None = None,
    return_points: str | None = None,
    uma: str | None = None,
    rounding: str | None = None,
    ties: str | None = None,
    side: dict[str, Any] | None = None,
    money: dict[str, Any] | None = None,
) -> Rules:
    """The preset or file ``name`` (default: plain 순우마 rules), with the options applied."""
    base = load_rules(name) if name is not None else Rules()
    overrides: dict[str, Any] = {
        key: value
        for key, value in (
            ("start", start),
            ("return", return_points),
            ("uma", uma),
            ("rounding", rounding),
            ("ties", ties),
        )
        if value is not None
    }
    overrides |= {key: table for key, table in (("side", side), ("money", money)) if table}
    if not overrides:
        return base
    if name is not None:
        overrides["name"] = f"{base.name}+custom"
        overrides["title"] = {
            lang.value: f"{base.title(lang)} ({term('custom', lang)})" for lang in Lang
        }
    return Rules.from_dict(overrides, base)


def parse_points(values: list[str]) -> list[int]:
    """Final points from the command line, with errors that name the bad value."""
    points = []
    for value in values:
        if value.startswith("--"):
            raise SeisanError(f"unknown option {value}")
        try:
            points.append(int(value))
        except ValueError:
            raise SeisanError(f"points {value!r} are not a whole number") from None
    return points


def _uma_text(rules: Rules, lang: Lang, brief: bool = False) -> str:
    if isinstance(rules.uma, FloatingUma):
        if brief:
            return term("floating", lang)
        return f"{term('uma.floating', lang)} ({rules.uma.spec()})"
    if not any(rules.uma.values):
        return term("uma.none", lang)
    return rules.uma.spec()


def _caption(rules: Rules, lang: Lang) -> str:
    oka = format_score(rules.oka)
    return (
        f"{term('start', lang)} {rules.start} · {term('return', lang)} {rules.return_points} · "
        f"{term('oka', lang)} {oka} · {term('uma', lang)} {_uma_text(rules, lang)} · "
        f"{term('rounding', lang)}: {rules.rounding.label(lang)} · "
        f"{term('ties', lang)}: {rules.ties.label(lang)}"
    )


def _pt(value: Fraction, rules: Rules, decimals: int) -> str:
    return format_score(value, rules.zero, decimals)


def _decimals(values: Iterable[Fraction]) -> int:
    return 1 if any((v * 10) % 10 for v in values) else 0


def _money_text(value: Fraction, stakes: Stakes) -> str:
    text = pt_text(value)
    sign = "+" if value > 0 else ""
    return f"{sign}{text}{stakes.currency}"


def show_game(
    result: GameResult, fmt: Format, lang: Lang, ledger_form: LedgerForm = LedgerForm.FEWEST
) -> None:
    """Print a settled game in ``fmt``: the table, spectators and who pays whom."""
    settlement = result.settlement
    rules = result.rules
    kinds = result.kinds()
    totals = result.totals()
    amounts = result.money()
    fees = result.fees()
    extra = bool(kinds) or amounts is not None
    decimals = _decimals([*settlement.scores, *totals.values()])
    columns = [term(c, lang) for c in ("place", "name", "points", "score")]
    columns += [k.label(lang) for k in kinds]
    if extra:
        columns.append(term("total", lang))
    if amounts is not None:
        columns.append(term("money", lang))
    rows = []
    for r in settlement.by_place():
        row = [str(r.place), r.name, str(r.points), _pt(r.score, rules, decimals)]
        row += [_pt(result.side_of(r.name, k), rules, decimals) for k in kinds]
        if extra:
            row.append(_pt(totals[r.name], rules, decimals))
        if amounts is not None:
            row.append(_money_text(amounts[r.name], rules.stakes))
        rows.append(row)
    part_names = ["points", "rounding", "oka", "uma", "balance"]
    csv_columns = ["seat", "name", "points", "place", "score"]
    csv_columns += [f"part_{p}" for p in part_names] + [k.value for k in kinds] + ["total"]
    csv_columns += ["money", "fee"] if amounts is not None else []

    def money_cells(name: str) -> list[object]:
        if amounts is None:
            return []
        return [pt_value(amounts[name]), pt_value(fees.get(name, Fraction(0)))]

    csv_rows = [
        [
            r.seat,
            r.name,
            r.points,
            r.place,
            pt_value(r.score),
            *(pt_value(getattr(r.parts, p)) for p in part_names),
            *(pt_value(result.side_of(r.name, k)) for k in kinds),
            pt_value(totals[r.name]),
            *money_cells(r.name),
        ]
        for r in settlement
    ]
    csv_rows += [  # spectators: no seat, points or place
        [
            "",
            s.name,
            "",
            "",
            "",
            *([""] * len(part_names)),
            *(pt_value(result.side_of(s.name, k)) for k in kinds),
            pt_value(totals[s.name]),
            *money_cells(s.name),
        ]
        for s in result.spectators
    ]
    emit(
        console,
        fmt,
        data=result.to_dict(),
        csv_text=dumps_csv(csv_columns, csv_rows),
        rich_table=table(rules.title(lang), columns, rows, right=(0, *range(2, len(columns)))),
        note=_caption(rules, lang),
    )
    if fmt is not Format.TABLE or not extra:
        return
    if result.spectators:
        spectator_rows = [
            [
                s.name,
                result.names[s.backs] + (f" ({term('pool', lang)})" if s.pool else ""),
                _pt(totals[s.name], rules, decimals),
                *([_money_text(amounts[s.name], rules.stakes)] if amounts is not None else []),
            ]
            for s in result.spectators
        ]
        headers = [term("spectator", lang), term("backs", lang), term("total", lang)]
        headers += [term("money", lang)] if amounts is not None else []
        console.print(table(term("kind.soto", lang), headers, spectator_rows, right=(2, 3)))
    show_ledger(result, ledger_form, rules, lang)


def show_ledger(accounts: Accounts, form: LedgerForm, rules: Rules, lang: Lang) -> None:
    """Who pays whom: in money when there is a rate (fees to the house apart), else pt."""
    in_money = rules.stakes.rate is not None
    if form is LedgerForm.FIRST:
        transfers, title = accounts.jansou(in_money), "jansou"
    else:
        transfers, title = accounts.transfers(in_money), "transfers"

    def amount(value: Fraction) -> str:
        return _money_text(value, rules.stakes).lstrip("+") if in_money else pt_text(value)

    rows = [[t.payer, t.payee, amount(t.amount)] for t in transfers]
    headers = [term("from", lang), term("to", lang), term("amount", lang)]
    console.print(table(term(title, lang), headers, rows, right=(2,)))
    fee_rows = [[t.payer, term("house", lang), amount(t.amount)] for t in accounts.fee_transfers()]
    if fee_rows:
        console.print(table(term("fees", lang), headers, fee_rows, right=(2,)))


PairOption = Annotated[
    list[str] | None, typer.Option(help="P1:P2:POINTS (seats or names; points). Repeatable.")
]


@app.command("settle", context_settings={"ignore_unknown_options": True})
@reports_errors
def settle_command(
    points: Annotated[
        list[str], typer.Argument(help="Final points in seat order (seat 0 = 起家).")
    ],
    rules: Annotated[
        str | None, typer.Option("--rules", "-r", help="A preset name or a house-rules .toml file.")
    ] = None,
    start: Annotated[str | None, typer.Option(help="Start points (配給原点).")] = None,
    return_points: Annotated[
        str | None, typer.Option("--return-points", help="Return points (返し点).")
    ] = None,
    uma: Annotated[
        str | None, typer.Option(help="Rank uma: 10-30, 30,10,-10,-30, a name, or none.")
    ] = None,
    rounding: Annotated[
        str | None, typer.Option(help="half-up, half-down, ceil, floor, toward-zero, ...")
    ] = None,
    ties: Annotated[str | None, typer.Option(help="seat or split.")] = None,
    names: Annotated[str | None, typer.Option(help="Player names, comma-separated.")] = None,
    deposits: Annotated[
        int, typer.Option(help="Riichi sticks left on the table at the end (in no one's points).")
    ] = 0,
    sashi: PairOption = None,
    bashin: PairOption = None,
    sou_uma: Annotated[str | None, typer.Option(help="総ウマ between every pair (points).")] = None,
    sou_bashin: Annotated[str | None, typer.Option(help="総馬身 between every pair.")] = None,
    binta: Annotated[str | None, typer.Option(help="ビンタ between every pair (points).")] = None,
    binta_pair: PairOption = None,
    kubi: Annotated[str | None, typer.Option(help="クビ threshold (default: start).")] = None,
    shizumi: Annotated[str | None, typer.Option(help="沈みウマ paid to first place.")] = None,
    shizumi_line: Annotated[
        str | None, typer.Option(help="Who pays 沈みウマ: below this (default: return).")
    ] = None,
    soto: Annotated[
        list[str] | None, typer.Option(help="外ウマ: SPECTATOR:PLAYER. Repeatable.")
    ] = None,
    pool: Annotated[
        list[str] | None,
        typer.Option(help="A spectator in the spectators' pool: SPECTATOR:PLAYER. Repeatable."),
    ] = None,
    soto_pool: Annotated[
        str | None, typer.Option(help="What spectators in the pool bet (points).")
    ] = None,
    chips: Annotated[str | None, typer.Option(help="Chip counts in seat order, N,N,N,N.")] = None,
    chip_value: Annotated[str | None, typer.Option(help="pt per chip.")] = None,
    tobi: Annotated[str | None, typer.Option(help="飛び賞 paid by a busted player.")] = None,
    tobi_at_zero: Annotated[
        bool, typer.Option(help="Exactly 0 points busts too (for 飛び賞).")
    ] = False,
    busted: Annotated[
        list[str] | None, typer.Option(help="LOSER:WINNER for 飛び賞. Repeatable.")
    ] = None,
    yakitori: Annotated[str | None, typer.Option(help="焼き鳥 paid by non-winners.")] = None,
    winners: Annotated[str | None, typer.Option(help="Players who won a hand, A,B.")] = None,
    rate: Annotated[str | None, typer.Option(help="Money per pt (点5 = 50).")] = None,
    unit: Annotated[str | None, typer.Option(help="Smallest unit of money.")] = None,
    fee: Annotated[str | None, typer.Option(help="Game fee (場代) in money.")] = None,
    fee_payer: Annotated[str | None, typer.Option(help="each or first.")] = None,
    currency: Annotated[str | None, typer.Option(help="Written after money (円, 원).")] = None,
    ledger: LedgerOption = LedgerForm.FEWEST,
    fmt: FormatOption = Format.TABLE,
    lang: LangOption = None,
) -> None:
    """Settle one game: final points to places, scores (pt), side bets and money."""
    language = lang or default_lang()
    side = _given(
        sou_uma=sou_uma, sou_bashin=sou_bashin, binta=binta, kubi=kubi, shizumi=shizumi,
        shizumi_line=shizumi_line, soto_pool=soto_pool, chip_value=chip_value, tobi=tobi,
        tobi_at_zero=tobi_at_zero or None, yakitori=yakitori,
    )  # fmt: skip
    stakes = _given(rate=rate, unit=unit, fee=fee, fee_payer=fee_payer, currency=currency)
    resolved = resolve_rules(
        rules, start=start, return_points=return_points, uma=uma, rounding=rounding, ties=ties,
        side=side, money=stakes,
    )  # fmt: skip
    values = parse_points(points)
    if names is None:
        player_names = [term(f"seat.{seat}", language) for seat in range(len(values))]
    else:
        player_names = [n.strip() for n in names.split(",")]
    _refuse_unused(resolved, stakes, winners=winners, pool=pool, soto_pool=soto_pool)
    bet_data = _given(
        sashi=sashi, bashin=bashin, binta=binta_pair, soto=soto, pool=pool, busted=busted,
        chips=chips.split(",") if chips is not None else None,
        winners=winners.split(",") if winners is not None else None,
    )  # fmt: skip
    if len(values) == resolved.players:
        player_names = check_names(player_names, resolved.players)
        bets = bets_from_dict(bet_data, player_names, resolved.side)
    else:
        bets = None  # settle() names the wrong count of scores
    result = settle_game(values, resolved, player_names, bets, deposits)
    show_game(result, fmt, language, ledger)


def _refuse_unused(
    rules: Rules,
    stakes: dict[str, Any],
    *,
    winners: str | None = None,
    pool: list[str] | None = None,
    soto_pool: str | None = None,
) -> None:
    """Options that would do nothing are errors, not silently ignored."""
    if rules.stakes.rate is None:
        for key in ("unit", "fee", "fee_payer", "currency"):
            if key in stakes:
                raise SeisanError(f"--{key.replace('_', '-')} needs a rate (--rate)")
    if winners is not None and not rules.side.yakitori:
        raise SeisanError("--winners is only for 焼き鳥: give --yakitori too")
    if soto_pool is not None and not pool:
        raise SeisanError("--soto-pool needs spectators in the pool (--pool NAME:PLAYER)")


def _given(**options: Any) -> dict[str, Any]:
    """The options the user gave (those left at None are left out)."""
    return {key: value for key, value in options.items() if value is not None}


@app.command("session")
@reports_errors
def session_command(
    file: Annotated[Path, typer.Argument(help="A session file: .toml or .csv.")],
    rules: Annotated[
        str | None,
        typer.Option("--rules", "-r", help="Rules for every game (replaces the file's)."),
    ] = None,
    rate: Annotated[str | None, typer.Option(help="Money per pt (点5 = 50).")] = None,
    unit: Annotated[str | None, typer.Option(help="Smallest unit of money.")] = None,
    fee: Annotated[str | None, typer.Option(help="Game fee (場代) in money.")] = None,
    fee_payer: Annotated[str | None, typer.Option(help="each or first.")] = None,
    currency: Annotated[str | None, typer.Option(help="Written after money (円, 원).")] = None,
    chart: Annotated[bool, typer.Option(help="Draw the cumulative totals.")] = True,
    ledger: LedgerOption = LedgerForm.FEWEST,
    fmt: FormatOption = Format.TABLE,
    lang: LangOption = None,
) -> None:
    """Settle a session: every game, running totals, a chart and the final ledger."""
    language = lang or default_lang()
    given = load_rules(rules) if rules is not None else None
    session = load_session(file, given)
    stakes = _given(rate=rate, unit=unit, fee=fee, fee_payer=fee_payer, currency=currency)
    if stakes:
        session = replace(session, rules=Rules.from_dict({"money": stakes}, session.rules))
    _refuse_unused(session.rules, stakes)
    result = session.settle()
    show_session(result, fmt, language, chart=chart, ledger_form=ledger)


def show_session(
    result: SessionResult, fmt: Format, lang: Lang, *, chart: bool, ledger_form: LedgerForm
) -> None:
    """Print a settled session in ``fmt``."""
    rules = result.session.rules
    people = result.people()
    per_game = result.per_game()
    running = result.running()
    values = [v for row in per_game.values() for v in row if v is not None]
    decimals = _decimals(values)
    game_rows = [
        [label, *(_pt(v, rules, decimals) if v is not None else "" for v in column)]
        for label, column in zip(result.labels(), zip(*per_game.values(), strict=True), strict=True)
    ]
    totals = result.totals()
    game_rows.append([term("total", lang), *(_pt(totals[n], rules, decimals) for n in people)])
    amounts = result.money()
    if amounts is not None:
        game_rows.append(
            [term("money", lang), *(_money_text(amounts[n], rules.stakes) for n in people)]
        )
    running_rows = [
        [label, *(_pt(v, rules, decimals) for v in column)]
        for label, column in zip(result.labels(), zip(*running.values(), strict=True), strict=True)
    ]
    fees = result.fees()
    csv_rows: list[list[object]] = [
        [label, name, _maybe(per_game[name][i]), pt_value(running[name][i]), "", ""]
        for i, label in enumerate(result.labels())
        for name in people
    ]
    csv_rows += [  # then a "total" row a person, with money and fees
        ["total", name, pt_value(totals[name]), pt_value(totals[name]),
         _maybe(amounts[name]) if amounts is not None else "",
         _maybe(fees.get(name)) if fees else ""]
        for name in people
    ]  # fmt: skip
    title = result.session.title or rules.title(lang)
    right = tuple(range(1, len(people) + 1))
    emit(
        console,
        fmt,
        data=result.to_dict(),
        csv_text=dumps_csv(["game", "name", "total", "running", "money", "fees"], csv_rows),
        rich_table=table(title, [term("game", lang), *people], game_rows, right=right),
        note=_caption(rules, lang),
    )
    if fmt is not Format.TABLE:
        return
    console.print(table(term("running", lang), [term("game", lang), *people], running_rows,
                        right=right))  # fmt: skip
    if chart:
        width = min(max(console.width, 40), 100)
        console.print(cumulative_chart(running, term("chart", lang), width=width), markup=False)
    show_ledger(result, ledger_form, rules, lang)


def _maybe(value: Fraction | None) -> object:
    return "" if value is None else pt_value(value)


@app.command("hand")
@reports_errors
def hand_command(
    han: Annotated[int | None, typer.Option(help="Han of yaku and dora.")] = None,
    fu: Annotated[int | None, typer.Option(help="Fu (standard and exact systems).")] = None,
    yakuman: Annotated[int, typer.Option(help="Yakuman count (2 for a double).")] = 0,
    ankan: Annotated[int, typer.Option(help="Concealed kans (30fu: a han each).")] = 0,
    dealer: Annotated[bool, typer.Option(help="The winner is the dealer.")] = False,
    system: Annotated[str | None, typer.Option(help="standard, 30fu, gorin or exact.")] = None,
    kiriage: Annotated[bool, typer.Option(help="切り上げ満貫.")] = False,
    kazoe: Annotated[str | None, typer.Option(help="13+ han: yakuman or sanbaiman.")] = None,
    variant: Annotated[
        bool, typer.Option(help="30fu: 五翻 4000/6000 and 六翻 8000/12000 for ron.")
    ] = False,
    double_yakuman: Annotated[
        bool | None, typer.Option(help="Tiles: may one yaku count double yakuman?")
    ] = None,
    players: Annotated[int, typer.Option(help="4, or 3 for a three-player tsumo.")] = 4,
    sanma: Annotated[
        str | None, typer.Option(help="Three players: tsumo-loss or split-north.")
    ] = None,
    honba: Annotated[int, typer.Option(help="本場 counters on the table.")] = 0,
    rules: Annotated[
        str | None, typer.Option("--rules", "-r", help="Take the scoring of these rules.")
    ] = None,
    tiles: Annotated[
        str | None, typer.Option(help="All 14 tiles, winning tile included: 234m567p11s345678s.")
    ] = None,
    win: Annotated[str | None, typer.Option(help="The winning tile: 8s.")] = None,
    tsumo: Annotated[bool, typer.Option(help="Won by self-draw.")] = False,
    riichi: Annotated[bool, typer.Option(help="Riichi was declared.")] = False,
    dora: Annotated[str, typer.Option(help="Dora indicators: 1m5z.")] = "",
    ura: Annotated[str, typer.Option(help="Ura-dora indicators.")] = "",
    melds: Annotated[
        list[str] | None, typer.Option("--meld", help="chi:123m, pon:555z, kan:1111p, ankan:9999s.")
    ] = None,
    seat_wind: Annotated[str | None, typer.Option(help="E, S, W or N.")] = None,
    round_wind: Annotated[str, typer.Option(help="E, S, W or N.")] = "E",
    fmt: FormatOption = Format.TABLE,
    lang: LangOption = None,
) -> None:
    """What one winning hand pays: from han and fu, or from the tiles."""
    language = lang or default_lang()
    base = load_rules(rules).scoring if rules is not None else Scoring()
    changes = _given(
        system=system, kiriage=kiriage or None, kazoe=kazoe, thirty_fu_variant=variant or None,
        double_yakuman=double_yakuman, sanma_tsumo=sanma,
    )  # fmt: skip
    scoring = Scoring.from_dict(changes, base)
    if players not in (3, 4):
        raise SeisanError(f"--players {players}: 4 or 3")
    if sanma is not None and players != 3:
        raise SeisanError("--sanma is for three players: give --players 3")
    if honba < 0:
        raise SeisanError(f"--honba {honba} must be 0 or more")
    data: dict[str, Any] = {}
    if tiles is not None or win is not None:
        if tiles is None or win is None:
            raise SeisanError("give both --tiles (all 14) and --win (the winning tile)")
        if han is not None or fu is not None or yakuman or ankan:
            raise SeisanError("give either --tiles or --han/--fu, not both")
        from seisan.tiles import score_tiles  # noqa: PLC0415 - optional module

        found = score_tiles(
            tiles, win, tsumo=tsumo, riichi=riichi, dealer=dealer, seat_wind=seat_wind,
            round_wind=round_wind, dora=dora, ura=ura, melds=melds or (), scoring=scoring,
        )  # fmt: skip
        value = found.value
        data = {"yaku": list(found.yaku), "han": found.han, "fu": found.fu}
        local_yaku = found.yaku_names(language.value)
    else:
        if han is None and not yakuman:
            raise SeisanError("give --han (and --fu), --yakuman, or --tiles and --win")
        value = hand_value(han or 0, fu, dealer, scoring, yakuman=yakuman, ankan=ankan)
    if players == 3:
        value = three_player_tsumo(value, scoring)
    value = value.with_honba(honba, scoring.honba)
    data |= value.to_dict()
    rows = [[term("ron", language), "-" if value.ron is None else str(value.ron)]]
    if value.tsumo_non_dealer is None:
        rows.append([term("tsumo", language), "-"])
    elif dealer:
        rows.append([term("tsumo", language), f"{value.tsumo_non_dealer} {term('all', language)}"])
    else:
        rows.append([term("tsumo", language), f"{value.tsumo_non_dealer}/{value.tsumo_dealer}"])
    title = f"{term('system.' + scoring.system.value, language)}"
    if "yaku" in data:
        han_fu = f"{data['han']} {term('han', language)} {data['fu']} {term('fu', language)}"
        title += f": {', '.join(local_yaku)} ({han_fu})"
    if value.limit:
        rows.append([term("limit", language), term(f"limit.{value.limit}", language)])
    emit(
        console,
        fmt,
        data=data,
        csv_text=dumps_csv(["way", "pays"], rows),
        rich_table=table(title, [term("win", language), term("pays", language)], rows, right=(1,)),
    )


@app.command("game")
@reports_errors
def game_command(
    file: Annotated[Path, typer.Argument(help="A game record (.json).")],
    rules: Annotated[
        str | None, typer.Option("--rules", "-r", help="Play under these rules instead.")
    ] = None,
    fmt: FormatOption = Format.TABLE,
    lang: LangOption = None,
) -> None:
    """Play a hand-by-hand game record: the running points, then the settlement."""
    language = lang or default_lang()
    record = load_record(file, load_rules(rules) if rules is not None else None)
    played = record.play()
    assert played.settlement is not None
    names = list(record.names)
    rows = [
        [
            str(line.number),
            f"{line.round}-{line.honba}",
            line.summary,
            *(_delta(d) for d in line.deltas),
            str(line.deposits_after) if line.deposits_after else "",
        ]
        for line in played.lines
    ]
    rows.append(["", "", term("final", language), *map(str, played.final_points), ""])
    columns = ["#", term("round", language), term("result", language), *names]
    columns.append(term("on_table", language))
    # one row a hand and player, then the settlement: a row a player with hand "final"
    csv_columns = ["hand", "round", "honba", "result", "name", "delta", "points", "deposits",
                   "place", "score"]  # fmt: skip
    csv_rows: list[list[object]] = [
        [line.number, line.round, line.honba, line.summary, names[seat], line.deltas[seat],
         line.points[seat], line.deposits_after, "", ""]
        for line in played.lines
        for seat in range(len(names))
    ]  # fmt: skip
    csv_rows += [
        ["final", "", "", played.ended, r.name, "", r.points, played.leftover, r.place,
         pt_value(r.score)]
        for r in played.settlement
    ]  # fmt: skip
    title = record.title or record.rules.title(language)
    emit(
        console,
        fmt,
        data=played.to_dict(),
        csv_text=dumps_csv(csv_columns, csv_rows),
        rich_table=table(title, columns, rows, right=tuple(range(3, len(columns))), wrap=(2,)),
        note=f"{term('ended', language)}: {played.ended}",
    )
    if fmt is Format.TABLE:
        show_game(game_result(played.settlement), fmt, language)


def _delta(value: int) -> str:
    return f"{value:+d}" if value else ""


def _rules_summary(rules: Rules, lang: Lang) -> list[str]:
    return [
        rules.name,
        rules.title(lang),
        str(rules.players),
        f"{rules.start}/{rules.return_points}",
        _uma_text(rules, lang, brief=True),
        rules.rounding.label(lang),
        rules.ties.label(lang),
    ]


@rules_app.command("list")
@reports_errors
def rules_list(fmt: FormatOption = Format.TABLE, lang: LangOption = None) -> None:
    """List the presets."""
    language = lang or default_lang()
    items = presets()
    columns = ["preset", "title", "players", "start/return", "uma", "rounding", "ties"]
    rows = [_rules_summary(r, language) for r in items]
    emit(
        console,
        fmt,
        data=[r.to_dict() for r in items],
        csv_text=dumps_csv(columns, rows),
        rich_table=table(
            term("rules", language),
            [term(c, language) for c in columns],
            rows,
            right=(2,),
            wrap=(1, 4),
        ),
    )


@rules_app.command("show")
@reports_errors
def rules_show(
    name: Annotated[str, typer.Argument(help="A preset name or a house-rules .toml file.")],
    fmt: FormatOption = Format.TABLE,
    lang: LangOption = None,
) -> None:
    """Show one preset (or rules file) resolved, with its source."""
    language = lang or default_lang()
    rules = load_rules(name)
    rows = [
        [term("preset", language), rules.name],
        [term("title", language), rules.title(language)],
        [term("players", language), str(rules.players)],
        [term("start", language), str(rules.start)],
        [term("return", language), str(rules.return_points)],
        [term("oka", language), format_score(rules.oka)],
        [term("uma", language), _uma_text(rules, language)],
        [term("rounding", language), f"{rules.rounding.value} ({rules.rounding.label(language)})"],
        [term("ties", language), f"{rules.ties.value} ({rules.ties.label(language)})"],
        [
            term("deposits", language),
            f"{rules.deposits.value} ({rules.deposits.label(language)})",
        ],
        [term("zero", language), rules.zero.value],
    ]
    if rules.aliases:
        rows.append([term("aliases", language), ", ".join(rules.aliases)])
    if rules.notes:
        rows.append([term("notes", language), rules.notes])
    for source in rules.sources:
        rows += [[term("source", language), text] for text in (source.title, source.url) if text]
        if source.note:
            rows.append(["", f"「{source.note}」"])
    emit(
        console,
        fmt,
        data=rules.to_dict(),
        csv_text=dumps_csv(["field", "value"], rows),
        rich_table=table(
            rules.title(language),
            [term("field", language), term("value", language)],
            rows,
            wrap=(1,),
        ),
    )


def main() -> None:
    """Console-script entry point: usage errors too are one line and exit status 2."""
    command = typer.main.get_command(app)
    try:
        code = command.main(prog_name="seisan", standalone_mode=False)
    except TyperException as err:
        message = err.format_message() if hasattr(err, "format_message") else str(err)
        err_console.print(f"seisan: error: {message}", markup=False)
        sys.exit(getattr(err, "exit_code", 2))
    except typer.Abort:
        sys.exit(1)
    sys.exit(code if isinstance(code, int) else 0)
