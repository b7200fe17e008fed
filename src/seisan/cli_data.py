"""The data commands: ``seisan bulk settle|summary`` (millions of games from files),
``seisan import tenhou`` (real logs into game records) and ``seisan stats`` (player
statistics over records). NumPy and Arrow are imported only when these run."""

from __future__ import annotations

import json
import sys
from collections.abc import Callable, Iterable, Iterator, Sequence
from decimal import Decimal
from fractions import Fraction
from functools import partial
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any, TypeVar

import typer

from seisan.cli import (
    NOTHING_GIVEN,
    PIPE_WIDTH,
    TYPES,
    FormatOption,
    LangOption,
    app,
    check_output,
    err_line,
    fail,
    out,
    reports_errors,
    rules_title,
    sub_app,
)
from seisan.errors import SeisanError, file_problem
from seisan.explain import ordinal
from seisan.i18n import N_, Lang, Message, Spellings, _, _n, name_key, read_as, term
from seisan.output import Format, Sheet, display_width, dumps_csv, emit, table
from seisan.presets import load_rules
from seisan.pt import pt_value
from seisan.rules import Rules
from seisan.settlement import format_score

if TYPE_CHECKING:
    from seisan.games import GamePlay

bulk_app = sub_app(
    "bulk", N_("Settle millions of games from Parquet, CSV or Arrow files (needs seisan[bulk]).")
)
import_app = sub_app("import", N_("Read real game logs into seisan game records."))

RulesList = Annotated[
    str, typer.Option("--rules", "-r", help=N_("Rules (a preset or a .toml file)."))
]
Columns = Annotated[
    str | None,
    typer.Option(help=N_("The point columns in seat order, comma separated (default p0,p1,…).")),
]
Deposits = Annotated[
    str | None,
    typer.Option(help=N_("The column of riichi sticks left on the table (default: deposits).")),
]
BatchSize = Annotated[int, typer.Option(help=N_("Rows per batch: bounds the memory used."))]
Force = Annotated[bool, typer.Option(help=N_("Replace the output file if it exists."))]


def _check_batch(batch_size: int) -> None:
    if batch_size < 1:
        fail(_("--batch-size must be a whole number above 0, not {value}", value=batch_size))
    if batch_size > MAX_BATCH:  # (Arrow reads a CSV in blocks of at most 2 GiB)
        fail(_("--batch-size {value} is more rows than one batch holds (at most {most})",
               value=batch_size, most=MAX_BATCH))  # fmt: skip


MAX_BATCH = 1 << 22
"""The most rows a record batch of ``bulk`` holds: 4,194,304, about 3 GB of memory."""


def _bulk() -> Any:
    try:
        from seisan.bulk import io  # noqa: PLC0415 - NumPy and Arrow only here
    except ImportError:
        fail(_("bulk settlement needs its extra: pip install 'seisan[bulk]'"))
    return io


def _listed(option: str, value: str | None) -> list[str] | None:
    """Names given comma separated to ``option``, or None when it is not given; given
    with an empty name (``--columns ""``, ``p0,,p2,p3``), refused: it had fallen back
    to the defaults in silence."""
    if value is None:
        return None
    names = [name.strip() for name in value.split(",")]
    if not all(names):
        fail(_("{option} “{value}”: a name is empty", option=option, value=value))
    return names


def _columns(columns: str | None, deposits: str | None) -> list[str] | None:
    """The point columns named (``--columns``), the deposits' column checked the same
    way (a name of nothing refused); None: the defaults."""
    chosen = _listed("--columns", columns)
    if deposits is not None and not deposits.strip():
        fail(_("{option} “{value}”: a name is empty", option="--deposits", value=deposits))
    return chosen


def _rulesets(rules: str, compare: str | None) -> list[Rules]:
    names = [rules, *(_listed("--compare", compare) or [])]
    seen: dict[str, tuple[str, Rules]] = {}
    for name in names:
        chosen = load_rules(name.strip())
        chosen.check_whole()  # (refused as everywhere, though bulk leaves money out)
        given, first = seen.setdefault(chosen.name, (name.strip(), chosen))
        if first is not chosen and first.to_dict() != chosen.to_dict():
            # (the second had been dropped in silence: its rows and columns go by name)
            fail(_("--compare: {first} and {second} are both rules named “{name}”: name one "
                   "of them otherwise (name = … in its file)", first=given,
                   second=name.strip(), name=chosen.name))  # fmt: skip
    return [chosen for _given, chosen in seen.values()]


def _say_left_out(rulesets: Sequence[Rules], lang: Lang | None) -> None:
    """What bulk does not settle, said once the command is sure to run, never dropped
    in silence: the rules' side bets and money."""
    for chosen in rulesets:
        left = [f"side.{k}" for k in chosen.side.to_dict()]
        left += [f"money.{k}" for k in chosen.stakes.to_dict()]
        if left:
            said = _("{rules}: {fields} left out: bulk settles each game's score alone "
                     "(seisan session settles side bets and money)",
                     rules=rules_title(chosen, lang), fields=left)  # fmt: skip
            err_line("seisan: " + said.text(lang))


