"""Per-module mutation scores from mutmut's results (``make mutants``).

mutmut (configured in pyproject.toml) mutates every module of the core and runs
the tests against each mutant; this prints, per module, how many mutants the
tests killed, and lists the survivors, which docs/testing.md either explains as
equivalent or a new test kills.
"""

from __future__ import annotations

import re
import subprocess
import sys
from collections import Counter, defaultdict
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
LINE = re.compile(r"^\s*seisan\.(\w+)\.(\S+)__mutmut_(\d+): (\w[\w ]*)$")


def results() -> dict[str, Counter[str]]:
    out = subprocess.run(
        [str(Path(sys.executable).parent / "mutmut"), "results", "--all", "true"],
        capture_output=True, text=True, cwd=ROOT, check=False,
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
    results()
