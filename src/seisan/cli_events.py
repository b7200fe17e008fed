"""Commands for running a league night or a tournament round: ``seisan seating``
(who sits at which table, on which wind) from the players present and the tables of
earlier nights, and ``seisan ratings`` over the games played."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any

import typer

from seisan.choices import Leftover, Method, System
from seisan.cli import FormatOption, LangOption, app, err_line, fail, out, reports_errors
from seisan.errors import SeatingError
from seisan.i18n import N_, Message, _, _n, name_key, term
from seisan.output import Format, dumps_csv, emit, table
from seisan.pt import pt_value

if TYPE_CHECKING:
    from seisan.seating import History

SEATING_HELP = N_(
    "Draw the tables of a night or a round: the fewest repeated opponents and winds "
    "(shuffled), by the standings (swiss, interval), one of each team at a table "
    "(teams), or your own tables (script)."
)


def _names(values: Sequence[str], what: Message | str) -> list[str]:
    """Names given as arguments, each possibly a comma-separated list; an empty one
    (``A,,B``) refused, as ``--names`` refuses it (it had been dropped in silence)."""
    names = [n.strip() for value in values for n in value.rstrip().removesuffix(",").split(",")]
    if not all(names):  # (a trailing comma, as scripts write lists, is no name)
        raise SeatingError(_("{what}: a name is empty", what=what))
    return names


def _tables(value: Any, what: Message) -> list[list[str]]:
    if not isinstance(value, list) or not all(
        isinstance(t, list) and all(isinstance(n, str) for n in t) for t in value
    ):
        raise SeatingError(_("{what}: give a list of tables, each a list of names", what=what))
    if not all(n.strip() for t in value for n in t):
        raise SeatingError(_("{what}: a name is empty", what=what))
    return value


#: what a night of the history may hold: its tables and who sat out, and what ``seisan
#: seating --format json`` and the web app's API (``…/seating``) write beside them
NIGHT_FIELDS = frozenset({"tables", "sitting_out", "repeats", "wind_repeats", "cost",
                          "complete", "seed", "session", "number", "method",
                          "created"})  # fmt: skip


def _history(path: Path) -> History:
    """Earlier nights from a JSON file: a list of nights, each its tables (names in seat
    order, East first) or what ``seisan seating --format json`` wrote for it."""
    from seisan.games import read_json  # noqa: PLC0415
    from seisan.seating import History  # noqa: PLC0415 - not loaded for every command

    what = _("history {path}", path=path)
    data = read_json(path, _("seating history"))
    if not isinstance(data, list):
        raise SeatingError(_("{what}: give a list of nights", what=what))
    tables: list[list[str]] = []
    out_before: list[str] = []
    for night in data:
        if isinstance(night, dict):
            unknown = sorted(set(night) - NIGHT_FIELDS)
            if unknown or "tables" not in night:  # (“tabels” had been a night of no tables)
                raise SeatingError(_("{what}: a night is its tables and who sat out (tables, "
                                     "sitting_out), not {fields}", what=what,
                                     fields=unknown or "{}"))  # fmt: skip
            tables += _tables(night["tables"], what)
            out = night.get("sitting_out", [])
            if not isinstance(out, list) or not all(isinstance(n, str) for n in out):
                raise SeatingError(_("{what}: sitting_out is a list of names", what=what))
            out_before += out
        else:
            tables += _tables(night, what)
    return History.of(tables, out_before)


def _teams(path: Path) -> dict[str, str]:
    """Teams from a JSON file: each team's name and its members."""
    from seisan.games import read_json  # noqa: PLC0415

    what = _("teams {path}", path=path)
    data = read_json(path, _("teams"))
    if not isinstance(data, dict) or not all(
        isinstance(m, list) and all(isinstance(n, str) for n in m) for m in data.values()
    ):
        raise SeatingError(_("{what}: give each team's name and its members", what=what))
    teams: dict[str, str] = {}
    seen: set[str] = set()
    for team, members in data.items():
        for name in members:
            if name_key(name) in seen:  # (“f” and “F”: one person, as everywhere)
                raise SeatingError(_("{what}: {name} is in two teams", what=what, name=name))
            seen.add(name_key(name))
            teams[name] = team
    return teams