class _Progress:
    """A progress bar on stderr when it is a terminal; silent otherwise."""

    def __init__(self, label: str) -> None:
        self.bar: Any = None
        self.task: Any = None
        self.label = label

    def __enter__(self) -> Callable[[int, int | None], None]:
        if sys.stderr.isatty():
            from rich.console import Console  # noqa: PLC0415
            from rich.progress import (  # noqa: PLC0415
                BarColumn,
                MofNCompleteColumn,
                Progress,
                TextColumn,
                TimeElapsedColumn,
            )

            columns = (TextColumn(self.label), BarColumn(), MofNCompleteColumn(),
                       TimeElapsedColumn())  # fmt: skip
            self.bar = Progress(*columns, console=Console(stderr=True), transient=True)
            self.bar.start()
            self.task = self.bar.add_task(self.label, total=None)
        return self.update

    def update(self, done: int, total: int | None) -> None:
        if self.bar is not None:
            self.bar.update(self.task, completed=done, total=total)

    def __exit__(self, *exc: object) -> None:
        if self.bar is not None:
            self.bar.stop()


@bulk_app.command("settle", help=N_("Settle every row of a file of final points into a new file."))
@reports_errors
def bulk_settle(
    source: Annotated[
        Path, typer.Argument(help=N_("Parquet, CSV (.csv.gz too) or Arrow file of points."))
    ],
    output: Annotated[
        Path,
        typer.Option(
            "--output", "-o", help=N_("Where to write (.parquet, .csv, .csv.gz, .arrow; -: CSV).")
        ),
    ],
    rules: RulesList,
    compare: Annotated[
        str | None,
        typer.Option(help=N_("More rules to settle under, comma separated: a column each.")),
    ] = None,
    columns: Columns = None,
    deposits: Deposits = None,
    batch_size: BatchSize = 1 << 18,
    force: Force = False,
    lang: LangOption = None,
) -> None:
    io = _bulk()
    _check_batch(batch_size)
    rulesets = _rulesets(rules, compare)
    chosen = _columns(columns, deposits)
    if output != io.STDOUT and output.resolve() == source.resolve():
        fail(_("--output: give another file than the input"))
    check_output(output, force=force)
    _say_left_out(rulesets, lang)
    _say_encoding(io, source, lang)
    with _Progress(term("played", lang)) as progress:
        rows = io.settle_file(source, output, rulesets, chosen, deposits, batch_size, progress)
    if output != io.STDOUT:
        err_line(_n("{rows} game settled into {path}", "{rows} games settled into {path}", "rows",
                    rows=rows, path=output).text(lang))  # fmt: skip


@bulk_app.command("summary", help=N_("How scores and places spread under each rules set."))
@reports_errors
def bulk_summary(
    source: Annotated[
        Path, typer.Argument(help=N_("Parquet, CSV (.csv.gz too) or Arrow file of points."))
    ],
    rules: RulesList,
    compare: Annotated[
        str | None, typer.Option(help=N_("More rules to compare, comma separated."))
    ] = None,
    columns: Columns = None,
    deposits: Deposits = None,
    batch_size: BatchSize = 1 << 18,
    chart: Annotated[bool, typer.Option(help=N_("Draw the places by seat."))] = True,
    fmt: FormatOption = Format.TABLE,
    lang: LangOption = None,
) -> None:
    io = _bulk()
    _check_batch(batch_size)
    rulesets = _rulesets(rules, compare)
    chosen = _columns(columns, deposits)
    _say_left_out(rulesets, lang)
    _say_encoding(io, source, lang)
    with _Progress(term("played", lang)) as progress:
        summaries = io.summarise(source, rulesets, chosen, deposits, batch_size, progress)
    data = [
        {
            "rules": s.rules,
            "games": s.games,
            "quantiles": dict(
                zip(
                    [f"p{q}" for q in io.QUANTILES], [pt_value(v) for v in s.quantiles], strict=True
                )
            ),
            "mean": Decimal(_fixed(s.mean, 3)),  # a mean: to 0.001 pt
            "mean_by_place": [None if v is None else Decimal(_fixed(v, 3)) for v in s.by_place],
            "places_by_seat": [list(row) for row in s.place_counts],
        }
        for s in summaries
    ]
    # on screen each rules' heading in the reader's language (M리그), as settle shows
    # them; the JSON and CSV keep the name, a key (mleague)
    heading = {chosen.name: chosen.heading(lang) for chosen in rulesets}
    rows = []
    for s in summaries:
        rows.append([heading.get(s.rules, s.rules), str(s.games), _signed(s.mean),
                     *(format_score(v) for v in s.quantiles),
                     *("—" if v is None else _signed(v) for v in s.by_place)])  # fmt: skip
    n = rulesets[0].players
    headers = [term("rules", lang), term("played", lang), _("mean").text(lang),
               *(f"{q}%" for q in io.QUANTILES),
               *(_("mean of {place}", place=p + 1).text(lang) for p in range(n))]  # fmt: skip
    csv_rows = [[s.rules, s.games, _fixed(s.mean, 3), *(pt_value(v) for v in s.quantiles),
                 *("" if v is None else _fixed(v, 3) for v in s.by_place)]
                for s in summaries]  # fmt: skip
    csv_columns = ["rules", "games", "mean", *(f"p{q}" for q in io.QUANTILES),
                   *(f"mean_place_{p + 1}" for p in range(n))]  # fmt: skip
    sheet = table(_("Scores (pt)").text(lang), headers, rows, right=tuple(range(1, len(headers))))
    emit(out, fmt, data=data, csv_text=dumps_csv(csv_columns, csv_rows), sheet=sheet)
    if fmt is Format.TABLE:
        for s in summaries:
            place_rows = [
                [str(seat), *(_percent(c, s.games) for c in counts)]
                for seat, counts in enumerate(s.place_counts)
            ]
            title = _("{rules}: places by seat", rules=heading.get(s.rules, s.rules)).text(lang)
            heads = [term("seat", lang), *(ordinal(p + 1).text(lang) for p in range(n))]
            table(title, heads, place_rows, right=tuple(range(n + 1))).print(out())
            if chart and s.games:
                _place_chart(s, heading.get(s.rules, s.rules), lang)


