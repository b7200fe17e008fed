"""What ``seisan settle`` imports (issue 20): its start is what a user waits for on every
command, so nothing it does not use is loaded. The time itself is ``make bench``'s."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

SETTLE = ["settle", "42600", "31000", "16400", "10000", "-r", "mleague"]

RUN = """
import json, sys
sys.argv = ["seisan", *json.loads(sys.argv[1])]
from seisan.cli import main
try:
    main()
except SystemExit:
    pass
# the catalogues read: gettext's own cache, by file (…/ja/LC_MESSAGES/seisan.mo)
gettext = sys.modules.get("gettext")
paths = [key[-1] if isinstance(key, tuple) else key
         for key in (gettext._translations if gettext else {})]
read = sorted(path.split("/")[-3] for path in paths)
sys.stderr.write("\\n" + json.dumps({"modules": sorted(sys.modules), "catalogues": read}))
"""

LIBRARIES = {"typer", "rich", "shellingham", "annotated_doc", "seisan", "_distutils_hack"}
"""Typer (and what it imports), Rich, and setuptools' hook that some venvs load at start."""

CORE = {
    "seisan", "seisan.cli", "seisan.cli_data", "seisan.cli_events", "seisan.errors",
    "seisan.explain", "seisan.i18n", "seisan.ledger", "seisan.output", "seisan.presets",
    "seisan.pt", "seisan.rounding", "seisan.rules", "seisan.settlement", "seisan.sidebets",
    "seisan.transfers", "seisan.uma",
    # the option enums of `seisan seating` and `seisan rating` (Typer reads every
    # command's options when it starts), not the search or the ratings
    "seisan.choices",
}  # fmt: skip
"""The seisan modules a settlement needs; not the hands, game records, logs or bulk."""


def _run(*args: str) -> dict[str, list[str]]:
    """The modules a command imported and the languages whose catalogues it read."""
    done = subprocess.run([sys.executable, "-c", RUN, json.dumps(args)], capture_output=True,
                          text=True, check=True)  # fmt: skip
    return json.loads(done.stderr.rsplit("\n", 1)[1])


def _modules(*args: str) -> list[str]:
    return _run(*args)["modules"]


@pytest.mark.parametrize("fmt", ["table", "json"])
def test_settle_imports_only_the_standard_library_typer_and_the_core(fmt: str) -> None:
    modules = _modules(*SETTLE, "-f", fmt)
    outside = sorted({m.split(".")[0] for m in modules} - set(sys.stdlib_module_names)
                     - LIBRARIES - {"__main__"})  # fmt: skip
    assert outside == []
    assert sorted(m for m in modules if m.startswith("seisan") and m not in CORE) == []
    assert "click" not in modules  # Typer's own copy only (typer._click)
    # a table is drawn by Rich; JSON loads none of it (help's layout measured widths
    # with Rich's cells on every run, 2 ms)
    assert ("rich.console" in modules) is (fmt == "table")
    assert any(m.startswith("rich") for m in modules) is (fmt == "table")


def test_a_penalty_loads_the_game_records_reader() -> None:
    """The records' reader comes in only when a penalty or substitute asks for it."""
    assert "seisan.games" not in _modules(*SETTLE, "-f", "json")
    assert "seisan.games" in _modules(*SETTLE, "-f", "json", "--penalty", "Dae:-10")


@pytest.mark.parametrize(("lang", "read"), [("en", []), ("ja", ["ja"]), ("ko", ["ko"])])
def test_settle_reads_the_catalogue_of_its_language_alone(lang: str, read: list[str]) -> None:
    """A settlement reads its reader's catalogue and no other: the house's word in
    every language (a name checked against 店 and 가게) had read the Japanese and
    Korean ones on every start, ~15 ms (a tenth of the command's)."""
    assert _run(*SETTLE, "-f", "json", "--lang", lang)["catalogues"] == read
