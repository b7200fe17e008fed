"""The ``seisan`` command: a thin layer over the library.

Bad input never shows a traceback: every :class:`~seisan.errors.SeisanError`
and every usage error becomes one line on stderr, in the user's language,
and exit status 2.
"""

import ast
import functools
import gc
import os
import re
import sys
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from dataclasses import replace
from enum import StrEnum
from fractions import Fraction
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any, NoReturn, ParamSpec, TypeVar

import typer
from typer.exceptions import TyperException

from seisan import __version__
from seisan.errors import RulesError, SeisanError, as_written, file_problem
from seisan.explain import rule_field, rule_value, rules_caption, uma_text
from seisan.i18n import (
    N_,
    Lang,
    Message,
    Term,
    _,
    _n,
    decimal_text,
    default_lang,
    language,
    plain_number,
    read_as,
    render,
    term,
    term_forms,
    translate,
)
from seisan.ledger import Accounts, GameResult, game_result, settle_game
from seisan.output import Format, display_width, dumps_csv, emit, table, wrap_cells
from seisan.presets import load_rules, presets, presets_for_total, with_changes
from seisan.pt import pt_value
from seisan.rules import PointSystem, Rules, SideRules, Stakes
from seisan.settlement import PART_NAMES, Penalty, PointsTotalError, check_names, format_score
from seisan.sidebets import bets_from_dict
from seisan.transfers import HOUSE

if TYPE_CHECKING:
    from rich.console import Console

    from seisan.session import SessionResult

app = typer.Typer(
    help=N_("seisan (清算 / 정산): exact riichi-mahjong settlement under any house rule."),
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
    rich_markup_mode=None,
    context_settings={"help_option_names": ["-h", "--help"]},
)


_TopLang = Annotated[
    Lang | None,
    typer.Option("--lang", help=N_("Language of names and labels (default: from the locale).")),
]


def sub_app(name: str, help: str) -> typer.Typer:
    """A group of commands (``seisan rules …``), registered on ``app``."""
    group = typer.Typer(
        help=help,
        no_args_is_help=True,
        rich_markup_mode=None,
        context_settings={"help_option_names": ["-h", "--help"]},
    )
    app.add_typer(group, name=name)

    @group.callback()
    def _group(lang: _TopLang = None) -> None:  # `seisan rules --lang ja list`
        _take_lang(lang)

    return group


rules_app = sub_app("rules", N_("List and show the named house rules (presets)."))

_console: "Console | None" = None
CHART_LINES = 8
"""The most lines a session chart draws (the best and the worst when there are more)."""
PIPE_WIDTH = 10_000
"""A pipe's width: as wide as any line is (a line is never wrapped for a program)."""


def out() -> "Console":
    """The console tables go to (Rich is imported only when something is drawn)."""
    global _console  # noqa: PLW0603 - one console a run, at least 40 wide
    if _console is None:
        from rich.console import Console  # noqa: PLC0415

        _console = Console(highlight=False, emoji=False)
        if display_width(_console) is None:  # a pipe: nothing squeezed to a made-up 80
            _console = Console(highlight=False, emoji=False, width=PIPE_WIDTH)
        elif _console.width < 40:  # Rich cannot lay tables out narrower
            _console = Console(highlight=False, emoji=False, width=40)
    return _console


def err_line(text: str) -> None:
    """One line on stderr, never marked up; on a terminal narrower than it, broken
    between words (a continuation indented), where the terminal would break it inside a
    number. A pipe or a file gets the one line a script reads."""
    width = _terminal_columns(sys.stderr)
    if width is not None and len(text) > width // 2:  # (a short line fits: not measured)
        from seisan.output import wrap_cells  # noqa: PLC0415 - Rich's cells, only here

        first, *rest = wrap_cells(text, width - 2)  # (room for the continuation's indent)
        text = "\n  ".join([first, *rest])
    print(text, file=sys.stderr)


def _terminal_columns(stream: Any) -> int | None:
    """The width of the terminal ``stream`` writes to (``COLUMNS`` if set), or None when
    it is no terminal."""
    try:
        if not stream.isatty():
            return None
        given = os.environ.get("COLUMNS", "")
        columns = int(given) if given.isdigit() else os.get_terminal_size(stream.fileno()).columns
    except (AttributeError, ValueError, OSError):  # (closed, or no file at all)
        return None
    return max(columns, 20)


def _version(value: bool) -> None:
    if value:
        print(f"seisan {__version__}")
        raise typer.Exit()


@app.callback()
def _main(
    version: Annotated[
        bool,
        typer.Option("--version", callback=_version, is_eager=True, help=N_("Show the version.")),
    ] = False,
    lang: _TopLang = None,
) -> None:
    """seisan (清算 / 정산): exact riichi-mahjong settlement under any house rule."""
    global _top_lang  # noqa: PLW0603 - every run starts from its own --lang, or none
    # (one after ``--``, which Click does not read, as main() found it in the argv)
    _top_lang = lang if lang is not None else _argv_lang(sys.argv[1:])


_top_lang: Lang | None = None


def _take_lang(lang: Lang | None) -> None:
    """``seisan --lang ja settle …`` (or ``seisan rules --lang ja list``): for every
    command after it."""
    global _top_lang  # noqa: PLW0603
    if lang is not None:
        _top_lang = lang


# Options shared by every command (the same flag means the same thing everywhere).
FormatOption = Annotated[
    Format, typer.Option("--format", "-f", help=N_("table for people; json or csv for programs."))
]
LangOption = Annotated[
    Lang | None,
    typer.Option("--lang", help=N_("Language of names and labels (default: from the locale).")),
]


class LedgerForm(StrEnum):
    """Which who-pays-whom a table shows (JSON and CSV carry both)."""

    FEWEST = "fewest"  #: the fewest transfers that settle every balance
    FIRST = "first"  #: 001's jansou way: everyone settles with first place


LedgerOption = Annotated[
    LedgerForm | None,
    typer.Option(
        "--ledger", help=N_("fewest transfers, or everyone settles with first place (first).")
    ),
]

P = ParamSpec("P")
R = TypeVar("R")


def reports_errors(command: Callable[P, R]) -> Callable[P, R]:
    """Set the language, and turn a :class:`SeisanError` into one line on stderr and
    exit status 2."""

    @functools.wraps(command)
    def wrapper(*args: P.args, **kwargs: P.kwargs) -> R:
        global _console, _top_lang  # noqa: PLW0603 - a fresh console for each command
        _console = None
        chosen = kwargs.get("lang") or _top_lang or default_lang()
        _top_lang = None  # read once: the next run in this process starts afresh
        if kwargs.get("lang") is None and "lang" in kwargs:
            kwargs["lang"] = chosen
        with language(chosen), _collector_for_long_runs():  # type: ignore[arg-type]
            try:
                done = command(*args, **kwargs)
                sys.stdout.flush()  # (what is left in the buffer fails here, not at exit)
                return done
            except SeisanError as err:
                fail(err.message)
            except BrokenPipeError:  # `seisan … | head`: the reader has what it wanted
                _quiet_exit()
            except OSError as err:  # a file that cannot be read or written
                where = err.filename or kwargs.get("output") or ""
                if str(where) in ("", "-"):  # (the output itself: `> /dev/full`, `-o -`)
                    where = _("standard output")
                    _nothing_more_out()
                fail(_("{path}: {problem}", path=where, problem=file_problem(err)))

    return wrapper


COLLECTOR_THRESHOLDS = (10_000, 50, 100)
"""The garbage collector's thresholds while a command runs (Python's are 700, 10, 10).
A command builds objects that live to its end (a season's games, a folder of logs), and
the default scans them again and again: a 100,000-game session cost 1.2× a 10,000-game
one per game, 1.02× with these (issue 20's measure)."""

SEASON_THRESHOLDS = (10_000, 1_000_000, 100)
"""The thresholds while ``seisan session`` settles and writes a season: what outlives
one young collection is not scanned again (the middle generation's turn never comes).
A season's games hold no cycles: a 10,000-game session with side bets and money spent
0.13 s of its 1.6 s scanning them five times over and freed nothing (the same peak
memory either way, 118 MB). Other commands keep the middle generation's turn: a long
import or bulk run that made cycles would otherwise hold them to its end."""


_COLLECTOR_BEFORE: list[tuple[tuple[int, ...], bool]] = []
"""The collector's thresholds before the command began, and whether it froze objects
(for :func:`ordinary_collector`)."""


@contextmanager
def _season_collector() -> Iterator[None]:
    """:data:`SEASON_THRESHOLDS` within a command, the command's own back after."""
    before = gc.get_threshold()
    gc.set_threshold(*SEASON_THRESHOLDS)
    try:
        yield
    finally:
        gc.set_threshold(*before)


@contextmanager
def _collector_for_long_runs() -> Iterator[None]:
    """:data:`COLLECTOR_THRESHOLDS` for one command, with what was imported before it
    left out of every scan (``gc.freeze``, unless the caller froze objects already);
    Python's settings back after."""
    before = gc.get_threshold()
    freezes = gc.get_freeze_count() == 0
    if freezes:
        gc.freeze()
    gc.set_threshold(*COLLECTOR_THRESHOLDS)
    _COLLECTOR_BEFORE.append((before, freezes))
    try:
        yield
    finally:
        _COLLECTOR_BEFORE.pop()
        gc.set_threshold(*before)
        if freezes:
            gc.unfreeze()


def ordinary_collector() -> None:
    """Python's collector settings back for a command that serves (``seisan serve``):
    a server makes garbage on every request, and its workers are forked from it."""
    if _COLLECTOR_BEFORE:
        before, froze = _COLLECTOR_BEFORE[-1]
        gc.set_threshold(*before)
        if froze:
            gc.unfreeze()


