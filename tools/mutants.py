"""Per-module mutation scores from mutmut's results (``make mutants``).

mutmut (configured in pyproject.toml) mutates every module of the core and runs
the tests against each mutant; this prints, per module, how many mutants the
tests killed, and lists the survivors, which docs/testing.md either explains as
equivalent or a new test kills.

A run stopped before its end (a session's end, a machine restarted) keeps each result
mutmut wrote (end one with ``stop DIR``: killed as it writes, mutmut leaves its result
file empty): ``resume DIR [PATTERN ...]`` runs again only the mutants of ``DIR``
(``build/mutants-core-rules``…) with no result yet, or a timeout (a pause's), of
those matching the patterns (``seisan.sidebets.x_soto__mutmut_*``; every one
without).

``changed`` prints the patterns of the functions of the core changed since their
modules' fresh runs (:data:`FRESH_RUNS`), for a run by function (``resume``).

``python tools/mutants.py run optional`` does the same for the optional modules
(explain, stats, the bulk engine and its files, the Tenhou reader), with their own
tests (the bulk engine's included), in a fresh copy of the project under
``build/mutants-optional``: mutmut reads one configuration, so the copy carries
its own. ``run web`` mutates the web app's services (every number a page shows
comes through them) against the web app's tests, Django loaded, in
``build/mutants-web``. ``run core settlement`` mutates one module of the core in a
copy of its own (``build/mutants-core-settlement``); ``results core settlement``
prints its scores again.
"""

from __future__ import annotations

import contextlib
import fnmatch
import json
import os
import re
import shutil
import signal
import subprocess
import sys
import time
import tomllib
from collections import Counter, defaultdict
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
LINE = re.compile(r"^\s*seisan\.([\w.]+?)\.(x\S+)__mutmut_(\d+): (\w[\w ]*)$")


OPTIONAL = [
    "src/seisan/stats.py",
    "src/seisan/explain.py",
    "src/seisan/logs/tenhou.py",
    "src/seisan/logs/mjai.py",
    "src/seisan/logs/majsoul.py",
    "src/seisan/logs/__init__.py",
    "src/seisan/bulk/__init__.py",
    "src/seisan/bulk/io.py",
]
#: the optional modules' tests: the bulk engine's too, less Dask's cluster and the 20
#: presets × 100,000 games (minutes for every mutant that lives through the rest; the
#: comparisons per rounding, tie and deposit rule reach the same code in seconds)
OPTIONAL_TESTS = [
    "tests/", "--ignore=tests/web",
    "--deselect=tests/test_bulk_io.py::test_dask_on_two_workers_equals_one_process",
    "--deselect=tests/test_bulk.py::test_every_preset_on_100000_games",
]  # fmt: skip
#: the web app's services and their tests: the browser's, the served processes' and the
#: installed wheel's left out (they run the same services, slowly, in make test)
WEB = [
    "src/seisan/web/clubs/services.py",
    "src/seisan/web/clubs/entry.py",
    "src/seisan/web/clubs/money.py",
    "src/seisan/web/clubs/history.py",
    "src/seisan/web/clubs/standings.py",
    "src/seisan/web/events/services.py",
    "src/seisan/web/events/tournament.py",
    "src/seisan/web/tables/services.py",
    "src/seisan/web/tables/stats.py",
    "src/seisan/web/online/services.py",
]
WEB_TESTS = [
    "tests/web", "-m", "not browser and not serve and not installed",
    "--ignore=tests/web/test_api_load.py", "--ignore=tests/web/test_serve_load.py",
]  # fmt: skip
#: the core's modules and tests, as pyproject.toml configures ``make mutants``
_CORE = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["tool"]["mutmut"]
#: each set: its modules, its tests, and whether Django is loaded
SETS = {
    "core": (_CORE["source_paths"], _CORE["pytest_add_cli_args_test_selection"], False),
    "optional": (OPTIONAL, OPTIONAL_TESTS, False),
    "web": (WEB, WEB_TESTS, True),
}
MUTMUT = str(Path(sys.executable).parent / "mutmut")

#: the most memory mutmut and its tests may write to (bytes; ``SEISAN_MUTANTS_MEMORY``):
#: a mutant that makes a loop grow its list for ever (``transfers._zero_sum_groups_52``
#: took 11.7 GB of this 24 GB machine in 17 minutes on 2026-12-06) fails with a
#: MemoryError, killed, instead of taking the machine with it. Address space reserved
#: and never written (Numba's, Arrow's allocators) is not counted (RLIMIT_DATA).
MEMORY = int(os.environ.get("SEISAN_MUTANTS_MEMORY", str(6 << 30)))