def _say_encoding(io: Any, source: Path, lang: Lang | None) -> None:
    """A CSV not in UTF-8 is read as Shift_JIS, and the user is told."""
    if source.is_file() and io.file_format(source) == "csv":
        encoding = io.csv_encoding(source)
        if encoding != "utf8":
            err_line("seisan: " + read_as(source, encoding).text(lang))


def _signed(value: Fraction) -> str:
    """A mean to 0.1 pt, signed as scores are."""
    text = _fixed(value, 1)
    return text if text.startswith("-") or text == "0.0" else f"+{text}"


def _percent(count: int, total: int) -> str:
    if not total:
        return "0.0%"
    tenths = (count * 1000 * 2 + total) // (2 * total)
    return f"{tenths // 10}.{tenths % 10}%"


def _place_chart(summary: Any, heading: str, lang: Lang | None) -> None:
    from seisan.charts import bar_chart  # noqa: PLC0415 - plotext only when drawn

    labels = [str(p + 1) for p in range(len(summary.place_counts))]
    series = {
        term("seat", lang) + f" {seat}": [Fraction(c, summary.games) * 100 for c in counts]
        for seat, counts in enumerate(summary.place_counts)
    }
    from rich.cells import cell_len  # noqa: PLC0415

    console = out()
    room = display_width(console)  # a line: name, place, bar, “100.0%”: the bar fits
    head = max(cell_len(name) for name in series) + 2 + max(map(len, labels)) + 1 + 1 + 1 + 6
    bars = 40 if room is None else max(8, min(40, room - head))
    title = _("{rules}: places by seat (%)", rules=heading).text(lang)
    console.print(bar_chart(labels, series, title, bars), markup=False)


# -- real logs --------------------------------------------------------------------------

LOG_SUFFIXES = (".mjlog", ".xml", ".json", ".gz", ".txt")
#: mjai's files: JSON lines as Mortal (.json, .jsonl), mjai-reviewer and gimite (.mjson) name them
MJAI_SUFFIXES = (".mjson", ".jsonl", ".json", ".gz", ".txt", ".log")


def _log_files(paths: Sequence[Path], suffixes: Sequence[str] = LOG_SUFFIXES) -> Iterator[Path]:
    for path in paths:
        if path.is_dir():
            yield from sorted(p for p in path.rglob("*") if p.suffix.lower() in suffixes)
        else:
            yield path


RulesOption = Annotated[
    str | None,
    typer.Option("--rules", "-r", help=N_("Rules (default: Tenhou's, by the log's date).")),
]
LogsArgument = Annotated[list[Path], typer.Argument(help=N_("Log files or folders of them."))]


def _folder_named(value: str) -> Path:
    """A folder's name as typed: nothing (``-o ""``, an unset variable in a script) is
    refused, where ``Path("")`` would be the current folder."""
    if not value.strip():
        raise typer.BadParameter(NOTHING_GIVEN)
    return Path(value)


RecordsOption = Annotated[
    Path,
    typer.Option("--output", "-o", parser=_folder_named, metavar=TYPES["path"],
                 help=N_("Folder for the game records (JSON).")),
]  # fmt: skip
CheckOption = Annotated[
    bool, typer.Option(help=N_("Replay every hand and compare it with the log's own."))
]
GamesOption = Annotated[
    Path | None,
    typer.Option(
        "--games",
        help=N_(
            "Also write every game as a row of a Parquet file: its names, its final "
            "points (p0, p1, …) and the sticks left, as `seisan bulk settle` reads them."
        ),
    ),
]
HandsOption = Annotated[
    Path | None,
    typer.Option(
        "--hands",
        help=N_(
            "Also write every hand as a row of a Parquet file "
            "(for analysis: who won, han, fu, each seat's change)."
        ),
    ),
]


JobsOption = Annotated[
    int,
    typer.Option(
        "--jobs", "-j",
        help=N_("Processes reading logs at once (default 1; 0, or more than the cores: one "
                "for each core)."),
    ),
]  # fmt: skip


@import_app.command(
    "tenhou", help=N_("Tenhou logs (mjlog XML, gzip or tenhou.net/6 JSON) into game records.")
)
@reports_errors
def import_tenhou(
    files: LogsArgument,
    output: RecordsOption,
    check: CheckOption = False,
    rules: RulesOption = None,
    hands: HandsOption = None,
    games: GamesOption = None,
    jobs: JobsOption = 1,
    force: Force = False,
    lang: LangOption = None,
) -> None:
    from seisan.logs import tenhou  # noqa: PLC0415

    none = _("no Tenhou logs in {paths} (files ending .mjlog, .xml, .json, .gz or .txt)",
             paths=[str(f) for f in files])  # fmt: skip
    paths = list(_log_files(files))
    _import_logs(tenhou.load, paths, none, output, check, rules, lang, hands, games, jobs, force)