def _quiet_exit() -> NoReturn:
    """Stop without a word when standard output's reader has gone (a closed pipe), as
    Unix tools do; the rest of the output goes nowhere instead of failing again."""
    _nothing_more_out()
    sys.exit(0)


def _nothing_more_out() -> None:
    """Standard output sent nowhere from now: what its buffer holds would fail again as
    Python stops (“Exception ignored … OSError”, exit 120)."""
    import contextlib  # noqa: PLC0415
    import os  # noqa: PLC0415

    devnull = os.open(os.devnull, os.O_WRONLY)
    with contextlib.suppress(OSError, ValueError):  # (no file behind it: a test's capture)
        os.dup2(devnull, sys.stdout.fileno())


def check_output(
    path: Path,
    *,
    folder: bool = False,
    force: bool = False,
    option: str = "--output",
    suffix: str = "",
) -> None:
    """Refuse, before any work is done, an ``--output`` (or the ``option`` named) that
    cannot be written: a missing folder, a folder where a file goes (or a file where a
    folder goes), a file that exists (unless ``--force``), a folder without permission
    to write; and a name not ending in ``suffix`` where one format is written (a
    Parquet file named ``.json`` would mislead whoever opens it)."""
    named = {"option": option, "path": path}
    if str(path) == "-":  # CSV to the standard output, where one table is written
        if folder:  # (a folder named “-” had been made)
            fail(_("{option} -: give a folder's name (the records are files of their own)",
                   option=option))  # fmt: skip
        if not suffix:
            return
    if suffix and path.suffix.lower() != suffix and not path.is_dir():
        fail(_("{option} {path}: give a file name ending {suffix}", **named, suffix=suffix))
    if folder:
        if path.exists() and not path.is_dir():
            fail(_("{option} {path}: a file of that name exists; give a folder", **named))
        parent = path
        while not parent.exists():
            parent = parent.parent
        if not parent.is_dir():
            fail(_("{option} {path}: {folder} is a file, not a folder", **named,
                   folder=parent))  # fmt: skip
    else:
        if path.is_dir():
            fail(_("{option} {path} is a folder; give a file name in it", **named))
        if path.exists() and not force:
            fail(_("{option} {path} exists already; give another name, or --force to "
                   "replace it", **named))  # fmt: skip
        parent = path.parent
        if not parent.exists():
            fail(_("{option} {path}: there is no folder {folder}", **named,
                   folder=parent))  # fmt: skip
        if not parent.is_dir():
            fail(_("{option} {path}: {folder} is a file, not a folder", **named,
                   folder=parent))  # fmt: skip
    if not os.access(parent, os.W_OK):
        fail(_("{option} {path}: no permission to write in {folder}", **named,
               folder=parent))  # fmt: skip


def fail(message: Message | str) -> NoReturn:
    """Print ``message`` as one error line and exit with status 2."""
    err_line(f"seisan: {term('error')}: {message}")
    raise typer.Exit(2)


@contextmanager
def _options_named(given: Mapping[str, Mapping[str, Any]]) -> Iterator[None]:
    """A field of the rules an option set, refused by the option's name and its value as
    typed (``--fee-payer “nobody”``), not as a rules file's field (``rules:
    money.fee_payer``), which the reader never wrote."""
    try:
        yield
    except RulesError as err:
        group, _dot, key = err.field.partition(".")
        if key not in given.get(group, {}):
            raise
        option = "--" + key.replace("_", "-")
        if isinstance(err.value, str):  # (as RulesError shows a value: quoted, or as written)
            said = _("{option} “{value}”: {problem}", option=option, value=err.value,
                     problem=err.problem)  # fmt: skip
        else:
            said = _("{option} {value}: {problem}", option=option, value=as_written(err.value),
                     problem=err.problem)  # fmt: skip
        raise SeisanError(said) from None


def resolve_rules(
    name: str | None,
    *,
    players: int | None = None,
    start: str | None = None,
    return_points: str | None = None,
    uma: str | None = None,
    rounding: str | None = None,
    ties: str | None = None,
    side: dict[str, Any] | None = None,
    money: dict[str, Any] | None = None,
) -> Rules:
    """The preset or file ``name`` (default: the plain base), with the options applied;
    a changed preset records what changed (its title names it)."""
    base = load_rules(name) if name is not None else Rules()
    overrides: dict[str, Any] = {
        key: value
        for key, value in (
            ("players", players),
            ("start", start),
            ("return", return_points),
            ("uma", uma),
            ("rounding", rounding),
            ("ties", ties),
        )
        if value is not None
    }
    overrides |= {key: table for key, table in (("side", side), ("money", money)) if table}
    with _options_named({"side": side or {}, "money": money or {}}):
        rules = with_changes(base, overrides, named=name is not None)
    # 沈みウマ or 飛び賞 turned off tonight (``--shizumi 0``): the house's line for it goes too
    given = side or {}
    off: dict[str, Any] = {
        line: cleared for bet, line, cleared in (("shizumi", "shizumi_line", None),
                                                 ("tobi", "tobi_at_zero", False))
        if bet in given and line not in given and not getattr(rules.side, bet)
    }  # fmt: skip
    return rules.replace(side=replace(rules.side, **off)) if off else rules


def rules_title(rules: Rules, lang: Lang | None = None) -> str:
    """The rules' name, and what the command line changed of them."""
    return rules.heading(lang)


def parse_points(values: list[str], options: Sequence[str] = ()) -> list[int]:
    """Final points from the command line (full-width digits from an IME too), with
    errors that name the bad value; an unknown option (which lands here, as negative
    points must) with the command's ``options`` closest to it."""
    points = []
    for value in values:
        if value.startswith("--"):
            import difflib  # noqa: PLC0415 - only for a mistyped option

            if value.partition("=")[0] in options:  # an option the points' “--” ended
                raise SeisanError(_("{option} comes after “--”, where only points are read: "
                                    "put the options before “--”", option=value))  # fmt: skip
            close = difflib.get_close_matches(value.partition("=")[0], options, cutoff=0.8)
            if close:  # (the closest first)
                raise SeisanError(_("unknown option {option}; did you mean {suggested}?",
                                    option=value, suggested=list(close)))  # fmt: skip
            raise SeisanError(_("unknown option {option}", option=value))
        text = plain_number(value)
        try:
            points.append(int(text))
        except ValueError:
            raise SeisanError(_("points “{value}” are not a whole number", value=value)) from None
    return points


def _pt(value: Fraction, rules: Rules, decimals: int) -> str:
    return format_score(value, rules.zero, decimals)


def _decimals(values: Iterable[Fraction]) -> int:
    """How many decimals the values need (0, 1, or 3 under the exact system)."""
    most = 0
    for value in values:
        if value.denominator != 1:
            most = max(most, len(decimal_text(value).partition(".")[2]))
    return most


def _money_text(value: Fraction, stakes: Stakes) -> str:
    sign = "+" if value > 0 else ""
    return f"{sign}{decimal_text(value)}{stakes.currency}"