#: how many mutants mutmut checks at once (``SEISAN_MUTANTS_CHILDREN``; mutmut's default,
#: every core, when unset): 1 leaves the other core to whoever shares the machine
CHILDREN = os.environ.get("SEISAN_MUTANTS_CHILDREN", "")


def _mutmut(args: list[str], where: Path) -> None:
    """``mutmut`` with ``args`` in ``where``, its memory bounded by :data:`MEMORY`, its
    children by :data:`CHILDREN`."""
    import resource  # noqa: PLC0415

    def bounded() -> None:
        resource.setrlimit(resource.RLIMIT_DATA, (MEMORY, MEMORY))

    if args[:1] == ["run"] and CHILDREN:
        args = ["run", "--max-children", CHILDREN, *args[1:]]
    subprocess.run([MUTMUT, *args], cwd=where, check=False, preexec_fn=bounded)


def toml_list(items: list[str]) -> str:
    return repr(items).replace("'", '"')


def set_copy(which: str, only: list[str] | None = None) -> Path:
    """A fresh copy of the project whose mutmut configuration names one set's modules
    (or ``only`` those of them) and its tests."""
    modules, tests, django = SETS[which]
    target = ROOT / "build" / ("-".join(["mutants", which, *(only or [])]))
    shutil.rmtree(target, ignore_errors=True)
    files = subprocess.run(["git", "ls-files"], capture_output=True, text=True, cwd=ROOT,
                           check=True).stdout.split()  # fmt: skip
    for name in files:
        (target / name).parent.mkdir(parents=True, exist_ok=True)
        shutil.copy2(ROOT / name, target / name)
    config = (target / "pyproject.toml").read_text(encoding="utf-8")
    chosen = [name for name in modules if only is None or any(part in name for part in only)]
    config = re.sub(r"source_paths = \[.*?\]", "source_paths = " + toml_list(chosen), config,
                    count=1, flags=re.S)  # fmt: skip
    selection = "pytest_add_cli_args_test_selection = " + toml_list(tests)
    config = re.sub(r"pytest_add_cli_args_test_selection = \[.*?\]", selection, config,
                    count=1, flags=re.S)  # fmt: skip
    if django:
        config = config.replace('"-p", "no:django", ', "", 1)
    (target / "pyproject.toml").write_text(config, encoding="utf-8")
    return target


def run(which: str, only: list[str] | None = None) -> dict[str, Counter[str]]:
    """Mutate ``core`` (in place, as configured), or a set of :data:`SETS` (in a copy),
    afresh; ``only`` some modules of a set (the core's too) in a copy of their own,
    ``build/mutants-SET-MODULE…``, so that each module's run keeps its results (the
    whole core takes hours: run it module by module, and write each score down as it
    ends)."""
    where = ROOT if which == "core" and only is None else set_copy(which, only)
    shutil.rmtree(where / "mutants", ignore_errors=True)
    _mutmut(["run"], where)
    return results(where)


def results(where: Path = ROOT) -> dict[str, Counter[str]]:
    out = subprocess.run(
        [MUTMUT, "results", "--all", "true"],
        capture_output=True, text=True, cwd=where, check=False,
    ).stdout  # fmt: skip
    scores: dict[str, Counter[str]] = defaultdict(Counter)
    survivors: dict[str, list[str]] = defaultdict(list)
    for line in out.splitlines():
        match = LINE.match(line)
        if match:
            module, function, number, status = match.groups()
            scores[module][status] += 1
            if status != "killed":
                survivors[module].append(f"{function}__mutmut_{number} ({status})")
    for module in sorted(scores):
        counts = scores[module]
        total = sum(counts.values())
        killed = counts["killed"]
        print(f"{module:12} {killed:5}/{total:<5} killed  {100 * killed / total:5.1f}%")
        for name in survivors[module]:
            print(f"    {name}")
    return scores


#: mutmut's exit codes of a mutant not checked to its end: none yet, interrupted, and its
#: timeouts (mutmut.stats.status_by_exit_code)
UNFINISHED = {None, 2, 36, -24, 24, 152, 255}