@import_app.command(
    "majsoul",
    help=N_("Mahjong Soul (雀魂) records, as paipu exporters write them (JSON), into game "
            "records."),
)  # fmt: skip
@reports_errors
def import_majsoul(
    files: LogsArgument,
    output: RecordsOption,
    check: CheckOption = False,
    rules: Annotated[
        str | None,
        typer.Option(
            "--rules", "-r", help=N_("Rules (default: the room's, as the record states them).")
        ),
    ] = None,
    hands: HandsOption = None,
    games: GamesOption = None,
    jobs: JobsOption = 1,
    force: Force = False,
    lang: LangOption = None,
) -> None:
    from seisan.logs import majsoul  # noqa: PLC0415

    none = _("no Mahjong Soul records in {paths} (files ending .json or .gz)",
             paths=[str(f) for f in files])  # fmt: skip
    paths = list(_log_files(files, (".json", ".gz")))
    _import_logs(majsoul.load, paths, none, output, check, rules, lang, hands, games, jobs, force)


@import_app.command(
    "mjai",
    help=N_("mjai logs (JSON lines of Mortal, mjai-reviewer, the mjai simulator, akochan) "
            "into game records: wins without han and fu scored from their tiles."),
)  # fmt: skip
@reports_errors
def import_mjai(
    files: LogsArgument,
    output: RecordsOption,
    check: CheckOption = False,
    rules: Annotated[
        str | None,
        typer.Option(
            "--rules", "-r", help=N_("Rules (default: Tenhou's, as mjai's programs play them).")
        ),
    ] = None,
    hands: HandsOption = None,
    games: GamesOption = None,
    jobs: JobsOption = 1,
    force: Force = False,
    lang: LangOption = None,
) -> None:
    from seisan.logs import mjai  # noqa: PLC0415

    none = _("no mjai logs in {paths} (files ending .mjson, .jsonl, .json, .gz, .txt or .log)",
             paths=[str(f) for f in files])  # fmt: skip
    paths = list(_log_files(files, MJAI_SUFFIXES))
    _import_logs(mjai.load, paths, none, output, check, rules, lang, hands, games, jobs, force)


def _import_logs(
    load: Callable[[Path, Rules | None], Any],
    paths: list[Path],
    none: Message,
    output: Path,
    check: bool,
    rules: str | None,
    lang: Lang | None,
    hands: Path | None = None,
    games: Path | None = None,
    jobs: int = 1,
    force: bool = False,
) -> None:
    """Each log into a game record in ``output`` (checked against the log's own
    numbers with ``check``), and with ``hands`` each hand (with ``games`` each game)
    into a Parquet file, written a batch at a time (a corpus of any size in bounded
    memory); a log that cannot be read, or whose replay differs, is named with its
    problem and the others still import; exit 2 if any failed. With ``jobs`` above 1
    the logs are read by as many processes, and everything is said and written in the
    logs' order as with one."""
    from seisan.logs import CheckError  # noqa: PLC0415

    chosen = load_rules(rules) if rules else None
    if chosen is not None:
        chosen.check_whole()  # the records keep them: what does nothing is refused now
    check_output(output, folder=True)
    if hands is not None and hands == games:
        fail(_("--hands and --games: give two files"))
    for path, option in ((hands, "--hands"), (games, "--games")):
        if path is not None:
            check_output(path, option=option, suffix=".parquet", force=force)
    if jobs < 0:
        fail(_("--jobs {jobs}: give 1 or more (0: one for each core)", jobs=jobs))
    if not paths:
        fail(none)
    paths = _records_apart(paths, output)
    output.mkdir(parents=True, exist_ok=True)
    table = _HandsFile(hands) if hands is not None else None
    games_file = _GamesFile(games) if games is not None else None
    failures: list[tuple[Path, Message]] = []
    lobbies: dict[str, Rules | None] = {}  # each lobby's rules (None: ranked), said once
    keep = table is not None or games_file is not None
    with _Progress(term("played", lang)) as progress, _Workers(jobs, len(paths)) as workers:
        read = workers(_import_one, [(load, path, chosen, check, keep) for path in paths])
        for number, (path, got) in enumerate(zip(paths, read, strict=False), start=1):
            lobby, lobby_rules, record, played, text, problem = got
            if lobby and chosen is None:
                lobbies.setdefault(lobby, lobby_rules)
            try:
                if problem is not None:  # a log that cannot be read names itself
                    raise SeisanError(problem)
                target = output / _record_name(path)
                fresh = _record_to_write(target, text, force)  # (refused before any row)
                if games_file is not None:
                    games_file.add(path.name, record, played)
                if table is not None:
                    table.add(path.name, record, played)
                if fresh:
                    _on_file(target, partial(target.write_text, text, encoding="utf-8"))
            except CheckError as err:  # read, but not what the log says: which log
                named = err.within(path)
                failures.append((path, named))
                err_line(f"seisan: {term('error')}: {named.text(lang)}")
            except SeisanError as err:
                failures.append((path, err.message))
                err_line(f"seisan: {term('error')}: {err.message.text(lang)}")
            progress(number, len(paths))
    for written in (table, games_file):
        if written is not None:
            written.close()
    failed = len(failures)
    done = len(paths) - failed
    if table is not None and not done:  # nothing imported, nothing written (a file of
        table.path.unlink(missing_ok=True)  # no rows had been left behind)
    if failed and len(paths) == 1:  # one log: its line has said it all
        raise typer.Exit(2)
    err_line(_n("{done} of {count} log imported into {path}",
                "{done} of {count} logs imported into {path}", "count", done=done,
                count=len(paths), path=output).text(lang))  # fmt: skip
    if failures:  # every log left out at a glance, after the run's own lines
        from rich.console import Console  # noqa: PLC0415

        console = Console(stderr=True, highlight=False, emoji=False)
        if display_width(console) is None:
            console = Console(stderr=True, highlight=False, emoji=False, width=PIPE_WIDTH)
        title = _("Logs not imported: {count}", count=failed).text(lang)
        columns = [_("file").text(lang), _("problem").text(lang)]
        # the file has its own column: a reader's "path: problem" without the path
        rows = [[str(p), m.text(lang).removeprefix(f"{p}: ")] for p, m in failures]
        Sheet(title, columns, rows, wrap=(0, 1)).print(console)
    from seisan.explain import rules_caption  # noqa: PLC0415

    for lobby, own in sorted(lobbies.items(), key=lambda item: int(item[0][1:].split()[0])):
        said = (_("lobby {lobby}: its log states no rules; Tenhou's ranked rules give its "
                  "result", lobby=lobby) if own is None
                else _("lobby {lobby}, under its own rules: {rules}", lobby=lobby,
                       rules=rules_caption(own, lang)))  # fmt: skip
        err_line(said.text(lang))
    if failed:
        raise typer.Exit(2)