def show_game(
    result: GameResult, fmt: Format, lang: Lang, ledger_form: LedgerForm | None = None
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
    penalised = bool(settlement.penalties)
    columns = [term(c, lang) for c in ("place", "name", "points", "score")]
    columns += [term("part.penalty", lang)] if penalised else []
    columns += [k.label(lang) for k in kinds]
    if extra:
        columns.append(term("total", lang))
    if amounts is not None:
        columns.append(term("money", lang))
    rows = []
    substitute = settlement.substitute
    for r in settlement.by_place():
        name = r.name
        if substitute is not None and substitute.seat == r.seat:
            name = term("substitute.by", lang, name=r.name, by=substitute.name)
        row = [str(r.place), name, str(r.points), _pt(r.score, rules, decimals)]
        row += [_pt(r.parts.penalty, rules, decimals)] if penalised else []
        row += [_pt(result.side_of(r.name, k), rules, decimals) for k in kinds]
        if extra:
            row.append(_pt(totals[r.name], rules, decimals))
        if amounts is not None:
            row.append(_money_text(amounts[r.name], rules.stakes))
        rows.append(row)
    part_names = list(PART_NAMES)
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
    floating = sum(1 for p in settlement.points if p >= rules.return_points)
    note = rules_caption(rules, lang, settlement.uma, floating)
    if settlement.lost:  # (deposits = "lost": why the scores sum below zero, beside them)
        note += " · " + _("Riichi sticks lost at the end: {points} points ({pt} pt in no one's "
                          "score)", points=settlement.leftover_deposits,
                          pt=decimal_text(settlement.lost)).text(lang)  # fmt: skip
    emit(
        out,
        fmt,
        data=result.to_dict(),
        csv_text=dumps_csv(csv_columns, csv_rows),
        sheet=table(rules_title(rules, lang), columns, rows, right=(0, *range(2, len(columns)))),
        note=note,
    )
    if fmt is not Format.TABLE:
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
        table(term("kind.soto", lang), headers, spectator_rows, right=(2, 3)).print(out())
    if extra or ledger_form is not None:
        show_ledger(result, ledger_form or LedgerForm.FEWEST, rules, lang)


def show_ledger(accounts: Accounts, form: LedgerForm, rules: Rules, lang: Lang) -> None:
    """Who pays whom: in money when there is a rate (fees to the house apart), else pt."""
    in_money = rules.stakes.rate is not None
    if form is LedgerForm.FIRST:
        transfers, title = accounts.jansou(in_money), "jansou"
    else:
        transfers, title = accounts.transfers(in_money), "transfers"

    def amount(value: Fraction) -> str:
        return _money_text(value, rules.stakes).lstrip("+") if in_money else decimal_text(value)

    def who(name: str) -> str:
        return term("house", lang) if name == HOUSE else name

    rows = [[who(t.payer), who(t.payee), amount(t.amount)] for t in transfers]
    headers = [term("from", lang), term("to", lang), term("amount", lang)]
    if rows:
        table(term(title, lang), headers, rows, right=(2,)).print(out())
    else:  # (an empty table had been drawn: every amount 0, or rounded to 0 at the unit;
        # the fees to the house, if any, follow in their own table)
        said = _("{title}: every amount is 0", title=term(title, lang))
        out().print(said.text(lang), markup=False)
    fee_rows = [[t.payer, term("house", lang), amount(t.amount)] for t in accounts.fee_transfers()]
    if fee_rows:
        table(term("fees", lang), headers, fee_rows, right=(2,)).print(out())


PairOption = Annotated[
    list[str] | None, typer.Option(help=N_("P1:P2:POINTS (seats or names; points). Repeatable."))
]


SETTLE_HELP = N_("Settle one game: final points to places, scores (pt), side bets and money.")
SESSION_HELP = N_("Settle a session: every game, running totals, a chart and the final ledger.")
GAME_HELP = N_("Play a hand-by-hand game record: the running points, then the settlement.")


@app.command("settle", context_settings={"ignore_unknown_options": True}, help=SETTLE_HELP)
@reports_errors
def settle_command(
    ctx: typer.Context,
    points: Annotated[
        list[str], typer.Argument(help=N_("Final points in seat order (seat 0 = 起家)."))
    ],
    rules: Annotated[
        str | None,
        typer.Option("--rules", "-r", help=N_("A preset name or a house-rules .toml file.")),
    ] = None,
    players: Annotated[
        int | None,
        typer.Option(help=N_("Players: 4 or 3 (default: the rules', or as many as the points).")),
    ] = None,
    start: Annotated[str | None, typer.Option(help=N_("Start points (配給原点)."))] = None,
    return_points: Annotated[
        str | None, typer.Option("--return-points", help=N_("Return points (返し点)."))
    ] = None,
    uma: Annotated[
        str | None, typer.Option(help=N_("Rank uma: 10-30, 30,10,-10,-30, a name, or none."))
    ] = None,
    rounding: Annotated[
        str | None, typer.Option(help=N_("half-up, half-down, ceil, floor, toward-zero, ..."))
    ] = None,
    ties: Annotated[str | None, typer.Option(help=N_("seat or split."))] = None,
    names: Annotated[str | None, typer.Option(help=N_("Player names, comma-separated."))] = None,
    deposits: Annotated[
        int,
        typer.Option(help=N_("Riichi sticks left on the table at the end (in no one's points).")),
    ] = 0,
    sashi: PairOption = None,
    bashin: PairOption = None,
    sou_uma: Annotated[
        str | None, typer.Option(help=N_("総ウマ between every pair (points)."))
    ] = None,
    sou_bashin: Annotated[str | None, typer.Option(help=N_("総馬身 between every pair."))] = None,
    binta: Annotated[
        str | None, typer.Option(help=N_("ビンタ between every pair (points)."))
    ] = None,
    binta_pair: PairOption = None,
    kubi: Annotated[str | None, typer.Option(help=N_("クビ threshold (default: start)."))] = None,
    shizumi: Annotated[str | None, typer.Option(help=N_("沈みウマ paid to first place."))] = None,
    shizumi_line: Annotated[
        str | None, typer.Option(help=N_("Who pays 沈みウマ: below this (default: return)."))
    ] = None,
    soto: Annotated[
        list[str] | None, typer.Option(help=N_("外ウマ: SPECTATOR:PLAYER. Repeatable."))
    ] = None,
    pool: Annotated[
        list[str] | None,
        typer.Option(help=N_("A spectator in the spectators' pool: SPECTATOR:PLAYER. Repeatable.")),
    ] = None,
    soto_pool: Annotated[
        str | None, typer.Option(help=N_("What spectators in the pool bet (points)."))
    ] = None,
    chips: Annotated[
        str | None, typer.Option(help=N_("Chip counts in seat order, N,N,N,N."))
    ] = None,
    chip_value: Annotated[str | None, typer.Option(help=N_("pt per chip."))] = None,
    tobi: Annotated[str | None, typer.Option(help=N_("飛び賞 paid by a busted player."))] = None,
    tobi_at_zero: Annotated[
        bool | None, typer.Option(help=N_("Exactly 0 points busts too (for 飛び賞)."))
    ] = None,
    busted: Annotated[
        list[str] | None, typer.Option(help=N_("LOSER:WINNER for 飛び賞. Repeatable."))
    ] = None,
    yakitori: Annotated[str | None, typer.Option(help=N_("焼き鳥 paid by non-winners."))] = None,
    winners: Annotated[str | None, typer.Option(help=N_("Players who won a hand, A,B."))] = None,
    rate: Annotated[str | None, typer.Option(help=N_("Money per pt (点5 = 50)."))] = None,
    unit: Annotated[str | None, typer.Option(help=N_("Smallest unit of money."))] = None,
    fee: Annotated[str | None, typer.Option(help=N_("Game fee (場代) in money."))] = None,
    fee_payer: Annotated[str | None, typer.Option(help=N_("each or first."))] = None,
    currency: Annotated[str | None, typer.Option(help=N_("Written after money (円, 원)."))] = None,
    penalty: Annotated[
        list[str] | None,
        typer.Option(help=N_("A penalty after uma: NAME:PT or NAME:PT:REASON. Repeatable.")),
    ] = None,
    chombo: Annotated[
        list[str] | None,
        typer.Option(
            help=N_("A chombo (チョンボ) by NAME, paid in pt as the rules say. Repeatable.")
        ),
    ] = None,
    substitute: Annotated[
        str | None,
        typer.Option(help=N_("A seat played by a substitute: PLAYER:NAME (PLAYER:NAME:later).")),
    ] = None,
    ledger: LedgerOption = None,
    fmt: FormatOption = Format.TABLE,
    lang: LangOption = None,
) -> None:
    language = lang or default_lang()
    options = [
        name
        for param in ctx.command.params  # (--no-… too)
        for name in [*getattr(param, "opts", []), *getattr(param, "secondary_opts", [])]
    ]
    values = parse_points(points, options)
    if players is None and rules is None and len(values) == 3:
        players = 3  # three scores and no rules: a three-player game
    side = _given(
        sou_uma=sou_uma, sou_bashin=sou_bashin, binta=binta, kubi=kubi, shizumi=shizumi,
        shizumi_line=shizumi_line, soto_pool=soto_pool, chip_value=chip_value, tobi=tobi,
        tobi_at_zero=tobi_at_zero, yakitori=yakitori,
    )  # fmt: skip
    stakes = _given(rate=rate, unit=unit, fee=fee, fee_payer=fee_payer, currency=currency)
    resolved = resolve_rules(
        rules, players=players, start=start, return_points=return_points, uma=uma,
        rounding=rounding, ties=ties, side=side, money=stakes,
    )  # fmt: skip
    if len(values) != resolved.players:
        if len(values) not in (3, 4):
            raise SeisanError(
                _n("{count} score given: seisan settles games of 4 or 3 players",
                   "{count} scores given: seisan settles games of 4 or 3 players", "count",
                   count=len(values))
            )  # fmt: skip
        hint: object = [f"--rules {r.name}" for r in presets() if r.players == len(values)]
        hint = hint or f"--players {len(values)}"
        raise SeisanError(
            _("{rules} is for {players} players, got {count} scores (for {count} players: {hint})",
              rules=rules_title(resolved), players=resolved.players, count=len(values),
              hint=hint)
        )  # fmt: skip
    if names is None:
        player_names = [term(f"seat.{seat}", language) for seat in range(len(values))]
    else:
        player_names = [n.strip() for n in names.split(",")]
    _refuse_unused(
        resolved, stakes, side, winners=winners, pool=pool, soto_pool=soto_pool, chips=chips,
        binta_pair=binta_pair, before=(load_rules(rules) if rules else Rules()).side,
    )  # fmt: skip
    bet_data = _given(
        sashi=sashi, bashin=bashin, binta=binta_pair, soto=soto, pool=pool, busted=busted,
        chips=chips.split(",") if chips is not None else None,
        winners=winners.split(",") if winners is not None else None,
    )  # fmt: skip
    player_names = check_names(player_names, resolved.players)
    bets = bets_from_dict(bet_data, player_names, resolved.side)
    try:
        penalties: tuple[Penalty, ...] = ()
        sub = None
        if penalty or substitute is not None:  # the game records' readers, only when asked
            from seisan.games import penalties_from, substitute_from  # noqa: PLC0415

            penalties = penalties_from(list(penalty or []), player_names)
            # the seats named by their winds (no --names): a substitute's seat named by a
            # wind in any language is found as such (“South” in a ja locale, as in
            # English), and no substitute is called by one
            winds = [word for seat in range(4) for word in term_forms(f"seat.{seat}")]
            sub = substitute_from(substitute, player_names, winds if names is None else ())
        penalties += tuple(
            Penalty(_player(name, player_names), resolved.penalties.chombo_pt, "chombo")
            for name in chombo or []
        )
        result = settle_game(values, resolved, player_names, bets, deposits, penalties, sub)
    except PointsTotalError as given:
        err = given.given_with("--deposits N")
        fits = _total_hint(err)
        if fits is None:
            raise err from None
        raise SeisanError(_("{error}; {hint}", error=err.message, hint=fits)) from None
    show_game(result, fmt, language, ledger)


def _player(name: str, names: Sequence[str]) -> int:
    from seisan.sidebets import find_player  # noqa: PLC0415

    return find_player(name, names, Term("record.chombo"))


def _total_hint(err: PointsTotalError) -> Message | None:
    """Which presets (or start points) fit the points that were given, if any."""
    held = err.total + err.on_table
    players = err.rules.players
    fits = [f"--rules {r.name}" for r in presets_for_total(held, players)]
    if held % players == 0 and (held // players) % 100 == 0 and held > 0:
        fits.append(f"--start {held // players}")
    if not fits:
        return None
    return _("these points total {total}: {options}", total=held, options=fits)


def _refuse_unused(
    rules: Rules,
    stakes: dict[str, Any],
    side: dict[str, Any] | None = None,
    *,
    winners: str | None = None,
    pool: list[str] | None = None,
    soto_pool: str | None = None,
    chips: str | None = None,
    binta_pair: list[str] | None = None,
    before: SideRules | None = None,
) -> None:
    """Options that would do nothing are errors, not silently ignored."""
    side = side or {}
    before = before or SideRules()
    if "currency" in stakes and not str(stakes["currency"]).strip():
        raise SeisanError(_("--currency: give what is written after money (円, 원, $)"))
    for key in ("sou_uma", "sou_bashin", "binta", "shizumi", "tobi", "yakitori", "soto_pool"):
        if key in side and not getattr(rules.side, key) and not getattr(before, key):
            option = "--" + key.replace("_", "-")
            raise SeisanError(
                _("{option} 0 does nothing: these rules have none to turn off; give an amount "
                  "above 0", option=option)
            )  # fmt: skip
    if rules.stakes.rate is None:
        for key in ("unit", "fee", "fee_payer", "currency"):
            if key in stakes:
                option = "--" + key.replace("_", "-")
                raise SeisanError(_("{option} needs a rate (--rate)", option=option))
        try:
            rules.stakes.check_paid()
        except RulesError as err:  # a rules file's [money], with no rate to pay it in
            raise SeisanError(
                _("{problem}, in the rules or with --rate", problem=err.message)
            ) from None
    needs = [
        ("winners", winners is not None, rules.side.yakitori, "--yakitori"),
        ("soto-pool", soto_pool is not None, pool, "--pool NAME:PLAYER"),
        ("kubi", "kubi" in side, rules.side.binta or binta_pair or rules.side.binta_pairs,
         "--binta"),
        ("shizumi-line", "shizumi_line" in side, rules.side.shizumi, "--shizumi"),
        # (turned off beside 飛び賞 turned off: --tobi 0 --no-tobi-at-zero)
        ("tobi-at-zero", "tobi_at_zero" in side, rules.side.tobi or before.tobi, "--tobi"),
        ("chip-value", "chip_value" in side, chips is not None, "--chips"),
        ("fee-payer", "fee_payer" in stakes, rules.stakes.fee, "--fee"),
    ]  # fmt: skip
    for option, given, needed, other in needs:
        if given and not needed:
            raise SeisanError(
                _("--{option} does nothing without {other}", option=option, other=other)
            )
    if pool is not None and len(pool) == 1 and rules.side.soto_pool:  # (as --soto-pool
        # with no --pool: a pool of one bets against nobody, and would settle at 0)
        raise SeisanError(
            _("pool: one spectator in the pool has nobody to bet against: give two or more "
              "(--pool NAME:PLAYER)")
        )  # fmt: skip
    rules.check_whole()  # what a rules file gives that does nothing


def _given(**options: Any) -> dict[str, Any]:
    """The options the user gave (those left at None are left out)."""
    return {key: value for key, value in options.items() if value is not None}


@app.command("session", help=SESSION_HELP)
@reports_errors
def session_command(
    files: Annotated[
        list[Path],
        typer.Argument(help=N_("Session files (.toml, .csv, .json) or game records, in order.")),
    ],
    rules: Annotated[
        str | None,
        typer.Option("--rules", "-r", help=N_("Rules for every game (replaces the files').")),
    ] = None,
    rate: Annotated[str | None, typer.Option(help=N_("Money per pt (点5 = 50)."))] = None,
    unit: Annotated[str | None, typer.Option(help=N_("Smallest unit of money."))] = None,
    fee: Annotated[str | None, typer.Option(help=N_("Game fee (場代) in money."))] = None,
    fee_payer: Annotated[str | None, typer.Option(help=N_("each or first."))] = None,
    currency: Annotated[str | None, typer.Option(help=N_("Written after money (円, 원)."))] = None,
    chart: Annotated[bool, typer.Option(help=N_("Draw the cumulative totals."))] = True,
    every: Annotated[
        bool,
        typer.Option("--all", help=N_("Show every game of a long session, not the last ones.")),
    ] = False,
    ledger: LedgerOption = None,
    fmt: FormatOption = Format.TABLE,
    lang: LangOption = None,
) -> None:
    from seisan.session import load_session  # noqa: PLC0415 - only this command reads sessions

    language = lang or default_lang()
    given = load_rules(rules) if rules is not None else None
    with _season_collector():
        session = load_session(files, given)
        stakes = _given(rate=rate, unit=unit, fee=fee, fee_payer=fee_payer, currency=currency)
        if stakes:
            with _options_named({"money": stakes}):
                session = replace(session, rules=Rules.from_dict({"money": stakes}, session.rules))
        _refuse_unused(session.rules, stakes)
        result = session.settle()
        for file, encoding in session.read_as:
            err_line("seisan: " + read_as(file, encoding).text(language))
        show_session(result, fmt, language, chart=chart,
                     ledger_form=ledger or LedgerForm.FEWEST, every=every)  # fmt: skip


LONG = 200
"""Sessions of more games than this are written as compact JSON."""

LONG_TABLE = 50
"""A session of more games than this shows only its last :data:`LAST_GAMES` in its tables
(``--all``: every one). Drawing 10,000 rows twice took 27 s, and no one reads them on
a terminal; the standings, the chart and the ledger cover every game."""

LAST_GAMES = 20


def show_session(
    result: "SessionResult",
    fmt: Format,
    lang: Lang,
    *,
    chart: bool,
    ledger_form: LedgerForm,
    every: bool = False,
) -> None:
    """Print a settled session in ``fmt``: standings, every game (the last ones of a long
    session), the running totals, a chart and the ledger."""
    rules = result.session.rules
    if fmt is Format.JSON:  # a season of games is read by programs: one line, fast
        indent = 2 if len(result.games) <= LONG else None
        data = result.to_dict(text_rows=indent is None)  # (rows as text: written compact)
        emit(out, fmt, data=data, csv_text="", sheet=None, indent=indent)
        return
    people = result.ranked()
    per_game = result.per_game()
    running = result.running()
    totals = result.totals()
    amounts = result.money()
    fees = result.fees()
    if fmt is Format.CSV:
        csv_rows: list[list[object]] = [
            [label, name, _maybe(per_game[name][i]), pt_value(running[name][i]), "", ""]
            for i, label in enumerate(result.labels())
            for name in result.people()
        ]
        csv_rows += [  # then a "total" row a person, with money and fees
            ["total", name, pt_value(totals[name]), pt_value(totals[name]),
             _maybe(amounts[name]) if amounts is not None else "",
             _maybe(fees.get(name)) if fees else ""]
            for name in result.people()
        ]  # fmt: skip
        columns = ["game", "name", "total", "running", "money", "fees"]
        emit(out, fmt, data=None, csv_text=dumps_csv(columns, csv_rows), sheet=None)
        return
    values = [v for row in per_game.values() for v in row if v is not None]
    decimals = _decimals(values)
    title = result.session.title or rules_title(rules, lang)
    placed = result.places()
    standings = [
        [str(placed[name]), name, str(result.played(name)), _pt(totals[name], rules, decimals)]
        + ([_money_text(amounts[name], rules.stakes)] if amounts is not None else [])
        for name in people
    ]
    headers = [term(c, lang) for c in ("place", "name", "played", "total")]
    headers += [term("money", lang)] if amounts is not None else []
    emit(
        out,
        fmt,
        data=None,
        csv_text="",
        sheet=table(title, headers, standings, right=(0, 2, 3, 4)),
        note=rules_caption(rules, lang),
    )
    right = tuple(range(1, len(people) + 1))

    def cell(value: Fraction | None) -> str:
        return "" if value is None else _pt(value, rules, decimals)

    labels = result.labels()
    hidden = 0 if every or len(labels) <= LONG_TABLE else len(labels) - LAST_GAMES
    shown_games = list(enumerate(labels))[hidden:]
    game_rows = [[label, *(cell(per_game[n][i]) for n in people)] for i, label in shown_games]
    games = table(term("game", lang), [term("game", lang), *people], game_rows, right=right)
    running_rows = [
        [label, *(_pt(running[n][i], rules, decimals) for n in people)] for i, label in shown_games
    ]
    steps = table(term("running", lang), [term("game", lang), *people], running_rows, right=right)
    limit = display_width(out())
    games.print(out())
    steps.print(out())
    if hidden:
        out().print(_n("The {hidden} game before these is not shown (--all shows every game).",
                       "The {hidden} games before these are not shown (--all shows every game).",
                       "hidden", hidden=hidden).text(lang), markup=False)  # fmt: skip
    for line in _session_notes(result, rules, lang):
        out().print(line, markup=False)
    from seisan.charts import MARKERS, cumulative_chart  # noqa: PLC0415 - plotext when drawn

    if chart and len(people) <= len(MARKERS):
        width = min(max(limit or 100, 40), 100)
        shown = list(people)
        title = term("chart", lang)
        if len(people) > CHART_LINES:  # more lines than an eye tells apart: the ends
            half = CHART_LINES // 2
            shown = [*people[:half], *people[-half:]]
            title = _("{chart}: the {best} best and {worst} worst of {players}", chart=title,
                      best=half, worst=half, players=len(people)).text(lang)  # fmt: skip
        ordered = {name: running[name] for name in shown}
        out().print(cumulative_chart(ordered, title, width=width), markup=False)
    show_ledger(result, ledger_form, rules, lang)


def _session_notes(result: "SessionResult", rules: Rules, lang: Lang) -> list[str]:
    """One line per penalty and substitute of the session, under the games."""
    lines = []
    for label, game in zip(result.labels(), result.games, strict=True):
        settlement = game.settlement
        for penalty in settlement.penalties:
            reason = term("chombo", lang) if penalty.reason == "chombo" else penalty.reason
            lines.append(
                _("game {label}: {name} {pt} ({reason})", label=label,
                  name=settlement.names[penalty.seat],
                  pt=_pt(-penalty.pt, rules, _decimals([penalty.pt])),
                  reason=reason or term("part.penalty", lang)).text(lang)
            )  # fmt: skip
        sub = settlement.substitute
        if sub is not None:
            who = term("substitute.by", lang, name=settlement.names[sub.seat], by=sub.name)
            lines.append(_("game {label}: {who}", label=label, who=who).text(lang))
    for penalty in result.session_penalties:
        reason = term("chombo", lang) if penalty.reason == "chombo" else penalty.reason
        lines.append(
            _("session: {name} {pt} ({reason})", name=result.people()[penalty.seat],
              pt=_pt(-penalty.pt, rules, _decimals([penalty.pt])),
              reason=reason or term("part.penalty", lang)).text(lang)
        )  # fmt: skip
    return lines


def _maybe(value: Fraction | None) -> object:
    return "" if value is None else pt_value(value)


@app.command(
    "serve", help=N_("Run the web app for clubs (needs the web extra: pip install 'seisan[web]').")
)
@reports_errors
def serve_command(
    host: Annotated[
        str, typer.Option(help=N_("Address to listen on (0.0.0.0: the whole LAN)."))
    ] = "127.0.0.1",
    port: Annotated[int, typer.Option(help=N_("Port to listen on."))] = 8000,
    db: Annotated[
        str | None,
        typer.Option(
            metavar=N_("<path>"), help=N_("SQLite database file (default: your data folder).")
        ),
    ] = None,  # (as typed: a Path drops the end of “data/”, a folder)
    demo: Annotated[
        Path | None, typer.Option(help=N_("Load a demo club from this folder of examples."))
    ] = None,
    owner: Annotated[
        str, typer.Option(help=N_("Email of the first (owner) account."))
    ] = "owner@localhost",
    workers: Annotated[int, typer.Option(help=N_("Worker processes."))] = 2,
    owner_link: Annotated[
        bool,
        typer.Option(
            "--owner-link", help=N_("Print a new one-time sign-in link for the owner, and stop.")
        ),
    ] = False,
    lang: LangOption = None,
) -> None:
    from seisan.web.serve import missing_modules  # noqa: PLC0415 - imports no Django

    missing = missing_modules()
    if missing:
        fail(_("the web app needs its extra ({missing} not installed): pip install "
               "'seisan[web]'", missing=list(missing)))  # fmt: skip
    _owner_email(owner)
    if demo is not None and not (demo / "club.toml").is_file():
        fail(_("--demo: {folder} has no club.toml", folder=demo))
    if not 1 <= port <= 65535:
        fail(_("--port {port}: give a port from 1 to 65535", port=port))
    if not 1 <= workers <= MAX_WORKERS:  # (gunicorn forks as many as asked, and stops
        # on nothing: 10^20 filled the memory)
        fail(_("--workers {workers}: give 1 to {most}", workers=workers, most=MAX_WORKERS))
    from seisan.web.serve import check_database_url  # noqa: PLC0415 - imports no Django

    url = os.environ.get("DATABASE_URL")  # (what Django reads, when it is not empty)
    if url and db is not None:
        fail(_("--db and DATABASE_URL name two databases: give one of them"))
    if url:
        check_database_url(url)
    database = None
    if db is not None:
        database = _database_file(db, "--db")
    elif not url and os.environ.get("SEISAN_DB"):  # (checked as --db is: helper-60)
        database = _database_file(os.environ["SEISAN_DB"], "SEISAN_DB")
    if not owner_link:
        _can_listen(host, port)
    from seisan.web.serve import run  # noqa: PLC0415 - Django only for this command

    ordinary_collector()
    run(host, port, database, demo, owner, workers, owner_link)


OWNER_LONGEST = 150
"""The longest ``--owner`` (the account's user name is its email: Django keeps 150)."""


def _owner_email(typed: str) -> None:
    """Refuse an ``--owner`` that is no email address: nothing was Django's traceback,
    and “not an email” an owner who could never sign in “with the email above”."""
    from django.core.exceptions import ValidationError  # noqa: PLC0415
    from django.core.validators import validate_email  # noqa: PLC0415

    try:
        validate_email(typed)
    except ValidationError:
        fail(_("--owner “{email}”: give an email address", email=typed))
    if len(typed) > OWNER_LONGEST:
        fail(_("--owner: an email address of at most {most} characters", most=OWNER_LONGEST))


def _database_file(typed: str, option: str) -> Path:
    """``--db`` (or ``SEISAN_DB``) as the file it names (``~`` expanded, the path made
    whole), refused when it names a folder: ``data/``, ``data/.``, ``..``, ``~`` (which
    the web app would have made the owner's alone, chmod 600, then failed on:
    helper-59), a link to itself, or something that is not an SQLite file."""
    if not typed.strip():
        fail(_("{option} needs a value, not nothing", option=option))
    expanded = os.path.expanduser(typed)
    last = expanded.replace(os.sep, "/").rsplit("/", 1)[-1]
    try:
        path = Path(expanded).resolve()
    except (OSError, RuntimeError):  # (a link that leads to itself: helper-60)
        fail(_("{option} {path}: a link that leads back to itself", option=option, path=typed))
    if last in ("", ".", "..") or path.is_dir():
        fail(_("{option} {path}: a folder, not a database file", option=option, path=typed))
    if path.exists() and not (path.is_file() and _sqlite_or_empty(path)):  # (/dev/null too)
        fail(_("{option} {path}: not an SQLite database (give a new file's name to make one)",
               option=option, path=typed))  # fmt: skip
    return path


def _sqlite_or_empty(path: Path) -> bool:
    """Whether ``path`` holds an SQLite database (its header) or nothing yet (a file of
    any other bytes ended in Django's traceback)."""
    with path.open("rb") as file:
        head = file.read(16)
    return not head or head == b"SQLite format 3\x00"


MAX_WORKERS = 64
"""The most worker processes ``seisan serve`` starts (two or three a core serve best)."""


def _can_listen(host: str, port: int) -> None:
    """Refuse, before anything is set up, an address that cannot be listened on (a
    host that is not this machine's, a port in use or not ours to take)."""
    import socket  # noqa: PLC0415

    try:
        found = socket.getaddrinfo(host, port, type=socket.SOCK_STREAM)
    except (OSError, UnicodeError):
        fail(_("--host {host}: no such address", host=host))
    family, kind, proto, _name, address = found[0]
    with socket.socket(family, kind, proto) as probe:
        probe.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        try:
            probe.bind(address)
        except OSError as err:
            import errno  # noqa: PLC0415

            if err.errno == errno.EADDRINUSE:
                fail(_("port {port} is in use; give another with --port", port=port))
            if err.errno == errno.EACCES:
                fail(_("port {port} needs administrator rights; give one above 1023 with "
                       "--port", port=port))  # fmt: skip
            fail(_("--host {host}: this machine cannot listen there", host=host))


@app.command("hand", help=N_("What one winning hand pays: from han and fu, or from the tiles."))
@reports_errors
def hand_command(
    han: Annotated[int | None, typer.Option(help=N_("Han of yaku and dora."))] = None,
    fu: Annotated[int | None, typer.Option(help=N_("Fu (standard and exact systems)."))] = None,
    yakuman: Annotated[int, typer.Option(help=N_("Yakuman count (2 for a double)."))] = 0,
    ankan: Annotated[int, typer.Option(help=N_("Concealed kans (30fu: a han each)."))] = 0,
    dealer: Annotated[
        bool | None, typer.Option(help=N_("The winner is the dealer (with --tiles: sits East)."))
    ] = None,
    system: Annotated[str | None, typer.Option(help=N_("standard, 30fu, gorin or exact."))] = None,
    kiriage: Annotated[bool | None, typer.Option(help=N_("切り上げ満貫."))] = None,
    kazoe: Annotated[str | None, typer.Option(help=N_("13+ han: yakuman or sanbaiman."))] = None,
    variant: Annotated[
        bool | None, typer.Option(help=N_("30fu: 五翻 4000/6000 and 六翻 8000/12000 for ron."))
    ] = None,
    double_yakuman: Annotated[
        bool | None, typer.Option(help=N_("Tiles: may one yaku count double yakuman?"))
    ] = None,
    composite_yakuman: Annotated[
        bool | None, typer.Option(help=N_("Tiles: do two yakuman in one hand add up?"))
    ] = None,
    players: Annotated[int, typer.Option(help=N_("4, or 3 for a three-player tsumo."))] = 4,
    sanma: Annotated[
        str | None, typer.Option(help=N_("Three players: tsumo-loss or split-north."))
    ] = None,
    honba: Annotated[int, typer.Option(help=N_("本場 counters on the table."))] = 0,
    rules: Annotated[
        str | None, typer.Option("--rules", "-r", help=N_("Take the scoring of these rules."))
    ] = None,
    tiles: Annotated[
        str | None,
        typer.Option(help=N_("All 14 tiles, winning tile included: 234m567p11s345678s.")),
    ] = None,
    win: Annotated[str | None, typer.Option(help=N_("The winning tile: 8s."))] = None,
    tsumo: Annotated[bool, typer.Option(help=N_("Won by self-draw."))] = False,
    riichi: Annotated[bool, typer.Option(help=N_("Riichi was declared."))] = False,
    dora: Annotated[str, typer.Option(help=N_("Dora indicators: 1m5z."))] = "",
    ura: Annotated[str, typer.Option(help=N_("Ura-dora indicators."))] = "",
    melds: Annotated[
        list[str] | None,
        typer.Option("--meld", help=N_("chi:123m, pon:555z, kan:1111p, ankan:9999s.")),
    ] = None,
    seat_wind: Annotated[str | None, typer.Option(help=N_("E, S, W or N."))] = None,
    round_wind: Annotated[str, typer.Option(help=N_("E, S, W or N."))] = "E",
    fmt: FormatOption = Format.TABLE,
    lang: LangOption = None,
) -> None:
    from seisan.hands import MAX_COUNT, hand_value, three_player_tsumo  # noqa: PLC0415
    from seisan.rules import Scoring  # noqa: PLC0415

    language = lang or default_lang()
    loaded = load_rules(rules) if rules is not None else None
    base = loaded.scoring if loaded is not None else Scoring()
    changes = _given(
        system=system, kiriage=kiriage, kazoe=kazoe, thirty_fu_variant=variant,  # (--no-… too)
        double_yakuman=double_yakuman, composite_yakuman=composite_yakuman, sanma_tsumo=sanma,
    )  # fmt: skip
    if kiriage is False:  # (no 切り上げ満貫 at all: the dealer-only one of 最高位戦 too)
        changes["kiriage_dealer"] = False
    scoring = Scoring.from_dict(changes, base)
    said = {  # an option the point system never reads (Scoring.unread says which)
        "kiriage": (kiriage, _("--kiriage does nothing under the {system} system",
                               system=Term(f"system.{scoring.system.value}"))),
        "thirty_fu_variant": (variant, _("--variant is for the 30fu system: give --system 30fu")),
        "kazoe": (kazoe is not None,
                  _("--kazoe does nothing under the {system} system (11 han is 超満)",
                    system=Term(f"system.{scoring.system.value}"))),
    }  # fmt: skip
    for name, _problem in scoring.unread():
        if name in said and said[name][0]:
            raise SeisanError(said[name][1])
    if players not in (3, 4):
        raise SeisanError(_("--players {players}: 4 or 3", players=players))
    if sanma is not None and players != 3:
        raise SeisanError(_("--sanma is for three players: give --players 3"))
    if not 0 <= honba <= MAX_COUNT:
        raise SeisanError(
            _("--honba {honba} must be from 0 to {most}", honba=honba, most=MAX_COUNT)
        )
    data: dict[str, Any] = {}
    found_yakuman = 0
    if tiles is not None or win is not None:
        if tiles is None or win is None:
            raise SeisanError(_("give both --tiles (all 14) and --win (the winning tile)"))
        if han is not None or fu is not None or yakuman or ankan:
            raise SeisanError(_("give either --tiles or --han/--fu, not both"))
        if ura and not riichi:  # (as a record's ura with no riichi winner is refused)
            raise SeisanError(_("--ura does nothing without --riichi"))
        from seisan.tiles import score_tiles  # noqa: PLC0415 - optional module

        found = score_tiles(
            tiles, win, tsumo=tsumo, riichi=riichi, dealer=dealer, seat_wind=seat_wind,
            round_wind=round_wind, dora=dora, ura=ura, melds=melds or (), scoring=scoring,
            players=players,
        )  # fmt: skip
        value = found.value
        found_yakuman = found.yakuman
        data = {"yaku": list(found.yaku), "han": found.han, "fu": found.fu}
        local_yaku = found.yaku_names(language.value)
    else:
        if han is None and not yakuman:
            raise SeisanError(_("give --han (and --fu), --yakuman, or --tiles and --win"))
        tile_options = {"--round-wind": round_wind != "E", "--seat-wind": seat_wind,
                        "--dora": dora, "--ura": ura, "--meld": melds, "--riichi": riichi,
                        "--tsumo": tsumo}  # fmt: skip
        for option, given in tile_options.items():
            if given:
                raise SeisanError(_("{option} does nothing without --tiles", option=option))
        for option, given in (("--double-yakuman", double_yakuman),
                              ("--composite-yakuman", composite_yakuman)):  # fmt: skip
            if given is not None:
                raise SeisanError(
                    _("{option} / --no-{flag} decide how --tiles count; with --yakuman give "
                      "the count the rules allow", option=option, flag=option[2:])
                )  # fmt: skip
        for unread, given_too in (("--fu", fu is not None), ("--ankan", ankan > 0)):
            if yakuman and given_too:  # (a yakuman's value is fixed: they had gone unread)
                raise SeisanError(_("{option} does nothing with --yakuman", option=unread))
        value = hand_value(han or 0, fu, bool(dealer), scoring, yakuman=yakuman, ankan=ankan)
    if players == 3:
        value = three_player_tsumo(value, scoring)
    value = value.with_honba(honba, scoring.honba, scoring.tsumo_honba)
    data |= value.to_dict()
    if value.limit:
        data["limit"] = value.limit
        if value.times > 1:
            data["yakuman"] = value.times
    rows = [[term("ron", language), "-" if value.ron is None else str(value.ron)]]
    if value.tsumo_non_dealer is None:
        rows.append([term("tsumo", language), "-"])
    elif value.tsumo_dealer is None:  # the dealer's (told by --seat-wind E too): all pay it
        rows.append([term("tsumo", language), f"{value.tsumo_non_dealer} {term('all', language)}"])
    else:
        rows.append([term("tsumo", language), f"{value.tsumo_non_dealer}/{value.tsumo_dealer}"])
    title = term("system." + scoring.system.value, language)
    if "yaku" in data:
        # (4翻20符, 4판 20부: as players write); a yakuman is no count of han (its limit
        # says it), and the 30-fu base and 五輪 count no fu of the hand
        if found_yakuman:
            title += f": {render(local_yaku, language)}"
        else:
            counted = scoring.system in (PointSystem.STANDARD, PointSystem.EXACT)
            han_fu = (_("{han} han {fu} fu", han=data["han"], fu=data["fu"]) if counted
                      else _("{han} han", han=data["han"])).text(language)  # fmt: skip
            title += f": {render(local_yaku, language)} ({han_fu})"
    if value.limit:
        rows.append([term("limit", language), value.limit_text(language)])
    # for programs: one row of the JSON's values, each payment its own number (the
    # table's "1000/2000" and "-" are for people)
    tsumo_pays = data["tsumo"] or {}
    csv_row = [data.get("han", han), data.get("fu", fu), value.ron, tsumo_pays.get("non_dealer"),
               tsumo_pays.get("dealer"), data.get("limit"), data.get("yakuman")]  # fmt: skip
    csv_columns = ["han", "fu", "ron", "tsumo_non_dealer", "tsumo_dealer", "limit", "yakuman"]
    emit(
        out,
        fmt,
        data=data,
        csv_text=dumps_csv(csv_columns, [csv_row]),
        sheet=table(title, [term("win", language), term("pays", language)], rows, right=(1,)),
    )


@app.command("game", help=GAME_HELP)
@reports_errors
def game_command(
    file: Annotated[Path, typer.Argument(help=N_("A game record (.json)."))],
    rules: Annotated[
        str | None, typer.Option("--rules", "-r", help=N_("Play under these rules instead."))
    ] = None,
    fmt: FormatOption = Format.TABLE,
    lang: LangOption = None,
) -> None:
    from seisan.games import load_record, round_label  # noqa: PLC0415

    language = lang or default_lang()
    record = load_record(file, load_rules(rules) if rules is not None else None)
    record.rules.check_whole()  # no --rate here: money with no rate is refused
    played = record.play()
    if rules is None:  # (under other rules a stop the record says may be read, or not)
        played.check_claims()
    assert played.settlement is not None
    names = list(record.names)
    if fmt is Format.JSON:
        emit(out, fmt, data=played.to_dict(), csv_text="", sheet=None)
        return
    rows = [
        [
            str(line.number),
            round_label(line.round, line.honba, language),
            line.summary.text(language),
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
        [line.number, line.round, line.honba, line.summary.text(language), names[seat],
         line.deltas[seat], line.points[seat], line.deposits_after, "", ""]
        for line in played.lines
        for seat in range(len(names))
    ]  # fmt: skip
    csv_rows += [
        ["final", "", "", played.ended.text(language), r.name, "", r.points, played.leftover,
         r.place, pt_value(r.score)]
        for r in played.settlement
    ]  # fmt: skip
    title = record.title or rules_title(record.rules, language)
    emit(
        out,
        fmt,
        data=None,
        csv_text=dumps_csv(csv_columns, csv_rows),
        sheet=table(title, columns, rows, right=tuple(range(3, len(columns))), wrap=(2,)),
        note=f"{term('ended', language)}: {played.ended.text(language)}",
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
        uma_text(rules, lang, brief=True),
        rules.rounding.label(lang),
        rules.ties.label(lang),
    ]


@rules_app.command("list", help=N_("List the presets."))
@reports_errors
def rules_list(fmt: FormatOption = Format.TABLE, lang: LangOption = None) -> None:
    language = lang or default_lang()
    items = presets()
    columns = ["preset", "title", "players", "start/return", "uma", "rounding", "ties"]
    rows = [_rules_summary(r, language) for r in items]
    emit(
        out,
        fmt,
        data=[r.to_dict() for r in items],
        csv_text=dumps_csv(columns, rows),
        sheet=table(
            term("rules", language),
            [term(c, language) for c in columns],
            rows,
            right=(2,),
            wrap=(1, 4, 5, 6),
        ),
    )


@rules_app.command("show", help=N_("Show one preset (or rules file) resolved, with its source."))
@reports_errors
def rules_show(
    name: Annotated[str, typer.Argument(help=N_("A preset name or a house-rules .toml file."))],
    fmt: FormatOption = Format.TABLE,
    lang: LangOption = None,
) -> None:
    language = lang or default_lang()
    rules = load_rules(name)
    rows = [
        [term("preset", language), rules.name],
        [term("title", language), rules.title(language)],
        [term("players", language), str(rules.players)],
        [term("start", language), str(rules.start)],
        [term("return", language), str(rules.return_points)],
        [term("oka", language), format_score(rules.oka)],
        [term("uma", language), uma_text(rules, language)],
        [term("rounding", language), rules.rounding.label(language)],
        [term("ties", language), rules.ties.label(language)],
        [term("deposits", language), rules.deposits.label(language)],
        [term("zero", language), rules.zero.value],
    ]
    if rules.origin:
        title = _("Rules from {file}", file=Path(rules.origin).name).text(language)
        if rules.extends:
            title += " " + _("(extends {preset})", preset=rules.extends).text(language)
        rows[0] = [term("preset", language), rules.extends or "-"]
    else:
        title = rules.title(language)
    data = rules.to_dict()
    for key in ("side", "money", "scoring", "game", "penalties"):
        for field, value in data.get(key, {}).items():
            path = f"{key}.{field}"
            rows.append([rule_field(path, language), rule_value(path, value, language)])
    if rules.aliases:
        rows.append([term("aliases", language), render(list(rules.aliases), language)])
    for note in rules.note_texts(language):
        rows.append([term("notes", language), note])
    sources = []
    for source in rules.sources:
        sources.append([term("source", language), source.title_in(language)])
        if source.url:
            sources.append(["", source.url])
        if source.notes:  # the project's own words, in the reader's language
            sources.append(["", source.note_in(language)])
        elif source.note:  # a passage quoted as the source wrote it
            sources.append(["", f"「{source.note}」"])
    # shown whole, with what a command given them would refuse (a rate may come from
    # --rate: said, not refused, here)
    for path, value, problem in rules.idle():
        said = _("note: {field} = {value}: {problem}", field=path, value=value, problem=problem)
        err_line("seisan: " + said.text(language))
    emit(
        out,
        fmt,
        data=data,
        csv_text=dumps_csv(
            ["field", "value"], [[f, "" if v == "-" else v] for f, v in rows] + sources
        ),  # (no preset: an empty cell, not the table's "-")
        sheet=table(
            title,
            [term("field", language), term("value", language)],
            rows,
            wrap=(1,),
            keyed=True,
        ),
    )
    if fmt is Format.TABLE:  # below the table: an address is never folded
        from rich.text import Text  # noqa: PLC0415

        width = display_width(out()) or PIPE_WIDTH
        from rich.cells import cell_len  # noqa: PLC0415

        for label, text in sources:
            head = f"{label}: " if label else "    "
            for index, line in enumerate(wrap_cells(text, max(width - cell_len(head), 20))):
                shown = (head if index == 0 else " " * cell_len(head)) + line
                out().print(Text(shown), no_wrap=True, crop=False, overflow="ignore")


def _argv_lang(argv: Sequence[str]) -> Lang | None:
    """The language asked for on the command line (``--lang ja``), if any."""
    for index, arg in enumerate(argv):
        value = None
        if arg == "--lang" and index + 1 < len(argv):
            value = argv[index + 1]
        elif arg.startswith("--lang="):
            value = arg.partition("=")[2]
        if value in {lang.value for lang in Lang}:
            return Lang(value)
    return None


CLICK_WORDS = (N_("Usage:"), N_("Options"), N_("Arguments"), N_("Commands"),
               N_("default: {default}"), N_("required"), N_("Show this message and exit."),
               N_("(dynamic)"), N_("env var: {var}"), N_("[OPTIONS]"),
               N_("COMMAND [ARGS]..."))  # fmt: skip
"""Click's and Typer's own words in help screens, in our catalogue."""


TYPES = {"str": N_("<text>"), "int": N_("<whole number>"), "path": N_("<path>"),
         "float": N_("<number>"), "int range": N_("<whole number>")}  # fmt: skip
"""What an option takes, as its help shows it (Typer's own: <str>, <int>)."""


@contextmanager
def _click_speaks() -> Iterator[None]:
    """Help headings (Usage:, Options, [required]) in the language of the moment, for
    one run of ``main``: Click and Typer look their words up through
    :func:`gettext.gettext`, bound in each module as ``_``, and Typer's own Click
    writes "Usage:" and the --help line without it. Everything is put back after, so
    nothing leaks into the next run in the same process."""
    import importlib  # noqa: PLC0415
    import shutil  # noqa: PLC0415

    from seisan.output import wrap_cells  # noqa: PLC0415

    def cell_len(text: str) -> int:  # (Rich only when help is laid out, not every run)
        from rich.cells import cell_len  # noqa: PLC0415

        return cell_len(text)

    saved: list[tuple[object, str, object]] = []

    def patch(owner: object, name: str, value: object) -> None:
        saved.append((owner, name, getattr(owner, name)))
        setattr(owner, name, value)

    def words(text: str) -> str:
        return translate(text)

    def wrap_text(
        text: str,
        width: int = 78,
        initial_indent: str = "",
        subsequent_indent: str = "",
        preserve_paragraphs: bool = False,
    ) -> str:
        """Click's wrap by terminal cells (a CJK character is two), never in a word."""
        room = max(width - max(cell_len(initial_indent), cell_len(subsequent_indent)), 20)
        paragraphs = re.split(r"\n\s*\n", text) if preserve_paragraphs else [text]
        out = []
        for paragraph in paragraphs:
            # Click's "[default: 4]" after the help: kept whole, on the last line or its own
            body, _space, extra = " ".join(paragraph.split()).rpartition(" [")
            if not body or not extra.endswith("]") or "[" in extra:
                body, extra = " ".join(paragraph.split()), ""
            lines = wrap_cells(body, room)
            if extra:
                extra = "[" + extra
                if cell_len(lines[-1]) + 1 + cell_len(extra) <= room:
                    lines[-1] += " " + extra
                else:
                    lines += wrap_cells(extra, room)
            out.append("\n".join((subsequent_indent if i else initial_indent) + line
                                 for i, line in enumerate(lines)))  # fmt: skip
        return "\n\n".join(out)

    try:
        # Typer carries its own copy of Click (typer._click); plain Click for older Typers
        # (importing plain Click beside Typer's own costs the start of every command)
        try:
            importlib.import_module("typer._click")
            clicks = ("typer._click.core", "typer._click.decorators", "typer._click.formatting")
        except ImportError:
            clicks = ("click.core", "click.decorators", "click.formatting")
        for name in ("typer.core", *clicks):
            try:
                module = importlib.import_module(name)
            except ImportError:
                continue
            if hasattr(module, "_"):
                patch(module, "_", words)
        try:
            from typer._click import core, formatting  # noqa: PLC0415
        except ImportError:
            yield
            return

        class Formatter(core.HelpFormatter):  # type: ignore[misc,name-defined]
            def __init__(self, indent_increment: int = 2, width: int | None = None,
                         max_width: int | None = None) -> None:  # fmt: skip
                super().__init__(indent_increment, width, max_width)
                if width is None and formatting.FORCED_WIDTH is None:  # not Click's floor
                    # of 50 columns: a narrow terminal gets lines it can show
                    columns = shutil.get_terminal_size().columns
                    self.width = max(min(columns, max_width or 80) - 2, 20)

            def write_usage(self, prog: str, args: str = "", prefix: str | None = None) -> None:
                start = len(self.buffer)
                super().write_usage(prog, args, prefix or words("Usage:") + " ")
                # (Click leaves a space where a narrow screen breaks the line)
                self.buffer[start:] = [re.sub(r" +\n", "\n", "".join(self.buffer[start:]))]

            def write_dl(self, rows: Any, col_max: int = 30, col_spacing: int = 2) -> None:
                """Options beside their help where the help has room; on a narrow
                screen each help under its option, so no line is wider than the
                screen (Click would keep ten columns for it, however narrow)."""
                rows = list(rows)
                first = min(max((cell_len(term) for term, _text in rows), default=0), col_max)
                if self.width - self.current_indent - first - col_spacing >= 24:
                    super().write_dl(rows, col_max, col_spacing)
                    return
                indent = " " * self.current_indent
                for term, text in rows:  # (an option wider than the screen: at its spaces)
                    self.write(wrap_text(term, self.width, indent, indent + "  ") + "\n")
                    if text:
                        inner = indent + "    "
                        self.write(wrap_text(text, self.width, inner, inner) + "\n")

        plain_help_option = core.Command.get_help_option

        def help_option(self: Any, ctx: Any) -> Any:
            option = plain_help_option(self, ctx)
            if option is not None and option.help == "Show this message and exit.":
                option.help = words(option.help)
            return option

        def describe_range(self: Any) -> str:
            """A number option's range in words (Click writes ``x>=0``)."""
            return str(_Range(self))

        from typer._click import types  # noqa: PLC0415

        patch(types.IntRange, "_describe_range", describe_range)
        patch(formatting, "wrap_text", wrap_text)
        patch(formatting, "term_len", cell_len)  # columns by terminal cells
        patch(core.Context, "formatter_class", Formatter)
        patch(core.Command, "get_help_option", help_option)
        yield
    finally:
        for owner, name, value in reversed(saved):
            setattr(owner, name, value)


ARGUMENT_NAMES = {"points": N_("points"), "files": N_("files"), "file": N_("file"),
                  "name": N_("rules name"), "source": N_("input file"),
                  "players": N_("players")}  # fmt: skip
"""The commands' arguments as their help names them (Typer writes the code's name)."""


def _translate_help(command: Any, lang: Lang) -> None:
    """Put every help text of the command tree into ``lang``."""
    if getattr(command, "help", None):
        command.help = translate(command.help, lang)
        # a command's line in its group's list: its first sentence, whole (Click cuts a
        # sentence at a space it looks for, and a Japanese one has none: "...")
        if not getattr(command, "short_help", None):
            first = re.match(r"(.+?(?:。|[.!?](?=\s|$)))", " ".join(command.help.split()))
            line = first[1] if first else command.help
            if len(line) > 100:  # a long sentence: up to its colon, where it lists
                head = re.match(r"(.+?)(?::|：)\s", line)
                line = head[1] + ("。" if "。" in line else ".") if head else line
            command.short_help = line
    if getattr(command, "options_metavar", None) == "[OPTIONS]":
        command.options_metavar = translate("[OPTIONS]", lang)
    if getattr(command, "subcommand_metavar", None):
        command.subcommand_metavar = translate(command.subcommand_metavar, lang)
    for param in getattr(command, "params", []):
        if getattr(param, "help", None):
            param.help = translate(param.help, lang)
        kind = getattr(getattr(param, "type", None), "name", "")
        if type(param).__name__ == "TyperOption" and param.metavar is None and kind in TYPES:
            param.metavar = translate(TYPES[kind], lang)
        elif type(param).__name__ == "TyperOption" and param.metavar in TYPES.values():
            param.metavar = translate(param.metavar, lang)  # (an option read by a parser)
        named = ARGUMENT_NAMES.get(getattr(param, "name", ""))
        if type(param).__name__ == "TyperArgument" and lang is not Lang.EN and named:
            param.metavar = translate(named, lang) + ("..." if param.nargs != 1 else "")
    for sub in getattr(command, "commands", {}).values():
        _translate_help(sub, lang)


ARGUMENTS = {
    "points": N_("the final points"),
    "name": N_("a preset name or a rules file"),
    "files": N_("a file to read"),
    "file": N_("the game record"),
    "source": N_("the input file"),
    "players": N_("a list of the players"),
}
"""The commands' arguments, as an error says they are missing."""


class _GivenTwice(TyperException):
    """An option that takes one value given more than once: Click keeps the last in
    silence (``--winners A --winners B`` had charged A 焼き鳥)."""

    exit_code = 2

    def __init__(self, option: str) -> None:
        super().__init__(option)
        self.option = option


def _each_option_once(command: Any) -> None:
    """Every command of the tree refuses an option of one value given twice (the list
    options, ``--sashi`` and the like, add up; a flag given twice says the same)."""
    make_parser = command.make_parser

    def once(ctx: Any) -> Any:
        parser = make_parser(ctx)
        parse = parser.parse_args

        def parse_args(args: list[str]) -> Any:
            opts, rest, order = parse(args)
            seen: set[int] = set()
            for param in order:  # (a lone flag twice says it once: left alone)
                if type(param).__name__ != "TyperOption" or param.multiple or param.count:
                    continue
                if param.is_flag and not param.secondary_opts:
                    continue
                if id(param) in seen:  # (a pair of flags by both its names)
                    raise _GivenTwice("/".join([max(param.opts, key=len),
                                                *param.secondary_opts[:1]]))  # fmt: skip
                seen.add(id(param))
            return opts, rest, order

        parser.parse_args = parse_args
        return parser

    command.make_parser = once
    for sub in getattr(command, "commands", {}).values():
        _each_option_once(sub)


def _usage_message(err: Exception, argv: Sequence[str] = ()) -> Message:
    """A usage error (Click's, English) in the user's words. Typer's Click is private,
    so errors are told apart by their class names and attributes."""
    if isinstance(err, _GivenTwice):
        return _("{option} is given twice: give it once", option=err.option)
    kind = type(err).__name__
    param = getattr(err, "param", None)
    names = [n for n in getattr(param, "opts", []) if n.startswith("--")]
    hint = names[0] if names else str(getattr(param, "name", "") or "")
    if kind == "NoSuchOption":
        option, close = getattr(err, "option_name", ""), getattr(err, "possibilities", None)
        if close:
            return _("unknown option {option}; did you mean {suggested}?", option=option,
                     suggested=sorted(close))  # fmt: skip
        return _("unknown option {option}", option=option)
    if kind == "MissingParameter":
        if not names and hint in ARGUMENTS:  # an argument: in words, not its code name
            return _("{what} is missing", what=translate(ARGUMENTS[hint]))
        return _("{what} is missing", what=hint or "-")
    if kind == "BadParameter":
        detail = getattr(err, "message", "")
        option = names[0] if names else hint or "-"
        value = _given_value(argv, getattr(param, "opts", []))
        if detail == NOTHING_GIVEN:
            return _("{option} needs a value, not nothing", option=option)
        found = re.search(r"is not one of (.*)\.$", detail)
        if found:
            choices = [c.strip().strip("'") for c in found[1].split(",")]
            return _("invalid value for {option}: “{value}”; choose from {choices}",
                     option=option, value=value, choices=choices)  # fmt: skip
        if "integer" in detail or "valid int" in detail:
            return _("invalid value for {option}: “{value}” is not a whole number",
                     option=option, value=value)  # fmt: skip
        if "valid float" in detail:
            return _("invalid value for {option}: “{value}” is not a number",
                     option=option, value=value)  # fmt: skip
        bounds = getattr(param, "type", None)
        if "is not in the range" in detail and hasattr(bounds, "_describe_range"):
            return _("invalid value for {option}: “{value}” must be {range}", option=option,
                     value=value, range=_Range(bounds))  # fmt: skip
        return _("invalid value for {option}: {detail}", option=option, detail=detail)
    message = err.format_message() if hasattr(err, "format_message") else str(err)
    if kind == "NoArgsIsHelpError" or message == "Missing command.":
        return _("give a command; seisan --help lists them")
    unknown = re.fullmatch(r"No such command ('(?:[^'\\]|\\.)*'|\"(?:[^\"\\]|\\.)*\")\.?"
                           r"(?: Did you mean (.*)\?)?", message)  # fmt: skip
    if unknown:  # the name as Python quotes it (in "" when it has a '), Typer's guesses after
        given = ast.literal_eval(unknown[1])
        if unknown[2] is None:
            return _("unknown command “{given}”; seisan --help lists them", given=given)
        return _("unknown command “{given}”; did you mean {suggested}? (seisan --help lists "
                 "them)", given=given,
                 suggested=re.findall(r"'([^']*)'", unknown[2]))  # fmt: skip
    for pattern, template in CLICK_MESSAGES:
        match = re.match(pattern, message)
        if match:
            return Message(template, given=match[1])
    return _("{detail}", detail=message)


NOTHING_GIVEN = "nothing given"
"""What an option's parser says of an empty value (``-o ""``), worded by :func:`_usage_message`."""


CLICK_MESSAGES = (
    (r"Option '(.*)' requires an argument", N_("{given} needs a value")),
    (r"Option '(.*)' does not take a value", N_("{given} takes no value: give it alone")),
    (r"Got unexpected extra argument\S* \((.*)\)",
     N_("“{given}” is more than this command takes; see its --help")),
)  # fmt: skip
"""Click's usage errors (English, told apart by their words) and ours for them: what
the user gave is ``given``."""


class _Range:
    """A number option's range, worded in the reader's language when shown."""

    def __init__(self, bounds: Any) -> None:
        self.bounds = bounds

    def __str__(self) -> str:
        low, high = self.bounds.min, self.bounds.max
        if low is not None and self.bounds.min_open:
            low += 1
        if high is not None and self.bounds.max_open:
            high -= 1
        if low is not None and high is not None:
            return str(_("from {low} to {high}", low=low, high=high))
        if low is not None:
            return str(_("{low} or more", low=low))
        return str(_("{high} or less", high=high))


def _given_value(argv: Sequence[str], options: Sequence[str]) -> str:
    """What followed one of ``options`` on the command line (``--han x`` or ``--han=x``)."""
    for index, arg in enumerate(argv):
        for option in options:
            if arg == option and index + 1 < len(argv):
                return argv[index + 1]
            if arg.startswith(option + "="):
                return arg.partition("=")[2]
    return ""


def _for(argv: Sequence[str]) -> typer.Typer:
    """The app with only the command that ``argv`` names (building every command's
    options costs more than running one), or the whole app for anything else."""
    name = next((arg for arg in argv if not arg.startswith("-")), None)
    chosen = [c for c in app.registered_commands if c.name == name]
    if not chosen:
        return app
    narrow = typer.Typer(
        no_args_is_help=True, add_completion=False, pretty_exceptions_enable=False,
        rich_markup_mode=None, context_settings={"help_option_names": ["-h", "--help"]},
    )  # fmt: skip
    narrow.registered_commands = chosen
    narrow.registered_callback = app.registered_callback
    narrow.info.help = app.info.help
    return narrow


def main() -> None:
    """Console-script entry point: usage errors too are one line and exit status 2."""
    global _top_lang  # noqa: PLW0603 - also after ``--``, where Click reads no options
    _top_lang = _argv_lang(sys.argv[1:])
    lang = _top_lang or default_lang()
    try:
        with _click_speaks(), language(lang):
            _run(lang)
    finally:
        _top_lang = None


def _run(lang: Lang) -> NoReturn:
    command = typer.main.get_command(_for(sys.argv[1:]))
    _translate_help(command, lang)
    _each_option_once(command)
    try:
        code = command.main(prog_name="seisan", standalone_mode=False)
    except typer.Exit as err:
        sys.exit(err.exit_code)
    except TyperException as err:
        message = _usage_message(err, sys.argv[1:])
        err_line(f"seisan: {term('error')}: {message}")
        sys.exit(getattr(err, "exit_code", 2) or 2)
    except typer.Abort:
        sys.exit(1)
    sys.exit(code if isinstance(code, int) else 0)


# the data commands (bulk, import, stats) and those of league nights and tournaments
# (seating) register themselves on ``app``
from seisan import cli_data, cli_events  # noqa: E402, F401