def pending(where: Path, patterns: list[str]) -> list[str]:
    """The mutants of ``where`` with no result yet, or a timeout, that match
    ``patterns`` (all when none is given)."""
    names = []
    for meta in sorted((where / "mutants").rglob("*.meta")):
        for name, code in json.loads(meta.read_text(encoding="utf-8"))["exit_code_by_key"].items():
            chosen = not patterns or any(fnmatch.fnmatchcase(name, p) for p in patterns)
            if chosen and code in UNFINISHED:
                names.append(name)
    return names


def _written(meta: Path) -> bool:
    """Whether a result file holds its whole JSON (mutmut rewrites it after each
    mutant: a process stopped or killed between opening and writing leaves it empty)."""
    try:
        json.loads(meta.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return False
    return True


def restore(where: Path) -> list[Path]:
    """Put back each result file found cut short from the copy :func:`stop` kept."""
    mended = []
    for meta in sorted((where / "mutants").rglob("*.meta")):
        kept = meta.with_name(meta.name + ".kept")
        if not _written(meta) and kept.exists() and _written(kept):
            shutil.copy2(kept, meta)
            mended.append(meta)
    return mended


def stop(where: Path) -> None:
    """End a run without losing its results: every mutmut process frozen (SIGSTOP)
    at a moment its result files are whole, a copy of each kept beside it, then
    killed while frozen (it writes nothing more). Killing a running mutmut had cut
    ``rules.py.meta`` to 0 bytes: 1,518 results lost (2026-12-06). Only the run in
    ``where`` (its processes' working folder inside it): another run on the machine, a
    helper's in its own clone, had been ended with it (helper-83)."""
    inside = where.resolve()

    def running() -> set[int]:
        found = subprocess.run(["pgrep", "-f", "mutmut"], capture_output=True, text=True,
                               check=False).stdout.split()  # fmt: skip
        return {int(pid) for pid in found if _works_in(int(pid), inside)} - {os.getpid()}

    pids: set[int] = set()
    metas = sorted((where / "mutants").rglob("*.meta"))
    for _attempt in range(200):
        while new := running() - pids:  # (one may fork while the others are frozen)
            pids |= new
            for pid in new:
                with contextlib.suppress(ProcessLookupError):
                    os.kill(pid, signal.SIGSTOP)
        if all(_written(meta) for meta in metas):
            break
        for pid in pids:  # caught writing: let it finish
            with contextlib.suppress(ProcessLookupError):
                os.kill(pid, signal.SIGCONT)
        time.sleep(0.05)
    for meta in metas:
        if _written(meta):
            shutil.copy2(meta, meta.with_name(meta.name + ".kept"))
    for pid in pids:
        with contextlib.suppress(ProcessLookupError):
            os.kill(pid, signal.SIGKILL)
    for pid in running():  # forked before its parent froze, and not seen till now
        with contextlib.suppress(ProcessLookupError):
            os.kill(pid, signal.SIGKILL)
    print(f"{len(pids)} mutmut processes ended; {len(metas)} result files kept")


def _works_in(pid: int, folder: Path) -> bool:
    """Whether process ``pid`` works in ``folder`` or below it (gone: no)."""
    try:
        cwd = Path(os.readlink(f"/proc/{pid}/cwd"))
    except OSError:
        return False
    return cwd == folder or folder in cwd.parents


def resume(where: Path, patterns: list[str]) -> None:
    for meta in restore(where):
        print(f"{meta} was cut short: put back from its kept copy")
    for meta in (where / "mutants").rglob("*.meta"):  # what a kill would otherwise cost
        shutil.copy2(meta, meta.with_name(meta.name + ".kept"))
    names = pending(where, patterns)
    print(f"{len(names)} mutants to run in {where}")
    if names:
        _mutmut(["run", *names], where)


#: each core module's latest run from nothing (docs/testing.md, "Where every module
#: stands"): the functions changed since are what a run by function takes up
#: (the six after ``games`` added 2026-12-07, evening: until then ``changed`` had not
#: looked at them, and 44 of their functions had changed since their runs; ``rules``'
#: run of 9bfd8a9 checked 1,757 of its 2,349 mutants)
FRESH_RUNS = {"settlement": "6bc490d", "sidebets": "4da9ce8", "ledger": "06a23d6",
              "transfers": "d79d930", "games": "d01a3e6", "session": "c09f243",
              "hands": "6142c21", "pt": "a274c2b", "uma": "6fd7673", "rounding": "614a75d",
              "rules": "9bfd8a9"}  # fmt: skip


def _mutated(node: object) -> bool:
    """Whether mutmut makes mutants of a function: not of a decorated one (a property's
    getter among them), but of a ``staticmethod`` or ``classmethod``."""
    import ast  # noqa: PLC0415

    assert isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef)
    decorators = node.decorator_list
    if not decorators:
        return True
    (only, *more) = decorators
    return not more and isinstance(only, ast.Name) and only.id in ("staticmethod", "classmethod")


