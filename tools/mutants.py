"""Per-module mutation scores from mutmut's results (``make mutants``).

mutmut (configured in pyproject.toml) mutates every module of the core and runs
the tests against each mutant; this prints, per module, how many mutants the
tests killed, and lists the survivors, which docs/testing.md either explains as
equivalent or a new test kills.

``python tools/mutants.py run optional`` does the same for the optional modules
(explain, stats, the bulk engine and its files, the Tenhou reader), with their own
tests (the bulk engine's included), in a fresh copy of the project under
``build/mutants-optional``: mutmut reads one configuration, so the copy carries
its own.
"""

from __future__ import annotations

import re
import shutil
import subprocess
import sys
from collections import Counter, defaultdict
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
LINE = re.compile(r"^\s*seisan\.([\w.]+?)\.(x\S+)__mutmut_(\d+): (\w[\w ]*)$")


OPTIONAL = [
    "src/seisan/stats.py",
    "src/seisan/explain.py",
    "src/seisan/logs/tenhou.py",
    "src/seisan/bulk/__init__.py",
    "src/seisan/bulk/io.py",
]
#: the optional modules' tests: the bulk engine's too (slow), Dask's cluster left out
OPTIONAL_TESTS = [
    "tests/", "--ignore=tests/web",
    "--deselect=tests/test_bulk_io.py::test_dask_on_two_workers_equals_one_process",
]  # fmt: skip
MUTMUT = str(Path(sys.executable).parent / "mutmut")


def optional_copy() -> Path:
    """A fresh copy of the project whose mutmut configuration names the optional
    modules and their tests."""
    target = ROOT / "build" / "mutants-optional"
    shutil.rmtree(target, ignore_errors=True)
    files = subprocess.run(["git", "ls-files"], capture_output=True, text=True, cwd=ROOT,
                           check=True).stdout.split()  # fmt: skip
    for name in files:
        (target / name).parent.mkdir(parents=True, exist_ok=True)
        shutil.copy2(ROOT / name, target / name)
    config = (target / "pyproject.toml").read_text(encoding="utf-8")
    config = re.sub(r"source_paths = \[.*?\]", "source_paths = " + repr(OPTIONAL).replace("'", '"'),
                    config, count=1, flags=re.S)  # fmt: skip
    selection = "pytest_add_cli_args_test_selection = " + repr(OPTIONAL_TESTS).replace("'", '"')
    config = re.sub(r"pytest_add_cli_args_test_selection = \[.*?\]", selection, config,
                    count=1, flags=re.S)  # fmt: skip
    (target / "pyproject.toml").write_text(config, encoding="utf-8")
    return target


def run(which: str) -> dict[str, Counter[str]]:
    """Mutate ``core`` (in place, as configured) or ``optional`` (in a copy) afresh."""
    where = ROOT if which == "core" else optional_copy()
    shutil.rmtree(where / "mutants", ignore_errors=True)
    subprocess.run([MUTMUT, "run"], cwd=where, check=False)
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


if __name__ == "__main__":
    if sys.argv[1:2] == ["run"]:
        for chosen in sys.argv[2:] or ["core", "optional"]:
            print(f"== {chosen}")
            run(chosen)
    else:
        results()
