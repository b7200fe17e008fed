"""Refresh the output under every ``$ seisan ...`` line of README.md's console blocks.

Run ``.venv/bin/python tools/update_readme.py`` after changing what a command
prints; ``tests/test_readme.py`` fails while the README and the real output differ.
"""

from __future__ import annotations

import re
import shlex
import sys
from pathlib import Path

from typer.testing import CliRunner

from seisan.cli import app

README = Path(__file__).resolve().parents[1] / "README.md"
BLOCK = re.compile(r"```console\n(.*?)```", re.S)
ENV = {"COLUMNS": "100", "LANG": "C", "LC_ALL": "", "LC_MESSAGES": ""}


def run(command: str) -> str:
    """What ``seisan ARGS`` prints (stdout, or stderr when it fails)."""
    args = shlex.split(command)[1:]
    result = CliRunner().invoke(app, args, env=ENV)
    text = result.output if result.exit_code == 0 else result.stderr
    return "\n".join(line.rstrip() for line in text.rstrip("\n").split("\n"))


def commands(block: str) -> list[tuple[str, str]]:
    """The ``(command, shown output)`` pairs of one console block."""
    pairs: list[tuple[str, str]] = []
    for line in block.rstrip("\n").split("\n"):
        if line.startswith("$ "):
            pairs.append((line[2:], ""))
        elif pairs:
            command, shown = pairs[-1]
            pairs[-1] = (command, f"{shown}\n{line}" if shown else line)
    return pairs


def refreshed(text: str) -> str:
    def fill(match: re.Match[str]) -> str:
        parts = [f"$ {c}\n{run(c)}\n" for c, _ in commands(match[1])]
        return "```console\n" + "".join(parts) + "```"

    return BLOCK.sub(fill, text)


if __name__ == "__main__":
    new = refreshed(README.read_text(encoding="utf-8"))
    README.write_text(new, encoding="utf-8")
    sys.stdout.write("README.md refreshed\n")