@app.command("seating", help=SEATING_HELP)
@reports_errors
def seating_command(
    players: Annotated[
        list[str], typer.Argument(help=N_("The players present (names, or comma-separated)."))
    ],
    size: Annotated[int, typer.Option(help=N_("Players at a table: 4 or 3."))] = 4,
    method: Annotated[Method, typer.Option(help=N_("How the tables are drawn."))] = (
        Method.SHUFFLED
    ),
    history: Annotated[
        Path | None, typer.Option(help=N_("Earlier nights' tables (.json), not to repeat."))
    ] = None,
    standings: Annotated[
        str | None, typer.Option(help=N_("The standings, first place first (comma-separated)."))
    ] = None,
    teams: Annotated[
        Path | None, typer.Option(help=N_("The teams (.json: each team and its members)."))
    ] = None,
    script: Annotated[
        Path | None, typer.Option(help=N_("Your own tables (.json: a list of tables)."))
    ] = None,
    three_player: Annotated[
        bool, typer.Option(help=N_("Seat everyone, some at three-player tables."))
    ] = False,
    seed: Annotated[int, typer.Option(help=N_("The same seed draws the same tables."))] = 0,
    time_limit: Annotated[
        float, typer.Option(help=N_("Seconds the search may take at most."))
    ] = 1.0,
    fmt: FormatOption = Format.TABLE,
    lang: LangOption = None,
) -> None:
    from seisan.games import read_json  # noqa: PLC0415

    present = _names(players, _("players"))
    if method in (Method.SWISS, Method.INTERVAL) and not standings:
        raise SeatingError(_("--method {method} needs --standings", method=method.value))
    if method is Method.TEAMS and teams is None:
        raise SeatingError(_("--method teams needs --teams"))
    if method is Method.SCRIPT and script is None:
        raise SeatingError(_("--method script needs --script"))
    for option, given, reads in (("--standings", standings, (Method.SWISS, Method.INTERVAL)),
                                 ("--teams", teams, (Method.TEAMS,)),
                                 ("--script", script, (Method.SCRIPT,))):  # fmt: skip
        if given is not None and method not in reads:
            raise SeatingError(_("{option} does nothing with “--method {method}”", option=option,
                                 method=method.value))  # fmt: skip
    here = {name_key(name) for name in present}
    ranked = _names([standings], "--standings") if standings is not None else []
    away = [name for name in ranked if name_key(name) not in here]
    if away:  # (the season's standings name everyone; a typo would be as quiet)
        err_line("seisan: " + _("in --standings but not among the players present: {names}",
                                names=away).text(lang))  # fmt: skip
    scripted = _tables(read_json(script, _("the script")),
                       _("script {path}", path=script)) if script else []  # fmt: skip
    if not time_limit > 0:  # (NaN is not)
        raise SeatingError(_("--time-limit must be more than 0 seconds"))
    from seisan.seating import seat  # noqa: PLC0415 - not loaded for every command

    seating = seat(
        present, size=size, method=method, history=_history(history) if history else None,
        standings=ranked, teams=_teams(teams) if teams else None,
        script=scripted, leftover=Leftover.THREES if three_player else Leftover.SIT_OUT,
        seed=seed, time_limit=time_limit,
    )  # fmt: skip
    data = {"tables": [list(t) for t in seating.tables], "sitting_out": list(seating.sitting_out),
            "repeats": seating.repeats, "wind_repeats": seating.wind_repeats,
            "cost": seating.cost, "complete": seating.complete, "seed": seed}  # fmt: skip
    winds = max((len(t) for t in seating.tables), default=4)
    rows = [[str(number), *t, *[""] * (winds - len(t))]
            for number, t in enumerate(seating.tables, start=1)]  # fmt: skip
    csv_rows: list[list[object]] = [
        [number, wind, ["E", "S", "W", "N"][wind], name]
        for number, t in enumerate(seating.tables, start=1)
        for wind, name in enumerate(t)
    ]
    notes = [_("repeated opponents: {count} · repeated winds: {winds}",
               count=seating.repeats, winds=seating.wind_repeats).text(lang)]  # fmt: skip
    if seating.sitting_out:
        notes.insert(0, _("sitting out: {names}", names=list(seating.sitting_out)).text(lang))
    if not seating.complete:
        notes.append(_("the time limit cut the search short: these are the best tables it "
                       "found").text(lang))  # fmt: skip
    headers = ["#", *(term(f"seat.{w}", lang) for w in range(winds))]
    emit(out, fmt, data=data, csv_text=dumps_csv(["table", "seat", "wind", "name"], csv_rows),
         sheet=table(_("Seating").text(lang), headers, rows), note=" · ".join(notes))  # fmt: skip