def functions(source: str) -> dict[str, str]:
    """Each function of a module that mutmut mutates, as it names it (``x_name``,
    ``xǁClassǁname``), with its syntax tree (comments and layout aside)."""
    import ast  # noqa: PLC0415

    found = {}
    for node in ast.parse(source).body:
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef) and _mutated(node):
            found[f"x_{node.name}"] = ast.dump(node)
        elif isinstance(node, ast.ClassDef):
            for sub in node.body:
                if isinstance(sub, ast.FunctionDef | ast.AsyncFunctionDef) and _mutated(sub):
                    found[f"xǁ{node.name}ǁ{sub.name}"] = ast.dump(sub)
    return found


#: each function run by function since its module's fresh run, with the commit of the
#: code it ran on (docs/testing.md names each session's): one unchanged since that
#: commit is not printed by ``changed`` again
FUNCTION_RUNS: dict[str, str] = {
    # the thirty-second and thirty-third sessions' (2026-12-06), on deecc3b's code or
    # later: each function unchanged from deecc3b to 1b2a813
    **dict.fromkeys(
        [f"seisan.games.{name}" for name in (
            "x__value", "x__in_field", "x__list", "x__win", "x_read_json", "x_json_data",
            "xǁ_TwiceErrorǁ__init__", "x__once")]
        + [f"seisan.sidebets.{name}" for name in (
            "xǁTableǁ__init__", "x__standing", "x__loser_to_winner", "x__paid",
            "x_exact_transfers", "x_bet_field", "x__spectators_bet", "x__count")]
        + [f"seisan.ledger.{name}" for name in (
            "x_rounded_money", "x_game_result", "xǁAccountsǁtransfers",
            "xǁAccountsǁ_pool_apart", "xǁGameResultǁjansou", "xǁGameResultǁpooled",
            "xǁGameResultǁjson_row", "xǁGameResultǁjansou_units", "xǁGameResultǁlost_money")]
        + [f"seisan.transfers.{name}" for name in ("x_is_house", "x_with_first",
                                                    "x__zero_sum_groups")],
        "1b2a813",
    ),
    # helper-81 (2026-12-07), on 159e020's code: every mutant of check_claims killed
    # (three by the test written after); Accounts.pooled has none (``frozenset()``)
    "seisan.games.xǁGamePlayǁcheck_claims": "159e020",
    "seisan.ledger.xǁAccountsǁpooled": "159e020",
    # helper-83 (2026-12-07), on 78eb397's code: every survivor killed by a test written
    # after (the field a refusal names) or equivalent
    **dict.fromkeys([f"seisan.sidebets.{name}" for name in (
        "x_find_player", "x__pair", "x_links", "x_bets_from_dict", "x__yakitori")], "78eb397"),
    # helper-86 (2026-12-07), on 9e7723a's code: every survivor and timeout killed by a
    # test written after (the field a refusal names) or equivalent (_amount_1; _penalise's
    # zip strictness; PointsTotalError.__init__'s ``<=``); check_names' mutants each killed
    # by the test written after, applied by hand; _pair again (changed since 78eb397);
    # _tobi (_108 equivalent) and soto (_115 equivalent)
    **dict.fromkeys([f"seisan.sidebets.{name}" for name in (
        "x__check_seat", "x__amount", "x__check_pair", "x__chips", "x__pair", "x__tobi",
        "x_soto")]
        + [f"seisan.settlement.{name}" for name in (
            "x__refuse_points", "xǁPointsTotalErrorǁ__init__", "xǁPointsTotalErrorǁgiven_with",
            "x_check_names", "x__check_substitute", "x__penalise")], "9e7723a"),
    # helper-90 (2026-12-07, evening), on 8ad18dd's code: every mutant killed (twelve of
    # record_from_dict's by the test written after: a refusal's field, the hands counted)
    **dict.fromkeys(
        [f"seisan.settlement.{name}" for name in ("x_places", "x__places", "x__refuse_points")]
        + ["seisan.sidebets.x__chips", "seisan.sidebets.x_side_bets", "seisan.transfers.x_is_house"]
        + [f"seisan.games.{name}" for name in (
            "xǁ_Joinedǁtext", "x__int", "x_load_record", "x__hand", "x__seat",
            "x_record_from_dict", "x_substitute_from")], "8ad18dd"),
    # the lead, resuming helper-90's games copy (2026-12-07, late evening): penalties_from's
    # 202 not run, each killed (213 / 213); _result 138 / 138, _draw 147 / 147,
    # _play_hand 146 / 146, _advance 202 / 202
    **dict.fromkeys([f"seisan.games.{name}" for name in (
        "x_penalties_from", "x__result", "x__draw", "x__play_hand", "x__advance")], "8ad18dd"),
}  # fmt: skip