_T = TypeVar("_T")


def _record_to_write(target: Path, text: str, force: bool) -> bool:
    """Whether a log's record is to be written to ``target``: not when the same record
    is there (no change); refused when another record is (a log imported before and
    edited since, or another log of that name), as an output file is, without
    ``--force``. Asked before the log's rows go into ``--hands`` or ``--games``."""
    if force or not target.exists():
        return True
    # (as text, a line's end as the system writes it; a file not UTF-8 is another record)
    there = _on_file(target, partial(target.read_text, encoding="utf-8", errors="replace"))
    if there == text:
        return False
    raise SeisanError(_("{path}: another record is there already: give --force to "
                        "replace it", path=target))  # fmt: skip


def _on_file(target: Path, act: Callable[[], _T]) -> _T:
    """``act()`` on ``target`` (a read or a write), a file's refusal said in the reader's
    words."""
    try:
        return act()
    except OSError as err:
        raise SeisanError(_("{path}: {problem}", path=target, problem=file_problem(err))) from None


def _record_name(path: Path) -> str:
    """The game record a log is written as: its name before the first dot, ``.json``."""
    return path.name.split(".")[0] + ".json"


def _records_apart(paths: list[Path], output: Path) -> list[Path]:
    """The logs, each once (a file named twice, or in a folder named too, is read once),
    refused before anything is written when two would be written as one record (the
    same name in two folders, one log as .mjlog and .json: the second had replaced the
    first) or a record would replace a log itself (``-o`` the logs' own folder: a
    tenhou.net/6 log ``X.json`` had become its record)."""
    kept = _once(paths)
    named: dict[str, Path] = {}
    for path in kept.values():
        record = _record_name(path)
        if record in named:
            fail(_("{first} and {second} would both be written as {record}: import them into "
                   "two folders", first=named[record], second=path,
                   record=output / record))  # fmt: skip
        named[record] = path
        if (output / record).resolve() in kept:
            fail(_("--output {folder}: the record of {log} would replace the log itself; give "
                   "another folder", folder=output, log=path))  # fmt: skip
    return list(kept.values())


def _once(paths: Iterable[Path]) -> dict[Path, Path]:
    """Each file once, by its resolved path, as first named (a file named twice, or in a
    folder named too): ``import`` and ``stats`` read it once."""
    kept: dict[Path, Path] = {}
    for path in paths:
        kept.setdefault(path.resolve(), path)
    return kept


def _import_one(
    load: Callable[[Path, Rules | None], Any],
    path: Path,
    chosen: Rules | None,
    check: bool,
    keep: bool,
) -> tuple[str, Rules | None, Any, Any, str, Message | None]:
    """One log read (and checked): its lobby and the lobby's rules (said even when the
    check fails: they are the rules it failed under), with ``keep`` the record and its
    replay for the Parquet files, the game record's JSON text, and the problem (named
    with the log) if any. A function of its arguments alone, so a worker process can run
    it; what is written is written in order by the caller."""
    from seisan.games import GameError, play  # noqa: PLC0415
    from seisan.logs import CheckError  # noqa: PLC0415
    from seisan.logs import check as checked  # noqa: PLC0415

    lobby: tuple[str, Rules | None] = ("", None)
    try:
        game = load(path, chosen)
        lobby = (game.lobby, game.record.rules if game.lobby and game.lobby_rules else None)
        played = checked(game) if check else None
        if keep and played is None:
            try:
                played = play(game.record)
            except GameError as err:
                raise CheckError(err.message) from None
        data = game.record.to_dict(played.lines if played else None)
        text = json.dumps(data, ensure_ascii=False, indent=1)
    except CheckError as err:  # read, but not what the log says: which log
        return (*lobby, None, None, "", err.within(path))
    except SeisanError as err:
        return (*lobby, None, None, "", err.message)
    kept = (game.record, played) if keep else (None, None)
    return (*lobby, *kept, text, None)