RATINGS_HELP = N_(
    "Ratings over game records and Tenhou logs, in the order of their file names (a "
    "Tenhou log's name starts with its date): openskill's Plackett-Luce (μ − 3σ) or "
    "Tenhou's R."
)


@app.command("ratings", help=RATINGS_HELP)
@reports_errors
def ratings_command(
    files: Annotated[list[Path], typer.Argument(help=N_("Game records, logs or folders."))],
    system: Annotated[System, typer.Option(help=N_("Which rating."))] = System.OPENSKILL,
    min_games: Annotated[
        int, typer.Option(min=0, help=N_("Leave out players with fewer games."))
    ] = 0,
    players: Annotated[
        int | None,
        typer.Option(min=3, max=4, help=N_("Rate games of 4 or of 3 players (default: most).")),
    ] = None,
    fmt: FormatOption = Format.TABLE,
    lang: LangOption = None,
) -> None:
    from seisan.cli_data import _plays  # noqa: PLC0415
    from seisan.ratings import ratings, table_size  # noqa: PLC0415

    plays = _plays(files, None, lang)
    games = [[(r.name, r.place) for r in p.settlement.results] for p in plays
             if p.settlement is not None]  # fmt: skip
    if system is System.OPENSKILL:
        try:
            import openskill  # noqa: F401, PLC0415
        except ImportError:
            raise SeatingError(
                _("the openskill rating needs its extra: pip install 'seisan[ratings]'")
            ) from None
    size = players or table_size(games)
    if not any(len(game) == size for game in games):  # (an empty table said nothing of why)
        fail(_n("--players {players}: none of the {count} game read has {players} players",
                "--players {players}: none of the {count} games read has {players} players",
                "count", players=size, count=len(games)))  # fmt: skip
    other = sum(1 for game in games if len(game) != size)
    if other:  # (a rating is of one table size: the others had gone without a word)
        err_line("seisan: " + _("games of {other} players left out: {count} (--players {other} "
                                "rates them)", count=other, other=7 - size).text(lang))  # fmt: skip
    every = ratings(games, system, size)
    rated = [r for r in every if r.games >= min_games]
    if every and not rated:  # (an empty table said nothing of why)
        most = max(r.games for r in every)
        err_line("seisan: " + _("nobody has played {count} games yet (the most: {most})",
                                count=min_games, most=most).text(lang))  # fmt: skip
    data = [{"name": r.name, "rating": pt_value(r.rating), "games": r.games,
             "history": [pt_value(v) for v in r.history]} for r in rated]  # fmt: skip
    rows = [[str(n), r.name, f"{float(r.rating):.2f}", str(r.games)]
            for n, r in enumerate(rated, start=1)]  # fmt: skip
    named = _("Tenhou's R") if system is System.TENHOU else "openskill"  # (a library's name)
    title = _("Ratings ({system}, {count} players)", system=named, count=size).text(lang)
    headers = ["#", term("name", lang), _("Rating").text(lang), term("played", lang)]
    emit(out, fmt, data=data,
         csv_text=dumps_csv(["name", "rating", "games"],
                            [[d["name"], d["rating"], d["games"]] for d in data]),
         sheet=table(title, headers, rows, right=(0, 2, 3)))  # fmt: skip
    plays.exit_if_any_failed()
