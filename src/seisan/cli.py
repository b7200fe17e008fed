"""The ``seisan`` command: a thin layer over the library.

Bad input never shows a traceback: every :class:`~seisan.errors.SeisanError`
becomes one line on stderr and exit status 2.
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from typing import Annotated, Any, ParamSpec, TypeVar

import typer
from rich.console import Console

from seisan.errors import SeisanError
from seisan.i18n import Lang, default_lang, term
from seisan.output import Format, dumps_csv, emit, table
from seisan.presets import load_rules, presets
from seisan.pt import pt_value
from seisan.rules import Rules
from seisan.settlement import Settlement, format_score, settle
from seisan.uma import FloatingUma

app = typer.Typer(
    help="seisan (清算 / 정산): exact riichi-mahjong settlement under any house rule.",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
)
rules_app = typer.Typer(help="List and show the named house rules (presets).", no_args_is_help=True)
app.add_typer(rules_app, name="rules")

console = Console(highlight=False)
err_console = Console(stderr=True, highlight=False, soft_wrap=True)

# Options shared by every command (the same flag means the same thing everywhere).
FormatOption = Annotated[
    Format, typer.Option("--format", "-f", help="table for people; json or csv for programs.")
]
LangOption = Annotated[
    Lang | None,
    typer.Option("--lang", help="Language of names and labels (default: from the locale)."),
]

P = ParamSpec("P")
R = TypeVar("R")


def reports_errors(command: Callable[P, R]) -> Callable[P, R]:
    """Turn a :class:`SeisanError` into one line on stderr and exit status 2."""

    @functools.wraps(command)
    def wrapper(*args: P.args, **kwargs: P.kwargs) -> R:
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


def show_settlement(result: Settlement, fmt: Format, lang: Lang) -> None:
    """Print a settlement in ``fmt``."""
    rules = result.rules
    decimals = 1 if any((r.score * 10) % 10 for r in result) else 0
    rows = [
        [str(r.place), r.name, str(r.points), format_score(r.score, rules.zero, decimals)]
        for r in result.by_place()
    ]
    columns = [term(c, lang) for c in ("place", "name", "points", "score")]
    part_names = ["points", "rounding", "oka", "uma", "balance"]
    csv_rows = [
        [
            r.seat,
            r.name,
            r.points,
            r.place,
            pt_value(r.score),
            *(pt_value(getattr(r.parts, p)) for p in part_names),
        ]
        for r in result
    ]
    csv_columns = ["seat", "name", "points", "place", "score", *(f"part_{p}" for p in part_names)]
    emit(
        console,
        fmt,
        data=result.to_dict(),
        csv_text=dumps_csv(csv_columns, csv_rows),
        rich_table=table(rules.title(lang), columns, rows, right=(0, 2, 3)),
        note=_caption(rules, lang),
    )


@app.command(
    "settle",
    context_settings={"ignore_unknown_options": True},
)
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
    fmt: FormatOption = Format.TABLE,
    lang: LangOption = None,
) -> None:
    """Settle one game: final points to places and scores (pt)."""
    language = lang or default_lang()
    resolved = resolve_rules(
        rules, start=start, return_points=return_points, uma=uma, rounding=rounding, ties=ties
    )
    values = parse_points(points)
    if names is None:
        player_names = [term(f"seat.{seat}", language) for seat in range(len(values))]
    else:
        player_names = [n.strip() for n in names.split(",")]
    result = settle(values, resolved, player_names)
    show_settlement(result, fmt, language)


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
    """Console-script entry point."""
    app()
