"""The README's console examples are the commands' real output."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tools"))

import update_readme

BLOCKS = [
    pair
    for block in update_readme.BLOCK.findall(update_readme.README.read_text(encoding="utf-8"))
    for pair in update_readme.commands(block)
]


def test_readme_has_examples() -> None:
    assert len(BLOCKS) >= 5


@pytest.mark.parametrize(("command", "shown"), BLOCKS, ids=[c for c, _ in BLOCKS])
def test_readme_output_is_real(command: str, shown: str) -> None:
    assert update_readme.run(command) == shown.rstrip("\n"), (
        "README.md is out of date: run .venv/bin/python tools/update_readme.py"
    )