def _ran(runs: dict[str, str]) -> dict[str, set[str]]:
    """Per commit, the functions :data:`FUNCTION_RUNS` ran on it."""
    by_commit: dict[str, set[str]] = defaultdict(set)
    for name, commit in runs.items():
        by_commit[commit].add(name)
    return by_commit


def _source(commit: str, module: str) -> str:
    return subprocess.run(["git", "show", f"{commit}:src/seisan/{module}.py"], cwd=ROOT,
                          capture_output=True, text=True, check=True).stdout  # fmt: skip


def changed(
    runs: dict[str, str] = FRESH_RUNS, by_function: dict[str, str] | None = None
) -> list[str]:
    """Patterns of the mutants of every function new or changed since its module's run
    (``seisan.ledger.xǁGameResultǁflows__mutmut_*``), for ``mutmut run`` or ``resume``;
    a function run by function (:data:`FUNCTION_RUNS`, or ``by_function``) and unchanged
    since is left out."""
    by_function = FUNCTION_RUNS if by_function is None else by_function
    patterns = []
    for module, commit in runs.items():
        before = functions(_source(commit, module))
        now = functions((ROOT / "src" / "seisan" / f"{module}.py").read_text(encoding="utf-8"))
        since = {name: tree for name, tree in now.items() if before.get(name) != tree}
        for ran, names in _ran(by_function).items():
            chosen = {name.split(".", 2)[2] for name in names
                      if name.startswith(f"seisan.{module}.")}  # fmt: skip
            if chosen & since.keys():
                then = functions(_source(ran, module))
                for name in chosen:
                    if name in since and then.get(name) == since[name]:
                        del since[name]
        patterns += [f"seisan.{module}.{name}__mutmut_*" for name in since]
    return patterns


if __name__ == "__main__":
    if sys.argv[1:2] in (["-h"], ["--help"]):
        print(__doc__)
        sys.exit(0)
    if sys.argv[1:2] != ["changed"] and not Path(MUTMUT).exists():
        sys.exit(f"mutmut is not installed beside {sys.executable}: run this with the "
                 "project's .venv/bin/python (make .venv/.installed)")  # fmt: skip
    if sys.argv[1:2] == ["run"]:
        # run [SET [MODULE ...]]: every set, one set, or some modules of one set
        sets, only = (sys.argv[2:3], sys.argv[3:] or None) if sys.argv[2:] else (
            ["core", *SETS], None)  # fmt: skip
        for chosen in sets:
            print(f"== {chosen}")
            run(chosen, only)
    elif sys.argv[1:2] == ["stop"]:
        # stop DIR: end the run without cutting its result files short
        stop(Path(sys.argv[2]).resolve())
    elif sys.argv[1:2] == ["resume"]:
        # resume DIR [PATTERN ...]: what a stopped run left
        resume(Path(sys.argv[2]).resolve(), sys.argv[3:])
    elif sys.argv[1:2] == ["changed"]:
        # changed: the functions of the core changed since their modules' fresh runs
        print("\n".join(changed()))
    elif sys.argv[1:2] == ["results"]:
        # results [SET [MODULE ...]]: as ``run`` named them
        results(ROOT / "build" / "-".join(["mutants", *sys.argv[2:]]) if sys.argv[2:] else ROOT)
    else:
        results()