class _Workers:
    """``jobs`` processes (0: one a core) mapping a function over argument tuples, the
    results in order; one job, or one item, runs here with no process started."""

    def __init__(self, jobs: int, items: int) -> None:
        import os  # noqa: PLC0415

        cores = os.cpu_count() or 1
        # at most one a core (more only wait), and 61 on Windows (its limit)
        self.jobs = max(1, min(jobs or cores, cores, 61, items))
        self.pool: Any = None

    def __enter__(self) -> Callable[[Callable[..., Any], list[tuple[Any, ...]]], Iterator[Any]]:
        if self.jobs > 1:
            import multiprocessing  # noqa: PLC0415
            from concurrent.futures import ProcessPoolExecutor  # noqa: PLC0415

            # spawn: the progress bar's thread is never forked
            self.pool = ProcessPoolExecutor(self.jobs, multiprocessing.get_context("spawn"))
        return self.map

    def map(self, function: Callable[..., Any], items: list[tuple[Any, ...]]) -> Iterator[Any]:
        if self.pool is None:
            return (function(*item) for item in items)
        chunk = max(1, min(64, len(items) // (self.jobs * 4)))  # few round trips, all busy
        results: Iterator[Any] = self.pool.map(function, *zip(*items, strict=True), chunksize=chunk)
        return results

    def __exit__(self, *exc: object) -> None:
        if self.pool is not None:
            self.pool.shutdown(cancel_futures=True)


class _Rows:
    """Rows of a Parquet file written a batch at a time (a corpus in bounded memory)."""

    BATCH = 10_000

    def __init__(self, path: Path) -> None:
        try:
            import pyarrow as pa  # noqa: PLC0415
            import pyarrow.parquet as pq  # noqa: PLC0415
        except ImportError:
            fail(_("writing Parquet needs the bulk extra: pip install 'seisan[bulk]'"))
        self.pa, self.pq, self.path = pa, pq, path
        self.writer: Any = None
        self.rows: dict[str, list[Any]] = {}

    def start(self, schema: Any) -> None:
        self.schema = schema
        self.writer = self.pq.ParquetWriter(self.path, schema)
        self.rows = {name: [] for name in schema.names}

    def append(self, row: dict[str, Any]) -> None:
        for name, value in row.items():
            self.rows[name].append(value)
        if len(next(iter(self.rows.values()))) >= self.BATCH:
            self.flush()

    def flush(self) -> None:
        if self.writer is not None and next(iter(self.rows.values())):
            self.writer.write_table(self.pa.table(self.rows, schema=self.schema))
            self.rows = {name: [] for name in self.schema.names}

    def close(self) -> None:
        self.flush()
        if self.writer is not None:
            self.writer.close()


class _HandsFile(_Rows):
    """Every hand imported, a row each."""

    def __init__(self, path: Path) -> None:
        super().__init__(path)
        pa = self.pa
        small, big = pa.list_(pa.int8()), pa.list_(pa.int32())
        self.start(pa.schema([
            ("log", pa.string()), ("hand", pa.int32()), ("round", pa.string()),
            ("honba", pa.int32()), ("dealer", pa.int8()), ("result", pa.string()),
            ("winners", small), ("discarder", pa.int8()), ("han", small),
            ("fu", pa.list_(pa.int16())), ("yakuman", small), ("riichi", small),
            ("calls", small), ("tenpai", small), ("deltas", big), ("points", big),
        ]))  # fmt: skip

    def add(self, log: str, record: Any, played: Any) -> None:
        for hand, line in zip(record.hands, played.lines, strict=False):
            wins = hand.wins
            self.append({
                "log": log, "hand": line.number, "round": line.round, "honba": line.honba,
                "dealer": line.dealer, "result": hand.result,
                "winners": [w.winner for w in wins], "discarder": hand.discarder,
                "han": [w.han for w in wins], "fu": [w.fu for w in wins],
                "yakuman": [w.yakuman for w in wins], "riichi": list(hand.riichi),
                "calls": list(hand.calls), "tenpai": list(hand.tenpai),
                "deltas": list(line.deltas), "points": list(line.points),
            })  # fmt: skip


class _GamesFile(_Rows):
    """Every game imported, a row each, as ``seisan bulk settle`` reads a table of final
    points: ``log``, the names ``n0…``, the points ``p0…`` on the table at the end (the
    sticks left not yet given to anyone) and ``deposits``, the sticks left. One number
    of players a file: the first game sets it."""

    def add(self, log: str, record: Any, played: Any) -> None:
        from seisan.logs import CheckError  # noqa: PLC0415

        players = len(record.names)
        if self.writer is None:
            pa = self.pa
            self.start(pa.schema([
                ("log", pa.string()), *((f"n{i}", pa.string()) for i in range(players)),
                *((f"p{i}", pa.int32()) for i in range(players)), ("deposits", pa.int16()),
            ]))  # fmt: skip
            self.players = players
        if players != self.players:
            raise CheckError(_("a game of {players} players, and --games holds games of "
                               "{count}: import them into two files", players=players,
                               count=self.players))  # fmt: skip
        rules = record.rules
        points = played.lines[-1].points if played.lines else (rules.start,) * players
        on_table = rules.start * players - sum(points)  # the sticks nobody has taken
        stick = rules.scoring.riichi
        if on_table < 0 or (on_table and (not stick or on_table % stick)):
            raise CheckError(_n("the sticks left ({points} point) are not whole sticks",
                                "the sticks left ({points} points) are not whole sticks", "points",
                                points=on_table))  # fmt: skip
        self.append({
            "log": log, **{f"n{i}": name for i, name in enumerate(record.names)},
            **{f"p{i}": value for i, value in enumerate(points)},
            "deposits": on_table // stick if stick else 0,
        })  # fmt: skip


# -- statistics -------------------------------------------------------------------------


def _spelled(play: GamePlay, spelled: Spellings) -> GamePlay:
    """A record's players named as the first record read wrote them (``spelled``),
    telling names apart as a game does: “ana” in a later record is Ana, as in a
    session. A log's names are accounts, kept exact."""
    from dataclasses import replace  # noqa: PLC0415

    names = tuple(spelled(name) for name in play.record.names)
    if names == play.record.names:
        return play
    settled = play.settlement if play.settlement is None else replace(play.settlement, names=names)
    return replace(play, record=replace(play.record, names=names), settlement=settled)


class Plays(list["GamePlay"]):
    """The games read, and how many files could not be (each named as it failed): the
    command shows what it read, then exits 2 if any failed, as ``import`` does (a
    script had seen 0 whatever was left out)."""

    failed: int = 0

    def exit_if_any_failed(self) -> None:
        if self.failed:
            raise typer.Exit(2)


def _plays(paths: Sequence[Path], rules: Rules | None, lang: Lang | None) -> Plays:
    """Every game record, Tenhou or mjai log among ``paths`` played through the core; a
    file that cannot be read is named and left out (and counted). None read: the
    error, in one line (the one file's own, when only one was given)."""
    from seisan.games import load_record  # noqa: PLC0415
    from seisan.logs import CheckError, check, load_log  # noqa: PLC0415

    plays = Plays()
    failed = 0
    spelled = Spellings()
    # each game once: one log as .mjlog and as .json; by its record, then its deal ("":
    # not known, a log that hides others' tiles: the same game as any of that record)
    games: dict[str, list[tuple[str, Path]]] = {}
    for path in _once(_log_files(paths, sorted({*LOG_SUFFIXES, *MJAI_SUFFIXES}))).values():
        try:
            if path.suffix.lower() not in (*LOG_SUFFIXES, *MJAI_SUFFIXES):  # (a session
                # file or a CSV named by hand had been “not valid mjlog XML”)
                raise SeisanError(_("{path}: not a game record or a log (game records are "
                                    ".json; logs .mjlog, .json, .jsonl, .mjson, .log, .gz or .txt)",
                                    path=path))  # fmt: skip
            text_head = path.read_bytes()[:4096]
            logged = not (path.suffix.lower() == ".json" and b'"hands"' in text_head)
            if logged and path.suffix.lower() == ".json" and b'"games"' in text_head:
                # (a session's JSON had been “a tenhou.net/6 log with a field missing”)
                raise SeisanError(_("{path}: a session file (it lists “games”): `seisan "
                                    "session` settles it; this command reads game records "
                                    "and logs", path=path))  # fmt: skip
            if not logged:
                play = load_record(path, rules).play()
                if rules is None:  # (under other rules a stop it says may be read)
                    play.check_claims()
                play = _spelled(play, spelled)
                deal = ""
            else:
                read = load_log(path, rules)
                play, deal = check(read), read.deal
            alike = games.setdefault(_game_key(play, path, logged), [])
            same = next((p for d, p in alike if not d or not deal or d == deal), None)
            alike.append((deal, path))
            if same is not None:
                err_line("seisan: " + _("{path}: the same game as {other}, counted once",
                                        path=path, other=same).text(lang))  # fmt: skip
                continue
            plays.append(play)
        except CheckError as err:
            said = err.within(path).text(lang)
        except SeisanError as err:
            said = err.message.text(lang)
        except OSError as err:
            said = f"{path}: {file_problem(err).text(lang)}"
        else:
            continue
        err_line(f"seisan: {term('error')}: {said}")
        failed += 1
    if not plays:
        if failed == 1:  # its own error, just said, is the whole story
            raise typer.Exit(2)
        fail(_("no game could be read"))
    plays.failed = failed
    return plays


def _game_key(play: GamePlay, path: Path, logged: bool) -> str:
    """What tells one game from another: a log's record, hand by hand, as JSON, less its
    title (the game id in the file's name, if it has one: one log copied under another
    name had been two games, helper-72; the same log as .mjlog and as .json is one),
    and its deal (two games alike hand by hand, dealt differently, are two); a game
    record without a title is its file's (two short games, a bust at the first hand by
    the same four, may be alike hand by hand: helper-65)."""
    if not play.record.title and not logged:
        return str(path.resolve())
    played = play.record.to_dict(play.lines)
    if logged:  # (a game record's title is its own: a night's, a week's)
        played.pop("title", None)
    return json.dumps(played, sort_keys=True, default=str)


STAT_COLUMNS = ("games", "average_place", "rate_1", "average", "win_rate", "deal_in_rate",
                "riichi_rate", "call_rate", "average_win", "busts")  # fmt: skip


@app.command("stats", help=N_("Player statistics over game records and Tenhou logs."))
@reports_errors
def stats_command(
    files: Annotated[list[Path], typer.Argument(help=N_("Game records, logs or folders."))],
    player: Annotated[
        list[str] | None, typer.Option(help=N_("Only this player (repeatable)."))
    ] = None,
    output: Annotated[
        Path | None, typer.Option("--output", "-o", help=N_("Also write every player (.parquet)."))
    ] = None,
    rules: Annotated[
        str | None, typer.Option("--rules", "-r", help=N_("Rules to settle the records under."))
    ] = None,
    force: Force = False,
    fmt: FormatOption = Format.TABLE,
    lang: LangOption = None,
) -> None:
    from seisan.stats import play_stats  # noqa: PLC0415

    if output is not None:
        check_output(output, force=force, suffix=".parquet")
    if player and not all(name.strip() for name in player):  # (before every file is read)
        fail(_("{option} needs a value, not nothing", option="--player"))
    plays = _plays(files, load_rules(rules) if rules else None, lang)
    every = play_stats(plays)
    chosen = every
    if player:
        played = {name_key(s.name) for s in every}
        missing = [name for name in player if name_key(name) not in played]
        if missing:  # (one of two found had left the other out in silence)
            fail(_("no player called {names} in these games", names=missing))
        wanted = {name_key(p) for p in player}
        chosen = [s for s in every if name_key(s.name) in wanted]
    if output is not None:
        _write_stats(output, every)
    data = [
        {"name": s.name, "games": s.games, "places": list(s.places),
         "average_place": pt_value(Fraction(round(s.average_place * 1000), 1000)),
         "average": pt_value(Fraction(round(s.average * 1000), 1000)), "total": pt_value(s.total),
         "hands": s.hands, "wins": s.wins, "deal_ins": s.deal_ins, "riichi": s.riichi,
         "calls": s.calls, "win_points": s.win_points, "busts": s.busts, "tsumo": s.tsumo,
         "riichi_wins": s.riichi_wins, "draws": s.draws, "draw_tenpai": s.draw_tenpai,
         "deal_in_points": s.deal_in_points, "yakuman": s.yakuman, "yaku": dict(s.yaku)}
        for s in chosen
    ]  # fmt: skip
    rows = [
        [s.name, str(s.games), _fixed(s.average_place, 2), _rate(s.rates[0]),
         format_score(Fraction(round(s.average * 10), 10)), _rate(s.win_rate),
         _rate(s.deal_in_rate), _rate(s.riichi_rate), _rate(s.call_rate),
         str(round(s.average_win)), _rate(s.tsumo_rate), _rate(s.riichi_win_rate),
         _rate(s.draw_tenpai_rate), str(round(s.average_deal_in)), str(s.yakuman), str(s.busts)]
        for s in chosen
    ]  # fmt: skip
    headers = [term("name", lang), term("played", lang), _("Avg. place").text(lang),
               _("Top %").text(lang), _("Average").text(lang), _("Win %").text(lang),
               _("Deal-in %").text(lang), _("Riichi %").text(lang), _("Call %").text(lang),
               _("Avg. win").text(lang), _("Tsumo %").text(lang), _("Riichi won %").text(lang),
               _("Tenpai at draw %").text(lang), _("Avg. deal-in").text(lang),
               _("Yakuman").text(lang), _("Busts").text(lang)]  # fmt: skip
    csv_columns = ["name", "games", "average_place", "average", "hands", "wins", "deal_ins",
                   "riichi", "calls", "win_points", "busts", "tsumo", "riichi_wins", "draws",
                   "draw_tenpai", "deal_in_points", "yakuman"]  # fmt: skip
    csv_rows = [[d[c] for c in csv_columns] for d in data]
    emit(out, fmt, data=data, csv_text=dumps_csv(csv_columns, csv_rows),
         sheet=table(_("Player statistics").text(lang), headers, rows,
                     right=tuple(range(1, len(headers)))))  # fmt: skip
    plays.exit_if_any_failed()


def _fixed(value: Fraction, places: int) -> str:
    scaled = value * 10**places
    whole = int(abs(scaled) + Fraction(1, 2))
    text = str(whole).rjust(places + 1, "0")
    return ("-" if scaled < 0 and whole else "") + f"{text[:-places]}.{text[-places:]}"


def _rate(value: Fraction) -> str:
    return _fixed(value * 100, 1) + "%"


def _write_stats(path: Path, stats: Sequence[Any]) -> None:
    try:
        import pyarrow as pa  # noqa: PLC0415
        import pyarrow.parquet as pq  # noqa: PLC0415
    except ImportError:
        fail(_("writing Parquet needs the bulk extra: pip install 'seisan[bulk]'"))
    counts = ("name", "games", "hands", "wins", "deal_ins", "riichi", "calls", "win_points",
              "busts", "tsumo", "riichi_wins", "draws", "draw_tenpai", "deal_in_points",
              "yakuman")  # fmt: skip
    columns: dict[str, list[Any]] = {key: [] for key in (*counts, "total")}
    places = max(len(s.places) for s in stats)
    for p in range(places):
        columns[f"place_{p + 1}"] = []
    for s in stats:
        for key in counts:
            columns[key].append(getattr(s, key))
        columns["total"].append(Decimal(str(pt_value(s.total))))
        for p in range(places):
            columns[f"place_{p + 1}"].append(s.places[p] if p < len(s.places) else 0)
    arrays = {key: pa.array(values, type=pa.decimal128(18, 3)) if key == "total" else values
              for key, values in columns.items()}  # fmt: skip
    pq.write_table(pa.table(arrays), path)
